"""Replaying a Kiriki game from given dice and actions, as the spec and the conformance suite do.

An action is written as text so that features, golden files and the wire protocol share
one notation, and each action type round-trips: ``str(Action.parse(s)) == s``.

=================  ==========================================================
``roll 12345``     the turn's first roll shows 1, 2, 3, 4, 5
``reroll 1,2=66``  dice 1 and 2 (1-based) are thrown again and show 6 and 6
``reroll =``       a reroll of no dice (always rejected: ``empty-reroll``)
``score chance``   the dice are scored in the chance row (the turn ends)
``end``            the turn ends with no score (only when every row is filled)
=================  ==========================================================
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from dicespec.dice import DiceError, Roll
from dicespec.kiriki.game import BadDiceError, GameState, KirikiActionError, KirikiGame
from dicespec.kiriki.ruleset import KirikiRuleset, Row, Total


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
class RerollAction:
    positions: tuple[int, ...]  # 0-based
    dice: Roll  # the new values, in the order of ``positions``

    def __str__(self) -> str:
        return f"reroll {','.join(str(p + 1) for p in self.positions)}={self.dice}"


@dataclass(frozen=True, slots=True)
class ScoreAction:
    row: Row | Total  # a Total is never accepted, but a replay may try it

    def __str__(self) -> str:
        return f"score {self.row}"


@dataclass(frozen=True, slots=True)
class EndTurnAction:
    def __str__(self) -> str:
        return "end"


Action = RollAction | RerollAction | ScoreAction | EndTurnAction


def parse_action(text: str) -> Action:
    """Read one action in the replay notation (see the module docstring)."""
    verb, _, rest = text.strip().partition(" ")
    rest = rest.strip()
    try:
        match verb:
            case "roll":
                return RollAction(Roll.parse(rest))
            case "reroll":
                where, equals, dice = rest.partition("=")
                if not equals:
                    raise ActionSyntaxError(f"{text!r}: write a reroll as 'reroll 1,2=66'")
                positions = tuple(int(p) - 1 for p in where.split(",")) if where.strip() else ()
                return RerollAction(positions, Roll.parse(dice))
            case "score":
                return ScoreAction(Total(rest) if rest in set(Total) else Row.parse(rest))
            case "end" if not rest:
                return EndTurnAction()
    except ValueError as exc:
        if isinstance(exc, ActionSyntaxError):
            raise
        error = ActionDiceError if isinstance(exc, DiceError) else ActionSyntaxError
        raise error(f"{text!r}: {exc}") from None
    raise ActionSyntaxError(f"{text!r} is not an action (roll, reroll, score or end)")


def apply_action(game: KirikiGame, action: Action) -> None:
    """Carry out one action; an illegal one raises and changes nothing."""
    match action:
        case RollAction(dice):
            game.roll(dice)
        case RerollAction(positions, dice):
            game.reroll(positions, dice)
        case ScoreAction(row):
            game.score(row)
        case EndTurnAction():
            game.end_turn()


@dataclass(frozen=True, slots=True)
class ReplayResult:
    """Where a replay ended: the game's state, and the first rejected action if any."""

    state: GameState
    rejected_at: int | None = None  # 0-based index of the rejected action
    rejection: str | None = None  # its error code, e.g. "row-used"
    message: str | None = None


def replay(ruleset: KirikiRuleset, players: int, actions: Iterable[Action | str]) -> ReplayResult:
    """Play ``actions`` in order in a new game; stop at the first one the rules reject.

    Dice that are not dice (``roll 12347``) are rejected as ``bad-dice``, as a roll of the wrong
    number of dice is; an action not in the notation raises :class:`ActionSyntaxError`.
    """
    game = KirikiGame(ruleset, players, dice=_no_random_dice)
    for index, action in enumerate(actions):
        try:
            parsed = parse_action(action) if isinstance(action, str) else action
        except DiceError as exc:  # well-formed, but not dice: refused like a roll of 4 dice
            return ReplayResult(game.state, index, BadDiceError.code, str(exc))
        try:
            apply_action(game, parsed)
        except KirikiActionError as exc:
            return ReplayResult(game.state, index, exc.code, str(exc))
    return ReplayResult(game.state)


def _no_random_dice(n: int) -> list[int]:
    raise AssertionError("a replay gives every die value itself")
