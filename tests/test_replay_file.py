"""A game as a replay file (``dicespec.replay_file``) and ``dicespec replay FILE``, which plays it
back: the final sheet or scores printed, an action the rules refuse named by its line with the
rules' code, and a file that cannot be read refused in one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from dicespec.replay_file import HEADER, ReplayFileError, parse_replay, play_back, report
from dicespec.rulesets import find_ruleset
from dicespec.scoresheet.replay import replay as sheet_replay
from helpers import run_cli

YAHTZEE = (
    HEADER,
    "ruleset: yahtzee",
    "players: 2",
    "seed: 1a2b3c4d",
    "roll 12345",
    "score chance",
    "",
    "# the second player's Yahtzee",
    "roll 66666",
    "score yahtzee",
    "roll 12346",
    "reroll 5=5",
    "score large_straight",
)


def _file(tmp_path: Path, *lines: str, name: str = "game.replay") -> Path:
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def parse_replay_of(actions: list[str]):  # type: ignore[no-untyped-def]
    return play_back(parse_replay("\n".join([HEADER, "ruleset: ten-thousand", "players: 1", *actions])))


def test_a_replay_file_is_read_with_its_header_and_its_actions_by_line() -> None:
    file = parse_replay("\n".join(YAHTZEE), "game.replay")
    assert (file.ruleset.name, file.players, file.seed) == ("yahtzee", 2, "1a2b3c4d")
    assert file.actions[0] == (5, "roll 12345") and file.actions[2] == (9, "roll 66666")
    assert parse_replay(file.text()).actions == tuple((i, a) for i, (_, a) in enumerate(file.actions, start=5))


def test_playing_back_is_the_reference_replay_of_its_actions() -> None:
    file = parse_replay("\n".join(YAHTZEE))
    ours = play_back(file)
    reference = sheet_replay(find_ruleset("yahtzee"), 2, [a for _, a in file.actions])  # type: ignore[arg-type]
    assert ours.state == reference.state and ours.rejected_at is None


def test_the_command_prints_the_final_sheet(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """The sheet, as ``dicespec play`` prints it, under a line naming the ruleset, players and actions."""
    status, out, err = run_cli(["replay", str(_file(tmp_path, *YAHTZEE))], capsys)
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "Yahtzee (the publisher's rules) (yahtzee), 2 players, 7 actions"
    assert lines[1].split() == ["P1", "P2"]
    cells = {line.split()[0]: line.split()[1:] for line in lines[2:-1]}
    assert cells["chance"] == ["15", "-"] and cells["yahtzee"] == ["-", "50"]
    assert cells["large_straight"] == ["40", "-"] and cells["grand_total"] == ["55", "50"]
    assert lines[-1] == "the game is not over"


def test_a_finished_set_aside_game_prints_the_scores_and_the_winner(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    ruleset = find_ruleset("ten-thousand")
    actions: list[str] = []
    turn = ["roll 111555", "set 111555", "roll 111555", "set 111555", "bank"]  # 3000 a turn, hot dice once
    while not parse_replay_of(actions).state.is_over:
        actions += turn
    path = _file(tmp_path, HEADER, "ruleset: ten-thousand", "players: 1", *actions)
    file = parse_replay(path.read_text())
    result = play_back(file)
    assert result.rejected_at is None and result.state.is_over, result
    status, out, _ = run_cli(["replay", str(path)], capsys)
    assert status == 0
    assert out.splitlines()[-2:] == [f"  player 1: {result.state.scores[0]:>5}", "winner: P1"]
    assert ruleset.name in out.splitlines()[0]


@pytest.mark.parametrize(
    ("actions", "line", "action", "code"),
    [
        (["roll 12345", "score chance", "roll 11111", "score chance"], 8, "score chance", "row-used"),
        (["score chance"], 5, "score chance", "not-rolled"),
        (["roll 1234"], 5, "roll 1234", "bad-dice"),
        (["roll 12345", "reroll 1=7"], 6, "reroll 1=7", "bad-dice"),
    ],
)
def test_an_action_the_rules_refuse_is_named_by_its_line_with_the_code(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, actions: list[str], line: int, action: str, code: str
) -> None:
    """One line on stderr: the file, the line, the action and the rules' code; status 1."""
    path = _file(tmp_path, HEADER, "ruleset: yahtzee", "players: 1", "", *actions)
    status, out, err = run_cli(["replay", str(path)], capsys)
    assert (status, out) == (1, "")
    assert err == f"dicespec: {path}:{line}: {action!r} is refused: {code}\n"


@pytest.mark.parametrize(
    ("lines", "says"),
    [
        (("ruleset: yahtzee", "players: 1"), ":1: a replay file starts with the line '# dicespec replay'"),
        ((), ":1: a replay file starts with the line"),
        ((HEADER, "ruleset: nope", "players: 1"), ":2: unknown ruleset 'nope'"),
        ((HEADER, "ruleset: yahtzee"), ": the header has no 'players' line"),
        ((HEADER, "players: 1"), ": the header has no 'ruleset' line"),
        ((HEADER, "ruleset: generala", "players: 1"), ":3: players '1': ruleset generala is played by 2 to 10"),
        ((HEADER, "ruleset: yahtzee", "players: two"), ":3: players 'two'"),
        ((HEADER, "ruleset: yahtzee", "players: 1", "seed: xyz"), ":4: seed 'xyz' is not 1 to 8 hex digits"),
        ((HEADER, "ruleset: yahtzee", "players: 1", "colour: red"), ":4: unknown header key 'colour'"),
        ((HEADER, "ruleset: yahtzee", "ruleset: yacht"), ":3: 'ruleset' is given twice (first on line 2)"),
        ((HEADER, "ruleset: yahtzee", "players: 1", "roll 12345", "players: 2"), ":5: the header line"),
        ((HEADER, "ruleset: yahtzee", "players: 1", "roll 12345", "fly away"), ":5: 'fly away' is not an action"),
        ((HEADER, "ruleset: yahtzee", "players: 1", "roll 12345", "score nothing"), ":5: "),
    ],
)
def test_a_file_that_cannot_be_read_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, lines: tuple[str, ...], says: str
) -> None:
    path = _file(tmp_path, *lines)
    status, out, err = run_cli(["replay", str(path)], capsys)
    assert (status, out) == (2, "")
    assert err.count("\n") == 1 and err.startswith(f"dicespec: error: {path}"), err
    assert says in err


def test_a_missing_file_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, err = run_cli(["replay", str(tmp_path / "none.replay")], capsys)
    assert (status, out, err) == (2, "", f"dicespec: error: {tmp_path / 'none.replay'}: no such replay file\n")


def test_the_report_of_an_unfinished_game_says_so() -> None:
    file = parse_replay(f"{HEADER}\nruleset: kiriki\nplayers: 1\nroll 12345\n")
    assert report(file, play_back(file)).splitlines()[-1] == "the game is not over"
    with pytest.raises(ReplayFileError, match=r"^-:1: "):
        parse_replay("roll 12345\n")


def test_a_house_game_is_played_back_with_its_ruleset_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A game saved from a house report names the house ruleset: played back with its ruleset file
    (``--ruleset-file``), under its rules (a full house worth 30); without the file, one line
    naming the ruleset, status 2."""
    house = _file(
        tmp_path,
        "extends: kiriki",
        "title: Our Friday Kiriki",
        "rows:",
        "  full_house: {points: 30}",
        name="house.yaml",
    )
    game = _file(tmp_path, HEADER, "ruleset: house", "players: 1", "roll 22333", "score full_house")
    status, out, err = run_cli(["replay", "--ruleset-file", str(house), str(game)], capsys)
    assert (status, err) == (0, "")
    assert out.splitlines()[0] == "Our Friday Kiriki (house), 1 player, 2 actions"
    assert {line.split()[0]: line.split()[1:] for line in out.splitlines()[2:-1]}["full_house"] == ["30"]
    status, out, err = run_cli(["replay", str(game)], capsys)
    assert (status, out) == (2, "")
    assert err.startswith(f"dicespec: error: {game}:2: unknown ruleset 'house'") and err.count("\n") == 1, err
    assert err.rstrip().endswith("a ruleset of one's own is given by its file: dicespec replay --ruleset-file PATH")
