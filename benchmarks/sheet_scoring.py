"""Score-sheet scoring speed: every ordered roll in every row of every shipped score-sheet
ruleset (7,776 rolls of five dice, 46,656 of six), beside pyhtzee's cost per roll.

    python benchmarks/sheet_scoring.py [--repeats N] [--json FILE]

dicespec scores through :func:`dicespec.scoresheet.rows.score_sheet`, which caches one sheet per
multiset of dice (252 of five dice, 462 of six): "cold" clears that cache before each repeat,
"warm" keeps it. "uncached" calls each row's rule on every ordered roll of Kiriki, for
reference. pyhtzee scores the 7,776 rolls of five dice with its Yahtzee-rule functions, one call
per row of Kiriki's 13. Both get their dice ready-made, outside the timing. Each figure is the
best of ``--repeats`` runs under ``time.perf_counter``. Kiriki's scores are compared with
pyhtzee's row by row; where a Kiriki ruleset differs from Yahtzee rules, the differences are listed.

Goal, for every ruleset: pyhtzee's time per roll at least 5 times dicespec's, from a cold cache
and a warm one (a ruleset of six dice and twenty rows does more per roll than pyhtzee's thirteen
rows of five dice, and is held to the same bound). Figures only: nothing here fails on time.
``--json FILE`` also writes them, each with its goal, for ``benchmarks/summary.py``.
"""

from __future__ import annotations

import argparse
import itertools
import time
from collections.abc import Callable, Mapping
from importlib.metadata import version

from pyhtzee import scoring  # type: ignore[import-untyped]
from pyhtzee.classes import Rule  # type: ignore[import-untyped]

from dicespec import Roll, find_ruleset, ruleset_names
from dicespec.scoresheet import rows
from dicespec.scoresheet.ruleset import SheetRuleset
from goals import Figures, Goal, add_json_option

ALL_DICE = tuple(itertools.product(range(1, 7), repeat=5))


def every_roll(dice: int) -> list[Roll]:
    """Every ordered roll of ``dice`` dice."""
    return [Roll(shown) for shown in itertools.product(range(1, 7), repeat=dice)]


YAHTZEE = Rule.YAHTZEE
GOAL_RATIO = Goal(">=", 5.0)


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


def sheet_ruleset(name: str) -> SheetRuleset:
    """The shipped score-sheet ruleset ``name``."""
    ruleset = find_ruleset(name)
    if not isinstance(ruleset, SheetRuleset):
        raise SystemExit(f"{name} is not a score-sheet ruleset")
    return ruleset


def best_of(repeats: int, run: Callable[[], object], *, before: Callable[[], object] = lambda: None) -> float:
    """The fastest of ``repeats`` timed runs, in seconds; ``before`` runs untimed ahead of each."""
    best = float("inf")
    for _ in range(repeats):
        before()
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def compare(
    ruleset: SheetRuleset, dicespec_sheets: list[Mapping[str, int]], pyhtzee_sheets: list[tuple[int, ...]]
) -> None:
    """Print, row by row (the ruleset's rows in sheet order beside pyhtzee's, Kiriki's order), how
    many rolls dicespec and pyhtzee score differently, with an example."""
    differing = 0
    for i, row in enumerate(ruleset.rows):
        wrong = [
            (dice, ours[row], theirs[i])
            for dice, ours, theirs in zip(ALL_DICE, dicespec_sheets, pyhtzee_sheets, strict=True)
            if ours[row] != theirs[i]
        ]
        if wrong:
            differing += 1
            dice, ours, theirs = wrong[0]
            example = "".join(map(str, dice))
            print(f"    {row:<16} {len(wrong):>5} rolls differ, e.g. {example}: dicespec {ours}, pyhtzee {theirs}")
    if not differing:
        print(f"    all {len(ALL_DICE)} rolls score the same in all 13 rows")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=7, help="timed runs per figure (default 7)")
    add_json_option(parser)
    args = parser.parse_args()

    reference = sheet_ruleset("kiriki")
    rolls_ = [Roll(dice) for dice in ALL_DICE]
    lists = [list(dice) for dice in ALL_DICE]
    score_sheet, cache = rows.score_sheet, rows._sheet_for_sorted
    rules = [row.rule for row in reference.rows.values()]

    def dicespec_uncached() -> list[list[int]]:
        return [[rule.points(roll.counts) for rule in rules] for roll in rolls_]

    def pyhtzee_all() -> list[tuple[int, ...]]:
        return [pyhtzee_sheet(dice) for dice in lists]

    theirs = best_of(args.repeats, pyhtzee_all)
    per_roll = theirs / len(ALL_DICE)
    uncached = best_of(args.repeats, dicespec_uncached)
    print(f"Score-sheet scoring, every ordered roll x every row, best of {args.repeats} (pyhtzee {version('pyhtzee')})")
    shape = f"{len(ALL_DICE):,} rolls"
    print(f"  {'pyhtzee, 13 rows':<34} {theirs * 1e3:8.2f} ms  {per_roll * 1e6:6.2f} us/roll  ({shape})")
    print(f"  {'kiriki, no cache':<34} {uncached * 1e3:8.2f} ms  {uncached / len(ALL_DICE) * 1e6:6.2f} us/roll")
    figures, verdicts = Figures(), []
    sheets = [name for name in ruleset_names() if isinstance(find_ruleset(name), SheetRuleset)]
    for name in sheets:
        ruleset = sheet_ruleset(name)
        every = every_roll(ruleset.dice)

        def dicespec_all(ruleset: SheetRuleset = ruleset, every: list[Roll] = every) -> list[Mapping[str, int]]:
            return [score_sheet(ruleset, roll) for roll in every]

        cold = best_of(args.repeats, dicespec_all, before=cache.cache_clear)
        dicespec_all()
        warm = best_of(args.repeats, dicespec_all)
        n, shape = len(every), f"{len(every):,} rolls x {len(ruleset.rows)} rows"
        for label, seconds in (("cold cache", cold), ("warm cache", warm)):
            print(f"  {name + ', ' + label:<34} {seconds * 1e3:8.2f} ms  {seconds / n * 1e6:6.2f} us/roll  ({shape})")
            ratio = figures.add(
                f"{name} scoring of {shape}, {label}: pyhtzee / dicespec (time per roll)",
                per_roll / (seconds / n),
                "×",
                GOAL_RATIO,
                beside=f"{seconds / n * 1e6:.2f} us/roll against {per_roll * 1e6:.2f} us/roll",
                spec=".1f",
            )
            verdicts.append(ratio.verdict)
    figures.add(
        f"Kiriki scoring of {len(ALL_DICE):,} rolls x 13 rows, no cache: pyhtzee / dicespec (time)",
        theirs / uncached,
        "×",
        None,
        beside=f"{uncached * 1e3:.2f} ms against {theirs * 1e3:.2f} ms",
        spec=".1f",
    )
    met = sum(1 for verdict in verdicts if verdict == "met")
    print(f"  pyhtzee / dicespec per roll: goal {GOAL_RATIO.text('×')} with a cache, met {met} of {len(verdicts)}")
    print("Scores compared with pyhtzee's Yahtzee rules:")
    pyhtzee_sheets = pyhtzee_all()
    for name in ruleset_names("kiriki"):
        ruleset = sheet_ruleset(name)
        print(f"  {name}:")
        compare(ruleset, [score_sheet(ruleset, roll) for roll in rolls_], pyhtzee_sheets)
    figures.write(args.json)


if __name__ == "__main__":
    main()
