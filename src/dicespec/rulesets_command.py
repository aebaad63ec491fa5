"""``dicespec rulesets``: the shipped rulesets, each in a line, or their rule values as JSON
(what other implementations read); with ``--ruleset-file``, the file's ruleset alone."""

from __future__ import annotations

import argparse
import json
from typing import Any

from dicespec.registry import game, game_names
from dicespec.ruleset_option import HELP, add_ruleset_file, ruleset_file
from dicespec.rulesets import published, ruleset_data, ruleset_names


def _cmd_rulesets(args: argparse.Namespace) -> int:
    names = (
        ruleset_names(args.game)
        if args.ruleset_file is None
        else [ruleset_file(args.ruleset_file, game=args.game).name]
    )
    if args.json:
        print(json.dumps({name: published(name) for name in names}, indent=2))
        return 0
    width = max(len(n) for n in names)
    for name in names:
        data = ruleset_data(name)
        default = " (default)" if game(data["game"]).default_ruleset == name else ""
        print(f"{name:<{width}}  {data['game']:<12}  {data['description']}{default}")
    return 0


def register(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``dicespec rulesets`` to the subcommands of the ``dicespec`` parser."""
    rulesets = commands.add_parser(
        "rulesets",
        help="list the shipped rulesets",
        description="The shipped rulesets, each with a one-line description; with --ruleset-file, the ruleset of "
        "that file alone.",
        epilog="examples: dicespec rulesets --game yahtzee --json   dicespec rulesets --json --ruleset-file house.yaml",
    )
    rulesets.add_argument("--game", choices=sorted(game_names()), help="only this game's rulesets")
    add_ruleset_file(
        rulesets, help=f"{HELP}: that ruleset alone, as the shipped ones are listed (with --game: one of that game)"
    )
    rulesets.add_argument(
        "--json",
        action="store_true",
        help="print the rulesets' rule values as one JSON object by name, extends resolved (no sources, trace or "
        "gaps), and for a score-sheet ruleset its 'sheet': every line top to bottom, {id, kind: row, bonus or "
        "total}, each total with the lines it 'adds'",
    )
    rulesets.set_defaults(run=_cmd_rulesets)
