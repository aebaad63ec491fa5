"""The ``dicespec`` command: its parser and the order of its commands. Each command adds its own
arguments and its code where its work is done (a ``register`` function each: the terminal's
``score`` and ``play``, :mod:`dicespec.conformance.run.cli`'s ``conform``, …), and the library does
the work; what they share is :mod:`dicespec.command_line`."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from dicespec import check_command, export_command, replay_file, report, rulesets_command, solve_command
from dicespec.command_line import UsageError
from dicespec.conformance.run import cli as conform_command
from dicespec.dice import DiceError
from dicespec.identify import cli as identify_command
from dicespec.registry import games
from dicespec.regression import cli as diff_command
from dicespec.rulesets import RulesetError
from dicespec.terminal import cli as terminal_commands

COMMANDS: tuple[Callable[[argparse._SubParsersAction[Any]], Any], ...] = (
    terminal_commands.register_score,
    rulesets_command.register,
    terminal_commands.register_play,
    replay_file.register,
    solve_command.register,
    conform_command.register,
    identify_command.register,
    diff_command.register,
    export_command.register,
    report.register,  # house rules: a page to open or share
    check_command.register,  # house rules: a file's own expected outcomes
)
"""Each command's ``register``, in the order ``dicespec --help`` lists them."""


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage mistake is one line on stderr (the usage is in --help)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")


def description() -> str:
    """What ``dicespec --help`` says first: the games, by the registry's titles."""
    titles = [found.title for found in games()]
    named = ", ".join(titles[:-1]) + f" and {titles[-1]}" if len(titles) > 1 else titles[0]
    return f"Executable rules for {named}: score rolls, list rulesets, play, solve, validate an implementation."


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="dicespec", description=description())
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=_Parser)
    for register in COMMANDS:
        register(commands)
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
    except BrokenPipeError:  # the reader stopped reading (| head): nothing more is wanted
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # nor at exit, when Python flushes
        return 0


if __name__ == "__main__":
    sys.exit(main())
