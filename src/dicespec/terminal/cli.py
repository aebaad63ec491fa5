"""``dicespec score`` and ``dicespec play``: the score of a roll, and a game, in the terminal, by
the front end of the game's family (:func:`dicespec.terminal.front_end`)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from dicespec.command_line import UsageError, add_game_and_ruleset, chosen_ruleset
from dicespec.dice import Roll
from dicespec.errors import UnsupportedRulesetError
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
    seats = sorted(set(args.computer or ()))
    players = max([ruleset.min_players, *seats]) if args.players is None else args.players
    outside = [seat for seat in seats if not 1 <= seat <= players]
    if outside:
        raise UsageError(f"--computer {outside[0]}: the seats of {players} player(s) are 1 to {players}")
    pause = 0.6 if sys.stdout.isatty() else 0.0  # a pace a person can follow; none into a file or pipe
    try:
        status: int = terminal.play(ruleset, players, args.seed, computer=[seat - 1 for seat in seats], pause=pause)
    except UnsupportedRulesetError as exc:  # raised before the game starts
        raise UsageError(f"the computer cannot play {ruleset.name}: {exc}") from exc
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
        description="A game in the terminal, on the reference engine, alone, with others or against the computer. "
        "Type 'help' in the game.",
        epilog="examples: dicespec play kiriki   dicespec play greed --computer 2   "
        "dicespec play ten-thousand --players 3 --computer 2 --computer 3",
    )
    add_game_and_ruleset(play)
    play.add_argument(
        "--players",
        type=int,
        default=None,
        help="number of players (default: the fewest the ruleset allows, 1 in most, 2 in Greed)",
    )
    play.add_argument("--seed", type=int, default=None, help="seed of the dice, to replay a game")
    play.add_argument(
        "--computer",
        type=int,
        action="append",
        metavar="SEAT",
        help="a seat the computer plays (1 is the first player; give it again for more). Set-aside games: "
        "the exact two-player optimum where it is solved, else each turn for its points; score sheets: "
        "optimal solitaire play. Without --players, the game has as many players as the highest seat needs",
    )
    play.set_defaults(run=_cmd_play)
