"""Where the spec's data lives: ``features/`` and ``fixtures/`` of the repository.

A checkout reads them in place. An installed wheel carries a copy in ``dicespec/_data``
(made by the build from the repository, which stays the one source). ``DICESPEC_ROOT``
points at another tree with the same layout.
"""

from __future__ import annotations

import os
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent


def data_root() -> Path:
    """The folder that holds ``features/`` and ``fixtures/``."""
    if override := os.environ.get("DICESPEC_ROOT"):
        return Path(override)
    checkout = _PACKAGE.parent.parent  # src/dicespec -> repository root
    if (checkout / "features").is_dir() and (checkout / "fixtures").is_dir():
        return checkout
    return _PACKAGE / "_data"


def features_dir() -> Path:
    return data_root() / "features"


def errata_path() -> Path:
    return data_root() / "fixtures" / "errata.yaml"


def sources_dir() -> Path:
    return data_root() / "fixtures" / "sources"


def spec_data_files() -> list[Path]:
    """The data a run of the spec reads besides the rulesets: the features, the errata, and the
    phrasebook and glossary the steps read them with."""
    here = _PACKAGE / "spec"
    return [*sorted(features_dir().rglob("*.feature")), errata_path(), here / "phrasebook.yaml", here / "glossary.yaml"]
