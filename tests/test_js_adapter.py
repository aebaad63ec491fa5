"""The JavaScript implementation (examples/adapters/js/): an independent implementation of both
games, written from the protocol, passes the whole suite through the stdio protocol.

It runs when node is installed, and must run under CI (CI=true). The cases: every scenario of
the spec under every ruleset it runs under, the whole exhaustive corpus of every ruleset, and
the first 40 seeded replayed games of each ruleset (``make conformance`` plays all 250; this
test checks the same games' first part, in well under a minute)."""

from __future__ import annotations

import os
import shutil

import pytest

from dicespec.conformance import comparison
from dicespec.conformance.report import Recorder
from dicespec.conformance.runner import Options, Target, conform

COMMAND = "node examples/adapters/js/dicespec-adapter.mjs"
GAMES = 40


@pytest.fixture(scope="module")
def node() -> None:
    if shutil.which("node") is None:
        if os.environ.get("CI") == "true":
            pytest.fail("node is not installed, and CI must run the JavaScript adapter")
        pytest.skip("node is not installed")


@pytest.mark.slow
@pytest.mark.usefixtures("node")
def test_the_javascript_implementation_passes_everything() -> None:
    """Features, exhaustive corpus and replayed games: every case passes, none is skipped, and
    the exhaustive counts are those the comparison table shows."""
    recorder = Recorder(show=3)
    run = conform(Target.from_command_line(COMMAND), Options(games=GAMES), recorder)
    assert run.hello is not None and run.hello.name == "dicespec-js"
    passed, failed, errored, skipped = recorder.totals()
    assert (failed, errored, skipped) == (0, 0, 0), "\n".join(
        line for examples in recorder.examples.values() for e in examples for line in (e.id, str(e.message)))
    assert passed > 400_000
    kept = comparison.read(next(e for e in comparison.entries() if e.id == "dicespec-js"))
    assert kept is not None
    table = {(g[0], g[1], g[2], g[3]): g[4:] for g in kept["groups"]}
    for key, counts in recorder.counts.items():
        if key[0] in ("exhaustive", "features"):
            assert table.get(key) == counts, key
