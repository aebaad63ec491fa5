"""Where the spec's data lives (spec/paths.py): the checkout's features and fixtures, another tree
named by DICESPEC_ROOT, and the files a spec run reads."""

from __future__ import annotations

from pathlib import Path

import pytest

from dicespec.spec import paths
from folders import REPO


def test_a_checkout_reads_its_own_features_and_fixtures(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DICESPEC_ROOT", raising=False)
    assert paths.data_root() == REPO
    assert paths.features_dir() == REPO / "features"
    assert paths.errata_path() == REPO / "fixtures" / "errata.yaml"
    assert paths.sources_dir() == REPO / "fixtures" / "sources"


def test_dicespec_root_names_another_tree(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("DICESPEC_ROOT", str(tmp_path))
    assert paths.data_root() == tmp_path
    assert paths.features_dir() == tmp_path / "features"


def test_a_spec_run_reads_the_features_the_errata_the_phrasebook_and_the_glossary(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("DICESPEC_ROOT", raising=False)
    found = paths.spec_data_files()
    features = [path for path in found if path.suffix == ".feature"]
    assert features == sorted((REPO / "features").rglob("*.feature")) and features
    assert [path.name for path in found[len(features) :]] == ["errata.yaml", "phrasebook.yaml", "glossary.yaml"]
    assert all(path.is_file() for path in found)
