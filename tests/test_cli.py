"""The ``dicespec`` command for Kiriki: scores, rulesets, and one-line errors with exit status 2."""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import io
import json
import subprocess
import sys
from pathlib import Path
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


def table(out: str) -> dict[str, int]:
    """The row scores of a ``score`` table (the lines after its title)."""
    rows = {}
    for line in out.splitlines()[1:]:
        name, points = line.split()
        rows[name] = int(points)
    return rows


# -- score -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "expected"),
    [
        ("66616", {"sixes": 24, "three_of_a_kind": 25, "four_of_a_kind": 25, "chance": 25}),
        ("22522", {"four_of_a_kind": 13, "twos": 8, "fives": 5}),
        ("12345", {"small_straight": 30, "large_straight": 40}),
        ("33333", {"full_house": 0, "kiriki": 50}),
        ("22333", {"full_house": 25, "four_of_a_kind": 0}),
    ],
)
def test_score_prints_every_row(capsys: pytest.CaptureFixture[str], dice: str, expected: dict[str, int]) -> None:
    """``dicespec score kiriki DICE`` prints a title line and the roll's score in each of the 13 rows."""
    status, out, err = run_cli(["score", "kiriki", dice], capsys)
    assert (status, err) == (0, "")
    assert out.splitlines()[0] == f"Kiriki (KDE reference) (kiriki), dice {dice}"
    rows = table(out)
    assert len(rows) == 13
    assert {row: rows[row] for row in expected} == expected


def test_score_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    """``--json`` prints one JSON object whose ``rows`` maps each row id to its score."""
    status, out, _ = run_cli(["score", "kiriki", "66616", "--json"], capsys)
    assert status == 0
    payload = json.loads(out)
    assert payload["rows"] == {
        "ones": 1,
        "twos": 0,
        "threes": 0,
        "fours": 0,
        "fives": 0,
        "sixes": 24,
        "three_of_a_kind": 25,
        "four_of_a_kind": 25,
        "full_house": 0,
        "small_straight": 0,
        "large_straight": 0,
        "kiriki": 0,
        "chance": 25,
    }
    assert (payload["game"], payload["ruleset"], payload["dice"]) == ("kiriki", "kiriki", "66616")


def test_score_under_another_ruleset(capsys: pytest.CaptureFixture[str]) -> None:
    """``--ruleset kiriki-fr`` scores a large straight 30."""
    status, out, _ = run_cli(["score", "kiriki", "12345", "--ruleset", "kiriki-fr", "--json"], capsys)
    assert status == 0
    assert json.loads(out)["rows"]["large_straight"] == 30


def test_score_under_a_ruleset_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """``--ruleset-file`` scores with a ruleset of one's own."""
    path = tmp_path / "mine.yaml"
    path.write_text("extends: kiriki\nname: mine\nrows:\n  full_house: {points: 35}\n", encoding="utf-8")
    status, out, _ = run_cli(["score", "kiriki", "22333", "--ruleset-file", str(path), "--json"], capsys)
    assert status == 0
    assert json.loads(out)["rows"]["full_house"] == 35


# -- one-line errors ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["score", "kiriki", "6661"], "4 dice; expected 5"),
        (["score", "kiriki", "66a16"], "'a' is not a digit"),
        (["score", "kiriki", "666167"], "die 6 shows 7"),
        (["score", "kiriki", "666166"], "6 dice; expected 5"),
        (["score", "kiriki", "66606"], "die 4 shows 0"),
        (["score", "mahjong", "12345"], "invalid choice: 'mahjong'"),
        (["score", "kiriki", "12345", "--ruleset", "kiriki-xx"], "unknown ruleset 'kiriki-xx'"),
        (["score", "kiriki", "12345", "--ruleset", "ten-thousand"], "is for ten-thousand, not kiriki"),
        (["score", "kiriki", "12345", "--ruleset", "kiriki", "--ruleset-file", "x.yaml"], "not allowed with"),
        (["score", "kiriki"], "required"),
        ([], "required"),
        (["roll", "kiriki"], "invalid choice: 'roll'"),
        (["play", "kiriki", "--players", "7"], "7 players"),
    ],
)
def test_bad_input_is_one_line_and_status_2(capsys: pytest.CaptureFixture[str], argv: list[str], says: str) -> None:
    """Bad input gets exactly one line on stderr, nothing on stdout, and exit status 2."""
    status, out, err = run_cli(argv, capsys)
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1 and err.endswith("\n"), err
    assert says in err
    assert err.startswith("dicespec")


def test_broken_ruleset_file_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A broken ruleset file gets one line naming the file, the key and the value, and exit status 2."""
    bad = tmp_path / "bad.yaml"
    bad.write_text("extends: kiriki\nrows:\n  full_house: {points: many}\n", encoding="utf-8")
    status, out, err = run_cli(["score", "kiriki", "12345", "--ruleset-file", str(bad)], capsys)
    assert (status, out) == (2, "")
    assert err.count("\n") == 1
    assert str(bad) in err and "rows.full_house.points" in err and "'many'" in err


@pytest.mark.parametrize(
    "text",
    ["rows: [1, 2\n", "- a list\n", "extends: kiriki\nsurprise: 1\n", "extends: nowhere\n", "game: kiriki\n"],
    ids=["bad yaml", "not a mapping", "unknown key", "unknown extends", "missing keys"],
)
def test_no_ruleset_file_gives_a_traceback(capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str) -> None:
    """Whatever is wrong with a ruleset file, the command answers in one line with status 2."""
    bad = tmp_path / "bad.yaml"
    bad.write_text(text, encoding="utf-8")
    status, _, err = run_cli(["score", "kiriki", "12345", "--ruleset-file", str(bad)], capsys)
    assert status == 2
    assert err.count("\n") == 1 and str(bad) in err


# -- rulesets ------------------------------------------------------------------------------------------


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


def test_help_names_every_game_by_its_title_in_the_registry_s_order(capsys: pytest.CaptureFixture[str]) -> None:
    """``dicespec --help`` begins with the games the registry declares, each by its title, and no other."""
    from dicespec.registry import games

    status, out, _ = run_cli(["--help"], capsys)
    said = " ".join(out.split())
    titles = [found.title for found in games()]
    named = f"{', '.join(titles[:-1])} and {titles[-1]}"
    assert status == 0 and f"Executable rules for {named}: score rolls, list rulesets," in said


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


# -- play ---------------------------------------------------------------------------------------------


def test_play_reads_commands_from_stdin(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """``dicespec play kiriki`` plays a game from commands on standard input to 'Game over'."""
    commands = "".join(
        f"score {row}\n"
        for row in [
            "ones",
            "twos",
            "threes",
            "fours",
            "fives",
            "sixes",
            "three_of_a_kind",
            "four_of_a_kind",
            "full_house",
            "small_straight",
            "large_straight",
            "kiriki",
            "chance",
        ]
    )
    monkeypatch.setattr(sys, "stdin", io.StringIO(commands * 14))
    status, out, err = run_cli(["play", "kiriki", "--seed", "3"], capsys)
    assert (status, err) == (0, "")
    assert "Game over." in out and "Winner: player 1" in out


# -- the installed command -------------------------------------------------------------------------------


def console_script() -> Path:
    script = Path(sys.executable).with_name("dicespec")
    if not script.exists():
        pytest.skip("the dicespec console script is not installed next to this Python")
    return script


def test_the_installed_command() -> None:
    """The installed ``dicespec`` command scores a roll, and answers bad dice in one line with status 2."""
    script = console_script()
    good = subprocess.run([script, "score", "kiriki", "66616", "--json"], capture_output=True, text=True, timeout=60)
    assert good.returncode == 0, good.stderr
    assert json.loads(good.stdout)["rows"]["sixes"] == 24
    bad = subprocess.run([script, "score", "kiriki", "6661"], capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2
    assert bad.stdout == "" and bad.stderr.count("\n") == 1 and "Traceback" not in bad.stderr
