"""MkDocs hooks: the spec's pages in every language, each with its language's navigation.

The pages themselves come from ``dicespec.site``, which knows nothing of MkDocs. This hook hands
them to MkDocs as files of the build (nothing is written into the docs folder), gives each
language its own navigation (MkDocs has one), tells the theme the language of each page (for
``<html lang>`` and the theme's own words), and offers each page's versions in other languages.
"""

from __future__ import annotations

from pathlib import Path

from mkdocs.structure.files import File
from mkdocs.structure.nav import get_navigation

import dicespec.rulesets
from dicespec.catalog import words
from dicespec.site import Site, coach, downloads, layout, pages, scripts
from dicespec.site.layout import LANGUAGE_LABELS, LANGUAGES
from dicespec.spec.paths import data_root

_site: dict[str, Site] = {}
_navs: dict = {}  # language -> its Navigation
_files: dict = {}  # source path -> the page's File


def _hand_written(docs_dir: Path) -> set[str]:
    return {path.relative_to(docs_dir).as_posix() for path in docs_dir.rglob("*.md")}


def on_config(config):
    """Make the pages (every build afresh: `mkdocs serve` shows an edit to the spec) and put the
    English navigation in the configuration; the others are built in :func:`on_nav`."""
    site = pages(offered=downloads.wanted(), hand_written=_hand_written(Path(config.docs_dir)), coached=coach.wanted())
    _site["current"] = site
    config.nav = site.navs["en"]
    return config


def on_files(files, config):
    """Add the generated pages and files to the build: the pages' scripts among them (the JavaScript
    package, js/, served at javascripts/)."""
    site = _site["current"]
    for page in site.pages:
        files.append(File.generated(config, page.path, content=page.document()))
    for path, content in site.files.items():
        files.append(File.generated(config, path, content=content))
    _files.clear()
    _files.update({file.src_uri: file for file in files.documentation_pages()})
    return files


def on_nav(nav, config, files):
    """Each other language's navigation, over the same pages (each page is in one language's)."""
    _navs.clear()
    _navs["en"] = nav
    english = config.nav
    try:
        for lang in LANGUAGES[1:]:
            config.nav = _site["current"].navs[lang]
            other = get_navigation(files, config)
            for title, path in _entries(config.nav):  # MkDocs names a page from the first nav it is in
                file = files.get_file_from_path(path)
                if file is not None and file.page is not None:
                    file.page.title = title
            home = files.get_file_from_path(layout.home(lang))
            other.homepage = home.page if home is not None else None
            _navs[lang] = other
    finally:
        config.nav = english
    return nav


def _entries(nav):
    """Every (title, path) of a navigation."""
    for item in nav or []:
        for title, value in item.items():
            if isinstance(value, list):
                yield from _entries(value)
            else:
                yield title, value


def on_serve(server, config, builder):
    """Rebuild when the spec or the pages' scripts (the JavaScript package) change, not only the docs."""
    root = data_root()
    for folder in (root / "features", root / "fixtures", Path(dicespec.rulesets.__file__).parent, scripts.PACKAGE):
        if folder.is_dir():
            server.watch(str(folder))
    return server


def on_page_content(html, page, config, files):
    """The headings' permanent links titled in the page's language (the toc extension has one title)."""
    title = words("site", layout.language_of(page.file.src_uri))["permalink"]
    return html.replace('title="Permanent link"', f'title="{title}"')


def on_page_context(context, page, config, nav):
    """The page's language (``dicespec_lang``, read by partials/language.html), its language's
    navigation, and ``alternates``: the page in each language it exists in (else that language's
    home page), for the language selector."""
    lang = layout.language_of(page.file.src_uri)
    context["dicespec_lang"] = lang
    site_words = words("site", lang)
    context["dicespec_palette"] = {"default": site_words["to_dark"], "slate": site_words["to_light"]}
    context["nav"] = _navs.get(lang, nav)
    alternates = []
    for other in LANGUAGES:
        target = _files.get(layout.in_language(page.file.src_uri, other)) or _files.get(layout.home(other))
        if target is not None:
            alternates.append(
                {"lang": other, "name": LANGUAGE_LABELS.get(other, other), "link": target.url, "current": other == lang}
            )
    context["alternates"] = alternates
    return context
