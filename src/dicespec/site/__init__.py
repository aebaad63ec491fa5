"""The rules website's generated pages, in every language of the site, as Markdown.

:func:`pages` reads the spec (features, errata, source texts), the shipped rulesets and the
last test results, and returns every page with its language and address, each language's
navigation, and the files the pages use. It knows nothing of MkDocs: a small hook
(``docs/hooks.py``) hands the pages to MkDocs as files of the build (nothing is written into the
docs folder), so another site builder needs only another hook.

Page families, one module each, every one in every language but the last:
:mod:`~dicespec.site.rules` (a game's normative rules, with an anchor per case, and its scorer,
:mod:`~dicespec.site.scorer`), :mod:`~dicespec.site.play` (a game to play, beside its rules),
:mod:`~dicespec.site.sources` (a source text's transcription),
:mod:`~dicespec.site.errata`, :mod:`~dicespec.site.rulesets`, :mod:`~dicespec.site.odds`,
:mod:`~dicespec.site.optimal`, :mod:`~dicespec.site.conformance` and
:mod:`~dicespec.site.mutation` (English only, for the project's developers); besides the pages,
each ruleset's test data to download (:mod:`~dicespec.site.downloads`), the game pages' coach
files (:mod:`~dicespec.site.coach`) and the pages' scripts, the project's JavaScript package
(:mod:`~dicespec.site.scripts`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dicespec.catalog import LANGUAGES, words
from dicespec.registry import games
from dicespec.site import coach, layout
from dicespec.site.conformance import conformance_page
from dicespec.site.data import load
from dicespec.site.downloads import Download, download_files
from dicespec.site.errata import errata_page
from dicespec.site.layout import Page
from dicespec.site.mutation import TITLE as MUTATION_TITLE
from dicespec.site.mutation import mutation_page
from dicespec.site.odds import odds_page
from dicespec.site.optimal import optimal_page
from dicespec.site.play import play_page
from dicespec.site.rules import rules_page
from dicespec.site.rulesets import rulesets_page
from dicespec.site.scorer import scorer_files
from dicespec.site.scripts import script_files
from dicespec.site.sources import source_pages
from dicespec.spec.paths import data_root

__all__ = ["Page", "Site", "pages"]

Nav = list[dict[str, Any]]


@dataclass(frozen=True, slots=True)
class Site:
    """One build's generated pages (every language), each language's navigation, and other files."""

    pages: list[Page]
    navs: dict[str, Nav]  # language -> MkDocs' nav shape: a list of {title: path or [children]}
    files: dict[str, bytes] = field(default_factory=dict)  # path relative to the site root -> content
    downloads: list[Download] = field(default_factory=list)


def _nav(
    lang: str, rules: list[Page], plays: list[Page], sources: list[Page], others: list[Page], hand_written: set[str]
) -> Nav:
    w = words("site", lang)
    nav: Nav = []
    if layout.home(lang) in hand_written:
        nav.append({w["home"]: layout.home(lang)})
    nav.append({w["rules"]: [{page.html_title: page.path} for page in rules]})
    nav.append({words("play", lang)["nav"]: [{page.html_title: page.path} for page in plays]})
    nav.append({w["sources"]: [{page.html_title: page.path} for page in sources]})
    nav.extend({page.html_title: page.path} for page in others)
    developers = [{w["protocol"]: layout.protocol(lang)}] if layout.protocol(lang) in hand_written else []
    if lang == "en":
        developers += [{title: path} for path, title in layout.GUIDES.items() if path in hand_written]
        developers += [{MUTATION_TITLE: layout.MUTATION}, {"Architecture": layout.ARCHITECTURE}]
    if developers:
        nav.append({w["for_developers"]: developers})
    return nav


def pages(
    root: Path | None = None,
    results: Path | None = None,
    offered: Iterable[str] = (),
    hand_written: Iterable[str] = (),
    coached: Iterable[str] = (),
) -> Site:
    """Every generated page in every language, each language's navigation (with the
    ``hand_written`` pages that exist, by path relative to the docs folder), and the files the
    pages use: the test data of the ``offered`` rulesets (linked from the Rulesets page), the pages'
    scripts (:mod:`~dicespec.site.scripts`), the scorer's rulesets' data and the coach files of the
    ``coached`` rulesets (:mod:`~dicespec.site.coach`)."""
    root = (root or data_root()).resolve()
    data = load(root)
    downloads = download_files(data, offered)
    coach_files = coach.coach_files(coached)
    duel_files = coach.duel_files(coached)
    written = set(hand_written)
    results = results or root / "artifacts" / "results.jsonl"
    generated: list[Page] = []
    navs: dict[str, Nav] = {}
    for lang in LANGUAGES:
        rules = [rules_page(data, game.name, lang) for game in games()]
        plays = [play_page(game.name, lang, coached=coach_files, dueled=duel_files) for game in games()]
        sources = source_pages(data, lang)
        others = [
            errata_page(data, lang),
            rulesets_page(data, downloads, lang),
            odds_page(data, lang),
            optimal_page(data, lang),
            conformance_page(data, results, lang),
        ]
        generated += [*rules, *plays, *sources, *others]
        navs[lang] = _nav(lang, rules, plays, sources, others, written)
    generated.append(mutation_page(data))
    files = {download.path: download.content for download in downloads}
    files.update(script_files())
    files.update(scorer_files())
    files.update({coach.path(name): content for name, content in coach_files.items()})
    files.update({coach.duel_path(name): content for name, content in duel_files.items()})
    return Site(generated, navs, files, downloads)
