"""``dicespec.implementation``: what an implementation's replay answer is held to. A part that
carries no rule there (``current`` once the game is over) is not held against it, nor a line of the
sheet it was asked under that the rules held to lack, held at 0 (``lines_lacked``): the
no-Yahtzee-bonus fake's ``yahtzee_bonus`` (``tests/conformance_fakes/no_yahtzee_bonus.py``), its
``bonus`` too with no upper bonus. A line the rules lack that is not 0 is still held against it."""

from __future__ import annotations

from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest

from dicespec.implementation import (
    ReferenceImplementation,
    answers_alike,
    carries_no_rule,
    held,
    held_to,
    lines_lacked,
)
from dicespec.rulesets import forget_declared
from fakes import fake_module

REFERENCE = ReferenceImplementation()
GAME = ["roll 66666", "score yahtzee", "roll 33333", "score threes", "roll 66666", "score sixes"]
"""Two players: a Yahtzee, then another Yahtzee in sixes (no Yahtzee bonus under the fake's rules)."""


@pytest.fixture(scope="module")
def fake() -> Iterator[ModuleType]:
    """The fake, its rules declared in this process while these tests run."""
    module = fake_module("no_yahtzee_bonus")
    module.own_rules()
    yield module
    forget_declared()


def answers(fake: ModuleType, engine: Any, actions: list[str] = GAME) -> tuple[Any, Any]:
    """The reference's answer under the fake's rules, and the fake's, asked under yahtzee."""
    return REFERENCE.replay(fake.NAME, 2, actions), engine.replay("yahtzee", 2, actions)


def test_a_line_the_rules_lack_held_at_0_is_not_held_against_it(fake: ModuleType) -> None:
    expected, actual = answers(fake, fake.implementation)
    assert "yahtzee_bonus" not in expected["players"][0]["lines"]
    assert [player["lines"]["yahtzee_bonus"] for player in actual["players"]] == [0, 0]
    assert lines_lacked(expected, actual) == ((0, "yahtzee_bonus"), (1, "yahtzee_bonus"))
    assert held_to(expected, actual) == expected
    assert actual != expected and answers_alike(expected, actual)


def test_with_no_upper_bonus_either_the_bonus_line_at_0_is_not_held_against_it(fake: ModuleType) -> None:
    """Held to the reference under those rules (no upper bonus: no bonus line), both lines drop."""
    rules = fake.own_rules(upper_bonus=False)
    assert "bonus" not in rules.lines and "yahtzee_bonus" not in rules.lines
    actual = fake.no_upper_bonus.replay("yahtzee", 2, GAME)
    expected = {
        **actual,
        "players": [
            {**p, "lines": {k: v for k, v in p["lines"].items() if k in rules.lines}} for p in actual["players"]
        ],
    }
    assert set(lines_lacked(expected, actual)) == {(p, line) for p in (0, 1) for line in ("bonus", "yahtzee_bonus")}
    assert held_to(expected, actual) == expected and answers_alike(expected, actual)


def test_a_line_the_rules_lack_that_is_not_0_is_held_against_it(fake: ModuleType) -> None:
    """The reference under yahtzee scores the second Yahtzee's bonus: held to the fake's rules, that
    answer differs; and a line of the rules missing from the answer is never made up."""
    expected = answers(fake, fake.implementation)[0]
    bonused = REFERENCE.replay("yahtzee", 2, GAME)
    assert bonused["players"][0]["lines"]["yahtzee_bonus"] == 100
    assert lines_lacked(expected, bonused) == ((1, "yahtzee_bonus"),)
    assert not answers_alike(expected, bonused)
    lacking = {**expected, "players": [{**p, "lines": {**p["lines"]}} for p in expected["players"]]}
    del lacking["players"][0]["lines"]["chance"]
    assert lines_lacked(expected, lacking) == () and not answers_alike(expected, lacking)


@pytest.mark.parametrize("answer", [None, 3, "refused", {"players": "none"}, {"players": [1, 2]}])
def test_an_answer_with_no_sheet_lacks_no_line(fake: ModuleType, answer: Any) -> None:
    expected, _ = answers(fake, fake.implementation)
    assert lines_lacked(expected, answer) == ()
    assert held_to(expected, answer) == held(answer)


def test_the_player_to_act_once_over_carries_no_rule() -> None:
    over = {"over": True, "current": 1, "winners": [0]}
    assert carries_no_rule(over) == ("current",) and held(over) == {"over": True, "winners": [0]}
    assert carries_no_rule({**over, "over": False}) == () and held({**over, "over": False}) == {**over, "over": False}
    assert answers_alike(over, {**over, "current": 0})
    assert not answers_alike({**over, "over": False}, {**over, "over": False, "current": 0})
