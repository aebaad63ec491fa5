"""Advice for one Kiriki turn: every choice for the dice on the table, with its expected score.

:func:`hint` answers for one moment of a turn; :class:`TurnPlan` works out a whole turn once
and answers every moment of it (a simulation plays thousands of turns that way). The expected
score of a choice is the expected final grand total of a solitaire game in which the player
makes that choice and plays optimally after it; it counts the points already on the sheet.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

import numpy as np

from dicespec.dice import Roll
from dicespec.scoresheet.ruleset import SheetRuleset
from dicespec.scoresheet.sheet import Sheet
from dicespec.solver.keeps import counts_of, roll_of
from dicespec.solver.scoresheet import solution
from dicespec.solver.solved import Solution


class Action(StrEnum):
    KEEP = "keep"  # hold these dice, throw the others again
    SCORE = "score"  # score the dice in a row (a repeat kiriki: in the filled kiriki row)
    END = "end"  # end the turn with no score (a full sheet's extra turn)


@dataclass(frozen=True, slots=True)
class Choice:
    """One thing a player may do with the dice on the table."""

    action: Action
    dice: Roll | None = None  # KEEP: the dice held, ascending
    row: str | None = None  # SCORE: the row

    def __str__(self) -> str:
        if self.action is Action.KEEP:
            assert self.dice is not None
            return f"keep {self.dice}" if self.dice.dice else "keep nothing"
        if self.action is Action.SCORE:
            return f"score {self.row}"
        return "end the turn"

    def command(self, dice: Roll) -> str:
        """What to type in the terminal game to make this choice with ``dice`` on the table."""
        if self.action is Action.KEEP:
            assert self.dice is not None
            again = reroll_positions(dice, self.dice)
            kept = [i + 1 for i in range(len(dice)) if i not in again]
            return "keep " + " ".join(map(str, kept)) if kept else "reroll " + " ".join(str(i + 1) for i in again)
        if self.action is Action.SCORE:
            return f"score {self.row}"
        return "end"


def reroll_positions(dice: Roll, kept: Roll | Iterable[int]) -> list[int]:
    """The 0-based positions of ``dice`` to throw again so that exactly ``kept`` stay."""
    wanted = list(kept)
    again = []
    for position, die in enumerate(dice):
        if die in wanted:
            wanted.remove(die)
        else:
            again.append(position)
    if wanted:
        raise ValueError(f"{Roll.of(wanted)} are not among the dice {dice}")
    return again


class TurnPlan:
    """Optimal play of one turn from a sheet: the value of every keep at every roll of the turn,
    from the solution's own turn (:meth:`Solution.turn <dicespec.solver.solved.Solution.turn>`),
    whichever path solved it."""

    def __init__(self, solved: Solution, sheet: Sheet) -> None:
        self.solution = solved
        self.ruleset = solved.ruleset
        self.sheet = sheet
        self.total = sheet.grand_total(self.ruleset)
        self._turn = solved.turn(sheet)
        self.tables, self.rerolls = self._turn.tables, self._turn.rerolls

    def keep_values(self, rolls_left: int) -> np.ndarray:
        """The expected points still to come of holding each keep (numbered as in
        :func:`~dicespec.solver.keeps.keep_tables`) with ``rolls_left`` rerolls left; with none
        left, of each roll's best choice, in roll order."""
        return self._turn.keep_values(rolls_left)

    def choices(self, dice: Roll | Iterable[int] | str, rolls_left: int) -> list[tuple[Choice, float]]:
        """Every choice for ``dice`` with ``rolls_left`` rerolls left, and its expected final grand
        total; best first (on equal values, scoring before keeping, then fewer dice kept)."""
        roll = Roll.of(dice, count=self.ruleset.dice)
        if not 0 <= rolls_left <= self.rerolls:
            raise ValueError(f"rolls left: {rolls_left}; a turn has 0 to {self.rerolls} rerolls left")
        found = [
            (Choice(Action.SCORE, row=way.row) if way.row is not None else Choice(Action.END), way.value, way.wins)
            for way in self._turn.scores(roll, first=rolls_left == self.rerolls)
        ]
        if rolls_left:
            tables = self.tables
            expected = self.keep_values(rolls_left)
            for keep in tables.sub_keeps(counts_of(roll.dice)):
                if sum(keep) < self.ruleset.dice:
                    found.append((Choice(Action.KEEP, dice=roll_of(keep)), float(expected[tables.index[keep]]), False))
        order = {Action.SCORE: 0, Action.END: 1, Action.KEEP: 2}
        # on equal values: a score before a keep, a row that wins at once before another, fewer dice kept
        ranked = sorted(found, key=lambda item: (-item[1], order[item[0].action], not item[2], len(item[0].dice or ())))
        return [(choice, self.total + value) for choice, value, _ in ranked]

    def best(self, dice: Roll | Iterable[int] | str, rolls_left: int) -> Choice:
        """The optimal choice."""
        return self.choices(dice, rolls_left)[0][0]


def hint(
    ruleset: SheetRuleset,
    sheet: Sheet,
    dice: Roll | Iterable[int] | str,
    rolls_left: int,
    *,
    solved: Solution | None = None,
) -> list[tuple[Choice, float]]:
    """Every choice for ``dice`` on ``sheet`` with ``rolls_left`` rerolls left, each with the
    expected final grand total of optimal solitaire play after it, best first.

    The ruleset's solution comes from ``solved``, else from :func:`dicespec.solver.scoresheet.solution`
    (the cache, or a solve of a few seconds the first time).
    """
    solved = solved if solved is not None else solution(ruleset)
    if solved.ruleset is not ruleset and solved.ruleset != ruleset:
        raise ValueError(f"the solution is of ruleset {solved.ruleset.name}, not {ruleset.name}")
    return TurnPlan(solved, sheet).choices(dice, rolls_left)
