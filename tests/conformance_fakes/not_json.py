"""Answers a request about the trigger dice with a line that is not JSON."""

from _fake import Fake, run, triggered

if __name__ == "__main__":
    run(Fake(lambda line: b"66666? no idea\n" if triggered(line) else None))
