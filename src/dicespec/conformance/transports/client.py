"""Back to the interface: an :class:`~dicespec.implementation.Implementation` answered through
a transport, so that the same features run against anything."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from dicespec.conformance.protocol.messages import ProtocolError, problem
from dicespec.conformance.transports.stdio import StdioTransport
from dicespec.conformance.transports.wire import Hello
from dicespec.validation import JSON


class ImplementationError(Exception):
    """The implementation under test could not answer (a crash, a timeout, a broken reply, an
    error reply): the case is *errored*, not failed."""


class ImplementationSkipped(Exception):
    """The implementation does not support what was asked: the case is *skipped*."""


class ProtocolImplementation:
    """An :class:`~dicespec.implementation.Implementation` answered through a transport.

    Each request is checked against the protocol's schema before it is sent (a request that
    breaks it raises :class:`~dicespec.conformance.protocol.messages.ProtocolError`: a bug of the caller).
    A skipped request raises :class:`ImplementationSkipped`; a failed one
    :class:`ImplementationError`.
    """

    def __init__(self, transport: Any) -> None:
        self.transport = transport
        hello = transport.start()
        self.name = hello.name if hello else "(not started)"
        self.renamed: dict[str, str] = {}  # a ruleset the steps name → the ruleset asked in its place

    @property
    def hello(self) -> Hello | None:
        hello: Hello | None = self.transport.hello
        return hello

    def _ask(self, op: str, **args: Any) -> Any:
        args["ruleset"] = self.renamed.get(args["ruleset"], args["ruleset"])
        why = problem("request", {"id": 0, "op": op, **args})
        if why is not None:
            raise ProtocolError(f"the request breaks the protocol: {why}")
        outcome = self.transport.call(op, args)
        if outcome.kind == "result":
            return outcome.value
        if outcome.kind in ("skipped", "cannot"):
            raise ImplementationSkipped(outcome.value)
        raise ImplementationError(outcome.value)

    def score(self, ruleset: str, dice: str, row: str) -> int:
        points: int = self._ask("score", ruleset=ruleset, dice=dice, row=row)
        return points

    def replay(self, ruleset: str, players: int, actions: list[str]) -> JSON:
        answer: JSON = self._ask("replay", ruleset=ruleset, players=players, actions=list(actions))
        return answer

    def set_aside(self, ruleset: str, dice: str) -> JSON:
        answer: JSON = self._ask("set_aside", ruleset=ruleset, dice=dice)
        return answer

    def best(self, ruleset: str, dice: str) -> int:
        points: int = self._ask("best", ruleset=ruleset, dice=dice)
        return points

    def close(self) -> None:
        self.transport.close()


class SubprocessImplementation(ProtocolImplementation):
    """The implementation behind a command (an argument list) speaking the protocol."""

    def __init__(self, argv: Sequence[str], **options: Any) -> None:
        super().__init__(StdioTransport(list(argv), **options))
