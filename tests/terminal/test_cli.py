"""``dicespec score`` and ``dicespec play``: a roll's score in every row, as a table or JSON, under
another ruleset; a game played from commands on standard input to its end."""

from __future__ import annotations

import io
import json
import sys

import pytest

from helpers import run_cli


def table(out: str) -> dict[str, int]:
    """The row scores of a ``score`` table (the lines after its title)."""
    rows = {}
    for line in out.splitlines()[1:]:
        name, points = line.split()
        rows[name] = int(points)
    return rows


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
