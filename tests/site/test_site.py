"""The rules website's generator, in process: escaping (and a hostile spec's text, which lands as
text), anchors, passages, odds and conformance results. The built site's pages are
``test_built_site.py``'s."""

from __future__ import annotations

import html
import json
import re
import string
from fractions import Fraction
from pathlib import Path

import pytest

from dicespec.site import Site, layout
from dicespec.site import pages as generate_pages
from dicespec.site.conformance import conformance_page, read_run
from dicespec.site.data import load
from dicespec.site.markup import anchor_id, escaped, quoting, script_json, text, verbatim
from dicespec.site.odds import farkle_odds, row_odds
from dicespec.spec import cases
from sitebuild import REPO, rendered
from sitepages import Node, parse

# -- escaping ---------------------------------------------------------------------------------


def test_text_turns_every_ascii_punctuation_mark_into_a_reference():
    """Escaped text holds no ASCII punctuation at all, and reads back as the text."""
    value = string.punctuation + " plain ÄÖü text\nnext line"
    escaped = text(value)
    assert not set(escaped) & (set(string.punctuation) - set("&#;"))
    assert re.sub(r"&#\d+;", "", escaped).isprintable()
    assert html.unescape(escaped) == " ".join(value.split())


def test_verbatim_keeps_line_breaks_and_spaces_on_one_line():
    """A whole source text stays one line of Markdown and reads back unchanged."""
    value = "a  b\n<c>\n\n[d](e)"
    assert "\n" not in verbatim(value)
    assert html.unescape(verbatim(value)) == value


def test_a_blocks_data_cannot_end_its_script_element_and_reads_back_the_same():
    """The JSON a block hands its script holds no character that ends the element or opens markup,
    and parses back to the value; an attribute value cannot end its quotes."""
    value = {"words": "</script><!-- & <b>ça</b>", "rows": ["a", "b"]}
    data = script_json(value)
    assert not set(data) & set("<>&") and json.loads(data) == value
    assert not set(escaped("\"a\" <b> & 'c'")) & set("\"'<>")


def test_prose_writes_what_stands_between_backticks_as_code():
    """A description's `code` is shown as code, its characters escaped, and no backtick is left;
    what it quotes is still marked as the quoted text's language."""
    found = quoting('debris such as `& #160;` and `& kiriki;`, under "autres règles"', "fr")
    assert "`" not in html.unescape(found)
    assert re.findall(r"<code>(.*?)</code>", found) == [text("& #160;"), text("& kiriki;")]
    assert '<span lang="fr">autres règles</span>' in found


def test_anchor_ids_are_case_ids_or_a_hash():
    """A plain case id is its own anchor; anything else becomes a stable hash."""
    assert anchor_id("kiriki-de-sixes-1") == "kiriki-de-sixes-1"
    hostile = '"><script>alert(1)</script>'
    assert re.fullmatch(r"x-[0-9a-f]{12}", anchor_id(hostile))
    assert anchor_id(hostile) == anchor_id(hostile)


HOSTILE_FEATURE = """\
# language: en
@kiriki @source:evil.txt
Feature: <script>alert('feature')</script>
  [x](javascript:alert(1)) {: onclick="alert(2)" }

  @id:kiriki-en-evil-1 @erratum
  Scenario: <img src=x onerror=alert(3)> [y](javascript:alert(4))
    <script>alert(5)</script> {: onclick="alert(6)" } *em* `code` \\| pipe
    Given the dice show 66616
    Then the "sixes" row scores 24

  Scenario Outline: Outline <b onmouseover=alert(7)>
    Given the dice show <dice>
    Then the "sixes" row scores <score>

    Examples: <script>alert(8)</script> {#evil .x onclick=alert(9)}
      [z](javascript:alert(10)) <iframe src="javascript:alert(11)"></iframe>
      | id                            | dice                        | score |
      | kiriki-en-evil-2              | <script>alert(12)</script>  | 24    |
      | "><script>alert(13)</script>  | 66616                       | 24    |
"""

HOSTILE_ERRATA = """\
findings:
  - id: '"><script>alert(20)</script>'
    game: kiriki
    text: en
    source: evil.txt
    kind: erratum
    quote: "<script>alert(21)</script>"
    claim: "[c](javascript:alert(22))"
    truth: "{: onclick=alert(23) }"
    decision: "<a href='javascript:alert(24)'>x</a>"
    holds_under: []
    cases: [kiriki-en-evil-1, '<script>alert(25)</script>']
    translations:
      fr: {claim: "<script>alert(26)</script>", truth: "[t](javascript:alert(27))", decision: "{: onclick=alert(28) }"}
      de: {claim: "<iframe src=x>", truth: "<img src=x onerror=alert(29)>", decision: "d"}
      pl: {claim: "c", truth: "t", decision: "<script>alert(32)</script>"}
"""

HOSTILE_RESULTS = (
    json.dumps(
        {
            "id": "kiriki-en-evil-2",
            "case": True,
            "feature": "kiriki/en/evil.feature",
            "ruleset": "kiriki",
            "test": "tests/test_spec.py::test_x[kiriki-en-evil-2]",
            "outcome": "failed",
            "pytest": "failed",
            "message": "<script>alert(31)</script>",
            "start": "<script>alert(30)</script>",
            "duration": 0.1,
        }
    )
    + "\n"
)


@pytest.fixture(scope="module")
def hostile_root(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("hostile")
    (root / "features" / "kiriki" / "en").mkdir(parents=True)
    (root / "features" / "kiriki" / "en" / "evil.feature").write_text(HOSTILE_FEATURE, encoding="utf-8")
    sources = root / "fixtures" / "sources"
    sources.mkdir(parents=True)
    (sources / "evil.txt").write_text(
        "<script>alert('source')</script>\n[x](javascript:alert(14))\n{: onclick=alert(15)}\n# heading\n",
        encoding="utf-8",
    )
    (sources / "sources.yaml").write_text(
        "- file: evil.txt\n  page: evil\n  languages: [en]\n"
        "  title: {en: '<script>alert(16)</script>', fr: '<b>f</b>', de: '{: onclick=alert(19)}', pl: p}\n"
        "  about: {en: '[x](javascript:alert(17)) {: onclick=alert(18)}', fr: a, de: a, pl: a}\n",
        encoding="utf-8",
    )
    (root / "fixtures" / "errata.yaml").write_text(HOSTILE_ERRATA, encoding="utf-8")
    (root / "artifacts").mkdir()
    (root / "artifacts" / "results.jsonl").write_text(HOSTILE_RESULTS, encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def hostile_site(hostile_root) -> Site:
    """The pages the generator makes of the hostile spec: the smallest build that observes where
    its text is escaped (the generator, and the Markdown it writes), without MkDocs' theme, which
    writes the pages' titles and navigation as the generator gives them."""
    return generate_pages(root=hostile_root)


@pytest.fixture(scope="module")
def hostile(hostile_site) -> dict[str, Node]:
    """Every page of the hostile spec rendered as MkDocs renders it (its Markdown through
    mkdocs.yml's extensions), by its path."""
    return {page.path: parse(rendered(page.markdown)) for page in hostile_site.pages}


def test_hostile_spec_text_cannot_inject_markup_or_script(hostile):
    """Tags, links, attribute lists and entities from features, sources, errata and results all
    land as visible text: no script (but a block's data, JSON), no event handler, no javascript:
    link, no iframe."""
    assert any("sources/evil" in path for path in hostile)
    seen_text = []
    for path, root in hostile.items():
        for node in root.walk():
            where = f"{path}: {node}"
            assert node.tag not in ("iframe", "img"), where
            if node.tag == "script":
                assert node.get("type") == "application/json", where
                json.loads("".join(child for child in node.children if isinstance(child, str)))
            assert not any(name.startswith("on") for name in node.attrs), where
            for name in ("href", "src", "action", "formaction"):
                assert not (node.get(name) or "").strip().lower().startswith("javascript:"), where
            assert "evil" not in (node.get("class") or ""), where
        seen_text.append(root.text())
    everything = "\n".join(seen_text)
    for shown in (
        "<script>alert(5)</script>",
        '{: onclick="alert(6)" }',
        "[z](javascript:alert(10))",
        "<script>alert(12)</script>",
        "{: onclick=alert(15)}",
        "<script>alert(16)</script>",
        "[x](javascript:alert(17)) {: onclick=alert(18)}",
        "{: onclick=alert(19)}",
        "<script>alert(21)</script>",
        "<script>alert(26)</script>",
        "<img src=x onerror=alert(29)>",
        "<script>alert(31)</script>",
        "<script>alert(32)</script>",
    ):
        assert shown in everything, shown


def test_hostile_titles_reach_the_theme_escaped(hostile_site):
    """The titles the theme writes as HTML (a page's, in its front matter; the navigation's) hold
    the spec's text escaped: read as HTML, each is text, the text of the spec."""
    site = hostile_site
    titles = [page.html_title for page in site.pages]
    titles += [title for nav in site.navs.values() for title in _titles(nav)]
    assert "&lt;script&gt;alert(16)&lt;/script&gt;" in titles
    for title in titles:
        root = parse(title)
        assert not [node for node in root.walk() if node is not root], title
        assert root.text() == html.unescape(title)
    source = next(page for page in site.pages if page.path == layout.source("evil"))
    assert json.loads(source.document().split("\n")[1])["title"] == source.html_title


def _titles(nav: list) -> list[str]:
    found = []
    for item in nav:
        for title, value in item.items():
            found += [title, *(_titles(value) if isinstance(value, list) else [])]
    return found


def test_hostile_case_ids_get_a_safe_anchor(hostile):
    """A case id that is not a plain slug still has exactly one anchor in each language, a hash of it."""
    ids = [node.get("id") for root in hostile.values() for node in root.walk() if node.get("id")]
    assert ids.count("kiriki-en-evil-1") == len(layout.LANGUAGES)
    assert ids.count(anchor_id('"><script>alert(13)</script>')) == len(layout.LANGUAGES)


# -- generation -------------------------------------------------------------------------------


def test_passages_follow_the_order_of_the_source_text():
    """A transcription page quotes the passages in the order the text has them, elisions and
    opening quotation marks aside; a passage not found in the text comes last."""
    from dicespec.site.cases import Passage
    from dicespec.site.sources import in_text_order

    def passage(quote: str) -> Passage:
        return Passage(anchor=quote, title=quote, quote=quote, cases=())

    found = in_text_order(
        [passage("nowhere"), passage("«third  part … and more"), passage("first"), passage("second part")],
        "first, then the second part,\nthen the third part and the rest",
    )
    assert [p.quote for p in found] == ["first", "second part", "«third  part … and more", "nowhere"]


# -- odds -------------------------------------------------------------------------------------


def test_row_odds_count_every_roll_of_five_dice():
    """A face row scores on 1 - (5/6)**5 of the rolls, a kiriki on 6 of 7,776, chance always."""
    odds = {row: share for row, _, share, _ in row_odds("kiriki")}
    assert odds["ones"].total == 7776
    assert odds["sixes"].fraction == 1 - Fraction(5, 6) ** 5
    assert odds["kiriki"].count == 6
    assert odds["chance"].fraction == 1
    assert odds["large_straight"].count == 240  # two straights, each in 5! orders


def test_farkle_odds_count_every_roll():
    """With one die, only a 1 or a 5 scores under the reference 10000: a farkle is 2/3."""
    odds = farkle_odds("ten-thousand")
    assert [share.total for _, share in odds] == [6**n for n in range(1, 7)]
    assert odds[0][1].fraction == Fraction(2, 3)
    assert odds[1][1].fraction == Fraction(4, 9)


# -- conformance ------------------------------------------------------------------------------


def _line(
    case_id: str | None, test: str, outcome: str, pytest_outcome: str, message: str = "", ruleset: str | None = None
) -> str:
    return (
        json.dumps(
            {
                "id": case_id or test,
                "case": case_id is not None,
                "feature": None,
                "ruleset": ruleset,
                "test": test,
                "outcome": outcome,
                "pytest": pytest_outcome,
                "message": message,
                "start": "2030-01-01T00:00:00+00:00",
                "duration": 0.01,
            }
        )
        + "\n"
    )


def test_results_are_read_per_case_from_the_results_file(tmp_path):
    """Outcomes come from the JSON lines `make test` writes: an expected failure that failed is
    counted apart, one that passed against the errata is a failure, an error is a failure."""
    ids = [case.id for case in cases()]
    path = tmp_path / "results.jsonl"
    path.write_text(
        "".join(
            [
                _line(ids[0], "t::a", "passed", "passed"),
                _line(ids[0], "t::b", "passed", "xfailed", ruleset="kiriki-fr"),
                _line(ids[1], "t::c", "failed", "failed", "wrong"),
                _line(ids[1], "t::d", "failed", "xpassed", "passes, but the errata expect it to fail: x"),
                _line(None, "t::plain", "passed", "passed"),
                _line(None, "t::broken", "errored", "error", "fixture"),
                _line(None, "t::skip", "skipped", "skipped", "no chromium"),
            ]
        ),
        encoding="utf-8",
    )
    run = read_run(path)
    assert [(r.case, r.outcome) for r in run.results] == [
        (ids[0], "passed"),
        (ids[0], "xfailed"),
        (ids[1], "failed"),
        (ids[1], "failed"),
        (None, "passed"),
        (None, "failed"),
        (None, "skipped"),
    ]
    assert run.results[1].ruleset == "kiriki-fr"
    page = conformance_page(load(REPO), path).markdown
    assert "2030" in page and "## Failures" in page and "## Other failing tests" in page


def test_the_conformance_page_says_when_there_are_no_results(tmp_path):
    """Without a results file the page says so, plainly."""
    page = conformance_page(load(REPO), tmp_path / "missing.jsonl").markdown
    assert "No results yet" in page
