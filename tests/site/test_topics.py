"""The topics of a game's rules page: the same keys in every language, English by default, a row's
title its label in the page's language (the ruleset's own while a translation is missing), what a
row does beyond its pattern, the topics of a ruleset file of one's own, the names the source texts
give a line, and the topic a case's ``@rule:`` tag or a ruleset gap is about. The sentences
themselves are ``tests/test_rule_words.py``'s."""

from __future__ import annotations

from pathlib import Path

import pytest

from dicespec.catalog import LANGUAGES
from dicespec.registry import game_names
from dicespec.rulesets import find_ruleset, load_ruleset, model_files, ruleset_names
from dicespec.scoresheet.ruleset import SheetRuleset
from dicespec.site.topics import (
    Topic,
    gap_topic,
    line_names,
    row_label,
    row_rules,
    set_aside_topics,
    sheet_topics,
    topic_of,
    topics_for,
    topics_of,
)
from dicespec.spec.features import cases
from own_sheets import ruleset_file

GAMES = game_names()
TRANSLATIONS = [lang for lang in LANGUAGES if lang != "en"]


def topic(game: str, key: str, lang: str = "en") -> Topic:
    return next(t for t in topics_of(game, lang) if t.key == key)


def sheet(name: str) -> SheetRuleset:
    found = find_ruleset(name)
    assert isinstance(found, SheetRuleset)
    return found


@pytest.mark.parametrize("game", GAMES)
def test_the_topics_are_the_same_in_every_language(game: str) -> None:
    keys = [t.key for t in topics_of(game)]
    for lang in TRANSLATIONS:
        assert [t.key for t in topics_of(game, lang)] == keys


def test_english_titles_and_the_default_language() -> None:
    assert [t.title for t in topics_of("yahtzee")][-4:] == [
        "Repeat yahtzees and extra turns",
        "The joker",
        "Players and the winner",
        "Refused actions",
    ]
    assert topic("ten-thousand", "more-of-a-kind").title == "Four, five and six of a kind"
    assert topic("kiriki", "three-of-a-kind").title == "3 of a Kind"  # a row's title: its label
    for game in GAMES:  # without a language, English
        reference = find_ruleset(ruleset_names(game)[0])
        assert [(t.title, t.define(reference)) for t in topics_of(game)] == [
            (t.title, t.define(reference)) for t in topics_of(game, "en")
        ]


def test_row_titles_and_spans_read_the_rulesets_labels_in_the_language(monkeypatch: pytest.MonkeyPatch) -> None:
    from types import SimpleNamespace

    from dicespec.rulesets import RulesetError
    from dicespec.site import topics as topics_module

    def prose(name: str, lang: str) -> SimpleNamespace:
        if lang == "pl":
            raise RulesetError(f"ruleset {name!r} has no pl text for translations.pl.title")
        return SimpleNamespace(rows={"three_of_a_kind": "Brelan", "chance": "Chance", "full_house": "Full"})

    monkeypatch.setattr(topics_module, "prose", prose)
    assert topic("yahtzee", "three-of-a-kind", "fr").title == "Brelan"
    assert (
        topic("yahtzee", "lower-total", "fr")
        .define(find_ruleset("yahtzee"))
        .startswith("La somme des sept lignes du bas, de « Brelan » à « Chance ».")
    )
    assert topic("yahtzee", "three-of-a-kind").title == "Three of a kind"  # English: the ruleset's own label
    assert topic("yahtzee", "three-of-a-kind", "pl").title == "Three of a kind"  # no translation yet


def test_a_sheet_game_has_the_sheet_its_rows_in_order_then_the_sheet_level_rules() -> None:
    """Kiriki: the sheet, its thirteen rows top to bottom (ids as anchors), the bonus and totals,
    the turns, its extra turns, the players, and the refused actions last; no joker, no saved rolls."""
    kiriki = sheet("kiriki")
    keys = [t.key for t in sheet_topics(kiriki)]
    assert keys == [
        "sheet",
        *(row.replace("_", "-") for row in kiriki.rows),
        "bonus",
        "upper-total",
        "lower-total",
        "grand-total",
        "turns",
        "extra-turns",
        "players",
        "refused",
    ]
    assert "joker" in [t.key for t in topics_of("yahtzee")] and "joker" not in keys


def test_a_set_aside_game_has_the_turn_its_combinations_and_its_turn_rules() -> None:
    keys = [t.key for t in set_aside_topics(find_ruleset("greed"))]
    assert keys[:3] == ["turn", "set-aside", "singles"] and keys[-1] == "refused"
    assert {"farkle", "hot-dice", "entry", "end", "instant-win"} <= set(keys)
    assert [t.key for t in topics_of("ten-thousand")] == [t.key for t in set_aside_topics(find_ruleset("greed"))]


def test_a_rows_label_is_the_rulesets_translation_else_its_own() -> None:
    yahtzee = sheet("yahtzee")
    assert row_label(yahtzee, "ones", "en") == "Aces"
    assert row_label(yahtzee, "ones", "fr") == "As"


def test_what_a_row_does_beyond_its_pattern_in_sentences_or_in_a_few_words() -> None:
    """Generala's rows made on the first roll score 5 more or win; its double generala requires
    the generala; Kiriki's rows do nothing beyond their patterns."""
    generala = sheet("generala")
    assert row_rules(generala, "straight", "en", "define") == ["Made with the turn's first roll, it scores 5 more."]
    assert row_rules(generala, "straight", "en", "value") == ["+5 on the first roll"]
    assert row_rules(generala, "generala", "en", "value") == ["wins on the first roll"]
    assert row_rules(generala, "double_generala", "en", "define") == [
        "It scores only once generala holds points; before that it may be filled, for 0."
    ]
    assert row_rules(generala, "ones", "en", "define") == []
    kiriki = sheet("kiriki")
    assert all(row_rules(kiriki, row, "en", "value") == [] for row in kiriki.rows)
    full = topic("generala", "full-house")
    assert full.value is not None and full.value(generala).endswith(", +5 on the first roll")


def test_a_row_that_adds_points_and_wins_on_the_first_roll_says_both_at_once() -> None:
    """The model's Generala-like double generala adds 20 and wins, made with the first roll: one
    sentence says both, in every language, and the few words too."""
    model = load_ruleset(next(path for path in model_files() if path.stem == "model-generala"))
    assert isinstance(model, SheetRuleset)
    said = {lang: row_rules(model, "double_generala", lang, "define")[0] for lang in ("en", "fr", "de", "pl")}
    assert said == {
        "en": "Made with the turn's first roll, it scores 20 more and wins the game at once.",
        "fr": "Faite au premier lancer du tour, elle rapporte 20 de plus et gagne la partie sur-le-champ.",
        "de": "Gelingt sie mit dem ersten Wurf des Zugs, zählt sie 20 mehr und gewinnt das Spiel sofort.",
        "pl": "Ułożony w pierwszym rzucie tury daje o 20 więcej i od razu wygrywa grę.",
    }
    assert row_rules(model, "double_generala", "en", "value")[0] == "+20 and wins on the first roll"


def test_a_ruleset_file_of_ones_own_has_its_own_rows_topics(tmp_path: Path) -> None:
    """A house file that relabels a row and makes a full house worth 30: its page's topic of the
    row has the new title and value, and the other topics are those of the game."""
    mine = ruleset_file(tmp_path, "rows:", "  full_house: {label: Full Boat, points: 30}")
    topics = {t.key: t for t in topics_for(mine)}
    assert list(topics) == [t.key for t in topics_of("kiriki")]
    full = topics["full-house"]
    assert full.title == "Full Boat"
    assert full.value is not None and full.value(mine) == "30" and full.value(find_ruleset("kiriki")) == "25"


def test_a_lines_names_in_the_source_texts_by_language() -> None:
    assert line_names("kiriki", "full-house") == {"en": "Full House", "fr": "full", "de": "full house", "pl": "Full"}
    assert line_names("no-such-game", "full-house") == {}
    assert line_names("kiriki", "no-such-line") == {}


def test_a_case_belongs_to_the_topic_its_rule_tag_names() -> None:
    case = next(case for case in cases() if case.game == "kiriki" and case.rule == "full-house")
    topics = topics_of("kiriki")
    found = topic_of(case, topics)
    assert found is not None and found.key == "full-house"
    assert topic_of(case, topics_of("ten-thousand")) is None


def test_a_gap_is_about_the_topic_of_its_keys_first_part() -> None:
    topics = topics_of("ten-thousand")
    found = [gap_topic(key, topics) for key in ("straights.low", "end", "winner.ties")]
    assert [t.key if t else None for t in found] == ["straights", "end", "end"]
    assert gap_topic("no_such_rule.x", topics) is None
    turns = gap_topic("dice", topics_of("kiriki"))
    assert turns is not None and turns.key == "turns"
