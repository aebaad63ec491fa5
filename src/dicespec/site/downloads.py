"""Each shipped ruleset's test data as a file to download: ``generated/exports/<ruleset>.json.gz``,
what ``dicespec export`` writes (:mod:`dicespec.export`), from the spec the build reads, gzipped.

A ruleset's file takes most of a second to make (its corpus), so a build offers the rulesets
:func:`wanted` names: ``DICESPEC_SITE_DOWNLOADS`` (ruleset names, comma-separated; unset: every
shipped ruleset; the site's own tests offer one small file), and ``mkdocs serve`` makes a file
again only when its ruleset or its cases of the spec changed since the last build.
"""

from __future__ import annotations

import gzip
import os
from collections.abc import Iterable
from dataclasses import dataclass

from dicespec.export import canonical, dumps, export, spec_cases
from dicespec.rulesets import ruleset_data, ruleset_names
from dicespec.site import layout
from dicespec.site.data import SiteData

VARIABLE = "DICESPEC_SITE_DOWNLOADS"


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
    chosen = os.environ.get(VARIABLE)
    if chosen is None:
        return ruleset_names()
    names = {name.strip() for name in chosen.split(",")}
    return [name for name in ruleset_names() if name in names]


# The files made in this process, by ruleset, with what they were made from (mkdocs serve rebuilds).
_made: dict[str, tuple[str, Download]] = {}


def download_files(data: SiteData, rulesets: Iterable[str]) -> list[Download]:
    """The test data of these rulesets, from the cases and findings the build reads."""
    found = []
    for name in rulesets:
        made_from = canonical([ruleset_data(name), list(spec_cases(name, data.cases, data.findings_by_case))])
        if name not in _made or _made[name][0] != made_from:
            exported = export(name, data.cases, data.findings_by_case)
            text = dumps(exported).encode("utf-8")
            _made[name] = made_from, Download(name, layout.download(name), gzip.compress(text, 6, mtime=0),
                                              len(exported["spec"]), len(exported["corpus"]), len(text))
        found.append(_made[name][1])
    return found
