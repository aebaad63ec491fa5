"""Every rule key of both ruleset schemas, and each form its value takes, is used by a game's
ruleset or by one of the model's (``rulesets/model/``): an implementation that plays rules as
data can be asked each of them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import pytest

from dicespec.registry import game
from dicespec.rulesets import file_data, model_files, ruleset_data, ruleset_names
from dicespec.rulesets.forms import forms, used

SCHEMAS = ("score-sheet-ruleset", "set-aside-ruleset")


def schema_of(data: Mapping[str, Any]) -> str:
    return game(data["game"]).family.schema


def games_rulesets() -> list[dict[str, Any]]:
    return [ruleset_data(name) for name in ruleset_names()]


def models() -> list[dict[str, Any]]:
    return [file_data(path) for path in model_files()]


def unused(schema: str, documents: Iterable[Mapping[str, Any]]) -> list[str]:
    """The forms of ``schema`` none of ``documents`` uses."""
    found = set().union(*(used(schema, data) for data in documents if schema_of(data) == schema))
    return [form for form in forms(schema) if form not in found]


@pytest.mark.parametrize("schema", SCHEMAS)
def test_every_form_of_the_schema_is_used_by_a_game_s_or_a_model_ruleset(schema: str) -> None:
    missing = unused(schema, [*games_rulesets(), *models()])
    where = "give each to a model ruleset in rulesets/model/"
    assert not missing, f"forms of {schema} that no ruleset uses ({where}):\n" + "\n".join(missing)


def test_every_form_a_ruleset_uses_is_one_the_schema_offers() -> None:
    """The forms found in a document are named as the schema's list names them (one walk makes
    both), so a form in use is never taken for another, unused one."""
    for data in [*games_rulesets(), *models()]:
        schema = schema_of(data)
        assert used(schema, data) <= set(forms(schema)), data["name"]


def test_the_games_rulesets_alone_leave_forms_that_the_model_s_fill() -> None:
    """Four of a kind exactly (the rule no game used, that an implementation could get wrong and
    pass every game's case), a penalty's floor, hot dice that must be rolled: each is the model's."""
    left = {schema: unused(schema, games_rulesets()) for schema in SCHEMAS}
    assert "rows.* (rule: of_a_kind): with exactly" in left["score-sheet-ruleset"]
    assert "rows.* (rule: straight).points: sum" in left["score-sheet-ruleset"]
    assert {"farkle_penalty.floor: a number", "hot_dice: compulsory", "instant_win.first_roll_only: false"} <= set(
        left["set-aside-ruleset"]
    )


@pytest.mark.parametrize("path", model_files(), ids=[path.stem for path in model_files()])
def test_each_model_ruleset_uses_a_form_no_game_s_ruleset_uses(path: Any) -> None:
    data = file_data(path)
    schema = schema_of(data)
    assert set(used(schema, data)) & set(unused(schema, games_rulesets())), f"{path.name} adds nothing"
    assert data["name"] not in ruleset_names()  # not a game's: not on the site


def test_the_forms_are_named_by_key_and_shape() -> None:
    sheet = forms("score-sheet-ruleset")
    assert {"joker: free", "saved_rolls: true", "upper_bonus: null", "upper_bonus: {at_least, points}"} <= set(sheet)
    assert "rows.* (rule: groups).points: matching" in sheet
    assert not any(form.startswith(("title", "texts", "expect", "rows.*.label")) for form in sheet)  # no rule
    assert {"straights: none", "patterns: some", "winner: highest_score_ties_share"} <= set(forms("set-aside-ruleset"))


def test_a_key_left_out_is_its_default_and_a_key_given_says_so() -> None:
    yahtzee = used("score-sheet-ruleset", ruleset_data("yahtzee"))
    assert {"saved_rolls: false", "joker: forced", "upper_bonus: {more_than, points}"} <= yahtzee
    assert "saved_rolls: given" not in yahtzee and "rows.* (rule: of_a_kind): with at_least" in yahtzee
    greed = used("set-aside-ruleset", ruleset_data("greed"))
    assert {"farkle_penalty: null", "instant_win: null", "end.exact: false", "hot_dice: optional"} <= greed
    five_dice = used("set-aside-ruleset", ruleset_data("farkle-five-dice"))
    assert {"farkle_penalty: given", "farkle_penalty.floor: null", "instant_win.first_roll_only: true"} <= five_dice
