"""The JavaScript package's own tests (``js/test/*.test.mjs``), on node's built-in test runner: the
implementation's scoring and replay, the coach's pure parts, the game page's session and the
scorer's reading of a roll, none with a page. One test a file, so that a failure names the file and
shows node's report of it; ``cd js && npm test`` runs the same files."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from folders import REPO

PACKAGE = REPO / "js"
FILES = sorted((PACKAGE / "test").glob("*.test.mjs"))


def test_the_package_has_its_tests() -> None:
    """The engine, the coach, the game's session and the scorer each have a file of node tests."""
    assert {path.name for path in FILES} >= {
        "games.test.mjs",
        "coach.test.mjs",
        "session.test.mjs",
        "scoring.test.mjs",
    }


@pytest.mark.usefixtures("node")
@pytest.mark.parametrize("path", FILES, ids=[path.name for path in FILES])
def test_the_node_tests_pass(path: Path) -> None:
    """Every test of the file passes under ``node --test``."""
    run = subprocess.run(
        ["node", "--test", "--test-reporter=spec", str(path.relative_to(PACKAGE))],
        cwd=PACKAGE,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, f"node --test {path.name} failed:\n{run.stdout}\n{run.stderr}"
