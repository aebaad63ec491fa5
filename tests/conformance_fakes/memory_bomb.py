"""On a request about the trigger dice, fills memory 32 MiB at a time, up to 2 GiB: when an
allocation fails it says how far it got on stderr and crashes; if none fails, it answers as if
nothing happened."""

from _fake import Fake, peak_memory, run, triggered

BLOCK = 32 << 20
CAP = 2 << 30


def bomb(line: bytes) -> None:
    if triggered(line):
        blocks = []
        try:
            while len(blocks) * BLOCK < CAP:
                blocks.append(b"6" * BLOCK)  # written, so resident too
        except MemoryError:
            blocks.clear()
            raise MemoryError(f"after {len(blocks)} blocks; peak: {peak_memory()}") from None
        finally:
            blocks.clear()


if __name__ == "__main__":
    run(Fake(bomb))
