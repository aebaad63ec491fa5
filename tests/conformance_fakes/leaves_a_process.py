"""On a request about the trigger dice, starts two processes that hold its stdout, one of them in
a process group of its own, and dies without a reply, saying on stderr when (``died at`` its
``time.monotonic()``, the machine's clock): the reply never comes, and the pipe stays open after
it."""

import os
import sys
import time

from _fake import Fake, background, run, triggered


def leave(line: bytes) -> None:
    if triggered(line):
        background()
        background(own_group=True)
        sys.stderr.write(f"died at {time.monotonic()}\n")
        sys.stderr.flush()
        os._exit(0)


if __name__ == "__main__":
    run(Fake(leave))
