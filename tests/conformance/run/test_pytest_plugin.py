"""The results file under pytest-xdist (``make test`` runs on every core): the workers run the
tests, the controller alone writes the file, and it holds the lines a run in one process writes;
a test whose worker dies is a line too."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from dicespec.spec import results
from results_samples import FEATURE, TESTS

pytestmark = pytest.mark.slow  # pytest-xdist runs of their own: seconds each

DIES = """
import os


def test_its_worker_dies():
    os._exit(3)
"""


def run(folder: Path, *options: str) -> tuple[subprocess.CompletedProcess[str], list[results.Result]]:
    """pytest over ``folder``'s tests with the results plugin and these options; its results."""
    path = folder / f"results{len(list(folder.glob('results*.jsonl')))}.jsonl"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "dicespec.conformance.run.pytest_plugin",
            "-p",
            "no:cacheprovider",
            "-q",
            "--rootdir",
            str(folder),
            "-c",
            str(folder / "pytest.ini"),
            f"--dicespec-results={path}",
            *options,
            str(folder),
        ],
        cwd=folder,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    return done, results.read(path)


def without_times(found: list[results.Result]) -> dict[str, results.Result]:
    return {r.test: r.__class__(**{**r.to_json(), "start": "", "duration": 0.0}) for r in found}


def test_two_workers_write_the_lines_of_one_process(tmp_path: Path) -> None:
    (tmp_path / "test_some.py").write_text(TESTS, encoding="utf-8")
    (tmp_path / "cases.feature").write_text(FEATURE, encoding="utf-8")
    (tmp_path / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    serial, one = run(tmp_path, "-p", "no:xdist")
    parallel, two = run(tmp_path, "-n", "2")
    assert serial.returncode == parallel.returncode == 1, serial.stdout + parallel.stdout
    assert "[gw0]" in parallel.stdout or "[gw1]" in parallel.stdout, parallel.stdout  # the failures ran in workers
    assert len(one) == len(two) == len({r.test for r in two}) == 9
    assert without_times(two) == without_times(one)
    assert all(r.start.endswith("+00:00") and r.duration >= 0 for r in two)


def test_a_test_whose_worker_dies_is_errored(tmp_path: Path) -> None:
    (tmp_path / "test_dies.py").write_text(DIES, encoding="utf-8")
    (tmp_path / "test_lives.py").write_text("def test_lives():\n    pass\n", encoding="utf-8")
    (tmp_path / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    done, found = run(tmp_path, "-n", "2")
    assert done.returncode == 1, done.stdout
    outcomes = {r.test.rsplit("::", 1)[1]: (r.outcome, r.pytest) for r in found}
    assert outcomes == {"test_its_worker_dies": ("errored", "error"), "test_lives": ("passed", "passed")}
    died = next(r for r in found if r.test.endswith("test_its_worker_dies"))
    assert "crashed" in died.message, died.message
