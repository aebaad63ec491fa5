"""A ruleset's prose in each language of the site: its title, description, row labels and gap
choices, read from the ruleset files of one ``extends`` chain.

A ruleset file writes its prose in its ``language`` (``en`` unless it says otherwise) and gives
the other languages of the site in ``translations``::

    language: fr
    title: Kiriki, le texte français à la lettre
    translations:
      en: {title: "Kiriki, French text as written", description: "...", rows: {full_house: Full House}}
      de: {...}
    gaps:
      - key: joker
        choice: Pas de joker, ...
        translations: {en: "No joker, ...", de: "...", pl: "..."}

The prose is not rules: no trace covers it and the engines never read a translation. A file that
``extends`` another inherits its prose as it inherits its values: the parent's, in every
language, less what the child writes. A title, description or row label the child writes
replaces the parent's in every language, so the child gives it in each (its own language in
the value, the others in ``translations``); the child's gaps replace the parent's as
:func:`dicespec.rulesets.paths.inherited_gaps` says.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from dicespec.catalog import LANGUAGES
from dicespec.rulesets.paths import inherited_gaps

DEFAULT_LANGUAGE = "en"
"""The language of a ruleset file that names none (and the project's normative language)."""

TRANSLATION_KEYS = frozenset({"language", "translations"})
"""The top-level keys of a ruleset file that hold its prose's language and translations."""


@dataclass(frozen=True, slots=True)
class RulesetProse:
    """A ruleset's words in one language: what the site shows of it."""

    title: str
    description: str
    rows: Mapping[str, str]  # row id -> label, in sheet order; empty for a set-aside ruleset
    gaps: tuple[tuple[str, str], ...]  # (key, choice), in the order of the ruleset's gaps


class MissingText(LookupError):
    """A text a ruleset file does not give in the language asked: ``key`` is its key path in the
    file, ``layer`` the file's place in the ``extends`` chain (0: the root)."""

    def __init__(self, key: str, layer: int = 0) -> None:
        super().__init__(key)
        self.key = key
        self.layer = layer


def language_of(layer: Mapping[str, Any]) -> str:
    """The language a ruleset file writes its own prose in."""
    language = layer.get("language", DEFAULT_LANGUAGE)
    return str(language)


def _translation(layer: Mapping[str, Any], lang: str) -> Mapping[str, Any]:
    found = (layer.get("translations") or {}).get(lang)
    return found if isinstance(found, Mapping) else {}


def _text(written: str, own: bool, translated: Any, key: str, strict: bool) -> str:
    """The text in the language asked: as written in the file's own language, else its translation;
    a missing translation is :class:`MissingText`, or the text as written when not ``strict``."""
    if own:
        return written
    if isinstance(translated, str):
        return translated
    if strict:
        raise MissingText(key)
    return written


def layered(
    layers: Sequence[Mapping[str, Any]], lang: str, rows: Iterable[str], *, strict: bool = True
) -> RulesetProse:
    """The prose in ``lang`` of the ruleset made of ``layers`` (the raw files of its ``extends``
    chain, the root first) whose rows are ``rows``, in sheet order. Strict: a text the files do
    not give in ``lang`` is :class:`MissingText`; otherwise it falls back to the text as written."""
    prose = _Prose()
    for depth, layer in enumerate(layers):
        try:
            prose.add(layer, lang, strict, first=depth == 0)
        except MissingText as missing:
            raise MissingText(missing.key, depth) from None
    return RulesetProse(
        prose.title,
        prose.description,
        MappingProxyType({row: prose.labels[row] for row in rows}),
        tuple((gap["key"], gap["choice"]) for gap in prose.gaps),
    )


class _Prose:
    """The prose of an ``extends`` chain in one language, as its files are laid over each other."""

    def __init__(self) -> None:
        self.title = self.description = ""
        self.labels: dict[str, str] = {}
        self.gaps: list[dict[str, Any]] = []

    def add(self, layer: Mapping[str, Any], lang: str, strict: bool, first: bool) -> None:
        """Lay one file's prose over its parent's."""
        own = language_of(layer) == lang
        words = _translation(layer, lang)
        where = f"translations.{lang}"
        if "title" in layer or isinstance(words.get("title"), str):
            self.title = _text(layer.get("title", ""), own, words.get("title"), f"{where}.title", strict)
        if "description" in layer or isinstance(words.get("description"), str):
            self.description = _text(
                layer.get("description", ""), own, words.get("description"), f"{where}.description", strict
            )
        translated_rows = words.get("rows") or {}
        for row_id, row in (layer.get("rows") or {}).items():
            if isinstance(row, Mapping) and "label" in row:
                self.labels[row_id] = _text(
                    row["label"], own, translated_rows.get(row_id), f"{where}.rows.{row_id}", strict
                )
        self.labels.update(translated_rows.items())
        own_gaps = [
            {
                "key": gap["key"],
                "choice": _text(
                    gap["choice"],
                    own,
                    (gap.get("translations") or {}).get(lang),
                    f"gaps.{index}.translations.{lang} (the gap on {gap['key']})",
                    strict,
                ),
            }
            for index, gap in enumerate(layer.get("gaps") or ())
        ]
        self.gaps = own_gaps if first else inherited_gaps({"gaps": self.gaps}, {**layer, "gaps": own_gaps})


def translation_problems(layer: Mapping[str, Any], rows: Iterable[str]) -> list[str]:
    """``key.path: value: what is wrong`` for each translation of one ruleset file that the schema
    cannot refuse: one into the file's own language, a label for a row the ruleset lacks."""
    own = language_of(layer)
    known = list(rows)
    problems = []
    translations = layer.get("translations") or {}
    if own in translations:
        problems.append(
            f"translations.{own}: the file is written in {own} (language: {own}); "
            f"translations are for the other languages ({', '.join(lang for lang in LANGUAGES if lang != own)})"
        )
    for lang, words in translations.items():
        for row_id, label in (words.get("rows") or {}).items():
            if row_id not in known:
                problems.append(
                    f"translations.{lang}.rows.{row_id}: {label!r}: not a row of the ruleset"
                    f" ({', '.join(known) or 'it has none'})"
                )
    for index, gap in enumerate(layer.get("gaps") or ()):
        if own in (gap.get("translations") or {}):
            problems.append(
                f"gaps.{index}.translations.{own}: the gap on {gap['key']} is written in {own} "
                f"(language: {own}); its choice is the {own} text"
            )
    return problems
