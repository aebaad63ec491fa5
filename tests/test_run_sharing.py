"""The test run's own plugins under pytest-xdist: a folder asked for by both workers is made once
(tests/shared.py), no test runs alongside one marked ``alone`` (tests/alone.py), the package's
caches are the test runs' own, the spec's cases are collected in one order whatever the hash
seed, and the workers are given the files marked early first and those of alone tests last
(tests/order.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from itertools import pairwise
from pathlib import Path

import pytest

from folders import TESTS
from shared import RUNS

pytestmark = pytest.mark.slow  # pytest-xdist runs of their own: seconds each


ONCE = """
import time


def make(folder):
    with open(MADE, "a") as out:
        out.write("made\\n")
    time.sleep(1)  # the other worker asks meanwhile
    (folder / "made.txt").write_text("yes")


def test_{n}(once):
    assert (once.folder("thing", make) / "made.txt").read_text() == "yes"
"""

TIMED = """
import json, os, time
import pytest
from folders import TESTS


{mark}
def test_{n}():
    began = time.monotonic()
    time.sleep({seconds})
    with open(TIMES, "a") as out:
        out.write(json.dumps([{alone}, began, time.monotonic()]) + "\\n")
"""


def pytest_run(folder: Path, *options: str) -> subprocess.CompletedProcess[str]:
    """pytest over ``folder`` with the run's plugins and these options, its caches in ``folder``."""
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(TESTS), os.environ.get("PYTHONPATH", "")]),
        "DICESPEC_CACHE_DIR": str(folder / "cache"),
    }
    (folder / "pytest.ini").write_text("[pytest]\naddopts = --strict-markers\n", encoding="utf-8")
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "shared",
            "-p",
            "alone",
            "-p",
            "order",
            "-p",
            "no:cacheprovider",
            "-q",
            "--rootdir",
            str(folder),
            "-c",
            str(folder / "pytest.ini"),
            *options,
            str(folder),
        ],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )


def test_a_folder_both_workers_ask_for_is_made_once(tmp_path: Path) -> None:
    made = tmp_path / "made.log"
    for n in (1, 2):  # a file each: --dist loadfile gives one to each worker
        (tmp_path / f"test_{n}.py").write_text(f"MADE = {str(made)!r}\n" + ONCE.format(n=n), encoding="utf-8")
    done = pytest_run(tmp_path, "-n", "2", "--dist", "loadfile")
    assert done.returncode == 0, done.stdout + done.stderr
    assert made.read_text() == "made\n"


def test_no_test_runs_alongside_one_marked_alone(tmp_path: Path) -> None:
    times = tmp_path / "times.jsonl"
    tests = [TIMED.format(n=0, mark="@pytest.mark.alone", alone="True", seconds=1.5)]
    tests += [TIMED.format(n=n, mark="", alone="False", seconds=0.3) for n in range(1, 13)]
    (tmp_path / "test_timed.py").write_text(f"TIMES = {str(times)!r}\n" + "".join(tests), encoding="utf-8")
    done = pytest_run(tmp_path, "-n", "2")
    assert done.returncode == 0, done.stdout + done.stderr
    found = [json.loads(line) for line in times.read_text().splitlines()]
    ((_, began, ended),) = [t for t in found if t[0]]
    others = sorted((b, e) for alone, b, e in found if not alone)
    assert len(others) == 12
    assert [(b, e) for b, e in others if b < ended and e > began] == []
    side_by_side = [later[0] < earlier[1] for earlier, later in pairwise(others)]
    assert any(side_by_side), "the workers never ran two tests at once"


def test_the_caches_are_the_test_runs_own(tmp_path: Path) -> None:
    """Every process of the run reads and writes the package's caches in the test runs' own folder
    of the package's cache folder, whatever the code (its files are named by the code that made
    them)."""
    seen = tmp_path / "seen"
    (tmp_path / "test_cache.py").write_text(
        "import os\n\n\ndef test_cache(worker_id):\n"
        f"    open({str(seen)!r} + worker_id, 'w').write(os.environ['DICESPEC_CACHE_DIR'])\n",
        encoding="utf-8",
    )
    done = pytest_run(tmp_path, "-n", "2")
    assert done.returncode == 0, done.stdout + done.stderr
    (written,) = {path.read_text() for path in tmp_path.glob("seen*")}
    assert written == str(tmp_path / "cache" / RUNS)
    assert (tmp_path / "cache" / RUNS).is_dir()


def test_the_spec_is_collected_in_one_order_whatever_the_hash_seed() -> None:
    """pytest-xdist refuses a run whose workers collected different tests or orders, and each
    worker has a hash seed of its own; pytest-bdd applies a scenario's tags in the order of a set,
    so the rulesets a case runs under are sorted (dicespec.spec.steps.plugin)."""

    def collected(seed: str) -> list[str]:
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "pytest",
                "--collect-only",
                "-q",
                "-p",
                "no:cacheprovider",
                str(TESTS / "test_spec.py"),
            ],
            cwd=TESTS.parent,
            env={**os.environ, "PYTHONHASHSEED": seed},
            capture_output=True,
            text=True,
            check=False,
            timeout=120,
        )
        assert done.returncode == 0, done.stdout + done.stderr
        return [line for line in done.stdout.splitlines() if "::" in line]

    first = collected("1")
    assert sum("under:" in test for test in first) > 600
    assert all(collected(seed) == first for seed in ("2", "3"))


def test_the_workers_get_the_early_files_first_and_the_alone_ones_last(tmp_path: Path) -> None:
    """A file marked early goes out first, though it comes last and has the fewest tests; a file
    with an alone test (one of its four) goes out last, though it comes first and has the most
    (tests/order.py)."""
    times = tmp_path / "times.jsonl"
    files = {"a_alone": ("@pytest.mark.alone", 4), "b": ("", 2), "c": ("", 2), "d": ("", 2), "z_early": ("", 1)}
    for name, (mark, count) in files.items():
        header = "pytestmark = pytest.mark.early(10)\n" if name == "z_early" else ""
        marks = [mark] + [""] * (count - 1)  # the first test alone (if any), the others not
        tests = "".join(TIMED.format(n=n, mark=marks[n], alone=json.dumps(name), seconds=0.3) for n in range(count))
        (tmp_path / f"test_{name}.py").write_text(
            f"TIMES = {str(times)!r}\nimport pytest\n{header}{tests}", encoding="utf-8"
        )
    done = pytest_run(tmp_path, "-n", "2", "--dist", "loadfile")
    assert done.returncode == 0, done.stdout + done.stderr
    began: dict[str, float] = {}
    for name, start, _ in map(json.loads, times.read_text().splitlines()):
        began[name] = min(start, began.get(name, start))
    order = sorted(began, key=began.__getitem__)
    assert order[0] in ("z_early", "b") and "z_early" in order[:2] and order[-1] == "a_alone", order
