"""Binding the phrasebook's phrasings to the step logic, for every language at once."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from pytest_bdd import given, parsers, then, when

from dicespec.validation import check

PHRASEBOOK = Path(__file__).with_name("phrasebook.yaml")
LANGUAGES = ("en", "fr", "de", "pl")
_DECORATORS = {"given": given, "when": when, "then": then}


def _typed(pattern: str) -> Callable[[str], str]:
    """A parse type matching ``pattern`` and giving the text as it is."""

    def convert(text: str) -> str:
        return text

    convert.pattern = pattern  # type: ignore[attr-defined]  (how ``parse`` learns a type's regex)
    return convert


# The typed fields a phrasing may use besides parse's own ({n:d} …).
TYPES = {
    "Dice": _typed(r"[1-6]+"),
    "Positions": _typed(r"\d+(?:(?:,\s*|\s+(?:and|et|und|i)\s+)\d+)*"),
}


@cache
def phrasebook() -> dict[str, dict[str, Any]]:
    """section (common, kiriki, ten_thousand) -> step key -> {type, target?, en: [...], fr: [...], …}."""
    return read_phrasebook(PHRASEBOOK)


def read_phrasebook(path: Path) -> dict[str, dict[str, Any]]:
    """A phrasebook file, checked against ``dicespec/schemas/phrasebook.json``."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    check(data, "phrasebook", path, owner="the phrasebook")
    book: dict[str, dict[str, Any]] = data
    return book


class StepLogic(dict[str, Callable[..., Any]]):
    """The step logic of one phrasebook section by key; use an instance as a decorator."""

    def __call__(self, function: Callable[..., Any]) -> Callable[..., Any]:
        self[function.__name__] = function
        return function


def register(section: str, logic: Mapping[str, Callable[..., Any]]) -> None:
    """Bind every phrasing of a phrasebook section to its logic, in the caller's module.

    pytest-bdd keeps step definitions as fixtures of the module that defines them, so
    this must be called at module level (``stacklevel=2`` points pytest-bdd past us).
    """
    book = phrasebook()[section]
    missing = set(book) ^ set(logic)
    if missing:
        raise LookupError(f"phrasebook and step logic disagree in {section}: {sorted(missing)}")
    for key, entry in book.items():
        decorate = _DECORATORS[entry["type"]]
        for language in LANGUAGES:
            for pattern in entry.get(language, []):
                decorate(parsers.parse(pattern, extra_types=TYPES), target_fixture=entry.get("target"), stacklevel=2)(logic[key])
