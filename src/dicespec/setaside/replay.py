"""Replaying a set-aside game (10000, Greed, …) from given dice and actions, as the spec and the conformance suite do.

An action is written as text so that features, golden files and the wire protocol share one
notation, and each action round-trips: ``str(parse_action(s)) == s`` for an action written as
below (single spaces, dice as digits).

===============  ===============================================================================
``roll 111556``  the player rolls the dice in hand, and they show 1, 1, 1, 5, 5, 6 (as many digits
                 as dice in hand: all the ruleset's dice, six in 10000 and five in Greed, at the
                 start of a turn and after hot dice). A roll in which no die scores is a farkle:
                 the turn ends there, with no action of its own.
``set 1115``     the player sets aside these dice *by value* (in any order) from the roll on the
                 table; every one of them must score, and where the ruleset sets every scoring
                 die aside (Greed) they must be exactly the roll's scoring dice.
``bank``         the player banks the turn's points; the turn ends.
===============  ===============================================================================

A whole turn of 10000: ``roll 111556``, ``set 11155``, ``roll 3``, … or ``roll 223466`` (a farkle);
of Greed: ``roll 51341``, ``set 115``, ``roll 34``, …
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from dicespec.dice import Roll
from dicespec.replay import (
    ActionDiceError,
    ActionSyntaxError,
    ReplayResult,
    RollAction,
    no_random_dice,
    play_actions,
    reading_errors,
)
from dicespec.setaside.errors import SetAsideRulesError
from dicespec.setaside.game import GameState, SetAsideGame
from dicespec.setaside.ruleset import SetAsideRuleset

__all__ = [
    "Action",
    "ActionDiceError",
    "ActionSyntaxError",
    "BankAction",
    "ReplayResult",
    "RollAction",
    "SetAsideAction",
    "apply_action",
    "parse_action",
    "refusals",
    "replay",
]


@dataclass(frozen=True, slots=True)
class SetAsideAction:
    dice: Roll  # by value, as written

    def __str__(self) -> str:
        return f"set {self.dice}"


@dataclass(frozen=True, slots=True)
class BankAction:
    def __str__(self) -> str:
        return "bank"


Action = RollAction | SetAsideAction | BankAction


def parse_action(text: str) -> Action:
    """Read one action in the replay notation (see the module docstring)."""
    if not isinstance(text, str):
        raise ActionSyntaxError(f"an action is text, not {type(text).__name__}")
    verb, _, rest = text.strip().partition(" ")
    rest = rest.strip()
    try:
        match verb:
            case "roll" if rest:
                return RollAction(Roll.parse(rest))
            case "set" if rest:
                return SetAsideAction(Roll.parse(rest))
            case "bank" if not rest:
                return BankAction()
    except ValueError as exc:
        raise reading_errors(text, exc) from None
    raise ActionSyntaxError(f"{text!r} is not an action: write 'roll 111556', 'set 1115' or 'bank'")


def apply_action(game: SetAsideGame, action: Action) -> None:
    """Carry out one action; an illegal one raises and changes nothing."""
    match action:
        case RollAction(dice):
            game.roll(dice)
        case SetAsideAction(dice):
            game.set_aside(dice)
        case BankAction():
            game.bank()


def refusals(game: SetAsideGame, action: Action) -> tuple[str, ...]:
    """The code of every check of the rules ``action`` fails now, in the order they are made:
    the first is the one it is refused with; none, it is allowed."""
    match action:
        case RollAction(dice):
            found = game.roll_refusals(dice)
        case SetAsideAction(dice):
            found = game.set_aside_refusals(dice)
        case BankAction():
            found = game.bank_refusals()
    return tuple(dict.fromkeys(refusal.code for refusal in found))


def replay(ruleset: SetAsideRuleset, players: int, actions: Iterable[Action | str]) -> ReplayResult[GameState]:
    """Play ``actions`` in order in a new game; stop at the first one the rules reject.

    Dice that are not dice (``roll 111557``) are rejected as ``bad-dice``, as a roll of the
    wrong number of dice is; an action not in the notation raises :class:`ActionSyntaxError`.
    """
    game = SetAsideGame(ruleset, players, dice=no_random_dice)
    return play_actions(
        game, actions, parse=parse_action, apply=apply_action, refusals=SetAsideRulesError, reasons=refusals
    )
