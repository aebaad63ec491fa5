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
from dataclasses import dataclass

import numpy as np

# What the faster solver did not change is not copied: the within-turn programme (keeps.py, as it
# was) and the rules as arrays with final_values (moved, unchanged, to sheetrules.py).
from dicespec.solver.keeps import turn_value, turn_value_and_slope
from dicespec.solver.sheetrules import RepeatCell, Rules, StateBatch, final_values, reachable_upper_sums, rules_of

__all__ = ["levels", "rules_of", "solve_values"]

Progress = Callable[[int, int], None]
"""Told ``(states solved, states in all)`` as a solve goes on."""

CHUNK = 512  # states a batch: large enough for numpy, small enough for the caches
TOLERANCE = 1e-9  # the largest |T(x) - x| a repeat-kiriki state's value may leave
MAX_NEWTON_STEPS = 60


# -- the solve --------------------------------------------------------------------------------


def levels(rules: Rules) -> Iterator[tuple[int, StateBatch, StateBatch]]:
    """From the full sheet down: the filled-row count, its plain states and its looping states.

    A looping state is one a repeat kiriki returns to. Unreachable upper sums are left out;
    where the kiriki cell's score makes no difference, only the 0 case is solved.
    """
    reachable = reachable_upper_sums(rules)
    upper_bits = sum(1 << i for i in rules.upper_index)
    kiriki_bit = rules.five_bit
    filled_cells: tuple[RepeatCell, ...] = (
        (RepeatCell.ZERO, RepeatCell.SCORED) if rules.distinguishes_kiriki_scores() else (RepeatCell.ZERO,)
    )
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
