"""The quick checks of the protocol's schema say what jsonschema says: every definition compiles,
the reference's answers and the runner's requests pass, and on random and broken messages the
quick verdict, where it gives one, is jsonschema's."""

from __future__ import annotations

import copy
import random
from functools import cache
from itertools import islice
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicespec import corpus
from dicespec.conformance.protocol.messages import OPERATIONS, problem, quick_check, schema, validator
from dicespec.conformance.protocol.schema_check import Unsure, compiled
from dicespec.conformance.serving.adapter import reference_games
from dicespec.implementation import ReferenceImplementation
from own_dice_games import acts

DEFINITIONS = sorted(schema()["$defs"])


def verdicts(definition: str, value: Any) -> tuple[bool | None, bool]:
    """(the quick check's verdict, None when it is unsure; jsonschema's)."""
    try:
        quick: bool | None = quick_check(definition)(value)
    except Unsure:
        quick = None
    return quick, validator(definition).is_valid(value)


@cache
def examples() -> list[tuple[str, Any]]:
    """Valid messages of many definitions: requests, results and replies the corpus makes (worked
    out by the first test that asks, not at collection: every worker collects this module)."""
    reference = ReferenceImplementation()
    cases = [
        *islice(corpus.games(reference_games(), count=1), 0, None, 7),
        *islice(corpus.exhaustive({"ten-thousand": ["farkle"], "yacht": ["yacht"]}), 0, None, 997),
    ]
    found: list[tuple[str, Any]] = [
        ("hello_request", {"id": 0, "op": "hello", "protocol": 2, "protocols": [2, 1]}),
        (
            "hello_request",
            {"id": 0, "op": "hello", "protocol": 2, "protocols": [2], "rulesets": [{"name": "mine", "game": "yacht"}]},
        ),
        (
            "hello_result",
            {
                "protocol": 2,
                "implementation": {"name": "x"},
                "games": {"yahtzee": ["yahtzee-vanilla"]},
                "rulesets": [{"name": "yahtzee-vanilla", "extends": "yahtzee"}],
                "players": {"yahtzee": [1]},
            },
        ),
        ("skipped_reply", {"id": 5, "skipped": "it rolls by itself", "cannot_ask": True}),
        (
            "hello_result",
            {
                "protocol": 2,
                "implementation": {"name": "x", "version": "1"},
                "games": {"kiriki": ["kiriki", "kiriki-fr"], "greed": []},
            },
        ),
        ("error_reply", {"id": 4, "error": {"message": "boom", "detail": "trace"}}),
        ("skipped_reply", {"id": 5, "skipped": "no"}),
    ]
    for number, case in enumerate(cases):
        answer = getattr(reference, case.op)(**case.args)
        found += [
            (f"{case.op}_request", {"id": number, "op": case.op, **case.args}),
            ("request", {"id": number, "op": case.op, **case.args}),
            (f"{case.op}_result", answer),
            ("reply", {"id": number, "result": answer}),
        ]
    for number, act in enumerate(islice(acts({"yacht": ["yacht"], "greed": ["greed"]}), 0, None, 20)):
        found += [  # an engine that rolls its own dice: its moves, and what it answers
            ("act_request", {"id": number, "op": "act", **act.args}),
            ("request", {"id": number, "op": "act", **act.args}),
            ("act_result", act.answer),
            ("reply", {"id": number, "result": act.answer}),
        ]
    found.append(("hello_result", {"protocol": 2, "implementation": {"name": "x"}, "games": {}, "dice": "own"}))
    found.append(
        ("hello_result", {"protocol": 2, "implementation": {"name": "x"}, "games": {}, "dice": {"greed": "own"}})
    )
    return found


def test_every_definition_compiles() -> None:
    for definition in DEFINITIONS:
        compiled(schema(), definition)
    with pytest.raises(KeyError, match="no definition 'nothing'"):
        compiled(schema(), "nothing")


def test_an_unknown_keyword_is_refused() -> None:
    with pytest.raises(ValueError, match="does not know: 'maxLength'"):
        compiled({"$defs": {"name": {"type": "string", "maxLength": 3}}}, "name")


def test_valid_messages_pass_quickly() -> None:
    """Every example is valid, and the quick check says so without jsonschema's help."""
    assert {definition for definition, _ in examples()} >= {f"{op}_result" for op in OPERATIONS}
    for definition, value in examples():
        assert verdicts(definition, value) == (True, True), (definition, value)


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 10)
    | st.sampled_from([0.5, 2.0, -1.0])
    | st.sampled_from(
        [
            "",
            "x",
            "kiriki",
            "66616",
            "1237",
            "Chance",
            "a\n",
            "roll 12345",
            "score chance",
            "turn-start",
            "not-scoring",
            "bad-dice",
            "ones",
            "hello",
        ]
    ),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "id",
                    "op",
                    "result",
                    "points",
                    "rejected",
                    "at",
                    "code",
                    "players",
                    "lines",
                    "name",
                    "dice",
                    "ruleset",
                    "row",
                    "actions",
                    "extra",
                    "score",
                    "ones",
                ]
            ),
            inner,
            max_size=4,
        )
    ),
    max_leaves=12,
)


def paths(value: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a value: the keys and indexes leading to it."""
    found = [here]
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, (*here, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += paths(item, (*here, index))
    return found


def broken(value: Any, rng: random.Random, replacement: Any) -> Any:
    """A copy of ``value`` with one thing changed: a part replaced or emptied, a key added or dropped."""
    value = copy.deepcopy(value)
    path = rng.choice(paths(value))
    if not path:
        return replacement
    parent = value
    for step in path[:-1]:
        parent = parent[step]
    how = rng.random()
    if how < 0.15 and isinstance(parent, dict):
        del parent[path[-1]]
    elif how < 0.3 and isinstance(parent, dict):
        parent[f"{path[-1]}_extra"] = replacement
    elif how < 0.45 and isinstance(parent[path[-1]], int) and not isinstance(parent[path[-1]], bool):
        parent[path[-1]] = rng.choice([True, False, -1, float(parent[path[-1]]), str(parent[path[-1]])])
    elif how < 0.6 and type(parent[path[-1]]) in (list, str, dict):
        parent[path[-1]] = type(parent[path[-1]])()  # empty
    else:
        parent[path[-1]] = replacement
    return value


@pytest.mark.slow
@settings(max_examples=600, deadline=None)
@given(data=st.data(), seed=st.integers(0, 2**32), replacement=json_values)
def test_broken_messages_get_jsonschemas_verdict(data: st.DataObject, seed: int, replacement: Any) -> None:
    definition, value = data.draw(st.sampled_from(examples()), label="example")
    quick, slow = verdicts(definition, broken(value, random.Random(seed), replacement))
    assert quick is None or quick == slow


@settings(max_examples=400, deadline=None)
@given(definition=st.sampled_from(DEFINITIONS), value=json_values)
def test_random_values_get_jsonschemas_verdict(definition: str, value: Any) -> None:
    quick, slow = verdicts(definition, value)
    assert quick is None or quick == slow


@pytest.mark.parametrize(
    ("definition", "value"),
    [
        ("count", 2.0),
        ("count", -0.5),
        ("score_result", 3.0),
        ("sheet_line", 1.5),
        ("points", object()),
        ("hello_result", {"protocol": 2.0, "implementation": {"name": "x"}, "games": {}}),
    ],
)
def test_what_json_does_not_parse_into_is_left_to_jsonschema(definition: str, value: Any) -> None:
    """Floats (``2.0`` is an integer to JSON Schema) and other Python types: the quick check is
    unsure, and problem() gives jsonschema's verdict."""
    with pytest.raises(Unsure):
        quick_check(definition)(value)
    assert (problem(definition, value) is None) == validator(definition).is_valid(value)


def test_true_is_not_one() -> None:
    """JSON's true is no integer, nor the 1 of a const."""
    assert quick_check("count")(True) is False
    hello = {"id": 1, "op": "hello", "protocol": True, "protocols": [2]}
    assert quick_check("hello_request")(hello) is False
    assert jsonschema.Draft202012Validator(schema()).is_valid(hello) is False


def test_one_of_means_exactly_one() -> None:
    """A value two branches of a oneOf take is not valid, as jsonschema says."""
    root = {"$defs": {"x": {"oneOf": [{"type": "integer"}, {"minimum": 0}]}}}
    check, slow = compiled(root, "x"), jsonschema.Draft202012Validator({**root, "$ref": "#/$defs/x"})
    for value in (5, -1, "a", None):
        assert check(value) == slow.is_valid(value), value
    assert check(5) is False and check(-1) is True
