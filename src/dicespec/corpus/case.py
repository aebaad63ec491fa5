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


def digits(dice: Iterable[int]) -> str:
    """Dice as the protocol writes them: ``"66616"``."""
    return "".join(map(str, dice))
