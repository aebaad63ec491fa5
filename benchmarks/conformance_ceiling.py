"""Benchmark: the conformance runner against the reference adapter and against its ceiling, per
part, and the whole suite against the reference.

The ceiling is an adapter that answers every request from a table made beforehand
(``benchmarks/ceiling.py``): the fastest any implementation can answer over the
protocol, so the runner's own work is all its time. The tables: the corpus's cases with their
expected answers (exhaustive, games); the reference's answers to the features part, recorded
in one run first. For each part (features, exhaustive, games) both adapters run the part the
same way ``dicespec conform --part PART`` does, in turns, several times; each keeps its best
rate. Then ``dicespec conform`` runs the whole suite against the reference.

Goals: in every part the reference at least half as fast as the ceiling (a ratio of 0.5 or
more), and the whole suite in less than 15 s (on the developers' machine). The machine may be
shared: the figures are the best of the repetitions, and each run's CPU time (the runner's and
its children's, the whole ``conform`` run's) is printed beside its wall time, a figure other
processes do not stretch. The runner keeps the replayed games it plays in the cache folder
(:mod:`dicespec.corpus.kept_games`), so the runs read them back, as a developer's
second run does; one more whole suite, with an empty cache folder, says what a first run takes.

What bounds the games part: the reference engines' own work. The games part is also answered
in this process, with no protocol and no runner (the reference adapter's
:class:`~dicespec.conformance.serving.quick_reference.QuickReference` called directly, best of the
repetitions, processor time): that rate against the ceiling's is the best ratio the engines
allow, whatever the protocol and the runner do, and its time over the game actions the engines
carry out (each game's actions once: its longest request) is their cost per action.

Run: ``python benchmarks/conformance_ceiling.py [REPEAT] [--json FILE]`` (REPEAT: runs of each,
default 3; ``--json``: the figures, each with its goal, written for ``benchmarks/summary.py``).
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import ceiling
from dicespec.conformance.run.report import PARTS, Recorder
from dicespec.conformance.run.runner import Options, Target, conform, corpus_cases
from dicespec.conformance.serving.quick_reference import QuickReference
from dicespec.corpus import Case
from goals import Figures, Goal, add_json_option

REFERENCE = (sys.executable, "-m", "dicespec.adapter")
CEILING = ceiling.COMMAND
GOAL_RATIO = Goal(">=", 0.5)
GOAL_SUITE = Goal("<", 15.0)
GOAL_NOT_PASSED = Goal("==", 0)


@dataclass
class Timing:
    """One run: its cases, wall seconds, CPU seconds (the runner's and its children's), and
    the cases that did not pass."""

    cases: int
    seconds: float
    cpu: float
    not_passed: int

    @property
    def rate(self) -> float:
        return self.cases / self.seconds if self.seconds else 0.0


def _cpu() -> float:
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def timed(command: tuple[str, ...], parts: tuple[str, ...]) -> Timing:
    """One ``dicespec conform`` of ``parts`` against ``command``; a single part is timed as the
    runner times it (its cases, from the start of the part), a whole suite from the start."""
    recorder = Recorder()
    cpu, start = _cpu(), time.perf_counter()
    run = conform(Target(command=command), Options(parts=parts), recorder)
    seconds, cpu = time.perf_counter() - start, _cpu() - cpu
    passed, failed, errored, skipped = recorder.totals()
    if len(parts) == 1:
        seconds = run.seconds.get(parts[0], seconds)
    return Timing(passed + failed + errored + skipped, seconds, cpu, failed + errored + skipped)


def tables(folder: Path) -> dict[str, Path]:
    """Each part's table: the corpus's from its cases, the features' recorded from the reference."""
    made = {}
    for part in ("exhaustive", "games"):
        made[part] = folder / f"{part}.table"
        ceiling.save(ceiling.table_of_cases(corpus_cases(part, Options())), made[part])
    made["features"] = folder / "features.table"
    recording = timed((*CEILING, "--record", str(made["features"])), ("features",))
    if recording.not_passed or not made["features"].is_file():
        raise SystemExit(f"recording the features' answers: {recording.not_passed} cases did not pass")
    return made


def in_process(cases: list[Case]) -> Timing:
    """The reference adapter's own answers to ``cases``, in this process (no protocol, no
    runner), in processor seconds; a case not passed is an answer other than the expected one."""
    reference, differ = QuickReference(), 0
    start = time.process_time()
    for case in cases:
        differ += getattr(reference, case.op)(**case.args) != case.expected
    return Timing(len(cases), time.process_time() - start, time.process_time() - start, differ)


def game_actions(cases: list[Case]) -> int:
    """The actions the engines carry out to answer ``cases`` from replays resumed as the
    reference adapter resumes them: each game's longest request, once."""
    longest: dict[str, int] = {}
    for case in cases:
        game = case.id.rpartition("/")[0]
        longest[game] = max(longest.get(game, 0), len(case.args["actions"]))
    return sum(longest.values())


def best(timings: list[Timing]) -> Timing:
    return max(timings, key=lambda t: t.rate)


def engines_bound(figures: Figures, ceiling_run: Timing) -> int:
    """Measure and record what the engines' own work allows the games part (see the module);
    returns the cases whose answers differed."""
    cases = list(corpus_cases("games", Options()))
    own = max((in_process(cases) for _ in range(3)), key=lambda t: t.rate)
    actions = game_actions(cases)
    bound = figures.add(
        "conformance, games: the engines' answers in process / ceiling (cases/s)",
        own.rate / ceiling_run.rate,
        beside=f"{own.rate:,.0f} cases/s in process, no protocol; "
        f"{own.seconds / actions * 1e6:.1f} µs a game action ({actions:,} actions)",
    )
    print(
        f"{'':<11} {own.cases:>8,}  {own.rate:>9,.0f}/s in process, no protocol: at best {bound.value:.2f} of the "
        f"ceiling; {own.seconds:.2f} s for {actions:,} game actions, {own.seconds / actions * 1e6:.1f} µs each"
    )
    return own.not_passed


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("repeat", nargs="?", type=int, default=3, help="runs of each, the best kept (default 3)")
    add_json_option(parser)
    args = parser.parse_args()
    repeat, figures, problems = args.repeat, Figures(), 0
    print(f"Conformance: the runner against the reference adapter and against its ceiling (a table), best of {repeat}")
    print(f"{'part':<11} {'cases':>8}  {'reference':>13}  {'ceiling':>13}  {'ratio':>5}  goal {GOAL_RATIO.text('')}")
    with tempfile.TemporaryDirectory(prefix="dicespec-ceiling-") as folder:
        made = tables(Path(folder))
        for part in PARTS:
            runs: dict[str, list[Timing]] = {"reference": [], "ceiling": []}
            for _ in range(repeat):
                runs["reference"].append(timed(REFERENCE, (part,)))
                runs["ceiling"].append(timed((*CEILING, str(made[part])), (part,)))
            reference, table = best(runs["reference"]), best(runs["ceiling"])
            problems += sum(t.not_passed for t in runs["reference"] + runs["ceiling"])
            ratio = figures.add(
                f"conformance, {part}: reference / ceiling (cases/s)",
                reference.rate / table.rate,
                goal=GOAL_RATIO,
                beside=f"{reference.rate:,.0f} / {table.rate:,.0f} cases/s, {reference.cases:,} cases",
            )
            print(
                f"{part:<11} {reference.cases:>8,}  {reference.rate:>9,.0f}/s    {table.rate:>9,.0f}/s  "
                f"{ratio.value:>5.2f}  {ratio.verdict:<6}   reference {reference.seconds:.2f} s "
                f"(run cpu {reference.cpu:.1f} s), ceiling {table.seconds:.2f} s (run cpu {table.cpu:.1f} s)"
            )
            if part == "games":
                problems += engines_bound(figures, table)
    suites = [timed(REFERENCE, PARTS) for _ in range(repeat)]
    suite = min(suites, key=lambda t: t.seconds)
    with tempfile.TemporaryDirectory(prefix="dicespec-ceiling-cache-") as empty:
        os.environ["DICESPEC_CACHE_DIR"], kept = empty, os.environ.get("DICESPEC_CACHE_DIR")
        try:
            first = timed(REFERENCE, PARTS)
        finally:
            if kept is None:
                del os.environ["DICESPEC_CACHE_DIR"]
            else:
                os.environ["DICESPEC_CACHE_DIR"] = kept
    problems += sum(t.not_passed for t in [*suites, first])
    whole = figures.add(
        "conformance, whole suite against the reference",
        suite.seconds,
        "s",
        GOAL_SUITE,
        beside=f"{suite.cases:,} cases, CPU {suite.cpu:.1f} s",
        spec=".1f",
    )
    figures.add(
        "conformance, whole suite, a first run (nothing kept in the cache folder)",
        first.seconds,
        "s",
        beside=f"CPU {first.cpu:.1f} s",
        spec=".1f",
    )
    figures.add("conformance cases not passed (every run above)", problems, goal=GOAL_NOT_PASSED, spec=",.0f")
    print(
        f"whole suite against the reference: {suite.cases:,} cases in {suite.seconds:.1f} s (cpu {suite.cpu:.1f} s); "
        f"goal {whole.goal_text}: {whole.verdict}"
    )
    print(
        f"  the same with nothing kept from an earlier run (its replayed games played, not read back): "
        f"{first.seconds:.1f} s (cpu {first.cpu:.1f} s)"
    )
    if problems:
        print(f"{problems} cases did not pass")
    figures.write(args.json)
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
