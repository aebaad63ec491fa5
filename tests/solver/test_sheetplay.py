"""The batched path's solution as its readers ask it: one turn from a sheet (the value of every keep
and of every way to score the dice), the play for the spread, and the states the coach's file
holds. The turn is read from a table of state values worth 0 everywhere, so that each value is the
turn's own points, worked out by hand; nothing is solved."""

from __future__ import annotations

import numpy as np
import pytest

from dicespec import Roll, find_ruleset
from dicespec.scoresheet.ruleset import SheetRuleset
from dicespec.scoresheet.sheet import Sheet
from dicespec.solver.sheetplay import (
    SheetTurn,
    filled_cells,
    level_indexes,
    reach_thresholds,
    sheet_play,
    stored_levels,
    stored_sums,
)
from dicespec.solver.sheetrules import RepeatCell, State, rules_of
from dicespec.solver.solved import Scored

ALL_BUT_CHANCE = {
    "ones": 1,
    "twos": 2,
    "threes": 3,
    "fours": 4,
    "fives": 5,
    "sixes": 6,
    "three_of_a_kind": 0,
    "four_of_a_kind": 0,
    "full_house": 0,
    "small_straight": 0,
    "large_straight": 0,
    "kiriki": 0,
}


def no_extra() -> SheetRuleset:
    ruleset = find_ruleset("kiriki-no-extra")
    assert isinstance(ruleset, SheetRuleset)
    return ruleset


def zero_turn(cells: dict[str, int]) -> SheetTurn:
    """The turn from a sheet of these cells, every state after it worth 0."""
    ruleset = no_extra()
    rules = rules_of(ruleset)
    table = np.zeros((rules.full + 1, rules.upper_sizes, len(RepeatCell)))
    sheet = Sheet.from_cells(cells)
    return SheetTurn(ruleset, table, sheet, State.of(ruleset, sheet), 0.0)


def test_with_chance_alone_open_a_turn_is_worth_the_dice_kept_well() -> None:
    """A roll is worth its sum; a keep of nothing, 17.5 with one roll left and 5 x 4.25 with two."""
    turn = zero_turn(ALL_BUT_CHANCE)
    sums = [float(sum(face * n for face, n in enumerate(counts, start=1))) for counts in turn.tables.roll_counts()]
    assert turn.keep_values(0).tolist() == sums
    assert turn.keep_values(1)[0] == pytest.approx(17.5)
    assert turn.keep_values(2)[0] == pytest.approx(21.25)
    assert turn.scores(Roll.parse("66543"), first=False) == [Scored("chance", 24.0, wins=False)]


def test_a_score_that_reaches_63_in_the_upper_rows_earns_the_bonus() -> None:
    """Upper sum 50 with sixes open: three sixes score 18 and the bonus, 35."""
    cells = {**ALL_BUT_CHANCE, "ones": 3, "twos": 6, "threes": 9, "fours": 12, "fives": 20, "chance": 20}
    del cells["sixes"]
    assert zero_turn(cells).scores(Roll.parse("66612"), first=False) == [Scored("sixes", 18.0 + 35, wins=False)]
    del cells["chance"]
    assert zero_turn(cells).scores(Roll.parse("66612"), first=False) == [
        Scored("sixes", 53.0, wins=False),
        Scored("chance", 21.0, wins=False),
    ]


def test_the_play_has_a_state_for_every_cell_of_the_table_and_the_end_after_them() -> None:
    rules = rules_of(no_extra())
    table = np.full((rules.full + 1, rules.upper_sizes, len(RepeatCell)), 2.0)
    play = sheet_play(rules, table)
    assert play.events == ("upper_bonus", "five_of_a_kind")
    assert play.size == table.size and play.start == 0
    assert play.values[-1] == 0.0 and (play.values[:-1] == 2.0).all()
    assert not play.has_turn[-1] and play.has_turn[0]
    assert not play.has_turn[np.ravel_multi_index((rules.full, 0, int(RepeatCell.ZERO)), table.shape)]


def test_the_bonus_is_out_of_reach_below_what_the_open_upper_rows_can_still_make() -> None:
    """With nothing filled the bonus is always in reach; with sixes alone open, below 63 - 30."""
    rules = rules_of(no_extra())
    thresholds = reach_thresholds(rules)
    assert len(thresholds) == 64
    assert thresholds[0] == 0 and thresholds[0b011111] == 33 and thresholds[0b111111] == 63


def test_the_file_stores_the_sums_in_reach_and_the_lowest_for_those_out_of_it() -> None:
    rules = rules_of(no_extra())
    sums = stored_sums(rules)
    assert sums[0] == [0] and sums[0b111111] == [0, 63]
    assert sums[0b011111] == [0, *range(33, 64)]


def test_a_kiriki_cell_is_stored_as_scored_apart_only_where_repeats_score() -> None:
    assert filled_cells(rules_of(no_extra())) == [int(RepeatCell.ZERO)]
    assert filled_cells(rules_of(find_ruleset("kiriki"))) == [int(RepeatCell.ZERO), int(RepeatCell.SCORED)]


def test_every_other_level_is_stored() -> None:
    rules = rules_of(no_extra())
    sums = stored_sums(rules)
    assert stored_levels(rules, sums) == [0, 2, 4, 6, 8, 10, 12]
    filled, upper, cell = level_indexes(rules, 13, sums)
    assert filled.tolist() == [rules.full, rules.full] and upper.tolist() == [0, 63]
    assert cell.tolist() == [int(RepeatCell.ZERO)] * 2
    filled, upper, cell = level_indexes(rules, 0, sums)
    assert (filled.tolist(), upper.tolist(), cell.tolist()) == ([0], [0], [int(RepeatCell.OPEN)])
