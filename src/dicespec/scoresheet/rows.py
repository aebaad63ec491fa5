"""What each row of the sheet scores for a roll: one predicate per rule family.

Every number (faces, how many of a kind, straight lengths, points) is read from the
ruleset's :class:`~dicespec.scoresheet.ruleset.RowRule`; nothing here knows that a full
house is worth 25. Scores depend on the dice as a multiset, so :func:`score_sheet`
caches its answer by the sorted dice.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType

from dicespec.dice import Roll
from dicespec.scoresheet.ruleset import SheetRuleset, Row, RowRule

Counts = tuple[int, ...]  # how many dice show each face, ones first


# -- the rule families, as predicates on the counts ------------------------------------


def has_n_of_a_kind(counts: Counts, n: int) -> bool:
    """Does some face show at least ``n`` times?"""
    return max(counts) >= n


def is_full_house(counts: Counts, *, five_of_a_kind_counts: bool) -> bool:
    """Does one face show exactly three times and another exactly twice?

    Five of a kind is a full house only where the ruleset says so.
    """
    shown = sorted(c for c in counts if c)
    return shown == [2, 3] or (five_of_a_kind_counts and shown == [5])


def has_straight(counts: Counts, length: int) -> bool:
    """Do the dice hold ``length`` consecutive faces (1-2-3-4, 3-4-5-6, …)?"""
    run = 0
    for count in counts:
        run = run + 1 if count else 0
        if run >= length:
            return True
    return False


def fits(rule: RowRule, counts: Counts) -> bool:
    """Does a roll with these counts meet the row's pattern (a face row always does)?"""
    match rule.rule:
        case "face" | "chance":
            return True
        case "of_a_kind":
            assert rule.at_least is not None
            return has_n_of_a_kind(counts, rule.at_least)
        case "full_house":
            return is_full_house(counts, five_of_a_kind_counts=rule.five_of_a_kind_counts)
        case "straight":
            assert rule.length is not None
            return has_straight(counts, rule.length)
    raise AssertionError(f"unknown rule family {rule.rule!r}")  # the schema rules this out


def row_points(rule: RowRule, roll: Roll) -> int:
    """The score of ``roll`` in a row with this rule: 0 when the roll does not fit."""
    counts = roll.counts
    if rule.rule == "face":
        assert rule.face is not None
        return counts[rule.face - 1] * rule.face
    if not fits(rule, counts):
        return 0
    return roll.total if rule.points == "sum" else rule.points


# -- the whole sheet ------------------------------------------------------------------


@lru_cache(maxsize=4096)
def _sheet_for_sorted(ruleset: SheetRuleset, dice: tuple[int, ...]) -> Mapping[Row, int]:
    roll = Roll(dice)
    return MappingProxyType({row: row_points(rule, roll) for row, rule in ruleset.rows.items()})


def score_sheet(ruleset: SheetRuleset, roll: Roll) -> Mapping[Row, int]:
    """The score of ``roll`` in every row, in sheet order (a read-only mapping)."""
    roll.require_count(ruleset.dice)
    return _sheet_for_sorted(ruleset, roll.sorted)


def score(ruleset: SheetRuleset, roll: Roll, row: Row) -> int:
    """The score of ``roll`` in ``row`` under ``ruleset``."""
    return score_sheet(ruleset, roll)[row]
