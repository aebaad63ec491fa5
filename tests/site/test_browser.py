"""The built rules website in a real browser, a page or two each: the home page, search, an
example's anchor, the language selector and the findings filter. Every page at once (loaded once
for all its checks: rendering, links, layout, accessibility) is ``tests/site/test_accessibility.py``;
the shared fixtures are in ``browser.py``."""

from __future__ import annotations

import pytest

from browser import ARTIFACTS
from dicespec.site import layout
from dicespec.site.data import load
from dicespec.spec import cases
from sitebuild import REPO

pytestmark = pytest.mark.slow  # a browser: out of `make check`, in `make test`


def test_the_home_page_shows_the_games_and_is_saved_as_a_screenshot(base_url, page):
    """The home page names both games; its screenshot goes to artifacts/."""
    page.goto(base_url)
    assert "Kiriki" in page.inner_text("article") and "10000" in page.inner_text("article")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "site-home.png"), full_page=False)


def test_search_finds_kiriki(base_url, page_with_search):
    """The site search (a local index, no network) finds pages about Kiriki."""
    page = page_with_search
    page.goto(base_url)
    page.click("input.md-search__input")
    page.wait_for_function(  # the index is built in a web worker; "Initializing search" until then
        "() => !/Initializing/i.test(document.querySelector('.md-search-result__meta').textContent)",
        timeout=30000,
    )
    page.locator("input.md-search__input").press_sequentially("kiriki")
    results = page.locator(".md-search-result__item")
    results.first.wait_for(state="visible", timeout=15000)
    assert results.count() > 0
    assert "kiriki" in page.inner_text(".md-search-result").lower()


def test_an_example_anchor_scrolls_to_its_example(base_url, page):
    """Opening a rules page at #<case id> shows that example's row at the top of the window."""
    case = [c for c in cases() if c.game == "kiriki"][-1]
    page.goto(f"{base_url}kiriki/#{case.id}")
    page.wait_for_function("() => window.scrollY > 0", timeout=5000)
    row = page.locator(f"tr:has(a[id='{case.id}'])")
    assert case.id in row.inner_text()
    box = row.bounding_box()
    assert box is not None and 0 <= box["y"] < 900 / 2, box


def test_the_language_switcher_reaches_the_french_transcription_page(base_url, page):
    """From a source text's English transcription, the header's language selector leads to its
    French version; a screenshot of the transcription goes to artifacts/."""
    source = next(iter(load(REPO).sources.values()))
    english = layout.source(source.slug).removesuffix(".md") + "/"
    page.goto(base_url + english)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "site-transcription.png"), full_page=False)
    page.hover(".md-header__option .md-select")
    page.click(".md-select__link[hreflang='fr']")
    french = layout.source(source.slug, "fr").removesuffix(".md") + "/"
    page.wait_for_url(base_url + french, timeout=5000)
    assert page.inner_text("article h1").startswith(source.title("fr"))
    assert page.get_attribute("html", "lang") == "fr"
    assert page.locator(".md-select__link[hreflang='en']").get_attribute("href")


def test_the_findings_filter_shows_the_findings_asked_for(base_url, page):
    """On the Errata page (in German here), choosing a kind, then a game, shows exactly those
    findings and says how many; back to all, every finding shows."""
    findings = load(REPO).findings
    page.goto(base_url + layout.errata("de").removesuffix(".md") + "/")
    blocks = page.locator(".ds-finding")
    assert blocks.count() == len(findings)

    def shown() -> set[str]:
        return set(page.eval_on_selector_all(".ds-finding:not([hidden])", "els => els.map(e => e.id)"))

    page.select_option("form.ds-filter select[name=kind]", "erratum")
    errata = {f"finding-{f.id}" for f in findings if f.kind == "erratum"}
    assert shown() == errata
    page.select_option("form.ds-filter select[name=game]", "kiriki")
    assert shown() == {f"finding-{f.id}" for f in findings if f.kind == "erratum" and f.game == "kiriki"}
    assert page.inner_text("form.ds-filter output").startswith(f"{len(shown())} von {len(findings)}")
    page.select_option("form.ds-filter select[name=kind]", "")
    page.select_option("form.ds-filter select[name=game]", "")
    assert len(shown()) == len(findings)
