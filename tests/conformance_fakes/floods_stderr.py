"""Answers every request right, but writes 8 KB to stderr for each."""

import os

from _fake import Fake, run

NOISE = b"debug: " + b"." * 8000 + b"\n"


def noise(line: bytes) -> None:
    os.write(2, NOISE)


if __name__ == "__main__":
    run(Fake(noise))
