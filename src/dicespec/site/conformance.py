"""Conformance: the latest results of the reference implementation against the spec, read
from the results file the test run writes (``artifacts/results.jsonl``), per feature and per case."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from dicespec.registry import Game, games
from dicespec.rulesets import find_ruleset
from dicespec.scoresheet.ruleset import SheetRuleset
from dicespec.site import layout
from dicespec.site.cases import case_link
from dicespec.site.data import SiteData
from dicespec.site.layout import Page
from dicespec.site.markup import code, link, table, text
from dicespec.spec import results as results_file
from dicespec.spec.features import Case

# The results file `make test` writes (``--dicespec-results``, one JSON line per test; see
# dicespec.spec.results), relative to the repository.
RESULTS = Path("artifacts") / "results.jsonl"
OUTCOMES = ("passed", "failed", "xfailed", "skipped")
OUTCOME_TITLES = {"passed": "Passed", "failed": "Failed", "xfailed": "Expected failures", "skipped": "Skipped"}
# pytest's outcome of a test (the results' ``pytest`` field) as the page counts it.
_PAGE_OUTCOME = {"passed": "passed", "failed": "failed", "error": "failed", "xpassed": "failed",
                 "xfailed": "xfailed", "skipped": "skipped"}


@dataclass(frozen=True, slots=True)
class Result:
    """One test of the run."""

    name: str
    outcome: str  # passed, failed (failure or error, or an expected failure that passed), xfailed, skipped
    case: str | None
    ruleset: str | None
    message: str


@dataclass(frozen=True, slots=True)
class Run:
    path: Path
    timestamp: str
    results: tuple[Result, ...]


def _page_outcome(line: results_file.Result) -> str:
    if line.pytest in _PAGE_OUTCOME:
        return _PAGE_OUTCOME[line.pytest]
    return "failed" if line.outcome == "errored" else line.outcome


def read_run(path: Path) -> Run | None:
    """The results of the last run (the JSON lines ``make test`` writes); ``None`` when there is
    no such file."""
    if not path.is_file():
        return None
    lines = results_file.read(path)
    found = tuple(Result(line.test, _page_outcome(line), line.id if line.case else None, line.ruleset, line.message)
                  for line in lines)
    timestamp = next((line.start for line in lines if line.start), "")
    return Run(path, timestamp, found)


def _when(timestamp: str) -> str:
    """A run's start as ``2026-11-30 01:55 UTC`` (as written when it is not ISO 8601)."""
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
        "strictly. Further down, other implementations (third-party Yahtzee and Farkle packages, and one in "
        "JavaScript) are compared with the spec.\n"
    )
    by_case: dict[str, Case] = {case.id: case for case in data.cases}
    run = read_run(results)
    if run is None:
        out.append(
            '!!! warning "No results yet"\n\n'
            f"    There is no results file ({code(RESULTS.as_posix())}) in this build, so no results are "
            "shown. `make test` writes it; build the site after it.\n"
        )
        rows = []
        for path, cases in _by_feature(data.cases).items():
            rows.append([code(path), str(len(cases))])
        if rows:
            out.append("## Features {#features}\n")
            out.append(table(["Feature", "Cases"], rows) + "\n")
        return Page(page, "Conformance", "\n".join([*out, *implementations_section(page)]))

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
    unknown = sorted({r.case for r in spec_results if r.case is not None and r.case not in by_case})
    if unknown:
        out.append("Results name cases the features no longer have (the results are older than the spec): "
                   + ", ".join(code(c) for c in unknown) + ".\n")
    other_failed = [r for r in other if r.outcome == "failed"]
    if other_failed:
        out.append("## Other failing tests {#other-failures}\n")
        out.append(table(["Test", "Message"], [[code(r.name), text(r.message[:300])] for r in other_failed]) + "\n")
    return Page(page, "Conformance", "\n".join([*out, *implementations_section(page)]))


def _by_feature(cases: tuple[Case, ...]) -> dict[str, list[Case]]:
    grouped: dict[str, list[Case]] = {}
    for case in cases:
        grouped.setdefault(case.path, []).append(case)
    return grouped


# -- other implementations --------------------------------------------------------------------

Column = tuple[str, str, str | None, str | None]  # (title, part, kind, row or None for all rows)


def columns(game: Game) -> list[Column]:
    """The comparison table's columns for one game: its spec cases, its exhaustive corpus (row by row
    of its reference ruleset for a score sheet; set-asides and best scores for dice set aside), its
    replayed games. A corpus case's kind is the game's title in lower case and what is asked."""
    kind = game.title.lower()
    ruleset = find_ruleset(game.default_ruleset)
    if isinstance(ruleset, SheetRuleset):
        exhaustive: list[Column] = [(row, "exhaustive", f"{kind} score", row) for row in ruleset.row_ids]
    else:
        exhaustive = [("Set-asides", "exhaustive", f"{kind} set-aside", None),
                      ("Best of a roll", "exhaustive", f"{kind} best", None)]
    return [("Spec cases", "features", None, None), *exhaustive, ("Replayed games", "games", f"{kind} game", None)]


def _cell(counts: list[int]) -> str:
    """A comparison cell: all passed, how many differ, or not answered."""
    passed, failed, errored, skipped = counts
    total = sum(counts)
    if total == 0:
        return "—"
    if skipped == total:
        return "skipped"
    note = f" ({skipped:,} skipped)" if skipped else ""
    if failed or errored:
        wrong = " + ".join(x for x in (f"{failed:,} differ" if failed else "",
                                       f"{errored:,} errored" if errored else "") if x)
        return f"✗ {wrong} of {total - skipped:,}{note}"
    return f"✓ {passed:,}{note}"


def _sum(data: dict[str, Any], game_rulesets: set[str], part: str, kind: str | None, row: str | None) -> list[int]:
    sums = [0, 0, 0, 0]
    for group_part, group_kind, ruleset, group_row, *counts in data["groups"]:
        if (group_part == part and ruleset in game_rulesets and (kind is None or group_kind == kind)
                and (row is None or group_row == row)):
            sums = [a + b for a, b in zip(sums, counts, strict=True)]
    return sums


def _who(data: dict[str, Any]) -> str:
    about = data["implementation"]
    name = text(f"{about['name']} {about.get('version') or ''}".strip())
    homepage = about.get("homepage") or ""
    if homepage.startswith("https://"):
        return f"[{name}]({homepage})"
    return name


def implementations_section(page: str) -> list[str]:
    """The comparison of other implementations with the spec, from ``fixtures/conformance/``."""
    from dicespec.conformance.comparison import entries, read

    results = [data for entry in entries() if (data := read(entry)) is not None]
    out = ["## Other implementations {#implementations}\n",
           "Implementations of these games by others, and one of every game in JavaScript written from "
           "the protocol alone and reading its rule values from the rulesets' export "
           f"({code('dicespec rulesets --json')}), run through the whole conformance suite ({code('make conformance')}): the "
           "cases of the spec, every roll in every row, every set-aside and roll of dice set aside, and hundreds of "
           "replayed games, each compared with the reference engines. Each runs under the shipped ruleset "
           "closest to its rules; what it cannot answer (its games, say) is skipped. A difference is a "
           "finding about that implementation, not a failure of the spec. The results are "
           f"{code('fixtures/conformance/*.json')}; a test fails when they are older than the spec, the "
           "rulesets, the reference outcomes or the adapters.\n"]
    if not results:
        return out + ["No results yet: `make conformance` writes them.\n"]
    for game in games():
        shown = columns(game)
        rows = []
        for data in results:
            rulesets = set(data["rulesets"].get(game.name, []))
            if not rulesets:
                continue
            cells = [_cell(_sum(data, rulesets, part, kind, row)) for _, part, kind, row in shown]
            rows.append([_who(data), text(data["implementation"].get("language") or ""),
                         ", ".join(code(r) for r in sorted(rulesets)), *(text(c) for c in cells)])
        if rows:
            out.append(f"### {text(game.title)} {{#implementations-{game.name}}}\n")
            out.append(table(["Implementation", "Language", "Ruleset", *(code(t) if "_" in t or t.islower() else t
                                                                        for t, *_ in shown)], rows) + "\n")
    out.append("### What differs {#implementations-findings}\n")
    for data in results:
        out += _findings(data)
    return out


def _findings(data: dict[str, Any]) -> list[str]:
    package = data.get("package")
    where = (f"the package {code(package['name'])} {text(package['version'])}" if package
             else "written for this project from the protocol alone")
    out = [f"**{_who(data)}** ({where}; run as {code(data['target'])}).\n"]
    differing = [g for g in data["not_passing"] if g["count"]]
    if not differing:
        out.append("Every case it answers agrees with the reference.\n")
    else:
        rows = []
        for group in differing:
            label = group["kind"] + (f", {group['row']}" if group["row"] else "")
            first = group["cases"][:4]
            shown = "; ".join(_case_text(case) for case in first)
            more = f" … ({group['count'] - len(first):,} more)" if group["count"] > len(first) else ""
            rows.append([text(label), str(group["count"]), text(shown + more)])
        out.append(table(["Where", "Cases", "First cases"], rows) + "\n")
    for skip in data.get("skipped", []):
        out.append(f"- Skipped, {skip['cases']:,} cases: {text(skip['reason'])}")
    if data.get("skipped"):
        out.append("")
    if data.get("failure"):
        out.append(f"It could not be started: {text(data['failure'])}\n")
    return out


def _case_text(case: dict[str, Any]) -> str:
    message = case.get("message") or ""
    if message.startswith("shortest failing replay"):  # a failed replay, shrunk: its actions and first differences
        return f"{case['id']}: {' '.join(message.split())[:600]}"
    if "expected" in case or "actual" in case:
        return f"{case['id']}: {json.dumps(case.get('expected'))} expected, {json.dumps(case.get('actual'))} given"
    message = (case.get("message") or case["outcome"]).removeprefix("AssertionError: ")
    return f"{case['id']}: {message.splitlines()[0][:160]}"
