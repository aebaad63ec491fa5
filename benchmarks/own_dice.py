"""Benchmark: ``dicespec conform``'s games part with an engine that rolls its own dice, against the
same games with injected dice, over stdio with the reference adapter.

The injected-dice run replays each game's checkpoints (``python -m dicespec.adapter``); the
own-dice run plays the same games (as many per ruleset, of as many players, by the same seeded
policies) move by move, an ``act`` request a move, the reference following each game with the dice
the adapter threw (``python -m dicespec.adapter --own-dice``). Each is timed from the hello on,
alternately, a few times; the figure is the medians' ratio, injected time / own-dice time, for one
ruleset of each family: at least 0.5 (own dice at least half as fast) is the goal.

Beside it, a figure without a goal: the runner's share of the own-dice run alone, done in this
process with no engine process and no transport (the same games followed with the reference
engines, the dice the reference adapter throws, each move's answer worked out and written as the
runner compares it). It bounds the ratio from above: no transport can make the run faster than it.
Run: ``python benchmarks/own_dice.py [--json FILE]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Iterator

from dicespec import corpus
from dicespec.conformance.run.runner import Options
from dicespec.conformance.serving.own_dice import OwnDiceReference
from dicespec.conformance.transports.wire import dumps_own
from dicespec.rulesets import game_of_ruleset
from goals import Figures, Goal, add_json_option
from timed import pipelined

ADAPTER = (sys.executable, "-m", "dicespec.adapter")
OWN_DICE = (*ADAPTER, "--own-dice")
RULESETS = ("yahtzee", "farkle")  # a score sheet, a set-aside game
GAMES = 100
REPEATS = 3
TARGET = Goal(">=", 0.5)


def games_part(command: tuple[str, ...], ruleset: str) -> tuple[float, int, bool]:
    """The games part under ``ruleset`` through one adapter process, from the hello on: (seconds,
    cases, every case passed)."""
    count, elapsed, recorder = pipelined(("games",), command, Options(rulesets=(ruleset,), games=GAMES))
    return elapsed, count, recorder.ok()


def runner_share(ruleset: str) -> float:
    """Seconds to follow the own-dice run's games under ``ruleset`` in this process, as the runner
    follows them, with the dice the reference adapter throws (its games numbered as the runner
    numbers them, their dice thrown beforehand, as the runner reads them from the replies): each
    move carried out on the reference engines, its answer worked out and written; no engine
    process, no transport."""
    thrown = [list(throws) for throws in _played(ruleset, None)]
    start = time.perf_counter()
    for _ in _played(ruleset, thrown):
        pass
    return time.perf_counter() - start


def _played(ruleset: str, thrown: list[list[str]] | None) -> Iterator[list[str]]:
    """The own-dice run's games under ``ruleset`` followed one by one, each move's answer written;
    the dice of each game's throws: ``thrown``'s (a list per game), or, where ``None``, thrown
    here by the reference adapter's sources."""
    engine = OwnDiceReference()
    games = corpus.own_dice_games({game_of_ruleset(ruleset).name: [ruleset]}, count=GAMES, seed=engine.seed)
    for number, game in enumerate(games):
        source = engine.dice_source(number)
        throws = [] if thrown is None else thrown[number]
        given = iter(throws)
        move = next(game.moves, None)
        while move is not None:
            dice = None
            if move.throws and thrown is None:
                dice = "".join(map(str, source(move.throws)))
                throws.append(dice)
            elif move.throws:
                dice = next(given)
            try:
                move = game.moves.send(dice)
            except StopIteration:
                move = None
            dumps_own(game.answer(game.final() if move is None else move.before))
        yield throws


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    add_json_option(parser)
    args = parser.parse_args()
    figures = Figures()
    clean = True
    print(f"Conform's games part, {GAMES} games a ruleset: injected dice against own dice, median of {REPEATS}")
    for ruleset in RULESETS:
        injected: list[float] = []
        own: list[float] = []
        for _ in range(REPEATS):  # alternately, so that the machine's other work weighs on both alike
            seconds, replays, ok = games_part(ADAPTER, ruleset)
            injected.append(seconds)
            clean &= ok
            seconds, games, ok = games_part(OWN_DICE, ruleset)
            own.append(seconds)
            clean &= ok
        share = statistics.median(runner_share(ruleset) for _ in range(REPEATS))
        figures.add(
            f"conform's games part, {ruleset}: the runner's share of own dice alone / injected dice (time)",
            share / statistics.median(injected),
            "",
            beside=f"{share:.2f} s: the games followed with the reference engines in process, no transport",
        )
        ratio = statistics.median(injected) / statistics.median(own)
        line = figures.add(
            f"conform's games part, {ruleset}: injected dice / own dice (time, the same games)",
            ratio,
            "",
            TARGET,
            beside=f"injected {statistics.median(injected):.2f} s ({replays:,} replays), "
            f"own dice {statistics.median(own):.2f} s ({games:,} games move by move)",
        )
        print(
            f"  {ruleset:<8} injected {', '.join(f'{s:.2f}' for s in injected)} s; "
            f"own dice {', '.join(f'{s:.2f}' for s in own)} s; ratio of the medians {ratio:.2f}  "
            f"goal {TARGET.text('')}  {line.verdict}"
        )
        print(
            f"  {ruleset:<8} the runner's share alone (no engine process, no transport) {share:.2f} s: "
            f"{share / statistics.median(injected):.2f} times injected dice's whole run"
        )
    figures.add("own dice: cases not passed", 0 if clean else 1, goal=Goal("==", 0), spec=",.0f")
    figures.write(args.json)
    return 0 if clean else 1


if __name__ == "__main__":
    raise SystemExit(main())
