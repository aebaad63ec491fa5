"""What every transport shares (conformance/transports/wire.py): the hello read from its result
(who throws each game's dice among it), what it plays, messages written on the wire by the
runner's own encoder exactly as by the general one, and a line clipped for a message."""

from __future__ import annotations

import itertools
from typing import Any

from dicespec.conformance.transports.wire import Hello, clip, dice_by_game, indent


def test_the_runners_own_encoder_writes_what_dumps_writes() -> None:
    """Requests and reference answers of every kind, and values with what JSON escapes."""
    import pytest

    from dicespec import corpus
    from dicespec.conformance.serving.adapter import reference_games
    from dicespec.conformance.transports.wire import dumps, dumps_own

    cases = [
        *corpus.games(reference_games(), count=1),
        *itertools.islice(corpus.exhaustive({"greed": ["greed"], "yacht": ["yacht"]}), 0, None, 53),
    ]
    values: list[Any] = [case.expected for case in cases] + [{"id": 7, "op": case.op, **case.args} for case in cases]
    values += ['é\n"\\', {"é": [1.5, -0.0, 1e300, True, None, [], {}]}, [{"a": "\u2028"}], 3, None, 2.5]
    for value in values:
        assert dumps_own(value) == dumps(value)
    with pytest.raises(TypeError, match="not JSON serializable"):
        dumps_own({"x": object()})


def test_a_hello_is_read_from_its_result() -> None:
    hello = Hello.from_result(
        {
            "implementation": {"name": "mine", "version": "2.0"},
            "protocol": 1,
            "games": {"yacht": ["yacht"], "greed": ["greed", "house-greed"]},
            "players": {"greed": [2, 3]},
            "dice": {"greed": "own"},
        }
    )
    assert (hello.name, hello.version, hello.language, hello.protocol) == ("mine", "2.0", None, 1)
    assert hello.games == {"yacht": ("yacht",), "greed": ("greed", "house-greed")}
    assert (hello.players, hello.rulesets) == ({"greed": (2, 3)}, ())
    assert hello.rolls_own_dice("greed") and not hello.rolls_own_dice("yacht")
    assert hello.supports("greed", "house-greed") and not hello.supports("yacht", "greed")
    assert not hello.supports("kiriki", "kiriki")


def test_a_hello_says_who_it_is_with_what_it_gives_of_its_version_and_language() -> None:
    assert Hello("mine", {}).describe() == "mine"
    assert Hello("mine", {}, version="2.0").describe() == "mine (2.0)"
    assert Hello("mine", {}, version="2.0", language="rust").describe() == "mine (2.0, rust)"


def test_who_throws_the_dice_is_one_word_for_every_game_or_one_per_game() -> None:
    assert dice_by_game(None, ["yacht", "greed"]) == {}
    assert dice_by_game("own", ["yacht", "greed"]) == {"yacht": "own", "greed": "own"}
    assert dice_by_game({"greed": "given"}, ["yacht", "greed"]) == {"greed": "given"}


def test_a_line_for_a_message_is_decoded_and_clipped() -> None:
    assert clip(b"caf\xc3\xa9 \xff") == "café \ufffd"
    assert clip("x" * 160) == "x" * 160
    assert clip("x" * 161) == "x" * 160 + "… (161 characters)"
    assert clip("abcdef", limit=3) == "abc… (6 characters)"
    assert indent("one\ntwo") == "    one\n    two"
