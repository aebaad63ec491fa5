"""A time budget per test for the fast loop: with ``--budget=SECONDS`` (``make check`` passes
``--budget=5``), a test that is not marked ``slow`` and takes longer fails, its time in the
message with what to do: make it cheaper, or mark it slow.

A test's time is its setup, its call and its teardown together, as pytest times them; what a
test waits for before its setup (tests/alone.py's lock) is not in it. A fixture of a wider scope
than the test's (a module's, the session's) is made by the first test that asks for it, and that
test pays for it: the message names such fixtures its setup made, and their time. The test fails
at its teardown, once the three are known (pytest then shows an error at teardown). A test that
has failed already is left to its failure.

Without the option nothing is timed: ``make test`` (CI) never fails on a timing.

The test run's own plugin, loaded by ``tests/conftest.py``.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

SLOW = "slow"
PHASES = ("setup", "call", "teardown")

clock = time.perf_counter
"""What times a fixture's making (pytest times the phases with its own: tests/test_budget.py
replaces both with a clock of its own)."""

_TIMES = pytest.StashKey[dict[str, float]]()
_FAILED = pytest.StashKey[bool]()
_MADE = pytest.StashKey[list[tuple[str, str, float]]]()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--budget",
        type=float,
        default=None,
        metavar="SECONDS",
        help="fail a test not marked slow whose setup, call and teardown take longer (make check: 5)",
    )


def pytest_configure(config: pytest.Config) -> None:
    seconds = config.getoption("budget")
    if seconds is not None:
        if seconds <= 0:
            raise pytest.UsageError(f"--budget={seconds:g}: a budget is a number of seconds above 0")
        config.pluginmanager.register(Budget(seconds), "dicespec-budget")


def over_budget(times: dict[str, float], budget: float, made: list[tuple[str, str, float]] | None = None) -> str:
    """What a test over its budget is told: its time, phase by phase, what to do, and the fixtures
    of a wider scope its setup made."""
    total = sum(times.values())
    phases = ", ".join(f"{phase} {times.get(phase, 0.0):.1f} s" for phase in PHASES)
    lines = [
        f"took {total:.1f} s ({phases}): over the fast loop's budget of {budget:g} s a test "
        "(make check --budget). Make it cheaper, or mark it slow (@pytest.mark.slow: make test runs "
        "it, make check leaves it out)."
    ]
    for fixture, scope, seconds in sorted(made or (), key=lambda each: -each[2]):
        lines.append(
            f"Its setup made the {scope} fixture {fixture!r} ({seconds:.1f} s), which the first test to ask "
            "for it pays for: make the fixture cheaper, or mark the tests that ask for it slow."
        )
    return "\n".join(lines)


class Budget:
    """The budget of every test of the run that is not marked slow."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.item: pytest.Item | None = None  # the test being run, whose setup makes the fixtures

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_protocol(self, item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[Any]:
        self.item = item
        item.stash[_TIMES], item.stash[_FAILED], item.stash[_MADE] = {}, False, []
        try:
            return (yield)
        finally:
            self.item = None

    @pytest.hookimpl(wrapper=True)
    def pytest_fixture_setup(self, fixturedef: pytest.FixtureDef[Any], request: pytest.FixtureRequest) -> Iterator[Any]:
        started = clock()
        try:
            return (yield)
        finally:
            if self.item is not None and fixturedef.scope != "function":
                self.item.stash[_MADE].append((fixturedef.argname, fixturedef.scope, clock() - started))

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_makereport(self, item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[Any]:
        report: pytest.TestReport = yield
        if _TIMES not in item.stash:  # run outside the protocol: nothing to judge
            return report
        item.stash[_TIMES][report.when] = report.duration
        item.stash[_FAILED] |= report.failed
        if report.when != "teardown" or item.stash[_FAILED] or item.get_closest_marker(SLOW) is not None:
            return report
        if sum(item.stash[_TIMES].values()) > self.seconds:
            shared = [made for made in item.stash[_MADE] if made[2] >= self.seconds / 10]
            report.outcome = "failed"
            report.longrepr = over_budget(item.stash[_TIMES], self.seconds, shared)
        return report
