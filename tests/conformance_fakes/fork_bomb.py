"""On a request about the trigger dice, forks as fast as it can, each child sleeping a while,
up to 1,000 children: a fork refused (the kernel's process limit) is tried again."""

import os
import time

from _fake import Fake, run, triggered

CAP = 1000


def bomb(line: bytes) -> None:
    if not triggered(line):
        return
    children = 0
    deadline = time.monotonic() + 30
    while children < CAP and time.monotonic() < deadline:
        try:
            pid = os.fork()
        except BlockingIOError:
            time.sleep(0.001)
            continue
        if pid == 0:
            time.sleep(60)
            os._exit(0)
        children += 1
    time.sleep(3600)


if __name__ == "__main__":
    run(Fake(bomb))
