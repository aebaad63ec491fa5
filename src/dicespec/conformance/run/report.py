"""Results of a conformance run: recorded one by one as JSON lines, and summed up as tables,
the first differing cases, a JUnit file and what changed since the last run (``--track``).

Every case's result is one JSON line (``--report FILE``)::

    {"id": "kiriki/score/kiriki/66666/full_house", "part": "exhaustive", "kind": "kiriki score",
     "ruleset": "kiriki", "row": "full_house", "outcome": "failed", "expected": 0, "actual": 25}

``outcome`` is passed, failed (the answer differs from the reference's), errored (no usable
answer: the message says why) or skipped. A case passed with a refusal in another order than the
reference's (:mod:`~dicespec.conformance.run.refusals`) says so in ``refusal``: the reference's
code and the implementation's (``{"expected": "no-rolls-left", "actual": "empty-reroll"}``); they
are counted apart, by pair of codes. A skipped case says why in ``skip``: ``unsupported``
(the implementation does not support its ruleset or operation), ``cannot-ask`` (its engine cannot
be asked it) or ``not-under-rules`` (a case of the spec whose outcome differs under rules of one's
own); they are counted apart. A case under rules that are not shipped names them in ``rules``
(``house.yaml (extends yahtzee)``); a game played with the dice the implementation threw itself
says so in ``dice`` (``own``). The summaries below are computed from the same records as
they are written.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from dicespec.conformance.containment import defaults
from dicespec.conformance.containment.limits import names_a_limit
from dicespec.conformance.run.refusals import OtherOrder
from dicespec.implementation import held, held_to

OUTCOMES = ("passed", "failed", "errored", "skipped")
SKIPS = {
    "unsupported": "Skipped, and why:",
    "cannot-ask": "Not asked: the implementation supports them, but its engine cannot be asked them:",
    "not-under-rules": "Not under these rules: cases of the spec whose outcome differs under rules of one's own:",
}
"""Why a case is skipped, each counted apart, with the heading the summary gives its reasons."""
NOT_UNDER = "not under these rules"
"""How the reason of a case of the spec skipped as not under the rules it is asked under begins."""
PARTS = ("features", "exhaustive", "games")
OTHER_ORDER = "Refused in another order, for a reason the rules give too (passed; --strict-refusals fails them):"
"""The heading of the cases passed with a refusal in another order, counted by pair of codes."""
_dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


@dataclass(slots=True)
class Example:
    """A case worth showing: one that failed or errored."""

    id: str
    part: str
    kind: str
    ruleset: str | None
    outcome: str
    expected: Any = None
    actual: Any = None
    message: str | None = None


@dataclass
class Recorder:
    """Takes every result; keeps counts, a few examples of each kind, and what --track needs."""

    show: int = defaults.SHOW  # examples kept per part, kind and outcome
    report: IO[str] | None = None  # the JSON lines file, if any
    previous: dict[str, str] | None = None  # ids not passing in the last tracked run
    counts: dict[tuple[str, str, str, str], list[int]] = field(default_factory=dict)
    examples: dict[tuple[str, str, str], list[Example]] = field(default_factory=dict)
    group_ids: dict[tuple[str, str, str, str], list[str]] = field(default_factory=dict)  # for JUnit
    not_passing: dict[str, str] = field(default_factory=dict)
    fixed: list[str] = field(default_factory=list)
    new_examples: dict[tuple[str, str, str], list[Example]] = field(default_factory=dict)
    new_counts: dict[str, int] = field(default_factory=dict)
    features: list[dict[str, Any]] = field(default_factory=list)  # every feature result, for JUnit
    skip_reasons: dict[tuple[str, str], int] = field(default_factory=dict)  # (kind of skip, why): how many
    rules: dict[str, str] = field(default_factory=dict)  # rules not shipped: ruleset name → where they come from
    other_orders: dict[OtherOrder, int] = field(default_factory=dict)  # refusals in another order: how many
    own_dice: set[str] = field(default_factory=set)  # rulesets whose games its engine threw the dice of

    def passed(
        self, case_id: str, part: str, kind: str, ruleset: str, row: str, refusal: OtherOrder | None = None
    ) -> None:
        """The hot path: one passing case (``refusal``: with a refusal in another order than the
        reference's)."""
        key = (part, kind, ruleset, row)
        counts = self.counts.get(key)
        if counts is None:
            counts = self.counts[key] = [0, 0, 0, 0]
        counts[0] += 1
        if refusal is not None:
            self.other_orders[refusal] = self.other_orders.get(refusal, 0) + 1
        if self.report is not None:
            line: dict[str, Any] = {
                "id": case_id,
                "part": part,
                "kind": kind,
                "ruleset": ruleset,
                "row": row,
                "outcome": "passed",
            }
            if ruleset in self.rules:
                line["rules"] = self.rules[ruleset]
            if part == "games" and ruleset in self.own_dice:
                line["dice"] = "own"
            if refusal is not None:
                line["refusal"] = refusal.to_json()
            self.report.write(_dumps(line) + "\n")
        if self.previous is not None and case_id in self.previous:
            self.fixed.append(case_id)

    def record(
        self,
        case_id: str,
        part: str,
        kind: str,
        ruleset: str | None,
        row: str,
        outcome: str,
        *,
        expected: Any = None,
        actual: Any = None,
        message: str | None = None,
        skip: str = "unsupported",
        refusal: OtherOrder | None = None,
    ) -> None:
        """Any result (passing ones too, but :meth:`passed` is quicker); ``skip`` says why a
        skipped one was (one of :data:`SKIPS`), ``refusal`` that a passed one refused in another
        order than the reference's."""
        if outcome == "passed":
            self.passed(case_id, part, kind, ruleset or "", row, refusal)
            return
        key = (part, kind, ruleset or "", row)
        counts = self.counts.get(key)
        if counts is None:
            counts = self.counts[key] = [0, 0, 0, 0]
        counts[OUTCOMES.index(outcome)] += 1
        line: dict[str, Any] = {
            "id": case_id,
            "part": part,
            "kind": kind,
            "ruleset": ruleset,
            "row": row,
            "outcome": outcome,
        }
        if ruleset in self.rules:
            line["rules"] = self.rules[ruleset]
        if part == "games" and ruleset in self.own_dice:
            line["dice"] = "own"
        if outcome == "failed":
            line |= {"expected": expected, "actual": actual}
            if message:
                line["message"] = message
        elif message is not None:
            line["message"] = message
        if outcome == "skipped":
            line["skip"] = skip
        if self.report is not None:
            self.report.write(_dumps(line) + "\n")
        if outcome == "skipped":
            reason = (skip, (message or "no reason given").strip().splitlines()[0])
            self.skip_reasons[reason] = self.skip_reasons.get(reason, 0) + 1
            return
        self.not_passing[case_id] = outcome
        ids = self.group_ids.setdefault(key, [])
        if len(ids) < 20:
            ids.append(case_id)
        example = Example(case_id, part, kind, ruleset, outcome, expected, actual, message)
        kept = self.examples.setdefault((part, kind, outcome), [])
        if len(kept) < self.show:
            kept.append(example)
        if self.previous is not None and case_id not in self.previous:
            self.new_counts[outcome] = self.new_counts.get(outcome, 0) + 1
            new = self.new_examples.setdefault((part, kind, outcome), [])
            if len(new) < self.show:
                new.append(example)

    def feature(self, result: dict[str, Any]) -> None:
        """One result of the spec's pytest run (a line of its results file)."""
        self.features.append(result)
        feature = result.get("feature") or "(unknown feature)"
        refusal = result.get("refusal")
        self.record(
            result["id"],
            "features",
            feature,
            result.get("ruleset"),
            "",
            result["outcome"],
            message=result.get("message") or None,
            skip=result.get("skip") or "unsupported",
            refusal=None if refusal is None else OtherOrder(refusal["expected"], refusal["actual"]),
        )

    # -- sums ------------------------------------------------------------------------------

    def totals(self, part: str | None = None) -> list[int]:
        sums = [0, 0, 0, 0]
        for (p, *_), counts in self.counts.items():
            if part is None or p == part:
                for i, n in enumerate(counts):
                    sums[i] += n
        return sums

    def ok(self) -> bool:
        """Nothing failed or errored."""
        _, failed, errored, _ = self.totals()
        return failed == 0 and errored == 0


def closing_line(totals: list[int]) -> str:
    return ", ".join(f"{n} {name}" for n, name in zip(totals, OUTCOMES, strict=True))


# -- the text summary ---------------------------------------------------------------------------


def _table(header: list[str], rows: list[list[str]], numeric_from: int) -> list[str]:
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]

    def line(cells: list[str]) -> str:
        return "  ".join(
            c.rjust(w) if i >= numeric_from else c.ljust(w) for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        ).rstrip()

    return [line(header), *(line(r) for r in rows)]


def _n(value: int) -> str:
    return f"{value:,}" if value else "·"


def tables(recorder: Recorder) -> list[str]:
    out: list[str] = []
    features: dict[str, list[int]] = {}
    for (part, kind, _, _), counts in recorder.counts.items():
        if part == "features":
            sums = features.setdefault(kind, [0, 0, 0, 0])
            for i, n in enumerate(counts):
                sums[i] += n
    if features:
        rows = [[name, *map(_n, counts)] for name, counts in sorted(features.items())]
        out += [*_table(["Feature", *OUTCOMES], rows, 1), ""]
    corpus = sorted(
        ((key, counts) for key, counts in recorder.counts.items() if key[0] != "features"),
        key=lambda item: _part_order(item[0][0]),
    )  # by part, each in the order recorded
    if corpus:
        rows = [[kind, ruleset, row, *map(_n, counts)] for (_, kind, ruleset, row), counts in corpus]
        out += [*_table(["Corpus", "ruleset", "row", *OUTCOMES], rows, 3), ""]
    return out


def differences(expected: Any, actual: Any, path: str = "") -> Iterator[tuple[str, Any, Any]]:
    """Where two JSON values differ: (path, expected, actual), deepest first found."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        for key in list(expected) + [k for k in actual if k not in expected]:
            if expected.get(key, _MISSING) != actual.get(key, _MISSING):
                yield from differences(expected.get(key, _MISSING), actual.get(key, _MISSING), f"{path}.{key}")
    elif isinstance(expected, list) and isinstance(actual, list) and len(expected) == len(actual):
        for i, (e, a) in enumerate(zip(expected, actual, strict=True)):
            if e != a:
                yield from differences(e, a, f"{path}[{i}]")
    else:
        yield path.lstrip(".") or "(answer)", expected, actual


class _Missing:
    def __repr__(self) -> str:
        return "(missing)"


_MISSING = _Missing()


def _show(value: Any) -> str:
    return repr(value) if isinstance(value, _Missing) else json.dumps(value, ensure_ascii=False)


def describe(example: Example, *, limit: int = 4) -> list[str]:
    where = f" under {example.ruleset}" if example.ruleset and example.part == "features" else ""
    lines = [f"  {example.id}{where}"]
    if example.outcome == "failed" and example.part != "features":
        # what the case was judged on: not what carries no rule (``current`` once a game is over)
        found = list(differences(held(example.expected), held_to(example.expected, example.actual)))
        for path, expected, actual in found[:limit]:
            label = "" if path == "(answer)" else f"{path}: "
            lines.append(f"      {label}expected {_show(expected)}, got {_show(actual)}")
        if len(found) > limit:
            lines.append(f"      … and {len(found) - limit} more differences")
    if example.message:
        text = example.message.strip().splitlines()
        lines += [f"      {line}" for line in text[:8]]
        if len(text) > 8:
            lines.append(f"      … ({len(text) - 8} more lines)")
    return lines


def example_lines(
    groups: dict[tuple[str, str, str], list[Example]], recorder: Recorder, *, title: str, counts: bool = True
) -> list[str]:
    out: list[str] = []
    # By part, in the order of PARTS (the features' results are recorded last: they run alongside the corpus).
    for (part, kind, outcome), examples in sorted(groups.items(), key=lambda group: _part_order(group[0][0])):
        total = sum(c[OUTCOMES.index(outcome)] for key, c in recorder.counts.items() if key[:2] == (part, kind))
        label = "feature " + kind if part == "features" else kind
        more = f" (first {len(examples)} of {total:,})" if counts and total > len(examples) else ""
        out.append(f"{title} {outcome}: {label}{more}")
        for example in examples:
            out += describe(example)
        out.append("")
    return out


def _part_order(part: str) -> int:
    return PARTS.index(part) if part in PARTS else len(PARTS)


def other_order_lines(recorder: Recorder) -> list[str]:
    """The cases passed with a refusal in another order than the reference's: how many, and how
    many of each pair of codes, most first."""
    if not recorder.other_orders:
        return []
    pairs = sorted(recorder.other_orders.items(), key=lambda item: (-item[1], item[0].expected, item[0].actual))
    lines = [f"{OTHER_ORDER} {sum(recorder.other_orders.values()):,}"]
    lines += [f"  {count:,} {'case' if count == 1 else 'cases'}: {order.describe()}" for order, count in pairs]
    return [*lines, ""]


EVENTS = 20
"""The implementation's misbehaviours the text report shows, at most, but for every stop by a limit."""


def summary(recorder: Recorder, *, header: Iterable[str] = (), events: Iterable[str] = ()) -> str:
    """The whole text report: header, tables, examples (or changes), what the implementation did
    (the first :data:`EVENTS` misbehaviours, and every stop by a limit), closing line."""
    out = list(header)
    if out:
        out.append("")
    out += tables(recorder)
    for skip, heading in SKIPS.items():
        reasons = sorted((reason, count) for (kind, reason), count in recorder.skip_reasons.items() if kind == skip)
        if reasons:
            total = sum(count for _, count in reasons)
            out.append(heading if skip == "unsupported" else f"{heading} {total:,}")
            shown = reasons if skip == "unsupported" else reasons[: recorder.show * 2]  # the first reasons
            out += [f"  {count:,} cases: {reason}" for reason, count in shown]
            if len(shown) < len(reasons):
                out.append(f"  … and {len(reasons) - len(shown):,} more reasons")
            out.append("")
    out += other_order_lines(recorder)
    if recorder.previous is None:
        out += example_lines(recorder.examples, recorder, title="First cases")
    else:
        newly = ", ".join(f"{n:,} newly {o}" for o, n in recorder.new_counts.items()) or "nothing newly failing"
        still = sum(1 for i in recorder.previous if i in recorder.not_passing)
        out.append(f"Since the last run: {newly}; {len(recorder.fixed):,} newly fixed; {still:,} still not passing.")
        out.append("")
        out += example_lines(recorder.new_examples, recorder, title="Newly", counts=False)
        if recorder.fixed:
            out.append("Newly fixed:")
            out += [f"  {case_id}" for case_id in recorder.fixed[: recorder.show * 4]]
            if len(recorder.fixed) > recorder.show * 4:
                out.append(f"  … and {len(recorder.fixed) - recorder.show * 4:,} more")
            out.append("")
    events = list(events)
    if events:  # the first ones, and every stop by a limit
        noted = events[:EVENTS] + [event for event in events[EVENTS:] if names_a_limit(event)]
        out.append("The implementation misbehaved:")
        out += [f"  {line}" for event in noted for line in event.splitlines()[:6]]
        if len(noted) < len(events):
            out.append(f"  … and {len(events) - len(noted):,} more")
        out.append("")
    out.append(closing_line(recorder.totals()))
    return "\n".join(out)


# -- JUnit -------------------------------------------------------------------------------------


def write_junit(recorder: Recorder, path: Path, *, name: str) -> None:
    """Features one test each; the corpus one test per table row (its ids in the message)."""
    root = ET.Element("testsuites", name=f"dicespec conform: {name}")
    suites: dict[str, ET.Element] = {}

    def suite(part: str) -> ET.Element:
        if part not in suites:
            suites[part] = ET.SubElement(root, "testsuite", name=part)
        return suites[part]

    for result in recorder.features:
        case = ET.SubElement(
            suite("features"),
            "testcase",
            classname=result.get("feature") or "features",
            name=f"{result['id']} [{result.get('ruleset') or '-'}]",
        )
        _junit_outcome(case, result["outcome"], result.get("message") or "")
    for (part, kind, ruleset, row), counts in sorted(recorder.counts.items(), key=lambda item: _part_order(item[0][0])):
        if part == "features":
            continue
        case = ET.SubElement(suite(part), "testcase", classname=f"{kind}.{ruleset}", name=row)
        passed, failed, errored, skipped = counts
        ids = recorder.group_ids.get((part, kind, ruleset, row), [])
        total = sum(counts)
        if errored:
            _junit_outcome(case, "errored", f"{errored} of {total} cases errored; first: {', '.join(ids)}")
        elif failed:
            _junit_outcome(case, "failed", f"{failed} of {total} cases failed; first: {', '.join(ids)}")
        elif skipped and not passed:
            _junit_outcome(case, "skipped", f"{skipped} cases skipped")
        ET.SubElement(
            case, "system-out"
        ).text = f"{passed} passed, {failed} failed, {errored} errored, {skipped} skipped"
    for element in suites.values():
        tests = element.findall("testcase")
        element.set("tests", str(len(tests)))
        for tag, attribute in (("failure", "failures"), ("error", "errors"), ("skipped", "skipped")):
            element.set(attribute, str(sum(1 for t in tests if t.find(tag) is not None)))
    ET.indent(root)
    path.parent.mkdir(parents=True, exist_ok=True)
    ET.ElementTree(root).write(path, encoding="utf-8", xml_declaration=True)


def _junit_outcome(case: ET.Element, outcome: str, message: str) -> None:
    tag = {"failed": "failure", "errored": "error", "skipped": "skipped"}.get(outcome)
    if tag is not None:
        ET.SubElement(case, tag, message=message.splitlines()[0][:500] if message else "").text = message


# -- --track -------------------------------------------------------------------------------------


def load_track(path: Path) -> dict[str, str]:
    """The ids that did not pass in the last tracked run, with their outcomes (none at first)."""
    if not path.is_file():
        return {}
    return dict(json.loads(path.read_text(encoding="utf-8")).get("not_passing", {}))


def save_track(path: Path, recorder: Recorder, *, name: str) -> None:
    """What the next --track run compares with: the ids that did not pass, and those of the last
    run that this one did not run (a narrower run forgets nothing)."""
    kept = dict(recorder.not_passing)
    fixed = set(recorder.fixed)
    for case_id, outcome in (recorder.previous or {}).items():
        if case_id not in kept and case_id not in fixed:
            kept[case_id] = outcome
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        json.dumps({"implementation": name, "not_passing": kept}, indent=0, sort_keys=True) + "\n", encoding="utf-8"
    )


def read_results(path: Path) -> Iterator[dict[str, Any]]:
    """The results of a JSON lines file (a report, or the spec run's results)."""
    with path.open(encoding="utf-8") as stream:
        for line in stream:
            if line.strip():
                yield json.loads(line)
