"""What every game's replay shares (replay.py), on a toy game whose rules are written here: the
roll action, the errors of an action that cannot be read, and the loop that plays actions until
the rules refuse one, with where, why, and every check the refused action fails."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from dicespec.dice import DiceError, Roll
from dicespec.replay import (
    BAD_DICE,
    ActionDiceError,
    ActionSyntaxError,
    ReplayResult,
    RollAction,
    no_random_dice,
    play_actions,
    reading_errors,
)


class Refused(Exception):
    """The toy game's refusal, with its code, as the families' refusals carry one."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass
class Toy:
    """A game of two rolls of five dice at most; its state is the total of each roll."""

    state: list[int] = field(default_factory=list)


def parse(text: str) -> RollAction:
    word, _, dice = text.partition(" ")
    if word != "roll":
        raise ActionSyntaxError(f"{text!r}: not an action")
    try:
        return RollAction(Roll.parse(dice, count=5))
    except ValueError as exc:
        raise reading_errors(text, exc) from None


def apply(game: Toy, action: RollAction) -> None:
    if len(game.state) == 2:
        raise Refused("no-rolls-left", "two rolls already")
    game.state.append(action.dice.total)


def reasons(game: Toy, action: RollAction) -> tuple[str, ...]:
    return ("no-rolls-left", "over" if action.dice.total > 20 else "under")


def test_a_roll_action_is_written_in_the_notation() -> None:
    assert str(RollAction(Roll.parse("66616"))) == "roll 66616"


def test_reading_errors_tell_bad_dice_from_bad_syntax() -> None:
    dice = reading_errors("roll 12347", DiceError("die 5 shows 7"))
    assert type(dice) is ActionDiceError
    assert isinstance(dice, DiceError)
    assert str(dice) == "'roll 12347': die 5 shows 7"
    syntax = reading_errors("jump", ValueError("no such action"))
    assert type(syntax) is ActionSyntaxError
    assert str(syntax) == "'jump': no such action"


def test_an_error_already_of_the_notation_is_kept_as_it_is() -> None:
    error = ActionSyntaxError("'jump': not an action")
    assert reading_errors("jump", error) is error


def test_every_action_accepted_plays_them_all() -> None:
    game = Toy()
    result = play_actions(
        game, ["roll 12345", RollAction(Roll.parse("66666"))], parse=parse, apply=apply, refusals=Refused
    )
    assert result == ReplayResult([15, 30])
    assert result.rejected_at is None and result.refusals == ()


def test_the_first_refused_action_stops_the_replay_with_its_code() -> None:
    actions = ["roll 12345", "roll 11111", "roll 66666", "roll 22222"]
    result = play_actions(Toy(), actions, parse=parse, apply=apply, refusals=Refused)
    assert result == ReplayResult([15, 5], 2, "no-rolls-left", "two rolls already", ("no-rolls-left",))


def test_every_check_a_refused_action_fails_comes_from_reasons() -> None:
    actions = ["roll 12345", "roll 11111", "roll 66666"]
    result = play_actions(Toy(), actions, parse=parse, apply=apply, refusals=Refused, reasons=reasons)
    assert result.rejection == "no-rolls-left"
    assert result.refusals == ("no-rolls-left", "over")


@pytest.mark.parametrize("dice", ["12347", "1234"])
def test_dice_that_are_not_dice_are_refused_as_bad_dice_before_any_rule(dice: str) -> None:
    """A seven, or a die too few: refused as read, though the rules would refuse a third roll too."""
    game = Toy([1, 2])
    result = play_actions(game, ["roll " + dice], parse=parse, apply=apply, refusals=Refused, reasons=reasons)
    assert (result.state, result.rejected_at, result.rejection, result.refusals) == ([1, 2], 0, BAD_DICE, (BAD_DICE,))
    assert result.message is not None and dice in result.message


def test_an_action_not_in_the_notation_raises() -> None:
    with pytest.raises(ActionSyntaxError, match="not an action"):
        play_actions(Toy(), ["roll 12345", "jump"], parse=parse, apply=apply, refusals=Refused)


def test_a_replay_throws_no_dice_of_its_own() -> None:
    with pytest.raises(AssertionError, match="gives every die value itself"):
        no_random_dice(5)
