"""The features part runs alongside the corpus: the spec's pytest run is started before the
corpus streams and recorded when it ends; an interrupted run ends it; the summaries still show
the parts in their order."""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from tools.comparison import by_part

from dicespec.conformance.run import runner
from dicespec.conformance.run.report import Recorder, summary, write_junit

REFERENCE = (sys.executable, "-m", "dicespec.adapter")
OPTIONS = runner.Options(rulesets=("yacht",), games=2, select="yacht*")


@pytest.fixture
def spec_runs(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every spec run the runner starts."""
    started: list[Any] = []

    class Watched(runner.SpecRun):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            started.append(self)

    monkeypatch.setattr(runner, "SpecRun", Watched)
    return started


@pytest.mark.slow  # the spec's pytest run, to its end: seconds
def test_the_features_run_alongside_the_corpus(spec_runs: list[Any], monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[str, list[bool]]] = []
    run_corpus = runner.run_corpus

    def watched(part: str, *args: Any) -> int:
        seen.append((part, [spec.process.poll() is None for spec in spec_runs]))
        return run_corpus(part, *args)

    monkeypatch.setattr(runner, "run_corpus", watched)
    recorder = Recorder()
    run = runner.conform(runner.Target(command=REFERENCE), OPTIONS, recorder)
    assert seen == [("games", [True]), ("exhaustive", [True])]  # started first, still running
    assert spec_runs[0].process.poll() is not None
    assert set(run.seconds) == {"features", "exhaustive", "games"}
    features = recorder.totals("features")
    assert features[0] > 20 and features[1:] == [0, 0, 0]
    assert recorder.ok()


def test_an_interrupted_run_ends_the_spec_run(spec_runs: list[Any], monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(*args: Any) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(runner, "run_corpus", interrupted)
    with pytest.raises(KeyboardInterrupt):
        runner.conform(runner.Target(command=REFERENCE), OPTIONS, Recorder())
    spec = spec_runs[0]
    assert spec.process.poll() is not None
    assert not Path(spec.results).parent.exists()  # its folder removed


def test_summaries_show_the_parts_in_their_order(tmp_path: Path) -> None:
    """Recorded games, exhaustive, then features (the order they end in): shown features,
    exhaustive, games."""
    recorder = Recorder()
    recorder.passed("yacht/game/yacht/000/3", "games", "yacht game", "yacht", "greedy")
    recorder.record(
        "yacht/score/yacht/11111/ones", "exhaustive", "yacht score", "yacht", "ones", "failed", expected=5, actual=4
    )
    recorder.feature(
        {
            "id": "yacht-en-ones",
            "feature": "yacht/en/x.feature",
            "ruleset": "yacht",
            "outcome": "failed",
            "message": "no",
        }
    )
    text = summary(recorder)
    assert text.index("First cases failed: feature yacht/en/x.feature") < text.index("First cases failed: yacht score")
    assert text.index("yacht/en/x.feature") < text.index("yacht score  ") < text.index("yacht game  ")
    write_junit(recorder, tmp_path / "junit.xml", name="x")
    suites = [suite.get("name") for suite in ET.parse(tmp_path / "junit.xml").getroot().iter("testsuite")]
    assert suites == ["features", "exhaustive", "games"]
    keys = [(("games", "a"), 1), (("features", "b"), 2), (("exhaustive", "c"), 3), (("features", "d"), 4)]
    assert by_part(keys) == [
        (("features", "b"), 2),
        (("features", "d"), 4),
        (("exhaustive", "c"), 3),
        (("games", "a"), 1),
    ]
