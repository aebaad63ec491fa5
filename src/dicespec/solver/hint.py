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
from dicespec.scoresheet.game import allowed_rows, is_repeat, row_points, wins_at_once
from dicespec.scoresheet.ruleset import SheetRuleset
from dicespec.scoresheet.sheet import Sheet
from dicespec.solver.firstroll import PlainSolution, PlainState, turn_arrays
from dicespec.solver.keeps import best_keep_values, counts_of, reroll_values, roll_of
from dicespec.solver.scoresheet import (
    NoTurnLeftError,
    RepeatCell,
    Solution,
    State,
    StateBatch,
    final_values,
    solution,
)


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
    """Optimal play of one turn from a sheet: the value of every keep at every roll of the turn.

    A ruleset of the plain path (:mod:`dicespec.solver.firstroll`: first-roll or requires rules)
    is planned from its own state and arrays, the same numbers its solve and forward pass read;
    with the turn's rerolls all to come, a row scores with its first-roll points."""

    def __init__(self, solved: Solution, sheet: Sheet) -> None:
        self.solution = solved
        self.ruleset = solved.ruleset
        self.sheet = sheet
        self.total = sheet.grand_total(self.ruleset)
        self._plain: PlainSolution | None = solved if isinstance(solved, PlainSolution) else None
        if isinstance(solved, PlainSolution):
            plain = solved.rules
            self.plain_state = PlainState.of(self.ruleset, sheet)
            if not solved.has_turn(self.plain_state):
                raise NoTurnLeftError("every row is filled: the game is over for this sheet")
            self.tables, self.rerolls = plain.tables, plain.rerolls
            state = self.plain_state
            filled, upper, held = (np.array([n], dtype=np.int64) for n in (state.filled, state.upper, state.held))
            arrays, _ = turn_arrays(plain, solved.values, filled, upper, held)
            # expected[r][keep]: the value of holding that keep with r rolls left; expected[0]: per roll.
            self._expected = [found[:, 0] for found in arrays]
            return
        self.rules = solved.rules
        self.tables, self.rerolls = self.rules.tables, self.rules.rerolls
        self.state = State.of(self.ruleset, sheet)
        if not solved.has_turn(self.state):
            raise NoTurnLeftError("every row is filled and no turn is owed: the game is over for this sheet")
        own = solved.value(self.state)  # what a repeat kiriki comes back to
        batch = StateBatch(
            np.array([self.state.filled]), np.array([self.state.upper]), np.array([int(self.state.kiriki)])
        )
        final, _ = final_values(self.rules, solved.values, batch, loop=np.array([own]))
        self._own = own
        # expected[r][keep]: the value of holding that keep with r rolls left; expected[0]: per roll.
        self._expected = [final[:, 0]]
        rolls = final
        for _ in range(self.rules.rerolls):
            expected = reroll_values(self.rules.tables, rolls)
            self._expected.append(expected[:, 0])
            rolls = best_keep_values(self.rules.tables, expected)

    def keep_values(self, rolls_left: int) -> np.ndarray:
        """The expected points still to come of holding each keep (numbered as in
        :func:`~dicespec.solver.keeps.keep_tables`) with ``rolls_left`` rerolls left; with none
        left, of each roll's best choice, in roll order."""
        return self._expected[rolls_left]

    def _plain_score_choices(self, plain: PlainSolution, roll: Roll, first: bool) -> list[tuple[Choice, float, bool]]:
        """The rows for ``roll`` on the plain path: each with its value, and whether it wins at once."""
        rules, state, values = plain.rules, self.plain_state, plain.values
        found = []
        for row in allowed_rows(self.ruleset, self.sheet, roll):
            i = rules.rows.index(row)
            points = row_points(self.ruleset, self.sheet, roll, row, first_roll=first)
            upper, held, gain = state.upper, state.held, points
            if i in rules.upper_index:
                gain += rules.bonus(state.upper, points)
                upper = min(rules.upper_cap, state.upper + points)
            if i in rules.required and points > 0:
                held |= 1 << rules.required.index(i)
            after = float(values[state.filled | rules.bit(row), upper, held])
            won = wins_at_once(self.ruleset, self.sheet, roll, row, first_roll=first)
            found.append((Choice(Action.SCORE, row=row), gain + after, won))
        return found

    def _score_choices(self, roll: Roll) -> list[tuple[Choice, float]]:
        rules, state, values = self.rules, self.state, self.solution.values
        # A repeat five of a kind adds to a bonus line (Yahtzee's 100) whichever row it goes in.
        line = rules.line_adds if rules.line_adds is not None and is_repeat(self.ruleset, self.sheet, roll) else 0
        found = []
        for row in allowed_rows(self.ruleset, self.sheet, roll):  # the forced joker narrows them
            i = rules.rows.index(row)
            points = row_points(self.ruleset, self.sheet, roll, row)  # a joker scores full value
            upper, cell, gain = state.upper, state.kiriki, points + line
            if i in rules.upper_index:
                gain += rules.bonus(state.upper, points)
                upper = min(rules.upper_cap, state.upper + points)
            elif i == rules.five_index and rules.distinguishes_kiriki_scores():
                cell = RepeatCell.SCORED if points > 0 else RepeatCell.ZERO
            elif i == rules.five_index:
                cell = RepeatCell.ZERO
            after = float(values[state.filled | rules.bit(row), upper, cell])
            found.append((Choice(Action.SCORE, row=row), gain + after))
        repeat = (
            rules.repeat_adds is not None
            and state.kiriki is RepeatCell.SCORED
            and rules.tables.roll_index(roll.counts) in rules.repeat_rolls
        )
        if repeat:
            assert rules.repeat_adds is not None
            assert rules.five_index is not None
            found.append((Choice(Action.SCORE, row=rules.rows[rules.five_index]), rules.repeat_adds + self._own))
        if state.filled == rules.full:
            found.append((Choice(Action.END), 0.0))
        return found

    def choices(self, dice: Roll | Iterable[int] | str, rolls_left: int) -> list[tuple[Choice, float]]:
        """Every choice for ``dice`` with ``rolls_left`` rerolls left, and its expected final grand
        total; best first (on equal values, scoring before keeping, then fewer dice kept)."""
        roll = Roll.of(dice, count=self.ruleset.dice)
        if not 0 <= rolls_left <= self.rerolls:
            raise ValueError(f"rolls left: {rolls_left}; a turn has 0 to {self.rerolls} rerolls left")
        if self._plain is not None:
            scored = self._plain_score_choices(self._plain, roll, first=rolls_left == self.rerolls)
        else:
            scored = [(choice, value, False) for choice, value in self._score_choices(roll)]
        found = list(scored)
        if rolls_left:
            tables = self.tables
            expected = self._expected[rolls_left]
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
