"""``dicespec rulesets`` (rulesets_command.py): the shipped rulesets each in a line, those of one
game, their rule values as JSON (each score sheet's lines in order, each total with what it adds),
one ruleset and its sheet line by line, and the names it cannot show as one line, exit status 2."""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import io
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicespec.cli import main
from dicespec.registry import game
from dicespec.rulesets import find_ruleset, ruleset_data, ruleset_names
from dicespec.scoresheet.ruleset import SheetRuleset
from helpers import run_cli
from strategies import filled_sheets


def test_rulesets_lists_both_kiriki_rulesets(capsys: pytest.CaptureFixture[str]) -> None:
    """``dicespec rulesets`` lists kiriki (the default) and kiriki-fr with their descriptions."""
    status, out, _ = run_cli(["rulesets"], capsys)
    assert status == 0
    lines = {line.split()[0]: line for line in out.splitlines()}
    assert "kiriki" in lines and "kiriki-fr" in lines
    assert lines["kiriki"].endswith("(default)")
    assert "large straight scores 30" in lines["kiriki-fr"]
    assert not lines["kiriki-fr"].endswith("(default)")


def test_rulesets_of_one_game(capsys: pytest.CaptureFixture[str]) -> None:
    """``--game kiriki`` lists only the Kiriki rulesets, the default first."""
    status, out, _ = run_cli(["rulesets", "--game", "kiriki"], capsys)
    assert status == 0
    names = [line.split()[0] for line in out.splitlines()]
    assert names[0] == "kiriki" and "kiriki-fr" in names
    assert all(line.split()[1] == "kiriki" for line in out.splitlines())


def test_rulesets_as_json_hold_every_rule_value(capsys: pytest.CaptureFixture[str]) -> None:
    """``--json`` prints every shipped ruleset by name, extends resolved: each one's data, read back
    as its family reads a ruleset file, is the very ruleset the engines play (its gaps aside), its
    rows in sheet order; the sources, trace and gaps are left out, and nothing else."""
    status, out, _ = run_cli(["rulesets", "--json"], capsys)
    assert status == 0
    exported = json.loads(out)
    assert list(exported) == ruleset_names()
    for name, data in exported.items():
        shipped = find_ruleset(name)
        rebuilt = game(data["game"]).family.ruleset_from_data({**data, "gaps": []})
        assert rebuilt == dataclasses.replace(shipped, gaps=()), name
        assert list(data.get("rows", ())) == list(getattr(shipped, "rows", ())), name
        kept = {
            key: value for key, value in ruleset_data(name).items() if key not in ("source", "texts", "trace", "gaps")
        }
        assert {key: value for key, value in data.items() if key != "sheet"} == kept, name
        assert ("sheet" in data) == isinstance(shipped, SheetRuleset), name


@pytest.mark.parametrize("name", ruleset_names())
def test_rulesets_name_prints_that_ruleset_and_its_sheet_line_by_line(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``dicespec rulesets NAME``: the ruleset's line as the list gives it, then a score sheet's every
    line top to bottom (its row ids, as the protocol's score and replay take them; each row with its
    label, each total with what it adds); a set-aside ruleset's has no sheet."""
    status, out, _ = run_cli(["rulesets", name], capsys)
    _, listed, _ = run_cli(["rulesets", "--game", find_ruleset(name).game], capsys)
    first, *rest = out.splitlines()
    assert status == 0 and " ".join(first.split()) in {" ".join(line.split()) for line in listed.splitlines()}
    ruleset = find_ruleset(name)
    if not isinstance(ruleset, SheetRuleset):
        assert rest == ["no sheet: a set-aside game's answers are points (the protocol's set_aside, best and replay)"]
        return
    assert rest[0] == "its sheet, top to bottom (the row ids the protocol's score and replay take):"
    shown = [line.split(maxsplit=2) for line in rest[1:]]
    assert [each[0] for each in shown] == list(ruleset.lines)
    assert [each[0] for each in shown if each[1] == "row"] == list(ruleset.row_ids)
    labels = {each[0]: each[2] for each in shown if each[1] == "row"}
    assert labels == {row.id: row.label for row in ruleset.rows.values()}
    totals = {line["id"]: " + ".join(line["adds"]) for line in printed_rulesets()[name]["sheet"] if "adds" in line}
    assert {each[0]: each[2] for each in shown if each[1] == "total"} == totals


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["rulesets", "yahtze"], "unknown ruleset 'yahtze'; shipped rulesets: farkle,"),
        (["rulesets", "yatzy", "--game", "yahtzee"], "ruleset 'yatzy' is for yatzy, not yahtzee"),
        (["rulesets", "yatzy", "--ruleset-file", "house.yaml"], "name a ruleset or give --ruleset-file, not both"),
    ],
    ids=["unknown", "another game", "and a file"],
)
def test_rulesets_name_that_cannot_be_shown_is_one_line(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run_cli(args, capsys)
    assert (status, out) == (2, "") and err.startswith(f"dicespec: error: {message}") and err.count("\n") == 1


@functools.cache
def printed_rulesets() -> dict[str, Any]:
    """What ``dicespec rulesets --json`` prints, read once."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["rulesets", "--json"]) == 0
    data: dict[str, Any] = json.loads(out.getvalue())
    return data


SHEET_RULESETS = [name for name in ruleset_names() if isinstance(find_ruleset(name), SheetRuleset)]


def test_rulesets_as_json_give_each_sheet_s_lines_in_order() -> None:
    """A score-sheet ruleset's ``sheet`` is its every line top to bottom, each a row, a bonus or a
    total; a set-aside ruleset has none."""
    for name, data in printed_rulesets().items():
        ruleset = find_ruleset(name)
        if not isinstance(ruleset, SheetRuleset):
            assert "sheet" not in data, name
            continue
        assert [line["id"] for line in data["sheet"]] == list(ruleset.lines), name
        assert [line["id"] for line in data["sheet"] if line["kind"] == "row"] == list(ruleset.rows), name
        assert all(("adds" in line) == (line["kind"] == "total") for line in data["sheet"]), name
    yahtzee = {line["id"]: line for line in printed_rulesets()["yahtzee"]["sheet"]}
    assert yahtzee["bonus"] == {"id": "bonus", "kind": "bonus"}
    assert yahtzee["upper_total"]["adds"] == ["ones", "twos", "threes", "fours", "fives", "sixes", "bonus"]
    assert yahtzee["lower_total"]["adds"][-2:] == ["chance", "yahtzee_bonus"]
    assert yahtzee["grand_total"]["adds"] == ["upper_total", "lower_total"]


@pytest.mark.parametrize("name", SHEET_RULESETS)
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_each_total_adds_what_the_json_says_on_any_filled_sheet(name: str, data: st.DataObject) -> None:
    """On a filled sheet, each total the engine writes is the sum of the lines its ``adds`` names,
    and the grand total counts every row and every bonus once."""
    ruleset = find_ruleset(name)
    assert isinstance(ruleset, SheetRuleset)
    sheet = data.draw(filled_sheets(ruleset))
    lines = sheet.lines(ruleset)
    printed = printed_rulesets()[name]["sheet"]
    for line in printed:
        if line["kind"] == "total":
            assert lines[line["id"]] == sum(lines[part] or 0 for part in line["adds"]), (line, lines)
    assert (lines["upper_total"], lines["lower_total"], lines["grand_total"]) == (
        sheet.upper_total(ruleset),
        sheet.lower_total(ruleset),
        sheet.grand_total(ruleset),
    )
    assert lines["grand_total"] == sum(sheet.cells.values()) + sheet.bonus(ruleset) + sheet.line
    adds = {line["id"]: line["adds"] for line in printed if line["kind"] == "total"}

    def leaves(line: str) -> list[str]:
        return [leaf for part in adds[line] for leaf in leaves(part)] if line in adds else [line]

    assert sorted(leaves("grand_total")) == sorted(line["id"] for line in printed if line["kind"] != "total")
