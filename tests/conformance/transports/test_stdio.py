"""The stdio transport against implementations that break on purpose (tests/conformance_fakes/):
each misbehaviour becomes ``errored`` for exactly the requests it touches, never a hang or a
crash of the runner; the rest of the requests get their answers, and a run's report says what
the implementation did."""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator

import pytest

from dicespec.conformance.transports.stdio import StdioTransport
from dicespec.conformance.transports.wire import PAUSE
from dicespec.implementation import ReferenceImplementation
from fakes import (
    TRIGGER,
    Ask,
    assert_only_trigger_errored,
    fake_command,
    full_house_requests,
    in_process,
    outcomes,
    totals,
)
from fakes import fake_transport as fake

# A test that gives an implementation half a second to answer and counts exactly what timed out,
# or bounds its own wall time, runs with no other test alongside (tests/alone.py); the others give
# it ten seconds (fakes.fake_transport), which no neighbour's load comes near.
ALONE = pytest.mark.alone

REFERENCE = ReferenceImplementation()


def test_reference_adapter_answers_every_request() -> None:
    """The reference adapter answers all 7,776 full house requests, each like the reference."""
    transport = StdioTransport([sys.executable, "-m", "dicespec.adapter"])
    found = outcomes(transport, dice=5)
    assert len(found) == 6**5
    assert {outcome.kind for outcome in found.values()} == {"result"}
    assert all(outcome.value == REFERENCE.score("kiriki", dice, "full_house") for dice, outcome in found.items())
    assert transport.hello is not None and transport.hello.name == "dicespec-reference"
    assert transport.restarts == 0 and transport.events == []


@pytest.mark.slow
@ALONE
def test_a_hang_is_a_timeout_of_that_request_only() -> None:
    """A request that never gets a reply errors after the timeout; the process is restarted and
    every other request is answered."""
    transport = fake("hangs", timeout=0.5)
    started = time.monotonic()
    found = outcomes(transport)
    assert_only_trigger_errored(found, says="no reply within 0.5 s")
    assert time.monotonic() - started < 15
    assert transport.restarts == 2  # once with the window in flight, once when sent alone


def test_a_reply_that_is_not_json() -> None:
    """A reply line that is not JSON errors its request, quoting it; the stream goes on."""
    transport = fake("not_json")
    assert_only_trigger_errored(outcomes(transport), says="the reply is not JSON: 66666? no idea")
    assert transport.restarts == 0


def test_a_reply_with_the_wrong_id() -> None:
    """A reply whose id is no request's errors the request it stands in for."""
    assert_only_trigger_errored(outcomes(fake("wrong_id")), says="a reply with the wrong id")


def test_a_result_of_the_wrong_shape() -> None:
    """A result the schema refuses (text for a score) errors its request, saying why."""
    assert_only_trigger_errored(
        outcomes(fake("bad_shape")),
        says="the result breaks the protocol: (the whole): 'twenty-five' is not of type 'integer'",
    )


def test_an_error_reply() -> None:
    """An error reply errors its request with the implementation's message."""
    assert_only_trigger_errored(outcomes(fake("error_reply")), says="the implementation failed: five sixes: no idea")


def test_a_crash_errors_the_request_that_causes_it() -> None:
    """A process that exits on one request: the requests in flight are sent again one at a time,
    so only the one that crashes it again is errored, with its exit status and stderr."""
    transport = fake("crashes")
    found = outcomes(transport)
    assert_only_trigger_errored(found, says="the implementation exited (exit status 3)")
    assert "fatal: five sixes" in found[TRIGGER].value
    assert transport.restarts == 2


@ALONE
def test_a_process_that_keeps_dying_is_given_up_after_its_restarts() -> None:
    """A process that exits after 1,000 requests each time is restarted ``max_restarts`` times;
    then every request left is errored at once, saying so."""
    transport = fake("dies_midway", max_restarts=2)
    started = time.monotonic()
    found = outcomes(transport, dice=5)
    kinds = [outcome.kind for outcome in found.values()]
    assert len(found) == 6**5 and 1000 < kinds.count("result") < 3000
    errored = [outcome.value for outcome in found.values() if outcome.kind == "errored"]
    assert errored and all(value.startswith("not run: gave up after 2 restarts") for value in errored)
    assert transport.restarts == 2 and transport.failure is not None
    assert time.monotonic() - started < 15


def test_a_flood_on_stdout_is_a_reply_too_long() -> None:
    """Megabytes of output without an end of line error the request, and never fill the memory."""
    transport = fake("floods_stdout", max_line=1 << 18)
    assert_only_trigger_errored(outcomes(transport), says="a reply longer than 262144 bytes")


def test_a_flood_on_stderr_is_drained_and_its_tail_kept() -> None:
    """Stderr is read as it comes (the child never blocks on it) and only its tail is kept."""
    transport = fake("floods_stderr", stderr_tail=4096)
    with transport:
        found = {ask.args["dice"]: outcome for ask, outcome in transport.stream(full_house_requests(5))}
        child = transport._child
        assert child is not None and len(child.tail) <= 2 * 4096
        tail = child.stderr_text()
        assert tail and set(tail) <= set("debug: .\n")
    assert {outcome.kind for outcome in found.values()} == {"result"}


@pytest.mark.slow
@ALONE
def test_no_hello_errors_everything_within_the_timeouts() -> None:
    """A process that never answers hello is restarted, then given up: every request is errored,
    in a time bounded by the hello timeout and the restarts."""
    transport = fake("no_hello", hello_timeout=0.5, max_restarts=1)
    started = time.monotonic()
    found = outcomes(transport)
    assert time.monotonic() - started < 5
    assert {outcome.kind for outcome in found.values()} == {"errored"}
    assert next(iter(found.values())).value == "not run: gave up after 1 restarts; last: no reply to hello within 0.5 s"
    assert transport.hello is None


def test_a_command_that_does_not_exist() -> None:
    """A command that cannot be started errors every request at once, naming the command."""
    transport = StdioTransport(["/nonexistent/dicespec-adapter"])
    assert transport.start() is None
    assert transport.call("score", {"ruleset": "kiriki", "dice": "12345", "row": "chance"}).value.startswith(
        "not run: cannot start /nonexistent/dicespec-adapter"
    )


def test_skipped_replies() -> None:
    """A ``skipped`` reply is a skipped outcome: an operation the implementation does not do, or
    a ruleset it does not declare."""
    with fake("kiriki_only") as transport:
        best = transport.call("best", {"ruleset": "ten-thousand", "dice": "15"})
        other = transport.call("score", {"ruleset": "kiriki-fr", "dice": "12345", "row": "chance"})
        ok = transport.call("score", {"ruleset": "kiriki", "dice": "12345", "row": "chance"})
    assert best == ("skipped", "no 10000 here")
    assert other == ("skipped", "ruleset 'kiriki-fr' is not supported")
    assert ok == ("result", 15)


@pytest.mark.slow
@ALONE
def test_a_hanging_implementation_errors_and_the_run_says_why(capsys: pytest.CaptureFixture[str]) -> None:
    """A case the implementation never answers is errored (exit status 1) and the report says
    what the implementation did."""
    status, out = in_process(
        capsys,
        "--impl",
        fake_command("hangs"),
        "--part",
        "exhaustive",
        "--ruleset",
        "kiriki",
        "--select",
        "kiriki/score/kiriki/6666*/chance",
        "--timeout",
        "0.5",
    )
    assert status == 1
    assert totals(out) == (5, 0, 1, 0)
    assert "First cases errored: kiriki score\n  kiriki/score/kiriki/66666/chance\n      no reply within 0.5 s" in out
    assert "The implementation misbehaved:\n  no reply within 0.5 s" in out


def test_a_paused_source_is_asked_again_once_a_reply_has_come() -> None:
    """A source that yields PAUSE sends nothing more until what is in flight is answered: the
    second request is written only after the first's reply was handed out; a pause with nothing in
    flight is the source's mistake, said at once rather than waited on forever."""
    transport = StdioTransport([sys.executable, "-m", "dicespec.adapter"])
    first, second = (
        Ask("score", {"ruleset": "kiriki", "dice": dice, "row": "full_house"}) for dice in ("66655", "12345")
    )
    answered: list[Ask] = []
    pauses = 0

    def requests() -> Iterator[Ask]:
        nonlocal pauses
        yield first
        while not answered:
            pauses += 1
            yield PAUSE
        yield second

    found = []
    for item, outcome in transport.stream(requests()):
        answered.append(item)
        found.append((item, outcome.value))
    assert found == [(first, 25), (second, 0)]
    assert pauses >= 1
    with pytest.raises(RuntimeError, match="paused with none in flight"):
        list(transport.stream(iter([PAUSE])))
    transport.close()
