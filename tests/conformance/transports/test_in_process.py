"""A Python object as the implementation under test, called in process
(conformance/transports/in_process.py): the object found from ``package.module:name``, its hello
made of its attributes, and each call's outcome as the stdio transport gives it: a result checked
against the schema, an exception errored, NotImplementedError skipped, an undeclared ruleset
skipped."""

from __future__ import annotations

import sys
import traceback
from pathlib import Path
from typing import ClassVar

import pytest

from dicespec.conformance.transports.client import ProtocolImplementation
from dicespec.conformance.transports.in_process import InProcessTransport, load_object, with_protocol_2_names
from dicespec.conformance.transports.wire import PAUSE
from dicespec.implementation import CannotAsk, ReferenceImplementation
from fakes import TRIGGER, Ask, full_house_requests


class _Broken(ReferenceImplementation):
    name = "broken-in-process"
    rulesets: ClassVar[dict[str, list[str]]] = {"kiriki": ["kiriki"]}

    def score(self, ruleset: str, dice: str, row: str) -> int:
        if dice == TRIGGER:
            raise RuntimeError("no sixes here")
        if dice == "11111":
            return -1  # type: ignore[return-value]
        if dice == "22222":
            raise NotImplementedError("not twos either")
        return super().score(ruleset, dice, row)


def test_in_process_transport() -> None:
    """A Python object is called directly: an exception errors the case, NotImplementedError
    skips it, a result the schema refuses errors it, an undeclared ruleset is skipped."""
    transport = InProcessTransport(_Broken())
    found = {ask.args["dice"]: outcome for ask, outcome in transport.stream(full_house_requests(5))}
    assert found[TRIGGER].kind == "errored" and "RuntimeError: no sixes here" in found[TRIGGER].value
    assert found["11111"] == (
        "errored",
        "the result breaks the protocol: (the whole): -1 is less than the minimum of 0",
    )
    assert found["22222"] == ("skipped", "not twos either")
    assert sum(outcome.kind == "result" for outcome in found.values()) == 6**5 - 3
    assert transport.call("score", {"ruleset": "kiriki-fr", "dice": "12345", "row": "chance"}).kind == "skipped"
    implementation = ProtocolImplementation(transport)
    assert implementation.name == "broken-in-process"


class _Failing:
    name = "failing"
    rulesets: ClassVar[dict[str, list[str]]] = {"kiriki": ["kiriki"]}

    def score(self, ruleset: str, dice: str, row: str) -> int:
        if row == "chance":
            try:
                int(dice[0] + "x")
            except ValueError as exc:
                raise RuntimeError("chained") from exc
        raise RuntimeError(f"no {row}")


def test_a_failure_met_again_is_written_out_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same exception raised through the same lines again gives the same text, its traceback
    formatted once; another message, or an exception chained to another, is formatted for itself."""
    formatted: list[str] = []
    format_exc = traceback.format_exc

    def counted(limit: int | None = None) -> str:
        formatted.append("once")
        return format_exc(limit=limit)

    monkeypatch.setattr(traceback, "format_exc", counted)
    transport = InProcessTransport(_Failing())
    ask = {"ruleset": "kiriki", "dice": "12345"}
    first = transport.call("score", {**ask, "row": "ones"})
    assert first.kind == "errored" and "RuntimeError: no ones" in first.value and "Traceback" in first.value
    assert transport.call("score", {**ask, "dice": "66666", "row": "ones"}) == first
    assert len(formatted) == 1
    assert "RuntimeError: no twos" in transport.call("score", {**ask, "row": "twos"}).value
    chained = [transport.call("score", {**ask, "row": "chance"}) for _ in range(2)]
    assert "ValueError" in chained[0].value and chained[0] == chained[1]
    assert len(formatted) == 4


def test_load_object_instantiates_a_class_and_takes_an_instance_as_it_is() -> None:
    assert isinstance(load_object("dicespec.implementation:ReferenceImplementation"), ReferenceImplementation)
    assert InProcessTransport.from_spec("dicespec.implementation:ReferenceImplementation").hello is not None


def test_load_object_finds_a_module_of_the_current_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """As ``python -m`` would; an object that is not a class is taken as it is."""
    (tmp_path / "my_dice_impl.py").write_text("class Mine:\n    name = 'mine'\n\nMINE = Mine()\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", str(tmp_path))])
    monkeypatch.delitem(sys.modules, "my_dice_impl", raising=False)
    mine = load_object("my_dice_impl:Mine")
    assert type(mine).__name__ == "Mine" and mine.name == "mine"
    assert load_object("my_dice_impl:MINE") is sys.modules["my_dice_impl"].MINE


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("nowhere", "'nowhere': name an object as package.module:name"),
        ("nowhere:", "'nowhere:': name an object as package.module:name"),
        ("no_such_module_here:Thing", "'no_such_module_here:Thing': No module named 'no_such_module_here'"),
        (
            "dicespec.implementation:NoSuchThing",
            "'dicespec.implementation:NoSuchThing': module 'dicespec.implementation' has no attribute 'NoSuchThing'",
        ),
        (
            "dicespec.implementation:Reference-Implementation",
            "'dicespec.implementation:Reference-Implementation': invalid format",
        ),
    ],
)
def test_load_object_errors_are_one_line(spec: str, message: str) -> None:
    with pytest.raises(ValueError) as raised:
        load_object(spec)
    assert str(raised.value).startswith(message)
    assert "\n" not in str(raised.value)


class _Yacht(ReferenceImplementation):
    """Yacht alone, whose engine throws its own dice, and whose score has a few ways to go wrong."""

    name = "own-yacht"
    version = "0.1"
    dice = "own"
    rulesets: ClassVar[dict[str, list[str]]] = {"yacht": ["yacht"]}
    players: ClassVar[dict[str, list[int]]] = {"yacht": [1, 2]}

    def score(self, ruleset: str, dice: str, row: str) -> int:
        if dice == "11111":
            raise CannotAsk("its engine throws the dice")
        if dice == "22222":
            return {"points": {2}}  # type: ignore[return-value]
        return super().score(ruleset, dice, row)


def test_the_hello_is_made_of_the_object_s_attributes() -> None:
    hello = InProcessTransport(_Yacht()).start()
    assert hello is not None
    assert (hello.name, hello.version, hello.language) == ("own-yacht", "0.1", "python (in process)")
    assert (hello.games, hello.players, hello.dice) == ({"yacht": ("yacht",)}, {"yacht": (1, 2)}, {"yacht": "own"})


def test_what_cannot_be_asked_and_a_result_that_is_not_json_have_their_outcomes() -> None:
    transport = InProcessTransport(_Yacht())
    ask = {"ruleset": "yacht", "row": "choice"}
    assert transport.call("score", {**ask, "dice": "11111"}) == ("cannot", "its engine throws the dice")
    assert transport.call("score", {**ask, "dice": "22222"}) == (
        "errored",
        "the result is not JSON: Object of type set is not JSON serializable",
    )
    assert transport.call("score", {**ask, "dice": "12345"}) == ("result", 15)


def test_an_object_with_protocol_1_s_method_names_is_asked_by_protocol_2_s() -> None:
    class Old:
        name = "old"
        rulesets: ClassVar[dict[str, list[str]]] = {"kiriki": ["kiriki"], "ten-thousand": ["farkle"]}

        def kiriki_score(self, ruleset: str, dice: str, row: str) -> int:
            return ReferenceImplementation().score(ruleset, dice, row)

    assert with_protocol_2_names(reference := ReferenceImplementation()) is reference
    transport = InProcessTransport(Old())
    assert transport.call("score", {"ruleset": "kiriki", "dice": "66616", "row": "sixes"}) == ("result", 24)
    assert transport.call("best", {"ruleset": "farkle", "dice": "15"}) == (
        "skipped",
        "ten_thousand_best is not implemented",
    )


def test_a_pause_in_the_requests_is_passed_over() -> None:
    """Each request is answered as it is asked, so nothing is ever in flight: a PAUSE asks
    nothing and answers nothing."""
    transport = InProcessTransport(ReferenceImplementation())
    full_house = Ask("score", {"ruleset": "kiriki", "dice": "66655", "row": "full_house"})
    found = [(item, outcome.value) for item, outcome in transport.stream([PAUSE, full_house, PAUSE])]
    assert found == [(full_house, 25)]
