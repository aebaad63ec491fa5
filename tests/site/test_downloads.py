"""Each shipped ruleset's test data as a file to download (``dicespec.site.downloads``): the
rulesets a build offers, as ``DICESPEC_SITE_DOWNLOADS`` names them; a file gzipped from what
``dicespec export`` writes, with its counts; made once and kept in the cache folder, then read from
there while nothing it is made from changes, made again (its older file gone) when something does,
and made all the same when the cache cannot be written. The export itself is a stand-in of the
test's own: making a real one takes most of a second."""

from __future__ import annotations

import gzip
from pathlib import Path
from typing import Any

import pytest

from dicespec.export import dumps
from dicespec.rulesets import ruleset_data, ruleset_names
from dicespec.site import downloads
from dicespec.site.data import SiteData
from dicespec.site.downloads import VARIABLE, download_files, wanted


class Exports:
    """A stand-in for :func:`dicespec.export.export` that counts its calls."""

    def __init__(self) -> None:
        self.made: list[str] = []

    def __call__(self, ruleset: str, spec: Any = None, findings: Any = None) -> dict[str, Any]:
        self.made.append(ruleset)
        return {"ruleset": ruleset, "spec": [{"id": "a"}, {"id": "b"}], "corpus": [{"dice": "1"}] * 3}


@pytest.fixture
def exports(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Exports:
    made = Exports()
    monkeypatch.setattr(downloads, "export", made)
    monkeypatch.setenv("DICESPEC_CACHE_DIR", str(tmp_path / "cache"))
    return made


@pytest.fixture
def data(tmp_path: Path) -> SiteData:
    return SiteData(root=tmp_path, cases=(), findings=(), findings_by_case={}, sources={})


def kept(tmp_path: Path) -> list[str]:
    return sorted(path.name for path in (tmp_path / "cache" / "site-downloads").iterdir())


def test_a_build_offers_the_rulesets_the_variable_names(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(VARIABLE, raising=False)
    assert wanted() == ruleset_names()
    monkeypatch.setenv(VARIABLE, "yacht,greed")
    assert wanted() == ["greed", "yacht"]


def test_a_file_is_the_export_gzipped_with_its_counts(exports: Exports, data: SiteData) -> None:
    (made,) = download_files(data, ["greed"])
    text = dumps(exports("greed"))
    assert (made.ruleset, made.path, made.spec, made.corpus, made.size) == (
        "greed",
        "downloads/greed.json.gz",
        2,
        3,
        len(text.encode("utf-8")),
    )
    assert gzip.decompress(made.content).decode("utf-8") == text


def test_a_file_is_kept_and_read_back_while_nothing_it_is_made_from_changes(
    exports: Exports, data: SiteData, tmp_path: Path
) -> None:
    first = download_files(data, ["greed", "yacht"])
    assert exports.made == ["greed", "yacht"]
    names = kept(tmp_path)
    assert len(names) == 4 and all(name.startswith(("greed-", "yacht-")) for name in names)
    again = download_files(data, ["greed", "yacht"])
    assert exports.made == ["greed", "yacht"] and again == first  # no export made: read back


def test_a_change_to_what_a_file_is_made_from_makes_it_again_and_drops_the_older(
    exports: Exports, data: SiteData, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    download_files(data, ["greed"])
    before = kept(tmp_path)
    changed = ruleset_data("greed") | {"title": "Greed, changed"}
    monkeypatch.setattr(downloads, "ruleset_data", lambda name: changed)
    download_files(data, ["greed"])
    after = kept(tmp_path)
    assert exports.made == ["greed", "greed"]
    assert len(after) == 2 and not set(before) & set(after)


def test_a_cache_that_cannot_be_written_still_gives_the_file(
    exports: Exports, data: SiteData, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("", encoding="utf-8")
    monkeypatch.setenv("DICESPEC_CACHE_DIR", str(blocked))
    (made,) = download_files(data, ["greed"])
    assert made.spec == 2 and gzip.decompress(made.content)
    download_files(data, ["greed"])
    assert exports.made == ["greed", "greed"]
