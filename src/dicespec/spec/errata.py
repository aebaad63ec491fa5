"""The findings about the source texts: ``fixtures/errata.yaml``, the one list of them.

Each finding names the text and sentence, the text's claim, what holds instead, the
decision taken, the shipped rulesets under which the claim holds (if any), and the cases
of the spec that carry it. The test suite derives each case's expected outcome from here;
the website publishes it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from dicespec.spec.paths import errata_path
from dicespec.validation import check

KINDS = ("erratum", "variant", "ambiguity", "gap")


class ErrataError(ValueError):
    """errata.yaml is not in the expected shape (``schemas/errata.json``); the message names the
    file, the key path and the value."""


@dataclass(frozen=True, slots=True)
class Finding:
    id: str
    game: str
    text: str  # language of the source text: fr, de, pl (or "all")
    source: str  # file in fixtures/sources/
    kind: str  # erratum | variant | ambiguity | gap
    quote: str  # the sentence, verbatim
    claim: str
    truth: str
    decision: str
    holds_under: tuple[str, ...]  # shipped rulesets under which the claim holds
    cases: tuple[str, ...]  # spec cases that carry the claim

    @property
    def fails_under_reference(self) -> bool:
        """Is the claim wrong under the game's reference behaviour?"""
        return self.kind in ("erratum", "variant")


_FIELDS = ("id", "game", "text", "source", "kind", "quote", "claim", "truth", "decision")


def _finding(entry: dict[str, Any]) -> Finding:
    return Finding(
        **{key: entry[key].strip() for key in _FIELDS},
        holds_under=tuple(entry.get("holds_under") or ()),
        cases=tuple(entry["cases"]),
    )


@cache
def _read(path: Path) -> tuple[Finding, ...]:
    """The findings of ``path``, checked against ``schemas/errata.json`` first."""
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        raise ErrataError(f"{path}: not YAML: {' '.join(str(exc).split())}") from None
    check(data, "errata", path, ErrataError, owner="the errata file")
    return tuple(_finding(entry) for entry in data["findings"])


def findings(path: Path | None = None) -> tuple[Finding, ...]:
    """Every finding, in file order."""
    return _read((path or errata_path()).resolve())


def findings_by_case(path: Path | None = None) -> dict[str, list[Finding]]:
    """The findings that carry each case id."""
    by_case: dict[str, list[Finding]] = {}
    for finding in findings(path):
        for case_id in finding.cases:
            by_case.setdefault(case_id, []).append(finding)
    return by_case
