"""``--ruleset-file PATH``, as every command that names a ruleset takes it: one meaning (a ruleset
file of one's own, which may ``extends:`` a shipped one, declared for the run under its own name),
and one set of one-line errors, the same words from every command, exit status 2, nothing
written."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from dicespec import report as report_module
from dicespec.export import spec_cases
from dicespec.ruleset_option import ruleset_file, usable_file
from dicespec.rulesets import RulesetError, declared, find_ruleset, published, ruleset_names
from helpers import run_cli, write_lines

HOUSE = ("extends: kiriki", "title: Our table", "rows:", "  full_house: {points: 30}")

# Each command that names a ruleset, given a file with --ruleset-file (and, where it takes one,
# a game the file must be for: kiriki).
COMMANDS = {
    "score": ["score", "kiriki", "12345"],
    "play": ["play", "kiriki"],
    "solve": ["solve", "kiriki"],
    "rulesets": ["rulesets", "--game", "kiriki", "--json"],
    "export": ["export", "-o", "out.json"],
    "diff": ["diff", "kiriki"],
    "check": ["check"],
    "report": ["report", "-o", "out"],
}
NAME_NO_GAME = {"export", "check", "report"}  # a file is for the game it says

PROBLEMS = {
    "missing file": (None, "house.yaml: no such ruleset file"),
    "bad yaml": (
        ("extends: kiriki", "rows:", "  full_house: {points: 30"),
        "house.yaml:4: not valid YAML: expected ',' or '}', but got '<stream end>'",
    ),
    "unknown key": (
        ("extends: kiriki", "surprise: 1"),
        "house.yaml:2: surprise: 1: unknown key; known keys: game, name, title, description, source, language, "
        "translations, texts, trace, expect, dice, saved_rolls, rolls_per_turn, players, rows, upper_bonus, "
        "five_of_a_kind, joker, winner, gaps",
    ),
    "two mistakes": (
        ("extends: kiriki", "rolls_per_turn: three", "dice: 7"),
        "house.yaml:2: rolls_per_turn: 'three': 'three' is not of type 'integer'\n"
        "house.yaml:3: dice: 7: 7 is greater than the maximum of 6",
    ),
    "wrong game": (
        ("extends: ten-thousand",),
        "house.yaml:1: extends: 'ten-thousand': a ruleset of ten-thousand, not of kiriki",
    ),
}


@pytest.fixture(autouse=True)
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # the files are named as a rule author names them: house.yaml


@pytest.mark.parametrize(
    ("command", "problem"),
    [
        (command, problem)
        for command in COMMANDS
        for problem in PROBLEMS
        if not (problem == "wrong game" and command in NAME_NO_GAME)  # a file is for the game it says
    ],
)
def test_every_command_refuses_a_file_it_cannot_use_in_the_same_line(
    command: str, problem: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A missing file, a file that is not YAML, an unknown key, a file of another game than the
    command names: every command says so in the same line on stderr (the file, the line, the key
    path and the value), with exit status 2, and writes nothing; a file with several mistakes the
    schema finds, in a line for each, all at once."""
    lines, message = PROBLEMS[problem]
    if lines is not None:
        write_lines(tmp_path, "house.yaml", *lines)
    before = sorted(tmp_path.iterdir())
    status, out, err = run_cli([*COMMANDS[command], "--ruleset-file", "house.yaml"], capsys)
    assert (status, out, err) == (2, "", "".join(f"dicespec: error: {line}\n" for line in message.splitlines()))
    assert sorted(tmp_path.iterdir()) == before


def test_the_library_functions_refuse_in_the_command_s_words(tmp_path: Path) -> None:
    """``ruleset_file`` says what the commands say; ``usable_file`` (for ``check`` and ``report``,
    which name no game) the same, without declaring the file."""
    for problem, (lines, message) in PROBLEMS.items():
        if lines is not None:
            write_lines(tmp_path, "house.yaml", *lines)
        with pytest.raises(RulesetError) as raised:
            ruleset_file("house.yaml", game="kiriki")
        assert str(raised.value) == message, problem
        if problem != "wrong game":
            with pytest.raises(RulesetError) as raised:
                usable_file("house.yaml")
            assert str(raised.value) == message, problem
    assert declared("house") is None


def test_a_file_is_declared_under_its_own_name(tmp_path: Path) -> None:
    """The file is found by its name (its file name, without one of its own) as a shipped ruleset
    is; one that takes a shipped ruleset's name is refused."""
    write_lines(tmp_path, "house.yaml", *HOUSE)
    own = ruleset_file("house.yaml", game="kiriki")
    assert (own.name, own.describe()) == ("house", "house.yaml (extends kiriki)")
    assert declared("house") == own and find_ruleset("house").title == "Our table"
    write_lines(tmp_path, "kiriki.yaml", *HOUSE)
    with pytest.raises(RulesetError, match=r"^kiriki\.yaml: name: 'kiriki' is a shipped ruleset's name"):
        ruleset_file("kiriki.yaml")


# -- each command with a file of one's own ------------------------------------------------------------


def test_score_scores_under_the_file_named_as_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_lines(tmp_path, "house.yaml", *HOUSE)
    status, out, _ = run_cli(["score", "kiriki", "22333", "--ruleset-file", "house.yaml", "--json"], capsys)
    data = json.loads(out)
    assert (status, data["ruleset"], data["rows"]["full_house"]) == (0, "house", 30)


def test_play_plays_the_file_s_rules(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seed 11 rolls a full house first: the file's 30 points, under its title."""
    write_lines(tmp_path, "house.yaml", *HOUSE)
    monkeypatch.setattr(sys, "stdin", io.StringIO("score full_house\nquit\n"))
    status, out, _ = run_cli(["play", "kiriki", "--ruleset-file", "house.yaml", "--seed", "11"], capsys)
    assert status == 0 and out.startswith("Our table: 1 player(s), seed 11.")
    assert "player 1 scores 30 in full_house" in out


def test_solve_solves_the_file_s_rules(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import dicespec.solver

    write_lines(tmp_path, "house.yaml", *HOUSE)
    solved = []
    monkeypatch.setattr(
        dicespec.solver, "report", lambda ruleset, progress, players=1: solved.append(ruleset) or f"solved, {players}"
    )
    status, out, _ = run_cli(["solve", "kiriki", "--ruleset-file", "house.yaml"], capsys)
    assert (status, out) == (0, "solved, 1\n") and solved == [find_ruleset("house")]


def test_rulesets_prints_the_file_s_ruleset_as_a_shipped_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write_lines(tmp_path, "house.yaml", *HOUSE)
    status, out, _ = run_cli(["rulesets", "--json", "--ruleset-file", "house.yaml"], capsys)
    data = json.loads(out)
    assert status == 0 and list(data) == ["house"]
    assert data["house"] == published("house") and data["house"]["rows"]["full_house"]["points"] == 30
    assert data["house"]["sheet"] == json.loads(json.dumps(published("kiriki")["sheet"]))
    status, out, _ = run_cli(["rulesets", "--ruleset-file", "house.yaml"], capsys)
    assert status == 0 and out.split()[:2] == ["house", "kiriki"]


@pytest.mark.slow
def test_export_takes_the_spec_cases_the_file_does_not_change(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A 30-point full house: the spec cases of kiriki but the eight that score a full house at 25
    (said on stderr), each with the same answer; the corpus under the file's rules."""
    write_lines(tmp_path, "house.yaml", *HOUSE)
    status, out, err = run_cli(["export", "--ruleset-file", "house.yaml", "-o", "house.json"], capsys)
    assert status == 0 and err == "8 spec cases of kiriki left out: their outcome differs under house.yaml\n"
    data = json.loads((tmp_path / "house.json").read_text(encoding="utf-8"))
    assert out.startswith(f"house.json: {len(data['spec'])} spec cases and 101,088 corpus cases under house.yaml")
    assert (data["ruleset"], data["game"], data["title"]) == ("house", "kiriki", "Our table")
    shipped = {case["id"]: case for case in spec_cases("kiriki")}
    kept = {case["id"]: case for case in data["spec"]}
    gone = set(shipped) - set(kept)
    assert set(kept) <= set(shipped) and len(gone) == 8
    assert all(kept[i] == shipped[i] for i in kept)
    assert all(shipped[i]["input"]["row"] == "full_house" and shipped[i]["expected"] == 25 for i in gone)
    corpus = {case["id"]: case["expected"] for case in data["corpus"]}
    assert corpus["kiriki/score/house/22333/full_house"] == 30


def test_the_option_is_the_positional_file_of_check_and_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``check F`` and ``check --ruleset-file F`` are one; so are ``report``'s; both at once is a usage error."""
    write_lines(
        tmp_path, "house.yaml", *HOUSE, "expect:", "  rolls:", '    - {dice: "22333", row: full_house, score: 30}'
    )
    assert run_cli(["check", "house.yaml"], capsys) == run_cli(["check", "--ruleset-file", "house.yaml"], capsys)
    assert run_cli(["check", "--ruleset-file", "house.yaml"], capsys)[:2] == (
        0,
        "house.yaml: 1 expectation, it holds\n",
    )
    built = []
    monkeypatch.setattr(report_module, "build_report", lambda path, out, **_: built.append((path, out)) or 1 / 0)
    for argv in (["report", "house.yaml"], ["report", "--ruleset-file", "house.yaml"]):
        with pytest.raises(ZeroDivisionError):
            run_cli(argv, capsys)
    assert built == [("house.yaml", "report")] * 2
    for command in ("check", "report", "export"):
        status, out, err = run_cli([command, "house.yaml", "--ruleset-file", "house.yaml"], capsys)
        assert (status, out) == (2, "") and "not allowed with argument" in err and err.count("\n") == 1


def test_a_shipped_ruleset_s_own_file_may_be_checked(capsys: pytest.CaptureFixture[str]) -> None:
    """``check`` and ``report`` read the file themselves and declare nothing: a shipped file is a file like another."""
    shipped = Path(sys.modules["dicespec.rulesets"].__file__ or "").with_name("yacht.yaml")
    assert "yacht" in ruleset_names()
    status, out, _ = run_cli(["check", "--ruleset-file", str(shipped)], capsys)
    assert status == 0 and out.startswith(str(shipped))
