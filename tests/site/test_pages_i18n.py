"""The Odds, Optimal play and Conformance pages in every language of the site: each renders, says
everything of its own in the page's language (data from implementations and the runner stays
English, marked as such), writes numbers as its readers do, and links to pages of its language.
English stays as it was."""

from __future__ import annotations

import html
import json
import posixpath
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from dicespec.catalog import LANGUAGES, words
from dicespec.site import layout
from dicespec.site.conformance import conformance_page
from dicespec.site.data import SiteData, load
from dicespec.site.layout import Page
from dicespec.site.odds import odds_page
from dicespec.site.optimal import optimal_page
from dicespec.spec import cases
from sitebuild import REPO

TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
ENGLISH_WORDS = re.compile(r"(?<![\w-])(the|and|of|is|with|which)(?![\w-])", re.IGNORECASE)
# What a page may show in English: code, elements marked as English, Markdown code spans, link
# targets and attribute lists.
_DATA = [
    re.compile(r"<code\b[^>]*>.*?</code>", re.DOTALL),
    re.compile(r'<(\w+)\b[^>]*\blang="en"[^>]*>.*?</\1>', re.DOTALL),
    re.compile(r"`[^`]*`"),
    re.compile(r"\]\([^)]*\)"),
    re.compile(r"\{#[^}]*\}"),
]


@pytest.fixture(scope="module")
def data() -> SiteData:
    return load(REPO)


@pytest.fixture(scope="module")
def failing_results(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A results file with a failing case, a failing other test and a case the features lack, each
    with an English message, so that every part of the Conformance page is written."""
    case_id = cases()[0].id

    def line(case: str | None, test: str, outcome: str, message: str) -> str:
        return (
            json.dumps(
                {
                    "id": case or test,
                    "case": case is not None,
                    "feature": None,
                    "ruleset": "kiriki",
                    "test": test,
                    "outcome": outcome,
                    "pytest": outcome,
                    "message": message,
                    "start": "2030-01-01T00:00:00+00:00",
                    "duration": 0.01,
                }
            )
            + "\n"
        )

    path = tmp_path_factory.mktemp("results") / "results.jsonl"
    path.write_text(
        "".join(
            [
                line(case_id, "t::a", "failed", "the sheet is full and the game is over with which score"),
                line("no-such-case-any-more", "t::b", "passed", ""),
                line(None, "t::c", "failed", "the browser is missing"),
                line(None, "t::d", "passed", ""),
            ]
        ),
        encoding="utf-8",
    )
    return path


PAGES: dict[str, Callable[[SiteData, Path, str], Page]] = {
    "odds": lambda data, _, lang: odds_page(data, lang),
    "optimal": lambda data, _, lang: optimal_page(data, lang),
    "conformance": lambda data, results, lang: conformance_page(data, results, lang),
    "conformance-without-results": lambda data, results, lang: conformance_page(data, results.parent / "none", lang),
}


@pytest.fixture(scope="module")
def rendered(data: SiteData, failing_results: Path) -> dict[tuple[str, str], Page]:
    return {(name, lang): make(data, failing_results, lang) for name, make in PAGES.items() for lang in LANGUAGES}


def own_words(markdown: str) -> str:
    """The page's own words: its Markdown without the data it shows, entities read back."""
    for pattern in _DATA:
        markdown = pattern.sub(" ", markdown)
    return html.unescape(markdown)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", PAGES)
def test_the_page_renders_in_its_language(rendered: dict[tuple[str, str], Page], name: str, lang: str) -> None:
    page = rendered[name, lang]
    assert page.lang == lang and layout.language_of(page.path) == lang
    family = name.split("-", 1)[0]
    assert page.title == words(family, lang)["title"]
    assert page.markdown.startswith(f"# {page.title}\n")


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("name", PAGES)
def test_no_english_words_outside_data(rendered: dict[tuple[str, str], Page], name: str, lang: str) -> None:
    text = own_words(rendered[name, lang].markdown)
    found = sorted({m.group(0).lower() for m in ENGLISH_WORDS.finditer(text)})
    context = [text[max(0, m.start() - 60) : m.end() + 60] for m in ENGLISH_WORDS.finditer(text)][:3]
    assert not found, f"{name} in {lang} says {found} in its own words: {context}"


def test_the_check_finds_english_words() -> None:
    """The check above can fail: English outside code is found, English in code is not."""
    assert ENGLISH_WORDS.search(own_words("Le total <code>of the</code> and"))
    assert not ENGLISH_WORDS.search(own_words('Le total <code lang="en">of the</code> <span lang="en">is</span>'))


KEY_SENTENCES = {
    "odds": [
        "Exact chances on a single roll, counted over every equally likely roll of the dice",
        "## Kiriki: scoring in each row {#odds-kiriki}",
        "The chance that one roll of the five dice scores more than 0 in a row",
        "| Row | Chance | Rolls | Percent | Mean score |",
        "## 10000: a farkle with 1 to 6 dice {#odds-ten-thousand}",
        "| Dice | Chance of a farkle | Rolls | Percent |",
        "4&#44;651 &#47; 7&#44;776 | 59&#46;81 &#37;",
        ">59.81 %</text>",
        ">1 die</text>",
    ],
    "optimal": [
        "What a ruleset is worth to a player who plays it perfectly",
        "The rulesets themselves are compared on [Rulesets](rulesets.md).",
        "Repeat kirikis, which fill no row and give one more turn",
        "whose optimum is 245.87 (T. Verhoeff, 1999; J. Glenn, 2006)",
        "| Ruleset | Title | Expected score | Against the reference |",
        "| 248.71 | reference |",
        "hot dice give all six back",
        "### When to bank {#banking}",
        "| Ruleset | 1 die | 2 dice | 3 dice | 4 dice | 5 dice | 6 dice |",
        "| 1,050 | 3,350 | 12,900 |",
    ],
    "conformance": [
        "The latest results of the reference implementation against the spec",
        "(see [Errata and gaps](errata.md))",
        "Run of 2030&#45;01&#45;01 00&#58;00 UTC: 4 tests, 2 of them cases of the spec.",
        "| Tests | Passed | Failed | Expected failures | Skipped |",
        "## Failures {#failures}",
        "## Other failing tests {#other-failures}",
        "the browser is missing",
        "Results name cases the features no longer have",
        "## Other implementations {#implementations}",
        "### What differs {#implementations-findings}",
    ],
    "conformance-without-results": ['!!! warning "No results yet"', "There is no results file", "| Feature | Cases |"],
}


@pytest.mark.parametrize("name", PAGES)
def test_the_english_page_still_says_what_it_said(rendered: dict[tuple[str, str], Page], name: str) -> None:
    markdown = rendered[name, "en"].markdown
    missing = [sentence for sentence in KEY_SENTENCES[name] if sentence not in markdown]
    assert not missing, f"the English {name} page lost {missing}"
    assert 'lang="en"' not in markdown and "<span" not in markdown


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", PAGES)
def test_links_stay_in_the_language(rendered: dict[tuple[str, str], Page], name: str, lang: str) -> None:
    page = rendered[name, lang]
    targets = list(re.findall(r"\]\(([^)#]+\.md)", page.markdown))
    assert targets or name == "odds", f"{name} in {lang} links nowhere"
    for target in targets:
        resolved = posixpath.normpath(posixpath.join(posixpath.dirname(page.path), target))
        assert layout.language_of(resolved) == lang, f"{name} in {lang} links to {resolved}"


def test_numbers_follow_the_reader(rendered: dict[tuple[str, str], Page]) -> None:
    """7,776 rolls and 59.81 % in English; 7 776 and 59,81 % in French; 7.776 in German."""
    assert "7\u202f776 lancers" in rendered["odds", "fr"].markdown
    assert "7.776 Würfe" in rendered["odds", "de"].markdown
    assert "59&#44;81\xa0&#37;" in rendered["odds", "fr"].markdown
    assert ">59,81\xa0%</text>" in rendered["odds", "de"].markdown
    assert "| 1.050 | 3.350 | 12.900 |" in rendered["optimal", "de"].markdown
    assert "| 248,71 | référence |" in rendered["optimal", "fr"].markdown
    assert "245,87" in rendered["optimal", "pl"].markdown


def test_data_stays_english_and_is_marked(rendered: dict[tuple[str, str], Page]) -> None:
    """A message from the run is shown as it is, as English code; the page's own words around it
    are translated."""
    french = rendered["conformance", "fr"].markdown
    assert '<code lang="en" translate="no">the browser is missing</code>' in french
    assert "## Autres tests en échec {#other-failures}" in french
    polish = rendered["conformance", "pl"].markdown
    assert re.search(r"Pominię\w+ [\d\xa0]+ przypad\w+: <code lang=\"en\" translate=\"no\">", polish)
