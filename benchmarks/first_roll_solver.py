"""Benchmark: a full solve of Generala on the solver's plain path (issue 27), and its forward pass.

    python benchmarks/first_roll_solver.py [--repeats N] [--json FILE]

The plain path (:mod:`dicespec.solver.firstroll`) solves rulesets whose rows score differently on
a turn's first roll, win at once so made, or require another row. The ruleset is the shipped
``generala`` where there is one, else the solver tests' own file
(``tests/solver_rulesets/generala-like.yaml``, the same rules). Each run is a fresh process,
from scratch (no cache read or written), ``--repeats`` times (default 2), the best time kept: the
solve (every state's value), then the forward pass (the exact chance of a win at once under that
play), each timed alone, and the process's peak resident memory (``ru_maxrss``, imports
included). The expected score and the chance are printed beside them.

Goals (issue 27): the solve and the forward pass together well under 60 s; under 2 GB. Figures
only: nothing here fails on time. ``--json FILE`` also writes them for ``benchmarks/summary.py``.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from goals import Figures, Goal, add_json_option, cores, load, table

GOAL_SECONDS = Goal("<", 60.0)
GOAL_MEMORY_MB = Goal("<", 2048.0)
OWN_FILE = Path(__file__).resolve().parent.parent / "tests" / "solver_rulesets" / "generala-like.yaml"


def solve_one() -> dict[str, Any]:
    """Solve Generala in this process: seconds of the solve and of the forward pass, and the figures."""
    import numpy as np

    from dicespec.rulesets import UnknownRulesetError, find_ruleset, load_ruleset
    from dicespec.solver import firstroll

    try:
        ruleset: Any = find_ruleset("generala")
    except UnknownRulesetError:  # not shipped yet: the solver tests' own file, the same rules
        ruleset = load_ruleset(OWN_FILE)
    start, cpu = time.perf_counter(), time.process_time()
    solved = firstroll.solve(ruleset)
    solve_seconds = time.perf_counter() - start
    forward = time.perf_counter()
    chance = solved.win_chance()
    now = time.perf_counter()
    return {
        "ruleset": ruleset.name,
        "solve_seconds": solve_seconds,
        "forward_seconds": now - forward,
        "seconds": now - start,
        "cpu_seconds": time.process_time() - cpu,
        "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,  # kilobytes on Linux
        "expected": solved.expected_score,
        "win_at_once": chance,
        "states": int((~np.isnan(solved.values)).sum()),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "--repeats", type=int, default=2, help="runs, each in a fresh process, the best kept (default 2)"
    )
    add_json_option(parser)
    parser.add_argument("--one", action="store_true", help=argparse.SUPPRESS)  # the child: solve once, print JSON
    args = parser.parse_args()
    if args.one:
        print(json.dumps(solve_one()))
        return 0
    print(f"{cores()} cores; load before: {load()}; best of {args.repeats} runs, each in a fresh process")
    runs = []
    for _ in range(args.repeats):
        child = subprocess.run([sys.executable, __file__, "--one"], capture_output=True, text=True, check=True)
        runs.append(json.loads(child.stdout))
    best = min(runs, key=lambda run: run["seconds"])
    peak = max(run["peak_mb"] for run in runs)
    name = best["ruleset"]
    figures = Figures()
    seconds = figures.add(
        f"solve {name} (plain path), its forward pass included",
        best["seconds"],
        "s",
        GOAL_SECONDS,
        beside=f"{best['states']:,} states; solve {best['solve_seconds']:.2f} s, forward pass "
        f"{best['forward_seconds']:.2f} s, CPU {best['cpu_seconds']:.2f} s",
    )
    memory = figures.add(f"solve {name} (plain path): peak memory", peak, "MB", GOAL_MEMORY_MB, spec=",.0f")
    figures.add(
        f"{name}: expected score (a game played out in full)", best["expected"], "", beside="optimal solitaire play"
    )
    figures.add(
        f"{name}: chance of a win at once under that play",
        best["win_at_once"],
        "",
        beside="exact, by a forward pass",
        spec=".6f",
    )
    print(
        table(
            [
                [
                    "ruleset",
                    "solve s",
                    "forward s",
                    "total s",
                    "goal",
                    "peak MB",
                    "expected score",
                    "win at once",
                    "met",
                ],
                [
                    name,
                    f"{best['solve_seconds']:.2f}",
                    f"{best['forward_seconds']:.2f}",
                    f"{best['seconds']:.2f}",
                    seconds.goal_text,
                    f"{peak:.0f}",
                    f"{best['expected']:.6f}",
                    f"{best['win_at_once']:.6%}",
                    "met" if seconds.met and memory.met else "MISSED",
                ],
            ]
        )
    )
    print(f"load after: {load()}")
    figures.write(args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
