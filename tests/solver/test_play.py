"""The play a score-sheet solution implies, as arrays: the flat table of state values with the end of
the game after it, and the best of a batch's choices offered one at a time (the first on a tie)."""

from __future__ import annotations

import numpy as np

from dicespec.solver.play import EVENTS, Best, flat


def test_a_flat_table_ends_with_the_end_of_the_game_worth_0() -> None:
    assert flat(np.array([[1.0, 2.0], [3.0, 4.0]])).tolist() == [1.0, 2.0, 3.0, 4.0, 0.0]


def test_the_events_are_reported_bonus_first() -> None:
    assert EVENTS == ("upper_bonus", "five_of_a_kind", "repeat")


def test_the_best_choice_is_the_largest_value_and_the_first_offered_on_a_tie() -> None:
    """Two rolls by two states: each cell keeps the gain, next state and events of its best choice."""
    best = Best(2, 2, 1)
    best.offer(np.array([[1.0, 5.0], [2.0, 2.0]]), np.array([[10.0]]), np.array([[7]]), {0: np.array([[True]])})
    best.offer(np.array([[3.0, 5.0], [2.0, 1.0]]), np.array([[20.0]]), np.array([[8]]), {})
    value, gain, after, made = best.chosen()
    assert value.tolist() == [[3.0, 5.0], [2.0, 2.0]]
    assert gain.tolist() == [[20.0, 10.0], [10.0, 10.0]]
    assert after.tolist() == [[8, 7], [7, 7]]
    assert made[0].tolist() == [[False, True], [True, True]]


def test_a_choice_for_one_roll_changes_that_roll_alone() -> None:
    best = Best(2, 2, 1)
    best.offer(np.zeros((1, 2)), np.zeros((1, 1)), np.zeros((1, 1), dtype=np.int64), {})
    best.offer_roll(1, np.array([1.0, -1.0]), np.array([4.0, 4.0]), np.array([3, 3]), {0: np.array([True, True])})
    value, gain, after, made = best.chosen()
    assert value.tolist() == [[0.0, 0.0], [1.0, 0.0]]
    assert gain.tolist() == [[0.0, 0.0], [4.0, 0.0]]
    assert after.tolist() == [[0, 0], [3, 0]]
    assert made[0].tolist() == [[False, False], [True, False]]


def test_nothing_offered_is_worth_minus_infinity() -> None:
    value, _, _, made = Best(3, 4, 2).chosen()
    assert value.shape == (3, 4) and (value == -np.inf).all()
    assert made.shape == (2, 3, 4) and not made.any()
