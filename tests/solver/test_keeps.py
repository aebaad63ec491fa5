"""The dice of one turn as multisets: counts and rolls, the chance of a throw, the keeps of a number
of dice and their index tables, and the within-turn dynamic programme over them, checked on one or
two dice where every value is worked out by hand."""

from __future__ import annotations

import numpy as np
import pytest

from dicespec.dice import Roll
from dicespec.solver.keeps import (
    best_keep_values,
    best_keeps,
    counts_of,
    keep_tables,
    probability,
    reroll_values,
    roll_of,
    turn_value,
    turn_value_and_slope,
)

FACE_VALUES = np.arange(1.0, 7.0)[:, None]  # one die's rolls, worth their face, for one state


def test_counts_and_rolls_are_each_others_inverse() -> None:
    counts = counts_of((6, 1, 6, 3))
    assert counts == (1, 0, 1, 0, 0, 2)
    assert roll_of(counts) == Roll((1, 3, 6, 6))
    assert counts_of(Roll.parse("55555")) == (0, 0, 0, 0, 5, 0)


def test_a_throws_chance_counts_its_orders() -> None:
    assert probability((2, 0, 0, 0, 0, 1)) == pytest.approx(3 / 216)
    assert probability((1, 1, 1, 1, 1, 0)) == pytest.approx(120 / 7776)
    assert probability((0, 0, 0, 0, 0, 0)) == 1.0


def test_five_dice_have_252_rolls_and_462_keeps_numbered_by_size() -> None:
    tables = keep_tables(5)
    assert len(tables.keeps) == 462 and tables.roll_count == 252
    assert tables.keeps[0] == (0, 0, 0, 0, 0, 0)
    assert [s.stop - s.start for s in tables.sizes] == [1, 6, 21, 56, 126, 252]
    assert all(sum(keep) == m for m, size in enumerate(tables.sizes) for keep in tables.keeps[size])
    assert tables.roll_probability.sum() == pytest.approx(1.0)
    assert tables.roll_counts()[tables.roll_index((0, 0, 0, 0, 0, 5))] == (0, 0, 0, 0, 0, 5)


def test_a_keeps_children_add_one_die_and_its_parts_take_one_away() -> None:
    tables = keep_tables(2)
    one_six = tables.index[(0, 0, 0, 0, 0, 1)]
    row = one_six - tables.sizes[1].start
    assert [tables.keeps[i] for i in tables.children[1][row]] == [counts_of((face, 6)) for face in range(1, 7)]
    pair = tables.index[(1, 0, 0, 0, 0, 1)] - tables.sizes[2].start
    assert {tables.keeps[i] for i in tables.parts[2][pair]} == {(1, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 1)}


def test_the_keeps_inside_a_roll_include_none_and_all() -> None:
    inside = keep_tables(3).sub_keeps((2, 0, 0, 0, 0, 1))
    assert len(inside) == 6
    assert (0, 0, 0, 0, 0, 0) in inside and (2, 0, 0, 0, 0, 1) in inside and (1, 0, 0, 0, 0, 1) in inside


def test_rerolling_everything_is_worth_the_mean_of_the_rolls() -> None:
    expected = reroll_values(keep_tables(1), FACE_VALUES)
    assert expected[0, 0] == pytest.approx(3.5)
    np.testing.assert_array_equal(expected[1:], FACE_VALUES)


def test_a_rolls_best_keep_is_itself_or_nothing_whichever_is_worth_more() -> None:
    tables = keep_tables(1)
    best = best_keep_values(tables, reroll_values(tables, FACE_VALUES))
    assert best[:, 0].tolist() == [3.5, 3.5, 3.5, 4.0, 5.0, 6.0]


@pytest.mark.parametrize(("rerolls", "value"), [(0, 3.5), (1, 4.25), (2, 14 / 3)])
def test_one_die_with_rerolls_keeps_what_beats_rerolling(rerolls: int, value: float) -> None:
    """One die worth its face: keep 4 to 6 with one reroll left (4.25), 5 or 6 with two (14/3)."""
    assert turn_value(keep_tables(1), FACE_VALUES, rerolls)[0] == pytest.approx(value)


def test_on_a_tie_the_roll_itself_is_kept() -> None:
    tables = keep_tables(1)
    values, picks = best_keeps(tables, reroll_values(tables, np.full((6, 1), 3.5)))
    assert values[:, 0].tolist() == [3.5] * 6
    assert picks[:, 0].tolist() == list(range(tables.rolls.start, tables.rolls.stop))
    values, picks = best_keeps(tables, reroll_values(tables, FACE_VALUES))
    assert picks[:, 0].tolist() == [0, 0, 0, 4, 5, 6]


def test_a_turns_slope_follows_its_optimal_keeps() -> None:
    """Final values proportional to the parameter (slope = value): the turn's value is too."""
    tables = keep_tables(2)
    final = np.array([[roll_of(counts).total] for counts in tables.roll_counts()], dtype=float)  # the dice's sum
    value, slope = turn_value_and_slope(tables, final, final, 2)
    assert value[0] == pytest.approx(turn_value(tables, final, 2)[0])
    assert slope[0] == pytest.approx(value[0])
    _, flat = turn_value_and_slope(tables, final, np.ones_like(final), 2)
    assert flat[0] == pytest.approx(1.0)
