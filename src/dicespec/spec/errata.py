"""The findings about the source texts: ``fixtures/errata.yaml``, the one list of them.

Each finding names the text and sentence, the text's claim, what holds instead, the
decision taken, the shipped rulesets under which the claim holds (if any), and the cases
of the spec that carry it. The test suite derives each case's expected outcome from here;
the website publishes it, in each of its languages: a finding keeps its prose (claim, truth,
decision) in English and in every language of :data:`LANGUAGES` beside it (``prose(lang)``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

import yaml

from dicespec.spec.paths import errata_path
from dicespec.validation import check

KINDS = ("erratum", "variant", "ambiguity", "gap")
LANGUAGES = ("fr", "de", "pl")  # the languages of a finding's translations; English is the finding itself


class ErrataError(ValueError):
    """errata.yaml is not in the expected shape (``schemas/errata.json``); the message names the
    file, the key path and the value."""


@dataclass(frozen=True, slots=True)
class Prose:
    """A finding's prose in one language: the text's claim, what holds instead, the decision."""

    claim: str
    truth: str
    decision: str


def _no_translations() -> Mapping[str, Prose]:
    """The translations of a finding made without any: an empty read-only mapping."""
    return MappingProxyType({})


@dataclass(frozen=True, slots=True)
class Finding:
    """One finding about a source text: the sentence, what it claims and what holds instead, the
    decision taken, and its prose in the website's other languages."""

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
    # language -> prose, read-only; left out of the hash (a mapping has none), kept in equality
    translations: Mapping[str, Prose] = field(default_factory=_no_translations, hash=False)

    def prose(self, lang: str) -> Prose:
        """The claim, truth and decision in ``lang``: ``"en"`` for the English, or a language of
        the finding's translations."""
        if lang == "en":
            return Prose(claim=self.claim, truth=self.truth, decision=self.decision)
        try:
            return self.translations[lang]
        except KeyError:
            known = ", ".join(["en", *self.translations])
            raise ValueError(f"finding {self.id}: no prose in language {lang!r}; it has {known}") from None

    @property
    def fails_under_reference(self) -> bool:
        """Is the claim wrong under the game's reference behaviour?"""
        return self.kind in ("erratum", "variant")


_FIELDS = ("id", "game", "text", "source", "kind", "quote", "claim", "truth", "decision")


def _prose(entry: dict[str, Any]) -> Prose:
    return Prose(claim=entry["claim"].strip(), truth=entry["truth"].strip(), decision=entry["decision"].strip())


def _finding(entry: dict[str, Any]) -> Finding:
    translations = entry.get("translations") or {}
    return Finding(
        **{key: entry[key].strip() for key in _FIELDS},
        holds_under=tuple(entry.get("holds_under") or ()),
        cases=tuple(entry["cases"]),
        translations=MappingProxyType({lang: _prose(translations[lang]) for lang in LANGUAGES if lang in translations}),
    )


@cache
def _read(path: Path) -> tuple[Finding, ...]:
    """The findings of ``path``, checked against ``schemas/errata.json`` first."""
    text = path.read_text(encoding="utf-8")
    try:  # libyaml's parser where PyYAML has it, ten times faster; PyYAML's own for its message
        data = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))  # noqa: S506 (a safe loader)
    except yaml.YAMLError:
        try:
            data = yaml.safe_load(text)
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
