"""One player's score sheet: the filled cells, the upper bonus and the totals.

A sheet holds cells by row id; the ruleset it is read under says which rows there are, which
of them are upper rows, and what the bonus is.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from dicespec.scoresheet.ruleset import BONUS, GRAND_TOTAL, LOWER_TOTAL, UPPER_TOTAL, SheetRuleset


@dataclass(frozen=True, slots=True)
class Sheet:
    """Filled cells by row id. A sheet never changes: :meth:`with_cell` returns a new one.

    ``repeats`` counts the repeat five of a kinds (a five of a kind rolled while its row holds
    more than 0). Where the ruleset adds them to the row's own cell (Kiriki), they are in that
    cell's value; where it adds them to a bonus line (Yahtzee), ``line`` holds that line's points.
    """

    cells: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    repeats: int = 0
    line: int = 0

    # -- questions about the cells ------------------------------------------------------

    def is_open(self, row: str) -> bool:
        """Is ``row`` still empty?"""
        return row not in self.cells

    def open_rows(self, ruleset: SheetRuleset) -> tuple[str, ...]:
        """The empty rows, in sheet order."""
        return tuple(row for row in ruleset.rows if row not in self.cells)

    def is_full(self, ruleset: SheetRuleset) -> bool:
        """Is every row filled?"""
        return all(row in self.cells for row in ruleset.rows)

    # -- the derived lines --------------------------------------------------------------

    def upper_sum(self, ruleset: SheetRuleset) -> int:
        """The upper rows added up (no bonus)."""
        return sum(self.cells.get(row, 0) for row in ruleset.upper_rows)

    def bonus(self, ruleset: SheetRuleset) -> int:
        """The upper bonus: earned when the upper rows add up to more than the ruleset's threshold."""
        if ruleset.bonus_more_than is None:
            return 0
        return ruleset.bonus_points if self.upper_sum(ruleset) > ruleset.bonus_more_than else 0

    def upper_total(self, ruleset: SheetRuleset) -> int:
        """The upper rows and the bonus."""
        return self.upper_sum(ruleset) + self.bonus(ruleset)

    def lower_total(self, ruleset: SheetRuleset) -> int:
        """The lower rows (a five-of-a-kind cell with its repeats included) and any bonus line."""
        return sum(self.cells.get(row, 0) for row in ruleset.lower_rows) + self.line

    def grand_total(self, ruleset: SheetRuleset) -> int:
        """Upper total and lower total."""
        return self.upper_total(ruleset) + self.lower_total(ruleset)

    def lines(self, ruleset: SheetRuleset) -> dict[str, int | None]:
        """Every line of the sheet top to bottom, ``None`` for an empty row."""
        derived = {
            BONUS: self.bonus(ruleset),
            UPPER_TOTAL: self.upper_total(ruleset),
            LOWER_TOTAL: self.lower_total(ruleset),
            GRAND_TOTAL: self.grand_total(ruleset),
        }
        if ruleset.bonus_line:
            derived[ruleset.bonus_line] = self.line
        return {line: derived[line] if line in derived else self.cells.get(line) for line in ruleset.lines}

    # -- new sheets -----------------------------------------------------------------------

    def with_cell(self, row: str, points: int) -> Sheet:
        """This sheet with ``points`` written in the empty ``row``."""
        if not self.is_open(row):
            raise ValueError(f"row {row} is already filled")
        return Sheet(MappingProxyType({**self.cells, row: points}), self.repeats, self.line)

    def with_repeat(self, row: str, points: int) -> Sheet:
        """This sheet with a repeat five of a kind's ``points`` added to the filled ``row``."""
        cells = {**self.cells, row: self.cells[row] + points}
        return Sheet(MappingProxyType(cells), self.repeats + 1, self.line)

    def with_line_bonus(self, points: int) -> Sheet:
        """This sheet with a repeat five of a kind's ``points`` added to the bonus line."""
        return Sheet(self.cells, self.repeats + 1, self.line + points)

    @classmethod
    def from_cells(
        cls, cells: Mapping[str, int], *, repeats: int = 0, line: int = 0, ruleset: SheetRuleset | None = None
    ) -> Sheet:
        """A sheet from row ids to points, e.g. ``{"chance": 23}``; with ``ruleset``, each id is
        checked to be one of its rows (:class:`~dicespec.scoresheet.errors.UnknownRowError`)."""
        if ruleset is not None:
            for row in cells:
                ruleset.parse_row(row)
        return cls(MappingProxyType(dict(cells)), repeats, line)
