"""The checks that every value of a ruleset is traced to a sentence of a text it takes at its
word, or chosen by a gap (dicespec.spec.trace), catch what they are for (the shipped rulesets
are checked game by game in tests/test_registry.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from dicespec.rulesets import RulesetError, load_ruleset, ruleset_data
from dicespec.rulesets.paths import inherited_gaps, inherited_trace, value_keys
from dicespec.spec.trace import misquoted, stray, untraced

# Every shipped ruleset's trace is checked game by game, with what to write:
# tests/test_registry.py (test_every_value_of_the_game_has_a_sentence_or_a_gap). Here: the checks
# themselves catch what they are for.


def _without(data: dict[str, Any], key: str) -> dict[str, Any]:
    return {
        **data,
        "trace": {k: v for k, v in data["trace"].items() if k != key},
        "gaps": [gap for gap in data["gaps"] if gap["key"] != key],
    }


def test_a_value_with_neither_is_named() -> None:
    data = _without(ruleset_data("kiriki"), "upper_bonus")
    assert untraced(data) == ["upper_bonus.more_than", "upper_bonus.points"]


def test_a_gap_covers_every_value_under_its_key() -> None:
    data = _without(ruleset_data("kiriki"), "upper_bonus")
    data["gaps"].append({"key": "upper_bonus", "choice": "as the program"})
    assert untraced(data) == []


def test_a_quote_the_text_does_not_hold_is_named() -> None:
    data = ruleset_data("kiriki")
    data["trace"]["rows.full_house.points"] = [
        {"source": "kde-kiriki-handbook-en.txt", "quote": "Full House: 26 points"}
    ]
    assert misquoted(data) == [
        "rows.full_house.points: kde-kiriki-handbook-en.txt: the text does not hold 'Full House: 26 points'"
    ]


def test_quotes_match_across_line_breaks_but_not_other_words() -> None:
    data = ruleset_data("kiriki")
    data["trace"]["dice"] = [{"source": "kde-kiriki-handbook-en.txt", "quote": "by rolling\n   five dice"}]
    assert misquoted(data) == []
    data["trace"]["dice"] = [{"source": "kde-kiriki-handbook-en.txt", "quote": "by rolling six dice"}]
    assert misquoted(data) != []


def test_a_missing_text_is_named() -> None:
    data = ruleset_data("kiriki")
    data["texts"] = [*data["texts"], "nowhere.txt"]
    data["trace"]["dice"] = [{"source": "nowhere.txt", "quote": "five dice"}]
    assert misquoted(data) == ["dice: nowhere.txt: no such file in fixtures/sources/"]


def test_only_the_texts_a_ruleset_takes_at_its_word_trace_it() -> None:
    data = ruleset_data("kiriki")
    data["texts"] = []
    assert "upper_bonus.more_than" in untraced(data)


def test_a_trace_on_no_value_is_named() -> None:
    data = ruleset_data("kiriki")
    data["trace"]["rows.yahtzee"] = data["trace"]["rows.kiriki"]
    assert stray(data) == ["rows.yahtzee"]


def test_a_value_a_ruleset_changes_loses_the_sentence_of_the_one_it_extends() -> None:
    # kiriki-no-extra turns extra turns off: the handbook's "an additional turn" no longer traces it
    parent = ruleset_data("kiriki")
    child = {"five_of_a_kind": {"extra_turns": "none"}}
    assert "five_of_a_kind.extra_turns" in parent["trace"]
    assert "five_of_a_kind.extra_turns" not in inherited_trace(parent, child)
    assert "rows.kiriki" in inherited_trace(parent, child)


def test_gaps_carry_over_unless_the_child_speaks_for_them() -> None:
    parent = {
        "gaps": [
            {"key": "players.min", "choice": "a"},
            {"key": "joker", "choice": "b"},
            {"key": "winner", "choice": "c"},
        ]
    }
    child = {"joker": "forced", "gaps": [{"key": "players", "choice": "d"}]}
    assert inherited_gaps(parent, child) == [{"key": "winner", "choice": "c"}, {"key": "players", "choice": "d"}]


def test_value_keys_are_the_leaves_and_leave_out_what_describes_the_ruleset() -> None:
    data = {
        "name": "x",
        "gaps": [],
        "trace": {},
        "dice": 5,
        "players": {"min": 1, "max": 6},
        "patterns": [],
        "rows": {},
    }
    assert list(value_keys(data)) == ["dice", "players.min", "players.max", "patterns", "rows"]


def test_a_trace_entry_of_the_wrong_shape_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    path.write_text(
        "extends: kiriki\nname: mine\ntrace:\n  dice: [{source: kde-kiriki-handbook-en.txt}]\n", encoding="utf-8"
    )
    with pytest.raises(RulesetError, match=r"trace\.dice\.0\.quote: missing"):
        load_ruleset(path)
