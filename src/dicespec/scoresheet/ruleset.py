"""The rows of a Kiriki score sheet and the typed form of a Kiriki ruleset file."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import Any, Literal


class Row(StrEnum):
    """The 13 playable rows, by their stable English ids, in sheet order."""

    ONES = "ones"
    TWOS = "twos"
    THREES = "threes"
    FOURS = "fours"
    FIVES = "fives"
    SIXES = "sixes"
    THREE_OF_A_KIND = "three_of_a_kind"
    FOUR_OF_A_KIND = "four_of_a_kind"
    FULL_HOUSE = "full_house"
    SMALL_STRAIGHT = "small_straight"
    LARGE_STRAIGHT = "large_straight"
    KIRIKI = "kiriki"
    CHANCE = "chance"

    @classmethod
    def parse(cls, text: str) -> Row:
        """The row with this id; a clear :class:`UnknownRowError` otherwise."""
        try:
            return cls(text)
        except ValueError:
            raise UnknownRowError(f"unknown row {text!r}; rows are: {', '.join(cls)}") from None


class Total(StrEnum):
    """The derived lines of the sheet: no player scores in them."""

    BONUS = "bonus"
    UPPER_TOTAL = "upper_total"
    LOWER_TOTAL = "lower_total"
    GRAND_TOTAL = "grand_total"


class UnknownRowError(ValueError):
    """A row id that is not one of the 13 playable rows."""


UPPER_ROWS = (Row.ONES, Row.TWOS, Row.THREES, Row.FOURS, Row.FIVES, Row.SIXES)
LOWER_ROWS = tuple(row for row in Row if row not in UPPER_ROWS)

# The full sheet from top to bottom, derived lines in their places.
SHEET_LINES: tuple[Row | Total, ...] = (
    *UPPER_ROWS, Total.BONUS, Total.UPPER_TOTAL, *LOWER_ROWS, Total.LOWER_TOTAL, Total.GRAND_TOTAL,
)

Points = int | Literal["sum"]
ExtraTurns = Literal["repeat_kirikis", "every_kiriki", "none"]


@dataclass(frozen=True, slots=True)
class RowRule:
    """How one row scores: a rule family and its parameters, straight from the ruleset file."""

    rule: Literal["face", "of_a_kind", "full_house", "straight", "chance"]
    face: int | None = None
    at_least: int | None = None
    length: int | None = None
    points: Points = "sum"
    five_of_a_kind_counts: bool = False


@dataclass(frozen=True, slots=True)
class SheetRuleset:
    """A validated Kiriki ruleset. Build it with :func:`dicespec.find_ruleset` or :meth:`from_data`."""

    name: str
    title: str
    description: str
    dice: int
    rolls_per_turn: int
    min_players: int
    max_players: int
    rows: Mapping[Row, RowRule]
    bonus_more_than: int
    bonus_points: int
    repeat_kiriki_adds: int | None
    extra_turns: ExtraTurns
    gaps: tuple[tuple[str, str], ...]
    game: str = "kiriki"

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> SheetRuleset:
        """The typed ruleset of schema-valid data (see ``dicespec/schemas/kiriki-ruleset.json``)."""
        return cls(
            name=data["name"],
            title=data["title"],
            description=data["description"],
            dice=data["dice"],
            rolls_per_turn=data["rolls_per_turn"],
            min_players=data["players"]["min"],
            max_players=data["players"]["max"],
            rows=MappingProxyType({Row(key): RowRule(**value) for key, value in data["rows"].items()}),
            bonus_more_than=data["upper_bonus"]["more_than"],
            bonus_points=data["upper_bonus"]["points"],
            repeat_kiriki_adds=data["repeat_kiriki"]["adds"],
            extra_turns=data["extra_turns"],
            gaps=tuple((gap["key"], gap["choice"]) for gap in data["gaps"]),
        )

    def __hash__(self) -> int:
        return hash(self.name)

    def __repr__(self) -> str:
        return f"<SheetRuleset {self.name}>"
