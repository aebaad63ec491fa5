"""Other implementations compared with the spec: each one listed in
``fixtures/conformance/implementations.yaml`` is run through the whole suite (features,
exhaustive corpus, replayed games) and its results summed up in
``fixtures/conformance/<id>.json``, which the Conformance page turns into a comparison table.

``python -m tools.comparison`` (``make conformance``) runs them and writes the files, which
:mod:`dicespec.conformance.run.compared` reads; a maintainer's tool, which the wheel does not
carry. A results file records what it was made from (:func:`inputs`: the spec, the errata, the
rulesets, the golden files, the spec's steps, the corpus, the adapter's sources, the package's
version); it is *stale* when any of those has changed since, and the test suite fails on it
(``tests/examples/test_thirdparty.py``), along with a re-run of a sample of the recorded cases.

Only the cases under the rulesets an implementation declares are counted: the others are not
its game, not a shortcoming.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import tempfile
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

import dicespec
from dicespec.conformance.run.compared import Entry, entries, read
from dicespec.conformance.run.report import OUTCOMES, PARTS, Recorder, read_results
from dicespec.conformance.run.runner import conform
from dicespec.conformance.run.target import Options
from dicespec.spec.paths import data_root

KEPT_PER_GROUP = 1000  # not-passing cases kept per part, kind and row (the rest are counted)


# -- what a run is made from ---------------------------------------------------------------------


def _digest(paths: Iterable[Path]) -> str:
    sha = hashlib.sha256()
    root = data_root()
    for path in sorted(paths):
        sha.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return sha.hexdigest()[:16]


def inputs(entry: Entry) -> dict[str, str]:
    """A digest of each thing the results depend on: change one, and the results are stale."""
    root = data_root()
    package = Path(dicespec.__file__).resolve().parent
    return {
        "features": _digest(root.glob("features/**/*.feature")),
        "errata": _digest([root / "fixtures" / "errata.yaml"]),
        "rulesets": _digest([*package.glob("rulesets/*.yaml"), *package.glob("rulesets/model/*.yaml")]),
        "golden": _digest(root.glob("fixtures/golden/*.txt")),
        "steps": _digest([*package.glob("spec/steps/*.py"), package / "spec" / "phrasebook.yaml"]),
        "corpus": _digest([*package.glob("corpus/*.py"), package / "games.yaml"]),
        "adapter": _digest(root / source for source in entry.sources),
        "package": entry.package_version() or "-",
    }


def stale_inputs(entry: Entry, data: dict[str, Any]) -> list[str]:
    """The inputs that changed since the results were made (empty: current)."""
    now = inputs(entry)
    kept = data.get("inputs", {})
    return [name for name in sorted(set(now) | set(kept)) if now.get(name) != kept.get(name)]


# -- running and summing up ------------------------------------------------------------------


def run(entry: Entry, *, options: Options | None = None) -> dict[str, Any]:
    """Run the implementation through the whole suite, as ``dicespec conform`` runs it by default
    (the model's rulesets handed over, those it plays run); its results file's content."""
    with tempfile.TemporaryDirectory(prefix="dicespec-compare-") as where:
        report = Path(where) / "results.jsonl"
        with report.open("w", encoding="utf-8") as stream:
            outcome = conform(entry.target, options or Options(model_rulesets=True), Recorder(report=stream))
        hello = outcome.hello
        about = {
            "name": hello.name if hello else entry.id,
            "version": hello.version if hello else None,
            "language": hello.language if hello else None,
            "homepage": entry.homepage,
        }
        declared = {game: list(names) for game, names in (hello.games if hello else {}).items()}
        return summarise(entry, about, declared, read_results(report), failure=outcome.failure)


def summarise(
    entry: Entry,
    about: dict[str, Any],
    declared: dict[str, list[str]],
    results: Iterable[dict[str, Any]],
    *,
    failure: str | None = None,
) -> dict[str, Any]:
    """The results file of a run, from its JSON lines (cases under undeclared rulesets left out)."""
    rulesets = {name for names in declared.values() for name in names}
    groups: dict[tuple[str, str, str, str], list[int]] = {}
    kept: dict[tuple[str, str, str], list[dict[str, Any]]] = {}
    skips: dict[str, int] = {}
    not_passing: dict[tuple[str, str, str], int] = {}
    for result in results:
        if result.get("ruleset") not in rulesets:
            continue
        key = (result["part"], result["kind"], result["ruleset"], result["row"])
        counts = groups.setdefault(key, [0, 0, 0, 0])
        outcome = result["outcome"]
        counts[OUTCOMES.index(outcome)] += 1
        if outcome == "skipped":
            reason = (result.get("message") or "").splitlines()[0] if result.get("message") else ""
            skips[reason] = skips.get(reason, 0) + 1
        elif outcome != "passed":
            group = (result["part"], result["kind"], result["row"])
            not_passing[group] = not_passing.get(group, 0) + 1
            examples = kept.setdefault(group, [])
            if len(examples) < KEPT_PER_GROUP:
                examples.append(
                    {
                        k: result[k]
                        for k in ("id", "ruleset", "outcome", "expected", "actual", "message")
                        if result.get(k) is not None
                    }
                )
    return {
        "id": entry.id,
        "implementation": about,
        "package": {"name": entry.package, "version": entry.package_version()} if entry.package else None,
        "target": entry.target.describe(),
        "rulesets": declared,
        "failure": failure,
        "inputs": inputs(entry),
        "groups": [[*key, *counts] for key, counts in by_part(groups.items())],
        "not_passing": [
            {"part": part, "kind": kind, "row": row, "count": not_passing[(part, kind, row)], "cases": cases}
            for (part, kind, row), cases in by_part(kept.items())
        ],
        "skipped": [{"reason": reason, "cases": count} for reason, count in sorted(skips.items())],
    }


def by_part(items: Iterable[tuple[tuple[str, ...], Any]]) -> list[tuple[tuple[str, ...], Any]]:
    """Items keyed by (part, ...), the parts in their order (features, exhaustive, games), each
    part's items in the order recorded: the features are recorded last, as they run alongside."""
    return sorted(items, key=lambda item: PARTS.index(item[0][0]) if item[0][0] in PARTS else len(PARTS))


def write(data: dict[str, Any], path: Path) -> None:
    """JSON with one line per key, per table group and per kept case: small diffs in git."""

    def dump(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))

    lines = []
    for key, value in data.items():
        if key == "groups":
            lines.append(f"{dump(key)}: [\n  " + ",\n  ".join(dump(g) for g in value) + "\n ]")
        elif key == "not_passing":
            parts = [
                f'{{"part": {dump(g["part"])}, "kind": {dump(g["kind"])}, "row": {dump(g["row"])}, '
                f'"count": {g["count"]}, "cases": [\n   ' + ",\n   ".join(dump(c) for c in g["cases"]) + "\n  ]}"
                for g in value
            ]
            lines.append(f"{dump(key)}: [" + ("\n  " + ",\n  ".join(parts) + "\n " if parts else "") + "]")
        else:
            lines.append(f"{dump(key)}: {dump(value)}")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{\n " + ",\n ".join(lines) + "\n}\n", encoding="utf-8")


def totals(data: dict[str, Any]) -> list[int]:
    sums = [0, 0, 0, 0]
    for group in data["groups"]:
        for i, count in enumerate(group[4:]):
            sums[i] += count
    return sums


# -- re-checking a sample ------------------------------------------------------------------------


def recorded_outcome(data: dict[str, Any], case_id: str, kind: str, row: str) -> tuple[str, Any] | None:
    """What the results say of a corpus case: ("passed", None) unless it is kept as not passing;
    ``None`` when they cannot say (its group kept only its first not-passing cases)."""
    for group in data["not_passing"]:
        if group["kind"] != kind or group["row"] != row:
            continue
        for case in group["cases"]:
            if case["id"] == case_id:
                return case["outcome"], case.get("actual")
        if group["count"] > len(group["cases"]):
            return None
    return "passed", None


def sample(data: dict[str, Any], *, every: int) -> Iterator[Any]:
    """The exhaustive corpus cases the results keep as not passing, and every ``every``-th other."""
    from dicespec import corpus

    kept = {case["id"] for group in data["not_passing"] for case in group["cases"]}
    for index, case in enumerate(corpus.exhaustive(data["rulesets"])):
        if case.id in kept or index % every == 0:
            yield case


def recheck(entry: Entry, data: dict[str, Any], *, every: int = 101) -> list[str]:
    """Re-run a sample of the exhaustive corpus; the cases whose outcome is not the recorded one."""
    from dicespec.conformance.run.declared import declare_hello
    from dicespec.conformance.run.target import open_transport

    transport = open_transport(entry.target, Options())
    reasons = {skip["reason"] for skip in data.get("skipped", [])}
    wrong = []
    try:
        hello = transport.start()
        if hello is not None:  # rules of its own, as the run it recorded declared them
            declare_hello(hello)
        for case, found in transport.stream(sample(data, every=every)):
            outcome = found._replace(kind="skipped") if found.kind == "cannot" else found  # a skip, to the file
            now = (
                ("passed", None)
                if outcome.kind == "result" and outcome.value == case.expected
                else (("failed", outcome.value) if outcome.kind == "result" else (outcome.kind, None))
            )
            if now[0] == "skipped" and (outcome.value or "").splitlines()[0] in reasons:
                continue
            was = recorded_outcome(data, case.id, case.kind, case.row)
            if was is not None and (now[0] != was[0] or (now[0] == "failed" and now[1] != was[1])):
                wrong.append(f"{case.id}: recorded {was[0]} {json.dumps(was[1])}, now {now[0]} {json.dumps(now[1])}")
    finally:
        transport.close()
    return wrong


# -- the command ---------------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.comparison", description="Run the compared implementations and write their results files."
    )
    parser.add_argument("ids", nargs="*", metavar="ID", help="only these (default: all of implementations.yaml)")
    parser.add_argument("--check", action="store_true", help="only say which results files are stale")
    args = parser.parse_args(argv)
    chosen = [e for e in entries() if not args.ids or e.id in args.ids]
    stale = 0
    for entry in chosen:
        data = read(entry)
        changed = ["no results"] if data is None else stale_inputs(entry, data)
        if args.check:
            stale += bool(changed)
            print(f"{entry.id}: " + (f"stale ({', '.join(changed)})" if changed else "current"))
            continue
        print(f"{entry.id}: running {entry.target.describe()} …", flush=True)
        data = run(entry)
        write(data, entry.results_path)
        passed, failed, errored, skipped = totals(data)
        print(
            f"  {passed:,} passed, {failed:,} failed, {errored:,} errored, {skipped:,} skipped "
            f"→ {entry.results_path.relative_to(data_root())}"
        )
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
