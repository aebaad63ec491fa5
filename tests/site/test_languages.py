"""Under /fr/, /de/ and /pl/, every page speaks its reader's language.

What a page says itself (its text, and the labels a screen reader or a tooltip gives: ``title``,
``aria-label``, ``placeholder``, ``alt``) must not be English. Exempt are what is not the page's
own words: quotations and other text marked with the language it is in (``lang="en"`` on a
quoted English rule sentence), code (ids, dice, ruleset names, commands), and scripts. Proper
names pass, since they are neither catalog texts nor English function words.

Two checks: no English text of the site's catalogs appears (where the language's own text is
different), and no English function word ("the", "and", "which" ...) appears at all.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from dicespec.catalog import catalog, catalog_names
from dicespec.site import layout
from sitebuild import built_site, pages

OTHER_LANGUAGES = [lang for lang in layout.LANGUAGES if lang != "en"]

# English words that are no word of French, German or Polish (so their presence means English).
ENGLISH_WORDS = frozenset(
    [
        "the",
        "and",
        "of",
        "is",
        "are",
        "with",
        "which",
        "when",
        "where",
        "every",
        "this",
        "that",
        "these",
        "those",
        "from",
        "for",
        "you",
        "your",
        "what",
        "there",
        "has",
        "have",
        "been",
        "will",
        "would",
        "should",
        "than",
        "then",
        "into",
        "only",
        "each",
        "other",
        "more",
        "does",
        "doesn't",
        "can't",
        "isn't",
        "its",
        "it's",
        "been",
        "being",
        "shows",
        "show",
        "holds",
        "rolls",
    ]  # not "scores": French has it too
)
SKIPPED = {"code", "pre", "script", "style", "kbd", "svg", "samp", "var"}
LABELS = ("title", "aria-label", "placeholder", "alt")
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class PageWords(HTMLParser):
    """The text a page says in its own language: every text node and label outside code, scripts
    and elements marked with another language."""

    def __init__(self, lang: str) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool]] = []  # (tag, exempt from here down)
        self.page_lang = lang
        self.said: list[str] = []

    def _exempt(self) -> bool:
        return bool(self.stack) and self.stack[-1][1]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        lang = values.get("lang")
        exempt = (
            self._exempt()
            or tag in SKIPPED
            or values.get("translate") == "no"
            or (lang is not None and tag != "html" and not lang.startswith(self.page_lang))
        )
        if not exempt:
            self.said += [value for name in LABELS if (value := values.get(name))]
        if tag not in VOID:
            self.stack.append((tag, exempt))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID and self.stack and self.stack[-1][0] == tag:
            self.stack.pop()

    def handle_endtag(self, tag: str) -> None:
        for index in range(len(self.stack) - 1, -1, -1):
            if self.stack[index][0] == tag:
                del self.stack[index:]
                break

    def handle_data(self, data: str) -> None:
        if not self._exempt() and data.strip():
            self.said.append(data)


def said(page: Path, lang: str) -> str:
    parser = PageWords(lang)
    parser.feed(page.read_text(encoding="utf-8"))
    parser.close()
    return " ".join(" ".join(parser.said).split())


def english_catalog_texts(lang: str) -> list[str]:
    """The English texts of every catalog that the language writes differently (three words or
    more, placeholders cut out: each fixed run of words must not appear)."""
    runs = []
    for name in catalog_names():
        for texts in catalog(name).values():
            english, own = texts.get("en", ""), texts.get(lang, "")
            if english == own:
                continue
            for run in re.split(r"\{[^}]*\}|[*`]", english):
                run = " ".join(run.split()).strip(" .,:;()")
                if len(run.split()) >= 3:
                    runs.append(run)
    return runs


@pytest.fixture(scope="module")
def site(once) -> Path:
    return built_site(once)


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_no_english_is_left_on_the_translated_pages(site: Path, lang: str) -> None:
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


def test_the_check_sees_english(tmp_path: Path) -> None:
    """The parser finds an English sentence in a French page, and lets quoted English through."""
    page = tmp_path / "page.html"
    page.write_text(
        '<html lang="fr"><p>Le score <q lang="en">is the sum of the dice</q>.</p>'
        '<p>Which row?</p><code>the id</code><button aria-label="Close the menu"></button></html>',
        encoding="utf-8",
    )
    text = said(page, "fr")
    assert "Le score" in text and "Which row?" in text and "Close the menu" in text
    assert "is the sum" not in text and "the id" not in text
