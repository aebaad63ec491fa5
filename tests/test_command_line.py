"""What the commands share (command_line.py): ``GAME [--ruleset NAME | --ruleset-file PATH]`` as
an argument parser reads it, the ruleset those options choose (the game's reference, a shipped one
of that game, or a file of one's own, declared for the run), and ``--progress``."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from dicespec.command_line import UsageError, add_game_and_ruleset, add_progress, chosen_ruleset
from dicespec.rulesets import find_ruleset


def parser() -> argparse.ArgumentParser:
    made = argparse.ArgumentParser(prog="dicespec score", exit_on_error=False)
    add_game_and_ruleset(made)
    add_progress(made)
    return made


def test_the_options_read_a_game_and_at_most_one_ruleset() -> None:
    args = parser().parse_args(["kiriki", "--ruleset", "kiriki-fr"])
    assert (args.game, args.ruleset, args.ruleset_file, args.progress) == ("kiriki", "kiriki-fr", None, None)
    args = parser().parse_args(["yatzy", "--ruleset-file", "house.yaml", "--no-progress"])
    assert (args.game, args.ruleset, args.ruleset_file, args.progress) == ("yatzy", None, "house.yaml", False)
    assert parser().parse_args(["greed", "--progress"]).progress is True


def test_a_game_must_be_one_of_the_games() -> None:
    with pytest.raises(argparse.ArgumentError, match="invalid choice: 'mahjong'"):
        parser().parse_args(["mahjong"])


def test_a_shipped_ruleset_and_a_file_are_not_both_allowed() -> None:
    with pytest.raises(argparse.ArgumentError, match="not allowed with argument --ruleset"):
        parser().parse_args(["kiriki", "--ruleset", "kiriki", "--ruleset-file", "x.yaml"])


def test_no_ruleset_named_is_the_games_reference() -> None:
    assert chosen_ruleset("kiriki", None, None) is find_ruleset("kiriki")
    assert chosen_ruleset("ten-thousand", None, None).name == "ten-thousand"


def test_a_shipped_ruleset_named_must_be_of_the_game() -> None:
    assert chosen_ruleset("kiriki", "kiriki-fr", None).name == "kiriki-fr"
    with pytest.raises(UsageError, match=r"^ruleset 'ten-thousand' is for ten-thousand, not kiriki$"):
        chosen_ruleset("kiriki", "ten-thousand", None)


def test_a_ruleset_file_is_declared_and_found_by_its_name(tmp_path: Path) -> None:
    path = tmp_path / "house.yaml"
    path.write_text("extends: kiriki\nrows:\n  full_house: {points: 30}\n", encoding="utf-8")
    chosen = chosen_ruleset("kiriki", None, str(path))
    assert chosen.name == "house" and chosen.game == "kiriki"
    assert find_ruleset("house") is chosen
