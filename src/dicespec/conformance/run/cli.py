"""``dicespec conform``: the command line of a conformance run (:mod:`dicespec.conformance.run.runner`):
what is run, against what, under which rulesets, and how the implementation is contained."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from dicespec.command_line import UsageError, add_progress
from dicespec.conformance.containment import defaults
from dicespec.progress import wanted

if TYPE_CHECKING:
    from dicespec.conformance.containment.limits import Limits


def _cmd_conform(args: argparse.Namespace) -> int:
    from pathlib import Path

    from dicespec.conformance.containment.processes import marked_run, termination_as_interrupt
    from dicespec.conformance.run.runner import conform_and_report, parse_parts
    from dicespec.conformance.run.target import Options, Target
    from dicespec.rulesets import load_ruleset, ruleset_names

    files = [load_ruleset(path) for path in args.ruleset_file or ()]  # a file that cannot be used: one line, here
    chosen = _asked_as(args, files)
    unknown = [name for name in args.ruleset or () if name not in ruleset_names() and not args.ask_as]
    if unknown and (args.function or (not args.ruleset_file and not args.impl and not args.python)):
        raise UsageError(f"unknown ruleset {unknown[0]!r}; shipped rulesets: {', '.join(ruleset_names())}")
    if args.function and files and not args.ask_as:
        raise UsageError(
            "--ruleset-file goes with --impl or --python: a score function plays shipped rulesets "
            "(--ask-as NAME holds it to the file's rules under NAME)"
        )
    if args.categories and not args.function:
        raise UsageError("--categories goes with --function")
    if args.function:
        from dicespec.conformance.run.function import FunctionSpecError, function_implementation

        scores = (args.ask_as,) if args.ask_as else tuple(args.ruleset or ())
        target = Target(function=args.function, rulesets=scores, categories=args.categories)
        try:  # its problems, before any run (in a worker, the worker finds them: its code is not run here)
            if args.in_process:
                function_implementation(args.function, target.rulesets, args.categories)
        except FunctionSpecError as exc:
            raise UsageError(str(exc)) from None
    else:
        target = Target(python=args.python) if args.python else Target.from_command_line(args.impl)
    options = Options(
        parts=parse_parts(args.part),
        rulesets=chosen,
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
        strict_refusals=args.strict_refusals,
        ask_as=args.ask_as,
        model_rulesets=not args.no_model_rulesets,
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


def _asked_as(args: argparse.Namespace, files: list[Any]) -> tuple[str, ...] | None:
    """The rulesets the run is about (``None``: every one); with ``--ask-as``, the one file's rules
    alone, checked here: one file, a name that is a ruleset's, of the file's game."""
    if not args.ask_as:
        return tuple(args.ruleset) if args.ruleset else None
    from dicespec.rulesets import find_ruleset, ruleset_names

    if len(files) != 1:
        raise UsageError(f"--ask-as {args.ask_as} goes with one --ruleset-file: the rules it is held to")
    rules = files[0]
    others = [name for name in args.ruleset or () if name != rules.name]
    if others:
        raise UsageError(f"--ask-as: the run is under the rules of {args.ruleset_file[0]} alone, not {others[0]!r}")
    if args.ask_as in ruleset_names() and find_ruleset(args.ask_as).game != rules.game:
        raise UsageError(
            f"--ask-as {args.ask_as}: a ruleset of {find_ruleset(args.ask_as).game}, not of {rules.game} "
            f"as {args.ruleset_file[0]} is"
        )
    return (rules.name,)


def _containment(args: argparse.Namespace) -> dict[str, Any]:
    """The conform options that contain the implementation: limits, sandbox, in process."""
    if args.in_process and args.impl:
        raise UsageError("--in-process goes with --python or --function")
    if args.sandbox:
        from dicespec.conformance.containment.sandbox import unusable

        if args.in_process:
            raise UsageError("--sandbox cannot hold code run --in-process")
        why = unusable()
        if why:
            raise UsageError(f"--sandbox: {why}")
    return {
        "limits": limits_of(args),
        "sandbox": args.sandbox,
        "in_process": args.in_process,
        "max_line": args.max_line,
        "grace": args.grace,
    }


def limits_of(args: argparse.Namespace) -> Limits:
    """The limits :func:`add_limits`'s options set; a limit that is no size or count is a usage error."""
    from dicespec.conformance.containment.limits import Limits, parse_count, parse_size

    try:
        return Limits(parse_size(args.max_memory), parse_count(args.max_cpu), parse_count(args.max_processes))
    except ValueError as exc:
        raise UsageError(f"a limit: {exc}") from None


def add_limits(group: argparse._ArgumentGroup) -> None:
    """The limits of the implementation's processes, as conform and identify take them:
    ``--max-memory``, ``--max-cpu``, ``--max-processes``."""
    group.add_argument(
        "--max-memory",
        default=f"{defaults.MAX_MEMORY >> 30}G",
        metavar="SIZE",
        help=f"memory its processes may hold together, e.g. 512M (default {defaults.MAX_MEMORY >> 30}G; none: no "
        "limit); where that cannot be measured (no /proc), the address space of each instead",
    )
    group.add_argument(
        "--max-cpu",
        default=str(defaults.MAX_CPU),
        metavar="S",
        help=f"CPU seconds of each of its processes (default {defaults.MAX_CPU}; none: no limit)",
    )
    group.add_argument(
        "--max-processes",
        default=str(defaults.MAX_PROCESSES),
        metavar="N",
        help=f"processes it may run at once (default {defaults.MAX_PROCESSES}; none: no limit)",
    )


def register(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``dicespec conform`` to the subcommands of the ``dicespec`` parser."""
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
        "--ask-as",
        metavar="NAME",
        help="with one --ruleset-file: ask the implementation under NAME, the ruleset it declares (an engine "
        "that plays one set of rules under one name), and expect the file's rules; the run is under the file's "
        "rules alone",
    )
    conform.add_argument(
        "--no-model-rulesets",
        action="store_true",
        help="a run that names no ruleset hands the implementation the model's rulesets too (rules no game's "
        "ruleset uses: four of a kind exactly, a penalty's floor, …) and runs those it plays; this leaves them out",
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
    conform.add_argument(
        "--strict-refusals",
        action="store_true",
        help="fail an action refused with another code than the reference's even where the rules refuse it for "
        "that reason too (by default such a refusal passes, counted apart: its checks are in another order)",
    )
    contain = conform.add_argument_group("containment", "what the implementation may do (see docs/protocol.md)")
    contain.add_argument(
        "--max-line",
        type=int,
        default=defaults.MAX_LINE,
        metavar="BYTES",
        help=f"bytes of one reply line; a longer one errors (default {defaults.MAX_LINE}, 1 MiB)",
    )
    add_limits(contain)
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
    add_progress(conform)
    conform.set_defaults(run=_cmd_conform)
