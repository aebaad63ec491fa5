"""Optimal play for every score-sheet game of the registry: Verhoeff's published optimum, and the
solver's consistency on each game's own sheet (no published figure is written into the solver)."""

from __future__ import annotations

import pytest

from dicespec import find_ruleset
from dicespec.errors import UnsupportedRulesetError
from dicespec.registry import games
from dicespec.scoresheet.sheet import Sheet
from dicespec.solver import TurnPlan, solution
from dicespec.solver.firstroll import plain_rules_of, uses_row_rules
from dicespec.solver.keeps import keep_tables, roll_of
from dicespec.solver.sheetrules import rules_of


def _held(name: str) -> bool:
    """Does the solver hold the ruleset (on either path; Maxi Yatzy's states pass its bound)?"""
    ruleset = find_ruleset(name)
    try:
        plain_rules_of(ruleset) if uses_row_rules(ruleset) else rules_of(ruleset)
    except UnsupportedRulesetError:
        return False
    return True


SHEET_DEFAULTS = [
    found.default_ruleset for found in games() if found.family.name == "score-sheet" and _held(found.default_ruleset)
]


@pytest.mark.slow
def test_verhoeffs_free_joker_yahtzee_expects_254_5896() -> None:
    """Optimal solitaire Yahtzee under Verhoeff's rules expects 254.5896 (Verhoeff 1999)."""
    assert solution(find_ruleset("yahtzee-free-joker")).expected_score == pytest.approx(254.5896, abs=5e-5)


@pytest.mark.slow
def test_the_forced_joker_is_worth_less_than_the_free_one() -> None:
    """The forced joker only takes choices away from the free one, so its optimum is lower."""
    forced = solution(find_ruleset("yahtzee")).expected_score
    free = solution(find_ruleset("yahtzee-free-joker")).expected_score
    assert forced < free


@pytest.mark.slow
@pytest.mark.parametrize("name", SHEET_DEFAULTS)
def test_each_games_first_choices_average_to_its_expected_total(name: str) -> None:
    """Under every score-sheet game, the hint's best first choices, averaged over the 252 first
    rolls, are the empty sheet's expected total: the hint and the solve agree on each sheet."""
    solved = solution(find_ruleset(name))
    plan = TurnPlan(solved, Sheet.from_cells({}, ruleset=solved.ruleset))
    tables = keep_tables(5)
    average = sum(
        p * plan.choices(roll_of(counts), 2)[0][1]
        for p, counts in zip(tables.roll_probability, tables.roll_counts(), strict=True)
    )
    assert average == pytest.approx(solved.expected_score, rel=1e-12)
