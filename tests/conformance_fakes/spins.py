"""Spins on a request about the trigger dice, using CPU time until it is stopped (at most a
minute)."""

import time

from _fake import Fake, run, triggered


def spin(line: bytes) -> None:
    if triggered(line):
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            pass


if __name__ == "__main__":
    run(Fake(spin))
