"""The ``dicespec`` command: argument parsing only; the work is done by the library."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from dicespec.conformance import defaults
from dicespec.dice import DiceError, Roll
from dicespec.progress import wanted
from dicespec.registry import game, game_names
from dicespec.rulesets import Ruleset, RulesetError, find_ruleset, load_ruleset, ruleset_data, ruleset_names


class UsageError(Exception):
    """Bad input on the command line: reported in one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage mistake is one line on stderr (the usage is in --help)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")


def _ruleset(name_of_game: str, name: str | None, path: str | None) -> Ruleset:
    if path is not None:
        ruleset = load_ruleset(path)
    else:
        ruleset = find_ruleset(name or game(name_of_game).default_ruleset)
    if ruleset.game != name_of_game:
        raise UsageError(f"ruleset {ruleset.name!r} is for {ruleset.game}, not {name_of_game}")
    return ruleset


def _cmd_score(args: argparse.Namespace) -> int:
    ruleset = _ruleset(args.game, args.ruleset, args.ruleset_file)
    roll = Roll.parse(args.dice)  # the engine checks the number of dice its game takes
    terminal = game(args.game).family.terminal()
    print(terminal.score_report(ruleset, roll, as_json=args.json))
    return 0


# What a ruleset's data says besides its rules: its sources, where each value comes from, the choices made.
_PROVENANCE = ("source", "texts", "trace", "gaps")


def _rule_values(name: str) -> dict[str, object]:
    """A shipped ruleset's data, ``extends`` resolved, without its provenance (key order kept: rows
    are in sheet order)."""
    return {key: value for key, value in ruleset_data(name).items() if key not in _PROVENANCE}


def _cmd_rulesets(args: argparse.Namespace) -> int:
    names = ruleset_names(args.game)
    if args.json:
        print(json.dumps({name: _rule_values(name) for name in names}, indent=2))
        return 0
    width = max(len(n) for n in names)
    for name in names:
        data = ruleset_data(name)
        default = " (default)" if game(data["game"]).default_ruleset == name else ""
        print(f"{name:<{width}}  {data['game']:<12}  {data['description']}{default}")
    return 0


def _cmd_play(args: argparse.Namespace) -> int:
    ruleset = _ruleset(args.game, args.ruleset, args.ruleset_file)
    terminal = game(args.game).family.terminal()
    players = ruleset.min_players if args.players is None else args.players
    status: int = terminal.play(ruleset, players, args.seed)
    return status


def _cmd_solve(args: argparse.Namespace) -> int:
    ruleset = _ruleset(args.game, args.ruleset, args.ruleset_file)
    from dicespec.progress import ProgressLine

    print(game(args.game).family.solve_report(ruleset, ProgressLine(f"solving {ruleset.name}")))
    return 0


def _cmd_conform(args: argparse.Namespace) -> int:
    from pathlib import Path

    from dicespec.conformance.runner import Options, Target, conform_and_report, parse_parts
    from dicespec.rulesets import ruleset_names

    unknown = [name for name in args.ruleset or () if name not in ruleset_names()]
    if unknown:
        raise UsageError(f"unknown ruleset {unknown[0]!r}; shipped rulesets: {', '.join(ruleset_names())}")
    if args.categories and not args.function:
        raise UsageError("--categories goes with --function")
    if args.function:
        from dicespec.conformance.function import FunctionSpecError, function_implementation

        target = Target(function=args.function, rulesets=tuple(args.ruleset or ()), categories=args.categories)
        try:
            function_implementation(args.function, target.rulesets, args.categories)  # its problems, before any run
        except FunctionSpecError as exc:
            raise UsageError(str(exc)) from None
    else:
        target = Target(python=args.python) if args.python else Target.from_command_line(args.impl)
    options = Options(
        parts=parse_parts(args.part), rulesets=tuple(args.ruleset) if args.ruleset else None, select=args.select,
        games=args.games, seed=args.seed, timeout=args.timeout, hello_timeout=args.hello_timeout,
        max_restarts=args.max_restarts, window=args.window, time_limit=args.time_limit,
        progress=wanted(args.progress),
    )
    status, text = conform_and_report(
        target, options, show=args.show,
        report=Path(args.report) if args.report else None, junit=Path(args.junit) if args.junit else None,
        track=Path(args.track) if args.track else None,
    )
    print(text)
    return status


def _cmd_diff(args: argparse.Namespace) -> int:
    from dicespec.regression.diff import compare, report

    for name in (args.before, args.after):
        if name not in ruleset_names():
            raise UsageError(f"unknown ruleset {name!r}; shipped rulesets: {', '.join(ruleset_names())}")
    try:
        for line in report(compare(args.before, args.after)):
            print(line)
        sys.stdout.flush()
    except BrokenPipeError:  # a reader that stopped early (| head): the rest is not wanted
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


def _cmd_export(args: argparse.Namespace) -> int:
    from dicespec.export import dumps, export

    if args.ruleset not in ruleset_names():
        raise UsageError(f"unknown ruleset {args.ruleset!r}; shipped rulesets: {', '.join(ruleset_names())}")
    data = export(args.ruleset)
    if args.output is None:
        try:
            sys.stdout.write(dumps(data))
            sys.stdout.flush()
        except BrokenPipeError:  # a reader that stopped early (| head): the rest is not wanted
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    with open(args.output, "w", encoding="utf-8") as out:
        out.write(dumps(data))
    print(f"{args.output}: {len(data['spec']):,} spec cases and {len(data['corpus']):,} corpus cases "
          f"under {args.ruleset}, {data['digest']}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="dicespec",
        description="Executable rules for Kiriki, 10000 and their family (Yahtzee, Yatzy, Yacht, Farkle, Greed): "
                    "score rolls, list rulesets, play, solve, validate an implementation.",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=_Parser)

    def add_ruleset_options(sub: argparse.ArgumentParser) -> None:
        sub.add_argument("game", choices=sorted(game_names()), help="the game")
        group = sub.add_mutually_exclusive_group()
        group.add_argument("--ruleset", metavar="NAME", help="a shipped ruleset (see 'dicespec rulesets'); default: the game's reference")
        group.add_argument("--ruleset-file", metavar="PATH", help="a ruleset YAML file of your own")

    score = commands.add_parser(
        "score", help="what a roll scores",
        description="Kiriki: the roll's score in every row. 10000, Greed: every legal set-aside and the best one.",
        epilog="examples: dicespec score kiriki 66616   dicespec score ten-thousand 111556 --json",
    )
    add_ruleset_options(score)
    score.add_argument("dice", help="the dice as digits, e.g. 66616")
    score.add_argument("--json", action="store_true", help="print JSON instead of a table")
    score.set_defaults(run=_cmd_score)

    rulesets = commands.add_parser("rulesets", help="list the shipped rulesets",
                                   description="The shipped rulesets, each with a one-line description.")
    rulesets.add_argument("--game", choices=sorted(game_names()), help="only this game's rulesets")
    rulesets.add_argument("--json", action="store_true",
                          help="print the rulesets' rule values as one JSON object by name, extends resolved "
                               "(no sources, trace or gaps)")
    rulesets.set_defaults(run=_cmd_rulesets)

    play = commands.add_parser("play", help="play a game in the terminal",
                               description="A game in the terminal, on the reference engine. Type 'help' in the game.")
    add_ruleset_options(play)
    play.add_argument("--players", type=int, default=None,
                      help="number of players (default: the fewest the ruleset allows, 1 in most, 2 in Greed)")
    play.add_argument("--seed", type=int, default=None, help="seed of the dice, to replay a game")
    play.set_defaults(run=_cmd_play)

    solve = commands.add_parser(
        "solve", help="optimal play and its expected score",
        description="Kiriki, Yahtzee, Yatzy, Yacht: the optimal solitaire expected score; the state values are "
                    "cached (first solve: up to a minute). 10000, Greed: the turn that maximises expected points, its banking table, and "
                    "the chance of getting on the board in one turn.",
        epilog="examples: dicespec solve kiriki   dicespec solve kiriki --ruleset kiriki-fr   dicespec solve ten-thousand",
    )
    add_ruleset_options(solve)
    solve.set_defaults(run=_cmd_solve)

    conform = commands.add_parser(
        "conform", help="validate an implementation against the spec",
        description="Run every feature, the exhaustive corpus and replayed games against an implementation "
                    "(a command speaking the stdio protocol of docs/protocol.md, a Python object, or a plain "
                    "scoring function) and compare with the reference. Exit status 0 only when nothing failed "
                    "or errored.",
        epilog='examples: dicespec conform --impl "python -m dicespec.adapter"   '
               'dicespec conform --function yacht:score --ruleset yacht',
    )
    target = conform.add_mutually_exclusive_group(required=True)
    target.add_argument("--impl", metavar="CMD", help="the implementation's command (split like a shell line, run without a shell)")
    target.add_argument("--python", metavar="MOD:OBJ", help="a Python object with the interface's methods, called in process")
    target.add_argument("--function", metavar="MOD:FUNC",
                        help="a plain scoring function, FUNC(dice, category) or, for a set-aside game, FUNC(dice); "
                             "name its ruleset(s) with --ruleset")
    conform.add_argument("--categories", metavar="FILE",
                         help="with --function: a YAML file mapping each row id to the category the function takes "
                              "(default: the module's attribute named as the row id in upper case, else the row id)")
    conform.add_argument("--part", action="append", choices=("features", "exhaustive", "games"),
                         help="run only this part (repeatable; default: all three)")
    conform.add_argument("--ruleset", action="append", metavar="NAME", help="only cases under this ruleset (repeatable)")
    conform.add_argument("--select", metavar="GLOB",
                         help="only the cases whose id matches, e.g. 'kiriki-en-full-house-*' or 'kiriki/score/*/66666/*'")
    conform.add_argument("--games", type=int, default=defaults.GAMES_PER_RULESET, metavar="N",
                         help=f"replayed games per ruleset (default {defaults.GAMES_PER_RULESET})")
    conform.add_argument("--seed", type=int, default=defaults.SEED, help=f"seed of the replayed games (default {defaults.SEED})")
    conform.add_argument("--timeout", type=float, default=defaults.TIMEOUT, metavar="S",
                         help=f"seconds to answer one request (default {defaults.TIMEOUT:g})")
    conform.add_argument("--hello-timeout", type=float, default=defaults.HELLO_TIMEOUT, metavar="S",
                         help=f"seconds to answer hello (default {defaults.HELLO_TIMEOUT:g})")
    conform.add_argument("--max-restarts", type=int, default=defaults.MAX_RESTARTS, metavar="N",
                         help=f"restarts of a crashing implementation (default {defaults.MAX_RESTARTS})")
    conform.add_argument("--window", type=int, default=defaults.WINDOW, metavar="N",
                         help=f"requests in flight at once (default {defaults.WINDOW})")
    conform.add_argument("--time-limit", type=float, metavar="S", help="seconds for the corpus; the cases left are errored")
    conform.add_argument("--report", metavar="FILE", help="write every case's result as JSON lines")
    conform.add_argument("--junit", metavar="FILE", help="write a JUnit XML file")
    conform.add_argument("--track", metavar="FILE", help="compare with the last run tracked in FILE and show only what changed")
    conform.add_argument("--show", type=int, default=defaults.SHOW, metavar="N",
                         help=f"differing cases shown per kind (default {defaults.SHOW})")
    conform.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                         help="a progress line on stderr (default: when stderr is a terminal)")
    conform.set_defaults(run=_cmd_conform)

    diff = commands.add_parser(
        "diff", help="what changes between two rulesets",
        description="Every case of the exhaustive corpus (each roll in each row; each 10000 roll and set-aside) "
                    "and every case of the spec whose outcome differs between two rulesets of one game, "
                    "grouped and counted.",
        epilog="example: dicespec diff kiriki kiriki-fr",
    )
    diff.add_argument("before", metavar="RULESET_A", help="a shipped ruleset")
    diff.add_argument("after", metavar="RULESET_B", help="another shipped ruleset of the same game")
    diff.set_defaults(run=_cmd_diff)

    export = commands.add_parser(
        "export", help="a ruleset's cases as JSON test data, for any language",
        description="Write a ruleset's test data as one JSON file: every case of the spec that one call checks "
                    "(its id, the call, the expected answer, its source sentence and rule) and every case of the "
                    "exhaustive corpus, each with the reference's answer, and a digest. Its JSON Schema is "
                    "dicespec/schemas/export.json in the package; docs/protocol.md says how to use it.",
        epilog="example: dicespec export yacht -o yacht.json",
    )
    export.add_argument("ruleset", metavar="NAME", help="a shipped ruleset (see 'dicespec rulesets')")
    export.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")
    export.set_defaults(run=_cmd_export)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.run(args)  # the chosen command's _cmd_* function
        return code
    except (UsageError, DiceError, RulesetError, ValueError) as exc:
        print(f"dicespec: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
