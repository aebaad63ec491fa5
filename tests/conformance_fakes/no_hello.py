"""Reads its requests but never answers anything, hello included."""

import sys
import time

if __name__ == "__main__":
    sys.stdin.buffer.readline()
    time.sleep(3600)
