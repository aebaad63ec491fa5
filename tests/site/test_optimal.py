"""The Optimal play page: a game with a row that wins at once says what its score means and gives
the chance of such a win, in every language; a game without says neither."""

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
