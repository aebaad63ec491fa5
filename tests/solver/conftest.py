"""Fixtures the solver's test files share."""

from __future__ import annotations

from pathlib import Path

import pytest

from dicespec.solver import scoresheet


@pytest.fixture
def empty_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A cache folder of the test's own, and no solution remembered in memory."""
    monkeypatch.setenv("DICESPEC_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(scoresheet, "_SOLVED", {})
    return tmp_path
