"""A Python implementation served by a worker process (conformance/run/worker.py), its parts
called here, in process: the command that starts the worker with its description and the
runner's path, what each kind of description builds, the server's hello made of the object's
attributes, and a ``sys.exit`` of the implementation an error of that request alone."""

from __future__ import annotations

import json
import sys
from typing import ClassVar

import pytest

from dicespec.conformance.run import worker
from dicespec.implementation import ReferenceImplementation


class Quits(ReferenceImplementation):
    """Yacht alone, for one player, its own dice thrown; it calls ``sys.exit`` on five ones."""

    name = "quits"
    version = 3
    dice = "own"
    rulesets: ClassVar[dict[str, list[str]]] = {"yacht": ["yacht"]}
    players: ClassVar[dict[str, list[int]]] = {"yacht": [1]}

    def score(self, ruleset: str, dice: str, row: str) -> int:
        if dice == "11111":
            sys.exit(4)
        return super().score(ruleset, dice, row)


def test_the_command_runs_the_worker_with_its_description_and_the_runner_s_path() -> None:
    argv = worker.command({"kind": "python", "object": "mine:Impl"})
    assert argv[:3] == [sys.executable, "-m", "dicespec.conformance.run.worker"] and len(argv) == 4
    assert json.loads(argv[3]) == {"kind": "python", "object": "mine:Impl", "path": sys.path}


def test_a_python_description_builds_its_object() -> None:
    built = worker.BUILDERS["python"]({"kind": "python", "object": "dicespec.implementation:ReferenceImplementation"})
    assert isinstance(built, ReferenceImplementation)
    with pytest.raises(ValueError, match=r"name an object as package\.module:name"):
        worker.BUILDERS["python"]({"kind": "python", "object": "nowhere"})


def test_the_server_s_hello_is_made_of_the_object_s_attributes() -> None:
    hello = worker.server(Quits()).answer({"id": 1, "op": "hello", "protocol": 2})
    assert hello == {
        "id": 1,
        "result": {
            "protocol": 2,
            "implementation": {"name": "quits", "language": "python", "version": "3"},
            "games": {"yacht": ["yacht"]},
            "players": {"yacht": [1]},
            "dice": "own",
        },
    }


def test_a_sys_exit_of_the_implementation_errors_its_request_alone() -> None:
    served = worker.server(Quits())
    request = {"op": "score", "ruleset": "yacht", "row": "choice"}
    failed = served.answer({"id": 2, **request, "dice": "11111"})
    assert failed["id"] == 2 and failed["error"]["message"] == "the implementation called sys.exit(4)"
    assert "SystemExit" in failed["error"]["detail"]
    assert served.answer({"id": 3, **request, "dice": "12345"}) == {"id": 3, "result": 15}


def test_a_worker_given_no_description_says_how_to_run_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert worker.main([]) == 2
    assert capsys.readouterr().err == "usage: python -m dicespec.conformance.run.worker DESCRIPTION (JSON)\n"
