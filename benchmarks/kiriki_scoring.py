"""Kiriki scoring speed: dicespec beside pyhtzee, all 7,776 ordered rolls in all 13 rows.

    python benchmarks/kiriki_scoring.py [--repeats N]

dicespec scores through :func:`dicespec.scoresheet.rows.score_sheet`, which caches one sheet per
multiset of dice (252 of them): "cold" clears that cache before each repeat, "warm" keeps it.
"uncached" calls each row's rule on every ordered roll, for reference. pyhtzee scores with its
Yahtzee-rule functions, one call per row. Both get their dice ready-made, outside the timing.
Each figure is the best of ``--repeats`` runs under ``time.perf_counter``. The scores of both are
compared row by row; where the rulesets differ from Yahtzee rules, the differences are listed.

Figures only: nothing here fails on time.
"""

from __future__ import annotations

import argparse
import itertools
import time
from collections.abc import Callable
from importlib.metadata import version

from pyhtzee import scoring
from pyhtzee.classes import Rule

from dicespec import Roll, find_ruleset, ruleset_names
from dicespec.scoresheet import rows
from dicespec.scoresheet.ruleset import SheetRuleset, Row

ALL_DICE = tuple(itertools.product(range(1, 7), repeat=5))
YAHTZEE = Rule.YAHTZEE


def pyhtzee_sheet(dice: list[int]) -> tuple[int, ...]:
    """pyhtzee's score of ``dice`` in each Kiriki row, in sheet order (Yahtzee rules)."""
    return (
        scoring.score_upper_section(dice, 1),
        scoring.score_upper_section(dice, 2),
        scoring.score_upper_section(dice, 3),
        scoring.score_upper_section(dice, 4),
        scoring.score_upper_section(dice, 5),
        scoring.score_upper_section(dice, 6),
        scoring.score_x_of_a_kind(dice, 3, YAHTZEE),
        scoring.score_x_of_a_kind(dice, 4, YAHTZEE),
        scoring.score_full_house(dice, YAHTZEE),
        scoring.score_small_straight(dice, YAHTZEE),
        scoring.score_large_straight(dice, YAHTZEE),
        scoring.score_yahtzee(dice),
        scoring.score_chance(dice),
    )


def best_of(repeats: int, run: Callable[[], object], *, before: Callable[[], object] = lambda: None) -> float:
    """The fastest of ``repeats`` timed runs, in seconds; ``before`` runs untimed ahead of each."""
    best = float("inf")
    for _ in range(repeats):
        before()
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def compare(ruleset: SheetRuleset, dicespec_sheets: list, pyhtzee_sheets: list) -> None:
    """Print, row by row, how many rolls dicespec and pyhtzee score differently, with an example."""
    differing = 0
    for i, row in enumerate(Row):
        wrong = [(dice, ours[row], theirs[i])
                 for dice, ours, theirs in zip(ALL_DICE, dicespec_sheets, pyhtzee_sheets, strict=True)
                 if ours[row] != theirs[i]]
        if wrong:
            differing += 1
            dice, ours, theirs = wrong[0]
            example = "".join(map(str, dice))
            print(f"    {row:<16} {len(wrong):>5} rolls differ, e.g. {example}: dicespec {ours}, pyhtzee {theirs}")
    if not differing:
        print(f"    all {len(ALL_DICE)} rolls score the same in all 13 rows")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=7, help="timed runs per figure (default 7)")
    args = parser.parse_args()

    reference = find_ruleset("kiriki")
    rolls_ = [Roll(dice) for dice in ALL_DICE]
    lists = [list(dice) for dice in ALL_DICE]
    score_sheet, cache = rows.score_sheet, rows._sheet_for_sorted
    rules = list(reference.rows.values())

    def dicespec_all() -> list:
        return [score_sheet(reference, roll) for roll in rolls_]

    def dicespec_uncached() -> list:
        return [[rows.row_points(rule, roll) for rule in rules] for roll in rolls_]

    def pyhtzee_all() -> list:
        return [pyhtzee_sheet(dice) for dice in lists]

    cold = best_of(args.repeats, dicespec_all, before=cache.cache_clear)
    dicespec_all()
    warm = best_of(args.repeats, dicespec_all)
    uncached = best_of(args.repeats, dicespec_uncached)
    theirs = best_of(args.repeats, pyhtzee_all)

    n = len(ALL_DICE)
    print(f"Kiriki scoring, {n} ordered rolls x 13 rows, best of {args.repeats} (pyhtzee {version('pyhtzee')})")
    for label, seconds in [("dicespec, cold cache", cold), ("dicespec, warm cache", warm),
                           ("dicespec, no cache", uncached), ("pyhtzee", theirs)]:
        print(f"  {label:<22} {seconds * 1e3:8.2f} ms  {seconds / n * 1e6:6.2f} us/roll")
    print(f"  pyhtzee / dicespec: {theirs / cold:.1f}x cold, {theirs / warm:.1f}x warm, {theirs / uncached:.1f}x no cache"
          f"  (target: at least 5x)")

    print("Scores compared with pyhtzee's Yahtzee rules:")
    pyhtzee_sheets = pyhtzee_all()
    for name in ruleset_names("kiriki"):
        ruleset = find_ruleset(name)
        print(f"  {name}:")
        compare(ruleset, [score_sheet(ruleset, roll) for roll in rolls_], pyhtzee_sheets)


if __name__ == "__main__":
    main()
