"""The solver's figures as text for the terminal: a score-sheet ruleset's expected score, spread and
events, what a winning row's score means, and where its table is kept; a set-aside ruleset's turn,
banking table and the rules it leaves out. The figures are given, not solved, so each line is known."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from dicespec import find_ruleset
from dicespec.scoresheet.ruleset import SheetRuleset
from dicespec.setaside.ruleset import SetAsideRuleset
from dicespec.solver.cache import table_path
from dicespec.solver.report import set_aside_report, sheet_report
from dicespec.solver.spread import Spread


@dataclass
class Solved:
    """A solution's figures, as the report reads them."""

    ruleset: SheetRuleset
    expected_score: float
    winning_rows: tuple[str, ...] = ()
    chance: float = 0.0

    def win_chance(self) -> float:
        return self.chance


@dataclass
class Turn:
    ruleset: SetAsideRuleset
    expected_turn_score: float
    cap: int

    def banking_table(self) -> dict[int, int]:
        return {1: 300, 6: 12_900}


@dataclass
class Entry:
    on_board_chance: float


def sheet(name: str) -> SheetRuleset:
    ruleset = find_ruleset(name)
    assert isinstance(ruleset, SheetRuleset)
    return ruleset


def set_aside(name: str) -> SetAsideRuleset:
    ruleset = find_ruleset(name)
    assert isinstance(ruleset, SetAsideRuleset)
    return ruleset


def test_a_sheet_report_gives_the_score_its_spread_and_each_event(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DICESPEC_CACHE_DIR", str(tmp_path))
    ruleset = sheet("kiriki-no-extra")
    spread = Spread(ruleset, 245.87, 39.6, {"upper_bonus": 0.68, "five_of_a_kind": 0.3})
    assert sheet_report(Solved(ruleset, 245.871), spread).splitlines() == [
        "Kiriki without repeat kirikis (kiriki-no-extra): optimal solitaire play",
        "  expected final grand total: 245.87",
        "  standard deviation: 39.60",
        "  chance of the upper bonus made: 68.00%",
        "  chance of kiriki scored above 0: 30.00%",
        "  state values: not cached",
    ]
    table_path(ruleset).write_bytes(b"")
    kept = sheet_report(Solved(ruleset, 245.871), spread).splitlines()[-1]
    assert kept.startswith("  state values: ") and kept.endswith(table_path(ruleset).name)


def test_a_winning_rows_report_says_what_the_score_means_and_the_chance_of_a_win(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DICESPEC_CACHE_DIR", str(tmp_path))
    ruleset = sheet("generala")
    report = sheet_report(Solved(ruleset, 159.618, ("generala",), 0.0064454), Spread(ruleset, 159.6, 30.0, {}))
    assert "  expected final grand total: 159.62" in report
    assert "(a game played out in full: generala made with a turn's first roll scores its points like" in report
    assert "won at once (generala above 0 with a turn's first roll): 0.645%" in report


def test_a_set_aside_report_gives_the_turn_the_banking_table_and_the_entry() -> None:
    ruleset = set_aside("ten-thousand")
    assert set_aside_report(Turn(ruleset, 560.8123, 251_200), Entry(0.41604)).splitlines() == [
        f"{ruleset.title} (ten-thousand): optimal play of one turn",
        "  expected points of a turn, on the board: 560.81",
        "  chance of getting on the board (750 or more) in one turn: 41.60%",
        "  bank once the turn's points reach (by dice in hand; below it, roll on):",
        "    1 die      300",
        "    6 dice  12,900",
        "  from 251,200 on, banking is always right (a proven bound; the solve starts there)",
    ]


def test_a_set_aside_report_names_the_rules_its_figures_leave_out() -> None:
    report = set_aside_report(Turn(set_aside("ten-thousand-exact"), 500.0, 1000), Entry(0.4))
    assert report.splitlines()[-1].startswith("  not accounted for: end.exact: these figures are the optimal")


def test_a_set_aside_report_without_an_entry_says_so() -> None:
    """Pig has no entry minimum: no chance of getting on the board is given."""

    pig = find_ruleset("pig")
    assert isinstance(pig, SetAsideRuleset)
    lines = set_aside_report(Turn(pig, 8.14, 30), Entry(1.0)).splitlines()
    assert lines[2] == "  no entry minimum: every bank scores"
