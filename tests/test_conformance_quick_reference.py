"""The reference adapter's replays resume the last one: every answer is the one a replay from the
start gives, whatever order the replays come in, refused actions and broken ones included."""

from __future__ import annotations

import random
from itertools import islice

import pytest

from dicespec.conformance import corpus
from dicespec.conformance.adapter import reference_games
from dicespec.conformance.quick_reference import QuickReference
from dicespec.implementation import ReferenceImplementation
from dicespec.replay import ActionSyntaxError

REPLAYS = [case for case in islice(corpus.games(reference_games(), count=3), 0, None)]


def test_the_corpus_in_order_gets_the_references_answers() -> None:
    """Checkpoints of one game after another, refused actions tried on the way (``42+``)."""
    resuming = QuickReference()
    assert any(case.id.endswith("+") for case in REPLAYS)
    assert any(case.expected["rejected"] for case in REPLAYS)
    for case in REPLAYS:
        assert getattr(resuming, case.op)(**case.args) == case.expected, case.id


def test_any_order_gets_the_references_answers() -> None:
    """Shuffled: shorter after longer, another game's, another ruleset's, fewer players."""
    resuming, reference = QuickReference(), ReferenceImplementation()
    cases = REPLAYS[:400]
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
    assert resuming.kiriki_replay("kiriki", 1, first)["rejected"] is None
    refused = resuming.kiriki_replay("kiriki", 1, [*first, "score chance", "score ones"])
    assert refused["rejected"] == {"at": 3, "code": "row-used"}
    assert refused == ReferenceImplementation().kiriki_replay("kiriki", 1, [*first, "score chance", "score ones"])
    assert resuming.kiriki_replay("kiriki", 1, [*first, "score kiriki"])["players"][0]["lines"]["kiriki"] == 50


def test_a_broken_action_fails_as_from_the_start_and_is_forgotten() -> None:
    resuming = QuickReference()
    actions = ["roll 111556", "set 1115"]
    expected = ReferenceImplementation().ten_thousand_replay("ten-thousand", 2, actions)
    assert resuming.ten_thousand_replay("ten-thousand", 2, actions) == expected
    with pytest.raises(ActionSyntaxError):
        resuming.ten_thousand_replay("ten-thousand", 2, [*actions, "jump"])
    assert resuming.ten_thousand_replay("ten-thousand", 2, actions) == expected


def test_arguments_of_other_types_are_replayed_from_the_start() -> None:
    """``players: true`` is refused by the set-aside engine as from the start, not taken for 1."""
    resuming = QuickReference()
    resuming.ten_thousand_replay("ten-thousand", 1, ["roll 111556"])
    with pytest.raises(Exception) as resumed:
        resuming.ten_thousand_replay("ten-thousand", True, ["roll 111556"])  # type: ignore[arg-type]
    with pytest.raises(Exception) as fresh:
        ReferenceImplementation().ten_thousand_replay("ten-thousand", True, ["roll 111556"])  # type: ignore[arg-type]
    assert (type(resumed.value), str(resumed.value)) == (type(fresh.value), str(fresh.value))
