"""Benchmark: a full solve of optimal solitaire play, for every score-sheet game.

    python benchmarks/sheet_solver.py [RULESET ...]

By default it solves ``kiriki-no-extra`` (target: under 20 s; the published optimum is 245.87),
the reference ``kiriki``, both Yahtzee rulesets, Yatzy (fifteen rows: 2^15 sheets) and Yacht
(each under 60 s); peak memory under 2 GB for each. Each solve runs in a fresh process, from
scratch (the cache is neither read nor written), so that its time and its peak resident memory
(``resource.getrusage``'s ``ru_maxrss``) are its own. The time is the solve's alone; the
process's start and imports are left out.

Figures only: nothing here fails on time.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time

TARGET_SECONDS = {"kiriki-no-extra": 20.0, "kiriki": 60.0, "yahtzee": 60.0, "yahtzee-free-joker": 60.0,
                  "yatzy": 60.0, "yacht": 60.0}
TARGET_MEMORY_MB = 2048.0


def solve_one(name: str) -> dict[str, float | int | str]:
    """Solve ``name`` in this process; its figures."""
    from dicespec import find_ruleset
    from dicespec.solver.scoresheet import rules_of, solve_values

    rules = rules_of(find_ruleset(name))
    start = time.perf_counter()
    values, stats = solve_values(rules)
    seconds = time.perf_counter() - start
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kilobytes on Linux
    return {
        "ruleset": name,
        "seconds": seconds,
        "peak_mb": peak_mb,
        "expected": float(values[0, 0, 0]),
        "states": stats.states,
        "looping_states": stats.looping_states,
        "looping_evaluations": stats.looping_evaluations,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rulesets", nargs="*", default=list(TARGET_SECONDS))
    parser.add_argument("--one", help=argparse.SUPPRESS)  # the child process: solve one and print JSON
    args = parser.parse_args()
    if args.one:
        print(json.dumps(solve_one(args.one)))
        return 0
    for name in args.rulesets:
        child = subprocess.run([sys.executable, __file__, "--one", name], capture_output=True, text=True, check=True)
        result = json.loads(child.stdout)
        target = TARGET_SECONDS.get(name)
        verdict = "" if target is None else (
            f"; targets < {target:.0f} s and < {TARGET_MEMORY_MB / 1024:.0f} GB: "
            + ("met" if result["seconds"] < target and result["peak_mb"] < TARGET_MEMORY_MB else "MISSED")
        )
        per_state = ""
        if result["looping_states"]:
            per_state = (f", of which {result['looping_states']:,} a repeat kiriki returns to "
                         f"({result['looping_evaluations'] / result['looping_states']:.2f} turn evaluations each)")
        print(f"{name}: expected score {result['expected']:.4f}; solve {result['seconds']:.1f} s, "
              f"peak memory {result['peak_mb']:.0f} MB; {result['states']:,} states{per_state}{verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
