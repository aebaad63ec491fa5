"""The Errata and gaps page (``dicespec.site.errata``), from a small spec of the test's own: each
finding a block of its own (its anchor, the filter's data, the sentence quoted in its text's
language, its claim, truth and decision in the page's language, its cases linked, a case it names
that the features lack said so), the filter offering what the findings hold, the flagged cases no
finding explains, every ruleset's gaps, the cases of no game anchored here, and errata that could
not be read."""

from __future__ import annotations

import dataclasses
import re

import pytest

from dicespec.rulesets import prose
from dicespec.site.data import SiteData, load
from dicespec.site.errata import errata_page
from dicespec.site.markup import code
from small_spec import small_spec


@pytest.fixture(scope="module")
def data(tmp_path_factory: pytest.TempPathFactory) -> SiteData:
    """The small spec, its gaps those of two Kiriki rulesets only."""
    found = load(small_spec(tmp_path_factory.mktemp("spec")))
    return dataclasses.replace(found, rulesets={"kiriki": ("kiriki", "kiriki-fr")})


def block(markdown: str, finding: str) -> str:
    """A finding's block of the page."""
    found = re.search(rf'<div class="ds-finding" id="finding-{finding}".*?</div>', markdown, re.S)
    assert found, f"no block of {finding}"
    return found.group()


def test_a_finding_is_a_block_of_its_own_with_its_cases_linked(data: SiteData) -> None:
    page = errata_page(data)
    assert (page.path, page.title, page.lang) == ("errata.md", "Errata and gaps", "en")
    shown = block(page.markdown, "petit-sixes")
    assert 'data-game="kiriki" data-text="fr" data-kind="erratum"' in shown
    assert "French · [A small French text](sources/petit-fr.md)" in shown
    assert '<blockquote lang="fr"><p>66616 vaut 24</p></blockquote>' in shown
    assert ":   66616 scores 24 in the sixes&#46;" in shown and ":   The case holds&#46;" in shown
    assert ":   [<code>petit&#45;six&#45;1</code>](kiriki.md#petit-six-1) · " in shown
    assert "<code>no&#45;such&#45;case</code> <em>&#40;no such case&#41;</em>" in shown
    assert "1 findings (erratum: 1)." in page.markdown


def test_the_filter_offers_the_games_languages_and_kinds_the_findings_hold(data: SiteData) -> None:
    form = re.search(r'<form class="ds-filter".*?</form>', errata_page(data).markdown).group()
    options = re.findall(r'<select name="(\w+)">(.*?)</select>', form)
    assert [(name, re.findall(r'<option value="([^"]*)">', values)) for name, values in options] == [
        ("game", ["", "kiriki"]),
        ("text", ["", "fr"]),
        ("kind", ["", "erratum"]),
    ]


def test_flagged_cases_without_a_finding_the_gaps_and_the_cases_of_no_game(data: SiteData) -> None:
    markdown = errata_page(data).markdown
    unexplained = markdown.split("{#unexplained}")[1].split("{#gaps}")[0]
    assert "| [<code>petit&#45;brelan&#45;1</code>](kiriki.md#petit-brelan-1) | <code>ambiguity</code> |" in unexplained
    assert "petit&#45;six&#45;1" not in unexplained  # flagged, and explained
    assert re.findall(r"^### (.*) \{#(gaps-[\w-]+)\}$", markdown, re.M) == [
        ("kiriki", "gaps-kiriki"),
        ("kiriki&#45;fr", "gaps-kiriki-fr"),
    ]
    for key, _ in prose("kiriki-fr", "en").gaps:
        assert f"| {code(key)} |" in markdown.split("{#gaps-kiriki-fr}")[1]
    no_game = markdown.split("{#no-game}")[1]
    assert '| <a id="plain-dice-1"></a><code>plain&#45;dice&#45;1</code> | Given the dice show 12345 |' in no_game


def test_the_page_in_another_language_says_the_findings_prose_in_it(data: SiteData) -> None:
    page = errata_page(data, "fr")
    assert (page.path, page.lang) == ("fr/errata.md", "fr")
    shown = block(page.markdown, "petit-sixes")
    assert ":   66616 vaut 24&#46;" in shown and ":   Le cas tient&#46;" in shown
    assert "[Un petit texte](sources/petit-fr.md)" in shown
    assert "](kiriki.md#petit-six-1)" in shown  # the French rules page, from the French errata page


def test_errata_that_could_not_be_read_are_said_and_no_finding_is_shown(data: SiteData) -> None:
    broken = dataclasses.replace(data, findings=(), findings_by_case={}, errata_problem="errata.yaml: <bad>")
    markdown = errata_page(broken).markdown
    assert "!!! warning" in markdown and "errata&#46;yaml&#58; &#60;bad&#62;" in markdown
    assert "0 findings." in markdown and "ds-finding" not in markdown and "ds-filter" not in markdown
    # every flagged case is now one no finding explains
    assert "](kiriki.md#petit-six-1) | <code>erratum</code> |" in markdown
