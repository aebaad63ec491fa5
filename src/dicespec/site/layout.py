"""Where each generated page lives, and the page value the generators return.

Paths are relative to the docs folder and name Markdown files, as MkDocs' ``nav`` does; the
generator writes them below ``generated/``. Hand-written pages (the home page and its
translations) live beside ``generated/``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

GENERATED = "generated"
from dicespec.catalog import LANGUAGES as LANGUAGES  # English is normative
LANGUAGE_LABELS = {"en": "English", "fr": "Français", "de": "Deutsch", "pl": "Polski"}


@dataclass(frozen=True, slots=True)
class Page:
    """One page to write: where, its title, its Markdown, and its versions in other languages."""

    path: str  # relative to the docs folder, e.g. "generated/kiriki.md"
    title: str  # fixed text of the generator's own (never taken from the spec)
    markdown: str
    translations: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))  # lang -> path

    def document(self) -> str:
        """The file's text: front matter naming the translations, then the Markdown."""
        front = ""
        if self.translations:
            lines = [f"  {lang}: {path}" for lang, path in self.translations.items()]
            front = "---\ntranslations:\n" + "\n".join(lines) + "\n---\n\n"
        return front + self.markdown.rstrip() + "\n"


def home(lang: str = "en") -> str:
    return "index.md" if lang == "en" else f"{lang}/index.md"


def rules(game: str) -> str:
    return f"{GENERATED}/{game}.md"


def source(slug: str, lang: str = "en") -> str:
    prefix = GENERATED if lang == "en" else f"{GENERATED}/{lang}"
    return f"{prefix}/sources/{slug}.md"


def sources(lang: str = "en") -> str:
    prefix = GENERATED if lang == "en" else f"{GENERATED}/{lang}"
    return f"{prefix}/sources/index.md"


def download(ruleset: str) -> str:
    """A ruleset's test data (what ``dicespec export`` writes), gzipped: a file, not a page."""
    return f"{GENERATED}/exports/{ruleset}.json.gz"


ERRATA = f"{GENERATED}/errata.md"
RULESETS = f"{GENERATED}/rulesets.md"
ODDS = f"{GENERATED}/odds.md"
OPTIMAL = f"{GENERATED}/optimal-play.md"
CONFORMANCE = f"{GENERATED}/conformance.md"
MUTATION = f"{GENERATED}/mutation.md"
