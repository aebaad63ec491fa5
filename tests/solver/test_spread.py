"""The spread of the score under optimal play: the exact standard deviation and chances of the events
(dicespec.solver.spread), against a published figure and against games played by the same play."""

from __future__ import annotations

import math

import numpy as np
import pytest

from dicespec.rulesets import find_ruleset
from dicespec.solver import solution
from dicespec.solver.figures import read
from dicespec.solver.spread import simulate, solved_spread, spread

FIGURES = read() or {}
SIMULATED = [
    (game, entry) for game, entries in FIGURES.items() for entry in entries if entry.get("simulated") is not None
]


@pytest.mark.slow
def test_the_standard_deviation_of_yahtzee_with_the_free_joker_is_verhoeffs() -> None:
    """T. Verhoeff's optimal solitaire Yahtzee (the free joker): mean 254.59, standard deviation 59.61."""
    found = solved_spread(solution(find_ruleset("yahtzee-free-joker")))
    assert round(found.mean, 2) == 254.59
    assert round(found.std, 2) == 59.61


def test_every_solved_sheet_ruleset_has_its_spread_in_the_figures() -> None:
    """Each score-sheet ruleset with an expected score has its standard deviation, events and games."""
    for entries in FIGURES.values():
        for entry in entries:
            if "expected_score" in entry and entry["expected_score"] is not None:
                assert {"std", "events", "simulated"} <= set(entry), entry["ruleset"]


def _moments(simulated: dict) -> tuple[float, float, float]:
    """The games' mean, variance and fourth central moment, from their bars' middles (the fourth
    moment only sizes the error of the variance)."""
    counts = np.array(simulated["counts"], dtype=float)
    middles = simulated["start"] + simulated["bin"] * (np.arange(len(counts)) + 0.5)
    n = counts.sum()
    mean = float((counts * middles).sum() / n)
    fourth = float((counts * (middles - mean) ** 4).sum() / n)
    return simulated["mean"], simulated["std"] ** 2, fourth


@pytest.mark.parametrize(("game", "entry"), SIMULATED, ids=[entry["ruleset"] for _, entry in SIMULATED])
def test_the_games_played_agree_with_the_exact_spread_within_their_error(game: str, entry: dict) -> None:
    """A second, independent check of the exact figures: the committed games' mean, variance and
    event counts lie within four standard errors of the exact mean, variance and chances."""
    simulated = entry["simulated"]
    n = simulated["games"]
    mean, variance, fourth = _moments(simulated)
    exact_variance = entry["std"] ** 2
    assert abs(mean - entry["expected_score"]) <= 4 * math.sqrt(exact_variance / n)
    assert abs(variance - exact_variance) <= 4 * math.sqrt((fourth - variance**2) / n)
    for event, chance in entry["events"].items():
        error = math.sqrt(chance * (1 - chance) / n)
        assert abs(simulated["events"][event] / n - chance) <= 4 * error + 1 / n, event


@pytest.mark.slow
def test_generalas_spread_is_that_of_its_games_played_now() -> None:
    """The plain path's spread (Generala) against games played afresh, with another seed."""
    solved = solution(find_ruleset("generala"))
    exact = spread(solved)
    played = simulate(solved, 4000, 7).scores
    n = len(played)
    variance = played.var(ddof=1)
    fourth = float(((played - played.mean()) ** 4).mean())
    assert abs(played.mean() - exact.mean) <= 4 * exact.std / math.sqrt(n)
    assert abs(variance - exact.std**2) <= 4 * math.sqrt((fourth - variance**2) / n)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["kiriki-no-extra"])
def test_the_committed_spread_is_the_solvers(name: str) -> None:
    """The committed standard deviation and chances are what the spread gives today."""
    found = solved_spread(solution(find_ruleset(name)))
    entry = next(entry for entries in FIGURES.values() for entry in entries if entry["ruleset"] == name)
    assert entry["std"] == pytest.approx(found.std, abs=1e-9)
    assert entry["events"] == pytest.approx(found.events, abs=1e-12)
