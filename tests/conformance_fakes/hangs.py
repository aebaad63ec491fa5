"""Never answers a request about the trigger dice: it hangs there."""

import time

from _fake import Fake, run, triggered


def hang(line: bytes) -> None:
    if triggered(line):
        time.sleep(3600)


if __name__ == "__main__":
    run(Fake(hang))
