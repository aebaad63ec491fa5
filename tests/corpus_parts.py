"""The exhaustive corpus's generators of the two shipped games, by the names the tests use."""

from __future__ import annotations

from collections.abc import Iterator

from dicespec.corpus import Case, every_roll
from dicespec.registry import game


def kiriki_scores(ruleset: str) -> Iterator[Case]:
    """Every ordered roll in every row of a Kiriki ruleset."""
    return every_roll.sheet_scores(game("kiriki"), ruleset)


def ten_thousand_bests(ruleset: str) -> Iterator[Case]:
    """Every ordered roll of one to six dice: its best score under a 10000 ruleset."""
    return every_roll.set_aside_bests(game("ten-thousand"), ruleset)


def ten_thousand_set_asides(ruleset: str) -> Iterator[Case]:
    """Every part of every six-dice roll: its points or its rejection under a 10000 ruleset."""
    return every_roll.set_aside_parts(game("ten-thousand"), ruleset)
