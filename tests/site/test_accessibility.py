"""Every built page of the rules website in a real browser, each loaded once (the survey): it
renders with no console error, and every link within the site reaches a page or file that exists
and the element its fragment names; no page scrolls sideways at a desktop or a phone width;
axe-core (pinned in package.json, installed by ``npm ci`` in the Makefile) finds no serious or
critical violation in the light or the dark palette, its colour-contrast rule included. And the
header and the navigation are reachable by keyboard with a visible focus. The shared browser
fixtures are in ``browser.py``; the site's other browser tests, of one page each, in
``tests/site/test_browser.py``.

Without axe-core (npm missing, ``npm ci`` not run) the axe test is skipped locally and fails
under CI=true. The violations below serious are printed, and every violation is written to
artifacts/accessibility.json.
"""

from __future__ import annotations

import json
import os
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urldefrag, urlsplit

import pytest

from browser import ARTIFACTS, AXE, BLOCKING, NO_TRANSITIONS, TOGGLE
from dicespec.site import layout
from sitebuild import REPO, pages

pytestmark = [
    pytest.mark.slow,  # a browser: out of `make check`, in `make test`
    # The survey of every page, two tabs at once: handed out first under pytest-xdist, beside
    # tests of one process each rather than the other browser walk (tests/order.py).
    pytest.mark.early(100),
]

WIDTHS = {"desktop": (1280, 900), "phone": (390, 844)}
LIGHT, DARK = "default", "slate"  # Material's colour schemes, as mkdocs.yml names them
CONTRAST = "color-contrast"
COLOUR_RULES = [CONTRAST, "link-in-text-block"]  # the rules whose outcome depends on the palette

# What sticks out furthest past the right edge of the window: an element's box or a text's line,
# leaving out what an ancestor that scrolls or clips (a table's own scroll box) keeps inside the
# window and what is fixed to the window.
WIDEST = """() => {
  const limit = window.innerWidth + 1;
  const kept = element => {
    for (let up = element; up && up !== document.body; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (style.position === "fixed") return true;
      if (style.overflowX !== "visible" && up.getBoundingClientRect().right <= limit) return true;
    }
    return false;
  };
  const name = element => `<${element.tagName.toLowerCase()}${element.id ? "#" + element.id : ""}`
    + [...element.classList].map(c => "." + c).join("") + ">";
  const quote = text => `"${(text || "").replace(/\\s+/g, " ").trim().slice(0, 60)}"`;
  let widest = null, right = limit;
  for (const element of document.body.querySelectorAll("*")) {
    const box = element.getBoundingClientRect();
    if (box.right > right && box.width > 0 && !kept(element.parentElement)) {
      right = box.right;
      widest = `${name(element)} ${Math.round(box.width)} px wide: ${quote(element.textContent)}`;
    }
  }
  const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let text = texts.nextNode(); text; text = texts.nextNode()) {
    const range = document.createRange();
    range.selectNodeContents(text);
    const box = range.getBoundingClientRect();
    if (box.right > right && !kept(text.parentElement)) {
      right = box.right;
      widest = `a line of text in ${name(text.parentElement)}, which does not wrap: ${quote(text.textContent)}`;
    }
  }
  return widest === null ? "nothing found" : `${widest}, reaching ${Math.round(right)} px`;
}"""

# Starts axe on the page without waiting for it (so that the two tabs are checked at once, each in
# its renderer process: the two cores share the work); COLLECT_AXE waits for its result.
START_AXE = """rules => {
  const options = {resultTypes: ["violations"], ...(rules ? {runOnly: {type: "rule", values: rules}} : {})};
  const later = new Promise(resolve => setTimeout(resolve, 0));  // axe.run does much of its work before it returns
  window.__dicespecAxe = later.then(() => axe.run(document, options)).then(result => ({
    ran: [...result.passes, ...result.violations, ...result.incomplete].map(rule => rule.id),
    violations: result.violations.map(rule => ({
      id: rule.id, impact: rule.impact, help: rule.help,
      nodes: rule.nodes.map(node => ({target: node.target.join(" "), html: node.html.slice(0, 160),
                                      summary: node.failureSummary})),
    })),
  }));
}"""
COLLECT_AXE = "() => window.__dicespecAxe"
# The page has settled: each scorer block (javascripts/scorer.mjs) and game (play.mjs) says it is ready, or failed,
# once its implementation and data have loaded, which may be after the load event.
SETTLED = (
    "() => [...document.querySelectorAll('.ds-scorer')].every(block => block.dataset.scorer)"
    " && [...document.querySelectorAll('.ds-play')].every(block => block.dataset.play)"
)

# What the focused element is, and whether its focus shows: an outline or a box shadow on it or,
# for a visually hidden control (the palette toggle's radio button), on the label that follows it.
FOCUSED = """() => {
  const element = document.activeElement;
  if (!element || element === document.body) return null;
  const box = element.getBoundingClientRect();
  const hidden = box.width < 2 || box.height < 2 || getComputedStyle(element).opacity === "0";
  const label = element.nextElementSibling;
  const shown = hidden && label && label.tagName === "LABEL" ? label : element;
  const style = getComputedStyle(shown);
  const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
  return {
    html: element.outerHTML.replace(/\\s+/g, " ").slice(0, 120), \
inNav: !!element.closest(".md-sidebar--primary .md-nav"),
    inSelect: !!element.closest(".md-select"), search: element.matches("input.md-search__input"),
    palette: !!element.closest("[data-md-component='palette']"), visible: outline || style.boxShadow !== "none",
  };
}"""


def _url(base_url: str, site: Path, html: Path) -> str:
    return base_url + html.relative_to(site).as_posix().removesuffix("index.html")


def _axe_unavailable(reason: str) -> None:
    message = f"{reason}: the accessibility test needs axe-core, installed by `npm ci` (the Makefile's install step)"
    if os.environ.get("CI") == "true":
        pytest.fail(message + " (CI=true: .ci/run installs npm, `make test` runs npm ci)", pytrace=False)
    pytest.skip(message)


@dataclass
class Survey:
    """What one pass over every page found: the pages that did not load or show no title, the
    console errors, each page's element ids and links, the pages wider than the window at each
    width, and axe's violations in each palette (None where axe-core is not installed)."""

    pages: int = 0
    not_loaded: list[str] = field(default_factory=list)
    console_errors: dict[str, list[str]] = field(default_factory=dict)
    anchors_of: dict[str, set[str]] = field(default_factory=dict)
    links: list[tuple[str, str]] = field(default_factory=list)
    sideways: dict[str, list[str]] = field(default_factory=lambda: {width: [] for width in WIDTHS})
    violations: list[dict[str, Any]] | None = None
    no_contrast: list[str] = field(default_factory=list)
    seconds: float = 0.0


def _tab(browser, site: Path) -> Any:
    """A page in a browser context of its own, at desktop size, in the light palette. The search
    index is served empty (its configuration kept): building the whole index at every page load
    would take a third of the time, and no check here looks at search results."""
    context = browser.new_context(viewport=_size("desktop"), color_scheme="light")
    index = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
    context.route("**/search/search_index.json", lambda route: route.fulfill(json={**index, "docs": []}))
    tab = context.new_page()
    tab.console_errors = []
    tab.on("console", lambda message: message.type == "error" and tab.console_errors.append(message.text))
    tab.on("pageerror", lambda error: tab.console_errors.append(str(error)))
    return tab


def _size(width: str) -> dict[str, int]:
    return dict(zip(("width", "height"), WIDTHS[width], strict=True))


def _palette(tab: Any, palette: str) -> None:
    """Choose ``palette`` with the header's toggle (a no-op where it is the page's)."""
    if tab.evaluate("document.body.dataset.mdColorScheme") != palette:
        tab.evaluate(TOGGLE)
        tab.wait_for_function("palette => document.body.dataset.mdColorScheme === palette", arg=palette, timeout=5000)


def _sideways(tab: Any, url: str, width: str, found: Survey) -> None:
    tab.set_viewport_size(_size(width))
    scroll, window = tab.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    if scroll > window:
        found.sideways[width].append(f"{url}: {scroll} px wide at {window} px; widest: {tab.evaluate(WIDEST)}")


@pytest.fixture(scope="module")
def survey(site, base_url, browser) -> Survey:
    """Every page loaded once, two pages at a time in two tabs (two renderer processes: the two
    cores share the work). Once loaded, the page's title, element ids and links are read. At
    desktop width, the page's width is measured and axe runs every rule in the light palette; the
    header's toggle then chooses the dark palette and axe runs its colour rules again (no other
    rule depends on the palette). The page's width at a phone's width is measured before or
    after, whichever width the tab's previous page ended at. A console error at any point of a
    page's visit is the page's."""
    found = Survey(violations=[] if AXE.is_file() else None)
    tabs = [_tab(browser, site), _tab(browser, site)]
    began = time.monotonic()

    def axe(batch: list[tuple[Any, str]], palette: str, rules: list[str] | None) -> None:
        if found.violations is None:
            return
        for tab, _ in batch:
            _palette(tab, palette)
            tab.evaluate(START_AXE, rules)
        for tab, url in batch:
            result = tab.evaluate(COLLECT_AXE)
            if CONTRAST not in result["ran"]:
                found.no_contrast.append(f"{url} ({palette})")
            found.violations += [
                {"page": url.removeprefix(base_url) or "/", "palette": palette, **rule} for rule in result["violations"]
            ]

    try:
        urls = [_url(base_url, site, html) for html in pages(site)]
        for start in range(0, len(urls), len(tabs)):
            batch = list(zip(tabs, urls[start : start + len(tabs)], strict=False))  # the last batch may be short
            phone_first = {tab: tab.viewport_size == _size("phone") for tab, _ in batch}
            responses = {}
            for tab, url in batch:
                tab.console_errors.clear()
                responses[url] = tab.goto(url, wait_until="commit")  # at the width the tab's last page ended at
            for tab, url in batch:
                tab.wait_for_load_state("load")
                if responses[url] is None or not responses[url].ok or tab.locator("article h1").count() < 1:
                    found.not_loaded.append(
                        f"{url}: {responses[url].status if responses[url] else 'no response'}, "
                        f"{tab.locator('article h1').count()} titles"
                    )
                found.anchors_of[url] = set(tab.eval_on_selector_all("[id]", "els => els.map(e => e.id)"))
                found.links += [
                    (url, href) for href in tab.eval_on_selector_all("a[href]", "els => els.map(e => e.href)")
                ]
                tab.wait_for_function(SETTLED, timeout=15000)
                tab.add_style_tag(content=NO_TRANSITIONS)
                _palette(tab, LIGHT)
                if phone_first[tab]:
                    _sideways(tab, url, "phone", found)
                _sideways(tab, url, "desktop", found)
                if found.violations is not None:
                    tab.add_script_tag(path=str(AXE))
            axe(batch, LIGHT, None)
            axe(batch, DARK, COLOUR_RULES)
            for tab, url in batch:
                _palette(tab, LIGHT)  # the tab's next page opens in the light palette
                if not phone_first[tab]:
                    _sideways(tab, url, "phone", found)  # and at a phone's width: one resize a page
                if tab.console_errors:
                    found.console_errors[url] = list(tab.console_errors)
            found.pages += len(batch)
    finally:
        for tab in tabs:
            tab.context.close()
    found.seconds = time.monotonic() - began
    print(f"{found.pages} pages surveyed in {found.seconds:.0f} s")
    return found


def test_every_page_renders_without_console_errors_and_no_internal_link_is_broken(site, base_url, survey):
    """Home and every generated page load with a title and no console error; every link within the
    site reaches a page or file that exists, and the element its #fragment names."""
    assert not survey.not_loaded, "pages that did not load:\n" + "\n".join(survey.not_loaded)
    assert not survey.console_errors, "\n".join(f"{url}: {errors}" for url, errors in survey.console_errors.items())
    assert len(survey.anchors_of) > 20 and len(survey.links) > 1000, (len(survey.anchors_of), len(survey.links))
    origin, broken = urlsplit(base_url), []
    for source, href in survey.links:
        target, fragment = urldefrag(href)
        parts = urlsplit(target)
        if (parts.scheme, parts.netloc) != (origin.scheme, origin.netloc):
            continue
        path = site / unquote(parts.path).lstrip("/")
        if path.is_dir():
            path = path / "index.html"
        if not path.is_file():
            broken.append(f"{source} -> {href}: no such page")
        elif fragment and path.suffix == ".html" and unquote(fragment) not in survey.anchors_of.get(target, set()):
            broken.append(f"{source} -> {href}: no element #{fragment}")
    assert not broken, "\n".join(broken[:30])


@pytest.mark.parametrize("width", WIDTHS)
def test_no_page_scrolls_sideways(survey, width):
    """At a desktop's and at a phone's width, no page is wider than the window: a wide table or
    block scrolls inside its own box, never the page. A failure names the page and what sticks out."""
    failures = survey.sideways[width]
    assert survey.pages, "no page was checked"
    assert not failures, f"{len(failures)} pages scroll sideways at {width} width:\n" + "\n".join(failures)


def test_axe_finds_no_serious_violation_on_any_page_in_either_palette(survey):
    """axe-core on every page, in the light and in the dark palette: no violation of impact serious
    or critical; its colour-contrast rule ran on every page. The rest is printed as information,
    and every violation is written to artifacts/accessibility.json."""
    if survey.violations is None:
        _axe_unavailable(f"{AXE.relative_to(REPO)} is missing")
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "accessibility.json").write_text(json.dumps(survey.violations, indent=1, ensure_ascii=False) + "\n")
    blocking, other = [], Counter()
    for rule in survey.violations:
        where = f"{rule['page']} ({rule['palette']}): {rule['impact']} {rule['id']}: {rule['help']}"
        if rule["impact"] in BLOCKING:
            nodes = "; ".join(f"{n['target']} {n['html']!r}" for n in rule["nodes"][:3])
            blocking.append(f"{where} [{len(rule['nodes'])} elements: {nodes}]")
        else:
            other[f"{rule['impact']} {rule['id']}: {rule['help']}"] += 1
    for finding, count in other.most_common():
        print(f"axe (not failing): {finding}, on {count} page views")
    assert not survey.no_contrast, f"axe's {CONTRAST} rule did not run on: {', '.join(survey.no_contrast)}"
    assert not blocking, f"{len(blocking)} serious or critical axe violations:\n" + "\n".join(blocking)


def test_the_header_and_navigation_are_reachable_by_keyboard_with_a_visible_focus(base_url, page):
    """On a rules page, Tab alone reaches the palette toggle, the language selector, the search
    field and the navigation's links, and every element it stops at on the way shows where the
    focus is (an outline or a box shadow)."""
    page.goto(base_url + layout.rules("kiriki").removesuffix(".md") + "/", wait_until="load")
    wanted = {
        "palette toggle": "palette",
        "language selector": "inSelect",
        "search field": "search",
        "navigation link": "inNav",
    }
    reached: set[str] = set()
    unseen: list[str] = []
    for _ in range(80):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED)
        if focused is None:
            continue
        reached |= {name for name, key in wanted.items() if focused[key]}
        if not focused["visible"]:
            unseen.append(focused["html"])
        if reached == set(wanted):
            break
    missing = sorted(set(wanted) - reached)
    assert not missing, f"Tab never reached the {', '.join(missing)} (reached: {', '.join(sorted(reached))})"
    assert not unseen, "focus not visible (no outline, no box shadow) on:\n" + "\n".join(unseen)
