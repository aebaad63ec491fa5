"""How a case shows on any page (``dicespec.site.cases``), on a small spec of the test's own: its one
anchor on its game's rules page (the errata page for a case of no game) and the links to it from
any page; its passage; its steps in the page's language, written with the phrasebook when the case
is in another, as written (and marked with their language) when no phrasing writes them, ids as
code; its standing and the findings that say why; the passage of the source text it comes from."""

from __future__ import annotations

import dataclasses

import pytest

from dicespec.site import layout
from dicespec.site.cases import (
    case_anchor,
    case_link,
    home_of,
    passage_anchors,
    passages,
    source_cell,
    standing_cell,
    steps_cell,
)
from dicespec.site.data import SiteData, load
from dicespec.spec.features import Case
from small_spec import small_spec


@pytest.fixture(scope="module")
def data(tmp_path_factory: pytest.TempPathFactory) -> SiteData:
    return load(small_spec(tmp_path_factory.mktemp("spec")))


@pytest.fixture(scope="module")
def case(data: SiteData) -> dict[str, Case]:
    return {found.id: found for found in data.cases}


def test_a_case_has_its_home_on_its_games_rules_page_in_each_language(case: dict[str, Case]) -> None:
    assert home_of(case["petit-six-1"]) == layout.rules("kiriki", "en") == "kiriki.md"
    assert home_of(case["petit-six-1"], "fr") == "fr/kiriki.md"
    assert home_of(case["plain-dice-1"], "de") == layout.errata("de") == "de/errata.md"


def test_a_link_to_a_case_leads_from_any_page_to_its_anchor_in_that_pages_language(case: dict[str, Case]) -> None:
    six = case["petit-six-1"]
    assert case_link(six, page="errata.md") == "[<code>petit&#45;six&#45;1</code>](kiriki.md#petit-six-1)"
    assert (
        case_link(six, page="fr/sources/petit-fr.md") == "[<code>petit&#45;six&#45;1</code>](../kiriki.md#petit-six-1)"
    )
    assert case_link(case["plain-dice-1"], page="de/rulesets.md").endswith("](errata.md#plain-dice-1)")
    assert case_anchor(six) == '<a id="petit-six-1"></a><code>petit&#45;six&#45;1</code>'


def test_cases_are_grouped_by_passage_in_file_order(data: SiteData) -> None:
    """Each Examples table and scenario is a passage, anchored by its first case, whatever order
    the cases come in."""
    found = passages(reversed(data.cases))
    assert [(p.anchor, p.title, [c.id for c in p.cases]) for p in found] == [
        ("p-petit-six-1", "Quatre six", ["petit-six-1"]),
        ("p-petit-six-2", "Trois six", ["petit-six-2"]),
        ("p-petit-brelan-1", "Un brelan", ["petit-brelan-1"]),
        ("p-plain-dice-1", "Five dice", ["plain-dice-1"]),
    ]
    assert found[0].quote == "Les six : 66616 vaut 24."
    anchors = passage_anchors(data)
    assert [anchors[id(c)] for c in data.cases] == [p.anchor for p in found]


def test_steps_are_shown_in_the_pages_language(case: dict[str, Case]) -> None:
    """A French case on an English page is written with the phrasebook, its line names as the site
    names them; on a French page, as it is written."""
    brelan = case["petit-brelan-1"]
    assert steps_cell(brelan, page="kiriki.md") == (
        "Given the dice show 22234<br>Then the &#34;3 of a Kind&#34; row scores 13"
    )
    assert steps_cell(brelan, page="fr/kiriki.md") == (
        "Soit les dés affichent 22234<br>Alors la ligne &#34;3 du même type&#34; vaut 13"
    )


def test_steps_no_phrasing_writes_are_shown_as_written_in_their_language(case: dict[str, Case]) -> None:
    odd = dataclasses.replace(case["petit-six-1"], steps=("Soit rien du tout",), phrases=(("given", "rien du tout"),))
    assert steps_cell(odd, page="kiriki.md") == '<span lang="fr">Soit rien du tout</span>'
    assert steps_cell(odd, page="fr/kiriki.md") == "Soit rien du tout"
    assert steps_cell(case["plain-dice-1"], page="fr/errata.md") == '<span lang="en">Given the dice show 12345</span>'


def test_the_ids_a_step_names_are_shown_as_code(case: dict[str, Case]) -> None:
    said = dataclasses.replace(
        case["plain-dice-1"], steps=('Then player 1 has 24 in "full_house"', "And it is refused as no-rolls-left")
    )
    assert steps_cell(said, page="errata.md") == (
        "Then player 1 has 24 in &#34;<code>full&#95;house</code>&#34;<br>"
        "And it is refused as <code>no&#45;rolls&#45;left</code>"
    )


def test_a_cases_standing_shows_its_findings_or_that_none_explains_it(data: SiteData, case: dict[str, Case]) -> None:
    erratum = standing_cell(data, case["petit-six-1"], page="kiriki.md")
    assert erratum.startswith('<span class="ds-status ds-erratum">erratum</span><br>')
    assert "[<code>petit&#45;sixes</code>](errata.md#finding-petit-sixes): 66616 shows four 6s" in erratum
    assert "<code>petit&#45;six&#45;1</code>" in erratum  # an id the finding's prose names, as code
    assert standing_cell(data, case["petit-six-1"], page="fr/kiriki.md").endswith("): Quatre 6&#46;")
    assert standing_cell(data, case["petit-six-2"], page="kiriki.md") == (
        '<span class="ds-status ds-holding">holds</span>'
    )
    assert standing_cell(data, case["petit-brelan-1"], page="kiriki.md") == (
        '<span class="ds-status ds-ambiguity">ambiguity</span><br><em>no finding recorded</em>'
    )


def test_a_variant_erratum_says_both(data: SiteData, case: dict[str, Case]) -> None:
    six = case["petit-six-1"]
    both = dataclasses.replace(six, tags=six.tags | {"variant"})
    assert standing_cell(data, both, page="kiriki.md").startswith(
        '<span class="ds-status ds-variant">erratum&#44; variant</span>'
    )


def test_a_case_comes_from_its_passage_of_a_source_text_or_is_normative(data: SiteData, case: dict[str, Case]) -> None:
    assert source_cell(data, case["petit-six-1"], "p-petit-six-1", page="kiriki.md") == (
        '[<code>fr</code> <span lang="fr">Quatre six</span>](sources/petit-fr.md#p-petit-six-1)'
    )
    assert source_cell(data, case["plain-dice-1"], None, page="errata.md") == (
        '<code>en</code> <span lang="en">Five dice</span><br><em>normative</em>'
    )
