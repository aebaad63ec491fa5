"""The batched path's solution (:class:`~dicespec.solver.scoresheet.SheetSolution`) as its readers
ask it (:class:`~dicespec.solver.solved.Solution`): one turn's values from a sheet, for the hint
(:class:`SheetTurn`); the play for the spread (:func:`sheet_play`); the states the coach's file
holds (:func:`coach_states`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

from dicespec.dice import Roll
from dicespec.scoresheet.game import allowed_rows, is_repeat, row_points
from dicespec.scoresheet.ruleset import SheetRuleset
from dicespec.scoresheet.sheet import Sheet
from dicespec.solver.keeps import best_keep_values, reroll_values
from dicespec.solver.play import EVENTS, Best, Chosen, Play, flat
from dicespec.solver.sheetrules import (
    RepeatCell,
    Rules,
    State,
    StateBatch,
    final_values,
    levels,
    popcounts,
    reachable_upper_sums,
    rules_of,
    shared_values,
)
from dicespec.solver.solved import Scored

__all__ = ["SheetTurn", "coach_states", "sheet_play"]


# -- one turn, for the hint --------------------------------------------------------------------


class SheetTurn:
    """One turn from ``sheet`` (in ``state``, whose value is ``own``): the value of every keep at
    every roll of the turn, and of every way to score the dice."""

    def __init__(self, ruleset: SheetRuleset, table: np.ndarray, sheet: Sheet, state: State, own: float) -> None:
        self.ruleset, self.table, self.sheet, self.state = ruleset, table, sheet, state
        self.rules = rules_of(ruleset)
        self.tables, self.rerolls = self.rules.tables, self.rules.rerolls
        self._own = own  # what a repeat kiriki comes back to
        batch = StateBatch(np.array([state.filled]), np.array([state.upper]), np.array([int(state.kiriki)]))
        final, _ = final_values(self.rules, table, batch, loop=np.array([own]))
        # expected[r][keep]: the value of holding that keep with r rolls left; expected[0]: per roll.
        self._expected = [final[:, 0]]
        rolls = final
        for _ in range(self.rules.rerolls):
            expected = reroll_values(self.rules.tables, rolls)
            self._expected.append(expected[:, 0])
            rolls = best_keep_values(self.rules.tables, expected)

    def keep_values(self, rolls_left: int) -> np.ndarray:
        return self._expected[rolls_left]

    def scores(self, roll: Roll, *, first: bool) -> list[Scored]:
        """Every row ``roll`` may be scored in, a repeat kiriki, and on a full sheet the end of the
        turn; no row of this path wins at once (first-roll rules go to the plain path)."""
        rules, state, values = self.rules, self.state, self.table
        # A repeat five of a kind adds to a bonus line (Yahtzee's 100) whichever row it goes in.
        line = rules.line_adds if rules.line_adds is not None and is_repeat(self.ruleset, self.sheet, roll) else 0
        found = []
        for row in allowed_rows(self.ruleset, self.sheet, roll):  # the forced joker narrows them
            i = rules.rows.index(row)
            points = row_points(self.ruleset, self.sheet, roll, row, first_roll=first)  # a joker scores full value
            upper, cell, gain = state.upper, state.kiriki, points + line
            if i in rules.upper_index:
                gain += rules.bonus(state.upper, points)
                upper = min(rules.upper_cap, state.upper + points)
            elif i == rules.five_index and rules.distinguishes_kiriki_scores():
                cell = RepeatCell.SCORED if points > 0 else RepeatCell.ZERO
            elif i == rules.five_index:
                cell = RepeatCell.ZERO
            after = float(values[state.filled | rules.bit(row), upper, cell])
            found.append(Scored(row, gain + after, wins=False))
        repeat = (
            rules.repeat_adds is not None
            and state.kiriki is RepeatCell.SCORED
            and rules.tables.roll_index(roll.counts) in rules.repeat_rolls
        )
        if repeat:
            assert rules.repeat_adds is not None
            assert rules.five_index is not None
            found.append(Scored(rules.rows[rules.five_index], rules.repeat_adds + self._own, wins=False))
        if state.filled == rules.full:
            found.append(Scored(None, 0.0, wins=False))
        return found


# -- the play, for the spread ------------------------------------------------------------------


def sheet_play(rules: Rules, table: np.ndarray) -> Play:
    """The play of the batched path's solution ``table`` (``V[filled, upper, kiriki cell]``), for
    the spread: at each roll the choice of the largest value, ties broken in sheet order, then
    ending the turn, then a repeat."""
    shape = table.shape
    events = tuple(
        name
        for name, present in zip(
            EVENTS,
            (
                bool(rules.bonus_points and rules.upper_index),
                rules.five_index is not None,
                rules.repeat_adds is not None or rules.line_adds is not None,
            ),
            strict=True,
        )
        if present
    )
    size = int(np.prod(shape))
    f, _, c = np.unravel_index(np.arange(size), shape)
    has_turn = np.concatenate([(f != rules.full) | np.asarray(rules.has_extra_turn(c), dtype=bool), [False]])
    values = flat(table)

    def flat_states(batch: StateBatch) -> np.ndarray:
        found: np.ndarray = np.ravel_multi_index((batch.filled, batch.upper, batch.kiriki), shape)
        return found

    def every_level() -> Iterator[tuple[np.ndarray, np.ndarray, np.ndarray]]:
        for _, plain, looping in levels(rules):
            for batch in (plain, looping):
                solved, source = shared_values(rules, batch)
                yield (
                    flat_states(batch.take(solved)),
                    flat_states(batch.take(~solved)),
                    flat_states(batch.take(source[~solved])),
                )

    def choices(states: np.ndarray, first: bool) -> Chosen:
        filled, upper, cell = np.unravel_index(states, shape)
        batch = StateBatch(filled.astype(np.int64), upper.astype(np.int64), cell.astype(np.int64))
        return _sheet_choices(rules, values, shape, events, batch, states)

    return Play(rules.tables, rules.rerolls, events, size, values, has_turn, 0, every_level, choices, False)


def _sheet_choices(
    rules: Rules,
    values: np.ndarray,
    shape: tuple[int, ...],
    events: tuple[str, ...],
    batch: StateBatch,
    own: np.ndarray,
) -> Chosen:
    """The choices of :func:`dicespec.solver.sheetrules.final_values`, one by one, in its order."""
    rolls, size = rules.tables.roll_count, len(batch)
    found = Best(rolls, size, len(events))
    event = {name: i for i, name in enumerate(events)}
    terminal = values.size - 1

    def index(filled: np.ndarray, upper: np.ndarray, cell: np.ndarray | int) -> np.ndarray:
        flat: np.ndarray = (filled * shape[1] + upper) * shape[2] + cell  # broadcast, as the arrays are
        return flat

    def upper_move(upper: np.ndarray, points: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        moved = upper + points
        earned = np.where((upper < rules.upper_cap) & (moved >= rules.upper_cap), rules.bonus_points, 0)
        return np.minimum(moved, rules.upper_cap), earned

    rows: list[tuple[np.ndarray, np.ndarray, np.ndarray, dict[int, np.ndarray]]] = []
    for i in range(len(rules.rows)):
        is_open = (batch.filled & (1 << i)) == 0
        after = batch.filled | (1 << i)
        points = rules.scores[:, i][:, None]
        made: dict[int, np.ndarray] = {}
        if i in rules.upper_index:
            # one next state per distinct score of the row, spread over the rolls that score it
            distinct, which = np.unique(points, return_inverse=True)
            capped, earned = upper_move(batch.upper[None, :], distinct[:, None])
            by_score = index(after[None, :], capped, batch.kiriki[None, :])
            which = which.ravel()
            nxt, gain = by_score[which], (distinct[:, None] + earned)[which]
            if "upper_bonus" in event:
                made[event["upper_bonus"]] = (earned > 0)[which]
        elif i == rules.five_index:
            scored = RepeatCell.SCORED if rules.distinguishes_kiriki_scores() else RepeatCell.ZERO
            above = points > 0
            gain = points
            zero = index(after, batch.upper, int(RepeatCell.ZERO))
            nxt = np.where(above, index(after, batch.upper, int(scored)), zero)
            made[event["five_of_a_kind"]] = above
        else:
            gain = points
            nxt = index(after, batch.upper, batch.kiriki)[None, :]
        value = np.where(is_open[None, :], gain + values[nxt], -np.inf)
        rows.append((value, gain, nxt, made))
    jokers = []
    if rules.joker != "none" or rules.line_adds is not None:
        jokers = _five_of_a_kind_again(rules, values, batch, rows, index, upper_move, event)
    for row in rows:
        found.offer(*row)
    for r, value, gain, nxt, made in jokers:
        found.offer_roll(r, value, gain, nxt, made)
    full = batch.filled == rules.full
    found.offer(np.where(full, 0.0, -np.inf)[None, :], np.zeros(1), np.full(1, terminal), {})
    if rules.repeat_adds is not None and len(rules.repeat_rolls):
        # a repeat kiriki: its points, and the same state again
        again = np.zeros((rolls, 1), dtype=bool)
        again[rules.repeat_rolls] = True
        allowed = again & (batch.kiriki == RepeatCell.SCORED)[None, :]
        value = np.where(allowed, rules.repeat_adds + values[own][None, :], -np.inf)
        found.offer(value, np.full(1, rules.repeat_adds), own[None, :], {event["repeat"]: np.ones(1, dtype=bool)})
    return found.chosen()


def _five_of_a_kind_again(
    rules: Rules,
    values: np.ndarray,
    batch: StateBatch,
    rows: list[tuple[np.ndarray, np.ndarray, np.ndarray, dict[int, np.ndarray]]],
    index: Callable[[np.ndarray, np.ndarray, np.ndarray | int], np.ndarray],
    upper_move: Callable[[np.ndarray, np.ndarray], tuple[np.ndarray, np.ndarray]],
    event: dict[str, int],
) -> list[tuple[int, np.ndarray, np.ndarray, np.ndarray, dict[int, np.ndarray]]]:
    """Each five of a kind rolled once its row is filled, scored as
    :func:`dicespec.solver.sheetrules._five_of_a_kind_again` scores it (a joker, a bonus line): its
    choices, by roll (offered in sheet order), and in ``rows`` the plain choices they replace taken
    away (``-inf``)."""
    assert rules.joker_scores is not None and rules.face_rows is not None
    filled_five = batch.kiriki != RepeatCell.OPEN
    if not filled_five.any():
        return []
    size = len(batch)
    lower = [i for i in range(len(rules.rows)) if i not in rules.upper_index]
    is_open = [(batch.filled & (1 << i)) == 0 for i in range(len(rules.rows))]
    lower_open = np.logical_or.reduce([is_open[i] for i in lower]) if lower else np.zeros(size, dtype=bool)
    scores = rules.joker_scores if rules.joker != "none" else rules.scores
    line = np.where(batch.kiriki == RepeatCell.SCORED, rules.line_adds or 0, 0)
    found = []
    for r in rules.repeat_rolls:
        own = int(rules.face_rows[r])
        own_open = is_open[own] if own >= 0 else np.zeros(size, dtype=bool)
        options = []
        for i in range(len(rules.rows)):
            allowed = is_open[i].copy()
            if rules.joker == "forced":
                allowed &= np.where(own_open, i == own, np.where(lower_open, i in lower, True))
            points = np.where(own_open, int(rules.scores[r, i]), int(scores[r, i]))
            after = batch.filled | (1 << i)
            earned = np.zeros(size, dtype=np.int64)
            if i in rules.upper_index:
                upper, earned = upper_move(batch.upper, points)
            else:
                upper = batch.upper
            nxt = index(after, upper, batch.kiriki)
            value = np.where(allowed, points + earned + values[nxt] + line, -np.inf)
            made = {}
            if "upper_bonus" in event:
                made[event["upper_bonus"]] = earned > 0
            if "repeat" in event:
                made[event["repeat"]] = line > 0
            options.append((value, points + earned + line, nxt, made))
        best = np.max([value for value, _, _, _ in options], axis=0)
        replaced = filled_five & np.isfinite(best)
        for row in rows:
            row[0][r, replaced] = -np.inf
        found += [(int(r), np.where(replaced, value, -np.inf), gain, nxt, made) for value, gain, nxt, made in options]
    return found


# -- the states the coach's file holds ---------------------------------------------------------


def _upper_masks(rules: Rules, masks: np.ndarray) -> np.ndarray:
    found = np.zeros_like(masks)
    for k, i in enumerate(rules.upper_index):
        found |= ((masks >> i) & 1) << k
    return found


def reach_thresholds(rules: Rules) -> list[int]:
    """For each set of filled upper rows, the upper sum below which the bonus is out of reach
    (:func:`dicespec.solver.sheetrules.bonus_out_of_reach`); 0 where nothing is ever out of reach."""
    if not rules.upper_index or not rules.bonus_points:
        return [0] * (1 << len(rules.upper_index))
    tables = [rules.scores] if rules.joker_scores is None else [rules.scores, rules.joker_scores]
    tops = [max(int(points[:, i].max()) for points in tables) for i in rules.upper_index]
    found = []
    for upper_mask in range(1 << len(rules.upper_index)):
        most = sum(top for k, top in enumerate(tops) if not upper_mask >> k & 1)
        found.append(max(0, rules.upper_cap - most))
    return found


def stored_sums(rules: Rules) -> list[list[int]]:
    """For each set of filled upper rows, the upper sums whose values the file holds: the
    reachable ones in reach of the bonus, and the lowest, which stands for those out of reach."""
    thresholds = reach_thresholds(rules)
    found = []
    for upper_mask, sums in enumerate(reachable_upper_sums(rules)):
        ordered = [int(s) for s in sums]
        found.append([s for s in ordered if s == ordered[0] or s >= thresholds[upper_mask]])
    return found


def filled_cells(rules: Rules) -> list[int]:
    """The kiriki cells stored for a sheet whose five-of-a-kind row is filled."""
    if rules.distinguishes_kiriki_scores():
        return [int(RepeatCell.ZERO), int(RepeatCell.SCORED)]
    return [int(RepeatCell.ZERO)]


def level_indexes(rules: Rules, count: int, sums: list[list[int]]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The stored states with ``count`` rows filled, in the file's order: (filled, upper, cell)."""
    masks = np.arange(rules.full + 1, dtype=np.int64)
    level = masks[popcounts(masks, len(rules.rows)) == count]
    uppers = _upper_masks(rules, level)
    filled, upper, cell = [], [], []
    for mask, upper_mask in zip(level.tolist(), uppers.tolist(), strict=True):
        cells = filled_cells(rules) if mask & rules.five_bit else [int(RepeatCell.OPEN)]
        for c in cells:
            for s in sums[upper_mask]:
                filled.append(mask)
                upper.append(s)
                cell.append(c)
    return np.array(filled, dtype=np.int64), np.array(upper, dtype=np.int64), np.array(cell, dtype=np.int64)


def stored_levels(rules: Rules, sums: list[list[int]]) -> list[int]:
    """Every other level of filled rows: of the two ways to choose them, the one with fewer states."""
    sizes = [len(level_indexes(rules, count, sums)[0]) for count in range(len(rules.rows) + 1)]
    even = list(range(0, len(sizes), 2))
    odd = list(range(1, len(sizes), 2))
    return min((even, odd), key=lambda chosen: sum(sizes[c] for c in chosen))


def coach_states(rules: Rules, table: np.ndarray) -> tuple[dict[str, Any], np.ndarray]:
    """The batched path's part of its coach file (:mod:`dicespec.solver.coachdata`, ``layout:
    "sheet"``): the header's keys of the layout, and the values of the states it stores, in order."""
    sums = stored_sums(rules)
    levels = stored_levels(rules, sums)
    parts = []
    for count in levels:
        filled, upper, cell = level_indexes(rules, count, sums)
        found = table[filled, upper, cell]
        if count == len(rules.rows):  # a full sheet without a turn owed is worth 0
            found = np.where(np.isnan(found), 0.0, found)
        if np.isnan(found).any():
            raise ValueError(f"ruleset {rules.ruleset.name}: a stored state has no value (level {count})")
        parts.append(found)
    header = {
        "layout": "sheet",
        "rows": list(rules.rows),
        "upper_cap": rules.upper_cap,
        "cells": filled_cells(rules),
        "levels": levels,
        "sums": sums,
        "reach": reach_thresholds(rules),
    }
    return header, np.concatenate(parts)
