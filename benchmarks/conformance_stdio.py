"""Benchmark: the whole exhaustive conformance corpus over stdio, one adapter process, pipelined,
against one process per case on a sample of the same cases (how a runner that starts the
implementation for every case would go).

Both sides count whole cases: the request written, the reply read and checked against the
protocol's schema, compared with the reference's answer computed as the corpus streams.
Targets: at least 30,000 cases/s over stdio, and at least 1,000 times the process-per-case rate.
Side by side in the same run: the same corpus and the replayed games in protocol 1 (the
reference adapter as an adapter left at version 1 serves them), which protocol 2 must not be
slower than, both under the rulesets protocol 1 can tell (not those with saved rolls or a row
that wins at once, which an adapter at version 1 does not claim); and the corpus under a
ruleset file extending yahtzee, first with its replayed games worked out (the cache folder
emptied of them) and then again (kept in the cache), against the shipped yahtzee, which the
second must not be slower than.
Run: ``python benchmarks/conformance_stdio.py [SAMPLE] [--json FILE]`` (SAMPLE: cases run one
process each, default 40; ``--json``: the figures, each with its goal, written for
``benchmarks/summary.py``).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from itertools import islice
from pathlib import Path

from dicespec import corpus
from dicespec.caches import cache_dir
from dicespec.conformance.run.runner import Options, shipped_rulesets
from dicespec.conformance.serving.adapter import reference_games
from dicespec.conformance.transports.stdio import StdioTransport
from dicespec.rulesets import declare_file
from goals import Figures, Goal, add_json_option
from timed import pipelined

ADAPTER = [sys.executable, "-m", "dicespec.adapter"]
TARGET_RATE = Goal(">=", 30_000)
TARGET_RATIO = Goal(">=", 1_000)
TARGET_WRONG = Goal("==", 0)


TARGET_NO_SLOWER = Goal(">=", 0.95)  # protocol 2 / protocol 1, a file's rules / shipped ones (timing noise aside)
HOUSE = "extends: yahtzee\nname: bench-house\nrows:\n  full_house: {points: 30}\n"


def side_by_side(figures: Figures) -> bool:
    """Protocol 2 against protocol 1, and a ruleset file against a shipped ruleset: the figures,
    and whether every case passed."""
    clean = True
    both = ("exhaustive", "games")
    rates = {}
    for _ in corpus.games(shipped_rulesets(Options()), kept=True):  # kept first: both versions read them
        pass
    told = Options(rulesets=tuple(name for names in reference_games(1).values() for name in names))  # by both
    for version, adapter in ((2, ADAPTER), (1, [*ADAPTER, "--protocol", "1"])):
        count, elapsed, recorder = pipelined(both, adapter, told)
        rates[version] = count / elapsed
        clean &= recorder.ok()
        print(f"protocol {version}: {count:,} cases (exhaustive, games) in {elapsed:.2f} s: {rates[version]:,.0f} /s")
    ratio = figures.add(
        "conformance over stdio: protocol 2 / protocol 1 (cases/s, exhaustive and games)",
        rates[2] / rates[1],
        "×",
        TARGET_NO_SLOWER,
        beside=f"protocol 2: {rates[2]:,.0f} cases/s, protocol 1: {rates[1]:,.0f} cases/s",
        spec=".2f",
    )
    print(f"protocol 2 / protocol 1: {ratio.figure_text}; target {ratio.goal_text}: {ratio.verdict}")
    with tempfile.TemporaryDirectory() as folder:
        house = Path(folder) / "house.yaml"
        house.write_text(HOUSE, encoding="utf-8")
        declare_file(house)
        timed = {}
        for label, name in (("file, first", "bench-house"), ("file, kept", "bench-house"), ("shipped", "yahtzee")):
            if label == "file, first":
                for kept in (cache_dir() / "conformance-games").glob("bench-house-*.json"):
                    kept.unlink()
            count, elapsed, recorder = pipelined(both, ADAPTER, Options(rulesets=(name,)))
            clean &= recorder.ok()
            timed[label] = count / elapsed
            print(f"under {label} ({name}): {count:,} cases in {elapsed:.2f} s: {timed[label]:,.0f} cases/s")
    ratio = figures.add(
        "conformance over stdio: a ruleset file's rules, kept / shipped rules (cases/s)",
        timed["file, kept"] / timed["shipped"],
        "×",
        TARGET_NO_SLOWER,
        beside=f"its first run, its games worked out: {timed['file, first']:,.0f} cases/s",
        spec=".2f",
    )
    print(f"a ruleset file / shipped: {ratio.figure_text}; target {ratio.goal_text}: {ratio.verdict}")
    return clean


def process_per_case(sample: int, total: int) -> tuple[int, float, int]:
    """``sample`` cases spread over the corpus, each in a new adapter process (started, greeted,
    asked, closed): (cases, seconds, mismatches)."""
    step = max(1, total // sample)
    cases = list(islice(corpus.exhaustive(shipped_rulesets(Options())), 0, None, step))[:sample]
    wrong = 0
    start = time.perf_counter()
    for case in cases:
        transport = StdioTransport(ADAPTER)
        outcome = transport.call(case.op, case.args)
        transport.close()
        wrong += outcome != ("result", case.expected)
    return len(cases), time.perf_counter() - start, wrong


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("sample", nargs="?", type=int, default=40, help="cases run one process each (default 40)")
    add_json_option(parser)
    args = parser.parse_args()
    figures = Figures()
    count, elapsed, recorder = pipelined(("exhaustive",), ADAPTER)
    passed, failed, errored, skipped = recorder.totals()
    rate = figures.add(
        "conformance over stdio, exhaustive corpus, one process pipelined",
        count / elapsed,
        "cases/s",
        TARGET_RATE,
        beside=f"{count:,} cases in {elapsed:.2f} s",
        spec=",.0f",
    )
    print(
        f"stdio, one process, pipelined: {count:,} cases in {elapsed:.2f} s: {rate.figure_text} "
        f"({passed:,} passed, {failed} failed, {errored} errored, {skipped} skipped); "
        f"target {rate.goal_text}: {rate.verdict}"
    )
    done, seconds, wrong = process_per_case(args.sample, count)
    per_case = done / seconds
    print(
        f"one process per case, {done} cases spread over the corpus: {seconds:.2f} s: {per_case:,.2f} cases/s "
        f"({seconds / done * 1000:.0f} ms a case; {wrong} mismatches)"
    )
    ratio = figures.add(
        "conformance over stdio: pipelined / one process per case (cases/s)",
        rate.value / per_case,
        "×",
        TARGET_RATIO,
        beside=f"one process per case: {per_case:,.2f} cases/s, {done} cases",
        spec=",.0f",
    )
    print(f"ratio: {ratio.figure_text}; target {ratio.goal_text}: {ratio.verdict}")
    figures.add("conformance over stdio: cases not passed", failed + errored + wrong, goal=TARGET_WRONG, spec=",.0f")
    clean = side_by_side(figures)
    figures.write(args.json)
    return 0 if failed == errored == wrong == 0 and clean else 1


if __name__ == "__main__":
    raise SystemExit(main())
