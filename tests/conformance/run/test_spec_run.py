"""The spec's pytest run in a child process (conformance/run/spec_run.py): the command it runs,
its results read back, and a run stopped at its time limit. (How a stopped run ends its
implementation, and everything that one started, is tested with the containment's hostile fakes:
tests/conformance/containment/test_processes.py.)"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from dicespec.conformance.run import pytest_plugin
from dicespec.conformance.run.spec_run import PLUGINS, SCENARIOS, Finished, SpecRun, run_spec, spec_command
from dicespec.spec.steps import plugin as steps_plugin

CASE = "kiriki-de-ones-1"


def test_the_command_runs_the_scenarios_with_both_plugins_and_no_configuration(tmp_path: Path) -> None:
    """The same run in a checkout and from a wheel: the spec's plugin and the conformance plugin,
    the scenarios module the package carries, no configuration file, warnings as errors; the
    options given come last, as they are."""
    command = spec_command(tmp_path / "r.jsonl", ["--dicespec-select=x"])
    assert command[:3] == [sys.executable, "-m", "pytest"]
    assert ("pytest_bdd.plugin", steps_plugin.__name__, pytest_plugin.__name__) == PLUGINS
    assert command[3:9] == ["-p", PLUGINS[0], "-p", PLUGINS[1], "-p", PLUGINS[2]]
    assert command[9] == str(SCENARIOS) and SCENARIOS.is_file()
    assert command[command.index("-c") + 1] == os.devnull
    assert command[command.index("-W") : command.index("-W") + 2] == ["-W", "error"]
    assert command[-2:] == [f"--dicespec-results={tmp_path / 'r.jsonl'}", "--dicespec-select=x"]


def test_the_tail_is_the_end_of_what_it_printed() -> None:
    done = Finished(0, "\n".join(f"line {n}" for n in range(40)) + "\n\n", None)
    assert done.tail(2) == "line 38\nline 39"


@pytest.mark.slow
def test_a_run_writes_its_results_and_they_are_read_back(tmp_path: Path) -> None:
    """One case chosen: it passes against the reference engines, and its result names it. The
    run loads its own plugins only, whatever else is installed (this test run has Hypothesis and
    pytest-xdist)."""
    done = run_spec(tmp_path / "r.jsonl", [f"--dicespec-select={CASE}", "--trace-config"], timeout=300)
    assert done.returncode == 0, done.tail()
    assert done.results is not None
    assert [(result.id, result.outcome) for result in done.results] == [(CASE, "passed")]
    assert "pytest_bdd" in done.output and "hypothesis" not in done.output and "xdist" not in done.output


@pytest.mark.slow
def test_a_run_past_its_time_limit_is_stopped(tmp_path: Path) -> None:
    """It has no exit status then, and the results it wrote so far, if any, are read."""
    done = SpecRun(tmp_path / "r.jsonl").finish(timeout=0.5)
    assert done.returncode is None
