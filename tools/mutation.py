"""How much of the engines' rule code the spec alone pins down: mutation testing (``make mutation``).

mutmut (configured in ``pyproject.toml``) changes the engines' rule code one small edit at a
time (a ``<`` for a ``<=``, a ``1`` for a ``2``, a value for ``None``) and runs the spec's
features, and nothing else, against each such *mutant*. A mutant no feature fails on has
*survived*: either a case is missing, or the edit cannot change any outcome.

Every survivor is judged in ``fixtures/mutation/``:

* ``scope.yaml`` names the functions that hold no rule (prose for the site, reading a ruleset
  file, drawing random dice), each with its reason; their mutants do not count. Nor does a
  mutant that only changes the words of an error: cases check a refusal's code, not its text.
* ``judged.yaml`` lists each remaining survivor that is *equivalent* (no outcome can change) or
  *unreached* (code that no shipped ruleset runs yet), each with its diff and a one-line reason.
  A recorded diff that no longer matches its mutant is stale: the mutant counts as survived.

``results.json`` holds the last run (its counts, every survivor and its verdict, and a digest
of the inputs, so a test can tell when it is out of date) and ``history.jsonl`` a line per run.
The score is killed / (killed + unreached + survived): the share of the mutants that count
which the features alone kill.

Usage: ``python -m tools.mutation`` (from the checkout) runs mutmut and records the run;
``--judge-only`` judges the last run again after an edit of ``judged.yaml``. A maintainer's tool:
the wheel does not carry it (the verdicts and the score it records are
:mod:`dicespec.spec.mutation`'s, which the rules site reads).

mutmut loads this module as a pytest plugin too (``-p tools.mutation``, ``[tool.mutmut]`` in
``pyproject.toml``), for :func:`pytest_runtest_setup`.
"""

from __future__ import annotations

import argparse
import ast
import datetime
import fnmatch
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from dicespec.spec.mutation import FOLDER, NOT_COUNTED, VERDICTS, counted, score
from dicespec.spec.paths import data_root


@dataclass(frozen=True, slots=True)
class Mutant:
    """One mutant as mutmut reports it: its name, mutmut's status and, unless killed, its diff."""

    name: str  # e.g. dicespec.scoresheet.game.x_allowed_rows__mutmut_3
    status: str  # killed | survived | no tests | timeout | ...
    diff: tuple[str, ...] = ()  # the changed lines, "- old" then "+ new"

    @property
    def module(self) -> str:
        return self.name.split(".x", 1)[0]

    @property
    def function(self) -> str:
        """The mutated function's own name (a method without its class)."""
        base = re.sub(r"__mutmut_\d+$", "", self.name.rpartition(".")[2])
        return base.rpartition("ǁ")[2] if "ǁ" in base else base.removeprefix("x_")


@dataclass(frozen=True, slots=True)
class Judged:
    """A survivor judged in judged.yaml."""

    verdict: str  # equivalent | unreached
    diff: tuple[str, ...]
    reason: str


def folder(root: Path | None = None) -> Path:
    return (root or data_root()).joinpath(*FOLDER)


@cache
def _scope(path: Path) -> tuple[tuple[tuple[str, ...], str], ...]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return tuple((tuple(entry["functions"]), entry["reason"].strip()) for entry in data["out_of_scope"])


def judged(root: Path | None = None) -> dict[str, Judged]:
    """The survivors judged equivalent or unreached, by mutant name."""
    data = yaml.safe_load((folder(root) / "judged.yaml").read_text(encoding="utf-8")) or {}
    return {
        entry["mutant"]: Judged(verdict, tuple(entry["diff"]), entry["reason"].strip())
        for verdict in ("equivalent", "unreached")
        for entry in data.get(verdict) or ()
    }


def out_of_scope(mutant: Mutant, root: Path | None = None) -> str | None:
    """The reason the mutant's function holds no rule, if it is one of scope.yaml's."""
    for patterns, reason in _scope(folder(root) / "scope.yaml"):
        if any(fnmatch.fnmatchcase(mutant.function, pattern) for pattern in patterns):
            return reason
    return None


@cache
def _message_lines(source: Path) -> frozenset[str]:
    """The lines (stripped) of the arguments of every ``raise SomeError(...)`` in a module."""
    text = source.read_text(encoding="utf-8")
    lines = text.splitlines()
    found: set[str] = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and node.exc.end_lineno:
            found.update(line.strip() for line in lines[node.exc.lineno - 1 : node.exc.end_lineno])
    return frozenset(found)


def only_a_message(mutant: Mutant, root: Path | None = None) -> bool:
    """Does the mutant change nothing but the words of an error it raises?"""
    source = (root or data_root()) / "src" / Path(*mutant.module.split("."))
    removed = [line[1:].strip() for line in mutant.diff if line.startswith("-")]
    messages = _message_lines(source.with_suffix(".py"))
    return bool(removed) and all(line in messages for line in removed)


def verdict(mutant: Mutant, judgements: Mapping[str, Judged], root: Path | None = None) -> tuple[str, str]:
    """What a mutant counts as, and why: one of VERDICTS or NOT_COUNTED, and a reason."""
    if mutant.status == "killed":
        return "killed", ""
    if reason := out_of_scope(mutant, root):
        return "out of scope", reason
    if only_a_message(mutant, root):
        return "message", "changes only the words of an error"
    judgement = judgements.get(mutant.name)
    if judgement is None:
        return "survived", f"no feature fails ({mutant.status})"
    if judgement.diff != mutant.diff:
        return "survived", "judged.yaml records another diff for this name: judge it again"
    return judgement.verdict, judgement.reason


# -- the inputs of a run ----------------------------------------------------------------------


def mutmut_config(root: Path | None = None) -> dict[str, Any]:
    data = tomllib.loads(((root or data_root()) / "pyproject.toml").read_text(encoding="utf-8"))
    config: dict[str, Any] = data["tool"]["mutmut"]
    return config


def inputs(root: Path | None = None) -> list[Path]:
    """The files a run depends on: the mutated code, the features, the steps, the errata and
    rulesets they read, and the judgements' scope."""
    root = root or data_root()
    files = [root / name for name in mutmut_config(root)["only_mutate"]]
    files += sorted((root / "features").rglob("*.feature"))
    steps = root / "src" / "dicespec" / "spec" / "steps"
    files += [*sorted(steps.glob("*.py")), steps.parent / "phrasebook.yaml"]
    files += [root / "fixtures" / "errata.yaml", *sorted((root / "src" / "dicespec" / "rulesets").glob("*.yaml"))]
    return files


def digest(root: Path | None = None) -> str:
    root = root or data_root()
    sha = hashlib.sha256()
    for path in inputs(root):
        sha.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return sha.hexdigest()[:16]


# -- the spec's run under mutmut --------------------------------------------------------------


def pytest_runtest_setup(item: Any) -> None:
    """mutmut's first run (``MUTANT_UNDER_TEST=stats``) records which tests call each function, and
    runs only those against the function's mutants. An engine table cached by one test would hide
    every later test that reads it, so that run empties the engines' caches before each test."""
    if os.environ.get("MUTANT_UNDER_TEST") != "stats":
        return
    from dicespec.scoresheet import rows
    from dicespec.setaside import combos

    for module in (rows, combos):
        for value in vars(module).values():
            if callable(getattr(value, "cache_clear", None)):
                value.cache_clear()


# -- running mutmut ---------------------------------------------------------------------------


def _mutmut(*args: str, root: Path) -> str:
    found = subprocess.run([sys.executable, "-m", "mutmut", *args], cwd=root, capture_output=True, text=True)
    if found.returncode != 0:
        raise SystemExit(
            f"mutmut {' '.join(args)} failed: {found.stderr.strip().splitlines()[-1:] or found.returncode}"
        )
    return found.stdout


def _diff(name: str, root: Path) -> tuple[str, ...]:
    shown = _mutmut("show", name, root=root).splitlines()
    return tuple(line for line in shown if line[:1] in "-+" and not line.startswith(("---", "+++")))


def collect(root: Path) -> list[Mutant]:
    """Every mutant of the last run, with the diff of each one that may need judging."""
    mutants = []
    for line in _mutmut("results", "--all", "true", root=root).splitlines():
        name, sep, status = line.strip().rpartition(": ")
        if not sep:
            continue
        bare = Mutant(name, status)
        needs_diff = status != "killed" and not out_of_scope(bare, root)
        mutants.append(Mutant(name, status, _diff(name, root)) if needs_diff else bare)
    return mutants


def record(mutants: Sequence[Mutant], root: Path, judgements: Mapping[str, Judged]) -> dict[str, Any]:
    """Judge every mutant; write results.json; return it."""
    verdicts = [(mutant, *verdict(mutant, judgements, root)) for mutant in mutants]
    by_module: dict[str, Counter[str]] = {}
    for mutant, found, _ in verdicts:
        by_module.setdefault(mutant.module, Counter())[found] += 1
    counts = Counter(found for _, found, _ in verdicts)
    results = {
        "inputs": digest(root),
        "counts": {v: counts.get(v, 0) for v in (*VERDICTS, *NOT_COUNTED)},
        "score": round(score(counts), 4),
        "modules": {m: {v: c.get(v, 0) for v in (*VERDICTS, *NOT_COUNTED)} for m, c in sorted(by_module.items())},
        "survivors": [
            {"mutant": m.name, "verdict": found, "reason": why, "diff": list(m.diff)}
            for m, found, why in verdicts
            if found in ("equivalent", "unreached", "survived")
        ],
    }
    (folder(root) / "results.json").write_text(
        json.dumps(results, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    return results


def _commit(root: Path) -> str:
    found = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=root, capture_output=True, text=True)
    return found.stdout.strip() or "unknown"


def add_history(results: Mapping[str, Any], root: Path, *, rejudged: bool = False) -> None:
    """Add the run's line to history.jsonl; a run judged again replaces its own line."""
    path = folder(root) / "history.jsonl"
    lines = path.read_text(encoding="utf-8").splitlines() if path.is_file() else []
    if rejudged and lines and json.loads(lines[-1])["inputs"] == results["inputs"]:
        last = json.loads(lines.pop())
        date, commit = last["date"], last["commit"]
    else:
        date, commit = datetime.date.today().isoformat(), _commit(root)
    line = {"date": date, "commit": commit, "inputs": results["inputs"], **results["counts"], "score": results["score"]}
    path.write_text("".join(f"{kept}\n" for kept in [*lines, json.dumps(line)]), encoding="utf-8")


def summary(results: Mapping[str, Any]) -> str:
    counts = results["counts"]
    lines = [
        f"mutation score {results['score']:.1%}: {counts['killed']} killed of {counted(counts)} that count "
        f"({counts['unreached']} unreached, {counts['survived']} survived); "
        f"{counts['equivalent']} equivalent, {counts['out of scope']} out of scope, {counts['message']} messages"
    ]
    for entry in results["survivors"]:
        if entry["verdict"] == "survived":
            lines.append(f"  survived: {entry['mutant']}: {entry['reason']}")
            lines.extend(f"      {line}" for line in entry["diff"])
    return "\n".join(lines)


def main(argv: Iterable[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.mutation",
        description="Mutation-test the engines with the features as the only tests, and record the score "
        "in fixtures/mutation/ (results.json, history.jsonl). Exits 1 while a survivor is not judged.",
    )
    parser.add_argument(
        "--judge-only",
        action="store_true",
        help="do not run mutmut: judge its last run again (after editing judged.yaml)",
    )
    parser.add_argument(
        "--jobs", type=int, default=os.cpu_count() or 1, help="mutants run at once (default: the cores)"
    )
    args = parser.parse_args(list(argv) if argv is not None else None)
    root = data_root()
    if not args.judge_only:
        shutil.rmtree(root / "mutants", ignore_errors=True)  # a fresh copy of the code, features and steps
        run = subprocess.run([sys.executable, "-m", "mutmut", "run", "--max-children", str(args.jobs)], cwd=root)
        if run.returncode != 0:
            print(f"mutmut run failed (exit status {run.returncode}); nothing recorded", file=sys.stderr)
            return run.returncode
    judgements = judged(root)
    results = record(collect(root), root, judgements)
    add_history(results, root, rejudged=args.judge_only)
    print(summary(results))
    return 1 if results["counts"]["survived"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
