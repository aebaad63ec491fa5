"""``dicespec export``: a ruleset's test data as one JSON file (:mod:`dicespec.export`), to standard
output or a file; with ``--ruleset-file``, the data of rules of one's own."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from dicespec.command_line import UsageError
from dicespec.ruleset_option import HELP, add_ruleset_file, ruleset_file
from dicespec.rulesets import ruleset_names


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


def register(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``dicespec export`` to the subcommands of the ``dicespec`` parser."""
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
