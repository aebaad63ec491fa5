"""The spec's rejection step, ``the last action is rejected as CODE and changes nothing``: exact
against the spec's code, but an implementation that refuses the same action with the code of
another check of the rules it fails, changing nothing, is refused in another order
(:class:`AnotherOrder`, which the conformance run counts apart); any other answer fails it.

The step ``it is player N's turn``: exact, but once the game is over another player is a part of
the answer that carries no rule (:class:`CarriesNoRule`, which the conformance run passes)."""

from __future__ import annotations

from typing import Any

import pytest

from dicespec.implementation import ReferenceImplementation
from dicespec.spec.steps.common import AnotherOrder, CarriesNoRule, ScriptedGame, current_player, rejected

# yacht: the turn's three rolls made, then a reroll of no die (no rolls left, and no die named)
ACTIONS = ["roll 12346", "reroll 1=1", "reroll 1=2", "reroll ="]


class Answers(ReferenceImplementation):
    """The reference, its answer to the last replay of ACTIONS changed by ``change``."""

    def __init__(self, **change: Any) -> None:
        self.change = change

    def replay(self, ruleset: str, players: int, actions: list[str]) -> Any:
        answer = super().replay(ruleset, players, actions)
        return {**answer, **self.change} if actions == ACTIONS else answer


def game(implementation: Any) -> ScriptedGame:
    return ScriptedGame("yacht", implementation, "yacht", 1, list(ACTIONS))


def test_the_reference_s_code_passes() -> None:
    rejected(game(ReferenceImplementation()), "no-rolls-left")


def test_another_code_the_rules_give_is_a_refusal_in_another_order() -> None:
    with pytest.raises(AnotherOrder) as caught:
        rejected(game(Answers(rejected={"at": 3, "code": "empty-reroll"})), "no-rolls-left")
    assert (caught.value.expected, caught.value.actual) == ("no-rolls-left", "empty-reroll")
    assert (
        str(caught.value)
        == "refused as empty-reroll, not no-rolls-left: both apply, in another order than the reference's"
    )


@pytest.mark.parametrize(
    "change",
    [
        {"rejected": {"at": 3, "code": "bad-die-index"}},  # a code of no check the action fails
        {"rejected": {"at": 2, "code": "empty-reroll"}},  # another action
        {"rejected": None},  # accepted
        {"rejected": {"at": 3, "code": "empty-reroll"}, "dice": "66666"},  # the game changed
    ],
)
def test_anything_else_fails(change: dict[str, Any]) -> None:
    with pytest.raises(AssertionError) as caught:
        rejected(game(Answers(**change)), "no-rolls-left")
    assert not isinstance(caught.value, AnotherOrder)


# generala, 3 players: player 2 serves a Generala, which ends the game at once (player 2 played last)
SERVED = ["roll 12346", "score ones", "roll 44444", "score generala"]


class NextInTurn(ReferenceImplementation):
    """The reference, but the next player in turn is the one to act in every answer."""

    def replay(self, ruleset: str, players: int, actions: list[str]) -> Any:
        answer = super().replay(ruleset, players, actions)
        return {**answer, "current": (answer["current"] + 1) % players}


def test_once_over_the_reference_s_player_to_act_passes() -> None:
    current_player(ScriptedGame("generala", ReferenceImplementation(), "generala", 3, list(SERVED)), 2)


def test_once_over_another_player_to_act_carries_no_rule() -> None:
    with pytest.raises(CarriesNoRule) as caught:
        current_player(ScriptedGame("generala", NextInTurn(), "generala", 3, list(SERVED)), 2)
    assert str(caught.value) == "the game is over: player 3 is to act, not player 2, where no one is"


def test_mid_game_another_player_to_act_fails() -> None:
    with pytest.raises(AssertionError) as caught:
        current_player(ScriptedGame("generala", NextInTurn(), "generala", 3, list(SERVED[:2])), 2)
    assert not isinstance(caught.value, CarriesNoRule)
    assert str(caught.value) == "it is player 3's turn, not player 2's"
