"""How much of the engines' rule code the spec alone pins down: mutation testing (``make mutation``).

mutmut (configured in ``pyproject.toml``) changes the engines' rule code one small edit at a
time (a ``<`` for a ``<=``, a ``1`` for a ``2``, a value for ``None``) and runs the spec, and
nothing else, against each such *mutant*: the features, and the expected outcomes of the model's
rulesets (``rulesets/model/``), which a default ``dicespec conform`` run asks an implementation as
it asks the features (``tests/rulesets/test_model.py``). A mutant no case fails on has
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

A judgement follows its mutant when the function moves (to another module or class): a survivor
without a judgement of its own name takes the one of a mutant that no longer exists, of a function
of the same name, with the same number and the same diff, if exactly one does; the run then renames
it in ``judged.yaml``. Moving a function costs no judging, only the run of its mutants (below).

**What a run runs again.** mutmut keeps its results in ``mutants/`` with a hash of each mutated
function, and when ``mutants/`` is kept it tests again only the mutants of the functions whose
code changed (and those of new functions); every other mutant keeps its result, and the score is
recomputed from them all. That holds while nothing else a verdict depends on has changed, and
mutmut sees neither the code outside the functions nor the tests' side, so this tool keeps, in
``mutants/dicespec-mutation.json``, a hash of each file of the tests' side as the kept run read it
(:func:`tests_side`): the features, the steps, the errata, the rulesets and the rest of the
package's data, every other module the spec's run imports, the mutated modules' code outside their
functions (constants, classes' fields, imports), the test run's own files and this tool. When one
of them changed, or there is no kept run, every mutant is run again from a fresh copy: a feature
removed or changed can bring a killed mutant back to life, and a new one can kill a survivor, and
mutmut would keep both results. ``--full`` runs every mutant again in any case. Each run collects
again which tests reach each function (mutmut's stats: one run of the features), so a re-tested
mutant is run against every test that now reaches it.

One approximation is mutmut's and stays: a mutant's result is kept when its own function did not
change, though an edit of another function it works with can change what the features see of it
(a caller that no longer reads its result, say). Run ``--full`` before recording a score you
will compare (``make mutation FULL=1``).

Usage: ``python -m tools.mutation`` (from the checkout) runs mutmut and records the run;
``--full`` runs every mutant again; ``--judge-only`` judges the last run again after an edit of
``judged.yaml``. A maintainer's tool: the wheel does not carry it (the verdicts and the score it
records are :mod:`dicespec.spec.mutation`'s, which the rules site reads).

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
import time
import tomllib
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from dicespec import code_graph
from dicespec.code_graph import FACE
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

    @property
    def number(self) -> int:
        """Its number among its function's mutants (which moving the function leaves as it is)."""
        return int(self.name.rpartition("__mutmut_")[2])


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
    """The lines (stripped) of the arguments of every ``raise SomeError(...)`` in a module, and of
    every ``yield SomeError(...)`` (an engine's refusals: each reason the rules refuse an action,
    an error its caller raises or names by its code)."""
    text = source.read_text(encoding="utf-8")
    lines = text.splitlines()
    found: set[str] = set()
    for node in ast.walk(ast.parse(text)):
        error = None
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
            error = node.exc
        elif isinstance(node, ast.Yield) and isinstance(node.value, ast.Call) and _an_error(node.value):
            error = node.value
        if error is not None and error.end_lineno:
            found.update(line.strip() for line in lines[error.lineno - 1 : error.end_lineno])
    return frozenset(found)


def _an_error(call: ast.Call) -> bool:
    """Does the call make an error (a class named ``...Error``)?"""
    name = call.func.id if isinstance(call.func, ast.Name) else getattr(call.func, "attr", "")
    return name.endswith("Error")


def only_a_message(mutant: Mutant, root: Path | None = None) -> bool:
    """Does the mutant change nothing but the words of an error it raises?"""
    source = (root or data_root()) / "src" / Path(*mutant.module.split("."))
    removed = [line[1:].strip() for line in mutant.diff if line.startswith("-")]
    messages = _message_lines(source.with_suffix(".py"))
    return bool(removed) and all(line in messages for line in removed)


def follow_moves(mutants: Iterable[Mutant], judgements: Mapping[str, Judged]) -> dict[str, str]:
    """The judgements that follow their mutant to its function's new place: new name → the name
    judged.yaml gives it. A survivor with no judgement of its name takes the one of a mutant that
    no longer exists, of a function of the same name, with the same number and diff, when exactly
    one judgement fits and it fits no other survivor."""
    names = {mutant.name for mutant in mutants}
    orphans: dict[tuple[str, int, tuple[str, ...]], list[str]] = {}
    for name, judgement in judgements.items():
        if name not in names:
            old = Mutant(name, "survived", judgement.diff)
            orphans.setdefault((old.function, old.number, old.diff), []).append(name)
    wanted: dict[tuple[str, int, tuple[str, ...]], list[str]] = {}
    for mutant in mutants:
        if mutant.status != "killed" and mutant.name not in judgements:
            wanted.setdefault((mutant.function, mutant.number, mutant.diff), []).append(mutant.name)
    moves = {}
    for key, newcomers in wanted.items():
        judged_as = orphans.get(key, [])
        if len(newcomers) == 1 and len(judged_as) == 1:
            moves[newcomers[0]] = judged_as[0]
    return moves


def rename_judged(moves: Mapping[str, str], root: Path) -> None:
    """Give each followed judgement its mutant's new name in judged.yaml (every other line as it is)."""
    path = folder(root) / "judged.yaml"
    text = path.read_text(encoding="utf-8")
    for new, old in moves.items():
        text = re.sub(rf"^(\s*- mutant: ){re.escape(old)}$", rf"\g<1>{new}", text, flags=re.M)
    path.write_text(text, encoding="utf-8")


def verdict(mutant: Mutant, judgements: Mapping[str, Judged], root: Path | None = None) -> tuple[str, str]:
    """What a mutant counts as, and why: one of VERDICTS or NOT_COUNTED, and a reason. A mutant of a
    function that holds no rule is out of scope whether or not a case kills it: the model rulesets'
    expected outcomes read their files, and so kill mutants of the readers, which score nothing."""
    if reason := out_of_scope(mutant, root):
        return "out of scope", reason
    if mutant.status == "killed":
        return "killed", ""
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


def selection(root: Path) -> list[str]:
    """The test modules mutmut runs against each mutant (``pytest_add_cli_args_test_selection``)."""
    return list(mutmut_config(root)["pytest_add_cli_args_test_selection"])


def inputs(root: Path | None = None) -> list[Path]:
    """The files a run depends on: the mutated code, the tests it runs, the features, the steps,
    the errata and rulesets they read (the model's too), and the judgements' scope."""
    root = root or data_root()
    files = [root / name for name in mutmut_config(root)["only_mutate"]]
    files += [root / name for name in selection(root)]
    files += sorted((root / "features").rglob("*.feature"))
    steps = root / "src" / "dicespec" / "spec" / "steps"
    files += [*sorted(steps.glob("*.py")), steps.parent / "phrasebook.yaml"]
    files += [root / "fixtures" / "errata.yaml", *sorted((root / "src" / "dicespec" / "rulesets").rglob("*.yaml"))]
    return files


def digest(root: Path | None = None) -> str:
    root = root or data_root()
    sha = hashlib.sha256()
    for path in inputs(root):
        sha.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return sha.hexdigest()[:16]


# -- what a kept run may keep -----------------------------------------------------------------

STATE = "dicespec-mutation.json"
"""In ``mutants/``: the tests' side of the kept run, a hash per file (:func:`tests_side`)."""

Kept = Mapping[str, tuple[str | None, int | None]]
"""Mutant → its function's hash and its exit code (``None`` while not run), from mutmut's .meta files."""

TEST_RUN = ("tests/conftest.py", "tools/mutation.py", "pyproject.toml", "constraints.txt")
"""The test run's own files besides the test modules it runs (:func:`selection`): its configuration,
its plugins' loader, this tool."""


def outside_functions(source: str) -> str:
    """A module's code but its functions and methods: its imports, constants and classes with their
    fields and bases, what mutmut's hash of each function does not see (as an AST dump: comments
    and layout left out)."""

    def without_functions(body: list[ast.stmt]) -> list[ast.stmt]:
        kept: list[ast.stmt] = []
        for node in body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            if isinstance(node, ast.ClassDef):
                node.body = without_functions(node.body)
            kept.append(node)
        return kept

    tree = ast.parse(source)
    tree.body = without_functions(tree.body)
    return ast.dump(tree)


def _test_run_plugins(root: Path) -> list[str]:
    """The modules ``tests/conftest.py`` names in ``pytest_plugins``."""
    tree = ast.parse((root / "tests" / "conftest.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "pytest_plugins" for t in node.targets):
            return [
                item.value
                for item in ast.walk(node.value)
                if isinstance(item, ast.Constant) and isinstance(item.value, str)
            ]
    return []


def spec_run_files(root: Path) -> list[Path]:
    """Every file the spec's run under mutmut reads but the mutated functions: the mutated modules
    (of which only the code outside the functions counts), the other modules of the package it
    imports, the package's data, the features and the errata, and the test run's own files."""
    package = root / "src" / "dicespec"
    plugins = _test_run_plugins(root)
    own = [root / name for name in (*TEST_RUN, *selection(root))] + [root / "tests" / f"{name}.py" for name in plugins]
    own = [path for path in own if path.is_file()]
    roots = [name for name in plugins if name.startswith(f"{FACE}.")]
    for path in own:
        if path.suffix == ".py":
            roots += code_graph.imports_in(path.read_text(encoding="utf-8"), path.stem, package=package)
    found = code_graph.modules(package)
    modules = [found[name] for name in code_graph.closure(sorted(set(roots)), package)]
    data = [path for path in package.rglob("*") if path.is_file() and path.suffix not in (".py", ".pyc")]
    features = list((root / "features").rglob("*.feature"))
    mutated = [root / name for name in mutmut_config(root)["only_mutate"]]
    return sorted({*mutated, *modules, *data, *features, root / "fixtures" / "errata.yaml", *own})


def tests_side(root: Path) -> dict[str, str]:
    """A hash of each file of the tests' side (:func:`spec_run_files`), by path: what a mutant's
    kept result depends on besides its own function's code."""
    mutated = {root / name for name in mutmut_config(root)["only_mutate"]}
    hashes = {}
    for path in spec_run_files(root):
        data = path.read_bytes()
        if path in mutated:
            data = outside_functions(data.decode("utf-8")).encode()
        hashes[path.relative_to(root).as_posix()] = hashlib.sha256(data).hexdigest()[:16]
    return hashes


def full_run_reason(root: Path, side: Mapping[str, str]) -> str | None:
    """Why every mutant must run again (``None``: the kept run's results may be kept but those of
    the functions that changed)."""
    kept = root / "mutants"
    try:
        state = json.loads((kept / STATE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return "no kept run" if not kept.is_dir() else "the kept run is not one this tool recorded"
    before: dict[str, str] = state["tests"]
    changed = sorted(path for path in before.keys() | side.keys() if before.get(path) != side.get(path))
    if changed:
        shown = ", ".join(changed[:5]) + (f" and {len(changed) - 5} more" if len(changed) > 5 else "")
        return f"the tests' side changed since the kept run: {shown}"
    return None


def kept_results(root: Path) -> dict[str, tuple[str | None, int | None]]:
    """Each mutant of the kept run (mutmut's .meta files): its function's hash and its exit code
    (``None`` while not run)."""
    found = {}
    for meta in (root / "mutants").rglob("*.py.meta"):
        data = json.loads(meta.read_text(encoding="utf-8"))
        hashes = data.get("hash_by_function_name", {})
        for name, code in data["exit_code_by_key"].items():
            function = re.sub(r"__mutmut_\d+$", "", name).rpartition(".")[2]
            found[name] = (hashes.get(function), code)
    return found


def retested(before: Kept, after: Kept) -> int:
    """How many mutants the run tested: those new, of a function whose hash changed, or not run before."""
    return sum(
        1
        for name, (function, _) in after.items()
        if name not in before or before[name][0] != function or before[name][1] is None
    )


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


def run_mutmut(root: Path, jobs: int, *, full: bool) -> int:
    """Run mutmut: every mutant from a fresh copy when ``full`` or the tests' side changed since the
    kept run, else those of the functions changed since; its exit status."""
    side = tests_side(root)
    why = "--full" if full else full_run_reason(root, side)
    kept = root / "mutants"
    if why:
        print(f"mutation: every mutant runs ({why})")
        shutil.rmtree(kept, ignore_errors=True)  # a fresh copy of the code, features and steps
    else:
        print("mutation: the mutants of the functions changed since the kept run run; the others keep their results")
        (kept / "mutmut-stats.json").unlink(missing_ok=True)  # which tests reach each function: collected again
    before = kept_results(root)
    started = time.monotonic()
    run = subprocess.run([sys.executable, "-m", "mutmut", "run", "--max-children", str(jobs)], cwd=root)
    if run.returncode != 0:
        return run.returncode
    (kept / STATE).write_text(json.dumps({"tests": side}, indent=1) + "\n", encoding="utf-8")
    after = kept_results(root)
    print(f"mutation: {retested(before, after)} of {len(after)} mutants run, in {time.monotonic() - started:.0f} s")
    return 0


def main(argv: Iterable[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.mutation",
        description="Mutation-test the engines with the spec as the only tests (the features, the model rulesets' "
        "expected outcomes), and record the score "
        "in fixtures/mutation/ (results.json, history.jsonl). Exits 1 while a survivor is not judged.",
    )
    parser.add_argument(
        "--judge-only",
        action="store_true",
        help="do not run mutmut: judge its last run again (after editing judged.yaml)",
    )
    parser.add_argument(
        "--full",
        action="store_true",
        help="run every mutant again, from a fresh copy (by default, when the tests' side is as the kept run "
        "left it, only the mutants of the functions changed since run)",
    )
    parser.add_argument(
        "--jobs", type=int, default=os.cpu_count() or 1, help="mutants run at once (default: the cores)"
    )
    args = parser.parse_args(list(argv) if argv is not None else None)
    root = data_root()
    if not args.judge_only:
        status = run_mutmut(root, args.jobs, full=args.full)
        if status != 0:
            print(f"mutmut run failed (exit status {status}); nothing recorded", file=sys.stderr)
            return status
    mutants = collect(root)
    moves = follow_moves(mutants, judged(root))
    if moves:
        rename_judged(moves, root)
        for new, old in sorted(moves.items()):
            print(f"judged.yaml: the judgement of {old} follows its function: {new}")
    results = record(mutants, root, judged(root))
    add_history(results, root, rejudged=args.judge_only)
    print(summary(results))
    return 1 if results["counts"]["survived"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
