"""The rules website's generated pages, written as Markdown before the site is built.

:func:`generate` reads the spec (features, errata, source texts), the shipped rulesets and
the last test results, writes one Markdown file per page below ``<docs>/generated/`` and
returns their navigation. It knows nothing of MkDocs: a small hook (``docs/hooks.py``) calls
it and hands the navigation over, so another site builder needs only another hook.

Page families, one module each: :mod:`~dicespec.site.rules` (a game's normative rules, with
an anchor per case), :mod:`~dicespec.site.sources` (a source text's transcription, in four
languages), :mod:`~dicespec.site.errata`, :mod:`~dicespec.site.rulesets`,
:mod:`~dicespec.site.odds`, :mod:`~dicespec.site.optimal`, :mod:`~dicespec.site.conformance`
and :mod:`~dicespec.site.mutation`; besides the pages, each ruleset's test data to download
(:mod:`~dicespec.site.downloads`).
"""

from __future__ import annotations

from pathlib import Path
from collections.abc import Iterable, Mapping
from typing import Any

from dicespec.site import layout
from dicespec.site.conformance import conformance_page
from dicespec.registry import games
from dicespec.site.data import load
from dicespec.site.downloads import Download, download_files
from dicespec.site.errata import errata_page
from dicespec.site.layout import Page
from dicespec.site.mutation import mutation_page
from dicespec.site.odds import odds_page
from dicespec.site.optimal import optimal_page
from dicespec.site.rules import rules_page
from dicespec.site.rulesets import rulesets_page
from dicespec.site.sources import source_pages
from dicespec.spec.paths import data_root

__all__ = ["Page", "generate", "pages"]

Nav = list[dict[str, Any]]


def pages(root: Path | None = None, results: Path | None = None,
          offered: Iterable[str] = ()) -> tuple[list[Page], Nav, list[Download]]:
    """Every generated page, the navigation of those that belong in it (English ones), and the test
    data of the ``offered`` rulesets, which the Rulesets page links."""
    root = (root or data_root()).resolve()
    data = load(root)
    files = download_files(data, offered)
    rules = [rules_page(data, game.name) for game in games()]
    sources = source_pages(data)
    others = [
        errata_page(data),
        rulesets_page(data, files),
        odds_page(data),
        optimal_page(data),
        conformance_page(data, results or root / "artifacts" / "results.jsonl"),
        mutation_page(data),
    ]
    nav: Nav = [
        {"Rules": [{page.title: page.path} for page in rules]},
        {"Source texts": [{versions[0].title: versions[0].path} for versions in sources]},
        *({page.title: page.path} for page in others),
    ]
    return [*rules, *(page for versions in sources for page in versions), *others], nav, files


def write(docs_dir: Path, generated: list[Page], files: Mapping[str, bytes] | None = None) -> None:
    """Write the pages, and other ``files`` (path relative to the docs folder → content), below
    ``docs_dir``; a file is touched only when its content changes (so that ``mkdocs serve``, which
    watches the folder, settles), and stale generated files go."""
    folder = docs_dir / layout.GENERATED
    wanted = {docs_dir / page.path: page.document().encode("utf-8") for page in generated}
    wanted.update({docs_dir / path: content for path, content in (files or {}).items()})
    for path, content in wanted.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.is_file() or path.read_bytes() != content:
            path.write_bytes(content)
    if folder.is_dir():
        for stale in folder.rglob("*"):
            if stale.is_file() and stale not in wanted:
                stale.unlink()


def generate(docs_dir: str | Path, *, root: Path | None = None, results: Path | None = None,
             offered: Iterable[str] = ()) -> Nav:
    """Write the generated pages, and the test data of the ``offered`` rulesets, into
    ``<docs_dir>/generated/`` and return the pages' navigation (MkDocs' ``nav`` shape: a list of
    ``{title: path or [children]}``, paths relative to the docs)."""
    generated, nav, files = pages(root, results, offered)
    write(Path(docs_dir), generated, {file.path: file.content for file in files})
    return nav
