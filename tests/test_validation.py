"""Checking data against the package's JSON Schemas (validation.py): one ``key.path: value: what
is wrong`` line per problem, an unknown key named with the keys allowed there, a missing key with
what needs it, and every line of a file raised at once, each starting with the file's name."""

from __future__ import annotations

from typing import Any

import pytest

from dicespec.validation import check, problems, validator

GAME: dict[str, Any] = {
    "name": "dice",
    "title": "Dice",
    "family": "score-sheet",
    "tag": "dice",
    "default": "dice",
    "summary": "a game",
}
"""An entry of the game registry (the schema ``games``) that fits it."""


def test_data_that_fits_has_no_problems() -> None:
    assert problems([GAME], "games") == []
    assert problems({"yahtzee": {"en": {"chance": "Chance"}}}, "glossary") == []


def test_an_unknown_key_is_named_with_the_keys_known_there() -> None:
    assert problems([GAME | {"oops": 2}], "games") == [
        "0.oops: 2: unknown key; known keys: name, title, family, tag, default, summary, translations"
    ]


def test_an_unknown_key_where_keys_follow_a_pattern_is_named_with_the_pattern() -> None:
    assert problems({"yahtzee": {"en": {"chance": "Chance", "Bad Key": "x"}}}, "glossary") == [
        "yahtzee.en.Bad Key: 'x': unknown key; keys match ^[a-z][a-z0-9]*(_[a-z0-9]+)*$"
    ]


def test_a_missing_key_is_named_with_the_title_of_what_needs_it() -> None:
    assert problems({}, "errata") == ["findings: missing; the errata file needs it"]
    assert problems({"findings": [{}]}, "errata") == ["findings.0.id: missing; a finding needs it"]


def test_a_missing_key_where_the_schema_has_no_title_is_needed_by_the_owner_given() -> None:
    entry = {key: value for key, value in GAME.items() if key != "summary"}
    assert problems([entry], "games") == ["0.summary: missing; it needs it"]
    assert problems([entry], "games", owner="a game") == ["0.summary: missing; a game needs it"]


def test_a_pattern_and_an_empty_value_are_said_in_words() -> None:
    assert problems({"yahtzee": {"en": {"chance": ""}}}, "glossary") == ["yahtzee.en.chance: '': is empty"]
    assert problems({"yahtzee": {"en": {"chance": "  "}}}, "glossary") == [
        "yahtzee.en.chance: '  ': does not match '\\\\S'"
    ]
    assert problems([], "games") == ["(top level): []: is empty"]


def test_every_problem_is_one_line_each() -> None:
    assert problems([GAME | {"name": "Bad Name", "family": 3}], "games") == [
        "0.name: 'Bad Name': does not match '^[a-z0-9]+(-[a-z0-9]+)*$'",
        "0.family: 3: 3 is not one of ['score-sheet', 'set-aside']",
    ]


def test_a_long_value_is_cut_short_with_its_type() -> None:
    (line,) = problems([GAME | {"family": "f" * 200}], "games")
    assert line.startswith(f"0.family: '{'f' * 119}… (str): ")


def test_a_reference_to_another_schema_is_followed() -> None:
    """The registry's translations are the translations schema's: it holds them to its own rules."""
    assert problems([GAME | {"translations": {"fr": 3}}], "games") == [
        "0.translations.fr: 3: 3 is not of type 'object'"
    ]
    assert validator("games") is validator("games")


def test_check_raises_every_problem_at_once_each_naming_the_source() -> None:
    with pytest.raises(ValueError) as raised:
        check([GAME | {"name": "Bad Name", "family": 3}], "games", "games.yaml")
    assert str(raised.value).splitlines() == [
        "games.yaml: 0.name: 'Bad Name': does not match '^[a-z0-9]+(-[a-z0-9]+)*$'",
        "games.yaml: 0.family: 3: 3 is not one of ['score-sheet', 'set-aside']",
    ]


def test_check_raises_the_error_class_given_and_passes_data_that_fits() -> None:
    check([GAME], "games", "games.yaml")
    with pytest.raises(LookupError, match=r"^fixtures/errata\.yaml: findings: missing; the errata file needs it$"):
        check({}, "errata", "fixtures/errata.yaml", LookupError)
