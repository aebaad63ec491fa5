"""Where each page of the site lives, in every language, and the page value the generators return.

Paths are relative to the docs folder and name Markdown files, as MkDocs' ``nav`` does; with
directory URLs, ``errata.md`` is served at ``/errata/`` and ``fr/errata.md`` at ``/fr/errata/``.
English pages sit at the top, each other language below its code. The generated pages are never
written into the docs folder: the hook hands them to MkDocs as files of the build
(``docs/hooks.py``), beside the hand-written ones (the home pages, the protocol, the guides of
the command line, the architecture).
"""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass

from dicespec.catalog import LANGUAGES as LANGUAGES  # English is normative
from dicespec.registry import game as registered_game

LANGUAGE_LABELS = {"en": "English", "fr": "Français", "de": "Deutsch", "pl": "Polski"}


@dataclass(frozen=True, slots=True)
class Page:
    """One page to write: where, in which language, its title and its Markdown."""

    path: str  # relative to the docs folder, e.g. "fr/kiriki.md"
    title: str  # plain text (a source text's title comes from the spec: see :attr:`html_title`)
    markdown: str
    lang: str = "en"

    @property
    def html_title(self) -> str:
        """The title as the theme writes it into the navigation and ``<title>``: escaped, since
        the theme writes titles as HTML."""
        return html.escape(self.title)

    def document(self) -> str:
        """The file's text: front matter naming its title (for the navigation of its language) and
        language, then the Markdown."""
        front = json.dumps({"title": self.html_title, "lang": self.lang}, ensure_ascii=False)  # JSON is YAML
        return f"---\n{front}\n---\n\n" + self.markdown.rstrip() + "\n"


def language_of(path: str) -> str:
    """The language of the page at ``path`` (relative to the docs folder)."""
    head = path.split("/", 1)[0]
    return head if head in LANGUAGES and head != "en" and "/" in path else "en"


def in_language(path: str, lang: str) -> str:
    """The same page as ``path`` in ``lang``."""
    current = language_of(path)
    bare = path if current == "en" else path.split("/", 1)[1]
    return bare if lang == "en" else f"{lang}/{bare}"


def _at(name: str, lang: str) -> str:
    return name if lang == "en" else f"{lang}/{name}"


def address(game: str) -> str:
    """The address a game's rules live at: its title as pages name it ("10000", "kiriki")."""
    return re.sub(r"[^a-z0-9]+", "-", registered_game(game).title.lower()).strip("-")


def home(lang: str = "en") -> str:
    return _at("index.md", lang)


def rules(game: str, lang: str = "en") -> str:
    return _at(f"{address(game)}.md", lang)


def play(game: str, lang: str = "en") -> str:
    """The page on which a reader plays the game: ``play/kiriki.md``, beside its rules."""
    return _at(f"play/{address(game)}.md", lang)


def source(slug: str, lang: str = "en") -> str:
    return _at(f"sources/{slug}.md", lang)


def sources(lang: str = "en") -> str:
    return _at("sources/index.md", lang)


def errata(lang: str = "en") -> str:
    return _at("errata.md", lang)


def rulesets(lang: str = "en") -> str:
    return _at("rulesets.md", lang)


def odds(lang: str = "en") -> str:
    return _at("odds.md", lang)


def optimal(lang: str = "en") -> str:
    return _at("optimal-play.md", lang)


def conformance(lang: str = "en") -> str:
    return _at("conformance.md", lang)


def protocol(lang: str = "en") -> str:
    """The protocol's page (hand-written, in every language)."""
    return _at("protocol.md", lang)


MUTATION = "mutation.md"  # for the project's developers: English only, as the architecture
ARCHITECTURE = "architecture.md"
# Hand-written pages of the command line, English only, each under its title in the navigation.
GUIDES = {"rule-changes.md": "Change a rule", "solver.md": "The solver"}


def download(ruleset: str) -> str:
    """A ruleset's test data (what ``dicespec export`` writes), gzipped: a file, not a page."""
    return f"downloads/{ruleset}.json.gz"
