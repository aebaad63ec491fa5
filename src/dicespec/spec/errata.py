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

import yaml

from dicespec.spec.paths import errata_path

KINDS = ("erratum", "variant", "ambiguity", "gap")


class ErrataError(ValueError):
    """errata.yaml is not in the expected shape; the message names the entry and key."""


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


def _finding(entry: object, where: str) -> Finding:
    if not isinstance(entry, dict):
        raise ErrataError(f"{where}: a finding is a mapping, not {type(entry).__name__}")
    for key in _FIELDS:
        if not isinstance(entry.get(key), str) or not entry[key].strip():
            raise ErrataError(f"{where}: {key}: {entry.get(key)!r} must be a non-empty string")
    if entry["kind"] not in KINDS:
        raise ErrataError(f"{where}: kind: {entry['kind']!r} is not one of {', '.join(KINDS)}")
    unknown = set(entry) - set(_FIELDS) - {"holds_under", "cases"}
    if unknown:
        raise ErrataError(f"{where}: unknown keys {sorted(unknown)}")
    return Finding(
        **{key: entry[key].strip() for key in _FIELDS},
        holds_under=tuple(entry.get("holds_under") or ()),
        cases=tuple(entry.get("cases") or ()),
    )


@cache
def _read(path: Path) -> tuple[Finding, ...]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    entries = data.get("findings") if isinstance(data, dict) else None
    if not isinstance(entries, list):
        raise ErrataError(f"{path}: expected a mapping with a 'findings' list")
    return tuple(_finding(entry, f"{path}: findings[{i}]") for i, entry in enumerate(entries))


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
