"""The one progress line (``dicespec.progress``): in place on a terminal, whole lines elsewhere,
for a share of known size (a solve) and a running count (a corpus run)."""

from __future__ import annotations

import io

import pytest

from dicespec.conformance.run.report import Recorder
from dicespec.conformance.run.runner import Options, Target, conform
from dicespec.progress import ProgressLine, wanted


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_share_on_a_terminal_is_one_line_rewritten_and_ended_at_100() -> None:
    stream = Terminal()
    progress = ProgressLine("solving", stream)
    for done in (0, 5, 5, 50, 100):
        progress(done, 100)
    text = stream.getvalue()
    assert (
        text == "\rsolving:   0% of 100 states\rsolving:   5% of 100 states\rsolving:  50% of 100 states"
        "\rsolving: 100% of 100 states\n"
    )


def test_a_share_elsewhere_is_a_line_at_each_tenth() -> None:
    stream = io.StringIO()
    progress = ProgressLine("solving kiriki", stream)
    for done in range(0, 1001, 7):
        progress(done, 1000)
    progress(1000, 1000)
    lines = stream.getvalue().splitlines()
    assert lines[0] == "solving kiriki: 0% of 1,000 states"
    assert lines[-1] == "solving kiriki: 100% of 1,000 states"
    assert len(lines) == 11 and "\r" not in stream.getvalue()


def test_a_count_on_a_terminal_is_rate_limited_and_ended_by_final() -> None:
    stream, clock = Terminal(), Clock()
    progress = ProgressLine("  exhaustive", stream, unit="cases", clock=clock)
    asked: list[int] = []

    def detail() -> str:
        asked.append(1)
        return "0 failed, 12 errored"

    clock.now += 0.1
    progress.count(1_000, detail)  # too soon: nothing written, the detail not even asked
    assert stream.getvalue() == "" and not asked
    clock.now += 0.4
    progress.count(2_000, detail)
    assert stream.getvalue() == "\r  exhaustive: 2,000 cases, 4,000/s, 0 failed, 12 errored"
    clock.now += 0.5
    progress.count(2_001, "done", final=True)
    before, after = (
        "  exhaustive: 2,000 cases, 4,000/s, 0 failed, 12 errored",
        "  exhaustive: 2,001 cases, 2,001/s, done",
    )
    assert stream.getvalue() == f"\r{before}\r{after}{' ' * (len(before) - len(after))}\n"  # what was longer is cleared


def test_a_count_elsewhere_is_whole_lines_seldom() -> None:
    stream, clock = io.StringIO(), Clock()
    progress = ProgressLine("  games", stream, unit="cases", clock=clock)
    for _ in range(100):
        clock.now += 0.5
        progress.count(10, "x")
    progress.count(10, "x", final=True)
    lines = stream.getvalue().splitlines()
    assert len(lines) == 6 and "\r" not in stream.getvalue()
    assert lines[0] == "  games: 10 cases, 1/s, x"


@pytest.mark.parametrize(
    ("flag", "terminal", "shown"),
    [
        (None, True, True),
        (None, False, False),
        (True, False, True),
        (False, True, False),
    ],
)
def test_wanted_follows_the_flag_else_the_terminal(flag: bool | None, terminal: bool, shown: bool) -> None:
    assert wanted(flag, Terminal() if terminal else io.StringIO()) is shown


def test_the_conformance_runner_shows_its_progress_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    options = Options(parts=("exhaustive",), rulesets=("farkle",), select="*/11111*", progress=True)
    run = conform(Target(python="dicespec.implementation:ReferenceImplementation"), options, Recorder())
    assert run.failure is None
    err = capsys.readouterr().err
    assert err.startswith("  exhaustive: ") and " cases, " in err and err.endswith("/s, 0 failed, 0 errored\n")
