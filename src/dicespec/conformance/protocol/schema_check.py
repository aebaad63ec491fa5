"""Quick yes-or-no checks of a message against one definition of the protocol's JSON Schema.

:mod:`jsonschema` takes about a millisecond to check one replay answer; the runner checks
thousands. :func:`compiled` turns a definition of a protocol schema (``protocol-2.json``) into a plain Python function
that answers the same question in microseconds, for the keywords the protocol's schema uses
(``type``, ``required``, ``properties``, ``additionalProperties``, ``propertyNames``, ``items``,
``minItems``, ``uniqueItems``, ``minLength``, ``pattern``, ``minimum``, ``enum``, ``const``,
``anyOf``, ``oneOf``, ``$ref``); a keyword it does not know is refused when it compiles, so the
schema cannot outgrow it unnoticed.

It is exact for what JSON text parses into: dicts with string keys, lists, strings, ints,
booleans and ``None``. A value outside that (a float, where the schema's ``integer`` takes
``2.0``; any other Python type, as an in-process implementation may answer) raises
:class:`Unsure`, and :mod:`jsonschema` decides. So a check says *valid* only where
:mod:`jsonschema` does; :func:`dicespec.conformance.protocol.messages.problem` asks it first, and asks
:mod:`jsonschema` for the message of a message that is not valid.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

Check = Callable[[Any], bool]

_PLAIN = (dict, list, str, int, bool, type(None))
_TYPES: dict[str, tuple[type, ...]] = {
    "object": (dict,),
    "array": (list,),
    "string": (str,),
    "integer": (int,),
    "number": (int,),
    "boolean": (bool,),
    "null": (type(None),),
}
_IGNORED = frozenset({"description", "title", "$schema", "$id", "$comment", "$defs", "examples"})


class Unsure(Exception):
    """A value the quick check does not decide (a float, a type JSON does not parse into)."""


def _kind(value: Any) -> type:
    """The exact type of a plain JSON value; :class:`Unsure` for anything else."""
    kind = type(value)
    if kind not in _PLAIN:
        raise Unsure(kind.__name__)
    return kind


def _same(a: Any, b: Any) -> bool:
    """JSON equality of two plain values (``true`` is not ``1``)."""
    kind = _kind(a)
    if kind is not _kind(b):
        return False
    if kind is list:
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if kind is dict:
        return a.keys() == b.keys() and all(_same(a[key], b[key]) for key in a)
    return bool(a == b)


class _Compiler:
    """Compiles the definitions of one root schema, each once (``$ref`` cycles included)."""

    def __init__(self, root: Mapping[str, Any]) -> None:
        self.root = root
        self.refs: dict[str, Check] = {}

    def ref(self, pointer: str) -> Check:
        if not pointer.startswith("#/$defs/") or pointer.count("/") != 2:
            raise ValueError(f"a $ref the quick check cannot follow: {pointer!r}")
        if pointer not in self.refs:
            target: list[Check] = []

            def later(value: Any) -> bool:  # what a cycle meets while its target compiles
                return target[0](value)

            self.refs[pointer] = later
            target.append(self.schema(self.root["$defs"][pointer.rsplit("/", 1)[1]]))
            self.refs[pointer] = target[0]
        return self.refs[pointer]

    def schema(self, node: Any) -> Check:
        if node is True or node is False:
            return _always(node)
        if not isinstance(node, Mapping):
            raise ValueError(f"not a schema: {node!r}")
        checks = [
            self.keyword(node, keyword, argument) for keyword, argument in node.items() if keyword not in _IGNORED
        ]
        if len(checks) == 1:
            return checks[0]
        every = tuple(checks)

        def all_of(value: Any) -> bool:
            return all(check(value) for check in every)

        return all_of

    def keyword(self, node: Mapping[str, Any], keyword: str, argument: Any) -> Check:
        """The check of one keyword of a schema object (``node``, for its siblings)."""
        if keyword == "$ref":
            return self.ref(argument)
        if keyword == "type":
            return _type(argument)
        if keyword in ("required", "properties", "additionalProperties", "propertyNames"):
            return self.object_keyword(node, keyword, argument)
        if keyword == "items":
            item = self.schema(argument)
            return lambda value: type(value) is not list or all(map(item, value))
        if keyword == "minItems":
            return lambda value: type(value) is not list or len(value) >= argument
        if keyword == "uniqueItems":
            return _unique if argument else _always(True)
        if keyword == "minLength":
            return lambda value: type(value) is not str or len(value) >= argument
        if keyword == "pattern":
            search = re.compile(argument).search
            return lambda value: type(value) is not str or search(value) is not None
        if keyword == "minimum":
            return lambda value: bool(value >= argument) if type(value) is int else _kind(value) is not None
        if keyword == "enum":
            options = tuple(argument)
            return lambda value: any(_same(value, option) for option in options)
        if keyword == "const":
            return lambda value: _same(value, argument)
        if keyword in ("anyOf", "oneOf"):
            branches = tuple(self.schema(sub) for sub in argument)
            if keyword == "anyOf":
                return lambda value: any(branch(value) for branch in branches)
            return lambda value: sum(branch(value) for branch in branches) == 1
        raise ValueError(f"a keyword the quick check does not know: {keyword!r}")

    def object_keyword(self, node: Mapping[str, Any], keyword: str, argument: Any) -> Check:
        if keyword == "required":
            needed = tuple(argument)
            return lambda value: type(value) is not dict or all(key in value for key in needed)
        if keyword == "properties":
            props = tuple((name, self.schema(sub)) for name, sub in argument.items())
            return lambda value: (
                type(value) is not dict or all(check(value[name]) for name, check in props if name in value)
            )
        if keyword == "additionalProperties":
            known = frozenset(node.get("properties", ()))
            extra = self.schema(argument)
            return lambda value: (
                type(value) is not dict or all(extra(item) for key, item in value.items() if key not in known)
            )
        name_check = self.schema(argument)  # propertyNames
        return lambda value: type(value) is not dict or all(map(name_check, value))


def _always(verdict: bool) -> Check:
    return lambda value: verdict


def _type(argument: str | list[str]) -> Check:
    names = [argument] if isinstance(argument, str) else list(argument)
    kinds = tuple(kind for name in names for kind in _TYPES[name])
    return lambda value: _kind(value) in kinds


def _unique(value: Any) -> bool:
    if type(value) is not list:
        return True
    if all(type(item) is str for item in value) or all(type(item) is int for item in value):
        return len(set(value)) == len(value)
    raise Unsure("uniqueItems over values other than all strings or all integers")


def compiled(root: Mapping[str, Any], definition: str) -> Check:
    """A quick check of ``root["$defs"][definition]``: ``True`` when a value is valid, ``False``
    when it is not; raises :class:`Unsure` for a value it does not decide."""
    if definition not in root["$defs"]:
        raise KeyError(f"the schema has no definition {definition!r}")
    return _Compiler(root).ref(f"#/$defs/{definition}")
