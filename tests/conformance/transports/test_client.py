"""Back to the interface (conformance/transports/client.py): an implementation reached through a
transport answers as an :class:`~dicespec.implementation.Implementation` does; a request that
breaks the protocol is the caller's bug, raised before it is sent; a skipped or refused request
raises ImplementationSkipped, a failed one ImplementationError; a ruleset renamed is asked under
its new name."""

from __future__ import annotations

import sys

import pytest

from dicespec.conformance.protocol.messages import ProtocolError
from dicespec.conformance.transports.client import (
    ImplementationError,
    ImplementationSkipped,
    ProtocolImplementation,
    SubprocessImplementation,
)
from dicespec.conformance.transports.in_process import InProcessTransport
from dicespec.implementation import ReferenceImplementation
from folders import FAKES

REFERENCE = ReferenceImplementation()


@pytest.mark.alone  # the implementation has two seconds to answer
def test_subprocess_implementation_is_an_implementation() -> None:
    """Behind the interface, a subprocess answers like the reference; a skipped request raises
    ImplementationSkipped and a broken one ImplementationError."""
    implementation = SubprocessImplementation([sys.executable, str(FAKES / "kiriki_only.py")], timeout=2.0)
    try:
        assert implementation.name == "kiriki-only"
        assert implementation.score("kiriki", "66616", "sixes") == 24
        actions = ["roll 12345", "score chance", "roll 11111", "score chance"]
        assert implementation.replay("kiriki", 1, actions) == REFERENCE.replay("kiriki", 1, actions)
        with pytest.raises(ImplementationSkipped):
            implementation.best("ten-thousand", "15")
        with pytest.raises(ImplementationError, match="DiceCountError"):
            implementation.score("kiriki", "6661", "sixes")
        with pytest.raises(ProtocolError, match="the request breaks the protocol: dice: '7' does not match"):
            implementation.best("ten-thousand", "7")
    finally:
        implementation.close()


def reference() -> ProtocolImplementation:
    """The reference behind the interface, through a transport that calls it in process, Kiriki
    and 10000's farkle its only rulesets."""
    implementation = ReferenceImplementation()
    implementation.rulesets = {"kiriki": ["kiriki"], "ten-thousand": ["farkle"]}  # type: ignore[attr-defined]
    return ProtocolImplementation(InProcessTransport(implementation))


def test_through_a_transport_it_answers_as_the_implementation_does() -> None:
    implementation = reference()
    assert implementation.name == "dicespec-reference" and implementation.hello is not None
    assert implementation.score("kiriki", "66616", "sixes") == 24
    assert implementation.best("farkle", "15") == 150
    assert implementation.set_aside("farkle", "1") == REFERENCE.set_aside("farkle", "1")
    actions = ["roll 12345", "score chance"]
    assert implementation.replay("kiriki", 1, actions) == REFERENCE.replay("kiriki", 1, actions)


def test_what_it_does_not_play_is_skipped_and_what_fails_is_an_error() -> None:
    implementation = reference()
    with pytest.raises(ImplementationSkipped, match="ruleset 'yacht' is not supported"):
        implementation.score("yacht", "12345", "choice")
    with pytest.raises(ImplementationError, match="UnknownRowError"):
        implementation.score("kiriki", "12345", "no_such_row")


def test_a_request_that_breaks_the_protocol_is_never_sent() -> None:
    implementation = reference()
    with pytest.raises(ProtocolError, match="the request breaks the protocol: dice: '7' does not match"):
        implementation.best("farkle", "7")


def test_a_renamed_ruleset_is_asked_under_its_new_name() -> None:
    implementation = reference()
    implementation.renamed["ten-thousand"] = "farkle"
    assert implementation.best("ten-thousand", "5") == 50
