"""MkDocs hooks: generate the spec's pages before the build, and offer each page's translations.

The pages themselves come from ``dicespec.site``, which knows nothing of MkDocs.
"""

from __future__ import annotations

from pathlib import Path

import dicespec.rulesets
from dicespec.site import downloads, generate, layout
from dicespec.site.layout import LANGUAGE_LABELS, LANGUAGES
from dicespec.spec.paths import data_root


def _listed(nav) -> set[str]:
    """Every page path a navigation names."""
    found = set()
    for item in nav or []:
        values = item.values() if isinstance(item, dict) else [item]
        for value in values:
            found |= _listed(value) if isinstance(value, list) else {value}
    return found


def on_config(config):
    """Write docs/generated/ (its pages, and each ruleset's test data to download) and put its pages
    in the navigation after those of mkdocs.yml; then any other hand-written page beside index.md
    (MkDocs takes its title from its heading)."""
    nav = [*(config.nav or []), *generate(Path(config.docs_dir), offered=downloads.wanted())]
    listed = _listed(nav)
    nav += [page.name for page in sorted(Path(config.docs_dir).glob("*.md")) if page.name not in listed]
    config.nav = nav
    return config


def on_serve(server, config, builder):
    """Rebuild when the spec changes, not only the docs."""
    root = data_root()
    for folder in (root / "features", root / "fixtures", Path(dicespec.rulesets.__file__).parent):
        if folder.is_dir():
            server.watch(str(folder))
    return server


_files: dict = {}


def on_files(files, config):
    """Remember the documentation files by source path, to resolve translations to URLs."""
    _files.clear()
    _files.update({file.src_uri: file for file in files.documentation_pages()})
    return files


def on_page_context(context, page, config, nav):
    """``alternates``: the page's versions in other languages (its front matter `translations`),
    else the home page in each language, as links for the language selector."""
    translations = page.meta.get("translations") or {lang: layout.home(lang) for lang in LANGUAGES}
    alternates = []
    for lang, src in translations.items():
        target = _files.get(src)
        if target is not None:
            alternates.append({"lang": lang, "name": LANGUAGE_LABELS.get(lang, lang), "link": target.url,
                               "current": target.src_uri == page.file.src_uri})
    context["alternates"] = alternates
    return context
