"""The typed form of a score-sheet ruleset: its rows, as data, and the sheet-level rules.

A score-sheet game (Kiriki, Yahtzee, Yatzy, Yacht, …) is a list of rows, each a rule family
with its parameters (:mod:`dicespec.scoresheet.families`), and a few rules about the sheet as a
whole: the upper bonus, what a repeat five of a kind does, and the joker. Row ids are the
ruleset's own (``"ones"``, ``"one_pair"``, ``"little_straight"``): no enum lists them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Literal

from dicespec.scoresheet.errors import UnknownRowError
from dicespec.scoresheet.families import Face, Groups, OfAKind, Pairs, RowRule, Straight, rule_from_data

Section = Literal["upper", "lower"]
ExtraTurns = Literal["repeat", "every", "none"]
Joker = Literal["none", "forced", "free"]

# The derived lines of every sheet, which no player scores in.
BONUS, UPPER_TOTAL, LOWER_TOTAL, GRAND_TOTAL = "bonus", "upper_total", "lower_total", "grand_total"
TOTALS = (BONUS, UPPER_TOTAL, LOWER_TOTAL, GRAND_TOTAL)
CELL = "cell"  # a repeat five of a kind adds to its own row's cell


@dataclass(frozen=True, slots=True)
class Row:
    """One row of the sheet: its id, its label, its section and how it scores."""

    id: str
    label: str
    section: Section
    rule: RowRule
    first_roll_adds: int = 0  # added when the row is scored, fitting, with the turn's first roll
    first_roll_wins: bool = False  # scored so, the row ends the game at once: that player wins
    requires: str | None = None  # the row scores only once this row holds more than 0

    def __str__(self) -> str:
        return self.id


@dataclass(frozen=True, slots=True)
class FiveOfAKind:
    """What a five of a kind does beyond its row.

    ``repeat_adds``: the points a five of a kind adds once ``row`` holds more than 0 (``None``:
    nothing), to ``repeat_to`` (:data:`CELL`, the row's own cell, filling no other row; or the id
    of a bonus line, the roll then scoring in a row as well). ``extra_turns``: which of them earn a
    turn at the end (``repeat``: each repeat; ``every``: every five of a kind scored above 0, the
    first too; ``none``).
    """

    row: str
    repeat_adds: int | None
    repeat_to: str
    extra_turns: ExtraTurns

    @property
    def adds_to_cell(self) -> bool:
        return self.repeat_adds is not None and self.repeat_to == CELL

    @property
    def bonus_line(self) -> str | None:
        """The id of the line repeat five of a kinds add to, if not the row's own cell."""
        return self.repeat_to if self.repeat_adds is not None and self.repeat_to != CELL else None


@dataclass(frozen=True, slots=True)
class SheetRuleset:
    """A validated score-sheet ruleset. Build it with :func:`dicespec.find_ruleset` or :meth:`from_data`."""

    name: str
    title: str
    description: str
    game: str
    dice: int
    rolls_per_turn: int
    min_players: int
    max_players: int
    rows: Mapping[str, Row]
    bonus_more_than: int | None  # None: no upper bonus
    bonus_points: int
    five_of_a_kind: FiveOfAKind | None
    joker: Joker
    gaps: tuple[tuple[str, str], ...]
    saved_rolls: bool = False  # a turn's unused rolls are banked for the player's later turns

    # -- the rows --------------------------------------------------------------------------

    @property
    def row_ids(self) -> tuple[str, ...]:
        """The playable rows, in sheet order."""
        return tuple(self.rows)

    @property
    def upper_rows(self) -> tuple[str, ...]:
        return tuple(row.id for row in self.rows.values() if row.section == "upper")

    @property
    def lower_rows(self) -> tuple[str, ...]:
        return tuple(row.id for row in self.rows.values() if row.section == "lower")

    @property
    def bonus_line(self) -> str | None:
        """The id of the line repeat five of a kinds add to, if the ruleset has one."""
        return self.five_of_a_kind.bonus_line if self.five_of_a_kind else None

    @property
    def totals(self) -> dict[str, tuple[str, ...]]:
        """What each total line adds up, in sheet order: the upper rows and the upper bonus (where
        there is one), the lower rows and the bonus line (where there is one), then both totals.
        The sheet lays them out so (:attr:`lines`), and adds them so
        (:meth:`Sheet.upper_total <dicespec.scoresheet.sheet.Sheet.upper_total>` and the others: a
        test holds the two together)."""
        bonus = (BONUS,) if self.bonus_more_than is not None else ()
        extra = (self.bonus_line,) if self.bonus_line else ()
        return {
            UPPER_TOTAL: (*self.upper_rows, *bonus),
            LOWER_TOTAL: (*self.lower_rows, *extra),
            GRAND_TOTAL: (UPPER_TOTAL, LOWER_TOTAL),
        }

    @property
    def lines(self) -> tuple[str, ...]:
        """The whole sheet top to bottom, derived lines in their places (a bonus line only where
        the ruleset has that bonus): each total below the lines it adds."""
        totals = self.totals
        return (*totals[UPPER_TOTAL], UPPER_TOTAL, *totals[LOWER_TOTAL], LOWER_TOTAL, GRAND_TOTAL)

    @property
    def derived_lines(self) -> tuple[str, ...]:
        """The lines no player scores in."""
        return tuple(line for line in self.lines if line not in self.rows)

    def parse_row(self, text: str) -> str:
        """The row with this id; a clear :class:`UnknownRowError` otherwise."""
        if text not in self.rows:
            raise UnknownRowError(f"unknown row {text!r}; rows are: {', '.join(self.rows)}")
        return text

    def face_row(self, face: int) -> str | None:
        """The upper row that counts ``face``, if there is one."""
        return next(
            (
                row.id
                for row in self.rows.values()
                if row.section == "upper" and isinstance(row.rule, Face) and row.rule.face == face
            ),
            None,
        )

    def five_of_a_kind_fits(self, counts: tuple[int, ...]) -> bool:
        """Is this roll a five of a kind as the ruleset's five-of-a-kind row sees it?"""
        return self.five_of_a_kind is not None and self.rows[self.five_of_a_kind.row].rule.fits(counts)

    # -- reading a file -----------------------------------------------------------------------

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> SheetRuleset:
        """The typed ruleset of schema-valid data (see ``dicespec/schemas/score-sheet-ruleset.json``).

        Raises :class:`ValueError` naming the key for what a schema cannot say (a five-of-a-kind
        row that is not one, a bonus line whose id is taken).
        """
        rows = {key: _row(key, value) for key, value in data["rows"].items()}
        _check_rows(rows, data)
        bonus = data.get("upper_bonus")
        five = _five_of_a_kind(data.get("five_of_a_kind"), rows, data["dice"])
        if data["joker"] != "none" and five is None:
            raise ValueError(f"joker: {data['joker']!r}: a joker needs a five_of_a_kind row")
        return cls(
            name=data["name"],
            title=data["title"],
            description=data["description"],
            game=data["game"],
            dice=data["dice"],
            rolls_per_turn=data["rolls_per_turn"],
            min_players=data["players"]["min"],
            max_players=data["players"]["max"],
            rows=MappingProxyType(rows),
            bonus_more_than=None if bonus is None else bonus.get("more_than", bonus.get("at_least", 0) - 1),
            bonus_points=0 if bonus is None else bonus["points"],
            five_of_a_kind=five,
            joker=data["joker"],
            gaps=tuple((gap["key"], gap["choice"]) for gap in data["gaps"]),
            saved_rolls=data.get("saved_rolls", False),
        )

    def __hash__(self) -> int:
        return hash(self.name)

    def __repr__(self) -> str:
        return f"<SheetRuleset {self.name}>"


def _row(key: str, data: Mapping[str, Any]) -> Row:
    first = data.get("first_roll", {})
    rule = rule_from_data(data)
    return Row(
        key, data["label"], data["section"], rule, first.get("adds", 0), first.get("wins", False), data.get("requires")
    )


def _dice_needed(rule: RowRule) -> tuple[str, int]:
    """The key of a rule's parameter that needs the most dice, and how many it needs."""
    if isinstance(rule, OfAKind):
        return ("exactly" if rule.exactly else "at_least"), rule.at_least
    if isinstance(rule, Pairs):
        return "pairs", 2 * rule.pairs
    if isinstance(rule, Groups):
        return "groups", sum(rule.groups)
    if isinstance(rule, Straight):
        longest = rule.length if rule.faces is None else max(len(faces) for faces in rule.faces)
        return ("length" if rule.faces is None else "faces"), longest or 0
    return "rule", 0


def _check_rows(rows: Mapping[str, Row], data: Mapping[str, Any]) -> None:
    """Refuse, in one line naming the keys, rows that cannot go with the rest of the ruleset:
    a pattern needing more dice than there are, a first-roll rule where every roll is the first,
    a row requiring one the sheet does not have, saved rolls where a turn has one roll."""
    dice, rolls = data["dice"], data["rolls_per_turn"]
    for row in rows.values():
        key, needed = _dice_needed(row.rule)
        if needed > dice:
            raise ValueError(f"rows.{row.id}.{key} with dice: {dice}: the pattern needs {needed} dice")
        if (row.first_roll_adds or row.first_roll_wins) and rolls == 1:
            raise ValueError(f"rows.{row.id}.first_roll with rolls_per_turn: 1: every roll is a turn's first")
        if row.requires is not None and (row.requires not in rows or row.requires == row.id):
            raise ValueError(f"rows.{row.id}.requires: {row.requires!r}: not another row of the sheet")
    if data.get("saved_rolls") and rolls == 1:
        raise ValueError("saved_rolls with rolls_per_turn: 1: a turn has no roll to save")


def _five_of_a_kind(data: Mapping[str, Any] | None, rows: Mapping[str, Row], dice: int) -> FiveOfAKind | None:
    if data is None:
        return None
    row = rows.get(data["row"])
    if row is None or not (isinstance(row.rule, OfAKind) and row.rule.at_least == dice):
        raise ValueError(f"five_of_a_kind.row: {data['row']!r}: not a row of all {dice} dice of a kind")
    repeat = data["repeat"]
    to = repeat.get("to", CELL)
    if to != CELL and (to in rows or to in TOTALS):
        raise ValueError(f"five_of_a_kind.repeat.to: {to!r}: already the id of a line of the sheet")
    return FiveOfAKind(row.id, repeat["adds"], to, data["extra_turns"])
