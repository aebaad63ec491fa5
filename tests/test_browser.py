"""The browser tests' own helpers (tests/browser.py), where they can be checked without a browser."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from browser import without_search_results

playwright = pytest.importorskip("playwright.sync_api")


class _Context:
    """A browser context that keeps the route handlers given it."""

    def __init__(self) -> None:
        self.handlers: list = []

    def route(self, pattern: str, handler) -> None:
        self.handlers.append(handler)


class _Route:
    """A request for the search index whose fetch fails with ``message``."""

    def __init__(self, message: str) -> None:
        self.message = message
        self.request = SimpleNamespace(url="http://127.0.0.1:1/search/search_index.json")

    def fetch(self):
        raise playwright.Error(self.message)


def test_an_index_fetch_cut_short_by_the_test_s_end_is_let_go_and_any_other_failure_is_not() -> None:
    """A context closed while its page still fetched the search index disposes of the response
    (a CI run failed on it, at the setup of the next test): that is let go; a fetch that fails for
    any other reason still fails the test."""
    context = _Context()
    without_search_results(context)
    (serve,) = context.handlers
    serve(_Route("APIResponse.json: Response has been disposed"))
    serve(_Route("Target page, context or browser has been closed"))
    with pytest.raises(playwright.Error, match="ERR_CONNECTION_REFUSED"):
        serve(_Route("net::ERR_CONNECTION_REFUSED"))
