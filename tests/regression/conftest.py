"""The fixtures the tests of ``dicespec diff`` share (its comparison, its sides, its command line):
two ruleset files of one's own, each changing one rule of a shipped ruleset, and the spec's runs
left out."""

from __future__ import annotations

from pathlib import Path

import pytest

from dicespec.conformance.run import holds
from helpers import write_lines


@pytest.fixture
def house(tmp_path: Path) -> Path:
    """Kiriki whose only change is a 30-point full house."""
    return write_lines(tmp_path, "house.yaml", "extends: kiriki", "rows:", "  full_house: {points: 30}")


@pytest.fixture
def early_entry(tmp_path: Path) -> Path:
    """10000 (the German text) whose only change is a 500-point entry."""
    return write_lines(
        tmp_path, "early.yaml", "extends: ten-thousand", "title: 10000, in at 500", "entry: {points: 500}"
    )


@pytest.fixture
def no_spec_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """The spec's runs left out (seconds each): no case of the spec to compare."""
    monkeypatch.setattr(holds, "features", lambda names: {name: {} for name in names})
