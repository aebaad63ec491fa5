"""What a conformance run is pointed at and how: the implementation under test (:class:`Target`),
the run's options (:class:`Options`), and the transport that reaches it (:func:`open_transport`;
:class:`AskedAs`, when a fixed-rules engine is asked under the name it plays and held to the rules
of a file: ``--ask-as``). The runner, identify and the spec's pytest plugin all start an
implementation from these.
"""

from __future__ import annotations

import shlex
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from dicespec.conformance.containment import defaults
from dicespec.conformance.containment.limits import Limits
from dicespec.conformance.protocol.messages import Outcome
from dicespec.conformance.run import worker
from dicespec.conformance.run.report import PARTS
from dicespec.conformance.transports.in_process import InProcessTransport
from dicespec.conformance.transports.stdio import StdioTransport
from dicespec.conformance.transports.wire import PAUSE


@dataclass(frozen=True)
class Target:
    """The implementation under test: a command (an argument list), a Python object, or a plain
    scoring function (with the ruleset(s) it scores and, maybe, a file of its categories)."""

    command: tuple[str, ...] | None = None
    python: str | None = None
    function: str | None = None
    rulesets: tuple[str, ...] = ()  # a function's rulesets
    categories: str | None = None  # a function's --categories file

    @classmethod
    def from_command_line(cls, text: str) -> Target:
        argv = tuple(shlex.split(text))
        if not argv:
            raise ValueError("--impl: an empty command")
        return cls(command=argv)

    def description(self) -> dict[str, Any] | None:
        """What a worker builds to serve this target (see :mod:`~dicespec.conformance.run.worker`);
        ``None`` for a command."""
        if self.function:
            return {
                "kind": "function",
                "function": self.function,
                "rulesets": list(self.rulesets),
                "categories": self.categories,
            }
        if self.python:
            return {"kind": "python", "object": self.python}
        return None

    def describe(self) -> str:
        if self.command:
            return shlex.join(self.command)
        return f"--function {self.function}" if self.function else f"--python {self.python}"


@dataclass
class Options:
    parts: tuple[str, ...] = PARTS
    rulesets: tuple[str, ...] | None = None  # only these (default: every shipped ruleset)
    select: str | None = None  # only the cases whose id matches this glob
    games: int = defaults.GAMES_PER_RULESET
    seed: int = defaults.SEED
    timeout: float = defaults.TIMEOUT
    hello_timeout: float = defaults.HELLO_TIMEOUT
    max_restarts: int = defaults.MAX_RESTARTS
    window: int = defaults.WINDOW
    time_limit: float | None = None  # seconds for the whole corpus; the rest is errored
    progress: bool = False
    max_line: int = defaults.MAX_LINE
    grace: float = defaults.GRACE
    limits: Limits = Limits()
    sandbox: bool = False  # run it in a bubblewrap sandbox
    in_process: bool = False  # call a Python object or function in the runner's own process (trusting it)
    ruleset_files: tuple[str, ...] = ()  # rulesets of one's own (--ruleset-file), declared for the run
    strict_refusals: bool = False  # a refusal in another order than the reference's fails
    ask_as: str | None = None  # asked under this ruleset it declares, held to the one --ruleset-file's rules
    model_rulesets: bool = False  # a run that names no ruleset also hands over the model's, asked where played


class CannotLoad(ValueError):
    """An implementation that cannot be started at all: a command that is no program or cannot be
    run, a Python object or function the worker could not build (its import failed, its name is not
    there). One line, as for a usage error, before any case."""


class _Asked(NamedTuple):
    """A request asked under another ruleset than its case's, and the case."""

    op: str
    args: dict[str, Any]
    item: Any


class AskedAs:
    """A transport whose requests under some rulesets are asked under others (``names``: the
    rules a case is under → the ruleset the implementation is asked under, one it declares), each
    answer its case's: a fixed-rules engine, which plays one set of rules under one name, asked
    under that name and held to the rules of a file (``--ask-as``). The rest is the transport's."""

    def __init__(self, transport: Any, names: Mapping[str, str]) -> None:
        self.transport = transport
        self.names = dict(names)

    def __getattr__(self, name: str) -> Any:  # hello, failure, fatal, events, restarts, …
        return getattr(self.transport, name)

    def asked(self, ruleset: str) -> str:
        """The ruleset the implementation is asked under for a case under ``ruleset``."""
        return self.names.get(ruleset, ruleset)

    def _args(self, args: dict[str, Any]) -> dict[str, Any]:
        ruleset = args.get("ruleset")
        return {**args, "ruleset": self.names[ruleset]} if ruleset in self.names else args

    def start(self) -> Any:
        return self.transport.start()

    def call(self, op: str, args: dict[str, Any]) -> Outcome:
        outcome: Outcome = self.transport.call(op, self._args(args))
        return outcome

    def stream(self, requests: Iterable[Any], expect: Any = None) -> Iterator[tuple[Any, Outcome]]:
        asked = (item if item is PAUSE else _Asked(item.op, self._args(item.args), item) for item in requests)
        expected = None if expect is None else (lambda request: expect(request.item))
        for request, outcome in self.transport.stream(asked, expect=expected):
            yield request.item, outcome

    def close(self) -> None:
        self.transport.close()


def open_transport(target: Target, options: Options, asked_as: Mapping[str, str] | None = None) -> Any:
    """The transport to the target: a command, or a worker serving a Python object or function,
    over stdio; or, with ``in_process``, the object called directly. With ``asked_as`` (the rules
    a case is under → the ruleset it is asked under), behind :class:`AskedAs`."""
    transport = _transport(target, options)
    return AskedAs(transport, asked_as) if asked_as else transport


def _transport(target: Target, options: Options) -> Any:
    if options.in_process and target.function:
        from dicespec.conformance.run.function import function_implementation

        return InProcessTransport(function_implementation(target.function, target.rulesets, target.categories))
    if options.in_process and target.python:
        return InProcessTransport.from_spec(target.python)
    description = target.description()
    if description is not None:
        argv, fatal = worker.command(description), worker.CANNOT_LOAD
    else:
        assert target.command
        argv, fatal = list(target.command), None
    from dicespec.rulesets import declared_rulesets

    return StdioTransport(
        argv,
        rulesets=[declared.data for declared in declared_rulesets()],
        timeout=options.timeout,
        hello_timeout=options.hello_timeout,
        max_restarts=options.max_restarts,
        window=options.window,
        max_line=options.max_line,
        grace=options.grace,
        limits=options.limits,
        sandbox=options.sandbox,
        fatal_exit=fatal,
    )
