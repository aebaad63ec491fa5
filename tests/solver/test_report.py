"""``dicespec solve``, the progress line of a long solve, and the summary the site shows."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from dicespec import find_ruleset, ruleset_names
from dicespec.progress import ProgressLine
from dicespec.solver import scoresheet as kiriki
from dicespec.solver import solution, summary
from helpers import run_cli


@pytest.mark.slow
def test_solve_kiriki_prints_the_optimal_expected_score(capsys: pytest.CaptureFixture[str]) -> None:
    """``dicespec solve kiriki --ruleset kiriki-no-extra`` prints 245.87 and where the state values are."""
    status, out, _ = run_cli(["solve", "kiriki", "--ruleset", "kiriki-no-extra"], capsys)
    assert status == 0
    assert "expected final grand total: 245.87" in out
    path = Path(out.split("state values: ")[1].strip()).expanduser()  # the home folder is written ~
    assert path.suffix == ".npz" and path.is_file()


def test_a_first_solve_shows_progress_on_stderr(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Solving a ruleset of one's own reports its progress on stderr and caches the table."""
    monkeypatch.setenv("DICESPEC_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(kiriki, "_SOLVED", {})
    path = tmp_path / "one-roll.yaml"
    path.write_text("extends: kiriki-no-extra\nname: one-roll\nrolls_per_turn: 1\n", encoding="utf-8")
    status, out, err = run_cli(["solve", "kiriki", "--ruleset-file", str(path)], capsys)
    assert status == 0
    assert "one-roll): optimal solitaire play" in out
    lines = err.splitlines()
    assert lines[0].startswith("solving one-roll: 0% of ") and lines[-1].startswith("solving one-roll: 100% of ")
    assert len(lines) <= 22  # two passes, each at most 11 lines: the solve's and the spread's
    assert sum(line.startswith("solving one-roll: 0% of ") for line in lines) == 2
    assert list((tmp_path / "cache").glob("sheet-values-*.npz"))


def test_the_progress_line_updates_in_place_on_a_terminal() -> None:
    """On a terminal, progress is one line rewritten with a carriage return, ended at 100%."""

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    stream = Terminal()
    progress = ProgressLine("solving", stream)
    for done in (0, 5, 50, 100):
        progress(done, 100)
    text = stream.getvalue()
    assert text.count("\r") == 4 and text.endswith("100% of 100 states\n") and text.count("\n") == 1


def test_solve_ten_thousand_prints_the_turn_policy(capsys: pytest.CaptureFixture[str]) -> None:
    """``dicespec solve ten-thousand`` prints the expected turn score, the entry chance and the banking table."""
    status, out, _ = run_cli(["solve", "ten-thousand"], capsys)
    assert status == 0
    assert "expected points of a turn, on the board: 560.81" in out
    assert "(750 or more) in one turn: 41.60%" in out
    assert "1 die      300" in out and "6 dice  12,900" in out
    assert "from 251,200 on, banking is always right" in out


def test_solve_refuses_another_games_ruleset(capsys: pytest.CaptureFixture[str]) -> None:
    """A 10000 ruleset for ``solve kiriki`` is a one-line error with status 2."""
    status, _, err = run_cli(["solve", "kiriki", "--ruleset", "farkle"], capsys)
    assert status == 2 and err.count("\n") == 1 and "is for ten-thousand, not kiriki" in err


@pytest.mark.slow
def test_the_summary_names_every_shipped_ruleset() -> None:
    """summary() gives every shipped Kiriki ruleset's expected score (None if not solved yet, when asked not
    to compute) and every 10000 ruleset's figures, as JSON-ready data; asked for some games only,
    the same figures of those games."""
    reference = solution(find_ruleset("kiriki")).expected_score
    found = summary(compute=False)
    json.dumps(found)
    assert [entry["ruleset"] for entry in found["kiriki"]] == ruleset_names("kiriki")
    assert [entry["ruleset"] for entry in found["ten-thousand"]] == ruleset_names("ten-thousand")
    by_name = {entry["ruleset"]: entry for entry in found["kiriki"]}
    assert by_name["kiriki"]["expected_score"] == reference
    assert all(entry["expected_score"] is None or 200 < entry["expected_score"] < 300 for entry in found["kiriki"])
    german = found["ten-thousand"][0]
    assert german["ruleset"] == "ten-thousand" and german["entry"] == 750
    assert german["banking_table"][6] == 12900 and german["expected_turn_score"] == pytest.approx(560.81, abs=0.005)
    assert german["on_board_chance"] == pytest.approx(0.4160, abs=0.00005)
    assert summary(compute=False, only={"ten-thousand", "greed"}) == {
        game: found[game] for game in ("ten-thousand", "greed")
    }
