"""How the adapters write: every request answered, in order, the replies of a batch written a few
dozen at a time (the runner checks some while the next are worked out)."""

from __future__ import annotations

import json
import os
from itertools import islice
from typing import Any

import pytest

from benchmarks import ceiling
from dicespec import corpus
from dicespec.conformance.protocol.messages import beyond_version_1
from dicespec.conformance.serving import adapter
from dicespec.conformance.serving.adapter import (
    REPLIES_A_WRITE,
    REPLY_DELAY,
    Server,
    reference_games,
    serve,
    serve_lines,
)
from dicespec.conformance.serving.quick_reference import QuickReference
from dicespec.rulesets import ruleset_names

CASES = list(islice(corpus.exhaustive({"yacht": ["yacht"]}), 300))


def requests() -> bytes:
    return b"".join(
        json.dumps({"id": number, "op": case.op, **case.args}).encode() + b"\n"
        for number, case in enumerate(CASES, start=1)
    )


def served(serving: Any, monkeypatch: pytest.MonkeyPatch) -> list[bytes]:
    """What ``serving(stdin, stdout)`` writes for the requests, write by write."""
    writes: list[bytes] = []
    write = os.write

    def recorded(fd: int, data: Any) -> int:
        writes.append(bytes(data))
        return write(fd, data)

    read_end, write_end = os.pipe()
    out_read, out_write = os.pipe()
    os.set_blocking(out_write, False)  # the pipe holds the replies (under 64 KiB): none is lost
    os.write(write_end, requests())
    os.close(write_end)
    monkeypatch.setattr(adapter.os, "write", recorded)
    serving(read_end, out_write)
    monkeypatch.undo()
    os.close(read_end)
    os.close(out_write)
    os.close(out_read)
    return writes


@pytest.mark.parametrize("name", ["reference", "ceiling"])
def test_replies_are_written_a_few_dozen_at_a_time(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    if name == "reference":
        server = Server(QuickReference(), games=reference_games())
        writes = served(lambda stdin, stdout: serve(server, stdin=stdin, stdout=stdout), monkeypatch)
    else:
        table = ceiling.TableServer(ceiling.table_of_cases(CASES), reference_games())
        writes = served(table.serve, monkeypatch)
    lines = [line for write in writes for line in write.splitlines()]
    assert [json.loads(line) for line in lines] == [
        {"id": number, "result": case.expected} for number, case in enumerate(CASES, start=1)
    ]
    assert max(write.count(b"\n") for write in writes) <= REPLIES_A_WRITE
    assert len(writes) >= len(CASES) // REPLIES_A_WRITE


def test_replies_slow_to_work_out_are_written_once_the_first_has_waited_its_delay(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Where each reply takes twice the delay to work out (a clock that moves that much at each
    reading), a block is written as its second reply is done: two replies a write, none held back
    for a block of 64, and every reply written, in order."""
    readings = iter(range(10**6))
    monkeypatch.setattr(adapter.time, "perf_counter", lambda: next(readings) * 2 * REPLY_DELAY)
    writes = served(
        lambda stdin, stdout: serve_lines(lambda line: line + b"\n", stdin=stdin, stdout=stdout), monkeypatch
    )
    assert [write.count(b"\n") for write in writes] == [2] * (len(CASES) // 2)
    assert b"".join(writes) == requests()


def test_at_protocol_1_the_reference_claims_only_what_protocol_1_can_tell() -> None:
    """Its hello in protocol 1 leaves out every ruleset with saved rolls or a score-sheet row that
    wins at once (protocol 1 has no saved_rolls, and no winners but the highest grand totals), and
    keeps every other, a set-aside instant win among them; in protocol 2 it claims them all."""
    server = Server(QuickReference(), games=reference_games(1), protocol=1)
    hello = server.answer({"id": 1, "op": "hello", "protocol": 1})["result"]
    claimed = {name for names in hello["games"].values() for name in names}
    assert hello["protocol"] == 1
    assert claimed == {name for name in ruleset_names() if beyond_version_1(name) is None}
    assert {"maxi-yatzy", "generala", "generala-first-roll-10"}.isdisjoint(claimed)
    assert "farkle-five-dice" in claimed
    assert {name for names in reference_games().values() for name in names} == set(ruleset_names())
