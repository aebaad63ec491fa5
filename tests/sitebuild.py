"""Building the rules website for the site tests: a copy of mkdocs.yml and docs/ in a temporary
folder (so a test never touches the checkout's docs/), built with ``mkdocs build --strict`` in a
subprocess, optionally over another spec tree (DICESPEC_ROOT).

The tests read one build of the checkout's site (:func:`built_site`), with a results file of its own
(:func:`sample_results`) rather than the checkout's last one: its Conformance page then shows every
part a test run's results give it (totals, results per feature, failures), the same in every run,
and no test needs a second build of it. The build is kept between runs, named by a digest of what
it is made from (:func:`site_inputs`), so a run after an edit that no build reads (a test, the
command line) builds nothing.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import markdown
import yaml

from dicespec.caches import code_digest, files_digest
from dicespec.site.data import load
from dicespec.site.downloads import VARIABLE as DOWNLOADS_VARIABLE
from dicespec.spec.results import Result
from folders import REPO
from shared import caches_of_the_tests, locked

TEST_DOWNLOADS = "greed"  # the rulesets whose test data a test build offers: the smallest file
RESULTS = "artifacts/results.jsonl"  # where the site reads a run's results, below its spec's root


def sample_results(root: Path) -> str:
    """A run's results file for the spec of ``root``: every case run once, most passing; some an
    expected failure, skipped or failing (with a message); and a few tests that run no case, one
    failing."""
    outcomes = [("passed", "passed")] * 17 + [("passed", "xfailed"), ("skipped", "skipped"), ("failed", "failed")]
    lines = []
    for number, case in enumerate(load(root).cases):
        outcome, status = outcomes[number % len(outcomes)]
        message = (
            f"AssertionError: expected {{'score': 25}} from {case.id}, got {{'score': 0}}"
            if outcome == "failed"
            else ""
        )
        lines.append(
            Result(
                id=case.id,
                case=True,
                feature=case.path,
                ruleset="kiriki-de",
                test=f"tests/test_spec.py::{case.id}",
                outcome=outcome,
                pytest=status,
                message=message,
                start="2030-01-02T03:04:05+00:00",
                duration=0.01,
            )
        )
    for number in range(3):
        test = f"tests/site/test_built_site.py::test_of_no_case_{number}"
        outcome = "failed" if number == 0 else "passed"
        message = "assert 1 == 2" if number == 0 else ""
        lines.append(Result(test, False, None, None, test, outcome, outcome, message))
    return "".join(json.dumps(line.to_json()) + "\n" for line in lines)


def spec_with_results(folder: Path) -> Path:
    """A spec tree in ``folder``: the checkout's features and fixtures (linked, not copied) and
    :func:`sample_results` beside them; its root."""
    for name in ("features", "fixtures"):
        (folder / name).symlink_to(REPO / name, target_is_directory=True)
    (folder / RESULTS).parent.mkdir(parents=True)
    (folder / RESULTS).write_text(sample_results(folder), encoding="utf-8")
    return folder


def build_site(workdir: Path, *, root: Path | None = None, hand_written: bool | None = None) -> Path:
    """Build the site from a copy of the docs in ``workdir``; the built site's folder.

    Over another spec tree (``root``), the hand-written pages beside the home page are left out
    unless ``hand_written`` says otherwise: they may link to examples that only the checkout's spec has.
    """
    docs = REPO / "docs"
    keep_hand_written = root is None if hand_written is None else hand_written

    def ignore(folder: str, names: list[str]) -> set[str]:
        skipped = {"__pycache__"}
        if not keep_hand_written and Path(folder) == docs:
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


def _build_with_results(folder: Path) -> None:
    (folder / "spec").mkdir()
    build_site(folder, root=spec_with_results(folder / "spec"), hand_written=True)


# What a build reads besides the site's own Python code: every file of the checkout but Python's and
# the tests' (the docs, mkdocs.yml, the features and fixtures, the rulesets, catalogs and schemas, the
# JavaScript, the pinned versions), and the variables that choose what a build writes.
_NOT_READ = ("tests/", ".git/")
_VARIABLES = ("DICESPEC_SITE_COACH", DOWNLOADS_VARIABLE)
KEPT_BUILDS = 2  # the latest builds kept in the caches folder, and any other used within the hour
IN_USE = 3600  # seconds: a build used this recently may be another run's, still reading it


def site_inputs() -> str:
    """A digest of everything a test build of the site is made from: the code it runs (the site's
    package, the MkDocs hook, and this module, which writes the results it shows), every other file
    of the checkout it may read, and the variables that change what it writes. A change to any of
    them names another build; a change to anything else (a test, the command line's code) keeps
    the build."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=REPO,
        capture_output=True,
        check=True,
    ).stdout.split(b"\0")
    files = sorted(
        REPO / name.decode()
        for name in listed
        if name and not name.endswith(b".py") and not name.decode().startswith(_NOT_READ)
    )
    read = [path for path in files if path.is_file()]
    return hashlib.sha256(
        "\0".join(
            [
                code_digest("dicespec.site"),
                files_digest([REPO / "docs" / "hooks.py", Path(__file__), *read], REPO),
                *(f"{name}={os.environ.get(name, '')}" for name in _VARIABLES),
            ]
        ).encode()
    ).hexdigest()[:20]


def _kept_build(folder: Path) -> None:
    """The build of today's inputs (:func:`site_inputs`) in the test runs' caches folder, made there
    unless a run made it already, and linked into ``folder``; older builds are removed but the latest
    and those another run may still be reading."""
    builds = caches_of_the_tests() / "site-builds"
    builds.mkdir(parents=True, exist_ok=True)
    kept = builds / site_inputs()
    with locked(builds / "lock"):  # another run (of another checkout's tests) may be building it
        if not (kept / "site").is_dir():
            making = Path(tempfile.mkdtemp(prefix="making-", dir=builds))
            try:
                _build_with_results(making)
                shutil.rmtree(kept, ignore_errors=True)
                making.rename(kept)
            finally:
                shutil.rmtree(making, ignore_errors=True)
        os.utime(kept)  # the latest used, kept
        older = sorted(
            (build for build in builds.iterdir() if build.is_dir() and not build.name.startswith("making-")),
            key=lambda build: build.stat().st_mtime,
            reverse=True,
        )
        for build in older[KEPT_BUILDS:]:
            if time.time() - build.stat().st_mtime > IN_USE:
                shutil.rmtree(build, ignore_errors=True)
    (folder / "site").symlink_to(kept / "site", target_is_directory=True)


def built_site(once) -> Path:
    """The site of the checkout's spec, with :func:`sample_results` on its Conformance page: built
    once for every run of the same inputs (:func:`site_inputs`), kept in the test runs' caches folder,
    and read by every test of the run (whichever pytest-xdist worker asks first makes it: ``once``
    is the fixture of tests/shared.py)."""
    return (once.folder("site", _kept_build) / "site").resolve()  # beside it, the docs it was built from


@cache
def _extensions() -> tuple[list[str], dict[str, Any]]:
    config = yaml.safe_load((REPO / "mkdocs.yml").read_text(encoding="utf-8"))
    listed = config["markdown_extensions"]
    names = [next(iter(entry)) if isinstance(entry, dict) else entry for entry in listed]
    configs = {next(iter(entry)): next(iter(entry.values())) for entry in listed if isinstance(entry, dict)}
    return names, configs


def rendered(text: str) -> str:
    """Markdown as MkDocs renders a page's: Python-Markdown with mkdocs.yml's extensions."""
    names, configs = _extensions()
    return markdown.markdown(text, extensions=names, extension_configs=configs)


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
