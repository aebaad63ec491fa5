"""Checking a data file against its JSON Schema (draft 2020-12, in ``dicespec/schemas/``), with
one clear line for each way it does not fit: the file, the key path, the value and what is wrong.

``check(data, "errata", path)`` raises ``ValueError("fixtures/errata.yaml: findings.3.kind:
'oops': 'oops' is not one of [...]")`` (or the error class given), one line for every problem
of the file at once, the one that matters most first (:func:`problems`), so that a file with
three mistakes is not refused three times over.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, cast

import jsonschema
from referencing import Registry, Resource

JSON = dict[str, Any]
"""A JSON object as Python reads it: the one alias every module of the package writes JSON with."""


@cache
def schema(name: str) -> dict[str, Any]:
    """The schema ``dicespec/schemas/<name>.json``."""
    text = resources.files("dicespec.schemas").joinpath(f"{name}.json").read_text(encoding="utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


@cache
def _registry() -> Registry[Any]:
    """Every schema of ``dicespec/schemas/`` by its ``$id``, so that one can ``$ref`` another
    (the ruleset schemas share ``dicespec:trace``)."""
    names = [
        entry.name.removesuffix(".json")
        for entry in resources.files("dicespec.schemas").iterdir()
        if entry.name.endswith(".json")
    ]
    return Registry().with_resources((schema(n)["$id"], Resource.from_contents(schema(n))) for n in names)


@cache
def validator(name: str) -> jsonschema.Draft202012Validator:
    """A validator of the schema ``name`` that resolves its references to the other schemas."""
    return jsonschema.Draft202012Validator(schema(name), registry=_registry())


def describe(error: jsonschema.ValidationError, owner: str = "it") -> str:
    """``key.path: value: what is wrong``, pointing at the key itself for unknown and missing
    keys. ``owner`` names what needs a missing key when the schema has no ``title`` there."""
    keys = [str(p) for p in error.absolute_path]
    where = _schema_of(error)
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        known = where.get("properties", {})
        patterns = where.get("patternProperties", {})
        key = next(k for k in error.instance if k not in known and not any(re.search(p, k) for p in patterns))
        hint = f"known keys: {', '.join(known)}" if known else f"keys match {' or '.join(patterns)}"
        return f"{'.'.join([*keys, str(key)])}: {error.instance[key]!r}: unknown key; {hint}"
    if error.validator == "required" and isinstance(error.instance, dict):
        required = cast("list[str]", error.validator_value)  # a "required" keyword's value: key names
        key = next(k for k in required if k not in error.instance)
        return f"{'.'.join([*keys, key])}: missing; {where.get('title', owner)} needs it"
    return f"{'.'.join(keys) or '(top level)'}: {_short(error.instance)}: {_message(error)}"


def _schema_of(error: jsonschema.ValidationError) -> Mapping[str, Any]:
    """The (sub)schema ``error`` failed: a mapping for every keyword error; the stubs also allow a
    boolean schema (``false`` fails with no keyword) and an unset one, read here as no keys."""
    return error.schema if isinstance(error.schema, Mapping) else {}


def problems(data: Any, name: str, owner: str = "it") -> list[str]:
    """Every way ``data`` does not fit the schema ``name``, one ``key.path: value: what is wrong``
    each, the one that matters most first (jsonschema's relevance), one for each key path. An error of
    ``oneOf`` or ``anyOf`` is described by the best match among its alternatives' own errors."""
    errors = sorted(validator(name).iter_errors(data), key=jsonschema.exceptions.relevance, reverse=True)
    lines: dict[str, str] = {}  # by key path: a value that breaks two keywords is one problem
    for error in errors:
        best = jsonschema.exceptions.best_match([error])
        line = describe(best if best is not None else error, owner)
        lines.setdefault(line.split(": ", 1)[0], line)
    return list(lines.values())


def check(
    data: Any, name: str, source: str | Path | Traversable, error: type[Exception] = ValueError, owner: str = "it"
) -> None:
    """Raise ``error`` naming ``source`` when ``data`` does not fit the schema ``name``: one line
    per problem (:func:`problems`), each starting with ``source``."""
    found = problems(data, name, owner)
    if found:
        raise error("\n".join(f"{source}: {line}" for line in found))


def _short(value: Any, limit: int = 120) -> str:
    text = repr(value)
    return text if len(text) <= limit else f"{text[:limit]}… ({type(value).__name__})"


def _message(error: jsonschema.ValidationError) -> str:
    """jsonschema's message, without repeating a long value, on one line."""
    if error.validator == "pattern":
        return f"does not match {error.validator_value!r}"
    if error.validator in ("minLength", "minItems") and not error.instance:
        return "is empty"
    description = _schema_of(error).get("description")
    if error.validator == "oneOf" and isinstance(description, str):
        return description
    return " ".join(error.message.split())
