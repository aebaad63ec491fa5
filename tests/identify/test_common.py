"""What identify does with an implementation that stops while it is asked (``identify/common.py``):
it counts the stops, names each one (a limit with its option), and says whether the rules found
depend on them: on the answers lost to them."""

from __future__ import annotations

import re
from typing import Any

import pytest

from dicespec.cli import main
from dicespec.conformance.protocol.messages import Outcome
from dicespec.identify.common import Counting, Stops
from fakes import fake_command

STOP = "stopped: its processes held 1.1 GiB, over the limit of 1 GiB of memory (--max-memory)"


def test_nothing_is_said_where_nothing_stopped() -> None:
    assert Stops([], errored=3, asked=10).lines() == []


def test_stops_whose_questions_errored_make_the_result_depend_on_them() -> None:
    assert Stops([STOP, "the implementation exited (exit status 1)"], errored=3, asked=10).lines() == [
        "the implementation stopped 2 times:",
        f"  {STOP}",
        "  the implementation exited (exit status 1)",
        "the result depends on them: 3 of 10 questions and replays errored, and the rules were found without their "
        "answers",
    ]


def test_a_stop_after_which_every_question_was_answered_changes_nothing() -> None:
    assert Stops([STOP], errored=0, asked=10).lines() == [
        "the implementation stopped once:",
        f"  {STOP}",
        "every question and replay was answered after them: the result does not depend on them",
    ]


class Transport:
    """Answers every question ``result`` but those about the dice ``66666``, which error; says it
    stopped once."""

    stops = (STOP,)
    hello = "its hello"

    def answer(self, args: dict[str, Any]) -> Outcome:
        return Outcome("errored", STOP) if args["dice"] == "66666" else Outcome("result", 0)

    def stream(self, requests: Any, expect: Any = None) -> Any:
        return ((request, self.answer(request[1])) for request in requests)

    def call(self, op: str, args: dict[str, Any]) -> Outcome:
        return self.answer(args)


def test_every_answer_streamed_or_called_is_counted() -> None:
    counting = Counting(Transport())
    asked = [("score", {"dice": dice}) for dice in ("12345", "66666", "11111")]
    assert [outcome.kind for _, outcome in counting.stream(asked)] == ["result", "errored", "result"]
    assert counting.call("replay", {"dice": "66666"}).kind == "errored"
    assert counting.hello == "its hello"  # the rest is the transport's
    assert counting.stops() == Stops([STOP], errored=2, asked=4)


@pytest.mark.slow  # the exhaustive corpus asked of an adapter stopped four times, each start seconds long
@pytest.mark.alone  # a memory bomb, bounded
def test_identify_names_each_stop_and_says_the_result_depends_on_them(capsys: pytest.CaptureFixture[str]) -> None:
    """The memory bomb under ``--max-memory 256M``: each question about its trigger roll stops it,
    twice (once among the questions in flight, once asked alone) and, after three restarts, it is
    given up; identify names each of the four stops with the limit and its option, and says its
    result depends on them."""
    status = main(
        ["identify", "--impl", fake_command("memory_bomb"), "--game", "kiriki", "--max-memory", "256M", "--no-conform"]
    )
    err = capsys.readouterr().err
    assert status == 0, err
    stop = r"  stopped: its processes held [0-9.]+ [MG]iB, over the limit of 256 MiB of memory \(--max-memory\)\n"
    assert re.search(
        rf"^the implementation stopped 4 times:\n(?:{stop}){{4}}the result depends on them: ", err, re.M
    ), err
