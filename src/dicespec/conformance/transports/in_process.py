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

from dicespec.conformance.protocol.messages import Outcome, check_result, games_of
from dicespec.conformance.transports.wire import Hello, R, dumps, loads


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


def _default_games() -> dict[str, tuple[str, ...]]:
    from dicespec.conformance.serving.adapter import reference_games

    return {game: tuple(names) for game, names in reference_games().items()}


class InProcessTransport:
    """A Python object with the methods of the interface, called directly.

    It declares the rulesets of its ``rulesets`` attribute (game → names), or every shipped
    one. A method that raises :class:`NotImplementedError` skips the case; any other exception
    errors it. Results are checked against the protocol's schema as a reply would be.
    """

    def __init__(self, implementation: Any) -> None:
        self.implementation = implementation
        games = getattr(implementation, "rulesets", None) or _default_games()
        self.hello: Hello | None = Hello(
            getattr(implementation, "name", type(implementation).__name__),
            {game: tuple(names) for game, names in games.items()},
            getattr(implementation, "version", None),
            "python (in process)",
        )
        self.failure: str | None = None
        self.events: list[str] = []
        self.restarts = 0

    @classmethod
    def from_spec(cls, spec: str) -> InProcessTransport:
        return cls(load_object(spec))

    def start(self) -> Hello | None:
        return self.hello

    def call(self, op: str, args: dict[str, Any]) -> Outcome:
        assert self.hello is not None
        if not any(self.hello.supports(game, args["ruleset"]) for game in games_of(op)):
            return Outcome("skipped", f"ruleset {args['ruleset']!r} is not supported")
        try:
            result = getattr(self.implementation, op)(**args)
        except NotImplementedError as exc:
            return Outcome("skipped", str(exc) or f"{op} is not implemented")
        except Exception as exc:  # noqa: BLE001  (the implementation's failure is the case's error)
            return Outcome(
                "errored", f"the implementation failed: {type(exc).__name__}: {exc}\n{traceback.format_exc(limit=6)}"
            )
        if isinstance(result, dict | list | tuple):
            try:
                result = loads(dumps(result))  # what would go over the wire
            except (TypeError, ValueError) as exc:
                return Outcome("errored", f"the result is not JSON: {exc}")
        why = check_result(op, result)
        return Outcome("errored", f"the result breaks the protocol: {why}") if why else Outcome("result", result)

    def stream(self, requests: Iterable[R], expect: Any = None) -> Iterator[tuple[R, Outcome]]:
        """Each request's outcome, in order (``expect`` is the stdio transport's: no use here)."""
        call = self.call
        for item in requests:
            yield item, call(item.op, item.args)

    def close(self) -> None:
        pass
