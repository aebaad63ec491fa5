"""The 10000 replay notation, replays, and the narrow interface's 10000 answers."""

from __future__ import annotations

import json

import pytest
from hypothesis import given

from dicespec import find_ruleset
from dicespec.implementation import Implementation, ReferenceImplementation
from dicespec.setaside.replay import ActionSyntaxError, BankAction, RollAction, SetAsideAction, parse_action, replay
from strategies import ten_thousand_actions

TEXT = find_ruleset("ten-thousand")


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("roll 111556", RollAction),
        ("roll 5", RollAction),
        ("set 1115", SetAsideAction),
        ("set 5111", SetAsideAction),
        ("bank", BankAction),
    ],
)
def test_actions_round_trip(text: str, kind: type) -> None:
    """Each action reads back to the text it was written as."""
    action = parse_action(text)
    assert isinstance(action, kind)
    assert str(action) == text


@given(ten_thousand_actions)
def test_generated_actions_round_trip(text: str) -> None:
    """Every well-written action round-trips."""
    assert str(parse_action(text)) == text


@pytest.mark.parametrize("text", ["", "roll", "set", "bank now", "score 111", "roll 12x", "roll 7", "set 0", "keep 11"])
def test_syntax_errors(text: str) -> None:
    """Text outside the notation is refused with one clear ValueError naming it."""
    with pytest.raises(ActionSyntaxError, match=r"roll 111556|not|die"):
        parse_action(text)


def test_replay_a_turn() -> None:
    """A replay plays its actions in a new game."""
    result = replay(TEXT, 2, ["roll 111556", "set 11155", "roll 5", "set 5", "bank"])
    assert result.rejected_at is None
    assert result.state.players[0].score == 1150 and result.state.current == 1


def test_replay_stops_at_the_first_rejection() -> None:
    """A replay stops at the first action the rules refuse, with the state just before it."""
    result = replay(TEXT, 1, ["roll 111556", "set 111", "set 5", "bank"])
    assert (result.rejected_at, result.rejection) == (2, "already-set-aside")
    assert result.state.turn_points == 1000 and result.message


def test_replay_syntax_error_raises() -> None:
    """A replay with an action outside the notation raises rather than rejecting."""
    with pytest.raises(ActionSyntaxError):
        replay(TEXT, 1, ["roll 111556", "hold 1"])


# -- the narrow interface ----------------------------------------------------------------------


@pytest.fixture
def reference() -> Implementation:
    return ReferenceImplementation()


def test_reference_is_an_implementation(reference: Implementation) -> None:
    """The reference implementation answers every question of the interface, 10000 included."""
    assert isinstance(reference, Implementation)


@pytest.mark.parametrize(
    ("ruleset", "dice", "answer"),
    [
        ("ten-thousand", "1115", {"points": 1050}),
        ("ten-thousand", "2", {"rejected": "not-scoring"}),
        ("ten-thousand", "", {"rejected": "empty-set-aside"}),
        ("ten-thousand", "1111111", {"rejected": "too-many-dice"}),
        ("farkle", "224466", {"points": 1500}),
    ],
)
def test_interface_score(reference: Implementation, ruleset: str, dice: str, answer: dict) -> None:
    """A set-aside's answer is its points or the rejection's code."""
    assert reference.set_aside(ruleset, dice) == answer


def test_interface_best(reference: Implementation) -> None:
    """best answers a whole number, 0 for a farkle."""
    assert reference.best("ten-thousand", "111556") == 1100
    assert reference.best("ten-thousand", "223466") == 0


def test_interface_replay_shape(reference: Implementation) -> None:
    """A replay answer is plain JSON with every field the module docstring names."""
    answer = reference.replay("ten-thousand", 2, ["roll 111556", "set 1115", "roll 56", "bank"])
    assert json.loads(json.dumps(answer)) == answer
    assert answer == {
        "players": [
            {"score": 0, "on_board": False, "turns_taken": 0},
            {"score": 0, "on_board": False, "turns_taken": 0},
        ],
        "current": 0,
        "phase": "rolled",
        "dice": "56",
        "dice_left": 2,
        "turn_points": 1050,
        "over": False,
        "winners": [],
        "rejected": {"at": 3, "code": "must-set-aside"},
    }


def test_interface_replay_to_the_end(reference: Implementation) -> None:
    """A finished game reports who won."""
    six_1s_twice = ["roll 111111", "set 111111", "roll 111111", "set 111111", "bank"]
    answer = reference.replay("ten-thousand", 2, six_1s_twice)
    assert (answer["over"], answer["winners"], answer["rejected"]) == (True, [0], None)
    assert answer["players"][0] == {"score": 16000, "on_board": True, "turns_taken": 1}
