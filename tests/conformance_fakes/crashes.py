"""Crashes (exit status 3, a message on stderr) on a request about the trigger dice."""

import os
import sys

from _fake import Fake, run, triggered


def crash(line: bytes) -> None:
    if triggered(line):
        print("fatal: five sixes", file=sys.stderr, flush=True)
        os._exit(3)


if __name__ == "__main__":
    run(Fake(crash))
