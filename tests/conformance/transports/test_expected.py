"""The transport's quick way with expected replies: a reply line that is exactly the expected
result is taken unparsed, and every other line gets the outcome it gets without expectations
(the same outcomes, case by case, whatever the adapter writes)."""

from __future__ import annotations

import sys
from typing import Any, NamedTuple

from dicespec.conformance.transports.stdio import StdioTransport, expected_reply

# An adapter that writes the reply to each request in the form the request's row names.
ADAPTER = r"""
import json, sys
FORMS = {
    "exact": '{{"id":{id},"result":{value}}}',
    "spaced": '{{"id": {id}, "result": {value}}}',
    "keys-swapped": '{{"result":{value},"id":{id}}}',
    "float": '{{"id":{id},"result":{value}.0}}',
    "true": '{{"id":{id},"result":true}}',
    "string": '{{"id":{id},"result":"{value}"}}',
    "other": '{{"id":{id},"result":{other}}}',
    "dict": '{{"id":{id},"result":{{"points":{value}}}}}',
    "extra": '{{"id":{id},"result":{value},"x":1}}',
    "error": '{{"id":{id},"error":{{"message":"no"}}}}',
}
for line in sys.stdin:
    request = json.loads(line)
    if request["op"] == "hello":
        print(json.dumps({"id": request["id"], "result": {"protocol": 1, "implementation": {"name": "forms"},
                                                          "games": {"kiriki": ["kiriki"]}}}), flush=True)
        continue
    value = int(request["dice"][0])
    print(FORMS[request["row"]].format(id=request["id"], value=value, other=value + 1), flush=True)
"""

FORMS = ["exact", "spaced", "keys-swapped", "float", "true", "string", "other", "dict", "extra", "error"]


class Ask(NamedTuple):
    op: str
    args: dict[str, Any]
    expected: Any


def asks() -> list[Ask]:
    return [
        Ask("score", {"ruleset": "kiriki", "dice": f"{value}1111", "row": form}, value)
        for form in FORMS
        for value in (1, 3)
    ]


def stream(expect: bool) -> list[tuple[str, Any]]:
    transport = StdioTransport([sys.executable, "-c", ADAPTER], timeout=5.0)
    with transport:
        quick = (lambda ask: (ask.expected, expected_reply(ask.expected))) if expect else None
        return [(ask.args["row"], tuple(outcome)) for ask, outcome in transport.stream(asks(), expect=quick)]


def test_expected_replies_get_the_outcomes_a_full_reading_gives() -> None:
    plain, quick = stream(expect=False), stream(expect=True)
    assert quick == plain
    kinds = {row: kind for row, (kind, _) in plain}
    assert kinds == {
        "exact": "result",
        "spaced": "result",
        "keys-swapped": "result",
        "float": "result",
        "true": "errored",
        "string": "errored",
        "other": "result",
        "dict": "errored",
        "extra": "errored",
        "error": "errored",
    }
    assert ("float", ("result", 1.0)) in quick  # 1.0 is read as it is: not taken for the expected 1


def test_the_expected_text_is_the_references() -> None:
    assert expected_reply(24) == b"24"
    assert expected_reply({"points": 1050}) == b'{"points":1050}'
    assert expected_reply({"rejected": "not-scoring", "é": None}) == '{"rejected":"not-scoring","é":null}'.encode()
    assert expected_reply(True) == b"true"
