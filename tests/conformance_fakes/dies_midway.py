"""Answers its first 1,000 requests (hello included), then exits: every process it is
restarted as dies the same way."""

import os

from _fake import Fake, run

answered = 0


def count(line: bytes) -> None:
    global answered
    answered += 1
    if answered > 1000:
        os._exit(0)


if __name__ == "__main__":
    run(Fake(count))
