"""``dicespec identify`` of an engine that rolls its own dice: its scoring identified as any
engine's, no replay asked of it, the rules of its game flow listed as needing chosen dice, and the
closing conform run playing its games move by move, a bug of its flow found there."""

from __future__ import annotations

from typing import Any

import pytest

from dicespec.conformance.protocol.messages import Outcome
from dicespec.conformance.run.target import Options, Target
from dicespec.conformance.serving.own_dice import OwnDiceReference
from dicespec.conformance.transports.in_process import InProcessTransport
from dicespec.identify.closing import closing_conform
from dicespec.identify.command import identify, report_text
from dicespec.identify.own_dice import NoReplays, needs_chosen_dice
from dicespec.identify.sheet_flow import flow_values
from dicespec.rulesets import find_ruleset, forget_declared
from fakes import fake_module
from own_dice_games import acts


class Asked:
    """A transport that notes what it is asked, and answers every request alike."""

    def __init__(self) -> None:
        self.asked: list[str] = []
        self.hello = None

    def call(self, op: str, args: dict[str, Any]) -> Outcome:
        self.asked.append(op)
        return Outcome("result", 0)


def test_no_replay_is_asked_every_other_question_is() -> None:
    transport = Asked()
    wrapped = NoReplays(transport)
    assert wrapped.call("replay", {"ruleset": "yacht", "players": 1, "actions": []}).kind == "cannot"
    assert wrapped.call("score", {"ruleset": "yacht", "dice": "11111", "row": "yacht"}) == Outcome("result", 0)
    assert transport.asked == ["score"] and wrapped.hello is None


def test_its_scoring_is_identified_and_the_rules_of_its_flow_need_chosen_dice(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def replay(*_: Any) -> Any:
        raise AssertionError("a replay was asked of an engine that rolls its own dice")

    monkeypatch.setattr(OwnDiceReference, "replay", replay)
    target = Target(python="dicespec.conformance.serving.own_dice:OwnDiceReference")  # dice = "own"
    try:
        found = identify(target, Options(in_process=True), name_of_game="yacht", asked=None, name=None, conform=False)
    finally:
        forget_declared()
    assert found.closest == "yacht" and found.changed() == {} and found.errored == 0
    assert found.flow.fits == [] and found.flow.replays == 0
    assert found.flow.not_probed == needs_chosen_dice("score-sheet", find_ruleset("yacht"))
    assert all(key in found.flow.not_probed for key in flow_values(find_ruleset("yacht")))
    assert "\ngame flow: not probed: it rolls its own dice, and these rules need chosen dice: rolls_per_turn, " in (
        report_text(found, timings=False)
    )


def test_the_closing_run_plays_its_games_move_by_move_and_finds_a_bug_of_its_flow() -> None:
    """After a farkle the turn stays with the player: every game of more than one player differs
    (the games of the identified rules, worked out here under the name the run declares them by)."""
    buggy = fake_module("own_dice").Buggy(turn_stays=True)
    try:
        closing = closing_conform(
            InProcessTransport(buggy),
            "extends: farkle\nname: farkle-identified\n",
            "farkle",
            {},
            lambda case: case.op,
            games=6,
            own_dice=True,
        )
        several = {act.game.id for act in acts({"ten-thousand": [closing.ruleset]}, count=6) if act.game.players > 1}
    finally:
        forget_declared()
    assert several and (closing.games, closing.games_failed, closing.games_skipped) == (6, len(several), 0)
    assert set(closing.failing) <= several and closing.failing
    assert " 6 own-dice games, " in closing.summary(0)
