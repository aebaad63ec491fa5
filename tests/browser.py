"""The browser the site tests share: Debian's chromium driven by Playwright, the built site served
from a local HTTP server on 127.0.0.1. Without chromium (or Playwright) the tests are skipped
locally and fail under CI=true. DICESPEC_CHROMIUM names another chromium executable.

tests/conftest.py loads this module as a plugin: a test takes the fixtures ``site``, ``base_url``,
``browser``, ``page`` and ``page_with_search`` by naming them, without importing them. The first
three are module-scoped (each test module has its own server and browser), a page is one per test;
a module may define its own ``site`` in their place. A page's search finds nothing, but
``page_with_search``'s: the theme would build its whole index at every page load.
"""

from __future__ import annotations

import functools
import http.server
import os
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from sitebuild import REPO, built_site

try:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
except ImportError:  # the browser tests are skipped without Playwright (the browser fixture says so)

    class PlaywrightTimeout(Exception):  # type: ignore[no-redef]
        """Playwright's timeout, which nothing raises without it."""


CHROMIUM = Path(os.environ.get("DICESPEC_CHROMIUM", "/usr/bin/chromium"))  # Debian's; another path for other systems
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ARTIFACTS = REPO / "artifacts"
# axe-core, pinned in package.json and installed by `npm ci` (the Makefile), and the impacts of its
# findings that fail a test (moderate and minor ones are printed).
AXE = REPO / "node_modules" / "axe-core" / "axe.min.js"
BLOCKING = ("critical", "serious")  # the impacts that fail the test; moderate and minor are printed
# The header's palette toggle, as a reader clicks it: the label shown is the other palette's.
TOGGLE = """() => document.querySelector("[data-md-component='palette'] label:not([hidden])").click()"""
# Colours change at once: a transition would show axe the colours half-way.
NO_TRANSITIONS = "*, *::before, *::after { transition: none !important; animation: none !important; }"


def _unavailable(reason: str) -> None:
    message = f"{reason}: the browser tests of the site need Debian's chromium and Playwright for Python"
    if os.environ.get("CI") == "true":
        pytest.fail(message + " (CI=true: installing them is part of .ci/run)", pytrace=False)
    pytest.skip(message)


def require_axe() -> None:
    """Skip the test without axe-core (``npm ci`` not run) locally; fail it under CI=true, which must run it."""
    if AXE.is_file():
        return
    message = f"{AXE.relative_to(REPO)} is missing: the accessibility tests need axe-core, installed by `npm ci`"
    if os.environ.get("CI") == "true":
        pytest.fail(message + " (CI=true: .ci/run installs npm, `make test` runs npm ci)", pytrace=False)
    pytest.skip(message)


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def site(once) -> Path:
    return built_site(once)


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


SEARCH_INDEX = "**/search/search_index.json"
CLOSED_UNDER_THE_FETCH = ("has been disposed", "has been closed", "context disposed")
"""What Playwright says of a fetch whose page or context a test closed under it."""


def without_search_results(context) -> None:
    """Serve the site's search index to every page of ``context`` with its configuration and no
    documents: at every page load the theme builds the whole index (some 5 MB) in a web worker,
    seconds of processor time a page beside the page's own scripts, and no test but the search
    test (``page_with_search``) reads search results."""
    from playwright.sync_api import Error

    empty: dict[str, object] = {}

    def serve(route) -> None:
        url = route.request.url
        try:
            if url not in empty:
                empty[url] = {**route.fetch().json(), "docs": []}
            route.fulfill(json=empty[url])
        except Error as error:
            # A test that ends while a page of its context still loads the index closes the
            # context under the fetch: the response, or the whole request context, is disposed,
            # and Playwright raised that in whatever test called it next (CI runs failed so, at
            # the setup of another test: "has been disposed", and "Request context disposed").
            # Nobody is left to read the index then; any other error is the test's.
            if not any(words in error.message for words in CLOSED_UNDER_THE_FETCH):
                raise

    context.route(SEARCH_INDEX, serve)


def _page(context):
    page = context.new_page()
    page.console_errors = []  # type: ignore[attr-defined]
    page.on("console", lambda m: m.type == "error" and page.console_errors.append(m.text))
    page.on("pageerror", lambda e: page.console_errors.append(str(e)))
    return page


@pytest.fixture
def page(browser):
    """A page at desktop size, in a browser context of its own, whose search finds nothing
    (:func:`without_search_results`); ``page.console_errors`` collects its console's errors."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    without_search_results(context)
    try:
        yield _page(context)
    finally:
        context.close()


@pytest.fixture
def page_with_search(browser):
    """A page as :func:`page` gives it, with the site's whole search index."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        yield _page(context)
    finally:
        context.close()
