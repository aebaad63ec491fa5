"""Answers a request about the trigger dice with 4 MB of output and no end of line."""

import os
import time

from _fake import Fake, run, triggered


def flood(line: bytes) -> None:
    if triggered(line):
        chunk = b"6" * (1 << 16)
        for _ in range(64):
            os.write(1, chunk)
        time.sleep(3600)


if __name__ == "__main__":
    run(Fake(flood))
