"""One case of the corpus: a question for the implementation, and the reference's answer."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple


class Case(NamedTuple):
    """One question for the implementation, and the reference's answer."""

    id: str
    kind: str  # e.g. "kiriki score", "10000 game": the game's title in lower case, and what is asked
    ruleset: str
    row: str  # the row of the per-row table: a row id, a number of dice, a policy
    op: str
    args: dict[str, Any]
    expected: Any
    refusals: tuple[str, ...] = ()
    """Where the reference's answer refuses an action: the code of every check of the rules that
    action fails, the reference's code first (:meth:`~dicespec.implementation.ReferenceImplementation.replay_refusals`).
    Not sent: an implementation's refusal is judged by it (a code of another check it fails)."""


def digits(dice: Iterable[int]) -> str:
    """Dice as the protocol writes them: ``"66616"``."""
    return "".join(map(str, dice))
