"""``dicespec solve``: a ruleset's optimal play printed (a score-sheet game's expected score and where
its table is kept, a set-aside game's turn policy), a first solve's progress on stderr, and a
ruleset of another game refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from dicespec.solver import scoresheet as kiriki
from helpers import run_cli, write_lines

FACES = ("ones", "twos", "threes", "fours", "fives", "sixes")
ONE_ROLL = (  # Kiriki's sheet but its 3 and 4 of a kind, its kiriki and its bonus, one roll a turn
    "game: kiriki",
    "name: one-roll",
    "title: One roll",
    "description: Ten rows, one roll a turn.",
    "dice: 5",
    "rolls_per_turn: 1",
    "players: {min: 1, max: 6}",
    "rows:",
    *(f"  {name}: {{label: {face}s, section: upper, rule: face, face: {face}}}" for face, name in enumerate(FACES, 1)),
    "  full_house: {label: Full House, section: lower, rule: full_house, points: 25, five_of_a_kind_counts: false}",
    "  small_straight: {label: Small Straight, section: lower, rule: straight, length: 4, points: 30}",
    "  large_straight: {label: Large Straight, section: lower, rule: straight, length: 5, points: 40}",
    "  chance: {label: Chance, section: lower, rule: chance}",
    "upper_bonus: null",
    "five_of_a_kind: null",
    "joker: none",
    "winner: highest_total_ties_share",
    "gaps: []",
)


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
    """Solving a ruleset of one's own reports its progress on stderr and caches the table. The
    ruleset is a sheet of ten rows and one roll a turn: 1,023 states, so that a pass reports its
    first states as 0%; its solve and its spread, the two passes reported, take under a second
    together (those of Kiriki's whole sheet, half a minute)."""
    monkeypatch.setenv("DICESPEC_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(kiriki, "_SOLVED", {})
    path = write_lines(tmp_path, "one-roll.yaml", *ONE_ROLL)
    status, out, err = run_cli(["solve", "kiriki", "--ruleset-file", str(path)], capsys)
    assert status == 0
    assert "one-roll): optimal solitaire play" in out
    lines = err.splitlines()
    assert lines[0].startswith("solving one-roll: 0% of ") and lines[-1].startswith("solving one-roll: 100% of ")
    assert len(lines) <= 22  # two passes, each at most 11 lines: the solve's and the spread's
    assert sum(line.startswith("solving one-roll: 0% of ") for line in lines) == 2
    assert list((tmp_path / "cache").glob("sheet-values-*.npz"))


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
