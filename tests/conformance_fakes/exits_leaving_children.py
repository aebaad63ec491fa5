"""Starts two processes when it starts (one in a process group of its own), answers every
request, and exits at the end of its input as it should, leaving them behind."""

from _fake import Fake, background, run

if __name__ == "__main__":
    background(holds_stdout=False)
    background(holds_stdout=False, own_group=True)
    run(Fake())
