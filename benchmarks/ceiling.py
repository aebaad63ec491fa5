"""The ceiling: an adapter that answers every request of a run from a table made beforehand, the
fastest any implementation can answer over the protocol. A benchmark runs the runner against it
and against the reference adapter, and what separates the two is the reference's own work.

A table maps each request, less its ``id`` and written as the runner writes it (compact JSON,
``op`` first, then the operation's parameters in the interface's order: :func:`request_key`), to
the JSON text of its result. :func:`table_of_cases` makes one from corpus cases (their
expected answers are the reference's); ``--record`` makes one by serving the reference and
noting what it answers (the features part, whose requests only the spec's steps know).

A maintainer's tool, used by ``benchmarks/conformance_ceiling.py`` (``make bench``): the wheel
does not carry it.

Serving a request takes no JSON parsing: the reply is the request's id between the bytes that
open it and the stored result. A line of another form is parsed and looked up by its key; a
request the table lacks is answered with an error.

    python benchmarks/ceiling.py TABLE            # serve the table
    python benchmarks/ceiling.py --record TABLE   # serve the reference, and write the table
"""

from __future__ import annotations

import json
import pickle
import sys
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from dicespec.conformance.protocol.messages import HELLO, OPERATIONS, PROTOCOL_VERSION
from dicespec.conformance.serving.adapter import Server, reference_games, serve_lines
from dicespec.conformance.transports.wire import dumps

NAME = "dicespec-ceiling"
"""The table adapter's name in its hello."""

COMMAND = (sys.executable, str(Path(__file__).resolve()))
"""The command that serves a table (followed by its path), or records one (``--record`` and its path)."""

Table = dict[bytes, bytes]
"""Request key → the end of its reply line: ``,"result":…}`` and a newline."""

_ID = b'{"id":'


def request_key(op: str, args: Mapping[str, Any]) -> bytes:
    """The key of a request: its JSON text without the id, as the runner writes it."""
    params = OPERATIONS.get(op, tuple(args))
    ordered = {name: args[name] for name in params if name in args} | dict(args)
    return dumps({"op": op, **ordered}).encode()


def _params(message: Mapping[str, Any]) -> dict[str, Any]:
    """A request's parameters: all but its id and operation."""
    return {key: value for key, value in message.items() if key not in ("id", "op")}


def reply_tail(result: Any) -> bytes:
    """What follows a reply's id: the result, and the end of the line."""
    return b',"result":' + dumps(result).encode() + b"}\n"


def table_of_cases(cases: Iterable[Any]) -> Table:
    """The table of corpus cases (objects with ``op``, ``args`` and ``expected``)."""
    return {request_key(case.op, case.args): reply_tail(case.expected) for case in cases}


def save(table: Mapping[bytes, bytes], path: Path) -> None:
    with path.open("wb") as stream:
        pickle.dump(dict(table), stream, protocol=pickle.HIGHEST_PROTOCOL)


def load(path: Path) -> Table:
    """A table this module saved (a pickle: read only tables of your own making)."""
    with path.open("rb") as stream:
        table: Table = pickle.load(stream)  # noqa: S301  (the benchmark's own file)
    return table


class TableServer:
    """Answers requests from a table, with the least work a line can take."""

    def __init__(self, table: Mapping[bytes, bytes], games: Mapping[str, Sequence[str]]) -> None:
        self.table = table
        self.hello = reply_tail(
            {
                "protocol": PROTOCOL_VERSION,
                "implementation": {"name": NAME, "language": "python"},
                "games": {game: list(names) for game, names in games.items()},
            }
        )

    def reply(self, line: bytes) -> bytes:
        """The reply line to one request line."""
        if line.startswith(_ID):
            comma = line.find(b",", 6)
            if comma > 0:
                tail = self.table.get(b"{" + line[comma + 1 :])
                if tail is not None:
                    return line[:comma] + tail
        return self.slow_reply(line)

    def slow_reply(self, line: bytes) -> bytes:
        """A line the quick way does not answer: hello, a request written otherwise, one the table lacks."""
        try:
            message = json.loads(line)
            request_id = message["id"]
            op = message["op"]
        except (ValueError, TypeError, KeyError):
            print(f"{NAME}: ignored a line that is no request: {line[:200]!r}", file=sys.stderr, flush=True)
            return b""
        head = _ID + str(request_id).encode()
        if op == HELLO:
            return head + self.hello
        tail = self.table.get(request_key(op, _params(message)))
        if tail is not None:
            return head + tail
        return head + b',"error":{"message":"not in the table"}}\n'

    def serve(self, stdin: int = 0, stdout: int = 1) -> int:
        """Answer every request on ``stdin`` until it ends, reading and writing as the reference
        adapter does (:func:`~dicespec.conformance.serving.adapter.serve_lines`)."""
        return serve_lines(self.reply, stdin=stdin, stdout=stdout)


class RecordingServer(Server):
    """The reference adapter, writing each request's key and result to a table as it answers."""

    def __init__(self, path: Path) -> None:
        from dicespec.conformance.serving.quick_reference import QuickReference

        super().__init__(QuickReference(), games=reference_games())
        self.path = path
        self.recorded: Table = {}

    def answer(self, message: Any) -> dict[str, Any]:
        reply = super().answer(message)
        if "result" in reply and isinstance(message, dict) and message.get("op") != HELLO:
            self.recorded[request_key(message["op"], _params(message))] = reply_tail(reply["result"])
        return reply

    def flush(self) -> None:
        """Write the table (the requests of earlier recordings to the same file kept)."""
        table = load(self.path) if self.path.is_file() else {}
        save(table | self.recorded, self.path)


def main(argv: Sequence[str] | None = None) -> int:
    from dicespec.conformance.serving.adapter import serve

    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["--record"] and len(args) == 2:
        recorder = RecordingServer(Path(args[1]))
        try:
            return serve(recorder)
        finally:
            recorder.flush()
    if len(args) != 1:
        print("usage: python benchmarks/ceiling.py [--record] TABLE", file=sys.stderr)
        return 2
    try:
        return TableServer(load(Path(args[0])), reference_games()).serve()
    except (BrokenPipeError, KeyboardInterrupt):
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
