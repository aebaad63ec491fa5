"""What each row of the sheet scores for a roll, as the ruleset's rule families say.

Every number (faces, how many of a kind, straights, points) is read from the ruleset's rows
(:mod:`dicespec.scoresheet.families`); nothing here knows that a full house is worth 25. Scores
depend on the dice as a multiset, so :func:`score_sheet` caches its answer by the sorted dice.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType

from dicespec.dice import Roll
from dicespec.scoresheet.ruleset import SheetRuleset


@lru_cache(maxsize=8192)
def _sheet_for_sorted(ruleset: SheetRuleset, dice: tuple[int, ...]) -> Mapping[str, int]:
    counts = Roll(dice).counts
    return MappingProxyType({row.id: row.rule.points(counts) for row in ruleset.rows.values()})


def score_sheet(ruleset: SheetRuleset, roll: Roll) -> Mapping[str, int]:
    """The score of ``roll`` in every row, in sheet order (a read-only mapping)."""
    roll.require_count(ruleset.dice)
    return _sheet_for_sorted(ruleset, roll.sorted)


def score(ruleset: SheetRuleset, roll: Roll, row: str) -> int:
    """The score of ``roll`` in ``row`` under ``ruleset`` (no joker: the roll as it is)."""
    return score_sheet(ruleset, roll)[ruleset.parse_row(row)]
