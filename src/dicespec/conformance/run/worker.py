"""A Python implementation under test in a worker process, behind the stdio protocol.

``--python MOD:OBJ`` and ``--function MOD:FUNC`` name code that would otherwise run inside the
runner. By default it runs here instead, in a process of its own that the runner talks to as
to any adapter, so that everything the stdio transport does for a command applies to it: a
crash, a hang, a ``sys.exit`` or a memory blow-up errors the cases it touches, the process runs
under the limits (and in the sandbox, if asked), and nothing it starts outlives the run.

The worker is told what to build as one JSON argument, a *description*: ``{"kind": "python",
"object": "MOD:OBJ"}`` or ``{"kind": "function", "function": "MOD:FUNC", "rulesets": [...],
"categories": FILE}``, with the runner's ``path`` (``sys.path``), so that it finds the modules
the runner would. :data:`BUILDERS` has one entry per kind.

    python -m dicespec.conformance.run.worker '{"kind": "python", "object": "mypackage.module:Name"}'

What the implementation writes on standard output goes to standard error (``print`` cannot
break a reply), and it reads nothing from standard input. An implementation that cannot be
built (a module that does not import, a name that is not there) exits with :data:`CANNOT_LOAD`
and the reason on the last line of standard error: no restart mends that.
"""

from __future__ import annotations

import json
import os
import sys
import traceback
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from dicespec.conformance.serving.adapter import Server, reference_games, serve
from dicespec.conformance.transports.in_process import load_object, with_protocol_2_names

CANNOT_LOAD = 78
"""The worker's exit status when the implementation cannot be built (``EX_CONFIG``)."""


def _python(description: Mapping[str, Any]) -> Any:
    return load_object(description["object"])


def _function(description: Mapping[str, Any]) -> Any:
    from dicespec.conformance.run.function import function_implementation

    return function_implementation(
        description["function"], description.get("rulesets") or (), description.get("categories")
    )


BUILDERS: dict[str, Callable[[Mapping[str, Any]], Any]] = {"python": _python, "function": _function}
"""How each kind of description becomes an implementation."""


def command(description: Mapping[str, Any]) -> list[str]:
    """The command that serves the implementation ``description`` describes."""
    return [sys.executable, "-m", "dicespec.conformance.run.worker", json.dumps({**description, "path": sys.path})]


class WorkerServer(Server):
    """The reference adapter's server, for code that may also call ``sys.exit``."""

    def answer(self, message: Any) -> dict[str, Any]:
        try:
            return super().answer(message)
        except SystemExit as exc:  # the implementation's doing: an error of this request, not the worker's end
            return {
                "id": message["id"],
                "error": {
                    "message": f"the implementation called sys.exit({exc.code!r})",
                    "detail": traceback.format_exc(limit=8),
                },
            }


def server(implementation: Any) -> WorkerServer:
    """The implementation served as :class:`~dicespec.conformance.transports.in_process.InProcessTransport`
    would call it: its ``rulesets`` attribute (or every shipped ruleset), its ``name`` (or its
    type's), its ``version``, its ``own_rulesets`` (ruleset documents of its own rules), the ``players`` it plays
    and who throws the ``dice`` of its games."""
    implementation = with_protocol_2_names(implementation)
    games = getattr(implementation, "rulesets", None) or reference_games()
    version = getattr(implementation, "version", None)
    from dicespec.rulesets import declare_document

    name = getattr(implementation, "name", None) or type(implementation).__name__
    for number, document in enumerate(getattr(implementation, "own_rulesets", None) or ()):
        declare_document(document, f"{name}: own_rulesets[{number}]")  # found by name here too, as the runner finds it
    return WorkerServer(
        implementation,
        games=games,
        version=None if version is None else str(version),
        name=name,
        rules=getattr(implementation, "own_rulesets", None) or (),
        players=getattr(implementation, "players", None),
        dice=getattr(implementation, "dice", None),
    )


def _protocol_streams() -> tuple[int, int]:
    """The protocol's own copies of stdin and stdout; what the implementation reads (fd 0) is
    then empty, and what it writes (fd 1) goes to stderr."""
    requests, replies = os.dup(0), os.dup(1)
    empty = os.open(os.devnull, os.O_RDONLY)
    os.dup2(empty, 0)
    os.close(empty)
    os.dup2(2, 1)
    return requests, replies


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        print("usage: python -m dicespec.conformance.run.worker DESCRIPTION (JSON)", file=sys.stderr)
        return 2
    description = json.loads(args[0])
    path = [entry for entry in description.get("path", ()) if isinstance(entry, str)]
    sys.path[:] = [*path, *(entry for entry in sys.path if entry not in path)]
    requests, replies = _protocol_streams()
    try:
        implementation = BUILDERS[description["kind"]](description)
    except (Exception, SystemExit) as exc:  # noqa: BLE001  (whatever its import does, it is the reason)
        target = description.get("object") or description.get("function")
        reason = str(exc) if isinstance(exc, ValueError) else f"{target}: {type(exc).__name__}: {exc}"
        print(" ".join(reason.split()), file=sys.stderr, flush=True)
        return CANNOT_LOAD
    try:
        return serve(server(implementation), stdin=requests, stdout=replies)
    except (BrokenPipeError, KeyboardInterrupt):
        return 0


if __name__ == "__main__":
    sys.exit(main())
