"""``dicespec solve``: a ruleset's optimal play, as the solver reports it (:func:`dicespec.solver.report`)."""

from __future__ import annotations

import argparse
from typing import Any

from dicespec.command_line import add_game_and_ruleset, chosen_ruleset


def _cmd_solve(args: argparse.Namespace) -> int:
    ruleset = chosen_ruleset(args.game, args.ruleset, args.ruleset_file)
    from dicespec.progress import ProgressLine
    from dicespec.solver import report

    print(report(ruleset, ProgressLine(f"solving {ruleset.name}"), players=args.players))
    return 0


def register(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``dicespec solve`` to the subcommands of the ``dicespec`` parser."""
    solve = commands.add_parser(
        "solve",
        help="optimal play and its expected score",
        description="Kiriki, Yahtzee, Yatzy, Yacht, Generala: the optimal solitaire expected score (Generala's: "
        "of a game played out in full, with the exact chance of a win at once), its exact standard deviation and the "
        "chance of each sheet-level event (the upper bonus, five of a kind, a repeat) under that play; the state "
        "values and the spread are cached (first solve: seconds, up to a minute). "
        "10000, Greed: the turn that maximises expected points, its banking table, and "
        "the chance of getting on the board in one turn. With --players 2, a set-aside game's exact two-player "
        "optimum: the first player's chance of winning when both play to win, and where to bank by both scores.",
        epilog="examples: dicespec solve kiriki   dicespec solve kiriki --ruleset kiriki-fr   "
        "dicespec solve ten-thousand   dicespec solve pig --players 2",
    )
    add_game_and_ruleset(solve)
    solve.add_argument(
        "--players",
        type=int,
        choices=(1, 2),
        default=1,
        help="1 (default): solitaire play, a sheet's score or a turn's points; 2: each player playing to win "
        "(set-aside games whose rules and size the two-player solve takes on)",
    )
    solve.set_defaults(run=_cmd_solve)
