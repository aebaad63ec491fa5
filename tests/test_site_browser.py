"""The built rules website in a real browser: Debian's chromium, driven by Playwright.

The site is built into a temporary folder and served from a local HTTP server on 127.0.0.1.
Without chromium (or Playwright) the tests are skipped locally and fail under CI=true.
DICESPEC_CHROMIUM names another chromium executable.
"""

from __future__ import annotations

import functools
import http.server
import os
import threading
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import unquote, urldefrag, urlsplit

import pytest
from sitebuild import REPO, built_site, pages

from dicespec.site import layout
from dicespec.site.data import load
from dicespec.spec import cases

CHROMIUM = Path(os.environ.get("DICESPEC_CHROMIUM", "/usr/bin/chromium"))  # Debian's; another path for other systems
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]
ARTIFACTS = REPO / "artifacts"

pytestmark = pytest.mark.slow  # a browser: out of `make check`, in `make test`


def _unavailable(reason: str) -> None:
    message = f"{reason}: the browser tests of the site need Debian's chromium and Playwright for Python"
    if os.environ.get("CI") == "true":
        pytest.fail(message + " (CI=true: installing them is part of .ci/run)", pytrace=False)
    pytest.skip(message)


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    return built_site(tmp_path_factory)


@pytest.fixture(scope="module")
def base_url(site: Path) -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_QuietHandler, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser():
    if not CHROMIUM.exists():
        _unavailable(f"{CHROMIUM} is missing")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("Playwright for Python is not installed")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.console_errors = []  # type: ignore[attr-defined]
    page.on("console", lambda m: m.type == "error" and page.console_errors.append(m.text))
    page.on("pageerror", lambda e: page.console_errors.append(str(e)))
    try:
        yield page
    finally:
        context.close()


def _url(site: Path, html: Path) -> str:
    relative = html.relative_to(site).as_posix()
    return relative.removesuffix("index.html")


def test_every_page_renders_without_console_errors_and_no_internal_link_is_broken(site, base_url, page):
    """Home and every generated page load with no console error; every link within the site
    reaches a page or file that exists, and the element its #fragment names."""
    origin = urlsplit(base_url)
    anchors_of: dict[str, set[str]] = {}
    links: list[tuple[str, str]] = []
    for html in pages(site):
        url = base_url + _url(site, html)
        page.console_errors.clear()
        response = page.goto(url, wait_until="load")
        assert response is not None and response.ok, url
        assert page.locator("article h1").count() >= 1, f"{url}: no title"
        assert not page.console_errors, f"{url}: {page.console_errors}"
        anchors_of[url] = set(page.eval_on_selector_all("[id]", "els => els.map(e => e.id)"))
        for href in page.eval_on_selector_all("a[href]", "els => els.map(e => e.href)"):
            links.append((url, href))
    assert len(anchors_of) > 20 and len(links) > 1000, (len(anchors_of), len(links))
    broken = []
    for source, href in links:
        target, fragment = urldefrag(href)
        parts = urlsplit(target)
        if (parts.scheme, parts.netloc) != (origin.scheme, origin.netloc):
            continue
        path = site / unquote(parts.path).lstrip("/")
        if path.is_dir():
            path = path / "index.html"
        if not path.is_file():
            broken.append(f"{source} -> {href}: no such page")
        elif fragment and path.suffix == ".html" and unquote(fragment) not in anchors_of.get(target, set()):
            broken.append(f"{source} -> {href}: no element #{fragment}")
    assert not broken, "\n".join(broken[:30])


def test_the_home_page_shows_the_games_and_is_saved_as_a_screenshot(base_url, page):
    """The home page names both games; its screenshot goes to artifacts/."""
    page.goto(base_url)
    assert "Kiriki" in page.inner_text("article") and "10000" in page.inner_text("article")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "site-home.png"), full_page=False)


def test_search_finds_kiriki(base_url, page):
    """The site search (a local index, no network) finds pages about Kiriki."""
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
    page.goto(f"{base_url}generated/kiriki/#{case.id}")
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
    assert page.inner_text("article h1").startswith("Transcription de")
    assert page.locator(".md-select__link[hreflang='en']").get_attribute("href")
