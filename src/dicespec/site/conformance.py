"""Conformance: the latest results of the reference implementation against the spec, read
from the JUnit file the test run writes (``artifacts/junit.xml``), per feature and per case."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from dicespec.site import layout
from dicespec.site.cases import case_link
from dicespec.site.data import SiteData
from dicespec.site.layout import Page
from dicespec.site.markup import code, link, table, text
from dicespec.spec.features import Case

# The test properties the pytest plugin (dicespec.site.pytest_plugin) writes into the JUnit file.
CASE, RULESET, FEATURE = "dicespec_case", "dicespec_ruleset", "dicespec_feature"
OUTCOMES = ("passed", "failed", "xfailed", "skipped")
OUTCOME_TITLES = {"passed": "Passed", "failed": "Failed", "xfailed": "Expected failures", "skipped": "Skipped"}


@dataclass(frozen=True, slots=True)
class Result:
    """One test of the run."""

    name: str
    outcome: str  # passed, failed (failure or error), xfailed, skipped
    case: str | None
    ruleset: str | None
    message: str


@dataclass(frozen=True, slots=True)
class Run:
    path: Path
    timestamp: str
    results: tuple[Result, ...]


def _outcome(testcase: ET.Element) -> tuple[str, str]:
    for tag in ("failure", "error"):
        found = testcase.find(tag)
        if found is not None:
            return "failed", found.get("message") or ""
    skipped = testcase.find("skipped")
    if skipped is not None:
        kind = "xfailed" if skipped.get("type") == "pytest.xfail" else "skipped"
        return kind, skipped.get("message") or ""
    return "passed", ""


def _case_in_name(name: str, ids: list[str]) -> str | None:
    """A case id among a test name's parameters (for a JUnit file written without the plugin)."""
    params = name.partition("[")[2]
    for case_id in ids:  # longest first
        if re.search(rf"(?:^|[-:]){re.escape(case_id)}(?:-|\]|$)", params):
            return case_id
    return None


def read_run(path: Path, ids: list[str]) -> Run | None:
    """The results in a JUnit file; ``None`` when there is no such file."""
    if not path.is_file():
        return None
    root = ET.parse(path).getroot()
    suites = [root] if root.tag == "testsuite" else root.findall("testsuite")
    longest = sorted(ids, key=len, reverse=True)
    results = []
    for testcase in root.iter("testcase"):
        props = {p.get("name"): p.get("value") for p in testcase.iter("property")}
        name = f"{testcase.get('classname', '')}::{testcase.get('name', '')}"
        outcome, message = _outcome(testcase)
        case = props.get(CASE) or _case_in_name(testcase.get("name", ""), longest)
        results.append(Result(name, outcome, case, props.get(RULESET), message))
    timestamp = next((s.get("timestamp") for s in suites if s.get("timestamp")), "") or ""
    return Run(path, timestamp, tuple(results))


def _when(timestamp: str) -> str:
    """A JUnit timestamp as ``2026-11-30 01:55 UTC`` (as written when it is not ISO 8601)."""
    try:
        moment = datetime.fromisoformat(timestamp)
    except ValueError:
        return timestamp or "an unknown time"
    if moment.tzinfo is not None:
        return moment.astimezone(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    return moment.strftime("%Y-%m-%d %H:%M")


def _counts(results: list[Result]) -> list[str]:
    counter = Counter(r.outcome for r in results)
    return [str(counter[o]) for o in OUTCOMES]


def conformance_page(data: SiteData, results: Path) -> Page:
    page = layout.CONFORMANCE
    out = ["# Conformance\n"]
    out.append(
        "The latest results of the reference implementation against the spec: every case of every "
        "feature, under every ruleset it runs under, as the last `make test` run recorded them. An "
        "expected failure is an example of an erratum or a variant, under a ruleset its claim does not "
        f"hold under (see {link('Errata and gaps', layout.ERRATA, page=page)}); it fails on purpose, "
        "strictly.\n"
    )
    by_case: dict[str, Case] = {case.id: case for case in data.cases}
    run = read_run(results, list(by_case))
    if run is None:
        out.append(
            '!!! warning "No results yet"\n\n'
            f"    There is no results file ({code('artifacts/junit.xml')}) in this build, so no results are "
            "shown. `make test` writes it; build the site after it.\n"
        )
        rows = []
        for path, cases in _by_feature(data.cases).items():
            rows.append([code(path), str(len(cases))])
        if rows:
            out.append("## Features {#features}\n")
            out.append(table(["Feature", "Cases"], rows) + "\n")
        return Page(page, "Conformance", "\n".join(out))

    spec_results = [r for r in run.results if r.case is not None]
    other = [r for r in run.results if r.case is None]
    out.append(f"Run of {text(_when(run.timestamp))}: {len(run.results)} tests, "
               f"{len(spec_results)} of them cases of the spec.\n")
    out.append("## Totals {#totals}\n")
    out.append(table(["", *(OUTCOME_TITLES[o] for o in OUTCOMES)], [
        ["Cases of the spec", *_counts(spec_results)],
        ["Other tests (engines, CLI, site)", *_counts(other)],
    ]) + "\n")

    results_by_case: dict[str, list[Result]] = {}
    for result in spec_results:
        results_by_case.setdefault(result.case or "", []).append(result)
    out.append("## Per feature {#features}\n")
    out.append("Runs: one per case and ruleset. Not run: cases of the feature with no result in the file.\n")
    rows = []
    for path, cases in _by_feature(data.cases).items():
        runs = [r for case in cases for r in results_by_case.get(case.id, [])]
        not_run = sum(1 for case in cases if case.id not in results_by_case)
        rows.append([code(path), str(len(cases)), str(len(runs)), *_counts(runs), str(not_run)])
    out.append(table(["Feature", "Cases", "Runs", *(OUTCOME_TITLES[o] for o in OUTCOMES), "Not run"], rows) + "\n")

    failed = [r for r in spec_results if r.outcome == "failed"]
    out.append("## Failures {#failures}\n")
    if not failed:
        out.append("No case of the spec failed.\n")
    else:
        out.append(table(["Case", "Ruleset", "Message"], [
            [case_link(by_case[r.case], page=page) if r.case in by_case else text(r.case),
             code(r.ruleset or "—"), text(r.message[:300])]
            for r in failed
        ]) + "\n")
    unknown = sorted({r.case for r in spec_results if r.case not in by_case})
    if unknown:
        out.append("Results name cases the features no longer have (the results are older than the spec): "
                   + ", ".join(code(c) for c in unknown) + ".\n")
    other_failed = [r for r in other if r.outcome == "failed"]
    if other_failed:
        out.append("## Other failing tests {#other-failures}\n")
        out.append(table(["Test", "Message"], [[code(r.name), text(r.message[:300])] for r in other_failed]) + "\n")
    return Page(page, "Conformance", "\n".join(out))


def _by_feature(cases: tuple[Case, ...]) -> dict[str, list[Case]]:
    grouped: dict[str, list[Case]] = {}
    for case in cases:
        grouped.setdefault(case.path, []).append(case)
    return grouped
