"""Benchmark: 10000's best() on every ordered roll of one to six dice (55,986 rolls), one process.

Target: under 0.5 s on a 2-core machine. best() looks the sorted dice up in a table built
once per ruleset; the table's build is timed apart. Run: ``python benchmarks/ten_thousand_best.py``.
"""

from __future__ import annotations

import time
from itertools import product

from dicespec import Roll, find_ruleset
from dicespec.setaside.combos import best

TARGET_SECONDS = 0.5


def main() -> int:
    ruleset = find_ruleset("ten-thousand")
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

    print(f"making the Roll values: {making:.3f} s (not part of best())")
    print(f"table build: {build * 1000:.1f} ms")
    print(f"best() on {len(rolls):,} rolls: {elapsed:.3f} s ({elapsed / len(rolls) * 1e6:.2f} us a roll; "
          f"sum of bests {total:,}); target < {TARGET_SECONDS} s: {'met' if build + elapsed < TARGET_SECONDS else 'MISSED'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
