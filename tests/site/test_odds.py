"""Exact odds on one roll, by enumerating every roll: a score-sheet ruleset's chance of scoring in
each row, a set-aside ruleset's chance of a farkle by dice thrown."""

from __future__ import annotations

from fractions import Fraction

from dicespec.site.odds import farkle_odds, row_odds


def test_row_odds_count_every_roll_of_five_dice():
    """A face row scores on 1 - (5/6)**5 of the rolls, a kiriki on 6 of 7,776, chance always."""
    odds = {row: share for row, _, share, _ in row_odds("kiriki")}
    assert odds["ones"].total == 7776
    assert odds["sixes"].fraction == 1 - Fraction(5, 6) ** 5
    assert odds["kiriki"].count == 6
    assert odds["chance"].fraction == 1
    assert odds["large_straight"].count == 240  # two straights, each in 5! orders


def test_farkle_odds_count_every_roll():
    """With one die, only a 1 or a 5 scores under the reference 10000: a farkle is 2/3."""
    odds = farkle_odds("ten-thousand")
    assert [share.total for _, share in odds] == [6**n for n in range(1, 7)]
    assert odds[0][1].fraction == Fraction(2, 3)
    assert odds[1][1].fraction == Fraction(4, 9)
