"""Replaying a score-sheet game from given dice and actions, as the spec and the conformance suite do.

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
from functools import partial

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
from dicespec.scoresheet.game import GameState, SheetActionError, SheetGame
from dicespec.scoresheet.ruleset import SheetRuleset

__all__ = [
    "Action",
    "ActionDiceError",
    "ActionSyntaxError",
    "EndTurnAction",
    "ReplayResult",
    "RerollAction",
    "RollAction",
    "ScoreAction",
    "apply_action",
    "parse_action",
    "refusals",
    "replay",
]


@dataclass(frozen=True, slots=True)
class RerollAction:
    positions: tuple[int, ...]  # 0-based
    dice: Roll  # the new values, in the order of ``positions``

    def __str__(self) -> str:
        return f"reroll {','.join(str(p + 1) for p in self.positions)}={self.dice}"


@dataclass(frozen=True, slots=True)
class ScoreAction:
    row: str  # a row id, or a derived line (never accepted, but a replay may try it)

    def __str__(self) -> str:
        return f"score {self.row}"


@dataclass(frozen=True, slots=True)
class EndTurnAction:
    def __str__(self) -> str:
        return "end"


Action = RollAction | RerollAction | ScoreAction | EndTurnAction


def parse_action(text: str, ruleset: SheetRuleset) -> Action:
    """Read one action in the replay notation (see the module docstring); a row is one of the ruleset's lines."""
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
                return ScoreAction(rest if rest in ruleset.derived_lines else ruleset.parse_row(rest))
            case "end" if not rest:
                return EndTurnAction()
    except ValueError as exc:
        raise reading_errors(text, exc) from None
    raise ActionSyntaxError(f"{text!r} is not an action (roll, reroll, score or end)")


def apply_action(game: SheetGame, action: Action) -> None:
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


def refusals(game: SheetGame, action: Action) -> tuple[str, ...]:
    """The code of every check of the rules ``action`` fails now, in the order they are made:
    the first is the one it is refused with; none, it is allowed."""
    match action:
        case RollAction(dice):
            found = game.roll_refusals(dice)
        case RerollAction(positions, dice):
            found = game.reroll_refusals(positions, dice)
        case ScoreAction(row):
            found = game.score_refusals(row)
        case EndTurnAction():
            found = game.end_refusals()
    return tuple(dict.fromkeys(refusal.code for refusal in found))


def replay(ruleset: SheetRuleset, players: int, actions: Iterable[Action | str]) -> ReplayResult[GameState]:
    """Play ``actions`` in order in a new game; stop at the first one the rules reject.

    Dice that are not dice (``roll 12347``) are rejected as ``bad-dice``, as a roll of the wrong
    number of dice is; an action not in the notation raises :class:`ActionSyntaxError`.
    """
    game = SheetGame(ruleset, players, dice=no_random_dice)
    return play_actions(
        game,
        actions,
        parse=partial(parse_action, ruleset=ruleset),
        apply=apply_action,
        refusals=SheetActionError,
        reasons=refusals,
    )
