"""The pages that stand for every template of the rules website (``sitepages.representatives``:
each template in each language, and every kind of element any page shows) in a real browser,
each loaded once (the survey): it renders with no console error; no page scrolls sideways at a
desktop or a phone width; no table is wider than its box at a desktop's width, and each Markdown
table's narrowest width, as the browser lays it out, is no more than the static reading of it
(``widths.py``) that ``tests/site/test_built_site.py`` holds every table of every page to, with
the room that reading gives it; axe-core (pinned in package.json, installed by ``npm ci`` in the
Makefile) finds no serious or critical violation in the light or the dark palette, its
colour-contrast rule included. And the header and the navigation are reachable by keyboard with
a visible focus, and the glyph widths the static reading uses are those chromium draws. A survey
that found nothing wrong is kept for the next run of the same site, browser and tests
(``tests/kept.py``). What a static reading of the HTML can check (links, anchors, titles, names
and labels, tables) is checked on every page by ``test_built_site.py``. The shared browser
fixtures are in ``browser.py``; the site's other browser tests, of one page each, in
``tests/site/test_browser.py``.

Without axe-core (npm missing, ``npm ci`` not run) the axe test is skipped locally and fails
under CI=true. The violations below serious are printed, and every violation is written to
artifacts/accessibility.json.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from dataclasses import asdict, dataclass, field, replace
from importlib import metadata
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from browser import (
    ARTIFACTS,
    AXE,
    BLOCKING,
    CHROMIUM_ARGS,
    NO_TRANSITIONS,
    TOGGLE,
    require_axe,
    without_search_results,
)
from dicespec.caches import files_digest
from dicespec.site import layout
from folders import REPO, TESTS
from kept import kept
from sitebuild import pages, site_inputs
from sitepages import address, representatives, tree
from widths import GLYPHS, GLYPHS_FILE, ROUNDING, STYLES, markdown_tables, narrowest, room

pytestmark = [
    pytest.mark.slow,  # a browser: out of `make check`, in `make test`
    # The survey, two tabs at once (190 s; 5 s where it is kept): handed out first under
    # pytest-xdist, beside tests of one process each rather than another browser (tests/order.py).
    pytest.mark.early(190),
]

WIDTHS = {"desktop": (1280, 900), "phone": (390, 844)}
LIGHT, DARK = "default", "slate"  # Material's colour schemes, as mkdocs.yml names them
CONTRAST = "color-contrast"
COLOUR_RULES = [CONTRAST, "link-in-text-block"]  # the rules whose outcome depends on the palette
TOLERANCE = 0.01  # px: the browser lays out in 1/64 px

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

# Every table of the article as the browser lays it out at the window's width: for one in
# mkdocs-material's scroll box (.md-typeset__scrollwrap, round a Markdown table) the room inside the
# box's padding, else its parent's content box; its width; then, every table at once made as narrow
# as it can be (min-content: tables do not share their widths), its narrowest width.
TABLES = """() => {
  const tables = [...document.querySelectorAll("article table")];
  const found = tables.map(table => {
    const wrap = table.closest(".md-typeset__scrollwrap");
    const parent = table.parentElement, style = getComputedStyle(parent);
    const inner = wrap ? getComputedStyle(wrap.firstElementChild) : null;
    const room = wrap ? wrap.clientWidth - parseFloat(inner.paddingLeft) - parseFloat(inner.paddingRight)
      : parent.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const width = Math.max(table.scrollWidth, table.getBoundingClientRect().width);
    const heads = [...(table.rows[0] ? table.rows[0].cells : [])].slice(0, 3)
      .map(cell => cell.textContent.replace(/\\s+/g, " ").trim().slice(0, 30));
    return {markdown: !table.className, heads, room, width,
            scrolls: wrap ? wrap.scrollWidth > wrap.clientWidth : width > room + 1};
  });
  const given = tables.map(table => table.style.width);
  tables.forEach(table => { table.style.width = "min-content"; });
  tables.forEach((table, index) => { found[index].narrowest = table.getBoundingClientRect().width; });
  tables.forEach((table, index) => { table.style.width = given[index]; });
  return found;
}"""

# The advance widths, in em, of each character in each style of a table's text, as chromium draws
# them in the article (what tests/glyphs.json holds): twenty of it in a row, at 100 px.
GLYPH_WIDTHS = """chars => {
  const box = document.createElement("div");
  box.style.cssText = "position:absolute;left:0;top:0;font-size:100px;white-space:pre;";
  document.querySelector("article").append(box);
  const make = {
    regular: () => document.createElement("span"),
    bold: () => document.createElement("strong"),
    code: () => {
      const code = document.createElement("code");
      code.style.cssText = "padding:0;font-size:100px;";
      return code;
    },
  };
  const found = {};
  for (const [style, element] of Object.entries(make).map(([style, made]) => [style, box.appendChild(made())])) {
    found[style] = {};
    for (const char of chars) {
      element.textContent = char.repeat(20);
      found[style][char] = element.getBoundingClientRect().width / 20 / 100;
    }
  }
  box.remove();
  return found;
}"""

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
    return base_url + address(site, html)


@dataclass
class Survey:
    """What one pass over the pages found: the pages that did not load or show no title, the
    console errors, the pages wider than the window at each width, the tables wider than their
    box or narrower in the browser than their static reading, and axe's violations in each
    palette (None where axe-core is not installed)."""

    pages: list[str] = field(default_factory=list)
    not_loaded: list[str] = field(default_factory=list)
    console_errors: dict[str, list[str]] = field(default_factory=dict)
    sideways: dict[str, list[str]] = field(default_factory=lambda: {width: [] for width in WIDTHS})
    tables: int = 0
    wide_tables: list[str] = field(default_factory=list)
    misread_tables: list[str] = field(default_factory=list)
    violations: list[dict[str, Any]] | None = None
    no_contrast: list[str] = field(default_factory=list)
    seconds: float = 0.0


def _tab(browser) -> Any:
    """A page in a browser context of its own, at desktop size, in the light palette, whose search
    finds nothing (``browser.without_search_results``)."""
    context = browser.new_context(viewport=_size("desktop"), color_scheme="light")
    without_search_results(context)
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


def _tables(tab: Any, url: str, html: Path, found: Survey) -> None:
    """The page's tables at desktop width: none wider than its box; each Markdown table, in page
    order, no narrower in the static reading than in the browser, and given the room the browser gives it."""
    measured = tab.evaluate(TABLES)
    found.tables += len(measured)
    for number, table in enumerate(measured, start=1):
        if table["scrolls"]:
            found.wide_tables.append(
                f"{url}: table {number} {table['heads']}: {table['width']:.0f} px wide in {table['room']:.0f} px"
            )
    article = next(tree(html).find("article"))
    read = markdown_tables(article)
    shown = [table for table in measured if table["markdown"]]
    if len(read) != len(shown):
        found.misread_tables.append(f"{url}: {len(read)} Markdown tables in the HTML, {len(shown)} in the browser")
        return
    for number, (table, node) in enumerate(zip(shown, read, strict=True), start=1):
        least, has = narrowest(node), room(node)
        bound = least.width + ROUNDING * len(least.columns)  # as test_built_site.py holds it to its room
        if bound < table["narrowest"] - TOLERANCE or abs(has - table["room"]) > 1:
            found.misread_tables.append(
                f"{url}: Markdown table {number} {table['heads']}: read at least {bound:.2f} px wide in "
                f"{has:.2f} px, laid out at least {table['narrowest']:.2f} px wide in {table['room']:.2f} px"
            )


@pytest.fixture(scope="module")
def survey(site, base_url, browser) -> Survey:
    """The survey of the site's representative pages (:func:`surveyed`), made once for its inputs
    (:func:`survey_inputs`) and kept between runs (``tests/kept.py``) where it found nothing wrong:
    a survey that failed, by chance or not, is made again by the next run."""
    found = Survey(
        **kept(
            "accessibility-survey",
            survey_inputs(browser),
            lambda: asdict(surveyed(site, base_url, browser)),  # plain data: a test module's class is not kept
            keep=lambda data: clean(Survey(**data)),
        )
    )
    print(f"{len(found.pages)} pages surveyed in {found.seconds:.0f} s: {', '.join(found.pages)}")
    return found


def survey_inputs(browser) -> dict[str, object]:
    """Everything a survey is made from: the built site (:func:`sitebuild.site_inputs`, which holds
    the site package's code, the layout and registry that choose its pages among it), the tests'
    code that chooses the pages and measures them (this module and the helpers it reads),
    axe-core, and the browser with its driver."""
    helpers = [
        Path(__file__),
        TESTS / "browser.py",
        TESTS / "sitebuild.py",
        TESTS / "sitepages.py",
        TESTS / "widths.py",
    ]
    return {
        "site": site_inputs(),
        "tests": files_digest([*helpers, GLYPHS_FILE], REPO),
        "axe": files_digest([AXE], REPO) if AXE.is_file() else None,
        "browser": [browser.version, metadata.version("playwright"), CHROMIUM_ARGS],
    }


def clean(found: Survey) -> bool:
    """Whether every test of the survey passes on what it found (axe-core run, no finding that fails)."""
    wrong = [found.not_loaded, found.console_errors, *found.sideways.values(), found.wide_tables, found.misread_tables]
    return (
        found.violations is not None
        and not any(wrong)
        and not found.no_contrast
        and not any(rule["impact"] in BLOCKING for rule in found.violations)
    )


def surveyed(site: Path, base_url: str, browser) -> Survey:
    """The representative pages, each loaded once, two at a time in two tabs (two renderer
    processes: the two cores share the work). Once loaded, the page's title is read. At desktop
    width, the page's width and its tables are measured and axe runs every rule in the light
    palette; the header's toggle then chooses the dark palette and axe runs its colour rules
    again (no other rule depends on the palette). The page's width at a phone's width is
    measured before or after, whichever width the tab's previous page ended at. A console error
    at any point of a page's visit is the page's."""
    found = Survey(violations=[] if AXE.is_file() else None)
    tabs = [_tab(browser), _tab(browser)]
    began = time.monotonic()

    def axe(batch: list[tuple[Any, str, Path]], palette: str, rules: list[str] | None) -> None:
        if found.violations is None:
            return
        for tab, _, _ in batch:
            _palette(tab, palette)
            tab.evaluate(START_AXE, rules)
        for tab, url, _ in batch:
            result = tab.evaluate(COLLECT_AXE)
            if CONTRAST not in result["ran"]:
                found.no_contrast.append(f"{url} ({palette})")
            found.violations += [
                {"page": url.removeprefix(base_url) or "/", "palette": palette, **rule} for rule in result["violations"]
            ]

    try:
        chosen = representatives(site, pages(site))
        for start in range(0, len(chosen), len(tabs)):
            batch = [
                (tab, _url(base_url, site, html), html)
                for tab, html in zip(tabs, chosen[start : start + len(tabs)], strict=False)  # the last may be short
            ]
            phone_first = {tab: tab.viewport_size == _size("phone") for tab, _, _ in batch}
            responses = {}
            for tab, url, _ in batch:
                tab.console_errors.clear()
                responses[url] = tab.goto(url, wait_until="commit")  # at the width the tab's last page ended at
            for tab, url, html in batch:
                tab.wait_for_load_state("load")
                if responses[url] is None or not responses[url].ok or tab.locator("article h1").count() < 1:
                    found.not_loaded.append(
                        f"{url}: {responses[url].status if responses[url] else 'no response'}, "
                        f"{tab.locator('article h1').count()} titles"
                    )
                tab.wait_for_function(SETTLED, timeout=15000)
                tab.add_style_tag(content=NO_TRANSITIONS)
                _palette(tab, LIGHT)
                if phone_first[tab]:
                    _sideways(tab, url, "phone", found)
                _sideways(tab, url, "desktop", found)
                _tables(tab, url, html, found)
                if found.violations is not None:
                    tab.add_script_tag(path=str(AXE))
            axe(batch, LIGHT, None)
            axe(batch, DARK, COLOUR_RULES)
            for tab, url, _ in batch:
                _palette(tab, LIGHT)  # the tab's next page opens in the light palette
                if not phone_first[tab]:
                    _sideways(tab, url, "phone", found)  # and at a phone's width: one resize a page
                if tab.console_errors:
                    found.console_errors[url] = list(tab.console_errors)
            found.pages += [url.removeprefix(base_url) or "/" for _, url, _ in batch]
    finally:
        for tab in tabs:
            tab.context.close()
    found.seconds = time.monotonic() - began
    return found


def test_the_pages_of_every_template_render_without_console_errors(survey):
    """Each template's pages in every language load with a title and no console error."""
    assert len(survey.pages) >= 40, survey.pages
    assert not survey.not_loaded, "pages that did not load:\n" + "\n".join(survey.not_loaded)
    assert not survey.console_errors, "\n".join(f"{url}: {errors}" for url, errors in survey.console_errors.items())


@pytest.mark.parametrize("width", WIDTHS)
def test_no_page_scrolls_sideways(survey, width):
    """At a desktop's and at a phone's width, no page is wider than the window: a wide table or
    block scrolls inside its own box, never the page. A failure names the page and what sticks out."""
    failures = survey.sideways[width]
    assert survey.pages, "no page was checked"
    assert not failures, f"{len(failures)} pages scroll sideways at {width} width:\n" + "\n".join(failures)


def test_no_table_scrolls_sideways_at_desktop_width_and_the_static_reading_holds(survey):
    """At 1280 px wide, no table is wider than its box; and each Markdown table is laid out no
    wider than the static reading of its narrowest width, in the room that reading gives it: the
    reading that holds every table of every page (``test_built_site.py``) is the browser's or
    wider."""
    assert survey.tables > 100, survey.tables
    assert not survey.wide_tables, f"{len(survey.wide_tables)} tables scroll sideways:\n" + "\n".join(
        survey.wide_tables
    )
    assert not survey.misread_tables, "the static reading of tables is not the browser's:\n" + "\n".join(
        survey.misread_tables[:30]
    )


def test_axe_finds_no_serious_violation_on_any_page_in_either_palette(survey):
    """axe-core on each surveyed page, in the light and in the dark palette: no violation of impact serious
    or critical; its colour-contrast rule ran on every page. The rest is printed as information,
    and every violation is written to artifacts/accessibility.json."""
    if survey.violations is None:
        require_axe()
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


def test_a_kept_survey_s_inputs_name_the_site_its_code_axe_and_the_browser() -> None:
    """The key a survey is kept by (``survey_inputs``) is the same for the same inputs, and moves
    with the browser (its version, as Playwright reports it)."""
    browser = SimpleNamespace(version="120.0.6099.224")
    key = survey_inputs(browser)
    assert survey_inputs(browser) == key
    assert set(key) == {"site", "tests", "axe", "browser"}
    assert key["site"] == site_inputs()
    assert survey_inputs(SimpleNamespace(version="121.0.6167.85")) != key


@pytest.mark.parametrize(
    "finding",
    [
        {"not_loaded": ["/: 404"]},
        {"console_errors": {"/": ["TypeError"]}},
        {"sideways": {"desktop": [], "phone": ["/: 420 px wide"]}},
        {"wide_tables": ["/: table 1"]},
        {"misread_tables": ["/: table 1"]},
        {"no_contrast": ["/ (slate)"]},
        {"violations": [{"impact": "serious"}]},
        {"violations": None},  # axe-core not run
    ],
)
def test_a_survey_is_kept_only_where_it_found_nothing_wrong(finding: dict[str, Any]) -> None:
    """A survey that failed, by chance or not, is not kept (``clean``): the next run surveys again."""
    assert clean(Survey(violations=[{"impact": "moderate"}]))
    assert not clean(replace(Survey(violations=[]), **finding))


def test_the_glyph_widths_of_the_static_reading_are_chromiums(base_url, page):
    """Each character's width in each style of a table's text (the article's text, its bold, its
    code), as chromium draws it on a rules page, is what tests/glyphs.json says (within 1/1000 em)."""
    page.goto(base_url + layout.rules("kiriki").removesuffix(".md") + "/", wait_until="load")
    drawn = page.evaluate(GLYPH_WIDTHS, sorted(GLYPHS["regular"]))
    differ = [
        f"{style} {char!r}: {drawn[style][char]:.4f} em drawn, {GLYPHS[style][char]:.4f} em in the file"
        for style in STYLES
        for char in GLYPHS[style]
        if abs(drawn[style][char] - GLYPHS[style][char]) > 0.001
    ]
    assert not differ, f"{GLYPHS_FILE.name} is not chromium's:\n" + "\n".join(differ[:20])


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
