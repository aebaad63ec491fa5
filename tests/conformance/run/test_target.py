"""The implementation under test and how it is reached (conformance/run/target.py): a target read
from a command line, described for a worker and in words; and a transport whose requests under
some rulesets are asked under others, each answer its own case's."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from dicespec.conformance.protocol.messages import Outcome
from dicespec.conformance.run.target import AskedAs, Options, Target, open_transport
from dicespec.conformance.transports.in_process import InProcessTransport


def test_a_command_line_is_split_as_a_shell_would() -> None:
    target = Target.from_command_line("node 'my adapter.mjs' --fast")
    assert target.command == ("node", "my adapter.mjs", "--fast")
    assert target.describe() == "node 'my adapter.mjs' --fast"
    assert target.description() is None
    with pytest.raises(ValueError, match=r"^--impl: an empty command$"):
        Target.from_command_line("  ")


def test_a_python_object_and_a_function_are_described_for_a_worker() -> None:
    python = Target(python="mine:Impl")
    assert python.description() == {"kind": "python", "object": "mine:Impl"}
    assert python.describe() == "--python mine:Impl"
    function = Target(function="mine:score", rulesets=("yacht",), categories="rows.yaml")
    assert function.description() == {
        "kind": "function",
        "function": "mine:score",
        "rulesets": ["yacht"],
        "categories": "rows.yaml",
    }
    assert function.describe() == "--function mine:score"


@dataclass
class Request:
    op: str
    args: dict[str, Any]


class Echo:
    """A transport that answers each request with the ruleset it was asked under."""

    hello = None
    failure = "never"

    def call(self, op: str, args: dict[str, Any]) -> Outcome:
        return Outcome("result", args["ruleset"])

    def stream(self, requests: Any, expect: Any = None) -> Any:
        for request in requests:
            yield request, Outcome("result", (request.args["ruleset"], expect(request) if expect else None))


def test_asked_as_asks_under_the_ruleset_named_and_answers_each_case() -> None:
    asked = AskedAs(Echo(), {"house": "yahtzee"})
    assert asked.asked("house") == "yahtzee" and asked.asked("yacht") == "yacht"
    assert asked.call("score", {"ruleset": "house", "dice": "12345"}) == ("result", "yahtzee")
    assert asked.call("score", {"ruleset": "yacht", "dice": "12345"}) == ("result", "yacht")
    cases = [Request("score", {"ruleset": "house"}), Request("score", {"ruleset": "yacht"})]
    streamed = list(asked.stream(cases, expect=lambda case: f"expected of {case.args['ruleset']}"))
    assert [case for case, _ in streamed] == cases, "each outcome comes back with its own case"
    assert [outcome.value for _, outcome in streamed] == [
        ("yahtzee", "expected of house"),
        ("yacht", "expected of yacht"),
    ]
    assert asked.failure == "never", "the rest is the transport's"


def test_in_process_a_python_object_is_called_directly_behind_asked_as_when_asked() -> None:
    target = Target(python="dicespec.implementation:ReferenceImplementation")
    assert isinstance(open_transport(target, Options(in_process=True)), InProcessTransport)
    behind = open_transport(target, Options(in_process=True), {"house": "yacht"})
    assert isinstance(behind, AskedAs) and isinstance(behind.transport, InProcessTransport)
    assert behind.call("score", {"ruleset": "house", "dice": "12345", "row": "choice"}) == ("result", 15)
