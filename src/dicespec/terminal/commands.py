"""What the terminal games share: reading one typed command."""

from __future__ import annotations

from collections.abc import Callable

QUIT = ("quit", "exit")


def read_command(read: Callable[[str], str]) -> tuple[str, list[str]] | None:
    """The next command typed at the ``> `` prompt, as its verb and its other words
    (``("", [])`` for an empty line); ``None`` when the input has ended."""
    try:
        line = read("> ")
    except EOFError:
        return None
    verb, *words = line.split() or [""]
    return verb, words
