"""A Python object as the implementation under test, called in process (no subprocess).

:func:`load_object` finds the object from ``package.module:name``; :class:`InProcessTransport`
calls its methods and gives the same :class:`~dicespec.conformance.protocol.messages.Outcome` per request
as :class:`~dicespec.conformance.transports.stdio.StdioTransport` does.
"""

from __future__ import annotations

import os
import pkgutil
import sys
import traceback
from collections.abc import Iterable, Iterator
from typing import Any

from dicespec.conformance.protocol.messages import (
    OPERATIONS,
    V1_OPERATIONS,
    Outcome,
    check_result,
    family_of,
    games_of,
    upgrade,
    wire_op,
)
from dicespec.conformance.transports.wire import PAUSE, Hello, R, dice_by_game, dumps, loads
from dicespec.implementation import CannotAsk

KEPT_FAILURES = 256  # the distinct failures whose text an in-process transport keeps


def load_object(spec: str) -> Any:
    """``package.module:name`` → that object (a class is instantiated with no arguments).

    A module of the current folder is found too, as ``python -m`` would find it. Every problem
    is a :class:`ValueError` of one line that names the spec.
    """
    module_name, colon, attribute = spec.partition(":")
    if not colon or not module_name or not attribute:
        raise ValueError(f"{spec!r}: name an object as package.module:name")
    if "" not in sys.path and os.getcwd() not in sys.path:
        sys.path.append(os.getcwd())  # as `python -m` would: a module of the current folder
    try:
        obj = pkgutil.resolve_name(spec)
    except (ImportError, AttributeError, ValueError) as exc:
        reason = " ".join(str(exc).split()) or type(exc).__name__
        raise ValueError(f"{spec!r}: {reason}") from None
    return obj() if isinstance(obj, type) else obj


class _Version1Methods:
    """An object written to protocol 1's method names (``kiriki_score``, ``ten_thousand_best``,
    …), behind protocol 2's: kept working through this release."""

    def __init__(self, implementation: Any) -> None:
        self._implementation = implementation
        for key in ("name", "version", "rulesets", "own_rulesets", "players", "dice"):
            if hasattr(implementation, key):
                setattr(self, key, getattr(implementation, key))

    def _call(self, op: str, ruleset: str, *args: Any) -> Any:
        method = getattr(self._implementation, wire_op(1, op, ruleset), None)
        if method is None:
            raise NotImplementedError(f"{wire_op(1, op, ruleset)} is not implemented")
        return method(ruleset, *args)

    def score(self, ruleset: str, dice: str, row: str) -> Any:
        return self._call("score", ruleset, dice, row)

    def set_aside(self, ruleset: str, dice: str) -> Any:
        return self._call("set_aside", ruleset, dice)

    def best(self, ruleset: str, dice: str) -> Any:
        return self._call("best", ruleset, dice)

    def replay(self, ruleset: str, players: int, actions: list[str]) -> Any:
        answer = self._call("replay", ruleset, players, actions)
        family = family_of(ruleset)
        valid = check_result("replay", answer, 1, family) is None  # else the runner says what is wrong with it
        return upgrade(1, "replay", family, answer) if valid else answer


def with_protocol_2_names(implementation: Any) -> Any:
    """``implementation`` itself, or, when it has protocol 1's method names and none of protocol
    2's, the same object behind protocol 2's names."""
    if any(hasattr(implementation, op) for op in OPERATIONS):
        return implementation
    if any(hasattr(implementation, name) for name in V1_OPERATIONS):
        return _Version1Methods(implementation)
    return implementation


def _default_games() -> dict[str, tuple[str, ...]]:
    from dicespec.conformance.serving.adapter import reference_games

    return {game: tuple(names) for game, names in reference_games().items()}


class InProcessTransport:
    """A Python object with the methods of the interface, called directly.

    It declares the rulesets of its ``rulesets`` attribute (game → names), or every shipped
    one; with a ``dice`` attribute, who throws the dice of its games, as hello's ``dice`` says. A
    method that raises :class:`NotImplementedError` skips the case; any other exception errors
    it. Results are checked against the protocol's schema as a reply would be.
    """

    def __init__(self, implementation: Any) -> None:
        self.implementation = implementation = with_protocol_2_names(implementation)
        games = getattr(implementation, "rulesets", None) or _default_games()
        self.hello: Hello | None = Hello(
            getattr(implementation, "name", type(implementation).__name__),
            {game: tuple(names) for game, names in games.items()},
            getattr(implementation, "version", None),
            "python (in process)",
            rulesets=tuple(getattr(implementation, "own_rulesets", None) or ()),
            players={game: tuple(counts) for game, counts in (getattr(implementation, "players", None) or {}).items()},
            dice=dice_by_game(getattr(implementation, "dice", None), games),
        )
        self.failure: str | None = None
        self.events: list[str] = []
        self.restarts = 0
        self._supports: dict[tuple[str, str], bool] = {}  # (op, ruleset) → declared: the hello is fixed
        self._failures: dict[tuple[type, str, tuple[tuple[str, int], ...]], str] = {}  # see _failure

    @classmethod
    def from_spec(cls, spec: str) -> InProcessTransport:
        return cls(load_object(spec))

    def start(self) -> Hello | None:
        return self.hello

    def call(self, op: str, args: dict[str, Any]) -> Outcome:
        hello = self.hello
        assert hello is not None
        ruleset = args["ruleset"]
        supported = self._supports.get((op, ruleset)) if type(ruleset) is str else None
        if supported is None:
            supported = any(hello.supports(game, ruleset) for game in games_of(op))
            if type(ruleset) is str:
                self._supports[op, ruleset] = supported
        if not supported:
            return Outcome("skipped", f"ruleset {args['ruleset']!r} is not supported")
        try:
            result = getattr(self.implementation, op)(**args)
        except CannotAsk as exc:
            return Outcome("cannot", str(exc) or f"{op} cannot be asked")
        except NotImplementedError as exc:
            return Outcome("skipped", str(exc) or f"{op} is not implemented")
        except Exception as exc:  # noqa: BLE001  (the implementation's failure is the case's error)
            return Outcome("errored", self._failure(exc))
        if isinstance(result, dict | list | tuple):
            try:
                result = loads(dumps(result))  # what would go over the wire
            except (TypeError, ValueError) as exc:
                return Outcome("errored", f"the result is not JSON: {exc}")
        why = check_result(op, result, family=family_of(args["ruleset"]) if op == "replay" else None)
        return Outcome("errored", f"the result breaks the protocol: {why}") if why else Outcome("result", result)

    def _failure(self, exc: Exception) -> str:
        """What the implementation's exception says, its traceback among it. The same failure again
        (its type and message, raised through the same lines, chained to none) is written out once:
        an implementation that fails every question fails a hundred thousand times alike."""
        key = None
        if exc.__cause__ is None and exc.__context__ is None:
            places = tuple((frame.f_code.co_filename, line) for frame, line in traceback.walk_tb(exc.__traceback__))
            key = (type(exc), str(exc), places)
        text = self._failures.get(key) if key is not None else None
        if text is None:
            text = f"the implementation failed: {type(exc).__name__}: {exc}\n{traceback.format_exc(limit=6)}"
            if key is not None and len(self._failures) < KEPT_FAILURES:
                self._failures[key] = text
        return text

    def stream(self, requests: Iterable[R], expect: Any = None) -> Iterator[tuple[R, Outcome]]:
        """Each request's outcome, in order (``expect`` is the stdio transport's: no use here)."""
        call = self.call
        for item in requests:
            if item is not PAUSE:  # answered at once: nothing is ever in flight
                yield item, call(item.op, item.args)

    def close(self) -> None:
        pass
