"""Each shipped ruleset's test data as a file to download: ``generated/exports/<ruleset>.json.gz``,
what ``dicespec export`` writes (:mod:`dicespec.export`), from the spec the build reads, gzipped.

A ruleset's file takes most of a second to make (its corpus), so a build offers the rulesets
:func:`wanted` names: ``DICESPEC_SITE_DOWNLOADS`` (ruleset names, comma-separated; unset: every
shipped ruleset; the site's own tests offer one small file), and a file is made again only when
what it is made from changed: its ruleset, the spec's data (its cases, and the phrasebook that
reduces them to calls), or the code that writes it. Made files are kept in the package's cache
folder (:func:`dicespec.caches.cache_dir`), named by a hash of those, so a second build (or
``mkdocs serve``) reuses them.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass

from dicespec.caches import cache_dir, code_digest, files_digest
from dicespec.code_graph import PACKAGE
from dicespec.export import canonical, dumps, export, spec_cases
from dicespec.rulesets import ruleset_data
from dicespec.site import layout
from dicespec.site.data import SiteData, wanted_rulesets
from dicespec.spec.paths import data_root, spec_data_files

VARIABLE = "DICESPEC_SITE_DOWNLOADS"
MAKER = "dicespec.export"  # the code that writes a download: its digest names the file kept


@dataclass(frozen=True, slots=True)
class Download:
    """One ruleset's test data, as the site offers it."""

    ruleset: str
    path: str  # relative to the docs folder
    content: bytes  # gzipped
    spec: int  # cases of the spec
    corpus: int  # cases of the corpus
    size: int  # bytes, unpacked


def wanted() -> list[str]:
    """The rulesets whose test data a build of the site offers."""
    return wanted_rulesets(VARIABLE)


def _made(name: str, data: SiteData) -> Download:
    """The ruleset's file: from the cache when nothing it is made from changed, else made and kept."""
    made_from = canonical(
        [
            code_digest(MAKER),
            # the phrasebook export reduces a case's steps by, among them:
            files_digest(spec_data_files(), PACKAGE, data_root()),
            ruleset_data(name),
            list(spec_cases(name, data.cases, data.findings_by_case)),
        ]
    )
    key = hashlib.sha256(made_from.encode("utf-8")).hexdigest()[:20]
    kept, about = (
        cache_dir() / "site-downloads" / f"{name}-{key}.json.gz",
        cache_dir() / "site-downloads" / f"{name}-{key}.json",
    )
    try:
        counts = json.loads(about.read_text(encoding="utf-8"))
        return Download(
            name, layout.download(name), kept.read_bytes(), counts["spec"], counts["corpus"], counts["size"]
        )
    except (OSError, ValueError, KeyError):
        pass
    exported = export(name, data.cases, data.findings_by_case)
    text = dumps(exported).encode("utf-8")
    made = Download(
        name,
        layout.download(name),
        gzip.compress(text, 6, mtime=0),
        len(exported["spec"]),
        len(exported["corpus"]),
        len(text),
    )
    try:
        kept.parent.mkdir(parents=True, exist_ok=True)
        for older in kept.parent.glob(f"{name}-*.json*"):  # a ruleset keeps one file: its current one
            if re.fullmatch(rf"{re.escape(name)}-(?!{key})[0-9a-f]{{20}}\.json(\.gz)?", older.name):
                older.unlink()
        kept.write_bytes(made.content)
        about.write_text(json.dumps({"spec": made.spec, "corpus": made.corpus, "size": made.size}), encoding="utf-8")
    except OSError:  # a cache that cannot be written costs time, not correctness
        pass
    return made


def download_files(data: SiteData, rulesets: Iterable[str]) -> list[Download]:
    """The test data of these rulesets, from the cases and findings the build reads."""
    return [_made(name, data) for name in rulesets]
