"""The rules website's generator, in process: a hostile spec's text lands as text, its titles reach
the theme escaped, its case ids get a safe anchor. The built site's pages are
``test_built_site.py``'s; each generating module's own tests are its mirror file's
(``test_markup.py``, ``test_odds.py``, ...)."""

from __future__ import annotations

import html
import json
from pathlib import Path

import pytest

from dicespec.site import Site, layout
from dicespec.site import pages as generate_pages
from dicespec.site.markup import anchor_id
from sitebuild import rendered
from sitepages import Node, parse

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
      de: {claim: "<iframe src=x onload=alert(33)>", truth: "<img src=x onerror=alert(29)>", decision: "d"}
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
    """Every page of the hostile spec that holds its text, rendered as MkDocs renders it (its
    Markdown through mkdocs.yml's extensions), by its path: every string the hostile spec injects
    says ``alert``, so a page whose Markdown does not holds none of it."""
    return {page.path: parse(rendered(page.markdown)) for page in hostile_site.pages if "alert" in page.markdown}


@pytest.mark.slow
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
