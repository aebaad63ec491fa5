"""What a score-sheet ruleset's solution gives its readers, whichever of the solver's two paths
solved it: :class:`Solution`. The batched solve's :class:`~dicespec.solver.scoresheet.SheetSolution`
and the plain path's :class:`~dicespec.solver.firstroll.PlainSolution` (first-roll or requires
rules, Generala's) are both one; the hint, the spread, the coach's file and the report ask it, and
none of them asks which path solved.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np

from dicespec.dice import Roll
from dicespec.scoresheet.ruleset import SheetRuleset
from dicespec.scoresheet.sheet import Sheet
from dicespec.solver.keeps import KeepTables
from dicespec.solver.play import Play

__all__ = ["NoTurnLeftError", "Scored", "Solution", "Turn"]


class NoTurnLeftError(ValueError):
    """A sheet with no turn left to play: nothing to solve or advise."""


@dataclass(frozen=True, slots=True)
class Scored:
    """A way to end a turn with the dice on the table: scored in ``row`` (a repeat kiriki: in its
    filled row; ``None``: the turn ended with no score, a full sheet's extra turn), the expected
    points still to come after it, and whether it wins the game at once."""

    row: str | None
    value: float
    wins: bool


class Turn(Protocol):
    """One turn from a sheet, played by a solution: what each keep and each score is worth."""

    @property
    def tables(self) -> KeepTables:
        """The keeps and rolls of the ruleset's dice."""

    @property
    def rerolls(self) -> int:
        """The rerolls of a turn."""

    def keep_values(self, rolls_left: int) -> np.ndarray:
        """The expected points still to come of holding each keep (numbered as in
        :func:`~dicespec.solver.keeps.keep_tables`) with ``rolls_left`` rerolls left; with none
        left, of each roll's best choice, in roll order."""

    def scores(self, roll: Roll, *, first: bool) -> list[Scored]:
        """Every way to score ``roll`` now, in sheet order (then a repeat, then the end of the turn);
        ``first``: at the turn's first roll, its rerolls all to come."""


class Solution(Protocol):
    """Optimal solitaire play of a score-sheet ruleset."""

    @property
    def ruleset(self) -> SheetRuleset:
        """The ruleset solved."""

    @property
    def values(self) -> np.ndarray:
        """``V`` of every turn-start state, as the path lays its states out (the table the cache keeps)."""

    @property
    def expected_score(self) -> float:
        """The expected grand total of a whole solitaire game played optimally and out in full."""

    @property
    def winning_rows(self) -> tuple[str, ...]:
        """The rows that win at once when made above 0 with a turn's first roll (none, mostly)."""

    def win_chance(self) -> float:
        """The chance that a game under this optimal play is won at once (0 without a winning row)."""

    def expected_total(self, sheet: Sheet) -> float:
        """The expected final grand total of a player at the start of a turn with ``sheet``."""

    def turn(self, sheet: Sheet) -> Turn:
        """The turn of a player at its start with ``sheet`` (a :class:`NoTurnLeftError` if the game
        is over for it)."""

    def play(self) -> Play:
        """The play the solution implies, for the spread."""

    def coach_states(self) -> tuple[dict[str, Any], np.ndarray]:
        """The path's part of the coach's file (:mod:`dicespec.solver.coachdata`): the header's
        ``layout`` and the keys it needs, and the values of the states the file stores, in order."""
