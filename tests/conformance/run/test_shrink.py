"""Shrinking a failing replay to the shortest one that still fails (dicespec.conformance.run.shrink)."""

from __future__ import annotations

from typing import Any

from dicespec.conformance.protocol.messages import Outcome
from dicespec.conformance.run.shrink import shortest_failing
from dicespec.implementation import ReferenceImplementation

REFERENCE = ReferenceImplementation()
TURNS = [
    "roll 11111",
    "score ones",
    "roll 22222",
    "score twos",
    "roll 12345",
    "reroll 1=6",
    "score choice",
    "roll 33333",
    "score threes",
    "roll 44444",
    "score fours",
]
ARGS = {"ruleset": "yacht", "players": 1, "actions": TURNS}


def wrong_choice(op: str, args: dict[str, Any]) -> Outcome:
    """The reference, but a choice row holds one point too many."""
    answer = REFERENCE.replay(**args)
    lines = answer["players"][0]["lines"]
    if lines["choice"] is not None:
        lines["choice"] += 1
        lines["lower_total"] += 1
        lines["grand_total"] += 1
    return Outcome("result", answer)


def test_a_failing_replay_shrinks_to_the_actions_the_difference_needs() -> None:
    shrunk = shortest_failing("replay", ARGS, wrong_choice, REFERENCE.replay)
    assert shrunk is not None
    assert len(shrunk.actions) == 2 and shrunk.actions[0].startswith("roll ") and shrunk.actions[1] == "score choice"
    assert shrunk.of == len(TURNS)
    assert shrunk.expected["players"][0]["lines"]["choice"] + 1 == shrunk.actual["players"][0]["lines"]["choice"]
    assert shrunk.describe().startswith("shortest failing replay, 2 of 11 actions: roll ")


def test_a_replay_that_never_differs_or_is_skipped_is_not_shrunk() -> None:
    def same(op: str, args: dict[str, Any]) -> Outcome:
        return Outcome("result", REFERENCE.replay(**args))

    def skips(op: str, args: dict[str, Any]) -> Outcome:
        return Outcome("skipped", "no")

    assert shortest_failing("replay", ARGS, same, REFERENCE.replay) is None
    assert shortest_failing("replay", ARGS, skips, REFERENCE.replay) is None


def test_a_shrunk_replay_is_a_game_the_rules_let_be_played() -> None:
    """An implementation that differs only once the rules refuse an action: a candidate ending
    after a refusal does not count, so the replay is not cut down to one the rules refuse early."""

    def accepts_a_third_reroll(op: str, args: dict[str, Any]) -> Outcome:
        answer = REFERENCE.replay(**args)
        if answer["rejected"] is not None:
            answer["rejected"] = None  # it accepts what the rules refuse
        return Outcome("result", answer)

    actions = ["roll 12345", "score choice", "roll 12345", "reroll 1=1", "reroll 1=1", "reroll 1=1"]
    shrunk = shortest_failing("replay", {**ARGS, "actions": actions}, accepts_a_third_reroll, REFERENCE.replay)
    assert shrunk is not None and shrunk.actions == ("roll 12345", "reroll 1=1", "reroll 1=1", "reroll 1=1")
    assert shrunk.expected["rejected"] == {"at": 3, "code": "no-rolls-left"}
