"""Key paths of a ruleset's values (``rows.full_house.points``), and how the traces and gaps of
a ruleset carry over to one that ``extends`` it.

A ruleset's ``trace`` maps a key path to the sentences that state the value there (see
:mod:`dicespec.spec.trace`, which checks them against the texts). A trace on a key covers every
value under it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

EXPECT = "expect"
"""The top-level key of the outcomes a ruleset file expects of itself (rolls and replayed games,
checked by :mod:`dicespec.rulesets.expect`): not a rule, and not inherited through ``extends``
(each file's expectations are its own)."""

ABOUT = frozenset(
    {
        "game",
        "name",
        "title",
        "description",
        "source",
        "texts",
        "trace",
        "gaps",
        "extends",
        "language",
        "translations",
        EXPECT,
    }
)
"""Keys that describe a ruleset rather than state a rule (its prose and the prose's translations
among them, and its expected outcomes): they need no trace."""


def values(data: Mapping[str, Any], prefix: str = "") -> Iterator[tuple[str, Any]]:
    """``(key path, value)`` for every rule value in ``data``: each leaf of its mappings (a list
    is one value), leaving out the keys in :data:`ABOUT`."""
    for key, value in data.items():
        if not prefix and key in ABOUT:
            continue
        path = f"{prefix}{key}"
        if isinstance(value, Mapping) and value:
            yield from values(value, f"{path}.")
        else:
            yield path, value


def value_keys(data: Mapping[str, Any]) -> Iterator[str]:
    """The key path of every rule value in ``data`` (see :func:`values`)."""
    return (path for path, _ in values(data))


def covers(key: str, path: str) -> bool:
    """Does a trace or gap on ``key`` account for the value at ``path``?"""
    return path == key or path.startswith(f"{key}.")


def _changed(key: str, child: Mapping[str, Any]) -> bool:
    return any(covers(key, path) or covers(path, key) for path in value_keys(child))


def inherited_trace(parent: Mapping[str, Any], child: Mapping[str, Any]) -> dict[str, Any]:
    """The trace of ``child`` extending ``parent``: the parent's, less every entry about a value
    the child writes (its sentence states the parent's value, not the child's), then the
    child's own."""
    kept = {key: sentences for key, sentences in (parent.get("trace") or {}).items() if not _changed(key, child)}
    return {**kept, **(child.get("trace") or {})}


def inherited_gaps(parent: Mapping[str, Any], child: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The gaps of ``child`` extending ``parent``: the parent's, less those about a value the
    child writes or that a gap of the child's own speaks for, then the child's own."""
    own = child.get("gaps") or []

    def replaced(key: str) -> bool:
        return any(covers(gap["key"], key) or covers(key, gap["key"]) for gap in own)

    kept = [gap for gap in parent.get("gaps") or () if not replaced(gap["key"]) and not _changed(gap["key"], child)]
    return [*kept, *own]
