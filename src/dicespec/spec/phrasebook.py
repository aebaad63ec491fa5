"""The phrasebook: every phrasing of every step of the spec, by language (``tests/steps/phrasebook.yaml``).

This is its one reader. The spec's steps bind each phrasing to its logic
(``tests/steps/phrasebook.py``, with the types below); the exported test data
(:mod:`dicespec.export`) asks :func:`match` which step a line of a case is, and with what
values, as pytest-bdd would. ``tests/test_spec_hygiene.py`` makes sure every line of every case
matches exactly one phrasing of its kind.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from dicespec.spec.paths import data_root
from dicespec.validation import check

LANGUAGES = ("en", "fr", "de", "pl")


def _typed(pattern: str) -> Callable[[str], str]:
    """A parse type matching ``pattern`` and giving the text as it is."""

    def convert(text: str) -> str:
        return text

    convert.pattern = pattern  # type: ignore[attr-defined]  # how parse learns a type's regex
    return convert


# The typed fields a phrasing may use besides parse's own ({n:d} …).
TYPES = {
    "Dice": _typed(r"[1-6]+"),
    "Positions": _typed(r"\d+(?:(?:,\s*|\s+(?:and|et|und|i)\s+)\d+)*"),
}


def phrasebook_path() -> Path:
    """The phrasebook beside the steps of the spec's pytest run (the checkout's, or a wheel's copy)."""
    from dicespec.spec.results import spec_root

    return (spec_root() or data_root()) / "tests" / "steps" / "phrasebook.yaml"


@cache
def phrasebook() -> dict[str, dict[str, Any]]:
    """section (common, kiriki, ten_thousand) -> step key -> {type, target?, en: [...], fr: [...], …}."""
    return read_phrasebook(phrasebook_path())


def read_phrasebook(path: Path) -> dict[str, dict[str, Any]]:
    """A phrasebook file, checked against ``dicespec/schemas/phrasebook.json``."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    check(data, "phrasebook", path, owner="the phrasebook")
    book: dict[str, dict[str, Any]] = data
    return book


@dataclass(frozen=True, slots=True)
class Step:
    """A line of a case, as the phrasebook reads it: which step, and the values of its fields."""

    section: str  # common, kiriki, ten_thousand
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
