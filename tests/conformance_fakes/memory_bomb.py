"""On a request about the trigger dice, fills memory 32 MiB at a time, up to 1 GiB, and holds it
without answering until it is stopped (at most a minute; then it answers as if nothing happened).
Should an allocation fail first (under a limit on address space), it says how far it got on
stderr and crashes."""

import time

from _fake import Fake, peak_memory, run, triggered

BLOCK = 32 << 20
CAP = 1 << 30


def bomb(line: bytes) -> None:
    if triggered(line):
        blocks = []
        try:
            while len(blocks) * BLOCK < CAP:
                blocks.append(b"6" * BLOCK)  # written, so resident too
            time.sleep(60)
        except MemoryError:
            count = len(blocks)
            blocks.clear()
            raise MemoryError(f"after {count} blocks; peak: {peak_memory()}") from None
        finally:
            blocks.clear()


if __name__ == "__main__":
    run(Fake(bomb))
