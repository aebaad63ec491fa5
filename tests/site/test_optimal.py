"""The Optimal play page: a game with a row that wins at once says what its score means and gives
the chance of such a win, in every language; a game without says neither. A set-aside game gives
each ruleset's first-player chance with two players, why a ruleset has none, and where to bank
by both scores."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("lang", ["en", "fr", "de", "pl"])
def test_the_optimal_play_page_says_what_the_score_means_and_gives_the_chance(lang: str) -> None:
    """A game with a winning row gets a column of the chance and the sentence saying what the score
    means, in every language; a game without, neither."""
    from dicespec.catalog import words
    from dicespec.registry import game
    from dicespec.site.optimal import UNSOLVED, _sheet

    w = words("optimal", lang)
    reference = {"ruleset": "generala", "title": "Generala", "expected_score": 159.62}
    served = {**reference, "winning_rows": ["generala"], "win_at_once": 0.0064454}
    refused = {**reference, "ruleset": "generala-60", "expected_score": None, "winning_rows": ["generala"]}
    chance = {"en": "0.645 %", "fr": "0,645", "de": "0,645", "pl": "0,645"}[lang]
    page = "\n".join(_sheet(game("generala"), [served, refused], lang))
    assert page.count(chance) == 1 and f"| {w['won_at_once']} |" in page and f"| {UNSOLVED} |" in page
    assert page.count(w["won_at_once"]) == 2  # the column's head, and the sentence that names it
    plain = "\n".join(_sheet(game("yatzy"), [{"ruleset": "yatzy", "title": "Yatzy", "expected_score": 248.44}], lang))
    assert w["won_at_once"] not in plain


@pytest.mark.parametrize("lang", ["en", "fr", "de", "pl"])
def test_the_two_player_section_gives_the_chance_why_none_and_the_boundary(lang: str) -> None:
    """A solved ruleset: its chance in the table and a chart of where to bank per number of dice in
    hand; a refused one: a dash, and one sentence saying why (too large, or the rules not modelled)."""
    from dicespec.catalog import words
    from dicespec.registry import game
    from dicespec.site.optimal import UNSOLVED, _two_players

    w = words("optimal", lang)
    solved = {
        "ruleset": "greed",
        "two_players": {
            "first_player": 0.5398,
            "states": 7_326_000,
            "too_large": False,
            "unmodelled": [],
            "scores": [0, 1500],
            "boundary": {"1": [[300, 550], [150, None]], "2": [[300, 500], [200, 300]]},
        },
    }
    large = {
        "ruleset": "farkle",
        "two_players": {"first_player": None, "states": 9, "too_large": True, "unmodelled": []},
    }
    rules = {
        "ruleset": "farkle-five-dice",
        "two_players": {"first_player": None, "states": 9, "too_large": False, "unmodelled": ["instant_win"]},
    }
    page = "\n".join(_two_players(game("greed"), [solved, large, rules], lang))
    chance = {"en": "53.98 %", "fr": "53,98", "de": "53,98", "pl": "53,98"}[lang]
    assert page.count(chance) == 1 and page.count(f"| {UNSOLVED} |") == 2
    assert page.count('<svg class="ds-chart ds-heatmap"') == 2 and "{#greed-boundary}" in page
    assert w.format("two_players_too_large", ruleset="<code>farkle</code>", states="9") in page
    assert "<code>instant&#95;win</code>" in page
