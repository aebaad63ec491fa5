"""Every page of the built site, read as HTML without a browser (``sitepages.py``): what a static
reading can check is checked on every page, in the fast loop. Each page says its language and has
a title and one heading; every link within the site reaches a page or file that exists and the
element its fragment names; no id is given twice on a page, and each case of the spec has its
anchor on its game's rules page in each language; each language's navigation names that
language's pages, and each rules page its game's page; in the article, every ``<summary>`` says
something before any script runs, every form control has a label, every button and link a name;
no table of the article is wider than the page's column at a desktop's width (the static reading
of a table's width, ``widths.py``); no translated page says English (``pagewords.py``). And what
the build made: every page at a clean address, nothing in the docs folder, a finding linked from
its example, the test data offered, each game page's word on its coach files.

Every test of the fast loop that reads the built site is here, so that the loop waits for the
build once. The browser checks what needs one (layout, scripts, colours) on the pages that stand
for every template: ``test_accessibility.py``. The last tests give each check a page with the
fault it looks for, so that none can pass for finding nothing.
"""

from __future__ import annotations

import gzip
import json
import re
from collections import Counter
from pathlib import Path
from urllib.parse import unquote, urldefrag, urljoin, urlsplit

import pytest

from dicespec.export import dumps, export
from dicespec.registry import game_names, games
from dicespec.rulesets import ruleset_names
from dicespec.site import layout
from dicespec.site.data import load
from dicespec.spec import cases
from pagewords import ENGLISH_WORDS, english_catalog_texts, said
from sitebuild import REPO, TEST_DOWNLOADS, built_site, pages
from sitepages import Node, address, address_of, language, parse, tree
from widths import (
    BADGE_FONT,
    BADGE_PADDING,
    CODE_FONT,
    CODE_PADDING,
    ROUNDING,
    TABLE_FONT,
    markdown_tables,
    narrowest,
    room,
    widest_piece,
    width,
)

# The run's one build and every page read: handed out first under pytest-xdist (tests/order.py), so
# that the build is made while the other worker runs other files. Slow: a build whose inputs changed
# takes 40 s on this 2-core machine, over make check's budget of a test (tests/budget.py), and an
# engine's edit changes them; make test reads every page (every test that reads the built site is
# here or in the browser's files).
pytestmark = [pytest.mark.early(50), pytest.mark.slow]

ORIGIN = "http://site.test/"  # where the pages are read as being served: links resolve against it
# The attributes that name another file of the site, by element.
LINKING = {"a": "href", "link": "href", "script": "src", "img": "src", "source": "src", "iframe": "src"}
CONTROLS = ("input", "select", "textarea")
UNLABELLED_INPUTS = ("hidden", "submit", "button", "reset", "image")  # named by their value, or not shown


@pytest.fixture(scope="module")
def site(once) -> Path:
    return built_site(once)


@pytest.fixture(scope="module")
def read(site: Path) -> dict[str, Node]:
    """Every page's tree, by address."""
    return {address(site, page): tree(page) for page in pages(site)}


def _article(root: Node) -> Node:
    return next(root.find("article"), Node("article", {}, None))


# -- the checks, each a list of what it found wrong ------------------------------------------------


def heading_faults(read: dict[str, Node]) -> list[str]:
    """Pages whose ``<html lang>`` is not their language's, with no title, or not one heading in their article."""
    found = []
    for where, root in read.items():
        html = next(root.find("html"), None)
        lang = html.get("lang") if html is not None else None
        title = next(root.find("title"), None)
        headings = len(list(_article(root).find("h1")))
        if lang != language(where):
            found.append(f"/{where}: <html lang={lang!r}>, the page is in {language(where)!r}")
        if title is None or not title.text().strip():
            found.append(f"/{where}: no title")
        if headings != 1:
            found.append(f"/{where}: {headings} headings <h1> in its article")
    return found


def link_faults(site: Path, read: dict[str, Node]) -> tuple[int, list[str]]:
    """How many links within the site were followed, and each that reaches no file, or a page
    without the element its fragment names."""
    origin = urlsplit(ORIGIN)
    ids = {where: {node.get("id") for node in root.walk() if node.get("id")} for where, root in read.items()}
    followed, broken = 0, []
    for where, root in read.items():
        for node in root.walk():
            target = node.get(LINKING.get(node.tag, "")) if node.tag in LINKING else None
            if target is None:
                continue
            url, fragment = urldefrag(urljoin(ORIGIN + where, target))
            parts = urlsplit(url)
            if (parts.scheme, parts.netloc) != (origin.scheme, origin.netloc):
                continue
            followed += 1
            path = unquote(parts.path).lstrip("/")
            file = site / path
            if file.is_dir():
                file, path = file / "index.html", path.rstrip("/") + "/" if path else ""
            if not file.is_file():
                broken.append(f"/{where} -> {target}: no such file")
            elif fragment and file.suffix == ".html" and unquote(fragment) not in ids.get(path, set()):
                broken.append(f"/{where} -> {target}: no element #{unquote(fragment)}")
    return followed, broken


def duplicate_ids(read: dict[str, Node]) -> list[str]:
    found = []
    for where, root in read.items():
        twice = [name for name, count in Counter(n.get("id") for n in root.walk() if n.get("id")).items() if count > 1]
        if twice:
            found.append(f"/{where}: {', '.join(sorted(twice)[:5])}")
    return found


def _named(node: Node, root: Node) -> bool:
    """Whether an element has a name a screen reader reads out: its own text, an ``aria-label``,
    the elements ``aria-labelledby`` names, or a ``title``."""
    if (node.get("aria-label") or "").strip() or (node.get("title") or "").strip():
        return True
    if labelled_by := (node.get("aria-labelledby") or "").split():
        named = {n.get("id"): n for n in root.walk() if n.get("id") in labelled_by}
        return any(named.get(name) is not None and named[name].text().strip() for name in labelled_by)
    return False


def _is_named_by_its_content(node: Node) -> bool:
    """A button, or a link (an ``<a>`` with an address): its words are its name."""
    return node.tag == "button" or (node.tag == "a" and node.get("href") is not None)


def unnamed(read: dict[str, Node]) -> list[str]:
    """In each article: a ``<summary>`` without words, a form control without a label, a button
    or a link without a name."""
    found = []
    for where, root in read.items():
        article = _article(root)
        labels_for = {n.get("for") for n in root.find("label") if n.get("for") and n.text().strip()}
        for node in article.walk():
            if node.tag == "summary" and not node.text().strip() and not _named(node, root):
                found.append(f"/{where}: an empty <summary>")
            elif node.tag in CONTROLS and (node.get("type") or "text") not in UNLABELLED_INPUTS:
                inside = any(up.tag == "label" and up.text().strip() for up in node.ancestors())
                if not (inside or node.get("id") in labels_for or _named(node, root)):
                    found.append(f"/{where}: {node} has no label")
            elif _is_named_by_its_content(node) and not node.text().strip() and not _named(node, root):
                found.append(f"/{where}: {node} has no name")
    return found


def wide_tables(read: dict[str, Node]) -> tuple[int, list[str]]:
    """How many Markdown tables were read, and each whose narrowest width (``widths.py``) is more
    than its room at a desktop's width, with its page, its first header cells and its widest column."""
    seen, wide = 0, []
    for where, root in read.items():
        for number, table in enumerate(markdown_tables(_article(root)), start=1):
            seen += 1
            least = narrowest(table)
            need, has = least.width + ROUNDING * len(least.columns), room(table)
            if need > has:
                heads = [" ".join(th.text().split())[:30] for th in list(table.find("th"))[:3]]
                widest = max(range(len(least.columns)), key=least.columns.__getitem__)
                wide.append(
                    f"/{where}: table {number} {heads}: at least {need:.0f} px wide in {has:.0f} px "
                    f"(columns {', '.join(f'{c:.0f}' for c in least.columns)}; column {widest + 1} the widest)"
                )
    return seen, wide


# -- every page of the built site --------------------------------------------------------------------


def test_every_page_says_its_language_and_has_a_title_and_one_heading(read: dict[str, Node]) -> None:
    """Home and every generated page, in each language, with the language in ``<html lang>``, a
    title and one heading."""
    assert len(read) > 100, f"only {len(read)} pages"
    faults = heading_faults(read)
    assert not faults, "\n".join(faults[:30])


def test_every_link_within_the_site_reaches_a_file_and_the_element_its_fragment_names(
    site: Path, read: dict[str, Node]
) -> None:
    """Every link of every page to a page or file of the site (``<a href>``, and the stylesheets,
    scripts and images pages load) reaches a file that exists, and a page's link with a #fragment
    an element of that id on the page it names."""
    followed, broken = link_faults(site, read)
    assert followed > 10_000, f"only {followed} links within the site"
    assert not broken, f"{len(broken)} broken links:\n" + "\n".join(broken[:30])


def test_no_page_gives_one_id_to_two_elements(read: dict[str, Node]) -> None:
    """Each id names one element of its page, so that a fragment names one place."""
    faults = duplicate_ids(read)
    assert not faults, "ids given twice:\n" + "\n".join(faults[:30])


def test_every_summary_control_button_and_link_has_a_name(read: dict[str, Node]) -> None:
    """In every page's article, before any script runs: a ``<summary>`` says what it hides, a form
    control has a label (one around it, one ``for`` it, or an ``aria-label``), and a button and a
    link have words or a label."""
    faults = unnamed(read)
    assert not faults, f"{len(faults)} elements without a name:\n" + "\n".join(faults[:30])


def test_no_table_is_wider_than_the_column_at_a_desktops_width(read: dict[str, Node]) -> None:
    """Every Markdown table of every page (with a run's results, on the Conformance page) fits the
    page's column at 1280 px: the sum of its columns' narrowest widths is within its room. The
    scorer's and the game's tables are made by their scripts: the browser measures them
    (``test_accessibility.py``)."""
    seen, wide = wide_tables(read)
    assert seen > 1000, f"only {seen} tables"
    assert not wide, f"{len(wide)} tables wider than their column:\n" + "\n".join(wide[:30])


def test_every_case_has_exactly_one_anchor_in_each_language(read: dict[str, Node]) -> None:
    """Each case id of features/ is the id of exactly one element of each language's pages: its
    game's rules page in that language (the same permanent anchor in every language)."""
    all_cases = cases()
    assert all_cases, "no cases in features/"
    for lang in layout.LANGUAGES:
        ids: dict[str, list[str]] = {}
        for where, root in read.items():
            if language(where) == lang:
                for node in root.walk():
                    if node.get("id"):
                        ids.setdefault(node.get("id"), []).append(where)
        wrong = {case.id: ids.get(case.id, []) for case in all_cases if len(ids.get(case.id, [])) != 1}
        assert not wrong, f"{lang}: case ids without exactly one anchor (id: pages holding it): {wrong}"
        misplaced = {
            case.id: ids[case.id][0]
            for case in all_cases
            if case.game and ids[case.id][0] != address_of(layout.rules(case.game, lang))
        }
        assert not misplaced, f"{lang}: cases anchored off their game's rules page: {misplaced}"


def _navigation(root: Node, where: str) -> tuple[list[str], list[str]]:
    """The addresses a page's navigation (the theme's primary one, its table of contents aside)
    links to, in order, and the labels of its sections and pages at the top."""
    nav = next(node for node in root.find("nav") if "md-nav--primary" in node.classes)
    linked = [
        urlsplit(urljoin(ORIGIN + where, node.get("href") or "")).path.lstrip("/")
        for node in nav.find("a")
        if "md-nav__link" in node.classes
        and not (node.get("href") or "#").startswith("#")
        and not any("md-nav--secondary" in up.classes for up in node.ancestors())
    ]
    top = next(node for node in nav.find("ul") if "md-nav__list" in node.classes)
    labels = []
    for item in top.children:
        if isinstance(item, Node) and item.tag == "li":
            label = next(node for node in item.walk() if "md-ellipsis" in node.classes)
            labels.append(" ".join(label.text().split()))
    return linked, labels


def test_each_language_has_its_own_navigation_of_its_own_pages(read: dict[str, Node]) -> None:
    """Each language's navigation (on its home page) names each page generated in that language
    once, and no page of another language; its section labels are in that language."""
    docs = REPO / "docs"
    hand_written = {address_of(path.relative_to(docs).as_posix()) for path in docs.rglob("*.md")}
    for lang in layout.LANGUAGES:
        home = address_of(layout.home(lang))
        linked, labels = _navigation(read[home], home)
        assert len(linked) == len(set(linked)), f"{lang}: a page named twice: {linked}"
        assert not [where for where in linked if where not in read], lang
        assert not [where for where in linked if language(where) != lang], lang
        generated = {where for where in read if language(where) == lang and where not in hand_written}
        assert generated <= set(linked), f"{lang}: pages not in the navigation: {sorted(generated - set(linked))}"
        if lang == "fr":
            assert labels[:4] == ["Accueil", "Règles", "Jouer", "Textes sources"], labels
        if lang == "pl":
            assert address_of(layout.rules("kiriki", "pl")) in linked


def test_each_rules_page_links_to_its_games_page(read: dict[str, Node]) -> None:
    """A game's rules page sends its reader to the page to play it, in the same language."""
    missing = []
    for game in games():
        for lang in layout.LANGUAGES:
            where, target = address_of(layout.rules(game.name, lang)), address_of(layout.play(game.name, lang))
            hrefs = [node.get("href") for node in _article(read[where]).find("a") if node.get("href")]
            if not any(urlsplit(urljoin(ORIGIN + where, href)).path.lstrip("/") == target for href in hrefs):
                missing.append(f"/{where} does not link to /{target}")
    assert not missing, "\n".join(missing)


# -- what the build made ---------------------------------------------------------------------------


def _html(path: str) -> str:
    """The built file of the page at ``path`` (relative to the docs folder; directory URLs)."""
    stem = path.removesuffix(".md")
    return stem + ".html" if stem == "index" or stem.endswith("/index") else stem + "/index.html"


def test_every_page_of_the_site_is_built_in_every_language_at_a_clean_address(site: Path) -> None:
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


def test_a_build_writes_nothing_into_the_docs_folder(site: Path) -> None:
    """The generated pages are files of the build, not of the docs folder (the run's one build,
    from its own copy of the docs beside the site)."""
    workdir = site.parent
    assert (site / "kiriki" / "index.html").is_file() and (workdir / "docs" / "index.md").is_file()
    assert not (workdir / "docs" / "generated").exists()
    assert not list((workdir / "docs").rglob("kiriki.md"))


def test_a_rules_example_quotes_its_finding(site: Path) -> None:
    """An erratum's example says so, and links to its finding on the errata page."""
    by_case = load(REPO).findings_by_case
    case, finding = next((case, by_case[case.id][0]) for case in cases() if case.id in by_case and case.game)
    page = (site / _html(layout.rules(case.game))).read_text(encoding="utf-8")
    assert f'href="../errata/#finding-{finding.id}"' in page


def test_the_rulesets_page_offers_each_ruleset_s_test_data(site: Path) -> None:
    """The test data a build offers (a test build: greed's) is what ``dicespec export`` writes,
    gzipped, and the Rulesets page links to it with its counts."""
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


def test_each_game_page_says_which_of_its_rulesets_have_a_coach_file(site: Path) -> None:
    """Every game page, in every language, marks each ruleset it offers with whether the site has its
    coach file: the page's script fetches only those, and says at once that the others have none."""
    folder = site / "javascripts" / "coach"
    seen = 0
    for page in pages(site):
        found = re.search(r'<script type="application/json" class="ds-play-data">(.*?)</script>', page.read_text())
        if found is None:
            continue
        for entry in json.loads(found.group(1))["rulesets"]:
            seen += 1
            assert entry["coach"] == (folder / f"{entry['name']}.bin").is_file(), (page, entry["name"])
    assert seen >= len(ruleset_names()) * len(layout.LANGUAGES)


@pytest.mark.parametrize("lang", [lang for lang in layout.LANGUAGES if lang != "en"])
def test_no_english_is_left_on_the_translated_pages(site: Path, lang: str) -> None:
    """Under /fr/, /de/ and /pl/, no page says a text of the site's catalogs in English (where the
    language's own text differs) nor an English function word, outside what is marked as another
    language, code and scripts (``pagewords.py``, whose reading ``test_languages.py`` checks)."""
    translated = [page for page in pages(site) if page.relative_to(site).parts[0] == lang]
    assert len(translated) >= 20, f"{lang}: only {len(translated)} pages"
    runs = english_catalog_texts(lang)
    found = []
    for page in translated:
        text = said(page, lang)
        words = set(re.findall(r"[^\W\d_]+(?:'[^\W\d_]+)?", text.lower()))  # whole words, accents and all
        english = sorted(words & ENGLISH_WORDS)
        leftovers = [run for run in runs if run in text]
        if english or leftovers:
            where = page.relative_to(site).as_posix()
            sample = next(
                (m.group(0) for w in english if (m := re.search(rf".{{0,40}}\b{re.escape(w)}\b.{{0,40}}", text, re.I))),
                "",
            )
            found.append(f"{where}: English words {english[:8]} catalog texts {leftovers[:3]} e.g. …{sample}…")
    assert not found, f"{len(found)} {lang} pages with English:\n" + "\n".join(found[:25])


# -- the checks find what they look for -----------------------------------------------------------------

PAGE = """<!doctype html><html lang="{lang}"><head><title>{title}</title>
<link rel="stylesheet" href="../style.css"></head><body><article>{body}</article></body></html>"""


def _page(site: Path, where: str, body: str, *, lang: str = "en", title: str = "A page") -> None:
    path = site / where / "index.html"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(PAGE.format(lang=lang, title=title, body=body), encoding="utf-8")


def test_the_checks_find_a_broken_link_a_missing_anchor_a_doubled_id_and_a_missing_name(tmp_path: Path) -> None:
    (tmp_path / "style.css").write_text("", encoding="utf-8")
    _page(tmp_path, "one", '<h1 id="top">One</h1><a href="../two/#here">fine</a> <a href="../two/#gone">x</a>')
    _page(
        tmp_path,
        "two",
        '<h1 id="here">Two</h1><p id="here">again</p><a href="../three/">x</a> <a href="#top">x</a>'
        '<a href="https://elsewhere.test/nothing">out</a>'
        "<details><summary></summary>x</details><details><summary>Shown</summary>y</details>"
        '<label>Seed <input name="seed"></label><input name="bare"><button type="button"></button>'
        '<a href="#here"></a><label for="count">Count</label><select id="count"></select>',
        lang="fr",
    )
    read = {address(tmp_path, page): parse(page.read_text(encoding="utf-8")) for page in pages(tmp_path)}
    followed, broken = link_faults(tmp_path, read)
    assert followed == 7 and broken == [
        "/one/ -> ../two/#gone: no element #gone",
        "/two/ -> ../three/: no such file",
        "/two/ -> #top: no element #top",
    ]
    assert heading_faults(read) == ["/two/: <html lang='fr'>, the page is in 'en'"]
    assert duplicate_ids(read) == ["/two/: here"]
    assert unnamed(read) == [
        "/two/: an empty <summary>",
        '/two/: <input name="bare"> has no label',
        '/two/: <button type="button"> has no name',
        '/two/: <a href="#here"> has no name',
    ]


def test_the_table_check_finds_a_table_wider_than_its_column() -> None:
    """A table of long words in seven columns is wider than the column; in three, it fits; a
    passage's examples have less room."""
    cell = "<td>Wortzusammensetzungsbeispiel</td>"
    row = lambda n: f"<tr>{cell * n}</tr>"  # noqa: E731
    wide = parse(f"<article><table><tbody>{row(7)}</tbody></table></article>")
    narrow = parse(f"<article><table><tbody>{row(3)}</tbody></table></article>")
    passage = parse(f'<article><div class="ds-passage"><table><tbody>{row(3)}</tbody></table></div></article>')
    assert len(wide_tables({"wide": wide})[1]) == 1
    assert wide_tables({"narrow": narrow}) == (1, [])
    assert len(wide_tables({"passage": passage})[1]) == 1


def _piece(html: str) -> float:
    return widest_piece(next(parse(f"<table><tr><td>{html}</td></tr></table>").find("td")), TABLE_FONT)


def test_the_width_reading_breaks_text_where_a_browser_does() -> None:
    """Text breaks at spaces and after a hyphen inside a word, but not before a digit, after a
    slash or at a no-break space; code breaks anywhere, each piece padded; a badge nowhere."""
    assert _piece("aa bbbb") == width("bbbb", "regular", TABLE_FONT)
    assert _piece("aaaa-bb cc") == width("aaaa-", "regular", TABLE_FONT)
    assert _piece("aa-1234") == width("aa-1234", "regular", TABLE_FONT)
    assert _piece("fixtures/sources") == width("fixtures/sources", "regular", TABLE_FONT)
    assert _piece("7\u202f776") == width("7\u202f776", "regular", TABLE_FONT)
    assert _piece("<strong>ab</strong> c") == width("ab", "bold", TABLE_FONT)
    code = TABLE_FONT * CODE_FONT
    assert _piece("<code>abcdef</code>") == pytest.approx(2 * code * CODE_PADDING + width("a", "code", code))
    badge = TABLE_FONT * BADGE_FONT
    assert _piece('<span class="ds-status">a b</span>') == pytest.approx(
        2 * badge * BADGE_PADDING + width("a b", "bold", badge)
    )
