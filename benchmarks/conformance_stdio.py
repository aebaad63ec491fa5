"""Benchmark: the whole exhaustive conformance corpus over stdio, one adapter process, pipelined,
against one process per case on a sample of the same cases (how a runner that starts the
implementation for every case would go).

Both sides count whole cases: the request written, the reply read and checked against the
protocol's schema, compared with the reference's answer computed as the corpus streams.
Targets: at least 30,000 cases/s over stdio, and at least 1,000 times the process-per-case rate.
Run: ``python benchmarks/conformance_stdio.py [SAMPLE] [--json FILE]`` (SAMPLE: cases run one
process each, default 40; ``--json``: the figures, each with its goal, written for
``benchmarks/summary.py``).
"""

from __future__ import annotations

import argparse
import sys
import time
from itertools import islice

from dicespec import corpus
from dicespec.conformance.run.report import Recorder
from dicespec.conformance.run.runner import Options, Run, Target, run_corpus, shipped_rulesets
from dicespec.conformance.transports.stdio import StdioTransport
from goals import Figures, Goal, add_json_option

ADAPTER = [sys.executable, "-m", "dicespec.adapter"]
TARGET_RATE = Goal(">=", 30_000)
TARGET_RATIO = Goal(">=", 1_000)
TARGET_WRONG = Goal("==", 0)


def pipelined() -> tuple[int, float, Recorder]:
    """The whole exhaustive corpus through one adapter process: (cases, seconds, results)."""
    recorder = Recorder()
    transport = StdioTransport(ADAPTER)
    run = Run(Target(command=tuple(ADAPTER)))
    run.hello = transport.start()
    start = time.perf_counter()
    count = run_corpus("exhaustive", transport, Options(), recorder, run)
    elapsed = time.perf_counter() - start
    transport.close()
    return count, elapsed, recorder


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
    count, elapsed, recorder = pipelined()
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
    figures.write(args.json)
    return 0 if failed == errored == wrong == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
