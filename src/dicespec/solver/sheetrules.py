"""The score-sheet solver's view of a ruleset and of a player's sheet: the rules as arrays
(:class:`Rules`), a turn-start state (:class:`State`) and states in a batch (:class:`StateBatch`),
:func:`final_values`, the value of every roll once it is scored, written out rule by rule, and the
states level by level (:func:`levels`), with those that share a value (:func:`shared_values`).

:func:`final_values` is the definition the hint (:mod:`dicespec.solver.hint`) and the tests read;
the solve itself computes the same numbers faster, in buffers (:mod:`dicespec.solver.finals`).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import IntEnum
from functools import cache

import numpy as np

from dicespec.errors import UnsupportedRulesetError
from dicespec.scoresheet.rows import score_sheet
from dicespec.scoresheet.ruleset import SheetRuleset
from dicespec.scoresheet.sheet import Sheet
from dicespec.solver.keeps import KeepTables, keep_tables, roll_of


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


STATE_BOUND = 1 << 24
"""The most turn-start states the solver takes on (a sheet of 15 rows has 2,097,152 with its
upper sums; 16,777,216 take a few GB of tables)."""


def state_count(ruleset: SheetRuleset) -> int:
    """How many turn-start states a solve of ``ruleset`` would hold: every set of filled rows,
    every capped upper sum, every state of the five-of-a-kind row, every count of saved rolls
    (a player can bank at most the rolls of every turn but the last), and for each row another
    row requires, whether it holds points."""
    upper = 1 if ruleset.bonus_more_than is None else ruleset.bonus_more_than + 2
    five = 1 if ruleset.five_of_a_kind is None else 3
    saved = (ruleset.rolls_per_turn - 1) * (len(ruleset.rows) - 1) + 1 if ruleset.saved_rolls else 1
    required = len({row.requires for row in ruleset.rows.values() if row.requires is not None})
    return (1 << len(ruleset.rows)) * upper * five * saved * (1 << required)


def require_within_bound(ruleset: SheetRuleset) -> None:
    """Refuse, in one line naming the count and the bound, a ruleset of more states than
    :data:`STATE_BOUND` (both solver paths ask it first)."""
    count = state_count(ruleset)
    if count > STATE_BOUND:
        kept = ["filled rows", "upper sums"]
        kept += ["saved rolls"] if ruleset.saved_rolls else []
        kept += ["required rows holding points"] if any(row.requires for row in ruleset.rows.values()) else []
        raise UnsupportedRulesetError(
            f"ruleset {ruleset.name}: {count:,} states ({', '.join(kept)}) is more than the solver's bound "
            f"of {STATE_BOUND:,}"
        )


def _require_supported(ruleset: SheetRuleset) -> None:
    """Refuse, in one line, the rules the solver's turn and state cannot describe yet."""
    require_within_bound(ruleset)
    for row in ruleset.rows.values():
        # the plain path (dicespec.solver.firstroll) holds these; the batched solve does not
        if row.first_roll_adds or row.first_roll_wins:
            raise UnsupportedRulesetError(
                f"ruleset {ruleset.name}: row {row.id} scores differently on the turn's first roll; "
                "the batched solver's turn does not tell the first roll from the others"
            )
        if row.requires is not None:
            raise UnsupportedRulesetError(
                f"ruleset {ruleset.name}: row {row.id} requires {row.requires} to hold points; "
                "the batched solver's state does not record whether it does"
            )


@cache
def rules_of(ruleset: SheetRuleset) -> Rules:
    """The solver's view of ``ruleset``; refuses rules its state cannot describe."""
    _require_supported(ruleset)
    five = ruleset.five_of_a_kind
    adds = five.repeat_adds if five is not None and five.adds_to_cell else None
    line_adds = five.repeat_adds if five is not None and five.bonus_line is not None else None
    if line_adds is not None and five is not None and five.extra_turns != "none":
        raise UnsupportedRulesetError(
            f"ruleset {ruleset.name}: a repeat added to a bonus line that also earns a turn leaves the sheet "
            "full with turns to come; the solver's state (filled rows) cannot count them"
        )
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
    repeat_rolls = np.array(
        [i for i, roll in enumerate(rolls) if ruleset.five_of_a_kind_fits(roll.counts)], dtype=np.intp
    )
    joker_scores = np.array(
        [[ruleset.rows[row].rule.joker_points(roll.counts) for row in rows] for roll in rolls], dtype=np.int64
    )
    face_rows = np.array(
        [rows.index(found) if (found := ruleset.face_row(roll.dice[0])) else -1 for roll in rolls], dtype=np.intp
    )
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
            "none" if not self.filled else f"mask {self.filled:#b}"
        )
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
            earned = np.where(
                (batch.upper[None, :] < rules.upper_cap) & (upper >= rules.upper_cap), rules.bonus_points, 0
            )
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
                earned = np.where(
                    (batch.upper < rules.upper_cap) & (batch.upper + points >= rules.upper_cap), rules.bonus_points, 0
                )
                value = points + earned + values[after, upper, batch.kiriki]
            else:
                value = points + values[after, batch.upper, batch.kiriki]
            np.maximum(best, np.where(allowed, value, -np.inf), out=best)
        bonus = np.where(batch.kiriki == RepeatCell.SCORED, rules.line_adds or 0, 0)
        final[r] = np.where(filled_five & np.isfinite(best), best + bonus, final[r])


# -- the states, level by level ----------------------------------------------------------------


def levels(rules: Rules) -> Iterator[tuple[int, StateBatch, StateBatch]]:
    """From the full sheet down: the filled-row count, its plain states and its looping states.

    A looping state is one a repeat kiriki returns to. Unreachable upper sums are left out;
    where the kiriki cell's score makes no difference, only the 0 case is solved. Within a level
    the states go by filled rows, then kiriki cell, then upper sum.
    """
    masks = np.arange(rules.full + 1, dtype=np.int64)
    counts = popcounts(masks, len(rules.rows))
    upper_masks = np.zeros_like(masks)
    for k, i in enumerate(rules.upper_index):
        upper_masks |= ((masks >> i) & 1) << k
    reachable = reachable_upper_sums(rules)
    reach = np.zeros((len(reachable), rules.upper_sizes), dtype=bool)
    for upper_mask, sums in enumerate(reachable):
        reach[upper_mask, sums] = True
    filled_cells = [RepeatCell.ZERO, RepeatCell.SCORED] if rules.distinguishes_kiriki_scores() else [RepeatCell.ZERO]
    for count in reversed(range(len(rules.rows) + 1)):
        level = masks[counts == count]
        has_five = (level & rules.five_bit) != 0
        # each sheet with its kiriki cells, in order: open, or 0 (and above 0)
        copies = np.where(has_five, len(filled_cells), 1)
        sheets = np.repeat(level, copies)
        first = np.repeat(np.cumsum(copies) - copies, copies)
        cells = np.where(
            np.repeat(has_five, copies),
            np.array(filled_cells, dtype=np.int64)[np.arange(len(sheets)) - first],
            int(RepeatCell.OPEN),
        )
        which, upper = np.nonzero(reach[upper_masks[sheets]])
        batch = StateBatch(sheets[which], upper.astype(np.int64), cells[which])
        looping = (batch.kiriki == RepeatCell.SCORED) & (rules.repeat_adds is not None)
        if count == len(rules.rows):
            # A full sheet has a turn only when one is owed beyond the rows.
            has_turn = np.asarray(rules.has_extra_turn(batch.kiriki), dtype=bool)
            yield count, batch.take(has_turn & ~looping), batch.take(has_turn & looping)
        else:
            yield count, batch.take(~looping), batch.take(looping)


def popcounts(masks: np.ndarray, bits: int) -> np.ndarray:
    """The number of set bits of each mask (of ``bits`` bits)."""
    found = np.zeros_like(masks)
    for i in range(bits):
        found += (masks >> i) & 1
    return found


def bonus_out_of_reach(rules: Rules, batch: StateBatch) -> np.ndarray:
    """Which states of ``batch`` can no longer earn the upper bonus: their upper sum plus the most
    their open upper rows can score (a joker's points included) is short of it.

    From such a state the upper sum changes nothing to come: every upper sum of the same sheet and
    kiriki cell that is out of reach has the same value, computed by the same operations on the
    same numbers (the states one row later are out of reach too, and equal by the same token)."""
    found = np.zeros(len(batch), dtype=bool)
    if not rules.upper_index or not rules.bonus_points:
        return found
    most = np.zeros(len(batch), dtype=np.int64)
    tables = [rules.scores] if rules.joker_scores is None else [rules.scores, rules.joker_scores]
    for i in rules.upper_index:
        top = max(int(points[:, i].max()) for points in tables)
        most += np.where((batch.filled >> i) & 1 == 0, top, 0)
    return np.asarray(batch.upper + most < rules.upper_cap)


def shared_values(rules: Rules, batch: StateBatch) -> tuple[np.ndarray, np.ndarray]:
    """The states of ``batch`` to solve, and for each state the one whose value it takes (itself,
    or the lowest upper sum of its sheet and cell when the bonus is out of reach for both).

    ``batch`` is in :func:`levels` order: by sheet, cell, then upper sum, so the states out of
    reach of the bonus are the first of their sheet and cell."""
    index = np.arange(len(batch))
    out_of_reach = bonus_out_of_reach(rules, batch)
    first = np.ones(len(batch), dtype=bool)
    first[1:] = (batch.filled[1:] != batch.filled[:-1]) | (batch.kiriki[1:] != batch.kiriki[:-1]) | ~out_of_reach[:-1]
    source = np.where(out_of_reach, np.maximum.accumulate(np.where(first, index, 0)), index)
    return source == index, source
