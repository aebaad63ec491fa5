"""The conformance protocol: its version, its operations, and checking messages against its
JSON Schema (``dicespec/schemas/protocol.json``).

An operation is a method of :class:`~dicespec.implementation.Implementation`, with the same
name and the same parameters, so a request names the method and carries its arguments::

    {"id": 7, "op": "kiriki_score", "ruleset": "kiriki", "dice": "66616", "row": "sixes"}
    {"id": 7, "result": 24}

A reply is a result, ``skipped`` (not supported) or ``error``; :func:`read_reply` checks one
against the schema (the envelope, and the result's shape for the request's operation) and says
which it is.
"""

from __future__ import annotations

import inspect
import json
from functools import cache
from importlib import resources
from typing import Any, NamedTuple

import jsonschema

from dicespec.conformance.protocol.schema_check import Check, Unsure, compiled
from dicespec.implementation import Implementation, operations

PROTOCOL_VERSION = 1
HELLO = "hello"

# The operations: each method of the interface, by name, with its parameters in order.
OPERATIONS: dict[str, tuple[str, ...]] = {
    name: tuple(p for p in inspect.signature(getattr(Implementation, name)).parameters if p != "self")
    for name in ("kiriki_score", "kiriki_replay", "ten_thousand_score", "ten_thousand_best", "ten_thousand_replay")
}


def games_of(op: str) -> tuple[str, ...]:
    """The games an operation may be about: those of the family that answers it (a request's
    ruleset is looked up among theirs)."""
    from dicespec.registry import games

    return tuple(game.name for game in games() if op in operations(game.family_name))


# Operations whose results are small and often repeated: their checks are remembered.
_SMALL_RESULTS = frozenset({"kiriki_score", "ten_thousand_score", "ten_thousand_best"})


class ProtocolError(ValueError):
    """A message that breaks the protocol (the message says how)."""


class Outcome(NamedTuple):
    """What became of one request: ``kind`` is ``result`` (``value`` is the result),
    ``skipped`` (``value``: why) or ``errored`` (``value``: what went wrong)."""

    kind: str
    value: Any


@cache
def schema() -> dict[str, Any]:
    """The protocol's JSON Schema."""
    text = resources.files("dicespec.schemas").joinpath("protocol.json").read_text(encoding="utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


@cache
def validator(definition: str) -> jsonschema.Draft202012Validator:
    """A validator for one of the schema's definitions, e.g. ``kiriki_replay_result``."""
    root = schema()
    if definition not in root["$defs"]:
        raise KeyError(f"the protocol schema has no definition {definition!r}")
    sub = {key: value for key, value in root.items() if key != "oneOf"}
    return jsonschema.Draft202012Validator({**sub, "$ref": f"#/$defs/{definition}"})


def _narrowest(definition: str, instance: Any) -> str:
    """The one branch of a request or reply that ``instance`` means to be (for a clear message)."""
    if isinstance(instance, dict):
        if definition == "request" and instance.get("op") in (HELLO, *OPERATIONS):
            return f"{instance['op']}_request"
        if definition == "reply":
            return next((f"{key}_reply" for key in ("result", "skipped", "error") if key in instance), definition)
    return definition


@cache
def quick_check(definition: str) -> Check:
    """A quick yes-or-no check of one of the schema's definitions (see
    :mod:`~dicespec.conformance.protocol.schema_check`)."""
    return compiled(schema(), definition)


def problem(definition: str, instance: Any) -> str | None:
    """Why ``instance`` is not a valid ``definition``, in one line; ``None`` when it is.

    The quick check answers first; :mod:`jsonschema` decides what it does not, and says what is
    wrong with what is not valid."""
    narrowest = _narrowest(definition, instance)
    try:
        if quick_check(narrowest)(instance):
            return None
    except Unsure:
        pass
    error = jsonschema.exceptions.best_match(validator(narrowest).iter_errors(instance))
    if error is None:
        return None
    where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path) or "(the whole)"
    return f"{where.lstrip('.')}: {error.message}"


def request(request_id: int, op: str, args: dict[str, Any]) -> dict[str, Any]:
    """The request message for an operation (``hello`` takes no arguments)."""
    if op == HELLO:
        return {"id": request_id, "op": HELLO, "protocol": PROTOCOL_VERSION}
    return {"id": request_id, "op": op, **args}


def arguments(message: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The operation and arguments of a request, checked against the schema; raises
    :class:`ProtocolError` for a request that is not valid."""
    why = problem("request", message)
    if why is not None:
        raise ProtocolError(f"not a valid request: {why}")
    return message["op"], {key: value for key, value in message.items() if key not in ("id", "op")}


_checked: dict[tuple[str, Any], str | None] = {}


def _remembered_check(op: str, result: Any) -> str | None:
    # A small result's check is remembered by its exact JSON value (types included).
    key = (op, result if type(result) is int else json.dumps(result, sort_keys=True))
    if key not in _checked:
        if len(_checked) > 100_000:
            _checked.clear()
        _checked[key] = problem(f"{op}_result", result)
    return _checked[key]


def check_result(op: str, result: Any) -> str | None:
    """Why ``result`` is not a valid result of ``op``; ``None`` when it is."""
    if op in _SMALL_RESULTS:
        return _remembered_check(op, result)
    return problem(f"{op}_result", result)


def read_reply(op: str, message: Any) -> Outcome:
    """What a reply (already parsed, its id already matched) says, checked against the schema.

    A reply that breaks the schema is ``errored``, saying what is wrong with it.
    """
    if type(message) is dict and len(message) == 2 and "result" in message and "id" in message:
        why = check_result(op, message["result"])
        if why is None:
            return Outcome("result", message["result"])
        return Outcome("errored", f"the result breaks the protocol: {why}")
    why = problem("reply", message)
    if why is not None:
        return Outcome("errored", f"the reply breaks the protocol: {why}")
    if "skipped" in message:
        return Outcome("skipped", message["skipped"] or "skipped")
    if "error" in message:
        error = message["error"]
        detail = error.get("detail")
        text = f"the implementation failed: {error['message']}"
        return Outcome("errored", f"{text}\n{detail}" if detail else text)
    return Outcome("errored", "the reply breaks the protocol: no result")  # unreachable: the schema


def read_hello(message: Any) -> dict[str, Any]:
    """The hello result, checked; raises :class:`ProtocolError` saying what is wrong."""
    outcome = read_reply(HELLO, message)
    if outcome.kind != "result":
        raise ProtocolError(f"hello: {outcome.value}")
    hello: dict[str, Any] = outcome.value
    return hello
