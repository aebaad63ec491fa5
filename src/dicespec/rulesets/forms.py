"""The rule keys of a family's ruleset schema and the forms their values take, and which of them a
ruleset's data uses: what a set of rulesets leaves unasked.

A form is one line, a key's path and one shape of its value:

- each value of a list of values (``joker: free``), true and false for a yes-or-no key;
- each alternative of a key that takes one of several shapes (``upper_bonus: null``,
  ``upper_bonus: {at_least, points}``, ``farkle_penalty.floor: a number``);
- a key that may be left out, given (``rows.* (rule: straight).any_of: given``);
- a list that may be empty, empty and not (``straights: none``, ``straights: some``).

A row's keys are read under its rule (``rows.* (rule: of_a_kind)``), as the schema reads them.
An optional key left out counts as its default: false for a yes-or-no key, null for one that may
be null. The keys that carry no rule (names, prose, sources, expected outcomes) have no forms.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import jsonschema

from dicespec.validation import schema

NOT_RULES = frozenset(
    {"game", "name", "title", "description", "source", "language", "translations", "texts", "trace", "expect", "gaps"}
    | {"label", "section"}  # a row's words and where the sheet shows it
)
"""The keys whose values are no rule: a ruleset's names, prose and provenance, its expected
outcomes, a row's label and section."""

NUMBER = "a number"


class _Schema:
    """One family's ruleset schema, its ``$ref`` read in place."""

    def __init__(self, name: str) -> None:
        self.document = schema(name)
        self.definitions: Mapping[str, Any] = self.document.get("$defs", {})

    def resolve(self, node: Any) -> Any:
        """``node`` with a ``$ref`` to a definition replaced by the definition (its other keys kept)."""
        if isinstance(node, dict) and "$ref" in node:
            target = self.definitions[node["$ref"].removeprefix("#/$defs/")]
            return {**target, **{key: value for key, value in node.items() if key != "$ref"}}
        return node

    def matches(self, node: Any, value: Any) -> bool:
        return jsonschema.Draft202012Validator({**node, "$defs": self.definitions}).is_valid(value)


def _alternative(node: Mapping[str, Any]) -> str | None:
    """How one alternative of a ``oneOf`` is named; ``None`` for a list of values (each of its
    values is a form of its own)."""
    if "enum" in node:
        return None
    kind = node.get("type")
    if kind == "null":
        return "null"
    if kind == "integer":
        return NUMBER
    if kind == "object":
        return "{" + ", ".join(node.get("required", [])) + "}"
    return "with " + ", ".join(node.get("required", []))


def _may_be_empty(node: Mapping[str, Any]) -> bool:
    return node.get("type") == "array" and not node.get("minItems")


def _value(kind: Any) -> str:
    return NUMBER if kind == "integer" else str(kind)


def _rule_branches(node: Mapping[str, Any]) -> Iterator[tuple[str, str, Any]]:
    """Each ``if {key: const} then`` of ``node``: the key, the value, the schema it then meets."""
    for part in node.get("allOf", []):
        if "if" in part:
            ((key, condition),) = part["if"]["properties"].items()
            yield key, condition["const"], part["then"]


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _default(walk: _Schema, node: Any, path: str, found: dict[str, None]) -> None:
    """The form of an optional key left out: false, or null."""
    node = walk.resolve(node)
    kinds = node.get("type") if isinstance(node.get("type"), list) else [node.get("type")]
    kinds += [walk.resolve(branch).get("type") for branch in node.get("oneOf", [])]
    if "boolean" in kinds:
        found[f"{path}: false"] = None
    elif "null" in kinds:
        found[f"{path}: null"] = None


EVERY: Any = object()
"""Walk with this for data to offer every form of the schema, not those one document uses."""


def _walk(walk: _Schema, node: Any, data: Any, path: str, found: dict[str, None]) -> None:
    """Add to ``found`` the forms of ``node`` (at ``path``) that ``data`` takes: every one when
    ``data`` is :data:`EVERY`."""
    node = walk.resolve(node)
    if not isinstance(node, dict):
        return
    every = data is EVERY

    def add(form: object) -> None:
        found[f"{path}: {form}"] = None

    for value in node.get("enum", []):
        if every or (value == data and not isinstance(data, bool)):
            add(value)
    if node.get("type") == "boolean":
        for value in (True, False):
            if every or data is value:
                add("true" if value else "false")
    if isinstance(node.get("type"), list):
        for kind in node["type"]:
            if every or walk.matches({"type": kind}, data):
                add(_value(kind))
    if _may_be_empty(node):
        for size in ("none", "some"):
            if every or (isinstance(data, list) and (size == "some") == bool(data)):
                add(size)
    for branch in node.get("oneOf", []):
        if every or walk.matches(walk.resolve(branch), data):
            name = _alternative(walk.resolve(branch))
            if name is not None:
                add(name)
            _walk(walk, branch, data, path, found)
    for key, value, then in _rule_branches(node):
        if every or (isinstance(data, dict) and data.get(key) == value):
            _walk(walk, then, data, f"{path} ({key}: {value})", found)
    if every or isinstance(data, dict):
        _properties(walk, node, data, path, found)
    for each, where in (("additionalProperties", f"{path}.*"), ("items", f"{path}[]")):
        if isinstance(node.get(each), dict):
            for value in [EVERY] if every else _members(node, data, each):
                _walk(walk, node[each], value, where, found)


def _properties(walk: _Schema, node: Mapping[str, Any], data: Any, path: str, found: dict[str, None]) -> None:
    """The forms of a mapping's named keys: an optional one given, and each key's own; a key
    ``data`` leaves out, its default."""
    required = node.get("required", [])
    for key, sub in node.get("properties", {}).items():
        if key in NOT_RULES or sub is True:
            continue
        if data is not EVERY and key not in data:
            _default(walk, sub, _join(path, key), found)
            continue
        if key not in required:
            found[f"{_join(path, key)}: given"] = None
        _walk(walk, sub, data if data is EVERY else data[key], _join(path, key), found)


def _members(node: Mapping[str, Any], data: Any, each: str) -> list[Any]:
    """The values of ``data`` that the schema's ``additionalProperties`` or ``items`` reads."""
    if each == "items":
        return list(data) if isinstance(data, list) else []
    named = node.get("properties", {})
    return [value for key, value in data.items() if key not in named] if isinstance(data, dict) else []


def forms(schema_name: str) -> tuple[str, ...]:
    """Every form of every rule key of the ruleset schema ``schema_name``, in the schema's order."""
    found: dict[str, None] = {}
    walk = _Schema(schema_name)
    _walk(walk, walk.document, EVERY, "", found)
    return tuple(found)


def used(schema_name: str, data: Mapping[str, Any]) -> frozenset[str]:
    """The forms of the schema ``schema_name`` that a ruleset's plain data (its parents merged in)
    uses."""
    found: dict[str, None] = {}
    walk = _Schema(schema_name)
    _walk(walk, walk.document, data, "", found)
    return frozenset(found)
