"""``dicespec.regression.cli``: the ``dicespec diff`` command line. Its parser (two sides, or one
with ``--ruleset-file``, ``--json``), the one-line refusals of what cannot be compared, and what
it tells a terminal. The comparison it prints is tested in ``tests/regression/test_diff.py``, its
sides in ``tests/regression/test_sides.py``."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from dicespec.cli import main
from dicespec.regression.cli import register
from helpers import run_cli, write_lines


def test_register_adds_a_documented_diff_command() -> None:
    parser = argparse.ArgumentParser(prog="dicespec")
    register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["diff", "kiriki", "--ruleset-file", "house.yaml", "--json"])
    assert (args.before, args.after, args.ruleset_file, args.json) == ("kiriki", None, "house.yaml", True)
    assert callable(args.run)
    both = parser.parse_args(["diff", "kiriki", "kiriki-fr"])
    assert (both.before, both.after, both.ruleset_file, both.json) == ("kiriki", "kiriki-fr", None, False)


def test_bad_input_is_one_line_naming_it(
    house: Path, early_entry: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two games, an unknown name, a missing file, a file that is not YAML (its line named) or not a
    valid ruleset (its key named): exit status 2 and one line on stderr, before any spec run."""
    broken = write_lines(tmp_path, "broken.yaml", "extends: kiriki", "rows:", "  full_house: {points: 30", "chance: 1")
    invalid = write_lines(tmp_path, "invalid.yaml", "extends: kiriki", "rows:", "  full_house: {points: thirty}")
    expected = {
        (str(house), str(early_entry)): f"{house} is a ruleset of kiriki, {early_entry} of ten-thousand: "
        "compare two rulesets of one game",
        ("kiriki", "farkle"): "compare two rulesets of one game",
        ("kiriki", "mahjong"): "unknown ruleset 'mahjong'",
        ("kiriki", str(tmp_path / "gone.yaml")): "gone.yaml: no such ruleset file",
        ("kiriki", str(broken)): f"{broken}:4: not valid YAML: ",
        (str(invalid), "kiriki"): "full_house",
    }
    for argv, message in expected.items():
        status, out, err = run_cli(["diff", *argv], capsys)
        assert (status, out) == (2, ""), argv
        assert err.startswith("dicespec: error: ") and message in err and err.count("\n") == 1, err


@pytest.mark.slow
def test_a_ruleset_file_option_is_the_side_b(
    early_entry: Path, no_spec_run: None, capsys: pytest.CaptureFixture[str]
) -> None:
    """``A --ruleset-file F`` is ``A F``; ``--ruleset-file F`` alone compares F with what it
    extends; A, B and the option at once, or no side at all, is a usage error in one line."""
    status, positional, _ = run_cli(["diff", "ten-thousand", str(early_entry), "--json"], capsys)
    assert status == 0
    for argv in (["ten-thousand", "--ruleset-file", str(early_entry)], ["--ruleset-file", str(early_entry)]):
        status, out, _ = run_cli(["diff", *argv, "--json"], capsys)
        assert (status, out) == (0, positional), argv
    for argv, says in (
        (["kiriki", "farkle", "--ruleset-file", str(early_entry)], "not B as well ('farkle')"),
        ([], "diff compares two rulesets: A B, or A --ruleset-file PATH"),
        (["kiriki"], "diff compares two rulesets: A B, or A --ruleset-file PATH"),
    ):
        status, out, err = run_cli(["diff", *argv], capsys)
        assert (status, out) == (2, "") and says in err and err.count("\n") == 1, err


def test_the_command_tells_a_terminal_what_it_runs(
    early_entry: Path, no_spec_run: None, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """On a terminal the command says on stderr what it runs (the solves show their progress);
    elsewhere stderr stays empty."""
    from dicespec.regression import cli

    monkeypatch.setattr(cli, "wanted", lambda flag: True)
    status, out, err = run_cli(["diff", "ten-thousand", str(early_entry)], capsys)
    assert status == 0 and err == f"diff: running the spec under ten-thousand and {early_entry}\n"
    monkeypatch.setattr(cli, "wanted", lambda flag: False)
    assert run_cli(["diff", "ten-thousand", str(early_entry)], capsys)[1:] == (out, "")


def test_diff_needs_one_game(capsys: pytest.CaptureFixture[str]) -> None:
    """Two rulesets of different games, or an unknown one, are refused in one line."""
    assert main(["diff", "kiriki", "farkle"]) == 2
    assert "compare two rulesets of one game" in capsys.readouterr().err
    assert main(["diff", "kiriki", "mahjong"]) == 2
    assert "unknown ruleset 'mahjong'" in capsys.readouterr().err
