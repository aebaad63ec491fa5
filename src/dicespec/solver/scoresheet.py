"""Optimal solitaire play of a score-sheet game (Kiriki, …): the expected final grand total of
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
back to the empty one, all states with the same number of filled rows at once, in numpy batches
of :data:`CHUNK` states (columns) written into buffers made once per thread
(:mod:`dicespec.solver.turns`, :mod:`dicespec.solver.finals`), on one thread unless more are
asked for (:func:`default_workers`). A third of the states cannot earn
the upper bonus any more (:func:`bonus_out_of_reach`): their upper sum changes nothing to come, so
each sheet and kiriki cell solves the lowest such sum and gives its value to the others, the
same number they would have computed.

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
evaluations a state for the reference. No number of repeat kirikis is assumed. Only the
five-of-a-kind rolls' final values depend on ``x``: the others are scored once a batch and
kept, and each evaluation adds the repeat to a copy.

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

import os
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import numpy as np

from dicespec.errors import UnsupportedRulesetError
from dicespec.scoresheet.ruleset import SheetRuleset
from dicespec.scoresheet.sheet import Sheet
from dicespec.solver import firstroll
from dicespec.solver.cache import load_table, rules_key, save_table
from dicespec.solver.finals import FinalLayout, add_repeats, final_layout, score_rolls, work_table, write_final_values
from dicespec.solver.firstroll import PlainSolution, plain_rules_of, uses_row_rules
from dicespec.solver.play import Play
from dicespec.solver.sheetplay import SheetTurn, coach_states, sheet_play
from dicespec.solver.sheetrules import (
    RepeatCell,
    Rules,
    State,
    StateBatch,
    bonus_out_of_reach,
    final_values,
    levels,
    popcounts,
    reachable_upper_sums,
    rules_of,
    shared_values,
)
from dicespec.solver.solved import NoTurnLeftError, Solution
from dicespec.solver.turns import TurnBuffers

__all__ = [
    "CHUNK",
    "MAX_NEWTON_STEPS",
    "TOLERANCE",
    "NoTurnLeftError",
    "PlainSolution",
    "Progress",
    "RepeatCell",
    "Rules",
    "SheetSolution",
    "Solution",
    "SolveStats",
    "State",
    "StateBatch",
    "UnsupportedRulesetError",
    "bonus_out_of_reach",
    "final_values",
    "is_cached",
    "levels",
    "looping_guess",
    "popcounts",
    "reachable_upper_sums",
    "rules_of",
    "shared_values",
    "solution",
    "solve",
    "solve_looping",
    "solve_values",
]

Progress = Callable[[int, int], None]
"""Told ``(states solved, states in all)`` as a solve goes on."""

CHUNK = 1024  # states a batch: large enough for numpy's calls to pay, small enough for the caches
TOLERANCE = 1e-9  # the largest |T(x) - x| a repeat-kiriki state's value may leave
MAX_NEWTON_STEPS = 60


# -- one batch ---------------------------------------------------------------------------------


_LOCAL = threading.local()


def buffers(layout: FinalLayout) -> TurnBuffers:
    """This thread's buffers for turns of ``layout``'s dice (made on first use)."""
    found: dict[int, TurnBuffers] = _LOCAL.__dict__.setdefault("buffers", {})
    dice = layout.turns.dice
    if dice not in found:
        found[dice] = TurnBuffers(layout.turns, CHUNK)
    return found[dice]


def solve_plain(rules: Rules, table: np.ndarray, batch: StateBatch) -> None:
    """``V`` of each state of ``batch`` (up to :data:`CHUNK`): one turn's value, written into
    ``table`` (a work table, :func:`~dicespec.solver.finals.work_table`)."""
    layout = final_layout(rules)
    room = buffers(layout)
    write_final_values(layout, table, batch, room)
    table[batch.filled, batch.upper, batch.kiriki] = room.turn_value(len(batch), rules.rerolls)


def solve_looping(rules: Rules, values: np.ndarray, batch: StateBatch, guess: np.ndarray) -> int:
    """Solve ``V = T(V)`` for states a repeat kiriki returns to (Newton; module docstring), from
    ``guess``, and write each into ``values``. Returns the number of turn evaluations made.

    ``values`` is a table of state values, or a work table (with the ``-inf`` sheet); the states
    one row later must be solved."""
    table = values if len(values) == rules.full + 2 else _work_copy(rules, values)
    evaluations = 0
    for start in range(0, len(batch), CHUNK):
        part = slice(start, start + CHUNK)
        evaluations += _solve_looping(rules, table, batch.take(part), guess[part])
    if table is not values:
        values[batch.filled, batch.upper, batch.kiriki] = table[batch.filled, batch.upper, batch.kiriki]
    return evaluations


def _work_copy(rules: Rules, values: np.ndarray) -> np.ndarray:
    table = work_table(rules)
    table[: rules.full + 1] = values
    return table


def _solve_looping(rules: Rules, table: np.ndarray, batch: StateBatch, guess: np.ndarray) -> int:
    """:func:`solve_looping` of up to :data:`CHUNK` states in a work table.

    Each round takes a Newton step from ``x`` (a turn evaluation that follows the slope too),
    then checks the new ``x`` with a plain evaluation: a state is done when ``T(x) - x`` is
    within :data:`TOLERANCE`. Returns the number of turn evaluations made, over all states.
    """
    layout = final_layout(rules)
    room = buffers(layout)
    kept = room.kept_rolls(len(batch))
    score_rolls(layout, table, batch, room, kept)  # the same for every x: a repeat kiriki is added to a copy
    x = guess.astype(float)
    active = np.arange(len(batch))
    evaluations = 0

    def final(slopes: bool) -> tuple[StateBatch, int]:
        part, size = batch.take(active), len(active)
        kept.take(active, axis=1, out=room.rolls(size), mode="clip")
        add_repeats(layout, room.rolls(size), part, x[active], room.roll_slopes(size) if slopes else None)
        return part, size

    for _ in range(MAX_NEWTON_STEPS):
        _, size = final(slopes=True)
        turn, turn_slope = room.turn_value_and_slope(size, rules.rerolls)
        # The fixed point of the line of this turn's optimal play: exact if that play is optimal there.
        settled = np.abs(turn - x[active]) <= TOLERANCE
        x[active] = (turn - turn_slope * x[active]) / (1.0 - turn_slope)
        evaluations += len(active)
        active = active[~settled]
        if len(active):
            _, size = final(slopes=False)
            turn = room.turn_value(size, rules.rerolls)
            evaluations += len(active)
            active = active[np.abs(turn - x[active]) > TOLERANCE]
        if not len(active):
            table[batch.filled, batch.upper, batch.kiriki] = x
            return evaluations
    raise ArithmeticError(f"the repeat-kiriki values of {len(active)} states did not settle")


def looping_guess(rules: Rules, values: np.ndarray, batch: StateBatch) -> np.ndarray:
    """A first guess of ``V`` for states with a kiriki above 0: the value with the kiriki scored 0,
    plus what a kiriki above 0 adds one row later (averaged over the open rows), scaled up by
    the number of open rows. Any guess converges; a close one saves a Newton step."""
    filled = batch.filled.astype(np.int64)
    zero = values[filled, batch.upper, RepeatCell.ZERO]
    open_rows = len(rules.rows) - popcounts(filled, len(rules.rows))
    bits = np.array([1 << i for i in range(len(rules.rows))], dtype=np.int64)[:, None]
    later = filled[None, :] | bits
    gain = values[later, batch.upper[None, :], RepeatCell.SCORED] - values[later, batch.upper[None, :], RepeatCell.ZERO]
    usable = ((filled[None, :] & bits) == 0) & ~np.isnan(gain)
    gains = np.cumsum(np.where(usable, gain, 0.0), axis=0)[-1]  # row after row, whatever the batch's size
    counted = usable.sum(axis=0)
    scale = np.where(open_rows > 1, open_rows / np.maximum(open_rows - 1, 1), 1.0)
    guess: np.ndarray = zero + np.where(counted > 0, gains / np.maximum(counted, 1) * scale, 0.0)
    return guess


# -- the solve ---------------------------------------------------------------------------------


def _chunks(batch: StateBatch) -> Iterator[StateBatch]:
    for start in range(0, len(batch), CHUNK):
        yield batch.take(slice(start, start + CHUNK))


def default_workers() -> int:
    """Threads for a solve: ``DICESPEC_SOLVER_THREADS``, else one.

    Threads share a level's batches, and numpy lets go of the interpreter while it computes; but
    its calls here last a few microseconds each, and the threads pass the interpreter's lock to
    each other at every one: on this project's two-core machines two threads were no faster than
    one, even with a core free (the process still used one core's time), and one thread meets
    the solve's goals."""
    if chosen := os.environ.get("DICESPEC_SOLVER_THREADS"):
        if not chosen.strip().isdigit() or int(chosen) < 1:
            raise ValueError(f"DICESPEC_SOLVER_THREADS is {chosen!r}: a number of threads, 1 or more, is expected")
        return int(chosen)
    return 1


@dataclass(frozen=True, slots=True)
class SolveStats:
    """How a solve went: states (and of them, those a repeat kiriki returns to, and those that took
    another upper sum's value, the bonus out of reach), turn evaluations of looping states, seconds,
    threads."""

    states: int
    looping_states: int
    looping_evaluations: int
    seconds: float
    workers: int = 1
    shared_states: int = 0


def solve_values(
    rules: Rules, *, progress: Progress | None = None, workers: int | None = None
) -> tuple[np.ndarray, SolveStats]:
    """``V`` of every state: an array indexed ``[filled, upper, kiriki cell]`` (NaN: unreachable).

    ``workers`` threads share each level's batches (default: :func:`default_workers`)."""
    start = time.perf_counter()
    workers = workers or default_workers()
    table = work_table(rules)
    table[rules.full] = 0.0  # a full sheet without a turn owed
    every_level = list(levels(rules))
    total = sum(len(plain) + len(looping) for _, plain, looping in every_level)
    done = looping_states = evaluations = shared_states = 0

    def plain_chunk(chunk: StateBatch) -> int:
        solve_plain(rules, table, chunk)
        return 0

    def looping_chunk(chunk: StateBatch) -> int:
        return _solve_looping(rules, table, chunk, looping_guess(rules, table, chunk))

    pool = ThreadPoolExecutor(workers, thread_name_prefix="dicespec-solve") if workers > 1 else None
    try:
        for _, plain, looping in every_level:
            # the plain states first: a looping state's guess reads the same sheet's kiriki 0
            for work, batch in ((plain_chunk, plain), (looping_chunk, looping)):
                solved, source = shared_values(rules, batch)
                chunks = list(_chunks(batch.take(solved)))
                for chunk, made in zip(chunks, pool.map(work, chunks) if pool else map(work, chunks), strict=True):
                    done += len(chunk)
                    if work is looping_chunk:
                        evaluations += made
                    if progress:
                        progress(done, total)
                # the states out of reach of the bonus take their sheet's first value
                shared, given = batch.take(~solved), batch.take(source[~solved])
                table[shared.filled, shared.upper, shared.kiriki] = table[given.filled, given.upper, given.kiriki]
                done += len(shared)
                shared_states += len(shared)
                looping_states += len(batch) if work is looping_chunk else 0
                if progress and len(shared):
                    progress(done, total)
    finally:
        if pool:
            pool.shutdown(cancel_futures=True)
    values = table[: rules.full + 1]
    if not rules.distinguishes_kiriki_scores():
        kiriki_filled = (np.arange(rules.full + 1) & rules.five_bit) != 0
        values[kiriki_filled, :, RepeatCell.SCORED] = values[kiriki_filled, :, RepeatCell.ZERO]
    stats = SolveStats(total, looping_states, evaluations, time.perf_counter() - start, workers, shared_states)
    return values, stats


# -- the solution -----------------------------------------------------------------------------


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

    @property
    def winning_rows(self) -> tuple[str, ...]:
        """None: a row that wins at once has a first-roll rule, which the plain path solves."""
        return ()

    def win_chance(self) -> float:
        """0: no row of this path wins at once."""
        return 0.0

    def turn(self, sheet: Sheet) -> SheetTurn:
        """The turn of a player at its start with ``sheet``."""
        state = State.of(self.ruleset, sheet)
        if not self.has_turn(state):
            raise NoTurnLeftError("every row is filled and no turn is owed: the game is over for this sheet")
        return SheetTurn(self.ruleset, self.values, sheet, state, self.value(state))

    def play(self) -> Play:
        """The play for the spread (:func:`~dicespec.solver.sheetplay.sheet_play`)."""
        return sheet_play(self.rules, self.values)

    def coach_states(self) -> tuple[dict[str, Any], np.ndarray]:
        """The coach file's ``sheet`` layout (:func:`~dicespec.solver.sheetplay.coach_states`)."""
        return coach_states(self.rules, self.values)


def solve(ruleset: SheetRuleset, *, progress: Progress | None = None) -> Solution:
    """Solve ``ruleset`` afresh (no cache): about a second (Kiriki without repeats) to three (the reference, Yatzy).

    A ruleset with first-roll or requires rules goes to the plain path (:mod:`dicespec.solver.firstroll`)."""
    if uses_row_rules(ruleset):
        return firstroll.solve(ruleset, progress=progress)
    values, _ = solve_values(rules_of(ruleset), progress=progress)
    return SheetSolution(ruleset, values)


def is_cached(ruleset: SheetRuleset) -> bool:
    """Is a solved table of ``ruleset`` at hand (in this process or on disk)?"""
    return rules_key(ruleset) in _SOLVED or load_table(ruleset) is not None


_SOLVED: dict[str, np.ndarray] = {}  # state values by rules key, once read or solved in this process


def solution(ruleset: SheetRuleset, *, progress: Progress | None = None) -> Solution:
    """The solution of ``ruleset``: from memory or the cache file, else solved now and written there."""
    key = rules_key(ruleset)
    if uses_row_rules(ruleset):
        plain_rules_of(ruleset)  # refuses, in one line, what the plain path cannot hold
    if key not in _SOLVED:
        values = load_table(ruleset)
        if values is None:
            values = solve(ruleset, progress=progress).values
            try:
                save_table(ruleset, values)
            except OSError:
                pass  # no writable cache: the table serves this process only
        _SOLVED[key] = values
    if uses_row_rules(ruleset):
        return PlainSolution(ruleset, _SOLVED[key])
    return SheetSolution(ruleset, _SOLVED[key])
