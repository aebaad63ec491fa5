"""Exact odds on one roll, by enumerating every roll: a score-sheet ruleset's chance of scoring in
each row, a set-aside ruleset's chance of a farkle by dice thrown; the rows and rulesets named in
the reader's language."""

from __future__ import annotations

from fractions import Fraction

import pytest

from dicespec.rulesets import RulesetError, prose
from dicespec.rulesets.prose import RulesetProse
from dicespec.site import odds
from dicespec.site.data import load
from dicespec.site.odds import farkle_odds, odds_page, row_label, row_label_with_language, row_odds, ruleset_title
from sitebuild import REPO


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


def test_a_row_label_is_the_ruleset_s_own_translation(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rulesets' words in the reader's language; their English label, marked as English, while
    a translation is missing."""
    assert row_label("kiriki", "full_house", "en") == "Full House"
    assert row_label("yahtzee", "ones", "fr") == prose("yahtzee", "fr").rows["ones"]

    def missing(name: str, lang: str) -> RulesetProse:
        raise RulesetError(f"ruleset {name!r} has no {lang} text for translations.{lang}.title")

    monkeypatch.setattr(odds, "prose", missing)
    assert row_label_with_language("yahtzee", "ones", "fr") == ("Aces", "en")
    assert ruleset_title("yatzy", "de") == ("Yatzy (Scandinavian)", "en")
    assert '<span lang="en">Aces</span>' in odds_page(load(REPO), "fr").markdown
