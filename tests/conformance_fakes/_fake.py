"""What the fakes share: the reference adapter, with one hook to break it on purpose.

Each fake in this folder is a script (``python tests/conformance_fakes/hangs.py``) that serves
the reference engines over the protocol but misbehaves in one way, most of them only on the
requests that show the dice :data:`TRIGGER`, so that a test knows exactly which cases the
misbehaviour touches.

The hostile ones (they start processes, flood, fork, allocate) take a test's token as their
last argument and give it to every process they start, so that a test finds in ``/proc`` any
that outlived the run; each of those ends by itself after a while, and each loop stops at a
cap, so that a broken containment fails its test without hurting the machine.

One is in plain Java, for a runtime that reserves more memory than it holds:
``jvm_holds_memory.java``, which a test compiles with javac (``fakes.java_fake``).
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable

from dicespec.conformance.serving.adapter import Server, reference_games, serve
from dicespec.implementation import Implementation, ReferenceImplementation

TRIGGER = "66666"


def triggered(line: bytes) -> bool:
    """Does this request line ask about the trigger dice?"""
    return f'"dice":"{TRIGGER}"'.encode() in line


class Fake(Server):
    """The reference adapter; ``misbehave(line)`` answers a request line its own way (bytes
    to write, or ``None`` for the usual reply)."""

    def __init__(
        self,
        misbehave: Callable[[bytes], bytes | None] | None = None,
        implementation: Implementation | None = None,
        plays_documents: bool = False,
    ) -> None:
        super().__init__(
            implementation or ReferenceImplementation(), games=reference_games(), plays_documents=plays_documents
        )
        self.misbehave = misbehave

    def reply_line(self, line: bytes) -> bytes:
        if self.misbehave is not None:
            reply = self.misbehave(line)
            if reply is not None:
                return reply
        return super().reply_line(line)


def run(server: Server) -> None:
    sys.exit(serve(server))


def background(*, own_group: bool = False, holds_stdout: bool = True, seconds: int = 60) -> subprocess.Popen[bytes]:
    """A process that sleeps ``seconds``, with this fake's arguments (a test's token) in its
    command line; in a process group of its own if ``own_group``; holding this fake's stdout
    open if ``holds_stdout``."""
    return subprocess.Popen(
        [sys.executable, "-c", f"import time; time.sleep({seconds})", *sys.argv[1:]],
        stdin=subprocess.DEVNULL,
        stdout=None if holds_stdout else subprocess.DEVNULL,
        process_group=0 if own_group else None,
    )


def peak_memory() -> str:
    """This process's peak address space and resident memory (Linux), as one line."""
    with open("/proc/self/status", encoding="ascii") as status:
        found = dict(line.split(":", 1) for line in status if line.startswith(("VmPeak", "VmHWM")))
    return f"VmPeak {found['VmPeak'].split()[0]} kB, VmHWM {found['VmHWM'].split()[0]} kB"
