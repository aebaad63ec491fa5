"""The previous implementation (kept to be measured against; see benchmarks/baseline/__init__.py).

Optimal solitaire play of a score-sheet game (Kiriki, …): the expected final grand total of
every turn-start state.

A *state* is what the rest of a one-player game depends on at the start of a turn:

- which of the ruleset's rows are filled (a mask, bit ``i`` for the ``i``-th row in sheet order);
- the upper rows' sum, capped at the bonus threshold (``more_than + 1``): past it, more upper
  points change nothing but the points themselves;
- the five-of-a-kind cell (Kiriki's kiriki row): open, scored 0, or scored above 0 (only the
  last allows repeat kirikis).

``V(s)`` is the expected number of points still to come from state ``s`` with optimal play,
the upper bonus counted when it is earned. A full sheet ends the game (``V = 0``) unless the
ruleset gives every kiriki an extra turn, when a sheet with a kiriki above 0 still has one.

One turn is a dynamic programme of its own (:mod:`dicespec.solver.keeps`): at the last roll each
of the 252 rolls takes its best choice (an open row: its points, a bonus earned, and the next
state's value; a repeat kiriki; or, on a full sheet, no score); before each reroll every roll
takes its best keep of the 462. Rows fill one a turn, so states are solved from the full sheet
back to the empty one, all states with the same number of filled rows at once, in numpy batches.

**The repeat kiriki.** A repeat kiriki fills no row, banks ``adds`` and earns a turn: the state
comes back to itself. So ``V(s) = T_s(V(s))``, where ``T_s(x)`` is the value of one turn from
``s`` in which a repeat kiriki is worth ``adds + x``. For any fixed way of playing the turn,
the turn's value is affine in ``x``, ``a + p x``, with ``p`` the chance that the turn ends in a
repeat kiriki (at most the chance of five of a kind in one turn, well below 1). ``T_s`` is the
maximum of these affine functions: convex, piecewise linear, slopes in ``[0, p_max]``; its
fixed point is unique. It is found by Newton's method, which here is policy iteration: at a
guess ``x_k`` the optimal play's line is ``T_s(x_k) + p_k (x - x_k)``, and ``x_{k+1}`` is that
line's fixed point, ``(T_s(x_k) - p_k x_k) / (1 - p_k)``. The line lies under the convex
``T_s``, so every ``x_k`` after the first is at most ``V(s)`` and they increase; there are finitely
many ways of playing, so the iteration ends when the play no longer changes: ``x`` is then the
exact fixed point of the optimal play's own line. It stops once ``|T_s(x) - x|`` is below 1e-9,
which bounds the error by ``1e-9 / (1 - p_max)``. The first guess (the value with the kiriki
scored 0, plus an estimate from the states one row later) is usually close enough that one
Newton step lands on the fixed point, and a plain evaluation confirms it: about 2.2 turn
evaluations a state for the reference. No number of repeat kirikis is assumed.

Every number and row comes from the ruleset: row scores from
:func:`dicespec.scoresheet.rows.score_sheet`, the upper rows and bonus, ``five_of_a_kind``
(its row, ``repeat.adds``, ``extra_turns``) and ``rolls_per_turn``.

**The joker and the bonus line** (Yahtzee's). A five of a kind rolled once its row is filled is
scored as the engine scores it (:mod:`dicespec.scoresheet.game`): as a joker, in any open row
(``free``) or where the ``forced`` joker sends it, at full value once the upper row of its face is
filled; a repeat adds to a bonus line while
that row holds more than 0. Such a roll fills a row, so no state returns to itself and these
states need no fixed point; the cell state (open, 0, above 0) tells whether the bonus is due.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from enum import IntEnum
from functools import cache

import numpy as np

from dicespec.errors import UnsupportedRulesetError
from dicespec.scoresheet.rows import score_sheet
from dicespec.scoresheet.ruleset import SheetRuleset
from dicespec.scoresheet.sheet import Sheet
from dicespec.solver.cache import load_table, rules_key, save_table
from baseline.keeps import KeepTables, keep_tables, roll_of, turn_value, turn_value_and_slope  # the previous keeps, too

Progress = Callable[[int, int], None]
"""Told ``(states solved, states in all)`` as a solve goes on."""

CHUNK = 512  # states a batch: large enough for numpy, small enough for the caches
TOLERANCE = 1e-9  # the largest |T(x) - x| a repeat-kiriki state's value may leave
MAX_NEWTON_STEPS = 60


class RepeatCell(IntEnum):
    """The kiriki cell as the solver sees it."""

    OPEN = 0
    ZERO = 1  # scored 0: no repeat kiriki can follow
    SCORED = 2  # scored above 0: repeat kirikis may follow


# -- what the solver reads from the ruleset ---------------------------------------------------


@dataclass(frozen=True, slots=True, eq=False)
class Rules:
    """A ruleset as arrays: every row's score for every roll, the bonus and the kiriki rules."""

    ruleset: SheetRuleset
    tables: KeepTables
    rows: tuple[str, ...]  # in sheet order: bit i of a filled-rows mask is rows[i]
    upper_index: tuple[int, ...]  # the upper rows' indexes
    five_index: int | None  # the five-of-a-kind row's index, if the ruleset has one
    scores: np.ndarray  # (rolls, rows): points of each roll in each row
    upper_cap: int  # upper sums at or past this are one state; reaching it earns the bonus
    bonus_points: int
    repeat_adds: int | None  # what a repeat adds to its own cell (Kiriki), which fills no row
    repeat_rolls: np.ndarray  # the rolls that fit the kiriki row (five of a kind)
    every_kiriki_extra: bool  # a first kiriki above 0 earns a turn at the end as well
    rerolls: int
    line_adds: int | None = None  # what a repeat adds to a bonus line (Yahtzee), the roll scored in a row
    joker: str = "none"  # none | free | forced: a five of a kind once its row is filled
    joker_scores: np.ndarray | None = None  # (rolls, rows): a joker's points, full value
    face_rows: np.ndarray | None = None  # per roll: the index of the upper row of its face, or -1

    @property
    def upper_sizes(self) -> int:
        return self.upper_cap + 1

    @property
    def full(self) -> int:
        """The mask of a full sheet."""
        return (1 << len(self.rows)) - 1

    def bit(self, row: str) -> int:
        """The row's bit in a filled-rows mask."""
        return 1 << self.rows.index(row)

    @property
    def five_bit(self) -> int:
        """The five-of-a-kind row's bit (0 when there is no such row)."""
        return 0 if self.five_index is None else 1 << self.five_index

    def distinguishes_kiriki_scores(self) -> bool:
        """Does a kiriki cell above 0 play differently from one scored 0?"""
        return self.repeat_adds is not None or self.line_adds is not None or self.every_kiriki_extra

    def has_extra_turn(self, cell: RepeatCell | np.ndarray) -> bool | np.ndarray:
        """Is a turn owed beyond the open rows (a first kiriki's extra turn, every_kiriki)?"""
        return self.every_kiriki_extra & (cell == RepeatCell.SCORED)

    def bonus(self, upper: int, points: int) -> int:
        """The bonus earned by adding ``points`` to an upper sum (capped) of ``upper``."""
        return self.bonus_points if upper < self.upper_cap <= upper + points else 0


@cache
def rules_of(ruleset: SheetRuleset) -> Rules:
    """The solver's view of ``ruleset``; refuses rules its state cannot describe."""
    five = ruleset.five_of_a_kind
    adds = five.repeat_adds if five is not None and five.adds_to_cell else None
    line_adds = five.repeat_adds if five is not None and five.bonus_line is not None else None
    if line_adds is not None and five is not None and five.extra_turns != "none":
        raise UnsupportedRulesetError(
            f"ruleset {ruleset.name}: a repeat added to a bonus line that also earns a turn leaves the sheet "
            "full with turns to come; the solver's state (filled rows) cannot count them")
    if five is not None and five.extra_turns == "none" and adds is not None:
        raise UnsupportedRulesetError(
            f"ruleset {ruleset.name}: a repeat five of a kind that earns no turn leaves a row open at the end; "
            "the solver's state (filled rows) cannot count the turns left"
        )
    tables = keep_tables(ruleset.dice)
    rolls = [roll_of(counts) for counts in tables.roll_counts()]
    rows = ruleset.row_ids
    sheets = [score_sheet(ruleset, roll) for roll in rolls]
    scores = np.array([[sheet[row] for row in rows] for sheet in sheets], dtype=np.int64)
    repeat_rolls = np.array([i for i, roll in enumerate(rolls) if ruleset.five_of_a_kind_fits(roll.counts)],
                            dtype=np.intp)
    joker_scores = np.array([[ruleset.rows[row].rule.joker_points(roll.counts) for row in rows] for roll in rolls],
                            dtype=np.int64)
    face_rows = np.array([rows.index(found) if (found := ruleset.face_row(roll.dice[0])) else -1 for roll in rolls],
                         dtype=np.intp)
    return Rules(
        ruleset=ruleset,
        tables=tables,
        rows=rows,
        upper_index=tuple(rows.index(row) for row in ruleset.upper_rows),
        five_index=None if five is None else rows.index(five.row),
        scores=scores,
        upper_cap=0 if ruleset.bonus_more_than is None else ruleset.bonus_more_than + 1,
        bonus_points=ruleset.bonus_points,
        repeat_adds=adds,
        repeat_rolls=repeat_rolls,
        every_kiriki_extra=five is not None and five.extra_turns == "every",
        rerolls=ruleset.rolls_per_turn - 1,
        line_adds=line_adds,
        joker=ruleset.joker,
        joker_scores=joker_scores,
        face_rows=face_rows,
    )


def reachable_upper_sums(rules: Rules) -> list[np.ndarray]:
    """For each set of filled upper rows (6-bit mask), the capped upper sums a sheet can have."""
    found = []
    for upper_mask in range(1 << len(rules.upper_index)):
        sums = {0}
        for i, index in enumerate(rules.upper_index):
            if upper_mask >> i & 1:
                points = set(rules.scores[:, index].tolist())
                sums = {min(rules.upper_cap, s + p) for s in sums for p in points}
        found.append(np.array(sorted(sums), dtype=np.intp))
    return found


# -- states -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class State:
    """A player's sheet at the start of a turn, as the solver sees it."""

    filled: int
    upper: int
    kiriki: RepeatCell
    rows: tuple[str, ...] = field(default=(), compare=False)  # the row of each bit, for messages

    @classmethod
    def of(cls, ruleset: SheetRuleset, sheet: Sheet) -> State:
        """The state of ``sheet`` under ``ruleset``."""
        rules = rules_of(ruleset)
        filled = sum(rules.bit(row) for row in sheet.cells)
        upper = min(sheet.upper_sum(ruleset), rules.upper_cap)
        five = ruleset.five_of_a_kind
        if five is None or sheet.is_open(five.row):
            cell = RepeatCell.OPEN
        else:
            cell = RepeatCell.SCORED if sheet.cells[five.row] > 0 else RepeatCell.ZERO
        return cls(filled, upper, cell, rules.rows)

    def __str__(self) -> str:
        rows = ", ".join(row for i, row in enumerate(self.rows) if self.filled >> i & 1) or (
            "none" if not self.filled else f"mask {self.filled:#b}")
        return f"rows filled: {rows}; upper sum {self.upper}; kiriki cell {self.kiriki.name.lower()}"


@dataclass(frozen=True, slots=True)
class StateBatch:
    """States solved together: one entry per state."""

    filled: np.ndarray
    upper: np.ndarray
    kiriki: np.ndarray

    def __len__(self) -> int:
        return len(self.filled)

    def take(self, which: np.ndarray | slice) -> StateBatch:
        return StateBatch(self.filled[which], self.upper[which], self.kiriki[which])


def final_values(
    rules: Rules, values: np.ndarray, batch: StateBatch, loop: np.ndarray | None = None
) -> tuple[np.ndarray, np.ndarray | None]:
    """The value of each roll (rows) to each state of ``batch`` (columns) once it is scored.

    ``values`` holds ``V`` of every state with one more filled row. ``loop`` is the value
    assumed for the batch's own states, which a repeat kiriki returns to; with it, the
    answer's second part is each final value's derivative with respect to it.
    """
    size = len(batch)
    full = batch.filled == rules.full
    # A full sheet's turn may end with no score; otherwise a row must be scored.
    final = np.where(full, 0.0, -np.inf)[None, :].repeat(rules.tables.roll_count, axis=0)
    for i in range(len(rules.rows)):
        is_open = (batch.filled & (1 << i)) == 0
        if not is_open.any():
            continue
        after = batch.filled | (1 << i)
        points = rules.scores[:, i]
        if i in rules.upper_index:
            # Upper rows move the upper sum: one next state per distinct score of the row.
            distinct, which = np.unique(points, return_inverse=True)
            upper = batch.upper[None, :] + distinct[:, None]
            capped = np.minimum(upper, rules.upper_cap)
            earned = np.where((batch.upper[None, :] < rules.upper_cap) & (upper >= rules.upper_cap),
                              rules.bonus_points, 0)
            by_score = distinct[:, None] + earned + values[after[None, :], capped, batch.kiriki[None, :]]
            by_score[:, ~is_open] = -np.inf
            candidate = by_score[which.ravel()]
        elif i == rules.five_index:
            # The kiriki row: its score decides what the cell allows later (when that matters).
            scored = RepeatCell.SCORED if rules.distinguishes_kiriki_scores() else RepeatCell.ZERO
            above = values[after, batch.upper, scored]
            zero = values[after, batch.upper, RepeatCell.ZERO]
            above[~is_open] = -np.inf
            zero[~is_open] = -np.inf
            candidate = np.where((points > 0)[:, None], points[:, None] + above[None, :], zero[None, :])
        else:
            later = values[after, batch.upper, batch.kiriki]
            later[~is_open] = -np.inf
            candidate = points[:, None] + later[None, :]
        np.maximum(final, candidate, out=final)
    if rules.joker != "none" or rules.line_adds is not None:
        _five_of_a_kind_again(rules, values, batch, final)
    if loop is None:
        return final, None
    # A repeat kiriki: adds to the filled kiriki cell and comes back to the same state.
    slope = np.zeros((rules.tables.roll_count, size))
    repeat = rules.repeat_rolls
    if rules.repeat_adds is not None and len(repeat):
        allowed = batch.kiriki == RepeatCell.SCORED
        again = np.where(allowed, rules.repeat_adds + loop, -np.inf)[None, :]
        chosen = again > final[repeat]
        final[repeat] = np.where(chosen, again, final[repeat])
        slope[repeat] = chosen
    return final, slope


def _five_of_a_kind_again(rules: Rules, values: np.ndarray, batch: StateBatch, final: np.ndarray) -> None:
    """Rescore, in ``final``, each five of a kind rolled once its row is filled: as a joker (full
    value in any open row, or where the forced joker sends it) and with what a repeat adds to a
    bonus line while that row holds more than 0 (Yahtzee's 100)."""
    assert rules.joker_scores is not None and rules.face_rows is not None
    filled_five = batch.kiriki != RepeatCell.OPEN
    if not filled_five.any():
        return
    lower = [i for i in range(len(rules.rows)) if i not in rules.upper_index]
    is_open = [(batch.filled & (1 << i)) == 0 for i in range(len(rules.rows))]
    lower_open = np.logical_or.reduce([is_open[i] for i in lower]) if lower else np.zeros(len(batch), dtype=bool)
    scores = rules.joker_scores if rules.joker != "none" else rules.scores
    for r in rules.repeat_rolls:
        own = int(rules.face_rows[r])
        own_open = is_open[own] if own >= 0 else np.zeros(len(batch), dtype=bool)
        best = np.full(len(batch), -np.inf)
        for i in range(len(rules.rows)):
            allowed = is_open[i].copy()
            if rules.joker == "forced":
                allowed &= np.where(own_open, i == own, np.where(lower_open, i in lower, True))
            if not allowed.any():
                continue
            # a joker scores full value once its own upper row is filled; before, as the roll is
            points = np.where(own_open, int(rules.scores[r, i]), int(scores[r, i]))
            after = batch.filled | (1 << i)
            if i in rules.upper_index:
                upper = np.minimum(batch.upper + points, rules.upper_cap)
                earned = np.where((batch.upper < rules.upper_cap) & (batch.upper + points >= rules.upper_cap),
                                  rules.bonus_points, 0)
                value = points + earned + values[after, upper, batch.kiriki]
            else:
                value = points + values[after, batch.upper, batch.kiriki]
            np.maximum(best, np.where(allowed, value, -np.inf), out=best)
        bonus = np.where(batch.kiriki == RepeatCell.SCORED, rules.line_adds or 0, 0)
        final[r] = np.where(filled_five & np.isfinite(best), best + bonus, final[r])


# -- the solve --------------------------------------------------------------------------------


def levels(rules: Rules) -> Iterator[tuple[int, StateBatch, StateBatch]]:
    """From the full sheet down: the filled-row count, its plain states and its looping states.

    A looping state is one a repeat kiriki returns to. Unreachable upper sums are left out;
    where the kiriki cell's score makes no difference, only the 0 case is solved.
    """
    reachable = reachable_upper_sums(rules)
    upper_bits = sum(1 << i for i in rules.upper_index)
    kiriki_bit = rules.five_bit
    filled_cells: tuple[RepeatCell, ...]
    if rules.distinguishes_kiriki_scores():
        filled_cells = (RepeatCell.ZERO, RepeatCell.SCORED)
    else:
        filled_cells = (RepeatCell.ZERO,)
    shift = list(rules.upper_index)
    for count in reversed(range(len(rules.rows) + 1)):
        parts: list[tuple[int, np.ndarray, int]] = []
        for filled in range(rules.full + 1):
            if filled.bit_count() != count:
                continue
            upper_mask = sum(1 << k for k, i in enumerate(shift) if filled >> i & 1)
            assert filled & upper_bits == sum(1 << i for i in shift if filled >> i & 1)
            cells = filled_cells if filled & kiriki_bit else (RepeatCell.OPEN,)
            for cell in cells:
                parts.append((filled, reachable[upper_mask], cell))
        filled_sheets = np.concatenate([np.full(len(u), f) for f, u, _ in parts])
        upper = np.concatenate([u for _, u, _ in parts])
        kiriki = np.concatenate([np.full(len(u), int(c)) for _, u, c in parts])
        batch = StateBatch(filled_sheets, upper, kiriki)
        looping = (kiriki == RepeatCell.SCORED) & (rules.repeat_adds is not None)
        if count == len(rules.rows):
            # A full sheet has a turn only when one is owed beyond the rows.
            has_turn = np.asarray(rules.has_extra_turn(kiriki), dtype=bool)
            yield count, batch.take(has_turn & ~looping), batch.take(has_turn & looping)
        else:
            yield count, batch.take(~looping), batch.take(looping)


def solve_plain(rules: Rules, values: np.ndarray, batch: StateBatch) -> None:
    final, _ = final_values(rules, values, batch)
    values[batch.filled, batch.upper, batch.kiriki] = turn_value(rules.tables, final, rules.rerolls)


def solve_looping(rules: Rules, values: np.ndarray, batch: StateBatch, guess: np.ndarray) -> int:
    """Solve ``V = T(V)`` for states a repeat kiriki returns to (Newton; module docstring).

    Each round takes a Newton step from ``x`` (a turn evaluation that follows the slope too),
    then checks the new ``x`` with a plain evaluation: a state is done when ``T(x) - x`` is
    within :data:`TOLERANCE`. Returns the number of turn evaluations made, over all states.
    """
    x = guess.copy()
    active = np.arange(len(batch))
    evaluations = 0
    for _ in range(MAX_NEWTON_STEPS):
        part = batch.take(active)
        final, slope = final_values(rules, values, part, loop=x[active])
        assert slope is not None
        turn, turn_slope = turn_value_and_slope(rules.tables, final, slope, rules.rerolls)
        # The fixed point of the line of this turn's optimal play: exact if that play is optimal there.
        settled = np.abs(turn - x[active]) <= TOLERANCE
        x[active] = (turn - turn_slope * x[active]) / (1.0 - turn_slope)
        evaluations += len(active)
        active = active[~settled]
        if len(active):
            part = batch.take(active)
            final, _ = final_values(rules, values, part, loop=x[active])
            turn = turn_value(rules.tables, final, rules.rerolls)
            evaluations += len(active)
            active = active[np.abs(turn - x[active]) > TOLERANCE]
        if not len(active):
            values[batch.filled, batch.upper, batch.kiriki] = x
            return evaluations
    raise ArithmeticError(f"the repeat-kiriki values of {len(active)} states did not settle")


def looping_guess(rules: Rules, values: np.ndarray, batch: StateBatch) -> np.ndarray:
    """A first guess of ``V`` for states with a kiriki above 0: the value with the kiriki scored 0,
    plus what a kiriki above 0 adds one row later (averaged over the open rows), scaled up by
    the number of open rows. Any guess converges; a close one saves a Newton step."""
    zero = values[batch.filled, batch.upper, RepeatCell.ZERO]
    open_rows = len(rules.rows) - np.array([int(f).bit_count() for f in batch.filled])
    gains, counted = np.zeros(len(batch)), np.zeros(len(batch))
    for i in range(len(rules.rows)):
        later = batch.filled | (1 << i)
        gain = values[later, batch.upper, RepeatCell.SCORED] - values[later, batch.upper, RepeatCell.ZERO]
        usable = ((batch.filled >> i) & 1 == 0) & ~np.isnan(gain)
        gains[usable] += gain[usable]
        counted[usable] += 1
    scale = np.where(open_rows > 1, open_rows / np.maximum(open_rows - 1, 1), 1.0)
    guess: np.ndarray = zero + np.where(counted > 0, gains / np.maximum(counted, 1) * scale, 0.0)
    return guess


def _chunks(batch: StateBatch) -> Iterator[StateBatch]:
    for start in range(0, len(batch), CHUNK):
        yield batch.take(slice(start, start + CHUNK))


@dataclass(frozen=True, slots=True)
class SolveStats:
    """How a solve went: states solved, turn evaluations of looping states, seconds."""

    states: int
    looping_states: int
    looping_evaluations: int
    seconds: float


def solve_values(rules: Rules, *, progress: Progress | None = None) -> tuple[np.ndarray, SolveStats]:
    """``V`` of every state: an array indexed ``[filled, upper, kiriki cell]`` (NaN: unreachable)."""
    start = time.perf_counter()
    values = np.full((rules.full + 1, rules.upper_sizes, len(RepeatCell)), np.nan)
    values[rules.full] = 0.0  # a full sheet without a turn owed
    every_level = list(levels(rules))
    total = sum(len(plain) + len(looping) for _, plain, looping in every_level)
    done = looping_states = evaluations = 0
    for _, plain, looping in every_level:
        for chunk in _chunks(plain):
            solve_plain(rules, values, chunk)
            done += len(chunk)
            if progress:
                progress(done, total)
        for chunk in _chunks(looping):
            evaluations += solve_looping(rules, values, chunk, looping_guess(rules, values, chunk))
            looping_states += len(chunk)
            done += len(chunk)
            if progress:
                progress(done, total)
    if not rules.distinguishes_kiriki_scores():
        kiriki_filled = (np.arange(rules.full + 1) & rules.five_bit) != 0
        values[kiriki_filled, :, RepeatCell.SCORED] = values[kiriki_filled, :, RepeatCell.ZERO]
    stats = SolveStats(total, looping_states, evaluations, time.perf_counter() - start)
    return values, stats


# -- the solution -----------------------------------------------------------------------------


class NoTurnLeftError(ValueError):
    """A sheet with no turn left to play: nothing to solve or advise."""


@dataclass(frozen=True, slots=True, eq=False)
class SheetSolution:
    """Optimal solitaire play of a Kiriki ruleset: ``values[filled, upper, kiriki cell]`` is
    ``V`` of that turn-start state (NaN where no sheet can be)."""

    ruleset: SheetRuleset
    values: np.ndarray

    @property
    def rules(self) -> Rules:
        return rules_of(self.ruleset)

    @property
    def expected_score(self) -> float:
        """The expected grand total of a whole solitaire game played optimally."""
        return self.value(State(0, 0, RepeatCell.OPEN, self.rules.rows))

    def has_turn(self, state: State) -> bool:
        """Does a player at the start of a turn in ``state`` have that turn (rows open, or one owed)?"""
        return state.filled != self.rules.full or bool(self.rules.has_extra_turn(state.kiriki))

    def value(self, state: State) -> float:
        """``V(state)``: the expected points still to come, bonus included, from a turn's start."""
        found = float(self.values[state.filled, state.upper, state.kiriki])
        if np.isnan(found):
            raise ValueError(f"no sheet under {self.ruleset.name} has this state ({state})")
        return found

    def expected_total(self, sheet: Sheet) -> float:
        """The expected final grand total of a player at the start of a turn with ``sheet``."""
        return sheet.grand_total(self.ruleset) + self.value(State.of(self.ruleset, sheet))


def solve(ruleset: SheetRuleset, *, progress: Progress | None = None) -> SheetSolution:
    """Solve ``ruleset`` afresh (no cache): seconds to a minute."""
    values, _ = solve_values(rules_of(ruleset), progress=progress)
    return SheetSolution(ruleset, values)


def is_cached(ruleset: SheetRuleset) -> bool:
    """Is a solved table of ``ruleset`` at hand (in this process or on disk)?"""
    return rules_key(ruleset) in _SOLVED or load_table(ruleset) is not None


_SOLVED: dict[str, np.ndarray] = {}  # state values by rules key, once read or solved in this process


def solution(ruleset: SheetRuleset, *, progress: Progress | None = None) -> SheetSolution:
    """The solution of ``ruleset``: from memory or the cache file, else solved now and written there."""
    key = rules_key(ruleset)
    if key not in _SOLVED:
        values = load_table(ruleset)
        if values is None:
            values = solve(ruleset, progress=progress).values
            try:
                save_table(ruleset, values)
            except OSError:
                pass  # no writable cache: the table serves this process only
        _SOLVED[key] = values
    return SheetSolution(ruleset, _SOLVED[key])
