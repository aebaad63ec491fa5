"""Benchmark: a full solve of optimal solitaire play for every score-sheet game, now and before.

    python benchmarks/sheet_solver.py [RULESET ...] [--repeats N] [--no-previous]

Each ruleset is solved by the previous implementation (``benchmarks/baseline/``, the solver as
it was before issue 17) and by today's (``dicespec.solver.scoresheet``), each solve in a fresh
process, from scratch (no cache is read or written), ``--repeats`` times (default 2); the table
shows the best time of each, their ratio, the goal and the peak resident memory of today's
solve (``resource.getrusage``'s ``ru_maxrss``, the process's imports included), its processor
time (all threads) and its threads. A time is the solve's alone: the process's start, its
imports and the reading of the ruleset are left out.

Goals (issue 17): ``kiriki-no-extra`` in 2 s or less, ``kiriki`` in 5 s or less, every other
game under 60 s; under 2 GB each; the expected score within 1e-9 of the previous one. The
machine's load (other work running at the same time) is printed with the table: on a busy
machine the times grow (the processor time much less). The solver runs on one thread; set
``DICESPEC_SOLVER_THREADS=2`` to measure two.

Figures only: nothing here fails on time.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from typing import Any

GOAL_SECONDS = {"kiriki-no-extra": 2.0, "kiriki": 5.0}  # issue 17; the others: under 60 s
DEFAULT_GOAL_SECONDS = 60.0
GOAL_MEMORY_MB = 2048.0
RULESETS = ["kiriki-no-extra", "kiriki", "yahtzee", "yahtzee-free-joker", "yatzy", "yacht"]
SAME_FIGURE = 1e-9


def solve_one(name: str, implementation: str) -> dict[str, Any]:
    """Solve ``name`` in this process with ``implementation`` (``now`` or ``previous``)."""
    from dicespec import find_ruleset

    if implementation == "previous":
        from baseline.scoresheet import rules_of, solve_values  # benchmarks/ is this script's folder
    else:
        from dicespec.solver.scoresheet import rules_of, solve_values

    rules = rules_of(find_ruleset(name))
    start, cpu = time.perf_counter(), time.process_time()
    values, stats = solve_values(rules)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    return {
        "seconds": seconds,
        "cpu_seconds": cpu,
        "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,  # kilobytes on Linux
        "expected": float(values[0, 0, 0]),
        "states": stats.states,
        "workers": getattr(stats, "workers", 1),
    }


def measure(name: str, implementation: str, repeats: int) -> dict[str, Any]:
    """The best of ``repeats`` solves, each in its own process."""
    runs = []
    for _ in range(repeats):
        child = subprocess.run([sys.executable, __file__, "--one", name, "--implementation", implementation],
                               capture_output=True, text=True, check=True)
        runs.append(json.loads(child.stdout))
    best = min(runs, key=lambda run: run["seconds"])
    return {**best, "peak_mb": max(run["peak_mb"] for run in runs)}


def table(rows: list[list[str]]) -> str:
    """``rows`` (the first one the header) as a Markdown table, columns padded."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = ["| " + " | ".join(cell.ljust(width) for cell, width in zip(row, widths)) + " |" for row in rows]
    lines.insert(1, "|" + "|".join("-" * (width + 2) for width in widths) + "|")
    return "\n".join(lines)


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"{one:.1f} (1 min), {five:.1f} (5 min)"


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("rulesets", nargs="*", default=RULESETS)
    parser.add_argument("--repeats", type=int, default=2, help="solves of each kind, the best kept (default 2)")
    parser.add_argument("--no-previous", action="store_true", help="leave out the previous implementation")
    parser.add_argument("--one", help=argparse.SUPPRESS)  # the child process: solve one and print JSON
    parser.add_argument("--implementation", default="now", choices=["now", "previous"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        print(json.dumps(solve_one(args.one, args.implementation)))
        return 0
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    print(f"{cores} cores; load before: {load()}; best of {args.repeats} solves each, each in a fresh process")
    rows = [["ruleset", "previous s", "now s", "ratio", "goal", "peak MB", "now CPU s", "threads", "expected score",
             "same to 1e-9", "met"]]
    for name in args.rulesets:
        now = measure(name, "now", args.repeats)
        previous = None if args.no_previous else measure(name, "previous", args.repeats)
        goal = GOAL_SECONDS.get(name, DEFAULT_GOAL_SECONDS)
        same = previous is None or abs(now["expected"] - previous["expected"]) <= SAME_FIGURE
        met = now["seconds"] <= goal if name in GOAL_SECONDS else now["seconds"] < goal
        met = met and now["peak_mb"] < GOAL_MEMORY_MB and same
        rows.append([
            name,
            "-" if previous is None else f"{previous['seconds']:.2f}",
            f"{now['seconds']:.2f}",
            "-" if previous is None else f"{previous['seconds'] / now['seconds']:.1f}x",
            f"{'≤' if name in GOAL_SECONDS else '<'} {goal:.0f} s",
            f"{now['peak_mb']:.0f}",
            f"{now['cpu_seconds']:.2f}",
            str(now["workers"]),
            f"{now['expected']:.6f}",
            "-" if previous is None else ("yes" if same else f"NO ({now['expected'] - previous['expected']:+.1e})"),
            "met" if met else "MISSED",
        ])
        print(f"  {name}: {now['states']:,} states, {now['seconds']:.2f} s"
              + ("" if previous is None else f" (previous: {previous['seconds']:.2f} s)"), flush=True)
    print(table(rows))
    print(f"load after: {load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
