"""Conformance: the latest results of the reference implementation against the spec, read
from the results file the test run writes (``artifacts/results.jsonl``), per feature and per case."""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from dicespec.catalog import words
from dicespec.registry import Game, games
from dicespec.rulesets import find_ruleset, ruleset_names
from dicespec.site import layout
from dicespec.site.cases import case_link
from dicespec.site.data import SiteData
from dicespec.site.layout import Page
from dicespec.site.markup import code, link, table, text, verbatim
from dicespec.site.wording import count, fill, grouped, ident, plural
from dicespec.site.wording import data as data_text
from dicespec.spec import results as results_file
from dicespec.spec.features import Case
from dicespec.spec.paths import data_root

# The results file `make test` writes (``--dicespec-results``, one JSON line per test; see
# dicespec.spec.results), relative to the repository.
RESULTS = Path("artifacts") / "results.jsonl"
IDENTIFIED = data_root() / "fixtures" / "identified"  # what dicespec identify found of each compared implementation
OUTCOMES = ("passed", "failed", "xfailed", "skipped")
# pytest's outcome of a test (the results' ``pytest`` field) as the page counts it.
_PAGE_OUTCOME = {
    "passed": "passed",
    "failed": "failed",
    "error": "failed",
    "xpassed": "failed",
    "xfailed": "xfailed",
    "skipped": "skipped",
}


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
    found = tuple(
        Result(line.test, _page_outcome(line), line.id if line.case else None, line.ruleset, line.message)
        for line in lines
    )
    timestamp = next((line.start for line in lines if line.start), "")
    return Run(path, timestamp, found)


def _when(timestamp: str, lang: str = "en") -> str:
    """A run's start as ``2026-11-30 01:55 UTC`` (as written when it is not ISO 8601)."""
    try:
        moment = datetime.fromisoformat(timestamp)
    except ValueError:
        return timestamp or words("conformance", lang)["unknown_time"]
    if moment.tzinfo is not None:
        return moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC")
    return moment.strftime("%Y-%m-%d %H:%M")


def _counts(results: list[Result], lang: str) -> list[str]:
    counter = Counter(r.outcome for r in results)
    return [count(counter[o], lang) for o in OUTCOMES]


def conformance_page(data: SiteData, results: Path, lang: str = "en") -> Page:
    """The Conformance page in ``lang``, from the results file ``results``."""
    w = words("conformance", lang)
    page = layout.conformance(lang)
    outcome_titles = [w[o] for o in OUTCOMES]
    out = [f"# {w['title']}\n"]
    out.append(w.format("intro", errata=link(w["errata_link"], layout.errata(lang), page=page)) + "\n")
    by_case: dict[str, Case] = {case.id: case for case in data.cases}
    run = read_run(results)
    if run is None:
        out.append(
            f'!!! warning "{w["no_results_title"]}"\n\n    {w.format("no_results", file=code(RESULTS.as_posix()))}\n'
        )
        rows = []
        for path, cases in _by_feature(data.cases).items():
            rows.append([code(path), count(len(cases), lang)])
        if rows:
            out.append(f"## {w['features']} {{#features}}\n")
            out.append(table([w["feature"], w["cases"]], rows) + "\n")
        return Page(page, w["title"], "\n".join([*out, *implementations_section(page, lang)]), lang)

    spec_results = [r for r in run.results if r.case is not None]
    other = [r for r in run.results if r.case is None]
    out.append(
        w.format(
            plural(w, "run", len(run.results)),
            when=text(_when(run.timestamp, lang)),
            tests=count(len(run.results), lang),
            cases=count(len(spec_results), lang),
        )
        + "\n"
    )
    out.append(f"## {w['totals']} {{#totals}}\n")
    out.append(
        table(
            [w["tests_column"], *outcome_titles],
            [
                [w["spec_cases_row"], *_counts(spec_results, lang)],
                [w["other_tests_row"], *_counts(other, lang)],
            ],
        )
        + "\n"
    )

    results_by_case: dict[str, list[Result]] = {}
    for result in spec_results:
        results_by_case.setdefault(result.case or "", []).append(result)
    out.append(f"## {w['per_feature']} {{#features}}\n")
    out.append(w["per_feature_intro"] + "\n")
    rows = []
    for path, cases in _by_feature(data.cases).items():
        # No column of the runs: they are the outcomes' sum, and a column fewer fits the page.
        runs = [r for case in cases for r in results_by_case.get(case.id, [])]
        not_run = sum(1 for case in cases if case.id not in results_by_case)
        rows.append([code(path), count(len(cases), lang), *_counts(runs, lang), count(not_run, lang)])
    out.append(table([w["feature"], w["cases"], *outcome_titles, w["not_run"]], rows) + "\n")

    failed = [r for r in spec_results if r.outcome == "failed"]
    out.append(f"## {w['failures']} {{#failures}}\n")
    if not failed:
        out.append(w["no_failures"] + "\n")
    else:
        out.append(
            table(
                [w["case"], w["ruleset"], w["message"]],
                [
                    [
                        case_link(by_case[r.case], page=page) if r.case in by_case else ident(r.case, lang),
                        code(r.ruleset or "—"),
                        data_text(r.message[:300], lang),
                    ]
                    for r in failed
                ],
            )
            + "\n"
        )
    unknown = sorted({r.case for r in spec_results if r.case is not None and r.case not in by_case})
    if unknown:
        out.append(w.format("unknown_cases", cases=", ".join(code(c) for c in unknown)) + "\n")
    other_failed = [r for r in other if r.outcome == "failed"]
    if other_failed:
        out.append(f"## {w['other_failures']} {{#other-failures}}\n")
        out.append(
            table([w["test"], w["message"]], [[code(r.name), data_text(r.message[:300], lang)] for r in other_failed])
            + "\n"
        )
    return Page(page, w["title"], "\n".join([*out, *implementations_section(page, lang)]), lang)


def _by_feature(cases: tuple[Case, ...]) -> dict[str, list[Case]]:
    grouped: dict[str, list[Case]] = {}
    for case in cases:
        grouped.setdefault(case.path, []).append(case)
    return grouped


# -- other implementations --------------------------------------------------------------------

Column = tuple[str, str, str | None, str | None]  # (title key or row id, part, kind, row or None for all rows)


_EXHAUSTIVE: dict[str, Callable[[str, Any], list[Column]]] = {
    "score-sheet": lambda kind, ruleset: [(row, "exhaustive", f"{kind} score", row) for row in ruleset.row_ids],
    "set-aside": lambda kind, ruleset: [
        ("set_asides", "exhaustive", f"{kind} set-aside", None),
        ("best_of_roll", "exhaustive", f"{kind} best", None),
    ],
}
"""The exhaustive corpus's columns of each family of games (a score sheet's row by row), by family name."""


def columns(game: Game) -> list[Column]:
    """The comparison table's columns for one game: its spec cases, its exhaustive corpus (row by row
    of its reference ruleset for a score sheet; set-asides and best scores for dice set aside), its
    replayed games. A column names the catalog key of its title, or its row. A corpus case's kind is
    the game's title in lower case and what is asked."""
    kind = game.title.lower()
    exhaustive = _EXHAUSTIVE[game.family_name](kind, find_ruleset(game.default_ruleset))
    return [("spec_cases", "features", None, None), *exhaustive, ("replayed_games", "games", f"{kind} game", None)]


def _grouped(n: int, lang: str) -> str:
    """A whole number grouped as the reader groups numbers, as inline markup."""
    return verbatim(grouped(n, lang))


def _cell(counts: list[int], lang: str) -> str:
    """A comparison cell, as inline markup: all passed, how many differ, or not answered."""
    w = words("conformance", lang)
    passed, failed, errored, skipped = counts
    total = sum(counts)
    if total == 0:
        return "—"
    if skipped == total:
        return text(w["cell_skipped"])
    note = f" {fill(w[plural(w, 'cell_note', skipped)], n=_grouped(skipped, lang))}" if skipped else ""
    if failed or errored:
        wrong = [
            fill(w[plural(w, key, n)], n=_grouped(n, lang))
            for key, n in (("cell_differ", failed), ("cell_errored", errored))
            if n
        ]
        return fill(w["cell_wrong"], wrong=verbatim(" + ").join(wrong), total=_grouped(total - skipped, lang)) + note
    return f"✓ {_grouped(passed, lang)}{note}"


def _sum(data: dict[str, Any], game_rulesets: set[str], part: str, kind: str | None, row: str | None) -> list[int]:
    sums = [0, 0, 0, 0]
    for group_part, group_kind, ruleset, group_row, *counts in data["groups"]:
        if (
            group_part == part
            and ruleset in game_rulesets
            and (kind is None or group_kind == kind)
            and (row is None or group_row == row)
        ):
            sums = [a + b for a, b in zip(sums, counts, strict=True)]
    return sums


def _who(data: dict[str, Any]) -> str:
    about = data["implementation"]
    name = text(f"{about['name']} {about.get('version') or ''}".strip())
    homepage = about.get("homepage") or ""
    if homepage.startswith("https://"):
        return f"[{name}]({homepage})"
    return name


def implementations_section(page: str, lang: str = "en") -> list[str]:
    """The comparison of other implementations with the spec, from ``fixtures/conformance/``, in ``lang``."""
    from dicespec.conformance.run.compared import entries, read

    w = words("conformance", lang)
    results = [data for entry in entries() if (data := read(entry)) is not None]
    out = [
        f"## {w['implementations']} {{#implementations}}\n",
        w.format(
            "implementations_intro",
            export=code("dicespec rulesets --json"),
            command=code("make conformance"),
            files=code("fixtures/conformance/*.json"),
        )
        + "\n",
    ]
    if not results:
        return [*out, w["no_comparison"] + "\n"]
    for game in games():
        # One column per implementation, one row per part or row of the sheet: a score sheet
        # has up to 20 rows, and a page is taller than it is wide.
        shown = columns(game)
        shipped = set(ruleset_names(game.name))  # the model's rulesets a run played are no game's: not compared here
        compared = [(data, set(data["rulesets"].get(game.name, [])) & shipped) for data in results]
        compared = [(data, rulesets) for data, rulesets in compared if rulesets]
        if compared:
            rows = [
                [w["language"], *(text(data["implementation"].get("language") or "") for data, _ in compared)],
                [w["ruleset"], *(", ".join(code(r) for r in sorted(rulesets)) for _, rulesets in compared)],
            ]
            rows += [
                [
                    code(title) if row is not None else w[title],
                    *(_cell(_sum(data, rulesets, part, kind, row), lang) for data, rulesets in compared),
                ]
                for title, part, kind, row in shown
            ]
            out.append(f"### {text(game.title)} {{#implementations-{game.name}}}\n")
            out.append(table([w["implementation"], *(_who(data) for data, _ in compared)], rows) + "\n")
    out.append(f"### {w['findings']} {{#implementations-findings}}\n")
    for data in results:
        out += _findings(data, lang)
    return out


def _findings(data: dict[str, Any], lang: str) -> list[str]:
    w = words("conformance", lang)
    package = data.get("package")
    where = (
        w.format("package", package=code(package["name"]), version=text(package["version"])) if package else w["own"]
    )
    out = [w.format("who", who=_who(data), where=where, target=code(data["target"])) + "\n"]
    differing = [g for g in data["not_passing"] if g["count"]]
    if not differing:
        out.append(w["agrees"] + "\n")
    else:
        rows = []
        for group in differing:
            first = group["cases"][:4]
            shown = verbatim("; ").join(_case_text(case, lang) for case in first)
            more = (
                verbatim(" … ") + fill(w["more"], n=_grouped(group["count"] - len(first), lang))
                if group["count"] > len(first)
                else ""
            )
            rows.append([_where(group, lang), count(group["count"], lang), shown + more])
        out.append(table([w["where"], w["cases"], w["first_cases"]], rows) + "\n")
    for skip in data.get("skipped", []):
        key = plural(w, "skipped_cases", skip["cases"])
        out.append("- " + w.format(key, n=grouped(skip["cases"], lang), reason=data_text(skip["reason"], lang)))
    if data.get("skipped"):
        out.append("")
    if data.get("failure"):
        out.append(w.format("not_started", failure=data_text(data["failure"], lang)) + "\n")
    return out + _identified(data, lang)


def _identified(data: dict[str, Any], lang: str) -> list[str]:
    """The rules the implementation was identified as playing (``fixtures/identified/``), game by
    game, beside its results under them."""
    w = words("conformance", lang)
    found = [json.loads(path.read_text(encoding="utf-8")) for path in sorted(IDENTIFIED.glob(f"{data['id']}-*.json"))]
    if not found:
        return []
    rows = []
    for each in found:
        closing = each["conform"]
        exhaustive, replays = closing["exhaustive"], closing["games"]
        asked = replays["cases"] - replays["skipped"]
        rows.append(
            [
                text(next(g.title for g in games() if g.name == find_ruleset(each["extends"]).game)),
                code(each["extends"]),
                verbatim(", ").join(code(key) for key in each["changed"]) or w["identified_same"],
                grouped(each["unexplained"], lang),
                w.format(
                    "identified_differ", n=grouped(exhaustive["failed"], lang), of=grouped(exhaustive["cases"], lang)
                ),
                w.format("identified_differ", n=grouped(replays["failed"], lang), of=grouped(asked, lang))
                if asked
                else w["identified_not_asked"],
            ]
        )
    intro = w.format("identified_intro", command=code("dicespec identify"), files=code("fixtures/identified/"))
    header = [
        w[key]
        for key in (
            "identified_game",
            "identified_as",
            "identified_changed",
            "identified_unexplained",
            "identified_exhaustive",
            "identified_games",
        )
    ]
    return [intro + "\n", table(header, rows) + "\n"]


_WHERE = {"score": "where_score", "set-aside": "where_set_aside", "best": "where_best", "game": "where_game"}
_DICE = re.compile(r"(\d+) dice")


def _where(group: dict[str, Any], lang: str) -> str:
    """Where a group of differing cases lies, as inline markup: a feature file, or a game's corpus
    part (a row, a number of dice, a strategy of the replayed games). English shows the runner's
    own words for it; the other languages say what they mean."""
    kind, row = group["kind"], group["row"] or ""
    label = kind + (f", {row}" if row else "")
    if group["part"] == "features" or not row:
        return ident(label, lang)
    game = next((g for g in games() if kind.startswith(g.title.lower() + " ")), None)
    key = _WHERE.get(kind[len(game.title) + 1 :]) if game is not None else None
    if game is None or key is None:
        return ident(label, lang)
    w = words("conformance", lang)
    if lang == "en":
        return fill(w[key], game=text(kind[: len(game.title)]), row=text(row))
    dice = _DICE.fullmatch(row)
    shown = verbatim(w.format(plural(w, "dice_count", int(dice[1])), n=dice[1])) if dice else code(row)
    return fill(w[key], game=text(game.title), row=shown)


def _case_text(case: dict[str, Any], lang: str) -> str:
    """One differing case, as inline markup: its id, then what differs (the runner's words, as data)."""
    w = words("conformance", lang)
    case_id = ident(case["id"], lang)
    message = case.get("message") or ""
    if message.startswith("shortest failing replay"):  # a failed replay, shrunk: its actions and first differences
        return fill(w["case_message"], id=case_id, message=data_text(" ".join(message.split())[:600], lang))
    if "expected" in case or "actual" in case:
        return fill(
            w["case_values"],
            id=case_id,
            expected=ident(json.dumps(case.get("expected")), lang),
            actual=ident(json.dumps(case.get("actual")), lang),
        )
    message = (case.get("message") or case["outcome"]).removeprefix("AssertionError: ")
    return fill(w["case_message"], id=case_id, message=data_text(message.splitlines()[0][:160], lang))
