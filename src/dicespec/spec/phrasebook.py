"""The phrasebook: every phrasing of every step of the spec, by language (``dicespec/spec/phrasebook.yaml``).

This is its one reader. The spec's steps bind each phrasing to its logic
(:mod:`dicespec.spec.steps.phrasebook`, with the types below); the exported test data
(:mod:`dicespec.export`) asks :func:`match` which step a line of a case is, and with what
values, as pytest-bdd would. ``tests/spec/test_features.py`` makes sure every line of every case
matches exactly one phrasing of its kind.

It also writes a step in any language of the phrasebook, whichever language its case was written
in: :func:`render` (one line), :func:`keyword` (the Gherkin keyword of a kind of step, from the
gherkin library's own language data) and :func:`render_case` (every line of a case, keywords
included), so that the rules website can show a case's steps in its reader's language.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from string import Formatter
from typing import TYPE_CHECKING, Any

import yaml

from dicespec.validation import check

if TYPE_CHECKING:
    from dicespec.spec.features import Case

LANGUAGES = ("en", "fr", "de", "pl")

# How each language joins the last of several die (or player) numbers to the others: "1, 2 and 5".
CONJUNCTIONS = {"en": "and", "fr": "et", "de": "und", "pl": "i"}


def _typed(pattern: str) -> Callable[[str], str]:
    """A parse type matching ``pattern`` and giving the text as it is."""

    def convert(text: str) -> str:
        return text

    convert.pattern = pattern  # type: ignore[attr-defined]  # how parse learns a type's regex
    return convert


# The typed fields a phrasing may use besides parse's own ({n:d} …).
TYPES = {
    "Dice": _typed(r"[1-6]+"),
    "Positions": _typed(r"\d+(?:(?:,\s*|\s+(?:" + "|".join(CONJUNCTIONS.values()) + r")\s+)\d+)*"),
}
# The field types a phrasing may use: parse's plain text and whole number, and TYPES.
FIELD_TYPES = ("", "d", *TYPES)


class PhrasebookError(ValueError):
    """A phrasebook whose phrasings of one step disagree, or a step it cannot write."""


def phrasebook_path() -> Path:
    """The phrasebook, shipped in the package beside this module."""
    return Path(__file__).with_name("phrasebook.yaml")


@cache
def phrasebook() -> dict[str, dict[str, Any]]:
    """section (common, sheet, setaside) -> step key -> {type, target?, names?, plural?,
    en: [...], fr: [...], …}."""
    return read_phrasebook(phrasebook_path())


def read_phrasebook(path: Path) -> dict[str, dict[str, Any]]:
    """A phrasebook file, checked against ``dicespec/schemas/phrasebook.json``, and each step's
    phrasings against each other: the same fields, of the same types, in every phrasing (the step
    logic takes them as arguments), its line-name fields and its plural field among them, and one
    plural category for each phrasing of a language."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    check(data, "phrasebook", path, owner="the phrasebook")
    book: dict[str, dict[str, Any]] = data
    for section, steps in book.items():
        for key, entry in steps.items():
            problem = _disagreement(entry)
            if problem:
                raise PhrasebookError(f"{path}: {section}.{key}{problem}")
    return book


def fields(pattern: str) -> dict[str, str]:
    """The fields of a phrasing and their types: ``{"player": "d", "line": ""}``."""
    found: dict[str, str] = {}
    for _, field, spec, _ in Formatter().parse(pattern):
        if field is not None:
            found[field] = spec or ""
    return found


def _disagreement(entry: dict[str, Any]) -> str:
    """What is wrong between the phrasings of one step (``.fr: …``), or ``""``."""
    first = entry["en"][0]
    expected = fields(first)
    for language in LANGUAGES:
        for pattern in entry.get(language, []):
            found = fields(pattern)
            if found != expected:
                return f".{language}: {pattern!r} has the fields {found}, {first!r} has {expected}"
    for field, kind in expected.items():
        if not re.fullmatch(r"[a-z_][a-z0-9_]*", field) or kind not in FIELD_TYPES:
            return (
                f": {first!r}: {{{field}:{kind}}} is not a named field of a known type ({', '.join(FIELD_TYPES[1:])})"
            )
    for field in entry.get("names", []):
        if field not in expected:
            return f".names: {field!r} is not a field of its phrasings ({', '.join(expected) or 'none'})"
    plural = entry.get("plural")
    if plural:
        if expected.get(plural["field"]) != "d":
            return f".plural.field: {plural['field']!r} is not a whole-number field of its phrasings"
        for language in LANGUAGES:
            if language in plural and len(plural[language]) != len(entry.get(language, [])):
                return (
                    f".plural.{language}: {len(plural[language])} categories for "
                    f"{len(entry.get(language, []))} phrasings"
                )
    return ""


@dataclass(frozen=True, slots=True)
class Step:
    """A line of a case, as the phrasebook reads it: which step, and the values of its fields."""

    section: str  # common, sheet, setaside
    key: str  # e.g. row_scores
    values: dict[str, Any]


@cache
def _parsers() -> dict[str, list[tuple[str, str, Any]]]:
    """given / when / then -> (section, key, compiled phrasing), for every phrasing."""
    from parse import compile as compile_pattern  # type: ignore[import-untyped]  # pytest-bdd's parser of phrasings

    found: dict[str, list[tuple[str, str, Any]]] = {"given": [], "when": [], "then": []}
    for section, steps in phrasebook().items():
        for key, entry in steps.items():
            for language in LANGUAGES:
                for pattern in entry.get(language, []):
                    found[entry["type"]].append((section, key, compile_pattern(pattern, extra_types=TYPES)))
    return found


def match(kind: str, text: str) -> Step | None:
    """The step a line of ``kind`` (given, when, then) with this text is, or ``None``."""
    for section, key, parser in _parsers()[kind]:
        result = parser.parse(text)
        if result is not None:
            return Step(section, key, dict(result.named))
    return None


# -- writing a step in any language ---------------------------------------------------------


def field_types(section: str, key: str) -> dict[str, str]:
    """The fields of a step and their types (every phrasing of a step has the same)."""
    return fields(phrasebook()[section][key]["en"][0])


def _language(lang: str) -> str:
    if lang not in LANGUAGES:
        raise PhrasebookError(f"{lang!r} is not a language of the phrasebook ({', '.join(LANGUAGES)})")
    return lang


def _numbers(value: Any, lang: str) -> str:
    """Die or player numbers as ``lang`` writes them: ``1``, ``1 et 2``, ``1, 2 und 5``."""
    numbers = re.findall(r"\d+", str(value))
    if len(numbers) < 2:
        return "".join(numbers)
    return f"{', '.join(numbers[:-1])} {CONJUNCTIONS[lang]} {numbers[-1]}"


def _value(value: Any, kind: str, lang: str, name: Callable[[str], str] | None) -> str:
    if name is not None:
        return name(str(value))
    if kind == "Positions":
        return _numbers(value, lang)
    if kind == "d":
        return str(int(value))
    return str(value).strip() if kind == "Dice" else str(value)


def _plural_category(number: int, lang: str) -> str:
    from babel import Locale  # the site's dependency, as for the numbers it writes (dicespec.catalog)

    category: str = Locale.parse(lang).plural_form(number)
    return category


def _phrasing(entry: dict[str, Any], lang: str, values: dict[str, Any]) -> str:
    """The phrasing of ``lang`` the values call for: the one of their number's plural category
    (the key's ``plural``), or else the first."""
    patterns: list[str] = entry[lang]
    plural = entry.get("plural")
    if plural and lang in plural:
        category = _plural_category(int(values[plural["field"]]), lang)
        for pattern, listed in zip(patterns, plural[lang], strict=True):
            if listed == category:
                return pattern
    return patterns[0]


def phrase(step: Step, lang: str, *, name: Callable[[str], str] | None = None) -> str:
    """``step`` written in ``lang``: its key's phrasing there (see :func:`render`), its values in."""
    entry = phrasebook()[step.section][step.key]
    if not entry.get(_language(lang)):
        raise PhrasebookError(f"{step.section}.{step.key} has no {lang} phrasing")
    names = set(entry.get("names", ()))
    out: list[str] = []
    for literal, field, kind, _ in Formatter().parse(_phrasing(entry, lang, step.values)):
        out.append(literal)
        if field is not None:
            out.append(_value(step.values[field], kind or "", lang, name if field in names else None))
    return "".join(out)


def render(kind: str, text: str, lang: str, *, name: Callable[[str], str] | None = None) -> str:
    """The line ``text`` (a step of ``kind``: given, when, then; no keyword) in ``lang``.

    It is written with the first phrasing of its step in that language (or the one its number's
    plural form calls for, where the step says), its values filled in: dice and numbers in digits,
    several die or player numbers joined as the language joins them (``1, 2 and 5``, ``1 et 2``).
    A value naming a line of the score sheet (the step's ``names`` fields) goes through ``name``,
    given, which may give the line's label in ``lang``; other values are written as they are.
    Raises :class:`PhrasebookError` for a line no phrasing reads, or a step without a phrasing in
    ``lang``.
    """
    _language(lang)
    step = match(kind, text)
    if step is None:
        raise PhrasebookError(f"the {kind} step {text!r} matches no phrasing of the phrasebook")
    return phrase(step, lang, name=name)


# The kinds of keyword: a step's kind, or a conjunction continuing the kind before it.
KEYWORD_KINDS = ("given", "when", "then", "and", "but")


@cache
def _dialect_keywords(kind: str, lang: str) -> tuple[str, ...]:
    """The keywords of ``kind`` in ``lang``, as the gherkin library lists them (with their trailing
    space, if any), but for ``*``."""
    from gherkin.dialect import Dialect

    if kind not in KEYWORD_KINDS:
        raise PhrasebookError(f"{kind!r} is not a kind of Gherkin keyword ({', '.join(KEYWORD_KINDS)})")
    dialect = Dialect.for_name(_language(lang))
    if dialect is None:
        raise PhrasebookError(f"the gherkin library has no language {lang!r}")
    listed: list[str] = getattr(dialect, f"{kind}_keywords")
    return tuple(word for word in listed if word.strip() != "*")


def _lines(case: Case) -> Iterator[tuple[str, str, str]]:
    """A case's lines as (keyword as written, kind, text); a data table's row as ("", "|", row)."""
    phrases = iter(case.phrases)
    for line in case.steps:
        if line.startswith("|"):
            yield "", "|", line
            continue
        kind, text = next(phrases)
        yield line[: len(line) - len(text)], kind, text


@cache
def _keywords_in_use() -> dict[str, Counter[str]]:
    """language -> each keyword (as written) -> how many lines of the spec's cases begin with it."""
    from dicespec.spec.features import cases

    used: dict[str, Counter[str]] = {}
    for case in cases():
        counts = used.setdefault(case.language, Counter())
        for spoken, kind, _ in _lines(case):
            if kind != "|":
                counts[spoken] += 1
    return used


def _keyword(kind: str, lang: str) -> str:
    candidates = _dialect_keywords(kind, lang)
    used = _keywords_in_use().get(lang, Counter())
    if not any(used[word] for word in candidates):
        return min(candidates, key=len)  # the plainest: "Mais", not "Mais que"
    return max(candidates, key=lambda word: used[word])  # the first of the most used, in the library's order


def keyword(kind: str, lang: str) -> str:
    """The Gherkin keyword of ``kind`` (given, when, then, and, but) in ``lang``: of the gherkin
    library's keywords for it, the one the spec's features in that language use most (Polish
    phrasings follow "Zakładając, że", which the library lists last), or, where they use none, the
    shortest (the phrasings are main clauses: "Mais", not "Mais que")."""
    return _keyword(kind, lang).rstrip()


def _conjunction(spoken: str, lang: str) -> str | None:
    for kind in ("and", "but"):
        if spoken in _dialect_keywords(kind, lang):
            return kind
    return None


def render_case(case: Case, lang: str, *, name: Callable[[str], str] | None = None) -> list[str]:
    """Every step line of ``case`` in ``lang``, each after its keyword (an And or But stays a
    conjunction), as :func:`render` writes it. A data table's rows follow their step as the case
    writes them: their cells are dice, replay actions and line names, which no phrasing writes.
    Raises :class:`PhrasebookError` naming the case and the line that cannot be written."""
    _language(lang)
    out: list[str] = []
    for spoken, kind, text in _lines(case):
        if kind == "|":
            out.append(text)
            continue
        try:
            written = render(kind, text, lang, name=name)
        except PhrasebookError as error:
            raise PhrasebookError(f"case {case.id} ({case.path}:{case.line}): {error}") from None
        out.append(_keyword(_conjunction(spoken, case.language) or kind, lang) + written)
    return out
