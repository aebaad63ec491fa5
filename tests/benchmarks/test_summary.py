"""``make bench`` writes its table into benchmarks/README.md, between the page's two markers, and
leaves the page's own prose as it is."""

from __future__ import annotations

import importlib
import sys
from types import ModuleType

import pytest

from folders import REPO

BENCHMARKS = REPO / "benchmarks"


@pytest.fixture(scope="module")
def summary() -> ModuleType:
    sys.path.insert(0, str(BENCHMARKS))  # the scripts import their neighbours (goals) by name
    try:
        return importlib.import_module("summary")
    finally:
        sys.path.remove(str(BENCHMARKS))


def test_the_table_goes_between_the_markers(summary: ModuleType) -> None:
    page = f"# Benchmarks\n\nProse.\n\n{summary.BEGIN}\nthe old table\n{summary.END}\n\nMore prose.\n"
    written = summary.with_summary(page, "| the | new |\n")
    assert written == f"# Benchmarks\n\nProse.\n\n{summary.BEGIN}\n| the | new |\n{summary.END}\n\nMore prose.\n"
    assert summary.with_summary(written, "| the | new |") == written


def test_a_page_without_its_markers_is_an_error(summary: ModuleType) -> None:
    with pytest.raises(ValueError, match="lacks its markers"):
        summary.with_summary(f"# Benchmarks\n\n{summary.END}\n{summary.BEGIN}\n", "table")


def test_the_benchmarks_page_has_its_markers_once(summary: ModuleType) -> None:
    page = summary.README.read_text(encoding="utf-8")
    assert page.count(summary.BEGIN) == page.count(summary.END) == 1
    assert page.index(summary.BEGIN) < page.index(summary.END)
    assert "| measure" in page.split(summary.BEGIN)[1].split(summary.END)[0]
