"""Benchmark: ``dicespec identify`` against ``dicespec conform`` on the same implementation over
stdio (the reference adapter), in one run.

For each ruleset measured, conform's exhaustive and games parts under that ruleset are timed, then
a whole identification: its parts from the hello on (the questions, the fit, the flow's replays,
the closing conform run), as conform's parts are timed; the wall time with the start is printed.
Targets: identifying takes no longer than conform's exhaustive and games parts together plus the
fit (identify / (conform + fit) at most 1), and the fit itself under 2 s, for Yahtzee (five dice)
and Maxi Yatzy (six dice, 20 rows: the largest sheet shipped). A set-aside game (10000) is timed
beside them, with no goal.
Run: ``python benchmarks/identify_time.py [--json FILE]``.
"""

from __future__ import annotations

import argparse
import sys
import time

from dicespec.conformance.run.runner import Options, Target
from dicespec.identify.command import identify
from goals import Figures, Goal, add_json_option
from timed import pipelined

ADAPTER = (sys.executable, "-m", "dicespec.adapter")
TARGET_RATIO = Goal("<=", 1.0)
TARGET_FIT = Goal("<", 2.0)
MEASURED = ("yahtzee", "maxi-yatzy", "ten-thousand")
WITH_GOALS = ("yahtzee", "maxi-yatzy")


def conform_seconds(ruleset: str) -> tuple[float, int, bool]:
    """Conform's exhaustive and games parts under ``ruleset`` through one adapter process:
    (seconds, cases, every case passed)."""
    count, elapsed, recorder = pipelined(("exhaustive", "games"), ADAPTER, Options(rulesets=(ruleset,)))
    return elapsed, count, recorder.ok()


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    add_json_option(parser)
    args = parser.parse_args()
    figures = Figures()
    clean = True
    for ruleset in MEASURED:
        conform, cases, ok = conform_seconds(ruleset)
        started = time.perf_counter()
        found = identify(Target(command=ADAPTER), Options(), name_of_game=None, asked=ruleset, name=None)
        wall = time.perf_counter() - started
        took = sum(found.seconds.values())  # its parts, from the hello on, as conform's parts are timed
        fit = found.seconds["fit"]
        ok &= found.unexplained == 0 and found.closest == ruleset
        clean &= ok
        parts = ", ".join(f"{part} {seconds:.2f} s" for part, seconds in found.seconds.items())
        print(
            f"{ruleset}: conform {conform:.2f} s ({cases:,} cases); "
            f"identify {took:.2f} s ({parts}; {wall:.2f} s with the start); clean: {ok}"
        )
        goals = ruleset in WITH_GOALS
        figures.add(
            f"identify {ruleset} / its conform run's exhaustive and games parts, plus the fit (time)",
            took / (conform + fit),
            "×",
            TARGET_RATIO if goals else None,
            beside=f"identify {took:.2f} s ({parts}); conform {conform:.2f} s, {cases:,} cases",
            spec=".2f",
        )
        figures.add(
            f"identify {ruleset}: the fit", fit, "s", TARGET_FIT if goals else None, beside=f"{found.answers:,} answers"
        )
    figures.add("identify: rulesets not identified exactly", 0 if clean else 1, goal=Goal("==", 0), spec=",.0f")
    figures.write(args.json)
    return 0 if clean else 1


if __name__ == "__main__":
    raise SystemExit(main())
