"""10000 at the command line: the score report, bad input, and a playable game."""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path

import pytest

from dicespec import Roll, find_ruleset
from dicespec.cli import main
from dicespec.setaside.combos import options
from dicespec.setaside.ruleset import SetAsideRuleset
from dicespec.solver import twoplayer
from dicespec.terminal.setaside import play, score_report

TEXT = find_ruleset("ten-thousand")


def test_score_json(capsys: pytest.CaptureFixture[str]) -> None:
    """--json prints the best points and every legal set-aside with its points."""
    assert main(["score", "ten-thousand", "111556", "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["best"] == 1100
    assert {"dice": "1115", "points": 1050} in payload["options"]
    assert len(payload["options"]) == 11


def test_score_table(capsys: pytest.CaptureFixture[str]) -> None:
    """The table lists each set-aside with its combinations, and the best one."""
    assert main(["score", "ten-thousand", "111556"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^  1115 +1050  three 1s \+ a 5$", out, re.M)
    assert out.rstrip().endswith("best: 11155 for 1100 points")


def test_score_farkle() -> None:
    """A roll with no scoring die has no options and a best of 0."""
    assert json.loads(score_report(TEXT, Roll.parse("223466"), as_json=True))["best"] == 0
    assert "farkle" in score_report(TEXT, Roll.parse("223466"))


def test_score_under_the_farkle_ruleset(capsys: pytest.CaptureFixture[str]) -> None:
    """--ruleset picks a shipped variant."""
    assert main(["score", "ten-thousand", "123456", "--ruleset", "farkle", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["best"] == 1500


@pytest.mark.parametrize(
    "argv",
    [
        ["score", "ten-thousand", "1234561"],
        ["score", "ten-thousand", ""],
        ["score", "ten-thousand", "12x"],
        ["score", "ten-thousand", "111", "--ruleset", "kiriki"],
        ["play", "ten-thousand", "--players", "0"],
    ],
)
def test_bad_input(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    """Bad input is one line on stderr, naming the problem, with exit status 2."""
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("dicespec: error: ") and err.count("\n") == 1


class Bot:
    """Answers the game's prompts: the best set-aside, then roll or bank from the last status line."""

    def __init__(self, lines: list[str], ruleset) -> None:
        self.lines, self.ruleset, self.reads = lines, ruleset, 0

    def __call__(self, prompt: str) -> str:
        self.reads += 1
        assert self.reads < 5000, "the game does not end"
        status = self.lines[-1]
        if match := re.match(r"  dice: (\d+)", status):
            return f"set {options(self.ruleset, Roll.parse(match[1]))[0].dice}"
        turn = int(re.match(r"  turn: (\d+)", status)[1])  # type: ignore[index]
        return "bank" if turn >= 1000 and "roll or bank" in status else "roll"


@pytest.mark.parametrize("name", ["ten-thousand", "farkle"])
def test_a_whole_game(name: str) -> None:
    """A seeded two-player game at the terminal runs to its end and names the winner."""
    lines: list[str] = []
    ruleset = find_ruleset(name)
    assert play(ruleset, 2, 1, read=Bot(lines, ruleset), write=lines.append) == 0
    assert "Game over." in lines[-2]
    assert re.match(r"Winner: player [12]( and player [12])? with \d+ points\.", lines[-1])


def test_commands_and_quit() -> None:
    """Help, scores, options and mistakes answer without ending the game; quit ends it."""
    lines: list[str] = []
    answers = iter(["help", "scores", "options", "bank", "set 7", "nonsense", "quit"])
    assert play(TEXT, 2, 1, read=lambda _: next(answers), write=lines.append) == 0
    text = "\n".join(lines)
    assert "commands:" in text and "player 2:     0  (not on the board)" in text
    assert "not allowed: set aside at least one scoring die before banking" in text
    assert "unknown command 'nonsense'" in text


def test_end_of_input_ends_the_game() -> None:
    """End of input stops the game quietly."""

    def eof(_: str) -> str:
        raise EOFError

    assert play(TEXT, 1, 1, read=eof, write=lambda _: None) == 0


# -- Greed -------------------------------------------------------------------------------------

GREED = find_ruleset("greed")


def test_greed_score_json(capsys: pytest.CaptureFixture[str]) -> None:
    """Under Greed a roll offers one set-aside, all its scoring dice; six dice are too many."""
    assert main(["score", "greed", "11153", "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert (payload["best"], payload["options"]) == (1050, [{"dice": "1115", "points": 1050}])
    assert main(["score", "greed", "111536"]) == 2
    assert "a roll has 1 to 5" in capsys.readouterr().err


def test_greed_help_and_status_say_what_greed_does() -> None:
    """The help and the prompt of a Greed game name five dice and the scoring dice to set aside."""
    lines: list[str] = []
    answers = iter(["help", "set 1", "quit"])
    assert play(GREED, 2, 4, read=lambda _: next(answers), write=lines.append) == 0
    text = "\n".join(lines)
    assert "roll the dice in hand (all 5 again after hot dice)" in text
    assert "set aside the roll's scoring dice (by value): every one of them" in text
    status = next(line for line in lines if line.startswith("  dice: "))
    roll = Roll.parse(re.match(r"  dice: (\d+)", status)[1])  # type: ignore[index]
    assert len(roll) == 5 and status.endswith(f"set aside every scoring die: set {options(GREED, roll)[0].dice}")


def test_a_whole_game_of_greed() -> None:
    """A seeded two-player Greed game at the terminal runs to its end (a final round after 3000)."""
    lines: list[str] = []
    assert play(GREED, 2, 1, read=Bot(lines, GREED), write=lines.append) == 0
    assert "Game over." in lines[-2] and "First to 3000 (then one more turn for every other player)" in lines[0]


def test_play_greed_starts_with_two_players(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`dicespec play greed` plays the fewest players Greed allows, two, unless --players says otherwise."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["play", "greed", "--seed", "1"]) == 0
    assert "Greed (Ruby Koans): 2 player(s), seed 1." in capsys.readouterr().out
    assert main(["play", "greed", "--players", "1"]) == 2
    assert "allows 2 to 20" in capsys.readouterr().err


# -- the computer -------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_computer_plays_greed_to_the_end_against_itself(seed: int) -> None:
    """Both seats the computer's, under the exact two-player optimum (Greed's solve is quick): every
    move it types is one the rules accept (a refused one would stop the game), and the game ends."""
    lines: list[str] = []
    assert play(GREED, 2, seed, computer=(0, 1), read=lambda _: "quit", write=lines.append) == 0
    assert lines[1] == "The computer plays player 1 and player 2, to win: the exact two-player optimum."
    assert "Game over." in lines[-2] and not any("not allowed" in line for line in lines)


def test_a_person_plays_against_the_computer() -> None:
    """Player 1 types; the computer types for player 2, each move shown as typed. The person's
    mistakes are answered as ever."""
    lines: list[str] = []
    person = Bot(lines, GREED)
    typed = []

    def read(prompt: str) -> str:
        typed.append(person(prompt))
        return typed[-1]

    assert play(GREED, 2, 5, computer=(1,), read=read, write=lines.append) == 0
    turns = [line for line in lines if line.startswith(("\nPlayer", "> "))]
    seat = 0
    for line in turns:
        if line.startswith("\nPlayer"):
            seat = int(line.split()[1])
        else:
            assert seat == 2, line  # only the computer's moves are written back
    assert typed and sum(line.endswith("(computer)") for line in lines) > 10


def test_without_its_two_player_optimum_the_computer_plays_each_turn_for_its_points(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """10000's two-player solve takes minutes: not kept, it is not made at the start of a game, and
    the computer plays the turn policy (its entry policy until it is on the board), and says so; so
    does it with three players."""
    monkeypatch.setenv("DICESPEC_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(twoplayer, "_SOLVED", {})  # nor solved by another test in this process
    lines: list[str] = []
    assert play(TEXT, 2, 4, computer=(0, 1), read=lambda _: "quit", write=lines.append) == 0
    assert lines[1].startswith(
        "The computer plays player 1 and player 2, each turn for its expected points (the two-player optimum: "
        "not solved here yet: 'dicespec solve ten-thousand --ruleset ten-thousand --players 2' solves it once"
    )
    assert "Game over." in lines[-2]
    lines.clear()
    assert play(GREED, 3, 4, computer=(0, 1, 2), read=lambda _: "quit", write=lines.append) == 0
    assert "(the two-player optimum: 3 players (it is solved for two))" in lines[1] and "Game over." in lines[-2]


def test_the_command_line_seats_the_computer(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """--computer 2 on its own makes a two-player game; a seat beyond the players, or a ruleset the
    computer cannot play, is one line and status 2, before the game starts."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["play", "greed", "--seed", "1", "--computer", "1", "--computer", "2"]) == 0
    assert "Winner: player" in capsys.readouterr().out
    assert main(["play", "greed", "--players", "2", "--computer", "3"]) == 2
    assert capsys.readouterr().err == "dicespec: error: --computer 3: the seats of 2 player(s) are 1 to 2\n"


def test_a_ruleset_the_computer_cannot_play_is_said_before_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    house = tmp_path / "compulsory.yaml"
    house.write_text("extends: greed\nname: greed-compulsory\nhot_dice: compulsory\n", encoding="utf-8")
    assert main(["play", "greed", "--ruleset-file", str(house), "--computer", "2"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("dicespec: error: the computer cannot play greed-compulsory: ")
    assert captured.err.count("\n") == 1


def _hinted(ruleset: SetAsideRuleset, players: int, seed: int, typed: list[str]) -> list[str]:
    """The lines a game writes when ``typed`` is typed (then quit)."""
    lines: list[str] = []
    answers = iter([*typed, "quit"])
    play(ruleset, players, seed, read=lambda _: next(answers), write=lines.append)
    return lines


def test_a_hint_ranks_the_set_asides_by_their_chance_of_winning_in_a_two_player_game() -> None:
    """Two players of Greed, whose two-player optimum is at hand: `hint` says by what it ranks,
    then each set-aside of the roll with its chance of winning, best first, as the computer would
    play it; after a set-aside, bank and roll on, the better first."""
    lines = _hinted(GREED, 2, 5, ["hint"])
    at = lines.index("  (each choice's chance of winning, both playing to win: the exact two-player optimum)")
    shown = [re.fullmatch(r"  +(\d+\.\d)%  set (\d+) \((\d+) points\)", line) for line in lines[at + 1 : at + 6]]
    found = [match.groups() for match in shown if match]
    assert found, lines[at:]
    chances = [float(chance) for chance, _, _ in found]
    assert chances == sorted(chances, reverse=True) and all(0 < c < 100 for c in chances)
    roll = re.search(r"dice: (\d+)", "\n".join(lines[:at])).group(1)  # type: ignore[union-attr]
    solved = twoplayer.duel(GREED)
    assert found[0][1] == str(solved.choices(0, 0, 0, roll)[0][0].dice)
    lines = _hinted(GREED, 2, 5, [f"set {found[0][1]}", "hint"])
    after = lines[
        lines.index("  (each choice's chance of winning, both playing to win: the exact two-player optimum)") + 1 :
    ]
    # 50 points of a 5, below Greed's entry of 300: banking scores nothing, and rolling on is better
    points, left = int(found[0][2]), len(roll) - len(found[0][1])
    roll_on, bank = solved.chance(0, 0, points, left), solved.bank_chance(0, 0, points)
    assert bank is not None and roll_on > bank
    assert after[:2] == [f"  {roll_on:6.1%}  roll", f"  {bank:6.1%}  bank"]


def test_a_hint_without_the_two_player_optimum_ranks_by_the_entry_then_the_turns_points() -> None:
    """Three players of 10000 (solved for two only): off the board, each choice's chance of getting
    on it this turn; the hints come from the policies the computer plays."""
    lines = _hinted(TEXT, 3, 2, ["hint"])
    assert "  (each choice's chance of getting on the board this turn: 750 in one turn)" in lines
    assert any(re.fullmatch(r"  +\d+\.\d%  set \d+ \(\d+ points\)", line) for line in lines)


def test_a_hint_under_rules_the_computer_cannot_play_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Compulsory hot dice, which no policy plays: `hint` says so in one line, and the game goes on."""
    house = tmp_path / "compulsory.yaml"
    house.write_text("extends: greed\nname: greed-compulsory\nhot_dice: compulsory\n", encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", io.StringIO("hint\nscores\nquit\n"))
    assert main(["play", "greed", "--ruleset-file", str(house), "--seed", "1"]) == 0
    out = capsys.readouterr().out
    hinted = [line for line in out.splitlines() if "no hint: " in line]
    assert len(hinted) == 1 and "compulsory" in hinted[0], out
    assert "player 1" in out.split(hinted[0])[1]  # the scores, after it


def test_the_computer_plays_a_solitaire_game_to_its_end() -> None:
    """Alone, with no other player's score to chase (it once looked for a leader among none and
    stopped at its first move)."""
    lines: list[str] = []
    assert play(TEXT, 1, 3, computer=(0,), read=lambda _: "quit", write=lines.append) == 0
    assert "Game over." in lines[-2] and lines[-1].startswith("Winner: player 1 with ")
