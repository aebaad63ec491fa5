"""The implementation as a command speaking the protocol on stdin and stdout.

:class:`StdioTransport` starts the command once, says hello, and streams requests through it
*pipelined*: up to ``window`` requests are written before their replies are read, in one
thread that waits on the child's stdin, stdout and stderr together (a
:class:`~dicespec.conformance.transports.child.ChildProcess`). Nothing the child does can hang or crash the
runner; each misbehaviour becomes an ``errored`` outcome for the requests it touched:

- no reply within ``timeout`` seconds, a line that is not JSON, a reply with a wrong id or a
  shape the schema refuses, a reply longer than ``max_line`` bytes, output nobody asked for;
- the process exits or crashes: the requests in flight are sent again one at a time to a fresh
  process, so the one that crashes it again is the one reported; the others get their answers;
- a process that never answers hello, or keeps dying: it is restarted at most ``max_restarts``
  times, then every request left is errored at once. The run's time is bounded by the timeouts;
- a process that hits one of its ``limits`` (memory, CPU time, processes): the reason says which.

A command that cannot be started at all (no such program, or not executable: :func:`cannot_start`)
is given up at once, before any request, and :attr:`StdioTransport.fatal` says why: no restart
can mend it.

Standard error is drained as it comes and its tail kept for the report. Each process runs
contained (see :mod:`~dicespec.conformance.transports.child`): however it ends, after the last request, a
timeout, a crash, a restart or an interrupt of the runner, nothing it started stays behind.
"""

from __future__ import annotations

import os
import shutil
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from dicespec.conformance.containment import defaults
from dicespec.conformance.containment.limits import Limits, describe_exit
from dicespec.conformance.protocol.messages import (
    PROTOCOL_VERSION,
    VERSIONS,
    Outcome,
    ProtocolError,
    VersionError,
    family_of,
    hello_request,
    read_hello,
    read_reply,
    wire_op,
)
from dicespec.conformance.transports.child import ChildProcess
from dicespec.conformance.transports.wire import PAUSE, Hello, R, clip, dumps, dumps_own, indent, loads

STDERR_ENDS = "its stderr ends:"
"""What introduces the tail of the implementation's stderr in a reason (on the lines after it)."""


@dataclass(slots=True)
class _InFlight:
    id: int
    item: Any
    careful: bool  # sent alone, after a crash or timeout it may have caused


@dataclass
class StdioTransport:
    """The implementation as a command speaking the protocol on stdin and stdout."""

    argv: Sequence[str]
    timeout: float = defaults.TIMEOUT
    hello_timeout: float = defaults.HELLO_TIMEOUT
    max_restarts: int = defaults.MAX_RESTARTS
    window: int = defaults.WINDOW
    max_line: int = defaults.MAX_LINE
    stderr_tail: int = defaults.STDERR_TAIL
    max_stray_lines: int = defaults.MAX_STRAY_LINES
    env: Mapping[str, str] | None = None
    cwd: str | None = None
    limits: Limits = Limits()
    sandbox: bool = False  # run it in a bubblewrap sandbox (see dicespec.conformance.containment.sandbox)
    grace: float = defaults.GRACE
    fatal_exit: int | None = None  # an exit status before hello that no restart can mend: give up at once
    rulesets: Sequence[Mapping[str, Any]] = ()  # the run's rulesets that are not shipped, handed over in hello
    offered: tuple[int, ...] = VERSIONS  # the protocol versions offered, the newest first
    hello: Hello | None = field(default=None, init=False)
    protocol: int = field(default=PROTOCOL_VERSION, init=False)  # the version spoken, once greeted
    failure: str | None = field(default=None, init=False)  # why it was given up, if it was
    fatal: str | None = field(default=None, init=False)  # why no restart can mend it: it cannot be started, or
    # what it said when it exited with fatal_exit
    restarts: int = field(default=0, init=False)
    events: list[str] = field(default_factory=list, init=False)  # restarts, strays: for the report
    stops: list[str] = field(default_factory=list, init=False)  # why each process of it was lost, a line each
    _child: ChildProcess | None = field(default=None, init=False, repr=False)
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
        why = cannot_start(self.argv, cwd=self.cwd, env=self.env)
        if why is not None:
            self.failure = self.fatal = why
            return why
        try:
            self._child = child = ChildProcess(
                self.argv,
                env=self.env,
                cwd=self.cwd,
                max_line=self.max_line,
                stderr_tail=self.stderr_tail,
                limits=self.limits,
                sandboxed=self.sandbox,
                grace=self.grace,
            )
        except OSError as exc:
            self.failure = self.fatal = f"cannot start {' '.join(self.argv)}: {exc.strerror or exc}"
            return self.failure
        for version in self.offered:
            problem, refused = self._greet(child, version)
            if not refused or version == self.offered[-1]:
                return problem
            self._note(f"hello in protocol {version} refused ({problem}); greeted again in protocol {self.offered[-1]}")
        return None  # unreachable: the last version returns

    def _greet(self, child: ChildProcess, version: int) -> tuple[str | None, bool]:
        """Say hello in ``version``: the problem, if one (``None``: greeted), and whether the
        implementation refused that version with an error reply (it may speak an older one)."""
        hello_id = self._new_id()
        rulesets = self.rulesets if version >= 2 else ()
        child.send(dumps(hello_request(hello_id, version, rulesets)).encode() + b"\n")
        deadline = time.monotonic() + self.hello_timeout
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return self._lost(f"no reply to hello within {self.hello_timeout:g} s"), False
            lines = child.poll(min(remaining, 0.5))
            if child.too_long:
                return self._lost(f"a hello reply longer than {self.max_line} bytes"), False
            if child.over_limit:
                return self._lost(child.over_limit), False
            if not lines and child.exited:
                status = self._status()
                if self.fatal_exit is not None and child.returncode() == self.fatal_exit:
                    self.failure = self.fatal = child.stderr_text(1) or f"exit status {self.fatal_exit}"
                return self._lost(f"exited before answering hello{status}"), False
            for line in lines:
                if not line.strip():
                    continue
                try:
                    message = loads(line)
                except ValueError:
                    return self._lost(f"the hello reply is not JSON: {clip(line)}"), False
                if not isinstance(message, dict) or message.get("id") != hello_id:
                    return self._lost(f"the hello reply has the wrong id: {clip(line)}"), False
                if "error" in message and version != self.offered[-1]:
                    error = message["error"]
                    return clip(str(error.get("message") if isinstance(error, dict) else error), 200), True
                try:
                    hello = Hello.from_result(read_hello(message, self.offered))
                except VersionError as exc:  # no restart mends it: every case is errored with the reason
                    self.failure = str(exc)
                    return self._lost(str(exc)), False
                except ProtocolError as exc:
                    return self._lost(str(exc)), False
                if self.hello is not None and hello != self.hello:
                    self._note(f"after a restart, hello says something else: {hello}")
                self.hello = self.hello or hello
                self.protocol = self.hello.protocol
                return None, False

    def _lost(self, problem: str) -> str:
        """Kill the child; the problem, with where its crash files are kept, if it left any, and
        the tail of its stderr."""
        child = self._child
        self._child = None
        if child is None:
            return problem
        self.stops.append(problem)
        child.kill()
        if child.kept is not None:
            problem = f"{problem}; it left crash files in {child.kept}"
        stderr = child.stderr_text()
        return f"{problem}; {STDERR_ENDS}\n{indent(stderr)}" if stderr else problem

    def _status(self) -> str:
        """How the child exited, and which of its limits made it, if one did: `` (exit status 3)``."""
        child = self._child
        if child is None:
            return ""
        code = child.returncode(2)
        if code is None:
            return ""
        why = self.limits.explain(code, child.stderr_text(defaults.STDERR_LINES * 4))
        return f" ({describe_exit(code)}: {why})" if why else f" ({describe_exit(code)})"

    def _give_up_or_restart(self, problem: str) -> None:
        if self.failure is not None:
            return
        if self.restarts >= self.max_restarts:
            last = problem.splitlines()[0].removesuffix(f"; {STDERR_ENDS}")  # its stderr is in the events
            self.failure = f"gave up after {self.restarts} restarts; last: {last}"
            self._note(self.failure)
        else:
            self.restarts += 1
            self._note(f"restart {self.restarts} of {self.max_restarts}")

    def _note(self, event: str, *, stray: bool = False) -> None:
        """Note an event for the report: every one, but stray lines past :data:`~defaults.MAX_EVENTS`."""
        if not stray or len(self.events) < defaults.MAX_EVENTS:
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

    def stream(self, requests: Iterable[R], expect: Expect | None = None) -> Iterator[tuple[R, Outcome]]:
        """Send every request (objects with ``op`` and ``args``) and yield ``(request,
        outcome)`` as replies come (in order, but for requests sent again after a crash).

        ``expect``, if given, says what a request's result most likely is (:data:`Expect`): its value
        and its JSON text, as :data:`~dicespec.conformance.transports.wire.dumps` writes it. A reply
        line that is exactly ``{"id":…,"result":`` that text ``}`` is that result, valid as it is,
        and is taken without being parsed or checked (see :func:`expected_reply`). Where the result
        can only be known from the reply itself (the dice an engine threw), ``expect`` gives a
        reader of the result's text instead, which returns the result it stands for where that is
        the expected one. Any other line is read in full.
        Where ``requests`` yields :data:`~dicespec.conformance.transports.wire.PAUSE`, what is in
        flight is read before it is asked again."""
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
                if item is not PAUSE:
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
            protocol = self.protocol
            # Fill the window: sent-again requests go alone; new ones fill it.
            careful = bool(retry) or (in_flight and in_flight[0].careful)
            limit = 1 if careful else self.window
            written: list[bytes] = []
            while len(in_flight) < limit:
                if retry:
                    item, careful_item = retry.popleft(), True
                elif not exhausted and not careful:
                    try:
                        item = next(source)
                    except StopIteration:
                        exhausted = True
                        break
                    if item is PAUSE:  # nothing to send until a reply comes
                        if not in_flight:
                            raise RuntimeError("the requests paused with none in flight: no reply can come")
                        break
                    careful_item = False
                else:
                    break
                request_id = self._next_id
                self._next_id += 1
                op = item.op if protocol == 2 else wire_op(protocol, item.op, item.args.get("ruleset"))
                written.append(dumps_own({"id": request_id, "op": op, **item.args}).encode())
                entry = _InFlight(request_id, item, careful_item)
                if not in_flight:
                    last_progress = time.monotonic()
                in_flight.append(entry)
                by_id[request_id] = entry
                if careful_item:
                    break
            if written:
                written.append(b"")
                child.send(b"\n".join(written))
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
                        self._note(f"output nobody asked for: {clip(line)}", stray=True)
                        if strays > self.max_stray_lines:
                            problem = f"more than {self.max_stray_lines} lines of output nobody asked for"
                            break
                        continue
                    if expect is not None:  # the expected reply, to the oldest request: taken as it is
                        entry = in_flight[0]
                        value, text = expect(entry.item)
                        if text is None:
                            taken = False
                        elif isinstance(text, bytes):
                            taken = line == b'{"id":%d,"result":%b}' % (entry.id, text)
                        else:  # a reader of the result's text: its value, or None where it is not expected
                            start = b'{"id":%d,"result":' % entry.id
                            value = (
                                text(line[len(start) : -1]) if line.startswith(start) and line[-1:] == b"}" else None
                            )
                            taken = value is not None
                        if taken:
                            in_flight.popleft()
                            del by_id[entry.id]
                            yield entry.item, Outcome("result", value)
                            continue
                    yield from self._match(line, in_flight, by_id)
            if problem is None:
                if child.too_long:
                    problem = f"a reply longer than {self.max_line} bytes"
                elif child.over_limit:
                    problem = child.over_limit
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

    def _match(
        self, line: bytes, in_flight: deque[_InFlight], by_id: dict[int, _InFlight]
    ) -> Iterator[tuple[Any, Outcome]]:
        """Pair one reply line with its request (replies come in the order of the requests)."""
        try:
            message = loads(line)
        except ValueError:
            unread = in_flight.popleft()
            del by_id[unread.id]
            yield unread.item, Outcome("errored", f"the reply is not JSON: {clip(line)}")
            return
        reply_id = message.get("id") if type(message) is dict else None
        entry = by_id.pop(reply_id, None) if type(reply_id) is int else None
        if entry is None:
            oldest = in_flight.popleft()
            del by_id[oldest.id]
            yield (
                oldest.item,
                Outcome("errored", f"a reply with the wrong id {reply_id!r} (expected {oldest.id}): {clip(line)}"),
            )
            return
        while in_flight[0] is not entry:  # replies skipped: those requests got none
            skipped = in_flight.popleft()
            del by_id[skipped.id]
            yield (
                skipped.item,
                Outcome("errored", f"no reply (the reply to a later request, id {reply_id}, came first)"),
            )
        in_flight.popleft()
        op, args = entry.item.op, entry.item.args
        outcome = read_reply(op, message, self.protocol, family_of(args.get("ruleset")) if op == "replay" else None)
        if outcome.kind == "errored":  # an error it answered: maybe a limit's doing (a MemoryError)
            why = self.limits.explain(None, outcome.value)
            first, newline, rest = str(outcome.value).partition("\n")
            outcome = Outcome("errored", f"{first.rstrip()} ({why}){newline}{rest}") if why else outcome
        yield entry.item, outcome

    def close(self) -> None:
        child, self._child = self._child, None
        if child is not None:
            child.finish()

    def __enter__(self) -> StdioTransport:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def cannot_start(argv: Sequence[str], *, cwd: str | None = None, env: Mapping[str, str] | None = None) -> str | None:
    """Why the command ``argv`` cannot be started at all, in one line naming its program (no such
    file, none of that name on ``PATH``, not executable); ``None`` when it can be. Checked before it
    is started, so that a sandbox (which would start and fail in its place) says so too."""
    if not argv:
        return "cannot start an empty command"
    program = argv[0]
    if os.sep in program or (os.altsep and os.altsep in program):
        path = os.path.join(cwd or os.getcwd(), program)
        if not os.path.exists(path):
            return f"cannot start {program}: no such file"
        if os.path.isdir(path) or not os.access(path, os.X_OK):
            return f"cannot start {program}: it is not an executable file"
        return None
    search = (os.environ if env is None else env).get("PATH", os.defpath)
    if shutil.which(program, path=search) is not None:
        return None
    if shutil.which(program, mode=os.F_OK, path=search) is not None:
        return f"cannot start {program}: the file of that name on PATH is not executable"
    return f"cannot start {program}: no command of that name on PATH"


Expect = Callable[[Any], tuple[Any, bytes | Callable[[bytes], Any] | None]]
"""What a request's result most likely is: ``(value, its JSON text)``; the text ``None`` when
there is nothing to expect. In place of the text, a reader of a result's text (the bytes of a
reply line between ``{"id":N,"result":`` and its last ``}``): the value that text stands for, where
it is the result expected (valid, as the reference writes it), else ``None`` (the line is then read
in full); the value given beside a reader is not used."""


def expected_reply(value: Any) -> bytes:
    """The JSON text of an expected result, as the reference adapter writes it.

    A reply line equal to ``{"id":N,"result":`` this ``}`` parses to ``value`` exactly (JSON text
    is read back to the same types: an integer is no float, ``true`` no ``1``), so it is the
    result ``value`` and valid where ``value`` is; the runner expects only the reference's
    answers, which are valid results (the protocol's tests check it)."""
    return b"%d" % value if type(value) is int else dumps_own(value).encode()


@dataclass(frozen=True, slots=True)
class _Single:
    op: str
    args: dict[str, Any]
