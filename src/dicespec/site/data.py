"""What the site is made of, read once per build: cases, findings, source texts, results.

The site holds no rule, example or finding of its own: this module reads them through the
spec reader (:mod:`dicespec.spec`) and the ruleset registry, every build afresh, so that
``mkdocs serve`` shows an edit to a feature file on the next rebuild.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from dicespec import rulesets as rulesets_module
from dicespec.registry import games
from dicespec.rulesets import ruleset_names
from dicespec.site.markup import slug
from dicespec.spec import errata as errata_module
from dicespec.spec import glossary as glossary_module
from dicespec.spec import phrasebook as phrasebook_module
from dicespec.spec.errata import ErrataError, Finding
from dicespec.spec.features import Case, cases_of_file, feature_files
from dicespec.validation import check


def wanted_rulesets(variable: str) -> list[str]:
    """The shipped rulesets the environment variable ``variable`` names (comma-separated), in
    their order; unset, every one: what a build makes a file of, for each kind of file it offers."""
    chosen = os.environ.get(variable)
    if chosen is None:
        return ruleset_names()
    names = {name.strip() for name in chosen.split(",")}
    return [name for name in ruleset_names() if name in names]


LANGUAGE_NAMES = {"en": "English", "fr": "French", "de": "German", "pl": "Polish"}

# A case's standing, worst first: how the site marks it.
STATUSES = ("variant", "erratum", "ambiguity", "gap", "holding")


@dataclass(frozen=True, slots=True)
class SourceText:
    """One file of ``fixtures/sources/``, with what ``sources.yaml`` says about it."""

    name: str  # the file name, as features name it in @source:
    slug: str  # its page's address: game and languages ("kiriki-fr-de"); the file's stem if undeclared
    text: str
    languages: tuple[str, ...] = ()  # the languages it is written in (codes), in order
    titles: Mapping[str, str] = field(default_factory=dict)  # site language -> the page's title
    about: Mapping[str, str] = field(default_factory=dict)  # site language -> what it is

    def title(self, lang: str) -> str:
        """Its page's title in ``lang`` (the file name where ``sources.yaml`` gives none)."""
        return self.titles.get(lang) or self.name


@dataclass(frozen=True, slots=True)
class SiteData:
    """Everything one build of the site reads."""

    root: Path
    cases: tuple[Case, ...]
    findings: tuple[Finding, ...]
    findings_by_case: Mapping[str, tuple[Finding, ...]]
    sources: Mapping[str, SourceText]
    errata_problem: str | None = None  # why the errata could not be read, if so
    rulesets: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # game -> names, reference first
    ids: frozenset[str] = (
        frozenset()
    )  # every id prose may name (findings, cases, rulesets, source files): shown as code

    def status(self, case: Case) -> str:
        """The case's standing: variant, erratum, ambiguity, gap, or holding (no flag)."""
        flags = case.flags
        for status in STATUSES[:-1]:
            if status in flags:
                return status
        return "holding"

    def quoted_language(self, ruleset: str) -> str | None:
        """The language a ruleset's prose quotes: that of the first text it takes at its word."""
        for name in rulesets_module.ruleset_data(ruleset).get("texts") or ():
            source = self.sources.get(name)
            if source is not None and source.languages:
                return source.languages[0]
        return None

    def cases_of(self, game: str) -> list[Case]:
        return [case for case in self.cases if case.game == game]


def _all_cases(features: Path) -> tuple[Case, ...]:
    # The reader's public per-file function reads afresh (cases() is cached per process).
    return tuple(case for path in feature_files(features) for case in cases_of_file(path, features))


def _findings(path: Path) -> tuple[tuple[Finding, ...], str | None]:
    if not path.is_file():
        return (), f"there is no {path.name} yet"
    try:
        return errata_module.findings(path), None
    except (ErrataError, OSError, ValueError) as exc:
        return (), str(exc)


def _declared(folder: Path) -> dict[str, dict[str, Any]]:
    """The entries of ``sources.yaml``, by file name (none if there is no such file)."""
    path = folder / "sources.yaml"
    if not path.is_file():
        return {}
    entries = yaml.safe_load(path.read_text(encoding="utf-8")) or []
    check(entries, "sources", path, owner="the list of source texts")
    return {entry["file"]: entry for entry in entries}


def _sources(folder: Path) -> dict[str, SourceText]:
    if not folder.is_dir():
        return {}
    declared = _declared(folder)
    sources = {}
    for path in sorted(folder.glob("*.txt")):
        entry = declared.get(path.name, {})
        sources[path.name] = SourceText(
            name=path.name,
            slug=entry.get("page") or slug(path.stem),
            text=path.read_text(encoding="utf-8"),
            languages=tuple(entry.get("languages", ())),
            titles=entry.get("title", {}),
            about=entry.get("about", {}),
        )
    return sources


def forget_cached_reads() -> None:
    """Empty the caches of the modules that read the spec and the rulesets, so that a build reads
    the files afresh (``mkdocs serve`` rebuilds in one process, after an edit)."""
    for module in (rulesets_module, errata_module, glossary_module, phrasebook_module):
        for value in vars(module).values():
            if callable(getattr(value, "cache_clear", None)) and getattr(value, "__module__", "") == module.__name__:
                value.cache_clear()


def _rulesets() -> dict[str, tuple[str, ...]]:
    """Each game of the registry: its shipped rulesets, its reference first."""
    return {game.name: tuple(ruleset_names(game.name)) for game in games()}


def load(root: Path) -> SiteData:
    """Read the spec below ``root`` (the folder holding ``features/`` and ``fixtures/``)."""
    forget_cached_reads()
    errata = root / "fixtures" / "errata.yaml"
    findings, problem = _findings(errata)
    by_case = errata_module.findings_by_case(errata) if findings else {}
    features = root / "features"
    cases = _all_cases(features) if features.is_dir() else ()
    sources = _sources(root / "fixtures" / "sources")
    rulesets = _rulesets()
    ids = frozenset(
        [
            *(f.id for f in findings),
            *(c.id for c in cases if c.id),
            *(n for names in rulesets.values() for n in names),
            *sources,
        ]
    )
    return SiteData(
        root=root,
        cases=cases,
        findings=findings,
        findings_by_case={key: tuple(value) for key, value in by_case.items()},
        sources=sources,
        errata_problem=problem,
        rulesets=rulesets,
        ids=ids,
    )
