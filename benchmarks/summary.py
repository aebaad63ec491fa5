"""``make bench``: every benchmark in this folder run once, then their figures in one table.

    python benchmarks/summary.py [BENCHMARK ...] [--quiet]

Each benchmark (``conformance_ceiling``, ``sheet_solver``, …; all of them by default) runs as
its own script, in a process of its own, with ``--json FILE``: it measures and prints as it
does alone, and writes its figures, each with its goal (:mod:`goals`). What the benchmarks
print goes to the standard error as they run (the progress; ``--quiet``: one line a benchmark
instead); the standard output gets one Markdown table: each measure, its figure, its goal,
met or not, and what stands beside it, with the machine's cores and load before and after.
A run of every benchmark also writes that table into ``benchmarks/README.md``, between its two
markers (:data:`BEGIN`, :data:`END`), so the page's figures are always the last run's; the prose
around the markers is the page's own.

Figures only: a goal missed fails nothing. The exit status is 0 unless a benchmark itself
failed (it crashed, or its adapter answered wrongly: its status was not 0, or it wrote no
figures); the table is printed either way, with what was measured.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from goals import Figure, cores, load, read, table

FOLDER = Path(__file__).resolve().parent
BENCHMARKS = (
    "conformance_ceiling",
    "sheet_solver",
    "first_roll_solver",
    "sheet_scoring",
    "conformance_stdio",
    "ten_thousand_best",
    "identify_time",
    "own_dice",
    "coach_size",
    "two_player",
)
HEADER = ["measure", "figure", "goal", "met", "beside"]
README = FOLDER / "README.md"
BEGIN = "<!-- begin: the last run's figures, written by make bench -->"
END = "<!-- end: the last run's figures -->"


def with_summary(page: str, summary: str) -> str:
    """``page`` (benchmarks/README.md's text) with ``summary`` between its markers, in place of
    what stood there; a page without both markers, in order, is an error."""
    head, begin, rest = page.partition(BEGIN)
    _old, end, tail = rest.partition(END)
    if not begin or not end:
        raise ValueError(f"benchmarks/README.md lacks its markers: {BEGIN} ... {END}")
    return f"{head}{BEGIN}\n{summary.rstrip()}\n{END}{tail}"


def duration(seconds: float) -> str:
    """``seconds`` as minutes and seconds, e.g. ``3 min 05 s``."""
    minutes, rest = divmod(round(seconds), 60)
    return f"{minutes} min {rest:02d} s" if minutes else f"{rest} s"


def run(name: str, json_path: Path, *, quiet: bool) -> tuple[list[Figure], str | None]:
    """Run the benchmark ``name`` (``benchmarks/NAME.py``) with ``--json json_path``, its output
    passed to the standard error line by line (kept back with ``quiet``, and then shown only if
    it fails): its figures, and what went wrong (``None`` when it ran to the end)."""
    environment = {**os.environ, "PYTHONUNBUFFERED": "1"}
    child = subprocess.Popen(
        [sys.executable, str(FOLDER / f"{name}.py"), "--json", str(json_path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=environment,
    )
    assert child.stdout is not None
    lines = []
    for line in child.stdout:
        lines.append(line)
        if not quiet:
            print(f"  {line}", end="", file=sys.stderr, flush=True)
    status = child.wait()
    figures = read(json_path) if json_path.is_file() else []
    if status == 0 and figures:
        return figures, None
    if quiet:
        sys.stderr.writelines(f"  {line}" for line in lines)
    return figures, f"exited with status {status}" + ("" if figures else ", no figures written")


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "benchmarks",
        nargs="*",
        default=list(BENCHMARKS),
        metavar="BENCHMARK",
        help=f"which to run (default all: {', '.join(BENCHMARKS)})",
    )
    parser.add_argument("--quiet", action="store_true", help="one progress line a benchmark, not their own output")
    args = parser.parse_args()
    unknown = sorted(set(args.benchmarks) - set(BENCHMARKS))
    if unknown:
        parser.error(f"no such benchmark: {', '.join(unknown)} (the benchmarks: {', '.join(BENCHMARKS)})")
    before, start = load(), time.perf_counter()
    rows, failures = [HEADER], []
    with tempfile.TemporaryDirectory(prefix="dicespec-bench-") as folder:
        for number, name in enumerate(args.benchmarks, 1):
            print(
                f"== [{number}/{len(args.benchmarks)}] benchmarks/{name}.py; load: {load()}",
                file=sys.stderr,
                flush=True,
            )
            began = time.perf_counter()
            figures, failure = run(name, Path(folder) / f"{name}.json", quiet=args.quiet)
            print(
                f"   {name}: {duration(time.perf_counter() - began)}" + (f"; {failure}" if failure else ""),
                file=sys.stderr,
                flush=True,
            )
            rows += [[row.measure, row.figure_text, row.goal_text, row.verdict, row.beside] for row in figures]
            if failure:
                failures.append(f"benchmarks/{name}.py {failure}")
    goals = [row for row in rows[1:] if row[3] in ("met", "MISSED")]
    heading = (
        f"make bench: {len(args.benchmarks)} benchmarks in {duration(time.perf_counter() - start)} on {cores()} cores; "
        f"goals met: {sum(row[3] == 'met' for row in goals)} of {len(goals)}"
    )
    loads = f"load (other work running at the same time): before {before}; after {load()}"
    print(heading)
    print(loads)
    print(table(rows))
    for failure in failures:
        print(f"FAILED: {failure}")
    if list(args.benchmarks) == list(BENCHMARKS) and not failures:  # a whole run, every benchmark to its end
        README.write_text(
            with_summary(README.read_text(encoding="utf-8"), f"{heading}.  \n{loads}.\n\n{table(rows)}"),
            encoding="utf-8",
        )
        print(f"written into {README.relative_to(FOLDER.parent)}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
