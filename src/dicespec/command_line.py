"""What the commands of ``dicespec`` share: the usage error, the game and ruleset a command is
about, and the progress line's option.

Each command's arguments and its code stand where its work is done (``dicespec score`` and
``play`` in :mod:`dicespec.terminal.cli`, ``conform`` in :mod:`dicespec.conformance.run.cli`, …),
each in a ``register(commands)`` function that adds it to the subcommands of the ``dicespec``
parser; :mod:`dicespec.cli` holds that parser and the order of its commands.
"""

from __future__ import annotations

import argparse

from dicespec.registry import game, game_names
from dicespec.ruleset_option import add_ruleset_file, ruleset_file
from dicespec.rulesets import Ruleset, find_ruleset

__all__ = ["UsageError", "add_game_and_ruleset", "add_progress", "chosen_ruleset"]


class UsageError(Exception):
    """Bad input on the command line: reported in one line, exit status 2."""


def add_game_and_ruleset(sub: argparse.ArgumentParser) -> None:
    """``GAME [--ruleset NAME | --ruleset-file PATH]``, as ``score``, ``play`` and ``solve`` take them."""
    sub.add_argument("game", choices=sorted(game_names()), help="the game")
    group = sub.add_mutually_exclusive_group()
    group.add_argument(
        "--ruleset",
        metavar="NAME",
        help="a shipped ruleset (see 'dicespec rulesets'); default: the game's reference",
    )
    add_ruleset_file(group)


def chosen_ruleset(name_of_game: str, name: str | None, path: str | None) -> Ruleset:
    """The ruleset :func:`add_game_and_ruleset`'s options name: the file's, declared for the run;
    the shipped one named, which must be of the game; or the game's reference."""
    if path is not None:  # declared: found by its name from now on, as a shipped one is
        return find_ruleset(ruleset_file(path, game=name_of_game).name)
    ruleset = find_ruleset(name or game(name_of_game).default_ruleset)
    if ruleset.game != name_of_game:
        raise UsageError(f"ruleset {ruleset.name!r} is for {ruleset.game}, not {name_of_game}")
    return ruleset


def add_progress(sub: argparse.ArgumentParser) -> None:
    """``--progress`` / ``--no-progress``: a progress line on stderr (``args.progress``: ``None`` unless given)."""
    sub.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="a progress line on stderr (default: when stderr is a terminal)",
    )
