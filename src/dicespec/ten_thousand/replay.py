"""Replaying a 10000 game from given dice and actions, as the spec and the conformance suite do.

An action is written as text so that features, golden files and the wire protocol share one
notation, and each action round-trips: ``str(parse_action(s)) == s`` for an action written as
below (single spaces, dice as digits).

===============  ===============================================================================
``roll 111556``  the player rolls the dice in hand, and they show 1, 1, 1, 5, 5, 6 (as many digits
                 as dice in hand: six at the start of a turn and after hot dice). A roll in which
                 no die scores is a farkle: the turn ends there, with no action of its own.
``set 1115``     the player sets aside these dice *by value* (in any order) from the roll on the
                 table; every one of them must score.
``bank``         the player banks the turn's points; the turn ends.
===============  ===============================================================================

A whole turn: ``roll 111556``, ``set 11155``, ``roll 3``, … or ``roll 223466`` (a farkle).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from dicespec.dice import DiceError, Roll
from dicespec.ten_thousand.errors import BadDiceError, TenThousandError
from dicespec.ten_thousand.game import GameState, TenThousandGame
from dicespec.ten_thousand.ruleset import TenThousandRuleset


class ActionSyntaxError(ValueError):
    """An action that is not written in the replay notation."""


class ActionDiceError(ActionSyntaxError, DiceError):
    """An action whose dice are not dice (``roll 12347``): a replay refuses it as ``bad-dice``."""


@dataclass(frozen=True, slots=True)
class RollAction:
    dice: Roll

    def __str__(self) -> str:
        return f"roll {self.dice}"


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
        error = ActionDiceError if isinstance(exc, DiceError) else ActionSyntaxError
        raise error(f"{text!r}: {exc}") from None
    raise ActionSyntaxError(f"{text!r} is not an action: write 'roll 111556', 'set 1115' or 'bank'")


def apply_action(game: TenThousandGame, action: Action) -> None:
    """Carry out one action; an illegal one raises and changes nothing."""
    match action:
        case RollAction(dice):
            game.roll(dice)
        case SetAsideAction(dice):
            game.set_aside(dice)
        case BankAction():
            game.bank()


@dataclass(frozen=True, slots=True)
class ReplayResult:
    """Where a replay ended: the game's state, and the first rejected action if any."""

    state: GameState
    rejected_at: int | None = None  # 0-based index of the rejected action
    rejection: str | None = None  # its error code, e.g. "not-scoring"
    message: str | None = None


def replay(ruleset: TenThousandRuleset, players: int, actions: Iterable[Action | str]) -> ReplayResult:
    """Play ``actions`` in order in a new game; stop at the first one the rules reject.

    Dice that are not dice (``roll 111557``) are rejected as ``bad-dice``, as a roll of the
    wrong number of dice is; an action not in the notation raises :class:`ActionSyntaxError`.
    """
    game = TenThousandGame(ruleset, players, dice=_no_random_dice)
    for index, action in enumerate(actions):
        try:
            parsed = action if isinstance(action, RollAction | SetAsideAction | BankAction) else parse_action(action)
        except DiceError as exc:  # well-formed, but not dice
            return ReplayResult(game.state, index, BadDiceError.code, str(exc))
        try:
            apply_action(game, parsed)
        except TenThousandError as exc:
            return ReplayResult(game.state, index, exc.code, str(exc))
    return ReplayResult(game.state)


def _no_random_dice(n: int) -> list[int]:
    raise AssertionError("a replay gives every die value itself")
