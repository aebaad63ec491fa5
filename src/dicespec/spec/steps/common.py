"""The steps both families share: dice shown, a game scripted in the replay notation, the turn
order, the end, the winners, and rejections. Each asks the implementation under test through
the narrow interface (``replay``, which answers in the shape of the ruleset's family); the
phrasings are in phrasebook.yaml."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import pytest

from dicespec.implementation import Implementation, replay_operation
from dicespec.registry import game, games

from .phrasebook import StepLogic, register

steps = StepLogic()
GAMES = {found.tag: found.name for found in games()}  # a game's tag marks its cases


def digits(text: str) -> list[int]:
    return [int(d) for d in re.findall(r"\d", text)]


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
    current = game.accepted()["current"] + 1
    assert current == player, f"it is player {current}'s turn, not player {player}'s"


@steps
def accepted(game: ScriptedGame) -> None:
    game.accepted()


@steps
def rejected(game: ScriptedGame, code: str) -> None:
    result = game.replay()
    last = len(game.actions) - 1
    assert result["rejected"] is not None, f"{game.actions[-1]!r} was accepted"
    assert result["rejected"] == {"at": last, "code": code.strip()}, f"rejection: {result['rejected']}"
    before = game.replay(game.actions[:-1])
    assert {k: v for k, v in result.items() if k != "rejected"} == {
        k: v for k, v in before.items() if k != "rejected"
    }, "the rejected action changed the game"


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
