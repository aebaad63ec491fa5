"""``dicespec.regression.figures`` through its own API: the odds on one roll (each row's share of
ordered rolls above 0 and mean points, each number of dice's farkles), the openings that flip, the
rules a set-aside side's figures leave out, and two sides' figures lined up by a
:class:`Comparison` (its difference, the odds that change, its flips)."""

from __future__ import annotations

from fractions import Fraction

from dicespec.regression import figures as figures_module
from dicespec.regression.figures import (
    Comparison,
    Flip,
    Odds,
    Opening,
    SetAsideFigures,
    SheetFigures,
    flipped_openings,
)
from dicespec.rulesets import find_ruleset
from dicespec.scoresheet.ruleset import SheetRuleset
from dicespec.setaside.ruleset import SetAsideRuleset


def test_odds_give_their_chance_and_json() -> None:
    odds = Odds(6, 7776, Fraction(50, 1296))
    assert odds.chance == Fraction(1, 1296)
    assert odds.as_json() == {
        "count": 6,
        "total": 7776,
        "chance": 1 / 1296,
        "mean": 50 / 1296,
        "mean_exact": "25/648",
    }
    assert Odds(1, 3).as_json() == {"count": 1, "total": 3, "chance": 1 / 3}


def test_a_row_s_odds_count_ordered_rolls() -> None:
    """Kiriki's kiriki: 6 of 7776 ordered rolls score it, 50 points each; a single die scores
    nothing in 10000 on 4 faces of 6."""
    kiriki = find_ruleset("kiriki")
    assert isinstance(kiriki, SheetRuleset)
    odds = figures_module.row_odds(kiriki)
    assert list(odds) == list(kiriki.rows)
    assert odds["kiriki"] == Odds(6, 7776, Fraction(6 * 50, 7776))
    assert odds["ones"].count == 7776 - 5**5
    ten_thousand = find_ruleset("ten-thousand")
    assert isinstance(ten_thousand, SetAsideRuleset)
    farkles = figures_module.farkle_odds(ten_thousand)
    assert list(farkles) == [1, 2, 3, 4, 5, 6]
    assert farkles[1] == Odds(4, 6) and farkles[2] == Odds(16, 36)


def test_an_opening_s_value_of_a_choice_it_lacks_is_minus_infinity() -> None:
    first = Opening("12345", 1 / 252, {"score large_straight": 240.0}, "score large_straight")
    assert first.value("score large_straight") == 240.0
    assert first.value("keep 1234") == float("-inf")


def sheet(expected: float | None, **odds: Odds) -> SheetFigures:
    """A score-sheet side's figures of these rows' odds, with no openings."""
    return SheetFigures(expected, odds, {row: row.title() for row in odds})


def test_a_comparison_gives_the_difference_and_the_odds_that_change_in_order() -> None:
    same, old, new = Odds(1, 6, Fraction(1)), Odds(2, 6, Fraction(2)), Odds(3, 6, Fraction(3))
    found = Comparison(sheet(200.0, ones=same, full=old), sheet(201.5, ones=same, full=new, lucky=old))
    assert found.difference == 1.5
    assert found.odds_changes() == [("full", old, new), ("lucky", None, old)]
    assert found.flips() == []
    assert Comparison(sheet(None, ones=same), sheet(200.0, ones=same)).difference is None


def test_a_set_aside_comparison_compares_turn_scores_and_farkles() -> None:
    def side(expected: float, farkles: dict[int, Odds]) -> SetAsideFigures:
        return SetAsideFigures(expected, {6: 300}, None, 0, None, farkles)

    found = Comparison(
        side(400.0, {1: Odds(4, 6), 6: Odds(60, 46656)}), side(390.0, {1: Odds(4, 6), 6: Odds(80, 46656)})
    )
    assert found.difference == -10.0
    assert found.odds_changes() == [(6, Odds(60, 46656), Odds(80, 46656))]
    assert found.flips() == []


def test_a_comparison_of_two_sheets_flips_their_openings() -> None:
    before = SheetFigures(1.0, {}, {}, {"12345": Opening("12345", 0.5, {"a": 2.0, "b": 1.0}, "a")})
    after = SheetFigures(1.0, {}, {}, {"12345": Opening("12345", 0.5, {"a": 1.0, "b": 2.0}, "b")})
    assert Comparison(before, after).flips() == [Flip("12345", 0.5, "a", "b")]


def test_the_row_odds_are_the_odds_page_s() -> None:
    """Per row, the share of ordered rolls scoring above 0 and the mean points, as the Odds page
    counts them; per number of dice, the farkles."""
    from dicespec.site.odds import farkle_odds, row_odds

    for name in ("kiriki", "yatzy"):
        ruleset = find_ruleset(name)
        assert isinstance(ruleset, SheetRuleset)
        mine = figures_module.row_odds(ruleset)
        assert [(row, (o.count, o.total), o.mean) for row, o in mine.items()] == [
            (row, (share.count, share.total), mean) for row, _, share, mean in row_odds(name)
        ]
    for name in ("ten-thousand", "greed"):
        ruleset = find_ruleset(name)
        assert isinstance(ruleset, SetAsideRuleset)
        assert [(n, o.count, o.total) for n, o in figures_module.farkle_odds(ruleset).items()] == [
            (n, share.count, share.total) for n, share in farkle_odds(name)
        ]


def opening(dice: str, **choices: float) -> Opening:
    return Opening(dice, 1 / 252, choices, max(choices, key=lambda c: choices[c]))


def test_an_opening_flips_only_when_a_side_s_best_is_worse_under_the_other() -> None:
    """A first roll flips when one side's best choice is strictly worse under the other side; a
    choice tied for best on both sides is no flip, and a best choice the other side lacks is one."""
    before = {
        "11111": opening("11111", kiriki=250.0, chance=200.0),
        "12345": opening("12345", large=240.0, small=239.0),
        "22333": opening("22333", full=230.0, keep=230.0 - 1e-12),
        "23456": opening("23456", large=235.0),
    }
    after = {
        "11111": opening("11111", kiriki=249.0, chance=200.0),
        "12345": opening("12345", large=238.0, small=239.5),
        "22333": opening("22333", full=231.0 - 1e-12, keep=231.0),
        "23456": opening("23456", straight=236.0),
    }
    found = flipped_openings(before, after)
    assert [(f.dice, f.before, f.after) for f in found] == [("12345", "large", "small"), ("23456", "large", "straight")]


def test_a_sides_figures_name_the_rules_the_turn_policy_leaves_out() -> None:
    """A set-aside side with a farkle penalty, an exact end or an instant win says which of them its
    figures leave out; a side without them names none."""
    exact = find_ruleset("ten-thousand-exact")
    five = find_ruleset("farkle-five-dice")
    plain = find_ruleset("farkle")
    assert isinstance(exact, SetAsideRuleset) and isinstance(five, SetAsideRuleset)
    assert isinstance(plain, SetAsideRuleset)
    assert figures_module.set_aside_figures(exact).unaccounted == ("end.exact",)
    assert figures_module.set_aside_figures(five).unaccounted == ("farkle_penalty", "instant_win")
    assert figures_module.set_aside_figures(plain).unaccounted == ()
