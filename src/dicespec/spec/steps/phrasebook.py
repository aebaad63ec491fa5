"""Binding the phrasebook's phrasings to the step logic, for every language at once (the phrasebook,
``dicespec/spec/phrasebook.yaml``, and its field types are read by :mod:`dicespec.spec.phrasebook`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pytest_bdd import given, parsers, then, when

from dicespec.spec.phrasebook import LANGUAGES, TYPES, phrasebook

__all__ = ["StepLogic", "register"]

_DECORATORS = {"given": given, "when": when, "then": then}


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
                decorate(parsers.parse(pattern, extra_types=TYPES), target_fixture=entry.get("target"), stacklevel=2)(
                    logic[key]
                )
