"""The JavaScript implementation (examples/adapters/js/): an independent implementation of every
game, written from the protocol and playing the rule families from the rulesets' data
(rulesets.json beside it), passes the whole suite through the stdio protocol.

It runs when node is installed, and must run under CI (CI=true). The cases: every scenario of
the spec under every ruleset it runs under, the whole exhaustive corpus of every ruleset, and
the first 40 seeded replayed games of each ruleset (``make conformance`` plays all 250; this
test checks the same games' first part, in well under a minute)."""

from __future__ import annotations

from pathlib import Path

import pytest

from dicespec.conformance.run import compared
from dicespec.conformance.run.report import Recorder
from dicespec.conformance.run.runner import Options, Target, conform
from helpers import run_cli

COMMAND = "node examples/adapters/js/dicespec-adapter.mjs"
GAMES = 40
RULESETS = Path(__file__).resolve().parent.parent / "examples" / "adapters" / "js" / "rulesets.json"


def test_the_rulesets_data_is_current(capsys: pytest.CaptureFixture[str]) -> None:
    """The rule values the JavaScript implementation reads are what ``dicespec rulesets --json``
    prints from the shipped rulesets now."""
    status, out, _ = run_cli(["rulesets", "--json"], capsys)
    assert status == 0
    assert RULESETS.read_text(encoding="utf-8") == out, (
        f"{RULESETS.name} differs from 'dicespec rulesets --json': run `make conformance` to write it again"
    )


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
        line for examples in recorder.examples.values() for e in examples for line in (e.id, str(e.message))
    )
    assert passed > 400_000
    kept = compared.read(next(e for e in compared.entries() if e.id == "dicespec-js"))
    assert kept is not None
    table = {(g[0], g[1], g[2], g[3]): g[4:] for g in kept["groups"]}
    for key, counts in recorder.counts.items():
        if key[0] in ("exhaustive", "features"):
            assert table.get(key) == counts, key
