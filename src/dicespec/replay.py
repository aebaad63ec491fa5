"""What replaying a game means for every game of either family: the action errors, the roll
action, the result, and the loop that plays actions until the rules refuse one.

Each family's ``replay`` module adds its own actions and how to read and carry them out
(``scoresheet/replay.py``, ``setaside/replay.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from dicespec.dice import DiceError, Roll

BAD_DICE = "bad-dice"  # the code of a roll whose dice are not dice, in every game


class ActionSyntaxError(ValueError):
    """An action that is not written in the replay notation."""


class ActionDiceError(ActionSyntaxError, DiceError):
    """An action whose dice are not dice (``roll 12347``): a replay refuses it as ``bad-dice``."""


@dataclass(frozen=True, slots=True)
class RollAction:
    """``roll 12345``: the dice in hand are thrown and show these values."""

    dice: Roll

    def __str__(self) -> str:
        return f"roll {self.dice}"


def reading_errors(text: str, exc: ValueError) -> ActionSyntaxError:
    """The error for an action whose parts could not be read: bad dice, or bad syntax."""
    if isinstance(exc, ActionSyntaxError):
        return exc
    error = ActionDiceError if isinstance(exc, DiceError) else ActionSyntaxError
    return error(f"{text!r}: {exc}")


State = TypeVar("State")


class _Game(Protocol[State]):
    state: State


@dataclass(frozen=True, slots=True)
class ReplayResult(Generic[State]):
    """Where a replay ended: the game's state, and the first rejected action if any."""

    state: State
    rejected_at: int | None = None  # 0-based index of the rejected action
    rejection: str | None = None  # its error code, e.g. "row-used"
    message: str | None = None
    refusals: tuple[str, ...] = ()  # the code of every check of the rules it fails, ``rejection`` first


def play_actions(
    game: _Game[State],
    actions: Iterable[Any],
    *,
    parse: Callable[[str], Any],
    apply: Callable[[Any, Any], None],
    refusals: type[Exception],
    reasons: Callable[[Any, Any], tuple[str, ...]] | None = None,
) -> ReplayResult[State]:
    """Carry out ``actions`` (text or parsed) in order; stop at the first the rules refuse, with
    the codes of every check of the rules it fails (``reasons(game, action)``; without
    ``reasons``, its code alone).

    Dice that are not dice are refused as ``bad-dice``, as a roll of the wrong number of dice
    is: as the action is read, before any rule, so that no other code applies to it. An action
    not in the notation raises :class:`ActionSyntaxError`.
    """
    for index, action in enumerate(actions):
        try:
            parsed = parse(action) if isinstance(action, str) else action
        except DiceError as exc:
            return ReplayResult(game.state, index, BAD_DICE, str(exc), (BAD_DICE,))
        try:
            apply(game, parsed)
        except refusals as exc:
            code = getattr(exc, "code")  # noqa: B009  (the refusals, whatever their types, carry a code)
            return ReplayResult(
                game.state, index, code, str(exc), (code,) if reasons is None else reasons(game, parsed)
            )
    return ReplayResult(game.state)


def no_random_dice(n: int) -> list[int]:
    """The dice source of a replay, which gives every die value itself."""
    raise AssertionError("a replay gives every die value itself")
