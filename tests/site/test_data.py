"""What a build of the site reads (``dicespec.site.data``), from a small spec of the test's own: its
cases, findings and source texts (a page's address and title from ``sources.yaml``, else the
file's), why errata could not be read, every id prose may name; a case's standing, worst flag
first; the language a ruleset quotes; the rulesets an environment variable names; and the spec
readers' caches emptied for a build to read afresh."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from dicespec import rulesets as rulesets_module
from dicespec.registry import game_names
from dicespec.rulesets import find_ruleset, ruleset_names
from dicespec.site import data as data_module
from dicespec.site.data import SiteData, SourceText, forget_cached_reads, load, wanted_rulesets
from dicespec.spec import glossary as glossary_module
from small_spec import small_spec


@pytest.fixture(scope="module")
def data(tmp_path_factory: pytest.TempPathFactory) -> SiteData:
    return load(small_spec(tmp_path_factory.mktemp("spec")))


@pytest.fixture
def reads_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    """A load that keeps the shipped rulesets read already: reading them afresh takes a second,
    and what a test of this kind looks at is the spec's own files."""
    monkeypatch.setattr(data_module, "forget_cached_reads", lambda: None)


def test_the_spec_is_read_case_by_case_with_its_findings_and_sources(data: SiteData) -> None:
    assert [case.id for case in data.cases] == ["petit-six-1", "petit-six-2", "petit-brelan-1", "plain-dice-1"]
    assert [finding.id for finding in data.findings] == ["petit-sixes"] and data.errata_problem is None
    assert [finding.id for finding in data.findings_by_case["petit-six-1"]] == ["petit-sixes"]
    assert "petit-six-2" not in data.findings_by_case
    assert [case.id for case in data.cases_of("kiriki")] == ["petit-six-1", "petit-six-2", "petit-brelan-1"]
    assert set(data.rulesets) == set(game_names()) and data.rulesets["kiriki"][0] == "kiriki"


def test_a_source_text_takes_its_address_and_title_from_sources_yaml_else_its_files(data: SiteData) -> None:
    declared, other = data.sources["petit.txt"], data.sources["other-text.txt"]
    assert (declared.slug, declared.languages, declared.title("fr")) == ("petit-fr", ("fr",), "Un petit texte")
    assert declared.text.startswith("Les six : 66616 vaut 24.")
    assert (other.slug, other.languages, other.title("fr")) == ("other-text", (), "other-text.txt")


def test_every_id_prose_may_name_is_known(data: SiteData) -> None:
    """Findings, cases, shipped rulesets and source files: what the site shows as code."""
    assert {"petit-sixes", "petit-six-1", "plain-dice-1", "kiriki-fr", "greed", "petit.txt"} <= data.ids
    assert set(ruleset_names()) <= data.ids and "no-such-case" not in data.ids


def test_a_cases_standing_is_its_worst_flag(data: SiteData) -> None:
    six, held, brelan = data.cases[:3]
    assert [data.status(case) for case in (six, held, brelan)] == ["erratum", "holding", "ambiguity"]
    both = dataclasses.replace(six, tags=six.tags | {"variant"})
    assert data.status(both) == "variant"
    assert data.status(dataclasses.replace(held, tags=held.tags | {"gap"})) == "gap"


@pytest.mark.usefixtures("reads_kept")
def test_the_errata_missing_or_unreadable_is_said_and_nothing_is_found(tmp_path: Path) -> None:
    root = small_spec(tmp_path)
    (root / "fixtures" / "errata.yaml").unlink()
    missing = load(root)
    assert missing.findings == () and missing.errata_problem == "there is no errata.yaml yet"
    assert len(missing.cases) == 4
    (root / "fixtures" / "errata.yaml").write_text("findings: [{id: x}]\n", encoding="utf-8")
    broken = load(root)
    assert broken.findings == () and broken.findings_by_case == {} and broken.errata_problem


@pytest.mark.usefixtures("reads_kept")
def test_a_root_without_features_or_sources_has_no_cases_and_no_sources(tmp_path: Path) -> None:
    empty = load(tmp_path)
    assert (empty.cases, empty.sources, empty.findings) == ((), {}, ())
    assert empty.ids == frozenset(ruleset_names())


def test_a_ruleset_quotes_the_language_of_the_first_text_it_takes_at_its_word(data: SiteData) -> None:
    """kiriki-fr takes the French and German text at its word: French; kiriki's English handbook
    is not among the small spec's texts, so no language."""
    (french_text,) = rulesets_module.ruleset_data("kiriki-fr")["texts"]
    french = SourceText(french_text, "kiriki-fr-de", "", languages=("fr", "de"))
    assert dataclasses.replace(data, sources={french_text: french}).quoted_language("kiriki-fr") == "fr"
    assert data.quoted_language("kiriki") is None


def test_the_rulesets_wanted_are_those_the_variable_names_in_shipped_order(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DICESPEC_TEST_WANTED", raising=False)
    assert wanted_rulesets("DICESPEC_TEST_WANTED") == ruleset_names()
    monkeypatch.setenv("DICESPEC_TEST_WANTED", "yatzy, greed,no-such-ruleset")
    assert wanted_rulesets("DICESPEC_TEST_WANTED") == ["greed", "yatzy"]
    monkeypatch.setenv("DICESPEC_TEST_WANTED", "")
    assert wanted_rulesets("DICESPEC_TEST_WANTED") == []


def test_forgetting_the_cached_reads_empties_the_spec_readers_caches() -> None:
    find_ruleset("kiriki")
    glossary_module.glossary()
    assert find_ruleset.cache_info().currsize and glossary_module.glossary.cache_info().currsize
    forget_cached_reads()
    assert find_ruleset.cache_info().currsize == 0 and glossary_module.glossary.cache_info().currsize == 0
