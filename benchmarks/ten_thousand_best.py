"""Benchmark: 10000's best() on every ordered roll of one to six dice (55,986 rolls), one process.

Target: under 0.5 s on a 2-core machine. best() looks the sorted dice up in a table built
once per ruleset; the table's build is timed apart (and counted in the target). Run:
``python benchmarks/ten_thousand_best.py [--json FILE]`` (``--json``: the figure, with its goal,
written for ``benchmarks/summary.py``).
"""

from __future__ import annotations

import argparse
import time
from itertools import product

from dicespec import Roll, find_ruleset
from dicespec.setaside.combos import best
from dicespec.setaside.ruleset import SetAsideRuleset
from goals import Figures, Goal, add_json_option

TARGET_SECONDS = Goal("<", 0.5)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    add_json_option(parser)
    args = parser.parse_args()
    ruleset = find_ruleset("ten-thousand")
    if not isinstance(ruleset, SetAsideRuleset):
        raise SystemExit("ten-thousand is not a set-aside ruleset")
    start = time.perf_counter()
    rolls = [Roll(dice) for n in range(1, 7) for dice in product(range(1, 7), repeat=n)]
    making = time.perf_counter() - start
    assert len(rolls) == 55_986

    start = time.perf_counter()
    best(ruleset, rolls[0])  # builds the ruleset's table
    build = time.perf_counter() - start

    start = time.perf_counter()
    total = sum(best(ruleset, roll) for roll in rolls)
    elapsed = time.perf_counter() - start

    figures = Figures()
    whole = figures.add(
        f"10000: best() of every roll of 1-6 dice ({len(rolls):,}), its table built",
        build + elapsed,
        "s",
        TARGET_SECONDS,
        beside=f"{elapsed / len(rolls) * 1e6:.2f} µs a roll, table {build * 1000:.1f} ms",
        spec=".3f",
    )
    print(f"making the Roll values: {making:.3f} s (not part of best())")
    print(f"table build: {build * 1000:.1f} ms")
    print(
        f"best() on {len(rolls):,} rolls: {elapsed:.3f} s ({elapsed / len(rolls) * 1e6:.2f} us a roll; "
        f"sum of bests {total:,}); with the table built: {whole.figure_text}, target {whole.goal_text}: {whole.verdict}"
    )
    figures.write(args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
