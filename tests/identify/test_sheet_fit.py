"""``dicespec.identify.sheet_fit`` through its own API: the rolls and the candidate rules of a
row, and :func:`fit_row` fitting a row's rule to answers worked out here from a known rule over
every ordered roll of five dice: the rule found, the rules no roll tells apart from it, the
answers it does not explain (a bug's), and no rule at all for answers no rule gives."""

from __future__ import annotations

from itertools import product

from dicespec.dice import Roll
from dicespec.identify.sheet_fit import Memo, candidates, fit_row, rolls
from dicespec.scoresheet.families import Chance, Face, FullHouse, Groups, RowRule

ORDERED = ["".join(shown) for shown in product("123456", repeat=5)]


def answers_of(rule: RowRule) -> dict[str, int]:
    """What an implementation scoring ``rule`` answers for every ordered roll of five dice."""
    return {dice: rule.points(Roll.parse(dice).counts) for dice in ORDERED}


def test_rolls_are_every_distinct_roll_ascending() -> None:
    assert rolls(1) == ["1", "2", "3", "4", "5", "6"]
    assert rolls(2)[:3] == ["11", "12", "13"] and len(rolls(2)) == 21
    assert len(rolls(5)) == 252 and rolls(5)[-1] == "66666"


def test_candidates_put_the_first_rules_first_and_none_twice() -> None:
    found = candidates(5, [25], first=[FullHouse(25, False), Face(1)])
    assert found[:3] == [FullHouse(25, False), Face(1), Face(2)]
    assert len(found) == len(set(found)) and Chance() in found
    assert not any(isinstance(rule, FullHouse) for rule in candidates(6, [25]))  # a full house is of five dice


def test_a_row_answered_by_one_rule_is_fitted_to_it_with_nothing_unexplained() -> None:
    fit = fit_row("threes", 5, answers_of(Face(3)))
    assert (fit.rule, fit.best, fit.agree, fit.asked) == (Face(3), Face(3), 7776, 7776)
    assert fit.alike == [] and fit.unexplained == [] and fit.unexplained_rolls == 0


def test_a_bug_on_one_roll_is_the_fit_s_unexplained_answers() -> None:
    """A 25-point full house that scores 22333 nothing: still fitted (10 of 7776 orderings), the
    rule a 3-and-2 group with the same points is alike, the ten orderings unexplained."""
    answers = answers_of(FullHouse(25, False))
    answers.update({dice: 0 for dice in ORDERED if sorted(dice) == list("22333")})
    fit = fit_row("full_house", 5, answers)
    assert fit.rule == FullHouse(25, False) and fit.agree == 7776 - 10
    assert fit.alike == [Groups((3, 2), 25)]
    [bug] = fit.unexplained
    assert (bug.roll, bug.expected, bug.orderings, len(bug.answers)) == ("22333", 25, 10, 10)
    assert bug.describe() == "every ordering of 22333 scores 0, not 25 (e.g. 22333, 23233)"
    assert fit.unexplained_rolls == 10 and fit.example == ("11122", 25)


def test_answers_no_rule_explains_leave_the_row_unfitted_with_its_closest_rule() -> None:
    answers = {dice: (0, 7, 13)[index % 3] for index, dice in enumerate(ORDERED)}
    fit = fit_row("lucky", 5, answers)
    assert fit.rule is None and fit.best is not None
    assert fit.agree < 0.99 * 7776 and fit.unexplained_rolls == 7776 - fit.agree


def test_the_asked_rule_wins_a_tie_and_a_memo_gives_the_same_fit() -> None:
    answers = answers_of(FullHouse(25, False))
    asked = fit_row("full_house", 5, answers, asked_rule=Groups((3, 2), 25))
    assert asked.rule == Groups((3, 2), 25) and asked.alike == [FullHouse(25, False)]
    memo = Memo()
    assert fit_row("full_house", 5, answers, memo=memo) == fit_row("full_house", 5, answers)
    assert memo.points[FullHouse(25, False)]["22333"] == 25 and memo.sorted_rolls["32323"] == "22333"
    assert fit_row("full_house", 5, answers, memo=memo) == fit_row("full_house", 5, answers)  # read from it
