"""Optimal solitaire play of score-sheet rulesets whose rows score differently on a turn's first
roll or require another row (Generala): the solver's second, plainer path.

:func:`dicespec.solver.scoresheet.solution` and ``solve`` send a ruleset here when one of its
rows has a ``first_roll`` rule (``adds``: points added when the row is made, fitting, with the
turn's first roll; ``wins``: so made above 0, the row wins the game at once) or ``requires``
another row (it scores 0 until that row holds more than 0). The fast batched solver
(:mod:`dicespec.solver.scoresheet`) holds neither; these rulesets have no five-of-a-kind block,
joker or saved rolls here (refused in one line otherwise), and their state spaces are small.
Its solution, :class:`PlainSolution`, is a :class:`~dicespec.solver.solved.Solution` as the
batched path's is: its turn for the hint (:class:`PlainTurn`), its play for the spread, and its
states for the coach's file (``layout: "plain"``, every state's value).

**The state** at the start of a turn: the filled rows (a mask), the upper sum capped at the
bonus threshold, and ``held``, one bit for each row some other row requires: does it hold more
than 0. ``V(s)`` is the expected number of points still to come with optimal play (the upper
bonus counted when it is earned); a full sheet ends the game.

**The turn** is :func:`dicespec.solver.keeps.turn_value` with one change: the rolls' values at
the first roll are the larger of each roll's first-roll final value (every open row scored with
its first-roll points) and its best keep's value; after a reroll the rows score without them.
Keeping every die, which the dynamic programme allows and the game does not, is never better
than scoring at once (it amounts to a play with one reroll fewer, which the game allows, or a
score without the first-roll points, which are never negative), so the values are the game's.

**The served win** has this meaning here: the expected score is that of a game played out in
full, a winning row made on a first roll scoring its points like any other row; beside it,
:func:`win_chance` is the exact chance that a game under that same optimal play is won at once
(some turn's first roll scored in a winning row above 0), by a forward pass over the states
and the within-turn choices, ties broken as :func:`dicespec.solver.hint.hint` breaks them
(a score before a keep, a winning row before another, fewer dice kept, then sheet order).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache
from math import factorial
from typing import Any

import numpy as np

from dicespec.dice import Roll
from dicespec.errors import UnsupportedRulesetError
from dicespec.scoresheet.game import allowed_rows, row_points, wins_at_once
from dicespec.scoresheet.rows import score_sheet
from dicespec.scoresheet.ruleset import SheetRuleset
from dicespec.scoresheet.sheet import Sheet
from dicespec.solver.keeps import KeepTables, best_keep_values, keep_tables, reroll_values, roll_of
from dicespec.solver.play import Best, Chosen, Play, flat
from dicespec.solver.sheetrules import require_within_bound
from dicespec.solver.solved import NoTurnLeftError, Scored

__all__ = [
    "CHUNK",
    "PlainRules",
    "PlainSolution",
    "PlainState",
    "PlainTurn",
    "plain_indexes",
    "plain_rules_of",
    "solve",
    "turn_arrays",
    "uses_row_rules",
    "win_chance",
]

Progress = Callable[[int, int], None]

CHUNK = 1024  # states a batch
FORWARD_CHUNK = 128  # states a batch of the forward pass, which holds (rolls, states, rows) arrays


def uses_row_rules(ruleset: SheetRuleset) -> bool:
    """Has a row of ``ruleset`` a first-roll rule or a row it requires (this path's rulesets)?"""
    return any(row.first_roll_adds or row.first_roll_wins or row.requires is not None for row in ruleset.rows.values())


@dataclass(frozen=True, slots=True, eq=False)
class PlainRules:
    """A ruleset as arrays: every row's score and fit for every roll, its first-roll and requires rules."""

    ruleset: SheetRuleset
    tables: KeepTables
    rows: tuple[str, ...]  # in sheet order: bit i of a filled-rows mask is rows[i]
    upper_index: tuple[int, ...]
    scores: np.ndarray  # (rolls, rows): points of each roll in each row
    fits: np.ndarray  # (rolls, rows): does the roll fit the row's pattern
    adds: np.ndarray  # (rows,): first-roll points
    wins: np.ndarray  # (rows,): does the row win at once, made above 0 with a first roll
    needs: np.ndarray  # (rows,): the held bit the row requires, or -1
    required: tuple[int, ...]  # held bit j: row required[j] holds more than 0
    upper_cap: int
    bonus_points: int
    rerolls: int

    @property
    def full(self) -> int:
        return (1 << len(self.rows)) - 1

    @property
    def upper_sizes(self) -> int:
        return self.upper_cap + 1

    @property
    def held_sizes(self) -> int:
        return 1 << len(self.required)

    def bit(self, row: str) -> int:
        return 1 << self.rows.index(row)

    def bonus(self, upper: int, points: int) -> int:
        return self.bonus_points if upper < self.upper_cap <= upper + points else 0

    def filled_required(self, filled: np.ndarray) -> np.ndarray:
        """For each mask, the held bits whose rows are filled."""
        found = np.zeros_like(filled)
        for j, i in enumerate(self.required):
            found |= ((filled >> i) & 1) << j
        return found


def _require_supported(ruleset: SheetRuleset) -> None:
    require_within_bound(ruleset)
    if ruleset.five_of_a_kind is not None or ruleset.joker != "none" or ruleset.saved_rolls:
        raise UnsupportedRulesetError(
            f"ruleset {ruleset.name}: first-roll or requires rules with a five_of_a_kind block, a joker or saved "
            "rolls; the solver holds them only apart"
        )


@cache
def plain_rules_of(ruleset: SheetRuleset) -> PlainRules:
    """The plain path's view of ``ruleset``; refuses what it cannot hold, in one line."""
    _require_supported(ruleset)
    tables = keep_tables(ruleset.dice)
    rolls = [roll_of(counts) for counts in tables.roll_counts()]
    rows = ruleset.row_ids
    specs = [ruleset.rows[row] for row in rows]
    sheets = [score_sheet(ruleset, roll) for roll in rolls]
    required = tuple(sorted({rows.index(spec.requires) for spec in specs if spec.requires is not None}))
    return PlainRules(
        ruleset=ruleset,
        tables=tables,
        rows=rows,
        upper_index=tuple(rows.index(row) for row in ruleset.upper_rows),
        scores=np.array([[sheet[row] for row in rows] for sheet in sheets], dtype=np.int64),
        fits=np.array([[spec.rule.fits(roll.counts) for spec in specs] for roll in rolls], dtype=bool),
        adds=np.array([spec.first_roll_adds for spec in specs], dtype=np.int64),
        wins=np.array([spec.first_roll_wins for spec in specs], dtype=bool),
        needs=np.array(
            [-1 if spec.requires is None else required.index(rows.index(spec.requires)) for spec in specs],
            dtype=np.intp,
        ),
        required=required,
        upper_cap=0 if ruleset.bonus_more_than is None else ruleset.bonus_more_than + 1,
        bonus_points=ruleset.bonus_points,
        rerolls=ruleset.rolls_per_turn - 1,
    )


# -- states ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlainState:
    """A player's sheet at the start of a turn, as this path sees it."""

    filled: int
    upper: int
    held: int  # bit j: the j-th required row holds more than 0
    rows: tuple[str, ...] = field(default=(), compare=False)

    @classmethod
    def of(cls, ruleset: SheetRuleset, sheet: Sheet) -> PlainState:
        rules = plain_rules_of(ruleset)
        filled = sum(rules.bit(row) for row in sheet.cells)
        upper = min(sheet.upper_sum(ruleset), rules.upper_cap)
        held = sum(1 << j for j, i in enumerate(rules.required) if sheet.cells.get(rules.rows[i], 0) > 0)
        return cls(filled, upper, held, rules.rows)

    def __str__(self) -> str:
        rows = ", ".join(row for i, row in enumerate(self.rows) if self.filled >> i & 1) or "none"
        return f"rows filled: {rows}; upper sum {self.upper}; required rows holding points: mask {self.held:#b}"


def level_states(rules: PlainRules, count: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every state with ``count`` rows filled: (filled, upper, held), by sheet, held, upper sum."""
    masks = np.arange(rules.full + 1, dtype=np.int64)
    ones = np.zeros_like(masks)
    for i in range(len(rules.rows)):
        ones += (masks >> i) & 1
    level = masks[ones == count]
    helds = np.arange(rules.held_sizes, dtype=np.int64)
    sheet, held = np.repeat(level, len(helds)), np.tile(helds, len(level))
    keep = (held & ~rules.filled_required(sheet)) == 0
    sheet, held = sheet[keep], held[keep]
    uppers = np.arange(rules.upper_sizes, dtype=np.int64)
    return np.repeat(sheet, len(uppers)), np.tile(uppers, len(sheet)), np.repeat(held, len(uppers))


# -- one row, one turn -------------------------------------------------------------------------


def row_options(
    rules: PlainRules,
    values: np.ndarray,
    filled: np.ndarray,
    upper: np.ndarray,
    held: np.ndarray,
    i: int,
    *,
    first: bool,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Scoring each roll (rows) in row ``i`` for each state (columns): its value (points and bonus,
    plus the next state's ``V``; ``-inf`` where the row is filled), its points, and the flat
    index of the next state in ``values``."""
    allowed = np.ones(len(filled), dtype=bool) if rules.needs[i] < 0 else ((held >> rules.needs[i]) & 1) == 1
    points = rules.scores[:, i][:, None] * allowed[None, :]
    if first and rules.adds[i]:
        points = points + (rules.adds[i] * rules.fits[:, i])[:, None] * allowed[None, :]
    after = filled | (1 << i)
    if i in rules.upper_index:
        moved = upper[None, :] + points
        capped = np.minimum(moved, rules.upper_cap)
        earned = ((upper[None, :] < rules.upper_cap) & (moved >= rules.upper_cap)) * rules.bonus_points
    else:
        capped = np.broadcast_to(upper[None, :], points.shape)
        earned = np.zeros_like(points)
    if i in rules.required:
        new_held = held[None, :] | ((points > 0) << rules.required.index(i))
    else:
        new_held = np.broadcast_to(held[None, :], points.shape)
    sizes, helds = values.shape[1], values.shape[2]
    index = (after[None, :] * sizes + capped) * helds + new_held
    value = (points + earned) + values.reshape(-1)[index]
    value[:, (filled & (1 << i)) != 0] = -np.inf
    return value, points, index


def final_values(
    rules: PlainRules, values: np.ndarray, filled: np.ndarray, upper: np.ndarray, held: np.ndarray, *, first: bool
) -> np.ndarray:
    """The value of each roll (rows) to each state (columns) once scored in its best open row,
    at the turn's first roll (``first``: with the first-roll points) or after a reroll."""
    final = np.full((rules.tables.roll_count, len(filled)), -np.inf)
    for i in range(len(rules.rows)):
        if ((filled & (1 << i)) == 0).any():
            np.maximum(final, row_options(rules, values, filled, upper, held, i, first=first)[0], out=final)
    return final


def turn_arrays(
    rules: PlainRules, values: np.ndarray, filled: np.ndarray, upper: np.ndarray, held: np.ndarray
) -> tuple[list[np.ndarray], np.ndarray]:
    """The turns of states (columns) as the hint and the forward pass read them: ``expected[r]``,
    the value of each keep (rows) with ``r`` rerolls left (``expected[0]``: each roll's final
    value after a reroll), and each roll's final value at the first roll."""
    last = final_values(rules, values, filled, upper, held, first=False)
    first = final_values(rules, values, filled, upper, held, first=True)
    expected, rolls = [last], last
    for _ in range(rules.rerolls):
        keeps = reroll_values(rules.tables, rolls)
        expected.append(keeps)
        rolls = best_keep_values(rules.tables, keeps)
    return expected, first


def turn_values(
    rules: PlainRules, values: np.ndarray, filled: np.ndarray, upper: np.ndarray, held: np.ndarray
) -> np.ndarray:
    """``V`` of each state: the turn's value, the first roll's values the larger of its first-roll
    final values and its best keep's."""
    rolls = final_values(rules, values, filled, upper, held, first=False)
    for _ in range(rules.rerolls):
        rolls = best_keep_values(rules.tables, reroll_values(rules.tables, rolls))
    rolls = np.maximum(rolls, final_values(rules, values, filled, upper, held, first=True))
    found: np.ndarray = rules.tables.roll_probability @ rolls
    return found


# -- the solve ---------------------------------------------------------------------------------


def solve_values(rules: PlainRules, *, progress: Progress | None = None) -> np.ndarray:
    """``V`` of every state, ``[filled, upper, held]`` (NaN where a held bit's row is open)."""
    values = np.full((rules.full + 1, rules.upper_sizes, rules.held_sizes), np.nan)
    every = [level_states(rules, count) for count in reversed(range(len(rules.rows) + 1))]
    total, done = sum(len(level[0]) for level in every), 0
    for count, (filled, upper, held) in zip(reversed(range(len(rules.rows) + 1)), every, strict=True):
        if count == len(rules.rows):
            values[filled, upper, held] = 0.0
        else:
            for start in range(0, len(filled), CHUNK):
                part = slice(start, start + CHUNK)
                values[filled[part], upper[part], held[part]] = turn_values(
                    rules, values, filled[part], upper[part], held[part]
                )
                if progress:
                    progress(done + min(len(filled), start + CHUNK), total)
        done += len(filled)
    return values


@dataclass(frozen=True, slots=True, eq=False)
class PlainSolution:
    """Optimal solitaire play of a ruleset of this path: ``values[filled, upper, held]`` is ``V``."""

    ruleset: SheetRuleset
    values: np.ndarray

    @property
    def rules(self) -> PlainRules:
        return plain_rules_of(self.ruleset)

    @property
    def expected_score(self) -> float:
        """The expected grand total of a whole solitaire game played optimally and out in full."""
        return self.value(PlainState(0, 0, 0, self.rules.rows))

    @property
    def winning_rows(self) -> tuple[str, ...]:
        """The rows that win at once when made above 0 with a turn's first roll."""
        return tuple(row for row, wins in zip(self.rules.rows, self.rules.wins, strict=True) if wins)

    def state_of(self, sheet: Sheet) -> PlainState:
        return PlainState.of(self.ruleset, sheet)

    def has_turn(self, state: PlainState) -> bool:
        return state.filled != self.rules.full

    def value(self, state: PlainState) -> float:
        found = float(self.values[state.filled, state.upper, state.held])
        if np.isnan(found):
            raise ValueError(f"no sheet under {self.ruleset.name} has this state ({state})")
        return found

    def expected_total(self, sheet: Sheet) -> float:
        return sheet.grand_total(self.ruleset) + self.value(self.state_of(sheet))

    def win_chance(self) -> float:
        """The chance that a game under this optimal play is won at once (:func:`win_chance`)."""
        return win_chance(self)

    def turn(self, sheet: Sheet) -> PlainTurn:
        """The turn of a player at its start with ``sheet``."""
        state = self.state_of(sheet)
        if not self.has_turn(state):
            raise NoTurnLeftError("every row is filled: the game is over for this sheet")
        return PlainTurn(self, sheet, state)

    def play(self) -> Play:
        """The play for the spread: at each roll the best row, ties broken in sheet order; a first
        roll that scores more on it (its first-roll points) scores before keeping."""
        rules, table = self.rules, self.values
        shape = table.shape
        events = ("upper_bonus",) if rules.bonus_points and rules.upper_index else ()
        size = int(np.prod(shape))
        filled = np.unravel_index(np.arange(size), shape)[0]
        has_turn = np.concatenate([filled != rules.full, [False]])
        values = np.nan_to_num(flat(table), nan=0.0)

        def every_level() -> Iterator[tuple[np.ndarray, np.ndarray, np.ndarray]]:
            nothing = np.zeros(0, dtype=np.int64)
            for count in reversed(range(len(rules.rows))):
                f, u, h = level_states(rules, count)
                yield np.ravel_multi_index((f, u, h), shape), nothing, nothing

        def choices(states: np.ndarray, first: bool) -> Chosen:
            f, u, h = (part.astype(np.int64) for part in np.unravel_index(states, shape))
            found = Best(rules.tables.roll_count, len(states), len(events))
            for i in range(len(rules.rows)):
                value, points, after = row_options(rules, table, f, u, h, i, first=first)
                gain = np.where(np.isfinite(value), np.rint(value - values[after]), 0.0)
                made = {0: (gain > points)} if events and i in rules.upper_index else {}
                found.offer(value, gain, after, made)
            return found.chosen()

        return Play(rules.tables, rules.rerolls, events, size, values, has_turn, 0, every_level, choices, True)

    def coach_states(self) -> tuple[dict[str, Any], np.ndarray]:
        """The coach file's ``plain`` layout (:mod:`dicespec.solver.coachdata`): every state's value."""
        rules = self.rules
        filled, upper, held = plain_indexes(rules)
        header = {
            "layout": "plain",
            "rows": list(rules.rows),
            "upper_cap": rules.upper_cap,
            "required": [rules.rows[i] for i in rules.required],
        }
        return header, self.values[filled, upper, held]


class PlainTurn:
    """One turn from a sheet on the plain path, from its own state and arrays (the same numbers
    its solve and forward pass read): with the turn's rerolls all to come, a row scores with its
    first-roll points."""

    def __init__(self, solved: PlainSolution, sheet: Sheet, state: PlainState) -> None:
        self.ruleset, self.table, self.sheet, self.state = solved.ruleset, solved.values, sheet, state
        self.rules = solved.rules
        self.tables, self.rerolls = self.rules.tables, self.rules.rerolls
        filled, upper, held = (np.array([n], dtype=np.int64) for n in (state.filled, state.upper, state.held))
        arrays, _ = turn_arrays(self.rules, self.table, filled, upper, held)
        # expected[r][keep]: the value of holding that keep with r rolls left; expected[0]: per roll.
        self._expected = [found[:, 0] for found in arrays]

    def keep_values(self, rolls_left: int) -> np.ndarray:
        return self._expected[rolls_left]

    def scores(self, roll: Roll, *, first: bool) -> list[Scored]:
        """The rows for ``roll``: each with its value, and whether it wins at once."""
        rules, state, values = self.rules, self.state, self.table
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
            found.append(Scored(row, gain + after, won))
        return found


def plain_indexes(rules: PlainRules) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every state of the plain path in the coach file's order: (filled, upper, held)."""
    filled, upper, held = [], [], []
    for mask in range(rules.full + 1):
        on = int(rules.filled_required(np.array([mask]))[0])
        for u in range(rules.upper_sizes):
            for h in range(rules.held_sizes):
                if h & ~on == 0:
                    filled.append(mask)
                    upper.append(u)
                    held.append(h)
    return np.array(filled), np.array(upper), np.array(held)


def solve(ruleset: SheetRuleset, *, progress: Progress | None = None) -> PlainSolution:
    """Solve ``ruleset`` afresh (no cache)."""
    return PlainSolution(ruleset, solve_values(plain_rules_of(ruleset), progress=progress))


# -- the forward pass: the chance of a win at once ---------------------------------------------


@cache
def _keep_moves(tables: KeepTables) -> tuple[np.ndarray, np.ndarray]:
    """The chance of each roll after holding each keep and throwing the other dice (keeps, rolls),
    and for each roll its proper keeps (fewer dice than the roll) in the hint's order on a tie,
    fewer dice first, padded with ``len(keeps)`` (a keep worth ``-inf``)."""
    rolls = tables.roll_counts()
    rest = np.array(rolls)[None, :, :] - np.array(tables.keeps)[:, None, :]  # (keeps, rolls, faces)
    factorials = np.array([float(factorial(n)) for n in range(tables.dice + 1)])
    thrown = rest.sum(axis=2)
    ways = factorials[np.maximum(thrown, 0)] / np.prod(factorials[np.maximum(rest, 0)], axis=2)
    moves = np.where((rest >= 0).all(axis=2), ways / 6.0**thrown, 0.0)
    proper = []
    for roll in rolls:
        inside = sorted((keep for keep in tables.sub_keeps(roll) if sum(keep) < tables.dice), key=sum)
        proper.append([tables.index[keep] for keep in inside])
    width = max(len(found) for found in proper)
    padded = np.array([found + [len(tables.keeps)] * (width - len(found)) for found in proper], dtype=np.intp)
    return moves, padded


def _chosen_rows(wins: np.ndarray, value: np.ndarray, points: np.ndarray, *, first: bool) -> np.ndarray:
    """For each roll and state (the last two axes of ``value``; the first: the sheet's rows, ``wins``
    of each), the row the hint puts first: the best value; on a tie a row that wins at once, then
    sheet order."""
    best = value.max(axis=0, keepdims=True)
    order = np.arange(len(value))[:, None, None]
    winning = (wins[:, None, None] & (points > 0)) if first else np.zeros(value.shape, dtype=bool)
    rank = np.where(winning, 0, 1) * len(value) + order
    found: np.ndarray = np.where(value == best, rank, np.iinfo(np.int64).max).argmin(axis=0)
    return found


def _turns_forward(
    rules: PlainRules,
    values: np.ndarray,
    states: tuple[np.ndarray, np.ndarray, np.ndarray],
    mass: np.ndarray,
    reach: np.ndarray,
) -> float:
    """Play one turn from each state (columns; reached with chance ``mass``) under the optimal
    play: add the chance of each next state to ``reach`` (flat, as ``values``), and return the
    chance of a win at once in these turns. The numbers are the hint's, column by column."""
    moves, proper = _keep_moves(rules.tables)
    filled, upper, held = states
    size, rows = len(filled), len(rules.rows)

    def options(first: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Each row's value, points and next state (rows, rolls, states)."""
        found = [row_options(rules, values, filled, upper, held, i, first=first) for i in range(rows)]
        value, points, index = (np.stack([part[k] for part in found]) for k in range(3))
        return value, points, index

    later, at_first = options(False), options(True)
    # the keeps' values as turn_arrays makes them (the same maxima, so the same numbers)
    expected, rolls_now = [later[0].max(axis=0)], later[0].max(axis=0)
    for _ in range(rules.rerolls):
        keeps = reroll_values(rules.tables, rolls_now)
        expected.append(keeps)
        rolls_now = best_keep_values(rules.tables, keeps)
    dist = rules.tables.roll_probability[:, None] * mass[None, :]
    rolls, columns = np.arange(len(dist))[:, None], np.arange(size)[None, :]
    won = 0.0
    for left in reversed(range(rules.rerolls + 1)):
        first = left == rules.rerolls
        value, points, index = at_first if first else later
        row = _chosen_rows(rules.wins, value, points, first=first)  # (rolls, states)
        best = value[row, rolls, columns]
        scores = np.ones(dist.shape, dtype=bool)
        if left:
            padded = np.concatenate([expected[left], np.full((1, size), -np.inf)])
            keep_values = padded[proper]  # (rolls, proper keeps, states)
            keep = proper[rolls, keep_values.argmax(axis=1)]
            scores = best >= keep_values.max(axis=1)
        win = scores & first & rules.wins[row] & (points[row, rolls, columns] > 0)
        won += float(dist[win].sum())
        landing = scores & ~win
        np.add.at(reach, index[row, rolls, columns][landing], dist[landing])
        if not left:
            break
        kept = np.zeros((len(rules.tables.keeps), size))
        np.add.at(kept, (keep[~scores], np.broadcast_to(columns, dist.shape)[~scores]), dist[~scores])
        dist = moves.T @ kept
    return won


_WINS: dict[int, tuple[np.ndarray, float]] = {}  # by the id of the table solved


def win_chance(solved: PlainSolution) -> float:
    """The exact chance that a solitaire game under the solution's optimal play (the expected-score
    play, a game played out in full) is won at once: that some turn's first roll is scored in a
    winning row above 0. A forward pass over the states, level by level from the empty sheet,
    carries the chance of reaching each state without a win yet; each turn adds its chance of a
    win. 0 for a ruleset without a winning row."""
    key = id(solved.values)
    if key in _WINS and _WINS[key][0] is solved.values:
        return _WINS[key][1]
    rules, values = solved.rules, solved.values
    if not rules.wins.any():
        return 0.0
    reach = np.zeros(values.size)
    reach[0] = 1.0  # the empty sheet, upper sum 0, nothing held: index 0
    won = 0.0
    for count in range(len(rules.rows)):
        filled, upper, held = level_states(rules, count)
        flat = (filled * values.shape[1] + upper) * values.shape[2] + held
        live = reach[flat] > 0
        filled, upper, held, flat = filled[live], upper[live], held[live], flat[live]
        for start in range(0, len(filled), FORWARD_CHUNK):
            part = slice(start, start + FORWARD_CHUNK)
            won += _turns_forward(rules, values, (filled[part], upper[part], held[part]), reach[flat[part]], reach)
    _WINS[key] = (values, won)  # the table held, so that its id names no other
    return won
