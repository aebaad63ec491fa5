"""What the terminal games share: reading one typed command, a person's or the computer's."""

from __future__ import annotations

import time
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


def next_command(
    read: Callable[[str], str],
    write: Callable[[str], None],
    computer: Callable[[], str] | None = None,
    pause: float = 0.0,
) -> tuple[str, list[str]] | None:
    """The next command: typed by the person (:func:`read_command`), or, where ``computer`` is
    given, the command it chooses, after ``pause`` seconds, written out as if typed."""
    if computer is None:
        return read_command(read)
    time.sleep(pause)
    line = computer()
    write(f"> {line}   (computer)")
    verb, *words = line.split()
    return verb, words
