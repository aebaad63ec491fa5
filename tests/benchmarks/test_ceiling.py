"""The ceiling adapter (a table of answers): it answers the runner's requests from its table as
the reference would, requests written otherwise too, errors what it lacks; ``--record`` makes a
table of what the reference answers."""

from __future__ import annotations

import json
from functools import cache
from itertools import islice
from pathlib import Path

import pytest

from benchmarks import ceiling
from dicespec import corpus
from dicespec.conformance.run.report import Recorder
from dicespec.conformance.run.runner import Options, Target, conform
from dicespec.conformance.serving.adapter import reference_games
from dicespec.conformance.transports.stdio import StdioTransport


@cache
def cases() -> list[corpus.Case]:
    """Rolls of two games and checkpoints of two others (made by the first test that asks, not at
    collection)."""
    return [
        *islice(corpus.exhaustive({"yacht": ["yacht"], "greed": ["greed"]}), 0, None, 101),
        *islice(corpus.games({"kiriki": ["kiriki"], "ten-thousand": ["farkle"]}, count=2), 40),
    ]


def test_it_answers_from_its_table() -> None:
    server = ceiling.TableServer(ceiling.table_of_cases(cases()), reference_games())
    for number, case in enumerate(cases(), start=5):
        line = json.dumps({"id": number, "op": case.op, **case.args}, separators=(",", ":")).encode()
        assert json.loads(server.reply(line)) == {"id": number, "result": case.expected}
        backwards = json.dumps(dict(reversed([("id", number), ("op", case.op), *case.args.items()])))
        reply = json.loads(server.reply(backwards.encode()))
        assert reply == {"id": number, "result": case.expected}  # spaced, keys in another order: parsed
    hello = json.loads(server.reply(b'{"id":1,"op":"hello","protocol":1}'))
    assert hello["result"]["implementation"]["name"] == ceiling.NAME
    assert hello["result"]["games"] == reference_games()
    lacking = b'{"id":9,"op":"score","ruleset":"yacht","dice":"11111","row":"nothing"}'
    assert json.loads(server.reply(lacking)) == {"id": 9, "error": {"message": "not in the table"}}
    assert server.reply(b"not json") == b""


def test_the_runner_passes_every_case_against_it(tmp_path: Path) -> None:
    path = tmp_path / "t.table"
    ceiling.save(ceiling.table_of_cases(cases()), path)
    transport = StdioTransport([*ceiling.COMMAND, str(path)])
    with transport:
        assert transport.start() is not None
        found = list(transport.stream(cases()))
    assert [(case.id, outcome.kind, outcome.value) for case, outcome in found] == [
        (case.id, "result", case.expected) for case in cases()
    ]


@pytest.mark.slow  # two conform runs of the spec's features part (a pytest run each): 6 s
def test_recording_makes_the_table_of_the_references_answers(tmp_path: Path) -> None:
    path = tmp_path / "features.table"
    recorder = Recorder()
    command = (*ceiling.COMMAND, "--record", str(path))
    conform(Target(command=command), Options(parts=("features",), rulesets=("yacht",)), recorder)
    passed, failed, errored, skipped = recorder.totals("features")
    assert passed > 20 and failed == errored == 0
    table = ceiling.load(path)
    assert table[ceiling.request_key("score", {"ruleset": "yacht", "dice": "55555", "row": "yacht"})] == (
        b',"result":50}\n'
    )
    replayed = Recorder()
    conform(Target(command=(*ceiling.COMMAND, str(path))), Options(parts=("features",), rulesets=("yacht",)), replayed)
    assert replayed.totals("features") == [passed, 0, 0, skipped]
