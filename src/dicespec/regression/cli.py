"""``dicespec diff``: what changes between two rulesets of a game (:mod:`dicespec.regression.diff`):
its sides read from the command line, the report printed or written as JSON."""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import TYPE_CHECKING, Any

from dicespec.command_line import UsageError
from dicespec.progress import wanted
from dicespec.registry import game
from dicespec.ruleset_option import HELP, add_ruleset_file, ruleset_file

if TYPE_CHECKING:
    from dicespec.regression.sides import Side


def _cmd_diff(args: argparse.Namespace) -> int:
    from dicespec.progress import ProgressLine
    from dicespec.regression.diff import as_json, compare, figures, report

    first, second = _diff_sides(args.before, args.after, args.ruleset_file)
    live = wanted(None)  # progress on stderr only when it is a terminal
    if live:
        print(f"diff: running the spec under {first.label} and {second.label}", file=sys.stderr, flush=True)
    diff = compare(first, second)
    found = figures(diff, progress=(lambda label: ProgressLine(f"solving {label}")) if live else None)
    try:
        if args.json:
            print(json.dumps(as_json(diff, found), indent=2, ensure_ascii=False))
        else:
            for line in report(diff, found):
                print(line)
        sys.stdout.flush()
    except BrokenPipeError:  # a reader that stopped early (| head): the rest is not wanted
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


def _diff_sides(before: str | None, after: str | None, path: str | None) -> tuple[Side, Side]:
    """``A B``; ``A --ruleset-file B``; or ``--ruleset-file B`` alone, against what B extends (or
    its game's reference). An unknown name, a bad file, two games: one line."""
    from dicespec.regression.sides import file_side, side, sides

    if path is None:
        if before is None or after is None:
            raise UsageError("diff compares two rulesets: A B, or A --ruleset-file PATH")
        return sides(before, after)
    if after is not None:
        raise UsageError(f"diff compares two rulesets: A and --ruleset-file {path}, not B as well ({after!r})")
    first = None if before is None else side(before)
    own = ruleset_file(path, game=None if first is None else first.game)
    if first is None:
        first = side(own.extends or game(own.data["game"]).default_ruleset)
    return first, file_side(path)


def register(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``dicespec diff`` to the subcommands of the ``dicespec`` parser."""
    diff = commands.add_parser(
        "diff",
        help="what changes between two rulesets",
        description="Every case of the exhaustive corpus (each roll in each row; each 10000 roll and set-aside) "
        "and every case of the spec whose outcome differs between two rulesets of one game, "
        "grouped and counted; then what each is worth to play: for a score-sheet game the optimal "
        "solitaire expected score, the odds of each row that change and the first rolls whose best "
        "choice flips; for a set-aside game the banking thresholds, the chance of getting on the "
        "board and the farkle odds. Each side is a shipped ruleset, a game's name (its reference "
        "ruleset), or a ruleset file of your own (a path, or any name ending in .yaml or .yml; it may "
        "'extends:' a shipped ruleset). A score-sheet ruleset not solved before takes a few seconds "
        "(kept in the solver's cache).",
        epilog="examples: dicespec diff kiriki kiriki-fr   dicespec diff kiriki house.yaml   "
        "dicespec diff kiriki --ruleset-file house.yaml   dicespec diff --ruleset-file house.yaml",
    )
    diff.add_argument(
        "before",
        metavar="A",
        nargs="?",
        help="a shipped ruleset, a game (its reference ruleset) or a ruleset file; with --ruleset-file, "
        "default: the ruleset the file extends, or its game's reference",
    )
    diff.add_argument("after", metavar="B", nargs="?", help="another ruleset of the same game, as A")
    add_ruleset_file(diff, help=f"{HELP}, as B: 'diff A --ruleset-file PATH' compares A with it")
    diff.add_argument("--json", action="store_true", help="everything as one JSON object")
    diff.set_defaults(run=_cmd_diff)
