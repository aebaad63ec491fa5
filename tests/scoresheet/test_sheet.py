"""One player's Kiriki sheet: open rows, the upper bonus, the totals and repeat kirikis."""

from __future__ import annotations

import pytest
from hypothesis import given

from dicespec import find_ruleset, ruleset_names
from dicespec.scoresheet.errors import UnknownRowError
from dicespec.scoresheet.ruleset import SheetRuleset
from dicespec.scoresheet.sheet import Sheet
from sheet_rows import LOWER_ROWS, REFERENCE, SHEET_LINES, UPPER_ROWS, Row
from strategies import kiriki_rulesets, kiriki_sheets


@pytest.fixture(params=ruleset_names("kiriki"))
def ruleset(request: pytest.FixtureRequest) -> SheetRuleset:
    """Every shipped Kiriki ruleset in turn."""
    return find_ruleset(request.param)


UPPER_62 = {"threes": 6, "fours": 12, "fives": 20, "sixes": 24}
UPPER_63 = {**UPPER_62, "ones": 1}
LOWER = {"three_of_a_kind": 17, "full_house": 25, "chance": 22}


def test_an_empty_sheet() -> None:
    """A new sheet has every row open and every total at 0."""
    sheet = Sheet()
    assert sheet.open_rows(REFERENCE) == tuple(Row)
    assert not sheet.is_full(REFERENCE)
    assert all(sheet.is_open(row) for row in Row)
    lines = sheet.lines(find_ruleset("kiriki"))
    assert lines == {line: (None if line in REFERENCE.rows else 0) for line in SHEET_LINES}


def test_no_bonus_at_62(ruleset: SheetRuleset) -> None:
    """Upper rows adding up to 62 earn no bonus."""
    sheet = Sheet.from_cells(UPPER_62)
    assert sheet.upper_sum(REFERENCE) == 62
    assert sheet.bonus(ruleset) == 0
    assert sheet.upper_total(ruleset) == 62


def test_bonus_at_63(ruleset: SheetRuleset) -> None:
    """Upper rows adding up to 63 earn the 35-point bonus, counted in the upper total."""
    sheet = Sheet.from_cells(UPPER_63)
    assert sheet.upper_sum(REFERENCE) == 63
    assert sheet.bonus(ruleset) == 35
    assert sheet.upper_total(ruleset) == 98


def test_totals_without_bonus(ruleset: SheetRuleset) -> None:
    """Without the bonus, the grand total is the upper rows plus the lower rows."""
    sheet = Sheet.from_cells({**UPPER_62, **LOWER})
    assert sheet.lower_total(REFERENCE) == 64
    assert sheet.grand_total(ruleset) == 62 + 64


def test_totals_with_bonus(ruleset: SheetRuleset) -> None:
    """With the bonus, the grand total is the upper rows, the bonus and the lower rows."""
    sheet = Sheet.from_cells({**UPPER_63, **LOWER})
    lines = sheet.lines(ruleset)
    assert (lines["bonus"], lines["upper_total"], lines["lower_total"], lines["grand_total"]) == (35, 98, 64, 162)


def test_lines_run_top_to_bottom() -> None:
    """The sheet's lines run top to bottom, an empty row as None."""
    lines = Sheet.from_cells({"chance": 22}).lines(find_ruleset("kiriki"))
    assert list(lines) == [
        "ones",
        "twos",
        "threes",
        "fours",
        "fives",
        "sixes",
        "bonus",
        "upper_total",
        "three_of_a_kind",
        "four_of_a_kind",
        "full_house",
        "small_straight",
        "large_straight",
        "kiriki",
        "chance",
        "lower_total",
        "grand_total",
    ]
    assert lines["chance"] == 22 and lines["ones"] is None


def test_a_scratched_row_is_filled() -> None:
    """A row scored with 0 is filled all the same."""
    sheet = Sheet().with_cell(Row.KIRIKI, 0)
    assert not sheet.is_open(Row.KIRIKI)
    assert Row.KIRIKI not in sheet.open_rows(REFERENCE)
    assert sheet.lines(find_ruleset("kiriki"))["kiriki"] == 0


def test_repeat_kiriki_counts_in_the_lower_total(ruleset: SheetRuleset) -> None:
    """A repeat kiriki adds to the kiriki cell, and so to the lower and grand totals."""
    sheet = Sheet.from_cells({"kiriki": 50, "chance": 20})
    twice = sheet.with_repeat("kiriki", 50).with_repeat("kiriki", 50)
    assert twice.cells[Row.KIRIKI] == 150
    assert twice.repeats == 2
    assert twice.lower_total(REFERENCE) == 170
    assert twice.grand_total(ruleset) == 170
    assert twice.open_rows(REFERENCE) == sheet.open_rows(REFERENCE)  # a repeat kiriki fills no row


def test_a_sheet_never_changes() -> None:
    """Writing a cell gives a new sheet; the old one stays as it was, and a filled row is refused."""
    empty = Sheet()
    one = empty.with_cell(Row.ONES, 3)
    assert empty.is_open(Row.ONES) and not one.is_open(Row.ONES)
    with pytest.raises(ValueError, match="already filled"):
        one.with_cell(Row.ONES, 4)
    assert one.cells[Row.ONES] == 3
    with pytest.raises(TypeError):
        one.cells[Row.TWOS] = 2  # type: ignore[index]


def test_a_full_sheet() -> None:
    """A sheet with all 13 rows filled is full and has no open row."""
    sheet = Sheet.from_cells({str(row): 0 for row in Row})
    assert sheet.is_full(REFERENCE) and sheet.open_rows(REFERENCE) == ()


def test_unknown_row_id() -> None:
    """A sheet from cells refuses an unknown row id."""
    with pytest.raises(UnknownRowError, match="'yahtzee'"):
        Sheet.from_cells({"yahtzee": 50}, ruleset=REFERENCE)


@given(kiriki_rulesets, kiriki_sheets())
def test_totals_add_up(ruleset: SheetRuleset, sheet: Sheet) -> None:
    """The totals are sums of the cells, and the bonus is earned exactly above 62."""
    assert sheet.upper_sum(REFERENCE) == sum(sheet.cells.get(row, 0) for row in UPPER_ROWS)
    assert sheet.lower_total(REFERENCE) == sum(sheet.cells.get(row, 0) for row in LOWER_ROWS)
    assert sheet.bonus(ruleset) == (35 if sheet.upper_sum(REFERENCE) > 62 else 0)
    assert sheet.upper_total(ruleset) == sheet.upper_sum(REFERENCE) + sheet.bonus(ruleset)
    assert sheet.grand_total(ruleset) == sheet.upper_total(ruleset) + sheet.lower_total(REFERENCE)
    assert sheet.grand_total(ruleset) == sum(sheet.cells.values()) + sheet.bonus(ruleset)


@given(kiriki_sheets())
def test_open_rows_and_cells_partition_the_sheet(sheet: Sheet) -> None:
    """Every row is either open or filled, never both."""
    assert set(sheet.open_rows(REFERENCE)) | set(sheet.cells) == set(Row)
    assert not set(sheet.open_rows(REFERENCE)) & set(sheet.cells)
    assert sheet.is_full(REFERENCE) == (not sheet.open_rows(REFERENCE))
