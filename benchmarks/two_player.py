"""Benchmark: the exact two-player optimum (``dicespec solve RULESET --players 2``) of Pig, Greed
and 10000, each solved from nothing in a process of its own: its time, its peak memory, and the
first player's chance (Pig's beside Neller and Presser's 53.06%).

Goals: Pig under 10 s, Greed under 60 s; every solve under 4 GB. 10000's solve (minutes) has no
goal of its own: the solve's bound (``MAX_WEIGHED``, about ten minutes) is drawn from it.
Run: ``python benchmarks/two_player.py [--json FILE] [--only NAME]``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile

from goals import Figures, Goal, add_json_option

SOLVES = {  # name: (how the ruleset is found, the goal of its time)
    "pig": ("find_ruleset('pig')", Goal("<", 10)),
    "greed": ("find_ruleset('greed')", Goal("<", 60)),
    "ten-thousand": ("find_ruleset('ten-thousand')", None),
}
MEMORY = Goal("<", 4096)
CHILD = """
import json, resource, sys, time
from dicespec import find_ruleset
from dicespec.solver.twoplayer import duel, state_count, weighed
ruleset = {found}
start = time.perf_counter()
solved = duel(ruleset)
seconds = time.perf_counter() - start
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
json.dump({{"seconds": seconds, "megabytes": peak, "chance": solved.first_player_chance, "passes": solved.passes,
            "states": state_count(ruleset), "weighed": weighed(ruleset)}}, sys.stdout)
"""


def solve(found: str) -> dict[str, float]:
    """One solve from nothing (an empty cache folder), in a process of its own."""
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "DICESPEC_CACHE_DIR": cache}
        done = subprocess.run(
            [sys.executable, "-c", CHILD.format(found=found)], env=env, capture_output=True, text=True, check=True
        )
    result: dict[str, float] = json.loads(done.stdout)
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    add_json_option(parser)
    parser.add_argument("--only", choices=sorted(SOLVES), help="one ruleset's solve")
    args = parser.parse_args()
    figures = Figures()
    print("The two-player optimum, each solved from nothing in a process of its own")
    for name, (found, goal) in SOLVES.items():
        if args.only not in (None, name):
            continue
        got = solve(found)
        published = " (Neller and Presser: 53.06%)" if name == "pig" else ""
        line = figures.add(
            f"two-player solve of {name}",
            got["seconds"],
            "s",
            goal,
            beside=f"{got['states']:,.0f} states, {got['weighed']:,.0f} choices a pass, {got['passes']:,.0f} passes; "
            f"the first player wins {got['chance']:.2%}{published}",
            spec=".1f",
        )
        memory = figures.add(f"two-player solve of {name}: peak memory", got["megabytes"], "MB", MEMORY, spec=",.0f")
        print(
            f"  {name:<13} {line.figure_text:>9} ({line.verdict}), peak {memory.figure_text}; "
            f"first player {got['chance']:.4%}{published}"
        )
    figures.write(args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
