"""``dicespec rulesets``: the shipped rulesets, each in a line, or their rule values as JSON
(what other implementations read); with ``--ruleset-file``, the file's ruleset alone; with a
ruleset's name, that one and its sheet, line by line (its row ids)."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import Any

from dicespec.command_line import UsageError
from dicespec.registry import game, game_names
from dicespec.ruleset_option import HELP, add_ruleset_file, ruleset_file
from dicespec.rulesets import find_ruleset_of, game_of_ruleset, published, ruleset_data, ruleset_names
from dicespec.scoresheet.ruleset import SheetRuleset


def _cmd_rulesets(args: argparse.Namespace) -> int:
    if args.name is not None and args.ruleset_file is not None:
        raise UsageError("name a ruleset or give --ruleset-file, not both")
    if args.name is not None:
        of = game_of_ruleset(args.name).name  # an unknown name: one line, with the shipped ones
        if args.game is not None and of != args.game:
            raise UsageError(f"ruleset {args.name!r} is for {of}, not {args.game}")
        names = [args.name]
    elif args.ruleset_file is not None:
        names = [ruleset_file(args.ruleset_file, game=args.game).name]
    else:
        names = ruleset_names(args.game)
    if args.json:
        print(json.dumps({name: published(name) for name in names}, indent=2))
        return 0
    width = max(len(n) for n in names)
    for name in names:
        data = ruleset_data(name)
        default = " (default)" if game(data["game"]).default_ruleset == name else ""
        print(f"{name:<{width}}  {data['game']:<12}  {data['description']}{default}")
    if args.name is not None:
        print("\n".join(SHEETS[game_of_ruleset(args.name).family_name](args.name)))
    return 0


def _sheet(name: str) -> list[str]:
    """A score-sheet ruleset's sheet, line by line: its id (a row's, as ``score`` and ``replay``
    name it), what it is, and a row's label or what a total adds."""
    rules = find_ruleset_of(SheetRuleset, name)
    lines = published(name)["sheet"]
    width = max(len(line["id"]) for line in lines)
    shown = ["its sheet, top to bottom (the row ids the protocol's score and replay take):"]
    for line in lines:
        about = rules.rows[line["id"]].label if line["kind"] == "row" else " + ".join(line.get("adds", ()))
        shown.append(f"  {line['id']:<{width}}  {line['kind']:<5}  {about}".rstrip())
    return shown


def _no_sheet(name: str) -> list[str]:
    """A set-aside ruleset has no sheet: its answers are points."""
    return ["no sheet: a set-aside game's answers are points (the protocol's set_aside, best and replay)"]


SHEETS: dict[str, Callable[[str], list[str]]] = {"score-sheet": _sheet, "set-aside": _no_sheet}
"""What ``dicespec rulesets NAME`` prints of a ruleset's sheet, by family name."""


def register(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``dicespec rulesets`` to the subcommands of the ``dicespec`` parser."""
    rulesets = commands.add_parser(
        "rulesets",
        help="list the shipped rulesets",
        description="The shipped rulesets, each with a one-line description; with --ruleset-file, the ruleset of "
        "that file alone; with NAME, that ruleset and its sheet, line by line (its row ids).",
        epilog="examples: dicespec rulesets yacht   dicespec rulesets --game yahtzee --json   "
        "dicespec rulesets --json --ruleset-file house.yaml",
    )
    rulesets.add_argument(
        "name", nargs="?", metavar="NAME", help="one ruleset (shipped, or a file's by --ruleset-file): it and its sheet"
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
