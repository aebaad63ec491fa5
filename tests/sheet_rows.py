"""The Kiriki reference sheet's row ids as the tests name them: ``Row.FULL_HOUSE == "full_house"``.

The engine has no row enum (a ruleset declares its rows); the tests of the Kiriki engine read
them from the reference ruleset once, here.
"""

from __future__ import annotations

from enum import StrEnum

from dicespec import find_ruleset

_REFERENCE = find_ruleset("kiriki")

Row = StrEnum("Row", {row.upper(): row for row in _REFERENCE.row_ids})  # type: ignore[misc]
UPPER_ROWS = tuple(Row(row) for row in _REFERENCE.upper_rows)
LOWER_ROWS = tuple(Row(row) for row in _REFERENCE.lower_rows)
SHEET_LINES = _REFERENCE.lines
TOTALS = _REFERENCE.derived_lines
