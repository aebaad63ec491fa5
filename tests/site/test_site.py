"""The rules website: generated pages, escaping, anchors, odds and conformance results."""

from __future__ import annotations

import html
import json
import re
import string
from fractions import Fraction
from pathlib import Path

import pytest

from dicespec.registry import game_names
from dicespec.site import layout
from dicespec.site import pages as generate_pages
from dicespec.site.conformance import conformance_page, read_run
from dicespec.site.data import load
from dicespec.site.markup import anchor_id, escaped, quoting, script_json, text, verbatim
from dicespec.site.odds import farkle_odds, row_odds
from dicespec.spec import cases
from sitebuild import REPO, Elements, build_site, built_site, pages

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
def hostile_site(hostile_root, tmp_path_factory) -> Path:
    return build_site(tmp_path_factory.mktemp("hostile-site"), root=hostile_root)


def test_hostile_spec_text_cannot_inject_markup_or_script(hostile_site):
    """Tags, links, attribute lists and entities from features, sources, errata and results all
    land as visible text: no script, no event handler, no javascript: link, no iframe."""
    visited = pages(hostile_site)
    assert any("sources/evil" in str(p) for p in visited)
    seen_text = []
    for page in visited:
        elements = Elements.of(page)
        for tag, attrs in elements.tags:
            where = f"{page.relative_to(hostile_site)}: <{tag} {attrs}>"
            assert tag not in ("iframe", "img"), where
            assert not any(name.startswith("on") for name in attrs), where
            for name in ("href", "src", "action", "formaction"):
                assert not (attrs.get(name) or "").strip().lower().startswith("javascript:"), where
            assert "evil" not in (attrs.get("class") or ""), where
        raw = page.read_text(encoding="utf-8")
        assert not re.search(r"<script[^>]*>\s*alert", raw), page
        seen_text.append("".join(elements.text))
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


def test_hostile_case_ids_get_a_safe_anchor(hostile_site):
    """A case id that is not a plain slug still has exactly one anchor in each language, a hash of it."""
    ids = [i for page in pages(hostile_site) for i in Elements.of(page).ids()]
    assert ids.count("kiriki-en-evil-1") == len(layout.LANGUAGES)
    assert ids.count(anchor_id('"><script>alert(13)</script>')) == len(layout.LANGUAGES)


# -- the real site ----------------------------------------------------------------------------


@pytest.fixture(scope="session")
def site(once) -> Path:
    return built_site(once)


def test_every_case_has_exactly_one_anchor_in_each_language(site):
    """Each case id of features/ is the id of exactly one element of each language's pages: its
    game's rules page in that language (the same permanent anchor in every language)."""
    all_cases = cases()
    assert all_cases, "no cases in features/"
    for lang in layout.LANGUAGES:
        ids: dict[str, list[str]] = {}
        for page in pages(site):
            relative = page.relative_to(site).as_posix()
            if layout.language_of(relative) != lang:
                continue
            for element_id in Elements.of(page).ids():
                ids.setdefault(element_id, []).append(relative)
        wrong = {case.id: ids.get(case.id, []) for case in all_cases if len(ids.get(case.id, [])) != 1}
        assert not wrong, f"{lang}: case ids without exactly one anchor (id: pages holding it): {wrong}"
        homes = {case.id: ids[case.id][0] for case in all_cases}
        assert all(homes[case.id] == _html(layout.rules(case.game, lang)) for case in all_cases if case.game)


def _html(path: str) -> str:
    """The built file of the page at ``path`` (relative to the docs folder; directory URLs)."""
    stem = path.removesuffix(".md")
    return stem + ".html" if stem == "index" or stem.endswith("/index") else stem + "/index.html"


def test_every_page_of_the_site_is_built_in_every_language_at_a_clean_address(site):
    """Home, each game's rules, every source text, errata, rulesets, odds, optimal play,
    conformance and protocol, in four languages; no address shows `generated` or a file hash."""
    data = load(REPO)
    expected = []
    for lang in layout.LANGUAGES:
        expected += [
            layout.home(lang),
            layout.sources(lang),
            layout.errata(lang),
            layout.rulesets(lang),
            layout.odds(lang),
            layout.optimal(lang),
            layout.conformance(lang),
            layout.protocol(lang),
        ]
        expected += [layout.rules(game, lang) for game in game_names()]  # every game of the registry
        expected += [layout.source(source.slug, lang) for source in data.sources.values()]
    assert "10000.md" in expected and "fr/kiriki.md" in expected and "sources/kiriki-fr-de.md" in expected
    missing = [path for path in expected if not (site / _html(path)).is_file()]
    assert not missing
    addresses = [page.relative_to(site).as_posix() for page in pages(site)]
    assert not [a for a in addresses if "generated" in a or re.search(r"[0-9a-f]{12}", a)]


def test_a_rules_example_quotes_its_finding(site):
    """An erratum's example says so, and links to its finding on the errata page."""
    by_case = load(REPO).findings_by_case
    case, finding = next((case, by_case[case.id][0]) for case in cases() if case.id in by_case and case.game)
    page = (site / _html(layout.rules(case.game))).read_text(encoding="utf-8")
    assert f'href="../errata/#finding-{finding.id}"' in page


def test_the_rulesets_page_offers_each_ruleset_s_test_data(site):
    """The test data a build offers (a test build: greed's) is what ``dicespec export`` writes,
    gzipped, and the Rulesets page links to it with its counts."""
    import gzip

    from dicespec.export import dumps, export
    from sitebuild import TEST_DOWNLOADS

    [ruleset] = TEST_DOWNLOADS.split(",")
    path = site / layout.download(ruleset)
    assert gzip.decompress(path.read_bytes()).decode("utf-8") == dumps(export(ruleset))
    page = (site / "rulesets" / "index.html").read_text(encoding="utf-8")
    assert f'href="../downloads/{ruleset}.json.gz"' in page
    assert re.search(r"<td>56</td>\s*<td>13,698</td>", page)
    assert re.search(
        r"<td>56</td>\s*<td>13\.698</td>", (site / "de" / "rulesets" / "index.html").read_text(encoding="utf-8")
    )
    assert sorted(p.name for p in (site / "downloads").iterdir()) == [f"{ruleset}.json.gz"]


# -- generation -------------------------------------------------------------------------------


def _listed(items: list) -> list[str]:
    found = []
    for item in items:
        for value in item.values():
            found += _listed(value) if isinstance(value, list) else [value]
    return found


def test_each_language_has_its_own_navigation_of_its_own_pages():
    """Each language's navigation names each of its generated pages once, and no page of another
    language; its section labels are in that language."""
    hand_written = {path.relative_to(REPO / "docs").as_posix() for path in (REPO / "docs").rglob("*.md")}
    site = generate_pages(hand_written=hand_written)
    made = {page.path for page in site.pages}
    for lang, nav in site.navs.items():
        listed = _listed(nav)
        assert len(listed) == len(set(listed)), lang
        assert all(path in made or path in hand_written for path in listed), lang
        assert all(layout.language_of(path) == lang for path in listed), lang
        assert {page.path for page in site.pages if page.lang == lang} - {layout.MUTATION} <= set(listed), lang
    assert [next(iter(item)) for item in site.navs["fr"]][:4] == ["Accueil", "Règles", "Jouer", "Textes sources"]
    assert layout.rules("kiriki", "pl") in _listed(site.navs["pl"])


def test_a_build_writes_nothing_into_the_docs_folder(site):
    """The generated pages are files of the build, not of the docs folder (the run's one build,
    from its own copy of the docs beside the site)."""
    workdir = site.parent
    assert (site / "kiriki" / "index.html").is_file() and (workdir / "docs" / "index.md").is_file()
    assert not (workdir / "docs" / "generated").exists()
    assert not list((workdir / "docs").rglob("kiriki.md"))


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
