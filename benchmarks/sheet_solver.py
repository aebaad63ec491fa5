"""Benchmark: a full solve of optimal solitaire play for every score-sheet game, now and before.

    python benchmarks/sheet_solver.py [RULESET ...] [--repeats N] [--no-previous] [--json FILE]

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

Figures only: nothing here fails on time. ``--json FILE`` also writes them, each with its goal,
for ``benchmarks/summary.py``.
"""

from __future__ import annotations

import argparse
import importlib
import json
import resource
import subprocess
import sys
import time
from typing import Any

from goals import Figures, Goal, add_json_option, cores, load, table

GOAL_SECONDS = {"kiriki-no-extra": Goal("<=", 2.0), "kiriki": Goal("<=", 5.0)}  # issue 17
DEFAULT_GOAL_SECONDS = Goal("<", 60.0)
GOAL_MEMORY_MB = Goal("<", 2048.0)
RULESETS = ["kiriki-no-extra", "kiriki", "yahtzee", "yahtzee-free-joker", "yatzy", "yacht"]
SAME_FIGURE = Goal("<=", 1e-9)


def solve_one(name: str, implementation: str) -> dict[str, Any]:
    """Solve ``name`` in this process with ``implementation`` (``now`` or ``previous``)."""
    from dicespec import find_ruleset

    # benchmarks/ is this script's folder, so baseline/ is importable; both modules have the same API
    solver: Any = importlib.import_module(
        "baseline.scoresheet" if implementation == "previous" else "dicespec.solver.scoresheet"
    )
    rules = solver.rules_of(find_ruleset(name))
    start, cpu = time.perf_counter(), time.process_time()
    values, stats = solver.solve_values(rules)
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
        child = subprocess.run(
            [sys.executable, __file__, "--one", name, "--implementation", implementation],
            capture_output=True,
            text=True,
            check=True,
        )
        runs.append(json.loads(child.stdout))
    best = min(runs, key=lambda run: run["seconds"])
    return {**best, "peak_mb": max(run["peak_mb"] for run in runs)}


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("rulesets", nargs="*", default=RULESETS)
    parser.add_argument("--repeats", type=int, default=2, help="solves of each kind, the best kept (default 2)")
    parser.add_argument("--no-previous", action="store_true", help="leave out the previous implementation")
    add_json_option(parser)
    parser.add_argument("--one", help=argparse.SUPPRESS)  # the child process: solve one and print JSON
    parser.add_argument("--implementation", default="now", choices=["now", "previous"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        print(json.dumps(solve_one(args.one, args.implementation)))
        return 0
    print(f"{cores()} cores; load before: {load()}; best of {args.repeats} solves each, each in a fresh process")
    rows = [
        [
            "ruleset",
            "previous s",
            "now s",
            "ratio",
            "goal",
            "peak MB",
            "now CPU s",
            "threads",
            "expected score",
            "same to 1e-9",
            "met",
        ]
    ]
    figures, memory, differences = Figures(), Figures(), Figures()
    for name in args.rulesets:
        now = measure(name, "now", args.repeats)
        previous = None if args.no_previous else measure(name, "previous", args.repeats)
        seconds = figures.add(
            f"solve {name}",
            now["seconds"],
            "s",
            GOAL_SECONDS.get(name, DEFAULT_GOAL_SECONDS),
            beside=f"{now['states']:,} states, CPU {now['cpu_seconds']:.2f} s"
            + ("" if previous is None else f"; previous {previous['seconds']:.2f} s"),
        )
        if previous is not None:
            figures.add(
                f"solve {name}: previous / now (same run)", previous["seconds"] / now["seconds"], "×", spec=".1f"
            )
        checks = [seconds, memory.add(name, now["peak_mb"], "MB", GOAL_MEMORY_MB, spec=",.0f")]
        if previous is not None:
            checks.append(
                differences.add(name, abs(now["expected"] - previous["expected"]), goal=SAME_FIGURE, spec=".1e")
            )
        rows.append(
            [
                name,
                "-" if previous is None else f"{previous['seconds']:.2f}",
                f"{now['seconds']:.2f}",
                "-" if previous is None else f"{previous['seconds'] / now['seconds']:.1f}x",
                seconds.goal_text,
                f"{now['peak_mb']:.0f}",
                f"{now['cpu_seconds']:.2f}",
                str(now["workers"]),
                f"{now['expected']:.6f}",
                "-"
                if previous is None
                else ("yes" if checks[-1].met else f"NO ({now['expected'] - previous['expected']:+.1e})"),
                "met" if all(check.met for check in checks) else "MISSED",
            ]
        )
        print(
            f"  {name}: {now['states']:,} states, {now['seconds']:.2f} s"
            + ("" if previous is None else f" (previous: {previous['seconds']:.2f} s)"),
            flush=True,
        )
    print(table(rows))
    print(f"load after: {load()}")
    largest = max(memory.rows, key=lambda row: row.value)
    figures.add(
        f"solves' peak memory, the largest ({largest.measure})",
        largest.value,
        "MB",
        GOAL_MEMORY_MB,
        beside="the others: "
        + ", ".join(f"{row.measure} {row.figure_text}" for row in memory.rows if row is not largest),
        spec=",.0f",
    )
    if differences.rows:
        apart = max(differences.rows, key=lambda row: row.value)
        figures.add(
            "solves' expected score, now against previous: the largest difference",
            apart.value,
            goal=SAME_FIGURE,
            beside=f"{apart.measure}; {len(differences.rows)} rulesets",
            spec=".1e",
        )
    figures.write(args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
