"""Where each page of the site lives: a page's language read from its path, the same page in another
language, the games' addresses by their titles, and a page's document (front matter, then its
Markdown, its title escaped as the theme writes titles)."""

from __future__ import annotations

import json

import pytest

from dicespec.site import layout
from dicespec.site.layout import Page, in_language, language_of


@pytest.mark.parametrize(
    ("path", "lang"),
    [("kiriki.md", "en"), ("fr/kiriki.md", "fr"), ("pl/sources/index.md", "pl"), ("fr.md", "en"), ("xx/a.md", "en")],
)
def test_a_pages_language_is_its_first_folder_when_that_names_one(path: str, lang: str) -> None:
    assert language_of(path) == lang


def test_the_same_page_in_another_language_moves_between_folders() -> None:
    assert in_language("kiriki.md", "fr") == "fr/kiriki.md"
    assert in_language("fr/sources/index.md", "de") == "de/sources/index.md"
    assert in_language("pl/odds.md", "en") == "odds.md"
    assert in_language("errata.md", "en") == "errata.md"


def test_each_page_has_its_path_in_every_language() -> None:
    assert layout.address("ten-thousand") == "10000" and layout.address("kiriki") == "kiriki"
    assert layout.rules("ten-thousand", "de") == "de/10000.md"
    assert layout.play("kiriki") == "play/kiriki.md" and layout.play("kiriki", "pl") == "pl/play/kiriki.md"
    assert layout.home() == "index.md" and layout.sources("fr") == "fr/sources/index.md"
    assert layout.source("kde-kiriki", "fr") == "fr/sources/kde-kiriki.md"
    assert layout.optimal("de") == "de/optimal-play.md" and layout.protocol() == "protocol.md"
    assert layout.download("yatzy") == "downloads/yatzy.json.gz"


def test_a_pages_document_is_its_front_matter_then_its_markdown() -> None:
    page = Page("fr/x.md", "<b>Règles</b>", "# Titre\n\n\n", lang="fr")
    assert page.html_title == "&lt;b&gt;Règles&lt;/b&gt;"
    head, markdown = page.document().split("\n---\n\n")
    assert head.startswith("---\n")
    assert json.loads(head.removeprefix("---\n")) == {"title": page.html_title, "lang": "fr"}
    assert markdown == "# Titre\n"
