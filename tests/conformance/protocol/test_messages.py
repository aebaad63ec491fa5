"""The conformance protocol: its schema mirrors the interface and the engines' vocabulary, the
reference adapter speaks it, and docs/protocol.md's worked exchange is what the adapter says."""

from __future__ import annotations

import inspect
import json
import re
import subprocess
import sys
from itertools import islice

import jsonschema
import pytest

import dicespec
from corpus_parts import ten_thousand_bests, ten_thousand_set_asides
from dicespec import corpus
from dicespec.conformance.protocol.messages import (
    OPERATIONS,
    PROTOCOL_VERSION,
    V1_NAMES,
    VERSIONS,
    Outcome,
    ProtocolError,
    VersionError,
    arguments,
    beyond_version_1,
    family_of,
    problem,
    read_hello,
    read_reply,
    result_definition,
    schema,
)
from dicespec.conformance.serving.adapter import Server, reference_games
from dicespec.implementation import Implementation, ReferenceImplementation, RollsOwnDice
from dicespec.rulesets import declare_document, find_ruleset, forget_declared, ruleset_names
from folders import REPO
from own_dice_games import acts
from sheet_rows import Row

DOCS = REPO / "docs" / "protocol.md"


def codes(base: type) -> set[str]:
    """The codes of every error class below ``base``."""
    found = set()
    for cls in base.__subclasses__():
        found.add(cls.code)
        found |= codes(cls)
    return found


@pytest.mark.parametrize("version", VERSIONS)
def test_the_schema_is_a_valid_json_schema(version: int) -> None:
    """protocol-1.json and protocol-2.json are valid draft 2020-12 schemas, each of its version."""
    jsonschema.Draft202012Validator.check_schema(schema(version))
    assert schema(version)["$id"].endswith(f":{version}")
    assert schema()["$id"].endswith(f":{PROTOCOL_VERSION}")


def test_protocol_1_names_every_operation_of_each_family() -> None:
    """Each operation of each family has its protocol 1 name, which protocol 1's schema takes."""
    from dicespec.implementation import OPERATIONS as BY_FAMILY

    assert set(V1_NAMES) == {(op, family) for family, ops in BY_FAMILY.items() for op in ops}
    for name in V1_NAMES.values():
        assert {f"{name}_request", f"{name}_result"} <= set(schema(1)["$defs"])


def test_operations_mirror_the_interface() -> None:
    """Each operation is a method of the interface, or of an implementation that rolls its own dice,
    its arguments that method's parameters, and each request in the schema takes exactly those."""
    methods = {
        name
        for interface in (Implementation, RollsOwnDice)
        for name, _ in inspect.getmembers(interface, inspect.isfunction)
        if not name.startswith("_")
    }
    assert set(OPERATIONS) == methods
    for op, params in OPERATIONS.items():
        request = schema()["$defs"][f"{op}_request"]
        assert set(request["properties"]) == {"id", "op", *params}
        assert set(request["required"]) == {"id", "op", *params}
        assert f"{op}_result" in schema()["$defs"]


def test_the_schema_uses_the_engines_vocabulary() -> None:
    """Row ids, sheet lines and rejection codes in the schema are exactly the engines' own: every
    shipped score-sheet ruleset's rows and lines are ids the schema takes, and its totals are the
    lines every sheet has."""
    from dicespec.scoresheet.errors import SheetActionError
    from dicespec.scoresheet.ruleset import SheetRuleset
    from dicespec.setaside.errors import ActionError, SetAsideError

    for version, row, sheet_replay, set_aside_replay in (
        (2, "row", "score_sheet_replay_result", "set_aside_replay_result"),
        (1, "kiriki_row", "kiriki_replay_result", "ten_thousand_replay_result"),
    ):
        defs = schema(version)["$defs"]
        row_id = re.compile(defs[row]["pattern"])
        player = defs[sheet_replay]["properties"]["players"]["items"]
        lines = player["properties"]["lines"]
        line_id = re.compile(lines["propertyNames"]["pattern"])
        sheets = [ruleset for name in ruleset_names() if isinstance(ruleset := find_ruleset(name), SheetRuleset)]
        assert [row for sheet in sheets for row in sheet.row_ids if not row_id.fullmatch(row)] == []
        assert [line for sheet in sheets for line in sheet.lines if not line_id.fullmatch(line)] == []
        assert all(set(lines["required"]) <= set(sheet.lines) for sheet in sheets)
        assert [str(row) for row in Row] == list(find_ruleset("kiriki").row_ids)  # Kiriki's rows, as the docs list them
        sheet_codes = defs[sheet_replay]["properties"]["rejected"]["anyOf"][1]["properties"]["code"]["enum"]
        assert set(sheet_codes) == codes(SheetActionError)
        assert set(defs["set_aside_rejection"]["enum"]) == codes(SetAsideError)
        rejected = defs[set_aside_replay]["properties"]["rejected"]["anyOf"][1]["properties"]["code"]
        assert set(rejected["anyOf"][0]["enum"]) == codes(ActionError)


def test_every_kind_of_corpus_request_is_valid() -> None:
    """The runner's requests, of every kind the corpus makes, are valid requests."""
    rulesets = reference_games()
    samples = [
        *islice(corpus.exhaustive({"kiriki": ["kiriki"]}), 50),
        *islice(ten_thousand_bests("farkle"), 50),
        *islice(ten_thousand_set_asides("farkle"), 50),
        *islice(corpus.games(rulesets, count=1), 200),
    ]
    moves = [act.args for act in acts({"yahtzee": ["yahtzee"], "greed": ["greed"]})]  # an engine rolling its own dice
    assert {case.op for case in samples} | {"act"} == set(OPERATIONS)
    for number, case in enumerate(samples):
        assert problem("request", {"id": number, "op": case.op, **case.args}) is None, case.id
    for number, args in enumerate(moves):
        assert problem("request", {"id": number, "op": "act", **args}) is None, args


def test_reference_answers_are_valid_results() -> None:
    """The reference's answers to the corpus's requests are valid results of their operations."""
    reference = ReferenceImplementation()
    for case in islice(corpus.games(reference_games(), count=1), 200):
        assert problem(f"{case.op}_result", getattr(reference, case.op)(**case.args)) is None, case.id
    for act in acts({"kiriki": ["kiriki"], "ten-thousand": ["farkle"]}):
        assert problem(result_definition(2, "act", family_of(act.game.ruleset)), act.answer) is None, act.args


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ({"id": 3, "result": 25}, Outcome("result", 25)),
        ({"id": 3, "skipped": "no"}, Outcome("skipped", "no")),
        ({"id": 3, "error": {"message": "boom"}}, Outcome("errored", "the implementation failed: boom")),
        (
            {"id": 3, "error": {"message": "boom", "detail": "line 1"}},
            Outcome("errored", "the implementation failed: boom\nline 1"),
        ),
        (
            {"id": 3, "result": True},
            Outcome("errored", "the result breaks the protocol: (the whole): True is not of type 'integer'"),
        ),
        (
            {"id": 3, "result": 25, "extra": 1},
            Outcome(
                "errored",
                "the reply breaks the protocol: (the whole): "
                "Additional properties are not allowed ('extra' was unexpected)",
            ),
        ),
        (
            {"id": 3, "skipped": None},
            Outcome("errored", "the reply breaks the protocol: skipped: None is not of type 'string'"),
        ),
        (
            {"id": 3},
            Outcome(
                "errored",
                "the reply breaks the protocol: (the whole): {'id': 3} is not valid under any of the given schemas",
            ),
        ),
    ],
)
def test_read_reply(message: dict, expected: Outcome) -> None:
    """A reply is a result, skipped or an error; anything else is errored, saying why."""
    assert read_reply("score", message) == expected


def test_a_replay_result_of_the_wrong_shape_names_the_place() -> None:
    """A broken replay result is errored with the path of what is wrong in it."""
    result = ReferenceImplementation().replay("kiriki", 1, ["roll 12345", "score chance"])
    result["players"][0]["lines"]["chance"] = "15"
    outcome = read_reply("replay", {"id": 1, "result": result})
    assert outcome == (
        "errored",
        "the result breaks the protocol: players[0].lines.chance: '15' is not of type 'integer', 'null'",
    )


def test_hello_must_speak_a_protocol_offered() -> None:
    """A hello result in a version offered is read by that version's schema; one in a version not
    offered, or without a name, is refused."""
    good = {"protocol": 2, "implementation": {"name": "x"}, "games": {"kiriki": ["kiriki"]}}
    assert read_hello({"id": 0, "result": good}) == good
    assert read_hello({"id": 0, "result": {**good, "protocol": 1}}) == {**good, "protocol": 1}
    with pytest.raises(VersionError, match=r"it answers protocol 3, which was not offered \(2, 1\)"):
        read_hello({"id": 0, "result": {**good, "protocol": 3}})
    with pytest.raises(VersionError, match=r"it answers protocol 1, which was not offered \(2\)"):
        read_hello({"id": 0, "result": {**good, "protocol": 1}}, offered=(2,))
    with pytest.raises(ProtocolError, match="'name' is a required property"):
        read_hello({"id": 0, "result": {**good, "implementation": {}}})
    with pytest.raises(ProtocolError, match="Additional properties are not allowed \\('players'"):
        read_hello({"id": 0, "result": {**good, "protocol": 1, "players": {"kiriki": [1]}}})


def test_what_protocol_1_cannot_tell_is_decided_by_the_rules() -> None:
    """Saved rolls, and a score-sheet row that wins at once, are beyond protocol 1 whatever the
    ruleset is called; a set-aside instant win is not (its replay answer has winners)."""
    assert beyond_version_1("maxi-yatzy") == "its rolls are saved for later turns, and protocol 1 has no saved_rolls"
    assert beyond_version_1("generala") == (
        "generala on a turn's first roll wins at once, and protocol 1 has no winners but the highest grand totals"
    )
    assert beyond_version_1("farkle-five-dice") is None  # an instant win, told by winners
    assert beyond_version_1("yahtzee") is beyond_version_1("kiriki") is None
    try:
        declare_document({"name": "yahtzee-saving", "extends": "yahtzee", "saved_rolls": True}, "a test")
        declare_document(
            {"name": "yacht-served", "extends": "yacht", "rows": {"yacht": {"first_roll": {"wins": True}}}}, "a test"
        )
        declare_document(
            {"name": "generala-tame", "extends": "generala", "rows": {"generala": {"first_roll": {"wins": False}}}},
            "a test",
        )
        assert beyond_version_1("yahtzee-saving") is not None
        assert beyond_version_1("yacht-served") is not None
        assert beyond_version_1("generala-tame") is None
    finally:
        forget_declared()


def test_requests_are_checked() -> None:
    """A request with a key its operation does not take is not valid."""
    assert arguments({"id": 1, "op": "best", "ruleset": "farkle", "dice": "15"}) == (
        "best",
        {"ruleset": "farkle", "dice": "15"},
    )
    with pytest.raises(
        ProtocolError, match=r"not a valid request: \(the whole\): Additional properties are not allowed \('row'"
    ):
        arguments({"id": 1, "op": "best", "ruleset": "farkle", "dice": "15", "row": "chance"})


def test_the_adapter_answers_bad_requests_with_errors() -> None:
    """Unknown operations, wrong arguments, another protocol version, an undeclared ruleset: each
    is answered (an error or skipped), never a crash."""
    server = Server(ReferenceImplementation(), games=reference_games())
    assert server.answer({"id": 1, "op": "yahtzee"}) == {"id": 1, "error": {"message": "unknown op 'yahtzee'"}}
    assert server.answer({"id": 2, "op": "score", "ruleset": "kiriki"}) == {
        "id": 2,
        "error": {"message": "score takes ruleset, dice, row; got ruleset"},
    }
    assert server.answer({"id": 3, "op": "hello", "protocol": 3, "protocols": [3]}) == {
        "id": 3,
        "error": {"message": "protocol 3 is not spoken here (only 2)"},
    }
    assert server.answer({"id": 4, "op": "best", "ruleset": "kiriki", "dice": "5"}) == {
        "id": 4,
        "skipped": "ruleset 'kiriki' is not supported",
    }
    with pytest.raises(ProtocolError):
        server.answer({"op": "hello", "protocol": 1})


def exchange() -> list[tuple[str, str]]:
    """The worked exchange of docs/protocol.md: (request, reply) lines."""
    text = DOCS.read_text(encoding="utf-8").split("<!-- exchange -->", 1)[1]
    block = re.search(r"```text\n(.*?)```", text, re.S)
    assert block is not None
    lines = block.group(1).splitlines()
    requests = [line[2:] for line in lines if line.startswith("→ ")]
    replies = [line[2:] for line in lines if line.startswith("← ")]
    assert len(requests) == len(replies) == len(lines) // 2
    return list(zip(requests, replies, strict=True))


def test_the_documented_exchange_is_what_the_adapter_says() -> None:
    """``python -m dicespec.adapter --validate`` answers the documented requests with the
    documented replies (the version aside), in one run: a new ruleset shows in the page too."""
    pairs = exchange()
    done = subprocess.run(
        [sys.executable, "-m", "dicespec.adapter", "--validate"],
        input="\n".join(request for request, _ in pairs) + "\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    replies = [json.loads(line) for line in done.stdout.splitlines()]
    documented = [json.loads(reply) for _, reply in pairs]
    documented[0]["result"]["implementation"]["version"] = dicespec.__version__
    games, shown = replies[0]["result"]["games"], documented[0]["result"]["games"]
    assert games == shown, (
        f"docs/protocol.md's hello shows the games {shown}, the adapter declares {games}: copy its reply "
        "into the worked exchange there and in docs/fr, docs/de and docs/pl/protocol.md"
    )
    assert replies == documented
    assert done.stderr == ""
    for (request, _), reply in zip(pairs, replies, strict=True):
        assert problem("request", json.loads(request)) is None
        assert problem("reply", reply) is None
