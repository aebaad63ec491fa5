"""One player's score sheet: the filled cells, the upper bonus and the totals."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from dicespec.scoresheet.ruleset import LOWER_ROWS, SHEET_LINES, UPPER_ROWS, SheetRuleset, Row, Total


@dataclass(frozen=True, slots=True)
class Sheet:
    """Filled cells by row. A sheet never changes: :meth:`with_cell` returns a new one.

    ``repeat_kirikis`` counts the five-of-a-kinds added to a kiriki cell that already held
    more than 0 (each is in the kiriki cell's value too).
    """

    cells: Mapping[Row, int] = field(default_factory=lambda: MappingProxyType({}))
    repeat_kirikis: int = 0

    # -- questions about the cells ------------------------------------------------------

    def is_open(self, row: Row) -> bool:
        """Is ``row`` still empty?"""
        return row not in self.cells

    @property
    def open_rows(self) -> tuple[Row, ...]:
        """The empty rows, in sheet order."""
        return tuple(row for row in Row if row not in self.cells)

    @property
    def is_full(self) -> bool:
        """Are all 13 rows filled?"""
        return len(self.cells) == len(Row)

    # -- the derived lines --------------------------------------------------------------

    @property
    def upper_sum(self) -> int:
        """The six upper rows added up (no bonus)."""
        return sum(self.cells.get(row, 0) for row in UPPER_ROWS)

    def bonus(self, ruleset: SheetRuleset) -> int:
        """The upper bonus: earned when the upper rows add up to more than the ruleset's threshold."""
        return ruleset.bonus_points if self.upper_sum > ruleset.bonus_more_than else 0

    def upper_total(self, ruleset: SheetRuleset) -> int:
        """The upper rows and the bonus."""
        return self.upper_sum + self.bonus(ruleset)

    @property
    def lower_total(self) -> int:
        """The seven lower rows, the kiriki cell with its repeat kirikis included."""
        return sum(self.cells.get(row, 0) for row in LOWER_ROWS)

    def grand_total(self, ruleset: SheetRuleset) -> int:
        """Upper total and lower total."""
        return self.upper_total(ruleset) + self.lower_total

    def lines(self, ruleset: SheetRuleset) -> dict[str, int | None]:
        """Every line of the sheet top to bottom, ``None`` for an empty row."""
        derived = {
            Total.BONUS: self.bonus(ruleset),
            Total.UPPER_TOTAL: self.upper_total(ruleset),
            Total.LOWER_TOTAL: self.lower_total,
            Total.GRAND_TOTAL: self.grand_total(ruleset),
        }
        return {
            str(line): derived[line] if isinstance(line, Total) else self.cells.get(line)
            for line in SHEET_LINES
        }

    # -- new sheets -----------------------------------------------------------------------

    def with_cell(self, row: Row, points: int) -> Sheet:
        """This sheet with ``points`` written in the empty ``row``."""
        if not self.is_open(row):
            raise ValueError(f"row {row} is already filled")
        return Sheet(MappingProxyType({**self.cells, row: points}), self.repeat_kirikis)

    def with_repeat_kiriki(self, points: int) -> Sheet:
        """This sheet with a repeat kiriki's ``points`` added to the filled kiriki cell."""
        cells = {**self.cells, Row.KIRIKI: self.cells[Row.KIRIKI] + points}
        return Sheet(MappingProxyType(cells), self.repeat_kirikis + 1)

    @classmethod
    def from_cells(cls, cells: Mapping[str, int], *, repeat_kirikis: int = 0) -> Sheet:
        """A sheet from row ids to points, e.g. ``{"chance": 23}``."""
        return cls(MappingProxyType({Row.parse(k): v for k, v in cells.items()}), repeat_kirikis)
