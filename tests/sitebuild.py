"""Building the rules website for the site tests: a copy of mkdocs.yml and docs/ in a temporary
folder (so a test never touches the checkout's docs/), built with
``mkdocs build --strict`` in a subprocess, optionally over another spec tree (DICESPEC_ROOT)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

from dicespec.site.downloads import VARIABLE as DOWNLOADS_VARIABLE
from folders import REPO

TEST_DOWNLOADS = "greed"  # the rulesets whose test data a test build offers: the smallest file


def build_site(workdir: Path, *, root: Path | None = None) -> Path:
    """Build the site from a copy of the docs in ``workdir``; the built site's folder.

    Over another spec tree (``root``), the hand-written pages beside the home page are left out:
    they may link to examples that only the checkout's spec has.
    """
    docs = REPO / "docs"

    def ignore(folder: str, names: list[str]) -> set[str]:
        skipped = {"__pycache__"}
        if root is not None and Path(folder) == docs:
            skipped |= {name for name in names if name.endswith(".md") and name != "index.md"}
        return skipped & set(names)

    shutil.copy(REPO / "mkdocs.yml", workdir / "mkdocs.yml")
    shutil.copytree(docs, workdir / "docs", ignore=ignore)
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    env.setdefault(DOWNLOADS_VARIABLE, TEST_DOWNLOADS)  # every ruleset's test data would take seconds a build
    if root is not None:
        env["DICESPEC_ROOT"] = str(root)
    site = workdir / "site"
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "mkdocs",
            "build",
            "--strict",
            "--quiet",
            "-f",
            str(workdir / "mkdocs.yml"),
            "-d",
            str(site),
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, f"mkdocs build failed:\n{result.stdout}\n{result.stderr}"
    return site


def built_site(once) -> Path:
    """The site of the checkout's spec, built once per test run (by whichever pytest-xdist worker
    asks first: ``once`` is the fixture of tests/shared.py)."""
    return once.folder("site", build_site) / "site"


class Elements(HTMLParser):
    """Every start tag of a page, with its attributes, and the page's text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data: str) -> None:
        self.text.append(data)

    @classmethod
    def of(cls, path: Path) -> Elements:
        parser = cls()
        parser.feed(path.read_text(encoding="utf-8"))
        parser.close()
        return parser

    def ids(self) -> list[str]:
        return [attrs["id"] for _, attrs in self.tags if attrs.get("id")]


def pages(site: Path) -> list[Path]:
    """Every HTML page of a built site (the 404 page aside)."""
    return sorted(p for p in site.rglob("*.html") if p.name != "404.html")
