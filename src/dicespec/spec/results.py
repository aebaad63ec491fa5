"""The results of a pytest run of the spec, one JSON line per test (the one way to run the spec
through pytest in a child process is :mod:`dicespec.conformance.run.spec_run`).

Every consumer reads the same lines: ``make test`` writes ``artifacts/results.jsonl`` for the
site's conformance page, ``dicespec conform`` runs the spec against an implementation
(:mod:`dicespec.conformance.run.runner`), and the golden files ask which claims hold under a ruleset
(:mod:`dicespec.regression.outcomes`). The lines are written by the pytest plugin
:mod:`dicespec.conformance.run.pytest_plugin` when ``--dicespec-results FILE`` is given, from the
reports' own attributes, never from their text (under pytest-xdist, by the controller alone, from
the reports its workers send it). Each line::

    {"id", "case", "feature", "ruleset", "test", "outcome", "pytest", "message", "start", "duration"}

- ``id``: the case id (:func:`dicespec.spec.items.case_id`), or the test's node id when it runs no
  case; ``case`` says which;
- ``outcome``: passed, failed, errored or skipped, as an implementation under test sees it. An
  expected failure of the errata (the claim fails, as the errata say it does) counts as passed:
  the implementation agrees with the reference; one that passes counts as failed;
- ``pytest``: pytest's own outcome: passed, failed, error, skipped, xfailed or xpassed (an
  expected failure that passed, strict or not);
- ``start``: when the test started (ISO 8601, UTC); ``duration``: its seconds, all phases;
- ``refusal``: only in a case an implementation under test passed by refusing an action for
  another reason the rules give than the spec's (its checks in another order): the spec's code and
  the implementation's, ``{"expected": …, "actual": …}``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

OUTCOMES = ("passed", "failed", "errored", "skipped")
STATUSES = ("passed", "xfailed", "skipped", "xpassed", "failed", "error")  # pytest's, least worrying first


@dataclass(frozen=True, slots=True)
class Result:
    """One test of a run: one line of the results file."""

    id: str
    case: bool
    feature: str | None
    ruleset: str | None
    test: str
    outcome: str
    pytest: str
    message: str
    start: str = ""
    duration: float = 0.0
    refusal: dict[str, str] | None = None

    def to_json(self) -> dict[str, Any]:
        found = asdict(self)
        if self.refusal is None:
            del found["refusal"]
        return found

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Result:
        test = str(data.get("test") or data.get("id") or "")
        return cls(
            id=str(data.get("id") or test),
            case=bool(data.get("case", True)),
            feature=data.get("feature"),
            ruleset=data.get("ruleset"),
            test=test,
            outcome=str(data.get("outcome") or "errored"),
            pytest=str(data.get("pytest") or ""),
            message=str(data.get("message") or ""),
            start=str(data.get("start") or ""),
            duration=float(data.get("duration") or 0.0),
            refusal=data.get("refusal"),
        )


def read(path: Path) -> list[Result]:
    """The results a file holds, in the order the tests ran. A last line cut short (the run was
    stopped while writing it) is left out."""
    found = []
    lines = path.read_text(encoding="utf-8").splitlines()
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError:
            if number == len(lines):
                break
            raise
        found.append(Result.from_json(data))
    return found
