"""Benchmark: the browser coach's file for every shipped ruleset, its size and how fast it serves.

    python benchmarks/coach_size.py [RULESET ...] [--json FILE]

For each ruleset (every shipped one by default), :func:`dicespec.solver.coachdata.coach_data`
writes the coach file the browser loads when a game starts (a score sheet is solved first if no
solution is cached); the table shows its compressed size against the goal (at most 3 MB), how
many values it holds, and, in node, the time from the file's bytes to a coach
(``loadCoach``: decompressing and reading it) and to the first advice, at a first roll of the
game that leaves a choice (``coach.advise``, replayed by the JavaScript implementation). A
ruleset the solver refuses (Maxi Yatzy) has no file and is listed as such. The browser's own test
needs the first advice within 3 s on chromium, the file's fetch included; node's time is printed
beside it.

Figures only: nothing here fails on size or time. ``--json FILE`` also writes them, each with
its goal, for ``benchmarks/summary.py``.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from goals import Figures, Goal, add_json_option, load, table

REPO = Path(__file__).resolve().parent.parent
GOAL_MB = Goal("<=", 3.0)
GOAL_FIRST_SECONDS = Goal("<", 3.0)

TIMER = """
import { loadCoach } from "./coach.mjs";
import { operations } from "./dicespec-games.mjs";
import { readFileSync } from "node:fs";

const [rulesetsFile, coachFile, name, roll] = process.argv.slice(2);
const rulesets = JSON.parse(readFileSync(rulesetsFile, "utf8"));
const bytes = new Uint8Array(readFileSync(coachFile));
const start = performance.now();
const coach = await loadCoach(name, rulesets, bytes);
const loaded = performance.now();
const players = rulesets[name].players.min;
const answer = operations(rulesets).replay({ ruleset: name, players, actions: [`roll ${roll}`] });
const advice = coach.advise(answer);
const first = performance.now();
console.log(JSON.stringify({ load_ms: loaded - start, first_ms: first - start, choices: advice.length }));
"""


FACES = "123456123456"


def first_advice(folder: Path, path: Path, name: str, dice: int) -> dict[str, float] | None:
    """node's times to load the coach file at ``path`` and give its first advice, at the first of
    the rolls ``12345…``, ``23456…``, … after which the game leaves a choice (Pig's roll of 1 ends
    the turn at once); ``None`` where none of them does."""
    for start in range(6):
        child = subprocess.run(
            ["node", "timer.mjs", str(REPO / "js" / "rulesets.json"), str(path), name, FACES[start : start + dice]],
            cwd=folder,
            capture_output=True,
            text=True,
            check=True,
        )
        timing: dict[str, float] = json.loads(child.stdout)
        if timing["choices"]:
            return timing
    return None


def main() -> int:
    from dicespec import find_ruleset
    from dicespec.rulesets import ruleset_names
    from dicespec.solver.coachdata import coach_data, read_coach_data

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "rulesets", nargs="*", metavar="RULESET", help="rulesets to measure (default: every shipped one)"
    )
    add_json_option(parser)
    args = parser.parse_args()
    names = args.rulesets or list(ruleset_names())
    figures = Figures()
    rows = [["ruleset", "layout", "values", "compressed", "goal", "node load", "node first advice", "met"]]
    with tempfile.TemporaryDirectory(prefix="dicespec-coach-") as temporary:
        folder = Path(temporary)
        shutil.copy(REPO / "js" / "coach.mjs", folder / "coach.mjs")
        shutil.copy(REPO / "js" / "dicespec-games.mjs", folder / "dicespec-games.mjs")
        (folder / "timer.mjs").write_text(TIMER, encoding="utf-8")
        for name in names:
            ruleset = find_ruleset(name)
            print(f"{name}…", file=sys.stderr, flush=True)
            data = coach_data(ruleset)
            if data is None:
                rows.append([name, "refused by the solver", "—", "—", GOAL_MB.text("MB"), "—", "—", "—"])
                continue
            header, _ = read_coach_data(data)
            path = folder / f"{name}.gz"
            path.write_bytes(data)
            timing = first_advice(folder, path, name, ruleset.dice)
            if timing is None:
                raise SystemExit(f"{name}: the coach gave no choice at any first roll tried")
            size = figures.add(
                f"coach file of {name}",
                len(data) / 1e6,
                "MB",
                GOAL_MB,
                beside=f"{header['count']:,} values",
                spec=",.3f",
            )
            first = figures.add(
                f"coach of {name}: load and first advice (node)",
                timing["first_ms"] / 1000,
                "s",
                GOAL_FIRST_SECONDS,
                beside=f"load {timing['load_ms']:.0f} ms",
                spec=",.3f",
            )
            rows.append(
                [
                    name,
                    header["layout"],
                    f"{header['count']:,}",
                    f"{len(data) / 1e6:.3f} MB",
                    size.goal_text,
                    f"{timing['load_ms']:.0f} ms",
                    f"{timing['first_ms']:.0f} ms",
                    "met" if size.met and first.met else "MISSED",
                ]
            )
    print(table(rows))
    print(f"load after: {load()}")
    figures.write(args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
