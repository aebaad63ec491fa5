"""The ``dicespec check RULESET_FILE`` command: a ruleset file of your own, validated, and the
outcomes its ``expect`` block gives checked (:mod:`dicespec.rulesets.expect` does the work).

:func:`register` adds the command to the ``dicespec`` parser; ``python -m dicespec.check_command
FILE`` runs it alone. Exit status: 0 when every expectation holds, 1 when one fails, 2 when the
file cannot be used (one line on stderr, as every command refuses a ``--ruleset-file``).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from dicespec.ruleset_option import HELP, add_ruleset_file, usable_file
from dicespec.rulesets.expect import InvalidFile, Report, check_file

HOLDS, FAILS, INVALID = 0, 1, 2


def _as_json(path: str, report: Report | None, error: InvalidFile | None) -> dict[str, Any]:
    """``{"file", "valid", "error": null | {"line", "message"}, "errors": [{"line", "message"}],
    "ruleset", "game", "expectations", "failed", "failures": [{"line", "kind", "expected", "got",
    "message"}]}``: ``error`` is the first of the file's ``errors`` (a schema finds them all at once)."""
    problems = [] if error is None else [(error.line, error.message), *error.more]
    return {
        "file": path,
        "valid": error is None,
        "error": None if error is None else {"line": error.line, "message": error.message},
        "errors": [{"line": line, "message": message} for line, message in problems],
        "ruleset": None if report is None else report.ruleset,
        "game": None if report is None else report.game,
        "expectations": 0 if report is None else report.expectations,
        "failed": 0 if report is None else len(report.failures),
        "failures": []
        if report is None
        else [
            {"line": f.line, "kind": f.kind, "expected": f.expected, "got": f.got, "message": f.message}
            for f in report.failures
        ],
    }


def run(path: str, *, as_json: bool = False) -> int:
    """Check the file at ``path``, print what was found (one line per failed expectation and a
    summary, or one JSON object) and give the exit status. A file that cannot be used is
    refused as every command refuses a ``--ruleset-file`` (:mod:`dicespec.ruleset_option`): one
    line on stderr, nothing on stdout (with ``as_json``, the JSON object says it)."""
    try:
        usable_file(path)  # refused as every command refuses it
        report: Report | None = check_file(path)
        error = None
    except InvalidFile as exc:
        report, error = None, exc
    if as_json:
        print(json.dumps(_as_json(path, report, error), indent=2, ensure_ascii=False))
    elif error is not None:
        print("\n".join(f"dicespec: error: {line}" for line in str(error).splitlines()), file=sys.stderr)
    else:
        assert report is not None
        for failure in report.failures:
            print(f"{path}:{failure.line}: {failure.message}" if failure.line else f"{path}: {failure.message}")
        print(report.summary())
    if error is not None:
        return INVALID
    assert report is not None
    return HOLDS if report.holds else FAILS


def _cmd_check(args: argparse.Namespace) -> int:
    return run(args.file if args.ruleset_file is None else args.ruleset_file, as_json=args.json)


def register(commands: argparse._SubParsersAction[Any]) -> argparse.ArgumentParser:
    """Add the ``check`` command to the subcommands of the ``dicespec`` parser; its parser."""
    check: argparse.ArgumentParser = commands.add_parser(
        "check",
        help="validate a ruleset file and check the outcomes it expects",
        description="Load a ruleset file of your own (it may 'extends:' a shipped ruleset) and validate it, then "
        "check every outcome its 'expect:' block gives: rolls (score-sheet: the dice, a row and the "
        "score there; set-aside: the dice and their best, or dice set aside and their points) and "
        "replayed games (actions in the replay notation and each player's total). Prints one line "
        "per expectation that fails, naming its line in the file, and a summary. Exit status 0 when "
        "all hold, 1 when one fails, 2 when the file cannot be used (the line is named where it can be).",
        epilog="examples: dicespec check house.yaml   dicespec check --ruleset-file house.yaml",
    )
    given = check.add_mutually_exclusive_group(required=True)
    given.add_argument(
        "file",
        metavar="RULESET_FILE",
        nargs="?",
        help="a ruleset YAML file, with its expected outcomes under 'expect:'",
    )
    add_ruleset_file(given, help=f"{HELP}: the same as RULESET_FILE")
    check.add_argument("--json", action="store_true", help="print the result as one JSON object")
    check.set_defaults(run=_cmd_check)
    return check


def main(argv: Sequence[str] | None = None) -> int:
    """``dicespec check`` alone: ``python -m dicespec.check_command house.yaml [--json]``."""
    parser = argparse.ArgumentParser(prog="dicespec")
    register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["check", *(sys.argv[1:] if argv is None else argv)])
    status: int = args.run(args)
    return status


if __name__ == "__main__":
    sys.exit(main())
