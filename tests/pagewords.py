"""What a page of the site says in its own language, read from its HTML (``tests/site/test_languages.py``
checks the reading, ``tests/site/test_built_site.py`` every translated page with it).

What a page says itself (its text, and the labels a screen reader or a tooltip gives: ``title``,
``aria-label``, ``placeholder``, ``alt``) must not be English. Exempt are what is not the page's
own words: quotations and other text marked with the language it is in (``lang="en"`` on a
quoted English rule sentence), code (ids, dice, ruleset names, commands), and scripts. Proper
names pass, since they are neither catalog texts nor English function words.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

from dicespec.catalog import catalog, catalog_names
from dicespec.site import layout

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
