"""The committed optimal-play figures (fixtures/optimal-play.json) are those of today's rulesets."""

from __future__ import annotations

import pytest

from dicespec.registry import games
from dicespec.rulesets import find_ruleset, ruleset_names
from dicespec.solver import entry_policy, solution, turn_policy, twoplayer
from dicespec.solver.cache import rules_key
from dicespec.solver.figures import read

FIGURES = read()
STALE = "fixtures/optimal-play.json is stale: run `make optimal` and commit it"
SHEET_GAMES = [found.name for found in games() if found.family.name == "score-sheet"]
SET_ASIDE_GAMES = [found.name for found in games() if found.family.name == "set-aside"]
SHEET_RULESETS = [(game, name) for game in SHEET_GAMES for name in ruleset_names(game)]
SET_ASIDE_RULESETS = [(game, name) for game in SET_ASIDE_GAMES for name in ruleset_names(game)]


def _entries(game: str) -> dict[str, dict]:
    assert FIGURES is not None, STALE
    return {entry["ruleset"]: entry for entry in FIGURES.get(game, [])}


def _entry(game: str, name: str) -> dict:
    """The figures of the ruleset ``name``; none skips the test: tests/test_registry.py names
    the rulesets that have none (test_the_game_has_its_optimal_play_figures)."""
    entries = _entries(game)
    if name not in entries:
        pytest.skip(f"no figures of {name}: tests/test_registry.py names it")
    return entries[name]


@pytest.mark.parametrize("game", [found.name for found in games()])
def test_the_figures_are_of_shipped_rulesets_only(game):
    """The figures hold no ruleset the game no longer ships (that each has its figures is
    tests/test_registry.py's)."""
    assert set(_entries(game)) <= set(ruleset_names(game)), STALE


@pytest.mark.parametrize(("game", "name"), SHEET_RULESETS)
def test_sheet_figures_were_solved_under_todays_rules(game, name):
    """Each score-sheet figure was solved under the rules its ruleset has now."""
    assert _entry(game, name)["rules_key"] == rules_key(find_ruleset(name)), STALE


@pytest.mark.slow
@pytest.mark.parametrize("name", ["kiriki", "kiriki-no-extra"])
def test_kiriki_figures_agree_with_the_solver(name):
    """The committed expected score is the solver's (these two are solved by the solver tests anyway)."""
    expected = solution(find_ruleset(name)).expected_score
    assert _entries("kiriki")[name]["expected_score"] == pytest.approx(expected, abs=1e-9)


@pytest.mark.parametrize(("game", "name"), SET_ASIDE_RULESETS)
def test_set_aside_figures_agree_with_the_solver(game, name):
    """The committed turn figures are what the turn and entry policies give today."""
    ruleset = find_ruleset(name)
    turn, entry = turn_policy(ruleset), entry_policy(ruleset)
    figures = _entry(game, name)
    assert figures["expected_turn_score"] == pytest.approx(turn.expected_turn_score, abs=1e-9), STALE
    assert figures["on_board_chance"] == pytest.approx(entry.on_board_chance, abs=1e-12), STALE
    assert figures["banking_table"] == {str(n): t for n, t in turn.banking_table().items()}, STALE


@pytest.mark.parametrize(("game", "name"), SET_ASIDE_RULESETS)
def test_two_player_figures_were_worked_out_under_todays_rules(game, name):
    """Each set-aside ruleset's two-player figures were worked out under the rules it has now, and
    say what refuses its solve as the solver says it today."""
    ruleset = find_ruleset(name)
    two = _entry(game, name)["two_players"]
    assert two["rules_key"] == twoplayer.rules_key(ruleset), STALE
    assert two["unmodelled"] == list(twoplayer.unmodelled(ruleset)), STALE
    assert two["too_large"] == (twoplayer.too_large(ruleset) is not None), STALE
    assert (two["first_player"] is None) == (twoplayer.solvable(ruleset) is not None), STALE


@pytest.mark.slow
def test_greed_s_first_player_figure_is_the_solver_s():
    """Greed's two-player solve takes seconds: its committed chance is what it gives today."""
    chance = twoplayer.duel(find_ruleset("greed")).first_player_chance
    assert _entry("greed", "greed")["two_players"]["first_player"] == pytest.approx(chance, abs=1e-12)


WINNING_RULESETS = [
    (game, name)
    for game, name in SHEET_RULESETS
    if any(row.first_roll_wins for row in getattr(find_ruleset(name), "rows", {}).values())
]


@pytest.mark.slow
@pytest.mark.parametrize(("game", "name"), WINNING_RULESETS)
def test_a_served_wins_figures_agree_with_the_solver(game, name):
    """A ruleset with a row that wins at once (Generala's): its committed expected score and chance
    of a win at once are the plain path's."""
    solved = solution(find_ruleset(name))
    figures = _entries(game)[name]
    assert figures["expected_score"] == pytest.approx(solved.expected_score, abs=1e-9), STALE
    assert figures["win_at_once"] == pytest.approx(solved.win_chance(), abs=1e-12), STALE
    assert figures["winning_rows"] == list(solved.winning_rows), STALE
