"""The ``dicespec`` command: its help, a ruleset file's scores, one-line errors with exit status 2,
and the installed command (``score`` and ``play`` themselves: ``tests/terminal/test_cli.py``)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import run_cli

# -- score -----------------------------------------------------------------------------------------


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


def test_help_names_every_game_by_its_title_in_the_registry_s_order(capsys: pytest.CaptureFixture[str]) -> None:
    """``dicespec --help`` begins with the games the registry declares, each by its title, and no other."""
    from dicespec.registry import games

    status, out, _ = run_cli(["--help"], capsys)
    said = " ".join(out.split())
    titles = [found.title for found in games()]
    named = f"{', '.join(titles[:-1])} and {titles[-1]}"
    assert status == 0 and f"Executable rules for {named}: score rolls, list rulesets," in said


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


def test_a_reader_that_stops_reading_ends_the_command_quietly() -> None:
    """``dicespec rulesets | head -1``: the pipe closes early; the command ends with status 0 and
    no traceback (Python's default is a BrokenPipeError on standard error)."""
    import subprocess
    import sys

    shell = f"{sys.executable} -m dicespec.cli rulesets --json | head -c 10; exit ${{PIPESTATUS[0]}}"
    done = subprocess.run(["bash", "-c", shell], capture_output=True, text=True, check=False)
    assert (done.returncode, done.stderr) == (0, "") and len(done.stdout) == 10
