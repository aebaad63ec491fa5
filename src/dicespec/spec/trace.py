"""Where each value of a ruleset comes from: a sentence of a text, or a gap that chooses it.

A shipped ruleset names the texts it takes at its word (``texts``, files of
``fixtures/sources/``) and traces its values to their sentences (``trace``: a dotted key path,
``rows.full_house.points``, to the quoted words). A value that no sentence of those texts states
is chosen by one of the ruleset's ``gaps`` instead, with the reason. A trace or a gap on a key
covers every value under it: ``five_of_a_kind`` covers ``five_of_a_kind.repeat.adds``.

:func:`untraced` lists the values with neither, :func:`misquoted` the quotes a text does not
hold word for word, :func:`stray` the trace keys that name no value; the test suite asks all
three of every shipped ruleset. A ruleset that ``extends`` another inherits its traces and
texts (less the traces of the values it changes, :func:`dicespec.rulesets.paths.inherited_trace`);
when it names texts of its own, only their sentences count.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from dicespec.rulesets.paths import covers, value_keys
from dicespec.spec.paths import sources_dir


@dataclass(frozen=True, slots=True)
class Sentence:
    """Words of a source text that state a value."""

    key: str  # the dotted key path it traces
    source: str  # a file of fixtures/sources/
    quote: str


def sentences(data: Mapping[str, Any]) -> list[Sentence]:
    """The ruleset's traced sentences, from the texts it takes at its word only."""
    texts = set(data.get("texts") or ())
    return [
        Sentence(key, entry["source"], entry["quote"])
        for key, entries in (data.get("trace") or {}).items()
        for entry in entries
        if entry["source"] in texts
    ]


def untraced(data: Mapping[str, Any]) -> list[str]:
    """The values of ``data`` that neither a sentence of its texts nor a gap accounts for."""
    keys = [s.key for s in sentences(data)] + [gap["key"] for gap in data.get("gaps") or ()]
    return [path for path in value_keys(data) if not any(covers(key, path) for key in keys)]


def stray(data: Mapping[str, Any]) -> list[str]:
    """Trace keys that name no value of ``data`` (a row renamed, a key misspelt)."""
    paths = list(value_keys(data))
    return [key for key in data.get("trace") or {} if not any(covers(key, path) for path in paths)]


def _words(text: str) -> str:
    return " ".join(text.split())


@cache
def _source(name: str) -> str:
    return _words((sources_dir() / name).read_text(encoding="utf-8"))


def misquoted(data: Mapping[str, Any]) -> list[str]:
    """``key: source: why`` for each traced sentence its text does not hold word for word."""
    wrong = []
    for sentence in sentences(data):
        if not (sources_dir() / sentence.source).is_file():
            wrong.append(f"{sentence.key}: {sentence.source}: no such file in fixtures/sources/")
        elif _words(sentence.quote) not in _source(sentence.source):
            wrong.append(f"{sentence.key}: {sentence.source}: the text does not hold {_short(sentence.quote)!r}")
    return wrong


def _short(text: str, limit: int = 60) -> str:
    words = _words(text)
    return words if len(words) <= limit else words[:limit] + "…"
