"""The "vanilla Yahtzee" fake (tests/conformance_fakes/vanilla_yahtzee.py): rules of its own,
declared in its hello, and exactly one bug of game flow. Asked directly (no conformance run), its
answers are the reference's under its rules everywhere but where a filled box is scored again."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator
from typing import Any

import pytest

from dicespec import corpus
from dicespec.conformance.protocol.messages import read_hello
from dicespec.conformance.serving.adapter import Server
from dicespec.implementation import ReferenceImplementation
from dicespec.rulesets import find_ruleset, forget_declared
from folders import FAKES

_SPEC = importlib.util.spec_from_file_location("vanilla_yahtzee", FAKES / "vanilla_yahtzee.py")
assert _SPEC is not None and _SPEC.loader is not None
vanilla = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(vanilla)

NAME = vanilla.NAME
REFERENCE = ReferenceImplementation()
FAKE = vanilla.VanillaYahtzee()


@pytest.fixture(autouse=True, scope="module")
def declared_rules() -> Iterator[None]:
    """Its rules declared in this process while these tests run, as the runner declares them."""
    vanilla.vanilla_rules()
    yield
    forget_declared()


def row_used(answer: dict[str, Any]) -> bool:
    return answer["rejected"] is not None and answer["rejected"]["code"] == "row-used"


def test_its_hello_declares_yahtzee_with_no_upper_bonus_no_yahtzee_bonus_and_no_joker() -> None:
    """Its hello (protocol 2) plays its own ruleset only, declared as what differs from yahtzee;
    the rules declared are yahtzee's boxes with none of the three."""
    server = Server(FAKE, games=FAKE.rulesets, rules=FAKE.own_rulesets)
    hello = read_hello(server.answer({"id": 1, "op": "hello", "protocol": 2, "protocols": [2, 1]}))
    assert hello["games"] == {"yahtzee": [NAME]}
    [document] = hello["rulesets"]
    assert (document["name"], document["extends"]) == (NAME, "yahtzee")
    rules, yahtzee = find_ruleset(NAME), find_ruleset("yahtzee")
    assert rules.rows == yahtzee.rows and rules.rolls_per_turn == yahtzee.rolls_per_turn
    assert (rules.bonus_more_than, rules.five_of_a_kind, rules.joker) == (None, None, "none")
    assert "bonus" not in rules.lines and "yahtzee_bonus" not in rules.lines


def test_every_roll_scores_as_the_reference_s_under_its_rules() -> None:
    cases = [case for case in corpus.exhaustive({"yahtzee": [NAME]}) if case.op == "score"]
    assert len(cases) == 6**5 * 13
    assert all(FAKE.score(**case.args) == case.expected for case in cases[::7])


def test_a_box_scored_twice_is_taken_where_the_reference_refuses_it() -> None:
    """The second score in the ones box writes over the first and ends the turn; the reference
    refuses it (row-used) and stays just before it. Other refusals are the reference's."""
    actions = ["roll 11111", "score ones", "roll 11111", "score ones", "roll 22222", "score ones"]
    reference, fake = REFERENCE.replay(NAME, 2, actions), FAKE.replay(NAME, 2, actions)
    assert reference["rejected"] == {"at": 5, "code": "row-used"}
    assert fake["rejected"] is None
    assert [p["lines"]["ones"] for p in fake["players"]] == [0, 5]  # 22222 in ones: written over 5
    assert [p["turns_taken"] for p in fake["players"]] == [2, 1]
    assert fake["players"][1] == reference["players"][1]
    for refused in (["score ones"], ["roll 12345", "score upper_total"], ["roll 12345", "roll 12345"]):
        assert FAKE.replay(NAME, 1, refused) == REFERENCE.replay(NAME, 1, refused), refused


def test_replayed_games_differ_from_the_reference_s_exactly_where_a_box_is_scored_twice() -> None:
    """Over the runner's replayed games under its rules, the fake answers otherwise than the
    reference exactly in the cases the reference refuses as row-used."""
    twice = 0
    for case in corpus.games({"yahtzee": [NAME]}, count=40):
        expected = REFERENCE.replay(**case.args)
        assert expected == case.expected, case.id
        assert (FAKE.replay(**case.args) != expected) == row_used(expected), case.id
        twice += row_used(expected)
    assert twice >= 5
