"""``dicespec identify``: the command line of :mod:`dicespec.identify.command`: who is asked, about
which game and ruleset, and where the rules found are written."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from dicespec.command_line import UsageError, add_progress
from dicespec.conformance.containment import defaults
from dicespec.conformance.run.cli import add_limits, limits_of
from dicespec.identify.sheet_fit import SHARE
from dicespec.progress import wanted
from dicespec.registry import game_names
from dicespec.ruleset_option import add_ruleset_file, ruleset_file
from dicespec.rulesets import is_ruleset_name, ruleset_names


def _cmd_identify(args: argparse.Namespace) -> int:
    from pathlib import Path

    from dicespec.conformance.run.target import Options, Target
    from dicespec.identify.command import as_json, identify, report_text, ruleset_text
    from dicespec.identify.common import IdentifyError

    if args.ruleset_file is not None:
        declared = ruleset_file(args.ruleset_file, game=args.game)
        asked: str | None = declared.name
    else:
        asked = args.ruleset
    if args.ask_as is not None and args.ruleset_file is None:
        raise UsageError(f"--ask-as {args.ask_as} goes with --ruleset-file: the rules it is held to")
    if args.name is not None and (args.name in ruleset_names() or not is_ruleset_name(args.name)):
        raise UsageError(f"--name {args.name!r}: a name of its own, in lowercase words and -, not a shipped ruleset's")
    if not 0 < args.share <= 1:
        raise UsageError(f"--share {args.share:g}: a share is above 0 and at most 1")
    if args.in_process and args.impl:
        raise UsageError("--in-process goes with --python or --function")
    if args.categories and not args.function:
        raise UsageError("--categories goes with --function")
    if args.function:
        scores = args.ask_as or args.ruleset
        if scores is None:
            raise UsageError("--function needs --ruleset NAME: a scoring function is asked under the ruleset you name")
        from dicespec.conformance.run.function import FunctionSpecError, function_implementation

        target = Target(function=args.function, rulesets=(scores,), categories=args.categories)
        try:  # its problems, before any question
            function_implementation(args.function, target.rulesets, args.categories)
        except FunctionSpecError as exc:
            raise UsageError(str(exc)) from None
    else:
        target = Target(python=args.python) if args.python else Target.from_command_line(args.impl)
    options = Options(
        timeout=args.timeout,
        progress=wanted(args.progress),
        in_process=args.in_process,
        strict_refusals=args.strict_refusals,
        limits=limits_of(args),
    )
    try:
        found = identify(
            target,
            options,
            name_of_game=args.game,
            asked=asked,
            ask_as=args.ask_as,
            name=args.name,
            share=args.share,
            conform=not args.no_conform,
        )
    except IdentifyError as exc:
        raise UsageError(str(exc)) from None
    text = ruleset_text(found)
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8")
    if args.json:
        print(json.dumps(as_json(found), indent=2))
    elif not args.output:
        print(text, end="")
    print(report_text(found), file=sys.stderr)
    return 0


def register(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``dicespec identify`` to the subcommands of the ``dicespec`` parser."""
    ident = commands.add_parser(
        "identify",
        help="which rules an implementation plays, and the answers no rule explains",
        description="Ask an implementation every question of the exhaustive corpus (a score-sheet game: every "
        "ordered roll in every row; a set-aside game: every best and every set-aside), fit its rules to the model "
        "(its game flow too, by replays chosen to decide each flow rule), and write the rules it "
        "plays as a ruleset file that extends the closest shipped ruleset (stdout, or --output). The report on "
        "stderr gives each rule found and the answers no rule explains: its bugs, by the model. It ends with a "
        "conform run under the identified rules, whose differences are those answers (--no-conform skips it).",
        epilog='example: dicespec identify --impl "node examples/adapters/js/dicespec-adapter.mjs" --game yahtzee',
    )
    who = ident.add_mutually_exclusive_group(required=True)
    who.add_argument("--impl", metavar="CMD", help="the implementation's command, as for conform")
    who.add_argument("--python", metavar="MOD:OBJ", help="a Python object with the interface's methods")
    who.add_argument(
        "--function",
        metavar="MOD:FUNC",
        help="a plain scoring function, as for conform (with --ruleset: its scoring alone is identified)",
    )
    ident.add_argument(
        "--categories", metavar="FILE", help="with --function: a YAML file mapping each row id to its category"
    )
    ident.add_argument("--game", choices=sorted(game_names()), help="the game (default: the one its hello declares)")
    asked = ident.add_mutually_exclusive_group()
    asked.add_argument(
        "--ruleset", metavar="NAME", help="the ruleset the questions name (default: the game's reference)"
    )
    add_ruleset_file(asked)
    ident.add_argument(
        "--ask-as",
        metavar="NAME",
        help="with --ruleset-file: ask the implementation under NAME, a ruleset it declares (an engine that plays one "
        "set of rules under one name), and start from the file's rules",
    )
    ident.add_argument("--name", help="the identified rules' name (default: the implementation's, then -identified)")
    ident.add_argument(
        "--share",
        type=float,
        default=SHARE,
        help=f"the share of a row's rolls its rule must explain to be called its rule (default {SHARE:g})",
    )
    ident.add_argument("-o", "--output", metavar="FILE", help="write the ruleset file to FILE")
    ident.add_argument("--json", action="store_true", help="print everything found as one JSON object")
    ident.add_argument("--timeout", type=float, default=defaults.TIMEOUT, help="seconds to wait for each answer")
    ident.add_argument("--in-process", action="store_true", help="call a --python object in this process")
    add_limits(ident.add_argument_group("containment", "what the implementation may take, as for conform"))
    ident.add_argument(
        "--no-conform", action="store_true", help="skip the closing conform run under the identified rules"
    )
    ident.add_argument(
        "--strict-refusals",
        action="store_true",
        help="in the closing conform run, a replay refused with another code than the reference's differs even "
        "where the rules refuse the action for that reason too (by default it is counted apart)",
    )
    add_progress(ident)
    ident.set_defaults(run=_cmd_identify)
