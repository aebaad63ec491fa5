"""The Kiriki reference sheet's row ids as the tests name them: ``Row.FULL_HOUSE == "full_house"``.

The engine has no row enum (a ruleset declares its rows); the tests of the Kiriki engine read
them from the reference ruleset once, here.
"""

from __future__ import annotations

from enum import StrEnum

from dicespec import find_ruleset

REFERENCE = find_ruleset("kiriki")  # the reference ruleset, whose rows every Kiriki ruleset shares

Row = StrEnum("Row", {row.upper(): row for row in REFERENCE.row_ids})  # type: ignore[misc]
UPPER_ROWS = tuple(Row(row) for row in REFERENCE.upper_rows)
LOWER_ROWS = tuple(Row(row) for row in REFERENCE.lower_rows)
SHEET_LINES = REFERENCE.lines
TOTALS = REFERENCE.derived_lines
