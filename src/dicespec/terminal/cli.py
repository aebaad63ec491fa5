"""``dicespec score`` and ``dicespec play``: the score of a roll, and a game, in the terminal, by
the front end of the game's family (:func:`dicespec.terminal.front_end`)."""

from __future__ import annotations

import argparse
from typing import Any

from dicespec.command_line import add_game_and_ruleset, chosen_ruleset
from dicespec.dice import Roll
from dicespec.registry import game


def _cmd_score(args: argparse.Namespace) -> int:
    ruleset = chosen_ruleset(args.game, args.ruleset, args.ruleset_file)
    roll = Roll.parse(args.dice)  # the engine checks the number of dice its game takes
    from dicespec.terminal import front_end

    terminal = front_end(game(args.game))
    print(terminal.score_report(ruleset, roll, as_json=args.json))
    return 0


def _cmd_play(args: argparse.Namespace) -> int:
    ruleset = chosen_ruleset(args.game, args.ruleset, args.ruleset_file)
    from dicespec.terminal import front_end

    terminal = front_end(game(args.game))
    players = ruleset.min_players if args.players is None else args.players
    status: int = terminal.play(ruleset, players, args.seed)
    return status


def register_score(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``dicespec score`` to the subcommands of the ``dicespec`` parser."""
    score = commands.add_parser(
        "score",
        help="what a roll scores",
        description="Kiriki: the roll's score in every row. 10000, Greed: every legal set-aside and the best one.",
        epilog="examples: dicespec score kiriki 66616   dicespec score ten-thousand 111556 --json",
    )
    add_game_and_ruleset(score)
    score.add_argument("dice", help="the dice as digits, e.g. 66616")
    score.add_argument("--json", action="store_true", help="print JSON instead of a table")
    score.set_defaults(run=_cmd_score)


def register_play(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``dicespec play`` to the subcommands of the ``dicespec`` parser."""
    play = commands.add_parser(
        "play",
        help="play a game in the terminal",
        description="A game in the terminal, on the reference engine. Type 'help' in the game.",
    )
    add_game_and_ruleset(play)
    play.add_argument(
        "--players",
        type=int,
        default=None,
        help="number of players (default: the fewest the ruleset allows, 1 in most, 2 in Greed)",
    )
    play.add_argument("--seed", type=int, default=None, help="seed of the dice, to replay a game")
    play.set_defaults(run=_cmd_play)
