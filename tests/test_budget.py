"""The fast loop's time budget (tests/budget.py): with ``--budget``, a test not marked slow that
takes longer, setup and teardown included, fails, saying its time and what to do; without it,
nothing is timed."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from folders import TESTS

# The tests' clock stands still but when a test moves it on: pytest times the phases by it, and
# the budget times the fixtures by it, so that each test takes exactly the seconds it says.
CONFTEST = """
import pytest
from _pytest import timing

import budget


class Clock:
    now = 1_000_000.0

    def __call__(self):
        return self.now

    def advance(self, seconds):
        self.now += seconds


CLOCK = Clock()
timing.perf_counter = timing.time = budget.clock = CLOCK


@pytest.fixture(scope="session")
def clock():
    return CLOCK
"""

TESTS_FILE = """
import pytest


@pytest.fixture(scope="module")
def costly(clock):
    clock.advance(6)
    return "made"


@pytest.fixture
def slow_to_end(clock):
    yield
    clock.advance(6)


def test_over(clock):
    clock.advance(6)


@pytest.mark.slow
def test_slow_over(clock):
    clock.advance(6)


def test_just_within(clock):
    clock.advance(5)


def test_first_to_ask(costly):
    pass


def test_second_to_ask(costly):
    pass


def test_ends_slowly(slow_to_end):
    pass


def test_fails_anyway(clock):
    clock.advance(6)
    assert False, "its own failure"
"""


TIMED = (
    "test_over",
    "test_slow_over",
    "test_just_within",
    "test_first_to_ask",
    "test_second_to_ask",
    "test_ends_slowly",
    "test_fails_anyway",
)


def run_budget(folder: Path, *options: str) -> subprocess.CompletedProcess[str]:
    """pytest over the tests above with the budget's plugin and these options."""
    (folder / "conftest.py").write_text(CONFTEST, encoding="utf-8")
    (folder / "test_timed.py").write_text(TESTS_FILE, encoding="utf-8")
    (folder / "pytest.ini").write_text(
        "[pytest]\naddopts = --strict-markers\nmarkers =\n    slow: left out of the fast loop\n", encoding="utf-8"
    )
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "budget",
            "-p",
            "no:cacheprovider",
            "-rA",
            "--rootdir",
            str(folder),
            "-c",
            str(folder / "pytest.ini"),
            str(folder / "test_timed.py"),
            *options,
        ],
        env={
            **os.environ,
            "PYTHONPATH": os.pathsep.join([str(TESTS), os.environ.get("PYTHONPATH", "")]),
            "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1",  # the installed plugins are not needed: a quicker start
        },
        capture_output=True,
        text=True,
        timeout=120,
    )


def outcomes(done: subprocess.CompletedProcess[str]) -> dict[str, set[str]]:
    """Test name → its outcomes in the summary (a test failed at its teardown also passed its call)."""
    found: dict[str, set[str]] = {}
    for line in done.stdout.splitlines():
        word, _, rest = line.partition(" ")
        if word in ("PASSED", "FAILED", "ERROR") and "::" in rest:
            found.setdefault(rest.split("::")[1].split()[0], set()).add(word)
    return found


def errors(done: subprocess.CompletedProcess[str]) -> dict[str, str]:
    """Test name → what its error at teardown says (pytest's ERRORS section)."""
    section = done.stdout.partition(" ERRORS ")[2]
    found = re.findall(r"^_+ ERROR at teardown of (\w+) _+\n(.*?)(?=^_+ |^=|\Z)", section, re.M | re.S)
    return {name: text.strip() for name, text in found}


def test_a_test_over_its_budget_fails_saying_its_time_and_what_to_do(tmp_path: Path) -> None:
    """Over the budget, a test fails at its teardown, its setup, call and teardown counted: the
    message gives its time, phase by phase, and says to make it cheaper or mark it slow; a module
    fixture's time is paid by the first test that makes it, which the message names. A test
    marked slow, one within the budget and one that failed already are left as they are."""
    done = run_budget(tmp_path, "--budget=5")
    assert done.returncode == 1, done.stdout[-3000:]
    assert outcomes(done) == {
        "test_over": {"PASSED", "ERROR"},
        "test_slow_over": {"PASSED"},
        "test_just_within": {"PASSED"},
        "test_first_to_ask": {"PASSED", "ERROR"},
        "test_second_to_ask": {"PASSED"},
        "test_ends_slowly": {"PASSED", "ERROR"},
        "test_fails_anyway": {"FAILED"},
    }, done.stdout[-3000:]
    advice = (
        "over the fast loop's budget of 5 s a test (make check --budget). Make it cheaper, or mark it slow "
        "(@pytest.mark.slow: make test runs it, make check leaves it out)."
    )
    assert errors(done) == {
        "test_over": f"took 6.0 s (setup 0.0 s, call 6.0 s, teardown 0.0 s): {advice}",
        "test_first_to_ask": f"took 6.0 s (setup 6.0 s, call 0.0 s, teardown 0.0 s): {advice}\n"
        "Its setup made the module fixture 'costly' (6.0 s), which the first test to ask for it pays for: "
        "make the fixture cheaper, or mark the tests that ask for it slow.",
        "test_ends_slowly": f"took 6.0 s (setup 0.0 s, call 0.0 s, teardown 6.0 s): {advice}",
    }


def test_without_a_budget_nothing_is_timed(tmp_path: Path) -> None:
    """Without ``--budget`` (``make test``, CI) a test over any time passes."""
    done = run_budget(tmp_path, "-k", "not fails_anyway")
    assert done.returncode == 0, done.stdout[-3000:]
    passed = {"PASSED"}
    assert outcomes(done) == dict.fromkeys(TIMED[:-1], passed), done.stdout[-3000:]


def test_a_budget_is_a_number_of_seconds_above_0(tmp_path: Path) -> None:
    done = run_budget(tmp_path, "--budget=0")
    assert done.returncode == 4
    assert "--budget=0: a budget is a number of seconds above 0" in done.stderr
