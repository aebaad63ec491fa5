"""One progress line for long work (a solve, a corpus run), written to a stream (stderr).

On a terminal the line is rewritten in place with a carriage return and ended with a newline
when the work is done; elsewhere (a log file, CI) whole lines are written, fewer of them.

- ``progress(done, total)`` reports a share of known size: ``solving kiriki:  42% of 1,234 states``,
  on a terminal at each new percent, elsewhere at each tenth of the way;
- ``progress.count(done, detail)`` reports a running count of unknown size with its rate:
  ``exhaustive: 12,345 cases, 4,000/s, 0 failed``, on a terminal at most every ``every`` seconds,
  elsewhere at most every ``every_logged`` seconds; ``final=True`` always writes and ends it.

:func:`wanted` says whether to show progress at all: as asked by ``--progress`` /
``--no-progress``, otherwise when the stream is a terminal.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TextIO


def wanted(flag: bool | None, stream: TextIO | None = None) -> bool:
    """``--progress`` / ``--no-progress`` as given, or by default whether ``stream`` (stderr) is a terminal."""
    if flag is not None:
        return flag
    return (stream if stream is not None else sys.stderr).isatty()


class ProgressLine:
    """Progress reported on a stream (stderr): see the module's description."""

    def __init__(
        self,
        label: str,
        stream: TextIO | None = None,
        *,
        unit: str = "states",
        every: float = 0.25,
        every_logged: float = 10.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.unit = unit
        self.every = every
        self.every_logged = every_logged
        self.clock = clock
        self.started = self.shown_at = clock()
        self.shown = -1  # the percent last shown
        self.width = 0  # of the line last written in place

    def __call__(self, done: int, total: int) -> None:
        """``done`` of ``total`` (a share of known size)."""
        percent = 100 * done // total
        live = self.stream.isatty()
        if percent == self.shown or (not live and percent % 10 and done < total):
            return
        self.shown = percent
        if live:
            self._write(f"{self.label}: {percent:3d}% of {total:,} {self.unit}", final=done >= total)
        else:
            self._write(f"{self.label}: {percent}% of {total:,} {self.unit}", final=True)

    def count(self, done: int, detail: str | Callable[[], str] = "", *, final: bool = False) -> None:
        """``done`` so far (of unknown size), its rate, and ``detail`` (or what it returns, asked
        only when the line is written); ``final`` ends the line."""
        now = self.clock()
        live = self.stream.isatty()
        if not final and now - self.shown_at < (self.every if live else self.every_logged):
            return
        self.shown_at = now
        rate = done / max(now - self.started, 1e-9)
        if callable(detail):
            detail = detail()
        text = f"{self.label}: {done:,} {self.unit}, {rate:,.0f}/s" + (f", {detail}" if detail else "")
        self._write(text, final=final or not live)

    def _write(self, text: str, *, final: bool) -> None:
        if self.stream.isatty():
            padding = " " * max(self.width - len(text), 0)  # clear what a longer line left
            self.width = 0 if final else len(text)
            self.stream.write(f"\r{text}{padding}{chr(10) if final else ''}")
        else:
            self.stream.write(f"{text}\n")
        self.stream.flush()
