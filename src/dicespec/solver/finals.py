"""The value of every roll once it is scored, for a batch of states, written into the solve's
buffers (:class:`dicespec.solver.turns.TurnBuffers`): the numbers of
:func:`dicespec.solver.sheetrules.final_values`, computed with less work.

A roll's final value is the best, over the open rows, of its points there (and the bonus they
earn) plus the value of the state after. Most rolls score 0 in most rows, and a roll scoring 0
in a row leads to the same next state whatever the roll (``-inf`` in a filled row):

- **Zero scores.** A roll's best zero score is the best over the rows it scores 0 in. In the
  upper rows that set is the faces it lacks: the best of every set of upper rows is tabled once
  a batch (64 rows, each the maximum of a smaller set's and one row's); the other rows' zero
  sets are a handful (seven on Kiriki's sheet). A roll reads one of each.
- **Candidates.** Every other choice is a *candidate*: a row and a score that some roll makes
  there (points, the bonus they earn, plus the next state's value), about a hundred a ruleset,
  one row each of a table. A roll reads its own few, about five.

On Kiriki's sheet that is 1,224 (roll, row) pairs and two zero-score reads a roll, instead of
the 3,276 pairs of a dense table, and no ``(rolls, states)`` temporary is made per row. The
arithmetic is the definition's, in the same order (points plus bonus, then plus the next value;
maxima are exact), so the values are equal, whatever the state values read.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from dicespec.solver.sheetrules import RepeatCell, Rules, StateBatch
from dicespec.solver.turns import TurnBuffers, TurnLayout, turn_layout

SAME_CELL = -1  # a candidate that leaves the kiriki cell as it is


@dataclass(frozen=True, slots=True, eq=False)
class FinalLayout:
    """The candidates of a ruleset and which rolls read which (see the module docstring)."""

    rules: Rules
    turns: TurnLayout
    row_bits: np.ndarray  # (rows,) each row's bit
    zero_cells: np.ndarray  # (rows,) the cell after scoring 0 there (SAME_CELL but in the kiriki row)
    upper_rows: np.ndarray  # (upper candidates,) the row of each
    upper_points: np.ndarray  # (upper candidates,) its points
    lower_options: np.ndarray  # (options, 2): row and cell after of each next state a lower candidate reads
    lower_option: np.ndarray  # (lower candidates,) the option of each
    lower_points: np.ndarray  # (lower candidates,) its points
    columns: tuple[np.ndarray, ...]  # columns[j]: the j-th candidate (row of C) of a prefix of the rolls
    upper_zero: np.ndarray  # (rolls,) the set of upper rows each roll scores 0 in (bit k: upper_index[k])
    lower_zero_sets: tuple[np.ndarray, ...]  # the distinct sets of other rows rolls score 0 in
    lower_zero: np.ndarray  # (rolls,) each roll's set among them
    repeat_rows: np.ndarray  # the buffers' rows of the five-of-a-kind rolls
    repeat_public: np.ndarray  # and their public roll indexes (rules.repeat_rolls)

    @property
    def candidate_count(self) -> int:
        """Rows of C: -inf (what a roll with fewer candidates reads), the upper candidates, the lower ones."""
        return 1 + len(self.upper_rows) + len(self.lower_points)

    @property
    def upper_sets(self) -> int:
        """The number of sets of upper rows."""
        return 1 << len(self.rules.upper_index)

    @property
    def table_rows(self) -> int:
        """Rows of the table made per batch: the candidates, each upper set's and each lower set's best zero score."""
        return self.candidate_count + self.upper_sets + len(self.lower_zero_sets)


@cache
def final_layout(rules: Rules) -> FinalLayout:
    """The candidates of ``rules`` (built once)."""
    turns = turn_layout(rules.tables.dice)
    scores = rules.scores[turns.rolls_public]  # (rolls in the buffers' order, rows)
    five = rules.five_index
    scored_cell = RepeatCell.SCORED if rules.distinguishes_kiriki_scores() else RepeatCell.ZERO
    upper_rows: list[int] = []
    upper_points: list[int] = []
    options: list[tuple[int, int]] = []
    lower_option: list[int] = []
    lower_points: list[int] = []
    which = np.zeros(scores.shape, dtype=np.intp)  # each (roll, row): its candidate (0: none, a zero score)
    zero = np.zeros(scores.shape, dtype=bool)  # each (roll, row): does the roll score 0 there
    for i in range(len(rules.rows)):
        column = scores[:, i]
        # the kiriki row: a score above 0 makes the cell "scored", 0 (or less) leaves it at 0 points
        chosen = column > 0 if i == five else column != 0
        zero[:, i] = ~chosen
        for points in np.unique(column[chosen]).tolist():
            if i in rules.upper_index:
                upper_rows.append(i)
                upper_points.append(int(points))
                which[chosen & (column == points), i] = len(upper_rows)  # numbered from 1; fixed below
            else:
                cell = int(scored_cell) if i == five else SAME_CELL
                if (i, cell) not in options:
                    options.append((i, cell))
                lower_option.append(options.index((i, cell)))
                lower_points.append(int(points))
                which[chosen & (column == points), i] = -len(lower_points)  # negative: a lower candidate
    n_upper = len(upper_rows)
    index = np.where(which > 0, which, np.where(which < 0, n_upper - which, 0))  # rows of C; 0 is -inf
    per_roll = [row[row > 0] for row in index]
    columns = []
    for j in range(max(len(found) for found in per_roll)):
        prefix = 1 + max(r for r, found in enumerate(per_roll) if len(found) > j)
        columns.append(np.array([found[j] if len(found) > j else 0 for found in per_roll[:prefix]], dtype=np.intp))
    upper_zero = np.zeros(len(scores), dtype=np.intp)
    for k, i in enumerate(rules.upper_index):
        upper_zero |= zero[:, i].astype(np.intp) << k
    lower = [i for i in range(len(rules.rows)) if i not in rules.upper_index]
    lower_sets = sorted({tuple(i for i in lower if zero[r, i]) for r in range(len(scores))})
    zero_cells = np.full(len(rules.rows), SAME_CELL, dtype=np.intp)
    if five is not None:
        zero_cells[five] = int(RepeatCell.ZERO)
    position = np.empty(turns.roll_count, dtype=np.intp)
    position[turns.rolls_public] = np.arange(turns.roll_count)
    return FinalLayout(
        rules=rules,
        turns=turns,
        row_bits=np.array([1 << i for i in range(len(rules.rows))], dtype=np.int64),
        zero_cells=zero_cells,
        upper_rows=np.array(upper_rows, dtype=np.intp),
        upper_points=np.array(upper_points, dtype=np.int64),
        lower_options=np.array(options, dtype=np.int64).reshape(-1, 2),
        lower_option=np.array(lower_option, dtype=np.intp),
        lower_points=np.array(lower_points, dtype=np.int64),
        columns=tuple(columns),
        upper_zero=upper_zero,
        lower_zero_sets=tuple(np.array(found, dtype=np.intp) for found in lower_sets),
        lower_zero=np.array(
            [lower_sets.index(tuple(i for i in lower if zero[r, i])) for r in range(len(scores))], dtype=np.intp
        ),
        repeat_rows=position[rules.repeat_rolls],
        repeat_public=rules.repeat_rolls,
    )


def write_final_values(
    layout: FinalLayout,
    table: np.ndarray,
    batch: StateBatch,
    buffers: TurnBuffers,
    loop: np.ndarray | None = None,
    *,
    slopes: bool = False,
) -> None:
    """Write each roll's final value for each state of ``batch`` into ``buffers.rolls``, as
    :func:`~dicespec.solver.sheetrules.final_values` defines it. ``loop`` is the value assumed
    for the batch's own states, which a repeat kiriki returns to; with ``slopes``, each final
    value's slope with respect to it goes into ``buffers.roll_slopes``."""
    final = buffers.rolls(len(batch))
    score_rolls(layout, table, batch, buffers, final)
    if loop is not None:
        add_repeats(layout, final, batch, loop, buffers.roll_slopes(len(batch)) if slopes else None)


def score_rolls(
    layout: FinalLayout, table: np.ndarray, batch: StateBatch, buffers: TurnBuffers, final: np.ndarray
) -> None:
    """Each roll's final value for each state of ``batch`` (columns) into ``final``, a repeat
    kiriki left out (:func:`add_repeats`); ``buffers`` lend their scratch rows.

    ``table`` is the solve's work table (:func:`work_table`): the state values with one more
    sheet, ``-inf`` throughout, that every choice of a filled row reads; so no mask is needed."""
    rules, size = layout.rules, len(batch)
    flat = table.reshape(-1)
    sizes, cells = table.shape[1], table.shape[2]
    filled = batch.filled.astype(np.int64)
    upper = batch.upper.astype(np.int64)
    cell = batch.kiriki.astype(np.int64)
    bits = layout.row_bits[:, None]
    closed = (filled[None, :] & bits) != 0  # (rows, states)
    # each row's next sheet, or the -inf sheet where the row is filled; times the upper sums
    after = (filled[None, :] | bits) + closed * (rules.full + 1 - filled[None, :])
    base = after * sizes
    made = buffers.candidates(layout.table_rows, size)
    candidates = made[: layout.candidate_count]
    upper_sets = made[layout.candidate_count : layout.candidate_count + layout.upper_sets]
    lower_sets = made[layout.candidate_count + layout.upper_sets :]
    candidates[0] = -np.inf
    # the zero scores: the upper sum and, but in the kiriki row, the cell unchanged
    zero_cell = np.where(layout.zero_cells[:, None] == SAME_CELL, cell[None, :], layout.zero_cells[:, None])
    zeros = flat.take((base + upper[None, :]) * cells + zero_cell)
    upper_sets[0] = -np.inf
    for k, i in enumerate(rules.upper_index):  # the sets with upper row k: those without it, and row k
        np.maximum(upper_sets[: 1 << k], zeros[i], out=upper_sets[1 << k : 2 << k])
    for found, rows in zip(lower_sets, layout.lower_zero_sets, strict=True):
        if len(rows):
            np.max(zeros[rows], axis=0, out=found)
        else:
            found[:] = -np.inf
    if (filled == rules.full).any():  # a full sheet's turn may end with no score
        np.maximum(lower_sets, np.where(filled == rules.full, 0.0, -np.inf), out=lower_sets)
    # the upper candidates: points, the bonus they earn, and the next state with the upper sum moved
    n_upper = len(layout.upper_rows)
    if n_upper:
        rows, points = layout.upper_rows, layout.upper_points[:, None]
        moved = upper[None, :] + points
        capped = np.minimum(moved, rules.upper_cap)
        earned = ((upper[None, :] < rules.upper_cap) & (moved >= rules.upper_cap)) * rules.bonus_points
        later = flat.take((base[rows] + capped) * cells + cell[None, :])
        np.add(points + earned, later, out=candidates[1 : 1 + n_upper])
    # the lower candidates: points plus the value of one of a few next states
    if len(layout.lower_points):
        option_rows, option_cells = layout.lower_options[:, 0], layout.lower_options[:, 1]
        next_cell = np.where(option_cells[:, None] == SAME_CELL, cell[None, :], option_cells[:, None])
        later = flat.take((base[option_rows] + upper[None, :]) * cells + next_cell)
        np.add(layout.lower_points[:, None], later[layout.lower_option], out=candidates[1 + n_upper :])
    scratch = buffers.scratch(size)
    upper_sets.take(layout.upper_zero, axis=0, out=final, mode="clip")
    lower_sets.take(layout.lower_zero, axis=0, out=scratch, mode="clip")
    np.maximum(final, scratch, out=final)
    for column in layout.columns:
        n = len(column)
        candidates.take(column, axis=0, out=scratch[:n], mode="clip")
        np.maximum(final[:n], scratch[:n], out=final[:n])
    if rules.joker != "none" or rules.line_adds is not None:
        _five_of_a_kind_again(layout, flat, batch, final, after, closed, buffers)


def add_repeats(
    layout: FinalLayout, final: np.ndarray, batch: StateBatch, loop: np.ndarray, slopes: np.ndarray | None
) -> None:
    """Offer a repeat kiriki in ``final`` (rolls by states of ``batch``): it adds to the filled
    kiriki cell and comes back to the same state, worth ``loop``. With ``slopes``, write each final
    value's slope with respect to ``loop`` there (1 where the repeat is chosen, else 0)."""
    rules, rows = layout.rules, layout.repeat_rows
    chosen = None
    if rules.repeat_adds is not None and len(rows):
        allowed = batch.kiriki == RepeatCell.SCORED
        again = np.where(allowed, rules.repeat_adds + loop, -np.inf)[None, :]
        chosen = again > final[rows]
        final[rows] = np.where(chosen, again, final[rows])
    if slopes is not None:
        slopes[:] = 0.0
        if chosen is not None:
            slopes[rows] = chosen


def work_table(rules: Rules) -> np.ndarray:
    """An empty table of state values for a solve, ``[filled, upper, kiriki cell]``, NaN where
    not solved, with one sheet more than the masks (``rules.full + 1``): ``-inf`` everywhere,
    the value of scoring in a filled row. The solution is its view without that sheet."""
    table = np.full((rules.full + 2, rules.upper_sizes, len(RepeatCell)), np.nan)
    table[rules.full + 1] = -np.inf
    return table


def _five_of_a_kind_again(
    layout: FinalLayout,
    flat: np.ndarray,
    batch: StateBatch,
    final: np.ndarray,
    after: np.ndarray,
    closed: np.ndarray,
    buffers: TurnBuffers,
) -> None:
    """:func:`dicespec.solver.sheetrules._five_of_a_kind_again` for every five of a kind and row
    at once: a joker's or a bonus line's rescoring of a five of a kind once its row is filled.
    The (fives, rows, states) temporaries live in ``buffers``' spare arrays."""
    rules = layout.rules
    assert rules.joker_scores is not None and rules.face_rows is not None
    columns = np.flatnonzero(batch.kiriki != RepeatCell.OPEN)  # the states whose five-of-a-kind row is filled
    if not len(columns) or not len(layout.repeat_rows):
        return
    batch, after, closed = batch.take(columns), after[:, columns], closed[:, columns]
    rows = len(rules.rows)
    is_upper = np.isin(np.arange(rows), rules.upper_index)
    repeat = layout.repeat_public
    own = rules.face_rows[repeat]  # (fives,)
    own_open = np.where((own >= 0)[:, None], ~closed[np.maximum(own, 0)], False)  # (fives, states)
    plain = rules.scores[repeat][:, :, None]  # (fives, rows, 1)
    joker = (rules.joker_scores if rules.joker != "none" else rules.scores)[repeat][:, :, None]
    shape = (len(repeat), rows, len(columns))
    points, moved = buffers.spare("points", shape, np.int64), buffers.spare("moved", shape, np.int64)
    earned, value = buffers.spare("earned", shape, np.bool_), buffers.spare("value", shape)
    # the roll's points while its own upper row is open, a joker's after
    np.multiply(joker - plain, ~own_open[:, None, :], out=points)
    points += plain
    upper = batch.upper.astype(np.int64)[None, None, :]
    np.multiply(points, is_upper[None, :, None], out=moved)  # only an upper row moves the upper sum
    moved += upper
    np.greater_equal(moved, rules.upper_cap, out=earned)
    earned &= upper < rules.upper_cap
    np.minimum(moved, rules.upper_cap, out=moved)  # the next upper sum
    moved += after[None, :, :] * rules.upper_sizes  # after: the -inf sheet where the row is filled
    moved *= len(RepeatCell)
    moved += batch.kiriki.astype(np.int64)[None, None, :]
    flat.take(moved, out=value, mode="clip")
    np.multiply(earned, rules.bonus_points, out=moved)  # the index is read: its room holds the bonus
    points += moved
    value += points  # points and bonus, then the next value: -inf in a filled row
    if rules.joker == "forced":
        # its own upper row if open; else a lower row if one is open; else any (an upper row)
        lower_open = np.logical_or.reduce(~closed[~is_upper], axis=0)  # all False without lower rows
        own_value = np.take_along_axis(value, np.maximum(own, 0)[:, None, None], axis=1)[:, 0, :]
        best = np.where(
            own_open,
            own_value,
            np.where(lower_open[None, :], value[:, ~is_upper].max(axis=1, initial=-np.inf), value.max(axis=1)),
        )
    else:
        best = value.max(axis=1)  # (fives, states): any open row
    bonus = np.where(batch.kiriki == RepeatCell.SCORED, rules.line_adds or 0, 0)
    at = np.ix_(layout.repeat_rows, columns)
    final[at] = np.where(np.isfinite(best), best + bonus[None, :], final[at])
