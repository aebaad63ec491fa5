"""Starts two processes when it starts (one in a process group of its own, neither holding its
stdout), reads hello and never answers it, nor anything else."""

import sys
import time

from _fake import background

if __name__ == "__main__":
    background(holds_stdout=False)
    background(holds_stdout=False, own_group=True)
    sys.stdin.buffer.readline()
    time.sleep(3600)
