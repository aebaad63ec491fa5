"""No table of the rules website scrolls sideways at a desktop's width (1280 px): every column fits
the page's column, its long words and code wrapping inside their cells. At a phone's width a wide
table may scroll inside its own box (``tests/site/test_accessibility.py`` checks that the page itself
never does). The shared browser fixtures are in ``browser.py``.

Every page of the built site is visited, and the Conformance page once more with a results file:
its tables of results are only on the page after a test run (``artifacts/results.jsonl``), which
the site the other tests share may not have.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from dicespec.site import layout
from dicespec.site.data import load
from dicespec.spec.results import Result
from sitebuild import REPO, build_site, pages

pytestmark = [
    pytest.mark.slow,  # a browser: out of `make check`, in `make test`
    pytest.mark.early(90),  # every page, and a second build: handed out early under xdist (tests/order.py)
]

DESKTOP = {"width": 1280, "height": 900}
# The page has settled: each scorer block (javascripts/scorer.mjs) says it is ready, or failed.
SETTLED = "() => [...document.querySelectorAll('.ds-scorer')].every(block => block.dataset.scorer)"

# Every table of the page that is wider than the box it scrolls in: mkdocs-material's scroll box
# around a Markdown table (.md-typeset__scrollwrap), or for a table without one (the scorer's) the
# table itself and its parent's content box. Each named by its place on the page, its first header
# cells and its widths.
WIDE_TABLES = """() => [...document.querySelectorAll("article table")].flatMap((table, number) => {
  const heads = [...(table.rows[0] ? table.rows[0].cells : [])].slice(0, 3)
    .map(cell => cell.textContent.replace(/\\s+/g, " ").trim().slice(0, 30));
  const name = `table ${number + 1} ${heads.map(head => `"${head}"`).join(", ")}${table.rows[0]
    && table.rows[0].cells.length > 3 ? ", …" : ""}`;
  const wrap = table.closest(".md-typeset__scrollwrap");
  if (wrap) {
    return wrap.scrollWidth > wrap.clientWidth
      ? [`${name}: ${wrap.scrollWidth} px wide in a scroll box of ${wrap.clientWidth} px`] : [];
  }
  const parent = table.parentElement, style = getComputedStyle(parent);
  const room = parent.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  const width = Math.max(table.scrollWidth, table.getBoundingClientRect().width);
  return width > room + 1 ? [`${name}: ${Math.round(width)} px wide in ${Math.round(room)} px`] : [];
})"""


def _wide_tables(browser, base_url: str, site: Path, only: str = "") -> tuple[int, int, list[str]]:
    """Every page of ``site`` (those whose address holds ``only``) at desktop size: how many pages
    and tables were seen, and each table that scrolls sideways, with its page."""
    context = browser.new_context(viewport=DESKTOP)
    # The search index is served empty: no check here looks at search results.
    context.route("**/search/search_index.json", lambda route: route.fulfill(json={"config": {}, "docs": []}))
    tab = context.new_page()
    seen_pages, seen_tables, wide = 0, 0, []
    try:
        for html in pages(site):
            address = html.relative_to(site).as_posix().removesuffix("index.html")
            if only not in address:
                continue
            tab.goto(base_url + address, wait_until="load")
            tab.wait_for_function(SETTLED, timeout=15000)
            seen_pages += 1
            seen_tables += tab.locator("article table").count()
            wide += [f"/{address}: {table}" for table in tab.evaluate(WIDE_TABLES)]
    finally:
        context.close()
    return seen_pages, seen_tables, wide


def test_no_table_scrolls_sideways_at_desktop_width(browser, base_url, site):
    """At 1280 px wide, no table of any page is wider than its scroll box."""
    seen_pages, seen_tables, wide = _wide_tables(browser, base_url, site)
    assert seen_pages > 50 and seen_tables > 100, (seen_pages, seen_tables)
    assert not wide, f"{len(wide)} tables scroll sideways at {DESKTOP['width']} px:\n" + "\n".join(wide)


# -- the Conformance page with results ----------------------------------------------------------


def _results(root: Path) -> str:
    """A run's results file for the spec of ``root``: every case run once, most passing; some an
    expected failure, skipped or failing; and a few tests that run no case, one failing."""
    outcomes = [("passed", "passed")] * 17 + [("passed", "xfailed"), ("skipped", "skipped"), ("failed", "failed")]
    lines = []
    for number, case in enumerate(load(root).cases):
        outcome, status = outcomes[number % len(outcomes)]
        message = (
            f"AssertionError: expected {{'score': 25}} from {case.id}, got {{'score': 0}}"
            if outcome == "failed"
            else ""
        )
        lines.append(
            Result(
                id=case.id,
                case=True,
                feature=case.path,
                ruleset="kiriki-de",
                test=f"tests/test_spec.py::{case.id}",
                outcome=outcome,
                pytest=status,
                message=message,
                start="2030-01-02T03:04:05+00:00",
                duration=0.01,
            )
        )
    for number in range(3):
        test = f"tests/site/test_tables.py::test_of_no_case_{number}"
        outcome = "failed" if number == 0 else "passed"
        message = "assert 1 == 2" if number == 0 else ""
        lines.append(Result(test, False, None, None, test, outcome, outcome, message))
    return "".join(json.dumps(line.to_json()) + "\n" for line in lines)


@pytest.fixture(scope="module")
def site_with_results(tmp_path_factory) -> Path:
    """The site built over the checkout's spec with a results file beside it."""
    root = tmp_path_factory.mktemp("spec-with-results")
    for folder in ("features", "fixtures"):
        (root / folder).symlink_to(REPO / folder, target_is_directory=True)
    (root / "artifacts").mkdir()
    (root / "artifacts" / "results.jsonl").write_text(_results(root), encoding="utf-8")
    return build_site(tmp_path_factory.mktemp("site-with-results"), root=root)


@contextlib.contextmanager
def _served(folder: Path) -> Iterator[str]:
    """``folder`` served on 127.0.0.1 while the block runs: its address."""

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


def test_no_table_of_the_conformance_page_with_results_scrolls_sideways(browser, site_with_results):
    """The Conformance page after a test run, in every language: its totals, its results per
    feature and its failures each fit at 1280 px."""
    address = layout.conformance("en").removesuffix(".md")  # and below each language's folder
    with _served(site_with_results) as base_url:
        seen_pages, seen_tables, wide = _wide_tables(browser, base_url, site_with_results, address)
    assert seen_pages == len(layout.LANGUAGES) and seen_tables >= 3 * seen_pages, (seen_pages, seen_tables)
    assert not wide, f"{len(wide)} tables scroll sideways at {DESKTOP['width']} px:\n" + "\n".join(wide)
