"""Answers a request about the trigger dice with one line of a gigabyte (written 64 KiB at a
time: the fake itself stays small), then goes on answering."""

import os

from _fake import Fake, run, triggered

CHUNK = b"6" * (1 << 16)


def flood(line: bytes) -> bytes | None:
    if not triggered(line):
        return None
    for _ in range((1 << 30) // len(CHUNK)):
        os.write(1, CHUNK)
    return b"\n"


if __name__ == "__main__":
    run(Fake(flood))
