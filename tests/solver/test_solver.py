"""The solver's face: the figures of every shipped ruleset (:func:`~dicespec.solver.summary`), as the
site shows them, and the solver of each family of games."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dicespec import find_ruleset, ruleset_names
from dicespec.solver import SOLVERS, scoresheet, solution, solver_of, summary, twoplayer


@pytest.mark.slow
def test_the_summary_names_every_shipped_ruleset() -> None:
    """summary() gives every shipped Kiriki ruleset's expected score (None if not solved yet, when asked not
    to compute) and every 10000 ruleset's figures, as JSON-ready data; asked for some games only,
    the same figures of those games."""
    reference = solution(find_ruleset("kiriki")).expected_score
    found = summary(compute=False)
    json.dumps(found)
    assert [entry["ruleset"] for entry in found["kiriki"]] == ruleset_names("kiriki")
    assert [entry["ruleset"] for entry in found["ten-thousand"]] == ruleset_names("ten-thousand")
    by_name = {entry["ruleset"]: entry for entry in found["kiriki"]}
    assert by_name["kiriki"]["expected_score"] == reference
    assert all(entry["expected_score"] is None or 200 < entry["expected_score"] < 300 for entry in found["kiriki"])
    german = found["ten-thousand"][0]
    assert german["ruleset"] == "ten-thousand" and german["entry"] == 750
    assert german["banking_table"][6] == 12900 and german["expected_turn_score"] == pytest.approx(560.81, abs=0.005)
    assert german["on_board_chance"] == pytest.approx(0.4160, abs=0.00005)
    assert summary(compute=False, only={"ten-thousand", "greed"}) == {
        game: found[game] for game in ("ten-thousand", "greed")
    }


@pytest.mark.slow
def test_only_a_ruleset_with_a_winning_row_has_a_chance_of_a_win_in_the_summary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rulesets without a winning row keep their three keys (their committed figures do not move);
    Generala's add the winning rows and the chance of a win at once. Which keys an entry has does
    not hang on a solve, so the summary is read with an empty cache: loading the shipped rulesets'
    cached solves, and Generala's chances of a win from them, took seconds."""
    monkeypatch.setenv("DICESPEC_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(scoresheet, "_SOLVED", {})
    for entries in summary(compute=False).values():
        for entry in entries:
            rows = getattr(find_ruleset(entry["ruleset"]), "rows", {})
            winning = [row.id for row in rows.values() if row.first_roll_wins]
            assert ("win_at_once" in entry) == bool(winning)
            assert entry.get("winning_rows", []) == winning


@pytest.mark.parametrize(
    ("name", "family"), [("kiriki", "score-sheet"), ("generala", "score-sheet"), ("greed", "set-aside")]
)
def test_each_ruleset_is_solved_by_its_familys_solver(name: str, family: str) -> None:
    assert solver_of(find_ruleset(name)) is SOLVERS[family]
    assert set(SOLVERS) == {"score-sheet", "set-aside"}


def test_a_set_aside_rulesets_kept_figures_have_json_keys() -> None:
    """``fixtures/optimal-play.json`` keeps a banking table by dice in hand as text, and the two-player
    figures with the hash of the rules they were worked out under; a score-sheet ruleset's
    figures, with the hash of its rules beside them."""
    figures = {"ruleset": "greed", "banking_table": {1: 300, 6: 2000}, "two_players": {"first_player": 0.5}}
    kept = SOLVERS["set-aside"].kept(find_ruleset("greed"), figures)
    assert kept == {
        "ruleset": "greed",
        "banking_table": {"1": 300, "6": 2000},
        "two_players": {"first_player": 0.5, "rules_key": twoplayer.rules_key(find_ruleset("greed"))},
    }
    sheet = SOLVERS["score-sheet"].kept(find_ruleset("kiriki"), {"ruleset": "kiriki", "expected_score": 1.0})
    assert sheet["expected_score"] == 1.0 and len(sheet["rules_key"]) == 64
