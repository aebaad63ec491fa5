"""The conformance protocol: its versions, its operations, and checking messages against each
version's JSON Schema (``dicespec/schemas/protocol-2.json``, ``protocol-1.json``).

An operation is a method of :class:`~dicespec.implementation.Implementation`, with the same
name and the same parameters, so a request (protocol 2) names the method and carries its
arguments::

    {"id": 7, "op": "score", "ruleset": "kiriki", "dice": "66616", "row": "sixes"}
    {"id": 7, "result": 24}

Protocol 1 named the same operations after the first two games (``kiriki_score``,
``ten_thousand_best``, …; :data:`V1_NAMES`) and its score-sheet replay answer had no
``winners``. The runner offers both versions in its hello and speaks the one the adapter
answers: a request is written in that version's words (:func:`wire_op`), and a version-1 answer
is read back into version 2's (:func:`upgrade`).

Version 2 also has ``act``, for an implementation whose hello says that it rolls its own dice
(``"dice": "own"``): one action of a game it keeps, answered with the state after it and the dice
it threw (:mod:`dicespec.conformance.run.own_dice`).

A reply is a result, ``skipped`` (not supported; or, in version 2 with ``cannot_ask``, not
askable of that engine) or ``error``; :func:`read_reply` checks one against the schema (the
envelope, and the result's shape for the request's operation) and says which it is.
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from importlib import resources
from typing import Any, NamedTuple

import jsonschema

from dicespec.conformance.protocol.schema_check import Check, Unsure, compiled
from dicespec.implementation import Implementation, RollsOwnDice, family_of_ruleset, operations
from dicespec.rulesets import find_ruleset

PROTOCOL_VERSION = 2
"""The version the runner speaks first."""
VERSIONS = (2, 1)
"""The versions the runner offers in its hello, the newest first."""
HELLO = "hello"
ACT = "act"
"""The operation of an implementation that rolls its own dice: one action of a game it keeps."""

# The operations: each method of the interface, by name, with its parameters in order; and act,
# the method of an implementation that rolls its own dice (its hello's ``dice``: ``own``).
OPERATIONS: dict[str, tuple[str, ...]] = {
    name: tuple(p for p in inspect.signature(getattr(interface, name)).parameters if p != "self")
    for interface, names in ((Implementation, ("score", "set_aside", "best", "replay")), (RollsOwnDice, (ACT,)))
    for name in names
}

V1_NAMES: dict[tuple[str, str], str] = {
    ("score", "score-sheet"): "kiriki_score",
    ("replay", "score-sheet"): "kiriki_replay",
    ("set_aside", "set-aside"): "ten_thousand_score",
    ("best", "set-aside"): "ten_thousand_best",
    ("replay", "set-aside"): "ten_thousand_replay",
}
"""Protocol 1's name of each operation, by operation and family of games."""

V1_OPERATIONS: dict[str, tuple[str, str]] = {name: key for key, name in V1_NAMES.items()}
"""Protocol 1's operations: each one's operation and family."""


@cache
def games_of(op: str) -> tuple[str, ...]:
    """The games an operation may be about: those of the families that answer it (a request's
    ruleset is looked up among theirs); the registry is read once a process."""
    from dicespec.registry import games

    return tuple(game.name for game in games() if op == ACT or op in operations(game.family_name))


_FAMILIES: dict[str, str | None] = {}


def family_of(ruleset: Any) -> str | None:
    """The family of the game a ruleset (shipped or declared) is for; ``None`` for a name no
    ruleset has."""
    if type(ruleset) is not str:
        return None
    found = _FAMILIES.get(ruleset)
    if found is None and ruleset not in _FAMILIES:
        try:
            found = family_of_ruleset(ruleset)
        except LookupError:
            return None
        _FAMILIES[ruleset] = found
    return found


def _v1_name(op: str, family: str | None) -> str:
    """Protocol 1's name of ``op`` for a game of ``family`` (unknown: the family that has ``op``,
    the score-sheet games' replay for a replay); ``hello`` is ``hello``."""
    family = family or ("set-aside" if op in ("set_aside", "best") else "score-sheet")
    return V1_NAMES.get((op, family), op)


def wire_op(version: int, op: str, ruleset: Any) -> str:
    """The name ``op`` goes by on the wire in ``version``, for a request about ``ruleset``."""
    return _v1_name(op, family_of(ruleset)) if version == 1 else op


def result_definition(version: int, op: str, family: str | None) -> str:
    """The schema's definition of ``op``'s result in ``version`` (a replay's and an act's are their
    family's, when it is known)."""
    if version == 1:
        return f"{_v1_name(op, family)}_result"
    if op in ("replay", ACT) and family is not None:
        return f"{family.replace('-', '_')}_{op}_result"
    return f"{op}_result"


# Operations whose results are small and often repeated: their checks are remembered.
_SMALL_RESULTS = frozenset({"score", "set_aside", "best"})


class ProtocolError(ValueError):
    """A message that breaks the protocol (the message says how)."""


class VersionError(ProtocolError):
    """A hello answered in a version the runner did not offer."""


class Outcome(NamedTuple):
    """What became of one request: ``kind`` is ``result`` (``value`` is the result),
    ``skipped`` (not supported; ``value``: why), ``cannot`` (supported, but not askable of the
    engine; ``value``: why) or ``errored`` (``value``: what went wrong)."""

    kind: str
    value: Any


@cache
def schema(version: int = PROTOCOL_VERSION) -> dict[str, Any]:
    """The JSON Schema of one version of the protocol."""
    text = resources.files("dicespec.schemas").joinpath(f"protocol-{version}.json").read_text(encoding="utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


@cache
def validator(definition: str, version: int = PROTOCOL_VERSION) -> jsonschema.Draft202012Validator:
    """A validator for one of a version's definitions, e.g. ``score_sheet_replay_result``."""
    root = schema(version)
    if definition not in root["$defs"]:
        raise KeyError(f"the protocol schema has no definition {definition!r}")
    sub = {key: value for key, value in root.items() if key != "oneOf"}
    return jsonschema.Draft202012Validator({**sub, "$ref": f"#/$defs/{definition}"})


def _narrowest(definition: str, instance: Any, version: int) -> str:
    """The one branch of a request or reply that ``instance`` means to be (for a clear message)."""
    if isinstance(instance, dict):
        ops = (HELLO, *(V1_OPERATIONS if version == 1 else OPERATIONS))
        if definition == "request" and instance.get("op") in ops:
            return f"{instance['op']}_request"
        if definition == "reply":
            return next((f"{key}_reply" for key in ("result", "skipped", "error") if key in instance), definition)
    return definition


@cache
def quick_check(definition: str, version: int = PROTOCOL_VERSION) -> Check:
    """A quick yes-or-no check of one of a version's definitions (see
    :mod:`~dicespec.conformance.protocol.schema_check`)."""
    return compiled(schema(version), definition)


def problem(definition: str, instance: Any, version: int = PROTOCOL_VERSION) -> str | None:
    """Why ``instance`` is not a valid ``definition`` of ``version``, in one line; ``None`` when
    it is.

    The quick check answers first; :mod:`jsonschema` decides what it does not, and says what is
    wrong with what is not valid."""
    narrowest = _narrowest(definition, instance, version)
    try:
        if quick_check(narrowest, version)(instance):
            return None
    except Unsure:
        pass
    error = jsonschema.exceptions.best_match(validator(narrowest, version).iter_errors(instance))
    if error is None:
        return None
    where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path) or "(the whole)"
    return f"{where.lstrip('.')}: {error.message}"


def request(request_id: int, op: str, args: dict[str, Any], version: int = PROTOCOL_VERSION) -> dict[str, Any]:
    """The request message for an operation in ``version`` (``hello``: see :func:`hello_request`)."""
    if op == HELLO:
        return hello_request(request_id, version)
    return {"id": request_id, "op": wire_op(version, op, args.get("ruleset")), **args}


def hello_request(
    request_id: int, version: int = PROTOCOL_VERSION, rulesets: Sequence[Mapping[str, Any]] = ()
) -> dict[str, Any]:
    """The hello of ``version``: version 2 offers every version and hands over the run's
    rulesets that are not shipped (resolved documents); version 1's asks for version 1 alone."""
    if version == 1:
        return {"id": request_id, "op": HELLO, "protocol": 1}
    message: dict[str, Any] = {"id": request_id, "op": HELLO, "protocol": version, "protocols": list(VERSIONS)}
    if rulesets:
        message["rulesets"] = [dict(document) for document in rulesets]
    return message


def arguments(message: dict[str, Any], version: int = PROTOCOL_VERSION) -> tuple[str, dict[str, Any]]:
    """The operation (in version 2's words) and arguments of a request of ``version``, checked
    against the schema; raises :class:`ProtocolError` for a request that is not valid."""
    why = problem("request", message, version)
    if why is not None:
        raise ProtocolError(f"not a valid request: {why}")
    op = message["op"]
    if version == 1 and op in V1_OPERATIONS:
        op = V1_OPERATIONS[op][0]
    return op, {key: value for key, value in message.items() if key not in ("id", "op")}


_checked: dict[tuple[str, int, Any], str | None] = {}


def _remembered_check(definition: str, version: int, result: Any) -> str | None:
    # A small result's check is remembered by its exact JSON value (types included).
    key = (definition, version, result if type(result) is int else json.dumps(result, sort_keys=True))
    if key not in _checked:
        if len(_checked) > 100_000:
            _checked.clear()
        _checked[key] = problem(definition, result, version)
    return _checked[key]


def check_result(op: str, result: Any, version: int = PROTOCOL_VERSION, family: str | None = None) -> str | None:
    """Why ``result`` is not a valid result of ``op`` in ``version`` (a replay's: of the family
    ``family``, when known); ``None`` when it is.

    An act's ``state`` is left to the caller, here only found to be an object: the runner knows
    the answer it most likely is, the reference's (valid, as the protocol's tests check), and
    checks it against the schema only where it is not that answer (:func:`act_state_problem`)."""
    if op == ACT and type(result) is dict and result.keys() == {"state", "rolled"} and type(result["state"]) is dict:
        rolled = result["rolled"]
        if quick_check("rolled", version)(rolled):
            return None
        return f"rolled{(problem('rolled', rolled, version) or '').removeprefix('(the whole)')}"
    definition = result_definition(version, op, family)
    if op in _SMALL_RESULTS:
        return _remembered_check(definition, version, result)
    return problem(definition, result, version)


def act_state_problem(state: Any, family: str | None, version: int = PROTOCOL_VERSION) -> str | None:
    """Why an act's ``state`` is not a valid replay result (of ``family``'s games, when known), as
    its ``state``; ``None`` when it is."""
    why = problem(result_definition(version, "replay", family), state, version)
    if why is None:
        return None
    return f"state{why.removeprefix('(the whole)')}" if why.startswith("(the whole)") else f"state.{why}"


def upgrade(version: int, op: str, family: str | None, result: Any) -> Any:
    """A valid result of ``version`` in version 2's shape: protocol 1's score-sheet replay
    answer has no ``winners``, which follow from its grand totals once the game is over."""
    if version != 1 or op != "replay" or family != "score-sheet":
        return result
    totals = [player["lines"]["grand_total"] for player in result["players"]]
    winners = [i for i, total in enumerate(totals) if total == max(totals)] if result["over"] else []
    upgraded = {key: value for key, value in result.items() if key != "rejected"}
    return {**upgraded, "winners": winners, "rejected": result["rejected"]}


def beyond_version_1(ruleset: str) -> str | None:
    """Why a game under ``ruleset`` (a shipped or declared ruleset's name) cannot be told in
    protocol 1; ``None`` when it can.

    Decided by the rules: protocol 1's score-sheet replay answer has no player's ``saved_rolls``
    (saved rolls came with version 2) and no ``winners``, which the runner works out from the
    grand totals (:func:`upgrade`): wrong for a row that wins the game at once. Its set-aside
    replay answer has its ``winners``, so a set-aside instant win is told."""
    return BEYOND_VERSION_1[family_of_ruleset(ruleset)](find_ruleset(ruleset))


def _sheet_beyond_version_1(rules: Any) -> str | None:
    if rules.saved_rolls:
        return "its rolls are saved for later turns, and protocol 1 has no saved_rolls"
    winning = [row.id for row in rules.rows.values() if row.first_roll_wins]
    if winning:
        rows = " or ".join(winning)
        return f"{rows} on a turn's first roll wins at once, and protocol 1 has no winners but the highest grand totals"
    return None


def _nothing_beyond_version_1(rules: Any) -> str | None:
    return None


BEYOND_VERSION_1: dict[str, Callable[[Any], str | None]] = {
    "score-sheet": _sheet_beyond_version_1,
    "set-aside": _nothing_beyond_version_1,
}
"""Each family's reason a ruleset's games cannot be told in protocol 1 (:func:`beyond_version_1`), by family name."""


def read_reply(op: str, message: Any, version: int = PROTOCOL_VERSION, family: str | None = None) -> Outcome:
    """What a reply (already parsed, its id already matched) to ``op`` says, checked against the
    schema of ``version``, its result in version 2's shape.

    A reply that breaks the schema is ``errored``, saying what is wrong with it; one skipped with
    ``cannot_ask`` is ``cannot`` (the engine cannot be asked it), any other skipped ``skipped``.
    """
    if type(message) is dict and len(message) == 2 and "result" in message and "id" in message:
        why = check_result(op, message["result"], version, family)
        if why is None:
            return Outcome("result", upgrade(version, op, family, message["result"]))
        return Outcome("errored", f"the result breaks the protocol: {why}")
    why = problem("reply", message, version)
    if why is not None:
        return Outcome("errored", f"the reply breaks the protocol: {why}")
    if "skipped" in message:
        return Outcome("cannot" if message.get("cannot_ask") else "skipped", message["skipped"] or "skipped")
    if "error" in message:
        error = message["error"]
        detail = error.get("detail")
        text = f"the implementation failed: {error['message']}"
        return Outcome("errored", f"{text}\n{detail}" if detail else text)
    return Outcome("errored", "the reply breaks the protocol: no result")  # unreachable: the schema


def read_hello(message: Any, offered: Sequence[int] = VERSIONS) -> dict[str, Any]:
    """The hello result, checked against the schema of the version it answers, which must be
    one of ``offered``; raises :class:`ProtocolError` saying what is wrong."""
    result = message.get("result") if isinstance(message, dict) else None
    version = result.get("protocol") if isinstance(result, dict) else None
    if type(version) is int and version not in offered:
        raise VersionError(
            f"hello: it answers protocol {version}, which was not offered ({', '.join(map(str, offered))})"
        )
    outcome = read_reply(HELLO, message, version if version in VERSIONS else PROTOCOL_VERSION)
    if outcome.kind != "result":
        raise ProtocolError(f"hello: {outcome.value}")
    hello: dict[str, Any] = outcome.value
    return hello
