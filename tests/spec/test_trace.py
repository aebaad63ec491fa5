"""The checks that every value of a ruleset is traced to a sentence of a text it takes at its
word, or chosen by a gap (dicespec.spec.trace), catch what they are for (the shipped rulesets
are checked game by game in tests/test_registry.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from dicespec.rulesets import RulesetError, load_ruleset, ruleset_data
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


def test_a_trace_entry_of_the_wrong_shape_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    path.write_text(
        "extends: kiriki\nname: mine\ntrace:\n  dice: [{source: kde-kiriki-handbook-en.txt}]\n", encoding="utf-8"
    )
    with pytest.raises(RulesetError, match=r"trace\.dice\.0\.quote: missing"):
        load_ruleset(path)
