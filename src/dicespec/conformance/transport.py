"""Talking to an implementation under test: a subprocess over stdio, or a Python object.

:class:`StdioTransport` starts the command once, says hello, and streams requests through it
*pipelined*: up to ``window`` requests are written before their replies are read, in one
thread that waits on the child's stdin, stdout and stderr together. Nothing the child does can
hang or crash the runner; each misbehaviour becomes an ``errored`` outcome for the requests it
touched:

- no reply within ``timeout`` seconds, a line that is not JSON, a reply with a wrong id or a
  shape the schema refuses, a reply longer than ``max_line`` bytes, output nobody asked for;
- the process exits or crashes: the requests in flight are sent again one at a time to a fresh
  process, so the one that crashes it again is the one reported; the others get their answers;
- a process that never answers hello, or keeps dying: it is restarted at most ``max_restarts``
  times, then every request left is errored at once. The run's time is bounded by the timeouts.

Standard error is drained as it comes and its tail kept for the report.

:class:`InProcessTransport` calls a Python object's methods directly (no subprocess). Both give
the same :class:`~dicespec.conformance.protocol.Outcome` per request, and
:class:`ProtocolImplementation` turns either back into an
:class:`~dicespec.implementation.Implementation`, so the same features run against anything.
"""

from __future__ import annotations

import importlib
import json
import os
import selectors
import signal
import subprocess
import sys
import time
import traceback
from collections import deque
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from dicespec.conformance.protocol import (
    GAME_OF,
    HELLO,
    PROTOCOL_VERSION,
    Outcome,
    ProtocolError,
    check_result,
    problem,
    read_hello,
    read_reply,
)
from dicespec.implementation import JSON

_dumps = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode
_loads = json.loads


class ImplementationError(Exception):
    """The implementation under test could not answer (a crash, a timeout, a broken reply, an
    error reply): the case is *errored*, not failed."""


class ImplementationSkipped(Exception):
    """The implementation does not support what was asked: the case is *skipped*."""


@dataclass(frozen=True, slots=True)
class Hello:
    """Who the implementation is and what it plays (its hello result)."""

    name: str
    games: Mapping[str, tuple[str, ...]]
    version: str | None = None
    language: str | None = None

    @classmethod
    def from_result(cls, result: Mapping[str, Any]) -> Hello:
        about = result["implementation"]
        games = {game: tuple(names) for game, names in result["games"].items()}
        return cls(about["name"], games, about.get("version"), about.get("language"))

    def supports(self, game: str, ruleset: str) -> bool:
        return ruleset in self.games.get(game, ())

    def describe(self) -> str:
        extra = ", ".join(x for x in (self.version, self.language) if x)
        return f"{self.name} ({extra})" if extra else self.name


class Request(Protocol):
    """What a transport needs of a case: an operation and its arguments."""

    @property
    def op(self) -> str: ...
    @property
    def args(self) -> dict[str, Any]: ...


R = TypeVar("R", bound=Request)


class Transport(Protocol):
    """What the runner needs of a way to reach an implementation."""

    hello: Hello | None  # once started
    failure: str | None  # why it was given up, if it was

    def start(self) -> Hello | None: ...
    def stream(self, requests: Iterable[R]) -> Iterator[tuple[R, Outcome]]: ...
    def call(self, op: str, args: dict[str, Any]) -> Outcome: ...
    def close(self) -> None: ...


# -- one child process --------------------------------------------------------------------


class _Child:
    """One running process of the implementation, with non-blocking pipes."""

    def __init__(self, argv: Sequence[str], *, env: Mapping[str, str] | None, cwd: str | None,
                 max_line: int, stderr_tail: int) -> None:
        self.process = subprocess.Popen(
            list(argv), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            env=None if env is None else dict(env), cwd=cwd, start_new_session=True, bufsize=0,
        )
        assert self.process.stdin and self.process.stdout and self.process.stderr
        self.stdin = self.process.stdin.fileno()
        self.stdout = self.process.stdout.fileno()
        self.stderr = self.process.stderr.fileno()
        for fd in (self.stdin, self.stdout, self.stderr):
            os.set_blocking(fd, False)
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.stdout, selectors.EVENT_READ)
        self.selector.register(self.stderr, selectors.EVENT_READ)
        self.out = bytearray()  # requests not yet written
        self.inbuf = b""  # the start of a reply line
        self.tail = bytearray()  # the end of stderr
        self.max_line = max_line
        self.stderr_tail = stderr_tail
        self.writing = False
        self.stdin_open = True
        self.exited = False
        self.too_long = False

    def send(self, data: bytes) -> None:
        self.out += data

    def poll(self, timeout: float) -> list[bytes]:
        """Write what can be written, read what has come; the complete lines read. Afterwards
        ``exited`` says whether stdout has ended, ``too_long`` whether a line outgrew ``max_line``."""
        if self.out and self.stdin_open and not self.writing:
            self.selector.register(self.stdin, selectors.EVENT_WRITE)
            self.writing = True
        lines: list[bytes] = []
        for key, _ in self.selector.select(max(timeout, 0)):
            fd = key.fd
            if fd == self.stdout:
                data = os.read(fd, 1 << 18)
                if not data:
                    self.exited = True
                    self.selector.unregister(fd)
                elif b"\n" in data:
                    *complete, rest = (self.inbuf + data).split(b"\n")
                    lines += complete
                    self.inbuf = rest
                else:
                    self.inbuf += data
                if len(self.inbuf) > self.max_line:
                    self.too_long = True
            elif fd == self.stderr:
                data = os.read(fd, 1 << 16)
                if not data:
                    self.selector.unregister(fd)
                else:
                    self.tail += data
                    if len(self.tail) > 2 * self.stderr_tail:
                        del self.tail[:-self.stderr_tail]
            elif fd == self.stdin:
                try:
                    written = os.write(fd, self.out[:1 << 18])
                except BlockingIOError:
                    written = 0
                except OSError:  # a broken pipe: the child has closed its stdin
                    self.stdin_open = False
                    self.out.clear()
                    written = 0
                del self.out[:written]
                if not self.out:
                    self.selector.unregister(fd)
                    self.writing = False
        return lines

    def stderr_text(self, lines: int = 12) -> str:
        text = bytes(self.tail[-self.stderr_tail:]).decode("utf-8", "replace").rstrip()
        return "\n".join(text.splitlines()[-lines:])

    def finish(self, grace: float = 2.0) -> int | None:
        """Close stdin and wait a little for the child to leave, then kill its process group."""
        try:
            self.process.stdin.close()  # type: ignore[union-attr]
        except OSError:
            pass
        try:
            return self.process.wait(grace)
        except subprocess.TimeoutExpired:
            return self.kill()

    def kill(self) -> int | None:
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        try:
            return self.process.wait(5)
        except subprocess.TimeoutExpired:
            return None
        finally:
            self.close_pipes()

    def close_pipes(self) -> None:
        self.selector.close()
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            try:
                stream.close()  # type: ignore[union-attr]
            except OSError:
                pass


# -- the pipelined transport ----------------------------------------------------------------


@dataclass(slots=True)
class _InFlight:
    id: int
    item: Any
    careful: bool  # sent alone, after a crash or timeout it may have caused


@dataclass
class StdioTransport:
    """The implementation as a command speaking the protocol on stdin and stdout."""

    argv: Sequence[str]
    timeout: float = 10.0
    hello_timeout: float = 30.0
    max_restarts: int = 3
    window: int = 512
    max_line: int = 1 << 20
    stderr_tail: int = 1 << 16
    max_stray_lines: int = 100
    env: Mapping[str, str] | None = None
    cwd: str | None = None
    hello: Hello | None = field(default=None, init=False)
    failure: str | None = field(default=None, init=False)  # why it was given up, if it was
    restarts: int = field(default=0, init=False)
    events: list[str] = field(default_factory=list, init=False)  # restarts, strays: for the report
    _child: _Child | None = field(default=None, init=False, repr=False)
    _next_id: int = field(default=1, init=False, repr=False)

    # -- starting ----------------------------------------------------------------------

    def start(self) -> Hello | None:
        """Start the command and say hello (again after a crash); ``None`` once given up."""
        while self.failure is None:
            if self.hello is not None and self._child is not None:
                return self.hello
            problem = self._spawn_and_greet()
            if problem is None:
                return self.hello
            self._note(problem)
            self._give_up_or_restart(problem)
        return None

    def _spawn_and_greet(self) -> str | None:
        try:
            self._child = child = _Child(self.argv, env=self.env, cwd=self.cwd, max_line=self.max_line,
                                         stderr_tail=self.stderr_tail)
        except OSError as exc:
            self.failure = f"cannot start {' '.join(self.argv)}: {exc.strerror or exc}"
            return self.failure
        hello_id = self._new_id()
        child.send(_dumps({"id": hello_id, "op": HELLO, "protocol": PROTOCOL_VERSION}).encode() + b"\n")
        deadline = time.monotonic() + self.hello_timeout
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return self._lost(f"no reply to hello within {self.hello_timeout:g} s")
            lines = child.poll(min(remaining, 0.5))
            if child.too_long:
                return self._lost(f"a hello reply longer than {self.max_line} bytes")
            if not lines and child.exited:
                return self._lost(f"exited before answering hello{self._status()}")
            for line in lines:
                if not line.strip():
                    continue
                try:
                    message = _loads(line)
                except ValueError:
                    return self._lost(f"the hello reply is not JSON: {_clip(line)}")
                if not isinstance(message, dict) or message.get("id") != hello_id:
                    return self._lost(f"the hello reply has the wrong id: {_clip(line)}")
                try:
                    hello = Hello.from_result(read_hello(message))
                except ProtocolError as exc:
                    return self._lost(str(exc))
                if self.hello is not None and hello != self.hello:
                    self._note(f"after a restart, hello says something else: {hello}")
                self.hello = self.hello or hello
                return None

    def _lost(self, problem: str) -> str:
        """Kill the child; the problem, with the tail of its stderr."""
        child = self._child
        self._child = None
        if child is None:
            return problem
        child.kill()
        stderr = child.stderr_text()
        return f"{problem}; its stderr ends:\n{_indent(stderr)}" if stderr else problem

    def _status(self) -> str:
        child = self._child
        if child is None:
            return ""
        try:
            code = child.process.wait(2)
        except subprocess.TimeoutExpired:
            return ""
        return f" (exit status {code})" if code is not None and code >= 0 else f" (killed by signal {-code})"

    def _give_up_or_restart(self, problem: str) -> None:
        if self.failure is not None:
            return
        if self.restarts >= self.max_restarts:
            self.failure = f"gave up after {self.restarts} restarts; last: {problem.splitlines()[0]}"
            self._note(self.failure)
        else:
            self.restarts += 1
            self._note(f"restart {self.restarts} of {self.max_restarts}")

    def _note(self, event: str) -> None:
        if len(self.events) < 200:
            self.events.append(event)

    def _new_id(self) -> int:
        self._next_id += 1
        return self._next_id - 1

    # -- streaming ---------------------------------------------------------------------

    def call(self, op: str, args: dict[str, Any]) -> Outcome:
        """One request, waiting for its reply."""
        item = _Single(op, args)
        for _, outcome in self.stream((item,)):
            return outcome
        raise AssertionError("a stream answers every request")

    def stream(self, requests: Iterable[R]) -> Iterator[tuple[R, Outcome]]:
        """Send every request (objects with ``op`` and ``args``) and yield ``(request,
        outcome)`` as replies come (in order, but for requests sent again after a crash)."""
        source = iter(requests)
        retry: deque[Any] = deque()  # sent again, one at a time, after a crash or timeout
        in_flight: deque[_InFlight] = deque()
        by_id: dict[int, _InFlight] = {}
        exhausted = False
        last_progress = time.monotonic()
        strays = 0

        def fail_all(message: str) -> Iterator[tuple[Any, Outcome]]:
            outcome = Outcome("errored", message)
            while in_flight:
                yield in_flight.popleft().item, outcome
            by_id.clear()
            while retry:
                yield retry.popleft(), outcome
            for item in source:
                yield item, outcome

        while True:
            child = self._child
            if child is None:
                if self.start() is None:
                    yield from fail_all(f"not run: {self.failure}")
                    return
                child = self._child
                assert child is not None
                last_progress = time.monotonic()
            # Fill the window: sent-again requests go alone; new ones fill it.
            careful = bool(retry) or (in_flight and in_flight[0].careful)
            limit = 1 if careful else self.window
            while len(in_flight) < limit:
                if retry:
                    item, careful_item = retry.popleft(), True
                elif not exhausted and not careful:
                    try:
                        item = next(source)
                    except StopIteration:
                        exhausted = True
                        break
                    careful_item = False
                else:
                    break
                request_id = self._new_id()
                body = _dumps({"id": request_id, "op": item.op, **item.args})
                child.send(body.encode() + b"\n")
                entry = _InFlight(request_id, item, careful_item)
                if not in_flight:
                    last_progress = time.monotonic()
                in_flight.append(entry)
                by_id[request_id] = entry
                if careful_item:
                    break
            if not in_flight:
                if exhausted and not retry:
                    return
                continue
            # Wait for replies, or for the oldest request's time to run out.
            wait = last_progress + self.timeout - time.monotonic()
            problem = None
            lines = child.poll(min(wait, 0.5)) if wait > 0 else []
            if lines:
                last_progress = time.monotonic()
                for line in lines:
                    if not line.strip():
                        continue
                    if not in_flight:
                        strays += 1
                        self._note(f"output nobody asked for: {_clip(line)}")
                        if strays > self.max_stray_lines:
                            problem = f"more than {self.max_stray_lines} lines of output nobody asked for"
                            break
                        continue
                    yield from self._match(line, in_flight, by_id)
            if problem is None:
                if child.too_long:
                    problem = f"a reply longer than {self.max_line} bytes"
                elif child.exited:
                    problem = f"the implementation exited{self._status()}"
                elif not lines and time.monotonic() - last_progress >= self.timeout:
                    problem = f"no reply within {self.timeout:g} s"
                else:
                    continue
            # The child is lost: report the request it most likely choked on, send the rest again.
            problem = self._lost(problem)
            if in_flight and in_flight[0].careful:
                entry = in_flight.popleft()
                by_id.pop(entry.id, None)
                yield entry.item, Outcome("errored", problem)
            for entry in reversed(in_flight):
                retry.appendleft(entry.item)
            in_flight.clear()
            by_id.clear()
            strays = 0
            self._note(problem)
            self._give_up_or_restart(problem)
            if self.failure is not None:
                yield from fail_all(f"not run: {self.failure}")
                return

    def _match(self, line: bytes, in_flight: deque[_InFlight], by_id: dict[int, _InFlight]) -> Iterator[tuple[Any, Outcome]]:
        """Pair one reply line with its request (replies come in the order of the requests)."""
        try:
            message = _loads(line)
        except ValueError:
            entry = in_flight.popleft()
            del by_id[entry.id]
            yield entry.item, Outcome("errored", f"the reply is not JSON: {_clip(line)}")
            return
        reply_id = message.get("id") if type(message) is dict else None
        entry = by_id.pop(reply_id, None) if type(reply_id) is int else None
        if entry is None:
            oldest = in_flight.popleft()
            del by_id[oldest.id]
            yield oldest.item, Outcome("errored", f"a reply with the wrong id {reply_id!r} (expected {oldest.id}): {_clip(line)}")
            return
        while in_flight[0] is not entry:  # replies skipped: those requests got none
            skipped = in_flight.popleft()
            del by_id[skipped.id]
            yield skipped.item, Outcome("errored", f"no reply (the reply to a later request, id {reply_id}, came first)")
        in_flight.popleft()
        yield entry.item, read_reply(entry.item.op, message)

    def close(self) -> None:
        child, self._child = self._child, None
        if child is not None:
            child.finish()
            child.close_pipes()

    def __enter__(self) -> StdioTransport:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


@dataclass(frozen=True, slots=True)
class _Single:
    op: str
    args: dict[str, Any]


# -- in process -----------------------------------------------------------------------------


def load_object(spec: str) -> Any:
    """``package.module:name`` → that object (a class is instantiated with no arguments)."""
    module_name, colon, attribute = spec.partition(":")
    if not colon or not module_name or not attribute:
        raise ValueError(f"{spec!r}: name an object as package.module:name")
    if "" not in sys.path and os.getcwd() not in sys.path:
        sys.path.append(os.getcwd())  # as `python -m` would: a module of the current folder
    try:
        obj: Any = importlib.import_module(module_name)
        for part in attribute.split("."):
            obj = getattr(obj, part)
    except (ImportError, AttributeError) as exc:
        raise ValueError(f"{spec!r}: {exc}") from None
    return obj() if isinstance(obj, type) else obj


def _default_games() -> dict[str, tuple[str, ...]]:
    from dicespec.conformance.adapter import reference_games

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
            getattr(implementation, "version", None), "python (in process)",
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
        if not self.hello.supports(GAME_OF[op], args["ruleset"]):
            return Outcome("skipped", f"ruleset {args['ruleset']!r} is not supported")
        try:
            result = getattr(self.implementation, op)(**args)
        except NotImplementedError as exc:
            return Outcome("skipped", str(exc) or f"{op} is not implemented")
        except Exception as exc:  # noqa: BLE001  (the implementation's failure is the case's error)
            return Outcome("errored", f"the implementation failed: {type(exc).__name__}: {exc}\n"
                                      f"{traceback.format_exc(limit=6)}")
        if isinstance(result, dict | list | tuple):
            try:
                result = _loads(_dumps(result))  # what would go over the wire
            except (TypeError, ValueError) as exc:
                return Outcome("errored", f"the result is not JSON: {exc}")
        why = check_result(op, result)
        return Outcome("errored", f"the result breaks the protocol: {why}") if why else Outcome("result", result)

    def stream(self, requests: Iterable[R]) -> Iterator[tuple[R, Outcome]]:
        call = self.call
        for item in requests:
            yield item, call(item.op, item.args)

    def close(self) -> None:
        pass


# -- back to the interface -------------------------------------------------------------------


class ProtocolImplementation:
    """An :class:`~dicespec.implementation.Implementation` answered through a transport.

    Each request is checked against the protocol's schema before it is sent (a request that
    breaks it raises :class:`~dicespec.conformance.protocol.ProtocolError`: a bug of the caller).
    A skipped request raises :class:`ImplementationSkipped`; a failed one
    :class:`ImplementationError`.
    """

    def __init__(self, transport: Any) -> None:
        self.transport = transport
        hello = transport.start()
        self.name = hello.name if hello else "(not started)"

    @property
    def hello(self) -> Hello | None:
        return self.transport.hello

    def _ask(self, op: str, **args: Any) -> Any:
        why = problem("request", {"id": 0, "op": op, **args})
        if why is not None:
            raise ProtocolError(f"the request breaks the protocol: {why}")
        outcome = self.transport.call(op, args)
        if outcome.kind == "result":
            return outcome.value
        if outcome.kind == "skipped":
            raise ImplementationSkipped(outcome.value)
        raise ImplementationError(outcome.value)

    def kiriki_score(self, ruleset: str, dice: str, row: str) -> int:
        return self._ask("kiriki_score", ruleset=ruleset, dice=dice, row=row)

    def kiriki_replay(self, ruleset: str, players: int, actions: list[str]) -> JSON:
        return self._ask("kiriki_replay", ruleset=ruleset, players=players, actions=list(actions))

    def ten_thousand_score(self, ruleset: str, dice: str) -> JSON:
        return self._ask("ten_thousand_score", ruleset=ruleset, dice=dice)

    def ten_thousand_best(self, ruleset: str, dice: str) -> int:
        return self._ask("ten_thousand_best", ruleset=ruleset, dice=dice)

    def ten_thousand_replay(self, ruleset: str, players: int, actions: list[str]) -> JSON:
        return self._ask("ten_thousand_replay", ruleset=ruleset, players=players, actions=list(actions))

    def close(self) -> None:
        self.transport.close()


class SubprocessImplementation(ProtocolImplementation):
    """The implementation behind a command (an argument list) speaking the protocol."""

    def __init__(self, argv: Sequence[str], **options: Any) -> None:
        super().__init__(StdioTransport(list(argv), **options))


def _clip(line: bytes | str, limit: int = 160) -> str:
    text = line.decode("utf-8", "replace") if isinstance(line, bytes) else line
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text)} characters)"


def _indent(text: str) -> str:
    return "\n".join(f"    {line}" for line in text.splitlines())
