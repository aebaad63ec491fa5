"""Serving an implementation over the conformance protocol, on standard input and output.

``python -m dicespec.adapter`` serves the reference engines; :func:`serve` serves any object
with the methods of :class:`~dicespec.implementation.Implementation`, e.g. a Python
implementation of your own (or an on-purpose broken one, as the runner's tests do).

The loop reads what standard input has (many requests at once when the runner pipelines),
answers each line in order, and writes the replies a few dozen at a time: the replies never
wait in a buffer while the runner waits for them, and the runner checks some while the next
are worked out.
"""

from __future__ import annotations

import json
import os
import sys
import time
import traceback
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from dicespec.conformance.protocol.messages import (
    HELLO,
    OPERATIONS,
    PROTOCOL_VERSION,
    V1_OPERATIONS,
    ProtocolError,
    arguments,
    beyond_version_1,
    family_of,
    games_of,
)
from dicespec.conformance.serving.quick_reference import QuickReference
from dicespec.implementation import CannotAsk, Implementation

_dumps = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode
_scan: Callable[[str, int], tuple[Any, int]] = json.JSONDecoder().scan_once  # type: ignore[attr-defined]


def _read(line: bytes) -> Any:
    """A request line's JSON value, as :func:`json.loads` reads it: the usual line (UTF-8, one
    value, no space around it) in one step, anything else by :func:`json.loads` itself."""
    try:
        text = line.decode()
        value, end = _scan(text, 0)
        if end == len(text):
            return value
    except (UnicodeDecodeError, StopIteration, ValueError):
        pass
    return json.loads(line)


_PARAMETERS = {op: frozenset(names) for op, names in OPERATIONS.items()}


def reference_games(protocol: int = PROTOCOL_VERSION) -> dict[str, list[str]]:
    """Every shipped ruleset, by game: what the reference engines play; in protocol 1, only those
    whose games protocol 1 can tell (:func:`~dicespec.conformance.protocol.messages.beyond_version_1`:
    an adapter speaking it does not claim the others)."""
    from dicespec.registry import game_names
    from dicespec.rulesets import ruleset_names

    games = {game: ruleset_names(game) for game in game_names()}
    if protocol == 1:
        games = {game: [name for name in names if beyond_version_1(name) is None] for game, names in games.items()}
    return {game: names for game, names in games.items() if names}


class Server:
    """Answers protocol requests with an implementation's methods."""

    def __init__(
        self,
        implementation: Implementation,
        *,
        games: Mapping[str, Sequence[str]],
        version: str | None = None,
        language: str = "python",
        validate: bool = False,
        name: str | None = None,
        protocol: int = PROTOCOL_VERSION,
        plays_documents: bool = False,
        rules: Sequence[Mapping[str, Any]] = (),
        players: Mapping[str, Sequence[int]] | None = None,
        dice: str | Mapping[str, str] | None = None,
    ) -> None:
        self.implementation = implementation
        self.games = {game: tuple(names) for game, names in games.items()}
        self.protocol = protocol  # the version spoken: 2, or 1 as an adapter left at version 1 speaks
        self.plays_documents = plays_documents  # plays the rulesets hello hands over (a data-driven implementation)
        self.rules = [dict(document) for document in rules]  # its own rules, declared in hello
        self.players = {game: list(counts) for game, counts in (players or {}).items()}
        self.dice = dice if isinstance(dice, str) or dice is None else dict(dice)  # who throws its dice: hello's dice
        self.about = {"name": name or implementation.name, "language": language}
        if version is not None:
            self.about["version"] = version
        self.validate = validate
        self._supported: dict[tuple[str, str], bool] = {}  # (op, ruleset): declared for that op's games

    def supports(self, op: str, ruleset: Any) -> bool:
        """Whether ``ruleset`` is declared for a game ``op`` is about."""
        if type(ruleset) is not str:
            return any(ruleset in self.games.get(game, ()) for game in games_of(op))
        key = (op, ruleset)
        found = self._supported.get(key)
        if found is None:
            found = self._supported[key] = any(ruleset in self.games.get(game, ()) for game in games_of(op))
        return found

    def answer(self, message: Any) -> dict[str, Any]:
        """The reply to one request (already parsed)."""
        request_id = message.get("id") if isinstance(message, dict) else None
        if type(request_id) is not int or request_id < 0:
            raise ProtocolError(f"a request without a valid id: {message!r:.200}")
        try:
            op, args = self._arguments(message)
        except ProtocolError as exc:
            return {"id": request_id, "error": {"message": str(exc)}}
        if op == HELLO:
            try:
                self._play_documents(args.get("rulesets") or ())
            except ValueError as exc:
                return {"id": request_id, "error": {"message": f"hello: {exc}"}}
            result: dict[str, Any] = {
                "protocol": self.protocol,
                "implementation": self.about,
                "games": {game: list(names) for game, names in self.games.items()},
            }
            if self.rules and self.protocol >= 2:
                result["rulesets"] = self.rules
            if self.players and self.protocol >= 2:
                result["players"] = self.players
            if self.dice and self.protocol >= 2:
                result["dice"] = self.dice
            return {"id": request_id, "result": result}
        if not self.supports(op, args.get("ruleset")):
            return {"id": request_id, "skipped": f"ruleset {args.get('ruleset')!r} is not supported"}
        try:
            result = getattr(self.implementation, op)(**args)
            if self.protocol == 1 and op == "replay" and family_of(args["ruleset"]) == "score-sheet":
                result = {key: value for key, value in result.items() if key != "winners"}  # protocol 1 has none
            return {"id": request_id, "result": result}
        except CannotAsk as exc:
            if self.protocol == 1:
                return {"id": request_id, "skipped": str(exc) or f"{op} cannot be asked"}
            return {"id": request_id, "skipped": str(exc) or f"{op} cannot be asked", "cannot_ask": True}
        except NotImplementedError as exc:
            return {"id": request_id, "skipped": str(exc) or f"{op} is not implemented"}
        except Exception as exc:  # noqa: BLE001  (any failure of the implementation is an error reply)
            return {
                "id": request_id,
                "error": {
                    "message": f"{type(exc).__name__}: {exc}",
                    "detail": traceback.format_exc(limit=8),
                },
            }

    def _play_documents(self, documents: Sequence[Any]) -> None:
        """Declare the rulesets a hello hands over, and play them (when this server plays
        documents: the reference engines play any ruleset)."""
        if not self.plays_documents:
            return
        from dicespec.rulesets import declare_document

        for document in documents:
            found = declare_document(document, "the runner's hello")
            game = found.data["game"]
            if found.name not in self.games.get(game, ()):
                self.games[game] = (*self.games.get(game, ()), found.name)
        self._supported.clear()

    def _arguments(self, message: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        if self.validate:
            return arguments(message, self.protocol)
        op = message.get("op")
        if op == HELLO:
            offered = message.get("protocols", [message.get("protocol")])
            if self.protocol not in (offered if isinstance(offered, list) else []):
                raise ProtocolError(f"protocol {message.get('protocol')!r} is not spoken here (only {self.protocol})")
            return op, {key: value for key, value in message.items() if key == "rulesets"}
        if self.protocol == 1:
            if op not in V1_OPERATIONS:
                raise ProtocolError(f"unknown op {op!r}")
            op = V1_OPERATIONS[op][0]
        elif op not in OPERATIONS:
            raise ProtocolError(f"unknown op {op!r}")
        args = {key: value for key, value in message.items() if key != "id" and key != "op"}
        if args.keys() != _PARAMETERS[op]:
            raise ProtocolError(f"{op} takes {', '.join(OPERATIONS[op])}; got {', '.join(args) or 'nothing'}")
        return op, args

    def reply_line(self, line: bytes) -> bytes:
        """One request line in, one reply line out (empty for a line that is no request)."""
        try:
            reply = self.answer(_read(line))
        except (ValueError, ProtocolError) as exc:  # no id to answer to: say so on stderr
            print(f"dicespec adapter: ignored a line that is no request: {exc}", file=sys.stderr, flush=True)
            return b""
        result = reply.get("result")
        if type(result) is int and len(reply) == 2:  # the most frequent reply, written quickly
            return b'{"id":%d,"result":%d}\n' % (reply["id"], result)
        try:
            return _dumps(reply).encode() + b"\n"
        except (TypeError, ValueError) as exc:  # a result that JSON cannot carry: the implementation's error
            return _dumps({"id": reply["id"], "error": {"message": f"the result is not JSON: {exc}"}}).encode() + b"\n"


REPLIES_A_WRITE = 64
"""Replies written at once, at most: the runner reads and checks them while the next are worked
out (a whole window's replies written at once would keep one side waiting for the other)."""

REPLY_DELAY = 0.0003
"""Seconds a reply waits to be written with the next, at most (its block then written as it is):
where each reply takes long to work out, the runner gets them sooner. Games played move by move
(own dice) need it: each game's next move waits for its reply, and with blocks of 64 alone the
runner waited for a whole block between its turns. Measured alternately, medians of 8: farkle's
100 own-dice games of ``benchmarks/own_dice.py`` took 3.30 s with blocks of 64 alone, 2.13 s with
this delay; the exhaustive corpus of three rulesets, whose replies are quick, 2.26 s and 2.25 s."""


def serve(server: Server, *, stdin: int = 0, stdout: int = 1) -> int:
    """Answer every request on ``stdin`` (a file descriptor) until it ends."""
    return serve_lines(server.reply_line, stdin=stdin, stdout=stdout)


def serve_lines(reply: Callable[[bytes], bytes], *, stdin: int = 0, stdout: int = 1) -> int:
    """Give each line on ``stdin`` (a file descriptor), blank ones aside, to ``reply`` until it
    ends, and write the replies to ``stdout``: :data:`REPLIES_A_WRITE` at a time, or fewer once
    the first of them has waited :data:`REPLY_DELAY`."""
    pending = b""
    clock = time.perf_counter
    while True:
        chunk = os.read(stdin, 1 << 16)
        if not chunk:
            break
        *lines, pending = (pending + chunk).split(b"\n")
        block: list[bytes] = []
        due = 0.0
        for line in lines:
            if not line.strip():
                continue
            block.append(reply(line))
            if len(block) == 1:
                due = clock() + REPLY_DELAY
            elif len(block) >= REPLIES_A_WRITE or clock() >= due:
                write_all(stdout, b"".join(block))
                block.clear()
        if block:
            write_all(stdout, b"".join(block))
    if pending.strip():
        write_all(stdout, reply(pending))
    return 0


def write_all(fd: int, data: bytes) -> None:
    """Write all of ``data`` to the file descriptor ``fd``."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def main(argv: Sequence[str] | None = None) -> int:
    """Serve the reference engines: ``python -m dicespec.adapter [--validate] [--protocol 1]
    [--own-dice [--seed N]]`` (``--protocol 1``: as an adapter left at protocol 1 would, for the
    runner's tests and benchmarks; ``--own-dice``: as an engine that rolls its own dice, seeded by
    ``--seed``, 0 by default: :mod:`~dicespec.conformance.serving.own_dice`)."""
    from dicespec import __version__

    args = list(sys.argv[1:] if argv is None else argv)
    protocol = int(args[args.index("--protocol") + 1]) if "--protocol" in args[:-1] else PROTOCOL_VERSION
    if protocol not in (1, 2):
        print(f"dicespec adapter: --protocol {protocol}: it speaks 1 and 2", file=sys.stderr)
        return 2
    own_dice = "--own-dice" in args
    if own_dice and protocol == 1:
        print(
            "dicespec adapter: --own-dice: protocol 1 has no act, in which an engine rolls its own dice",
            file=sys.stderr,
        )
        return 2
    implementation: Implementation = QuickReference()
    if own_dice:
        from dicespec.conformance.serving.own_dice import OwnDiceReference

        implementation = OwnDiceReference(int(args[args.index("--seed") + 1]) if "--seed" in args[:-1] else 0)
    server = Server(
        implementation,
        games=reference_games(protocol),
        version=__version__,
        validate="--validate" in args,
        protocol=protocol,
        plays_documents=protocol >= 2,
        dice="own" if own_dice else None,
    )
    try:
        return serve(server)
    except (BrokenPipeError, KeyboardInterrupt):
        return 0
