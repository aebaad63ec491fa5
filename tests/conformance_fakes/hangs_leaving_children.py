"""Starts two processes when it starts (one in a process group of its own, neither holding its
stdout) and never answers a request about the trigger dice: it hangs there."""

import time

from _fake import Fake, background, run, triggered


def hang(line: bytes) -> None:
    if triggered(line):
        time.sleep(3600)


if __name__ == "__main__":
    background(holds_stdout=False)
    background(holds_stdout=False, own_group=True)
    run(Fake(hang))
