"""The ``dicespec`` command: argument parsing only; the work is done by the library."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NoReturn

from dicespec.conformance.containment import defaults
from dicespec.dice import DiceError, Roll
from dicespec.identify.sheet_fit import SHARE
from dicespec.progress import wanted
from dicespec.registry import game, game_names
from dicespec.ruleset_option import HELP, add_ruleset_file, ruleset_file
from dicespec.rulesets import (
    Ruleset,
    RulesetError,
    find_ruleset,
    is_ruleset_name,
    published,
    ruleset_data,
    ruleset_names,
)

if TYPE_CHECKING:
    from dicespec.regression.sides import Side


class UsageError(Exception):
    """Bad input on the command line: reported in one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage mistake is one line on stderr (the usage is in --help)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")


def _ruleset(name_of_game: str, name: str | None, path: str | None) -> Ruleset:
    if path is not None:  # declared: found by its name from now on, as a shipped one is
        return find_ruleset(ruleset_file(path, game=name_of_game).name)
    ruleset = find_ruleset(name or game(name_of_game).default_ruleset)
    if ruleset.game != name_of_game:
        raise UsageError(f"ruleset {ruleset.name!r} is for {ruleset.game}, not {name_of_game}")
    return ruleset


def _cmd_score(args: argparse.Namespace) -> int:
    ruleset = _ruleset(args.game, args.ruleset, args.ruleset_file)
    roll = Roll.parse(args.dice)  # the engine checks the number of dice its game takes
    from dicespec.terminal import front_end

    terminal = front_end(game(args.game))
    print(terminal.score_report(ruleset, roll, as_json=args.json))
    return 0


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


def _cmd_play(args: argparse.Namespace) -> int:
    ruleset = _ruleset(args.game, args.ruleset, args.ruleset_file)
    from dicespec.terminal import front_end

    terminal = front_end(game(args.game))
    players = ruleset.min_players if args.players is None else args.players
    status: int = terminal.play(ruleset, players, args.seed)
    return status


def _cmd_replay(args: argparse.Namespace) -> int:
    from dicespec.replay_file import play_back, read_replay, refusal, report

    if args.ruleset_file is not None:
        ruleset_file(args.ruleset_file)  # declared: the replay's 'ruleset:' line finds it by its name
    file = read_replay(args.file)  # a bad file: one line, status 2
    result = play_back(file)
    refused = refusal(file, result)
    if refused is not None:
        print(f"dicespec: {refused}", file=sys.stderr)
        return 1
    print(report(file, result))
    return 0


def _cmd_solve(args: argparse.Namespace) -> int:
    ruleset = _ruleset(args.game, args.ruleset, args.ruleset_file)
    from dicespec.progress import ProgressLine
    from dicespec.solver import report

    print(report(ruleset, ProgressLine(f"solving {ruleset.name}")))
    return 0


def _cmd_conform(args: argparse.Namespace) -> int:
    from pathlib import Path

    from dicespec.conformance.containment.processes import marked_run, termination_as_interrupt
    from dicespec.conformance.run.runner import conform_and_report, parse_parts
    from dicespec.conformance.run.target import Options, Target
    from dicespec.rulesets import load_ruleset, ruleset_names

    files = [load_ruleset(path) for path in args.ruleset_file or ()]  # a file that cannot be used: one line, here
    unknown = [name for name in args.ruleset or () if name not in ruleset_names()]
    if unknown and (args.function or (not args.ruleset_file and not args.impl and not args.python)):
        raise UsageError(f"unknown ruleset {unknown[0]!r}; shipped rulesets: {', '.join(ruleset_names())}")
    if args.function and files:
        raise UsageError("--ruleset-file goes with --impl or --python: a score function plays shipped rulesets")
    if args.categories and not args.function:
        raise UsageError("--categories goes with --function")
    if args.function:
        from dicespec.conformance.run.function import FunctionSpecError, function_implementation

        target = Target(function=args.function, rulesets=tuple(args.ruleset or ()), categories=args.categories)
        try:  # its problems, before any run (in a worker, the worker finds them: its code is not run here)
            if args.in_process:
                function_implementation(args.function, target.rulesets, args.categories)
        except FunctionSpecError as exc:
            raise UsageError(str(exc)) from None
    else:
        target = Target(python=args.python) if args.python else Target.from_command_line(args.impl)
    options = Options(
        parts=parse_parts(args.part),
        rulesets=tuple(args.ruleset) if args.ruleset else None,
        select=args.select,
        games=args.games,
        seed=args.seed,
        timeout=args.timeout,
        hello_timeout=args.hello_timeout,
        max_restarts=args.max_restarts,
        window=args.window,
        time_limit=args.time_limit,
        progress=wanted(args.progress),
        ruleset_files=tuple(args.ruleset_file or ()),
        **_containment(args),
    )
    # a killed run still ends what it started, and what its parts failed to end
    with termination_as_interrupt(), marked_run(grace=options.grace):
        status, text = conform_and_report(
            target,
            options,
            show=args.show,
            report=Path(args.report) if args.report else None,
            junit=Path(args.junit) if args.junit else None,
            track=Path(args.track) if args.track else None,
        )
    print(text)
    return status


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
    if args.name is not None and (args.name in ruleset_names() or not is_ruleset_name(args.name)):
        raise UsageError(f"--name {args.name!r}: a name of its own, in lowercase words and -, not a shipped ruleset's")
    if not 0 < args.share <= 1:
        raise UsageError(f"--share {args.share:g}: a share is above 0 and at most 1")
    if args.in_process and args.impl:
        raise UsageError("--in-process goes with --python or --function")
    if args.categories and not args.function:
        raise UsageError("--categories goes with --function")
    if args.function:
        if args.ruleset is None:
            raise UsageError("--function needs --ruleset NAME: a scoring function is asked under the ruleset you name")
        from dicespec.conformance.run.function import FunctionSpecError, function_implementation

        target = Target(function=args.function, rulesets=(args.ruleset,), categories=args.categories)
        try:  # its problems, before any question
            function_implementation(args.function, target.rulesets, args.categories)
        except FunctionSpecError as exc:
            raise UsageError(str(exc)) from None
    else:
        target = Target(python=args.python) if args.python else Target.from_command_line(args.impl)
    options = Options(timeout=args.timeout, progress=wanted(args.progress), in_process=args.in_process)
    try:
        found = identify(
            target,
            options,
            name_of_game=args.game,
            asked=asked,
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


def _containment(args: argparse.Namespace) -> dict[str, Any]:
    """The conform options that contain the implementation: limits, sandbox, in process."""
    from dicespec.conformance.containment.limits import Limits, parse_count, parse_size

    if args.in_process and args.impl:
        raise UsageError("--in-process goes with --python or --function")
    if args.sandbox:
        from dicespec.conformance.containment.sandbox import unusable

        if args.in_process:
            raise UsageError("--sandbox cannot hold code run --in-process")
        why = unusable()
        if why:
            raise UsageError(f"--sandbox: {why}")
    try:
        limits = Limits(parse_size(args.max_memory), parse_count(args.max_cpu), parse_count(args.max_processes))
    except ValueError as exc:
        raise UsageError(f"a limit: {exc}") from None
    return {
        "limits": limits,
        "sandbox": args.sandbox,
        "in_process": args.in_process,
        "max_line": args.max_line,
        "grace": args.grace,
    }


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


def _cmd_export(args: argparse.Namespace) -> int:
    try:
        from dicespec.export import LeftOut, based_on, dumps, export
    except ImportError as exc:  # the spec's reader (gherkin, parse) comes with the 'test' extra
        raise UsageError(
            f"export reads the spec's features, which needs {exc.name or 'a package'}: install dicespec[test]"
        ) from None

    if args.ruleset_file is not None:
        own = ruleset_file(args.ruleset_file)  # declared: the export finds it by its name
        name, origin, rules = own.name, own.origin, own.describe()
    elif args.ruleset in ruleset_names():
        name = origin = rules = args.ruleset
    else:
        raise UsageError(f"unknown ruleset {args.ruleset!r}; shipped rulesets: {', '.join(ruleset_names())}")
    left_out: list[LeftOut] = []
    data = export(name, left_out=left_out)
    if left_out:
        count = f"{len(left_out):,} spec case{'s' if len(left_out) > 1 else ''}"
        print(f"{count} of {based_on(name)} left out: their outcome differs under {origin}", file=sys.stderr)
    if args.output is None:
        try:
            sys.stdout.write(dumps(data))
            sys.stdout.flush()
        except BrokenPipeError:  # a reader that stopped early (| head): the rest is not wanted
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    try:
        with open(args.output, "w", encoding="utf-8") as out:
            out.write(dumps(data))
    except OSError as exc:
        raise UsageError(f"-o {args.output}: cannot write the file ({exc.strerror})") from None
    print(
        f"{args.output}: {len(data['spec']):,} spec cases and {len(data['corpus']):,} corpus cases "
        f"under {rules}, {data['digest']}"
    )
    return 0


def _add_progress(sub: argparse.ArgumentParser) -> None:
    sub.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="a progress line on stderr (default: when stderr is a terminal)",
    )


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
        group.add_argument(
            "--ruleset",
            metavar="NAME",
            help="a shipped ruleset (see 'dicespec rulesets'); default: the game's reference",
        )
        add_ruleset_file(group)

    score = commands.add_parser(
        "score",
        help="what a roll scores",
        description="Kiriki: the roll's score in every row. 10000, Greed: every legal set-aside and the best one.",
        epilog="examples: dicespec score kiriki 66616   dicespec score ten-thousand 111556 --json",
    )
    add_ruleset_options(score)
    score.add_argument("dice", help="the dice as digits, e.g. 66616")
    score.add_argument("--json", action="store_true", help="print JSON instead of a table")
    score.set_defaults(run=_cmd_score)

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

    play = commands.add_parser(
        "play",
        help="play a game in the terminal",
        description="A game in the terminal, on the reference engine. Type 'help' in the game.",
    )
    add_ruleset_options(play)
    play.add_argument(
        "--players",
        type=int,
        default=None,
        help="number of players (default: the fewest the ruleset allows, 1 in most, 2 in Greed)",
    )
    play.add_argument("--seed", type=int, default=None, help="seed of the dice, to replay a game")
    play.set_defaults(run=_cmd_play)

    replayed = commands.add_parser(
        "replay",
        help="play back a replay file (a game saved from the website) and print its final sheet",
        description="Read a replay file, as a game page of the rules website downloads it: a first line "
        "'# dicespec replay', the header lines 'ruleset: NAME' and 'players: N' (and, optionally, 'seed: HEX'), "
        "then one action a line in the game's replay notation ('roll 12345', 'reroll 1,2=66', 'score chance', "
        "'end'; 'roll 111556', 'set 1115', 'bank'). Each action is played by the reference engine; the final "
        "sheet or scores are printed. An action the rules refuse stops the replay: one line names its line, "
        "the action and the rules' code, and the exit status is 1; a file that cannot be read is one line "
        "and status 2. A game played under a ruleset of one's own (a house report's game) is played back "
        "with its ruleset file: --ruleset-file PATH, the file whose name the 'ruleset:' line gives.",
        epilog="examples: dicespec replay yahtzee-1a2b3c4d.replay   "
        "dicespec replay --ruleset-file house.yaml house-1a2b3c4d.replay",
    )
    replayed.add_argument("file", metavar="FILE", help="a replay file")
    add_ruleset_file(replayed, help=f"{HELP}: the ruleset the replay's 'ruleset:' line names")
    replayed.set_defaults(run=_cmd_replay)

    solve = commands.add_parser(
        "solve",
        help="optimal play and its expected score",
        description="Kiriki, Yahtzee, Yatzy, Yacht, Generala: the optimal solitaire expected score (Generala's: "
        "of a game played out in full, with the exact chance of a win at once), its exact standard deviation and the "
        "chance of each sheet-level event (the upper bonus, five of a kind, a repeat) under that play; the state "
        "values and the spread are cached (first solve: seconds, up to a minute). "
        "10000, Greed: the turn that maximises expected points, its banking table, and "
        "the chance of getting on the board in one turn.",
        epilog="examples: dicespec solve kiriki   dicespec solve kiriki --ruleset kiriki-fr   "
        "dicespec solve ten-thousand",
    )
    add_ruleset_options(solve)
    solve.set_defaults(run=_cmd_solve)

    conform = commands.add_parser(
        "conform",
        help="validate an implementation against the spec",
        description="Run every feature, the exhaustive corpus and replayed games against an implementation "
        "(a command speaking the stdio protocol of docs/protocol.md, a Python object, or a plain "
        "scoring function) and compare with the reference. Exit status 0 only when nothing failed "
        "or errored.",
        epilog='examples: dicespec conform --impl "python -m dicespec.adapter"   '
        "dicespec conform --function yacht:score --ruleset yacht",
    )
    target = conform.add_mutually_exclusive_group(required=True)
    target.add_argument(
        "--impl", metavar="CMD", help="the implementation's command (split like a shell line, run without a shell)"
    )
    target.add_argument(
        "--python", metavar="MOD:OBJ", help="a Python object with the interface's methods (run in a worker process)"
    )
    target.add_argument(
        "--function",
        metavar="MOD:FUNC",
        help="a plain scoring function, FUNC(dice, category) or, for a set-aside game, FUNC(dice); "
        "name its ruleset(s) with --ruleset",
    )
    conform.add_argument(
        "--categories",
        metavar="FILE",
        help="with --function: a YAML file mapping each row id to the category the function takes "
        "(default: the module's attribute named as the row id in upper case, else the row id)",
    )
    conform.add_argument(
        "--part",
        action="append",
        choices=("features", "exhaustive", "games"),
        help="run only this part (repeatable; default: all three)",
    )
    conform.add_argument(
        "--ruleset",
        action="append",
        metavar="NAME",
        help="only cases under this ruleset (repeatable): a shipped one, or rules of one's own by their name",
    )
    conform.add_argument(
        "--ruleset-file",
        action="append",
        metavar="PATH",
        help="also check under this ruleset file of your own (repeatable; it may 'extends:' a shipped ruleset): "
        "hello hands it to the implementation, which plays it if it declares its name",
    )
    conform.add_argument(
        "--select",
        metavar="GLOB",
        help="only the cases whose id matches, e.g. 'kiriki-en-full-house-*' or 'kiriki/score/*/66666/*'",
    )
    conform.add_argument(
        "--games",
        type=int,
        default=defaults.GAMES_PER_RULESET,
        metavar="N",
        help=f"replayed games per ruleset (default {defaults.GAMES_PER_RULESET})",
    )
    conform.add_argument(
        "--seed", type=int, default=defaults.SEED, help=f"seed of the replayed games (default {defaults.SEED})"
    )
    conform.add_argument(
        "--timeout",
        type=float,
        default=defaults.TIMEOUT,
        metavar="S",
        help=f"seconds to answer one request (default {defaults.TIMEOUT:g})",
    )
    conform.add_argument(
        "--hello-timeout",
        type=float,
        default=defaults.HELLO_TIMEOUT,
        metavar="S",
        help=f"seconds to answer hello (default {defaults.HELLO_TIMEOUT:g})",
    )
    conform.add_argument(
        "--max-restarts",
        type=int,
        default=defaults.MAX_RESTARTS,
        metavar="N",
        help=f"restarts of a crashing implementation (default {defaults.MAX_RESTARTS})",
    )
    conform.add_argument(
        "--window",
        type=int,
        default=defaults.WINDOW,
        metavar="N",
        help=f"requests in flight at once (default {defaults.WINDOW})",
    )
    conform.add_argument(
        "--time-limit", type=float, metavar="S", help="seconds for the corpus; the cases left are errored"
    )
    contain = conform.add_argument_group("containment", "what the implementation may do (see docs/protocol.md)")
    contain.add_argument(
        "--max-line",
        type=int,
        default=defaults.MAX_LINE,
        metavar="BYTES",
        help=f"bytes of one reply line; a longer one errors (default {defaults.MAX_LINE}, 1 MiB)",
    )
    contain.add_argument(
        "--max-memory",
        default=f"{defaults.MAX_MEMORY >> 30}G",
        metavar="SIZE",
        help=f"address space of each of its processes, e.g. 512M (default {defaults.MAX_MEMORY >> 30}G; "
        "none: no limit)",
    )
    contain.add_argument(
        "--max-cpu",
        default=str(defaults.MAX_CPU),
        metavar="S",
        help=f"CPU seconds of each of its processes (default {defaults.MAX_CPU}; none: no limit)",
    )
    contain.add_argument(
        "--max-processes",
        default=str(defaults.MAX_PROCESSES),
        metavar="N",
        help=f"processes it may run at once (default {defaults.MAX_PROCESSES}; none: no limit)",
    )
    contain.add_argument(
        "--grace",
        type=float,
        default=defaults.GRACE,
        metavar="S",
        help=f"seconds it has to end, politely asked, before it is killed (default {defaults.GRACE:g})",
    )
    contain.add_argument(
        "--sandbox",
        action="store_true",
        help="run it in a bubblewrap sandbox (bwrap): no network, a read-only filesystem but for a "
        "temporary folder, no home folder",
    )
    contain.add_argument(
        "--in-process",
        action="store_true",
        help="call --python or --function code in the runner's own process: faster, but it trusts "
        "the code (a crash or sys.exit ends the run)",
    )
    conform.add_argument("--report", metavar="FILE", help="write every case's result as JSON lines")
    conform.add_argument("--junit", metavar="FILE", help="write a JUnit XML file")
    conform.add_argument(
        "--track", metavar="FILE", help="compare with the last run tracked in FILE and show only what changed"
    )
    conform.add_argument(
        "--show",
        type=int,
        default=defaults.SHOW,
        metavar="N",
        help=f"differing cases shown per kind (default {defaults.SHOW})",
    )
    _add_progress(conform)
    conform.set_defaults(run=_cmd_conform)

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
    ident.add_argument(
        "--no-conform", action="store_true", help="skip the closing conform run under the identified rules"
    )
    _add_progress(ident)
    ident.set_defaults(run=_cmd_identify)

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

    export = commands.add_parser(
        "export",
        help="a ruleset's cases as JSON test data, for any language",
        description="Write a ruleset's test data as one JSON file: every case of the spec that one call checks "
        "(its id, the call, the expected answer, its source sentence and rule) and every case of the "
        "exhaustive corpus, each with the reference's answer, and a digest. Its JSON Schema is "
        "dicespec/schemas/export.json in the package; docs/protocol.md says how to use it.",
        epilog="examples: dicespec export yacht -o yacht.json   "
        "dicespec export --ruleset-file house.yaml -o house.json",
    )
    exported = export.add_mutually_exclusive_group(required=True)
    exported.add_argument("ruleset", metavar="NAME", nargs="?", help="a shipped ruleset (see 'dicespec rulesets')")
    add_ruleset_file(
        exported,
        help=f"{HELP}, instead of NAME: its spec cases are those of the ruleset it extends (or its game's "
        "reference) whose answer it does not change; how many it leaves out is said on stderr",
    )
    export.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")
    export.set_defaults(run=_cmd_export)

    from dicespec.check_command import register as add_check  # house rules: a file's own expected outcomes
    from dicespec.report import register as add_report  # house rules: a page to open or share

    add_report(commands)
    add_check(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.run(args)  # the chosen command's _cmd_* function
        return code
    except (UsageError, DiceError, RulesetError, ValueError) as exc:
        print("\n".join(f"dicespec: error: {line}" for line in str(exc).splitlines()), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
