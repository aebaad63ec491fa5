"""The steps both families share: dice shown, a game scripted in the replay notation, the turn
order, the end, the winners, and rejections. Each asks the implementation under test through
the narrow interface (``replay``, which answers in the shape of the ruleset's family); the
phrasings are in phrasebook.yaml.

A rejection is the spec's code, the reference's. An action refused at the same point with the
code of another check of the rules it fails (the reference engines say which) is refused in
another order: the step fails with :class:`AnotherOrder`, which ``dicespec conform`` counts
apart, as passed, unless ``--strict-refusals``.

The player to act, read once the game is over, carries no rule (no player is to act then): a step
that finds another player there than the reference's fails with :class:`CarriesNoRule`, which
``dicespec conform`` passes. The spec's own run, against the reference engines, stays exact."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import pytest

from dicespec.implementation import Implementation, ReferenceImplementation, carries_no_rule, replay_operation
from dicespec.registry import game, games

from .phrasebook import StepLogic, register

steps = StepLogic()
GAMES = {found.tag: found.name for found in games()}  # a game's tag marks its cases


def digits(text: str) -> list[int]:
    return [int(d) for d in re.findall(r"\d", text)]


class AnotherOrder(AssertionError):
    """A refusal with the code of another check of the rules than the spec's, where the rules
    refuse the action for both reasons: the implementation makes its checks in another order than
    the reference."""

    def __init__(self, expected: str, actual: str) -> None:
        super().__init__(f"refused as {actual}, not {expected}: both apply, in another order than the reference's")
        self.expected = expected
        self.actual = actual


class CarriesNoRule(AssertionError):
    """A part of an answer read where it carries no rule (the player to act, once the game is
    over: :func:`~dicespec.implementation.carries_no_rule`), answered otherwise than the spec's
    case says: the reference's answer there, which no other implementation is held to."""


def asked_under(implementation: Implementation, ruleset: str) -> str:
    """The ruleset ``implementation`` is asked under when the steps name ``ruleset`` (another, where
    the conformance run asks a case under rules of one's own)."""
    renamed: dict[str, str] = getattr(implementation, "renamed", {})
    return renamed.get(ruleset, ruleset)


@dataclass
class ScriptedGame:
    """A game written as actions in the replay notation, replayed when a Then step asks."""

    game: str
    implementation: Implementation
    ruleset: str
    players: int
    actions: list[str] = field(default_factory=list)

    def replay(self, actions: list[str] | None = None) -> dict[str, Any]:
        replay = getattr(self.implementation, replay_operation(game(self.game).family_name))
        answer: dict[str, Any] = replay(self.ruleset, self.players, list(self.actions if actions is None else actions))
        return answer

    def accepted(self) -> dict[str, Any]:
        result = self.replay()
        rejected = result["rejected"]
        assert rejected is None, (
            f"action {rejected['at'] + 1} ({self.actions[rejected['at']]!r}) was rejected as "
            f"{rejected['code']}; actions: {self.actions}"
        )
        return result

    def player(self, number: int) -> dict[str, Any]:
        found: dict[str, Any] = self.accepted()["players"][number - 1]
        return found


@steps
def dice_show(dice: str) -> str:
    return dice.strip()


@steps
def new_game(
    request: pytest.FixtureRequest, implementation: Implementation, ruleset: str, players: int
) -> ScriptedGame:
    game = next(name for mark, name in GAMES.items() if request.node.get_closest_marker(mark))
    return ScriptedGame(game, implementation, ruleset, players)


@steps
def roll(game: ScriptedGame, dice: str) -> None:
    game.actions.append(f"roll {dice.strip()}")


@steps
def actions(game: ScriptedGame, datatable: list[list[str]]) -> None:
    """One action a row, in the replay notation, under a header row."""
    game.actions += [row[0].strip() for row in datatable[1:]]


@steps
def game_over(game: ScriptedGame) -> None:
    assert game.accepted()["over"] is True, "the game is not over"


@steps
def game_not_over(game: ScriptedGame) -> None:
    assert game.accepted()["over"] is False, "the game is over"


@steps
def current_player(game: ScriptedGame, player: int) -> None:
    answer = game.accepted()
    current = answer["current"] + 1
    if current != player and "current" in carries_no_rule(answer):
        raise CarriesNoRule(f"the game is over: player {current} is to act, not player {player}, where no one is")
    assert current == player, f"it is player {current}'s turn, not player {player}'s"


@steps
def accepted(game: ScriptedGame) -> None:
    game.accepted()


@steps
def rejected(game: ScriptedGame, code: str) -> None:
    result = game.replay()
    wanted = {"at": len(game.actions) - 1, "code": code.strip()}
    given = result["rejected"]
    assert given is not None, f"{game.actions[-1]!r} was accepted"
    another = given != wanted and given == {**wanted, "code": given.get("code")} and both_apply(game, given["code"])
    assert another or given == wanted, f"rejection: {given}"
    before = game.replay(game.actions[:-1])
    assert {k: v for k, v in result.items() if k != "rejected"} == {
        k: v for k, v in before.items() if k != "rejected"
    }, "the rejected action changed the game"
    if another:
        raise AnotherOrder(str(wanted["code"]), str(given["code"]))


def both_apply(game: ScriptedGame, given: object) -> bool:
    """Is ``given`` the code of a check of the rules the game's last action fails (the reference
    engines say which)?"""
    ruleset = asked_under(game.implementation, game.ruleset)
    return given in ReferenceImplementation().replay_refusals(ruleset, game.players, game.actions)


@steps
def dice_now(game: ScriptedGame, dice: str) -> None:
    shown = game.accepted()["dice"]
    assert shown == dice.strip(), f"the dice show {shown}"


@steps
def turns_taken(game: ScriptedGame, player: int, count: int) -> None:
    actual = game.player(player)["turns_taken"]
    assert actual == count, f"player {player} has played {actual} turns"


@steps
def winner(game: ScriptedGame, player: int) -> None:
    result = game.accepted()
    assert result["over"] and result["winners"] == [player - 1], f"winners: {result['winners']}"


@steps
def winners(game: ScriptedGame, players: str) -> None:
    result = game.accepted()
    expected = [n - 1 for n in digits(players)]
    assert result["over"] and result["winners"] == expected, f"winners: {result['winners']}"


register("common", steps)
