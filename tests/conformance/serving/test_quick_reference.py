"""The reference adapter's replays resume the last one: every answer is the one a replay from the
start gives, whatever order the replays come in, refused actions and broken ones included."""

from __future__ import annotations

import json
import random
from functools import cache
from itertools import islice

import pytest

from dicespec import corpus
from dicespec.conformance.serving.adapter import reference_games
from dicespec.conformance.serving.quick_reference import QuickReference
from dicespec.implementation import ReferenceImplementation
from dicespec.replay import ActionSyntaxError


@cache
def replays() -> list[corpus.Case]:
    """Three games of every shipped ruleset, checkpoint by checkpoint (made by the first test that
    asks, not at collection)."""
    return list(islice(corpus.games(reference_games(), count=3), 0, None))


def test_the_corpus_in_order_gets_the_references_answers() -> None:
    """Checkpoints of one game after another, refused actions tried on the way (``42+``)."""
    resuming = QuickReference()
    assert any(case.id.endswith("+") for case in replays())
    assert any(case.expected["rejected"] for case in replays())
    for case in replays():
        assert getattr(resuming, case.op)(**case.args) == case.expected, case.id


@pytest.mark.slow
def test_any_order_gets_the_references_answers() -> None:
    """Shuffled: shorter after longer, another game's, another ruleset's, fewer players."""
    resuming, reference = QuickReference(), ReferenceImplementation()
    cases = replays()[:400]
    rng = random.Random(7)
    for _ in range(2):
        cases = rng.sample(cases, len(cases))
        for case in cases:
            assert getattr(resuming, case.op)(**case.args) == getattr(reference, case.op)(**case.args), case.id


def test_a_refusal_is_counted_from_the_start() -> None:
    """A refusal after shared actions names its index in the whole list, and the next replay
    that extends the shared part past it is refused there too."""
    resuming = QuickReference()
    first = ["roll 12345", "score chance", "roll 66666"]
    assert resuming.replay("kiriki", 1, first)["rejected"] is None
    refused = resuming.replay("kiriki", 1, [*first, "score chance", "score ones"])
    assert refused["rejected"] == {"at": 3, "code": "row-used"}
    assert refused == ReferenceImplementation().replay("kiriki", 1, [*first, "score chance", "score ones"])
    assert resuming.replay("kiriki", 1, [*first, "score kiriki"])["players"][0]["lines"]["kiriki"] == 50


def test_a_broken_action_fails_as_from_the_start_and_is_forgotten() -> None:
    resuming = QuickReference()
    actions = ["roll 111556", "set 1115"]
    expected = ReferenceImplementation().replay("ten-thousand", 2, actions)
    assert resuming.replay("ten-thousand", 2, actions) == expected
    for _ in range(2):  # an action that cannot be read is not kept: it raises every time
        with pytest.raises(ActionSyntaxError):
            resuming.replay("ten-thousand", 2, [*actions, "jump"])
    assert resuming.replay("ten-thousand", 2, actions) == expected


def test_arguments_of_other_types_are_replayed_from_the_start() -> None:
    """``players: true`` is refused by the set-aside engine as from the start, not taken for 1."""
    resuming = QuickReference()
    resuming.replay("ten-thousand", 1, ["roll 111556"])
    with pytest.raises(Exception) as resumed:
        resuming.replay("ten-thousand", True, ["roll 111556"])  # type: ignore[arg-type]
    with pytest.raises(Exception) as fresh:
        ReferenceImplementation().replay("ten-thousand", True, ["roll 111556"])  # type: ignore[arg-type]
    assert (type(resumed.value), str(resumed.value)) == (type(fresh.value), str(fresh.value))


@pytest.mark.parametrize(
    ("op", "args"),
    [
        ("score", {"ruleset": "kiriki", "dice": "6661", "row": "sixes"}),
        ("score", {"ruleset": "kiriki", "dice": "66617", "row": "sixes"}),
        ("score", {"ruleset": "kiriki", "dice": "66616", "row": "nothing"}),
        ("score", {"ruleset": "farkle", "dice": "66616", "row": "sixes"}),
        ("score", {"ruleset": "mahjong", "dice": "66616", "row": "sixes"}),
        ("score", {"ruleset": "kiriki", "dice": 66616, "row": "sixes"}),
        ("set_aside", {"ruleset": "farkle", "dice": "1117"}),
        ("set_aside", {"ruleset": "farkle", "dice": "1111111"}),
        ("best", {"ruleset": "greed", "dice": "x"}),
        ("best", {"ruleset": "kiriki", "dice": "15"}),
    ],
)
def test_what_the_reference_refuses_is_refused_alike(op: str, args: dict) -> None:
    """Twice each (the second time from what was kept): the reference's answer or its error."""
    quick, reference = QuickReference(), ReferenceImplementation()
    for _ in range(2):
        try:
            expected: object = getattr(reference, op)(**args)
        except Exception as exc:  # noqa: BLE001
            expected = (type(exc), str(exc))
        try:
            found: object = getattr(quick, op)(**args)
        except Exception as exc:  # noqa: BLE001
            found = (type(exc), str(exc))
        assert found == expected


@pytest.mark.parametrize(
    "line",
    [
        b'{"id":1,"op":"hello","protocol":1}',
        b' {"id":1} ',
        b'{"id":1}\r',
        b'{"id":1} {"id":2}',
        b'{"id":1,',
        '{"id":1,"x":"é"}'.encode(),
        '{"id":1,"x":"é"}'.encode("utf-16"),
        b"\xff",
        b"",
        b"[1, 2]",
        b"1e5",
    ],
)
def test_the_adapter_reads_a_line_as_json_loads_does(line: bytes) -> None:
    from dicespec.conformance.serving.adapter import _read

    def read(reader: object) -> object:
        try:
            return reader(line)  # type: ignore[operator]
        except ValueError as exc:
            return type(exc)

    assert read(_read) == read(json.loads)
