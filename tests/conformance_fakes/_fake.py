"""What the fakes share: the reference adapter, with one hook to break it on purpose.

Each fake in this folder is a script (``python tests/conformance_fakes/hangs.py``) that serves
the reference engines over the protocol but misbehaves in one way, most of them only on the
requests that show the dice :data:`TRIGGER`, so that a test knows exactly which cases the
misbehaviour touches.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from dicespec.conformance.adapter import Server, reference_games, serve
from dicespec.implementation import Implementation, ReferenceImplementation

TRIGGER = "66666"


def triggered(line: bytes) -> bool:
    """Does this request line ask about the trigger dice?"""
    return f'"dice":"{TRIGGER}"'.encode() in line


class Fake(Server):
    """The reference adapter; ``misbehave(line)`` answers a request line its own way (bytes
    to write, or ``None`` for the usual reply)."""

    def __init__(self, misbehave: Callable[[bytes], bytes | None] | None = None,
                 implementation: Implementation | None = None) -> None:
        super().__init__(implementation or ReferenceImplementation(), games=reference_games())
        self.misbehave = misbehave

    def reply_line(self, line: bytes) -> bytes:
        if self.misbehave is not None:
            reply = self.misbehave(line)
            if reply is not None:
                return reply
        return super().reply_line(line)


def run(server: Server) -> None:
    sys.exit(serve(server))
