"""``dicespec.identify.cli``: the ``dicespec identify`` command line. Its parser (who is asked, the
share a rule must explain, the closing conform run) and options refused in one line, exit status
2, before any question is asked. What identify finds is tested in ``tests/identify/test_command.py``."""

from __future__ import annotations

import argparse

import pytest

from dicespec.cli import main
from dicespec.identify.cli import register
from dicespec.identify.sheet_fit import SHARE


def test_register_adds_identify_with_its_defaults() -> None:
    parser = argparse.ArgumentParser(prog="dicespec")
    register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["identify", "--python", "mod:obj", "--game", "kiriki"])
    assert (args.python, args.game, args.share) == ("mod:obj", "kiriki", SHARE)
    assert not args.no_conform and not args.json
    assert callable(args.run)
    args = parser.parse_args(["identify", "--impl", "x", "--share", "0.9", "--no-conform", "-o", "mine.yaml"])
    assert (args.impl, args.share, args.no_conform, args.output) == ("x", 0.9, True, "mine.yaml")


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (["--impl", "x", "--ask-as", "yahtzee"], "--ask-as yahtzee goes with --ruleset-file: the rules it is held to"),
        (["--impl", "x", "--share", "1.5"], "--share 1.5: a share is above 0 and at most 1"),
        (["--impl", "x", "--in-process"], "--in-process goes with --python or --function"),
        (["--function", "yacht:score"], "--function needs --ruleset NAME"),
    ],
)
def test_options_that_cannot_be_are_one_line_and_exit_2(
    options: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["identify", *options]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"dicespec: error: {said}") and err.count("\n") == 1, err
