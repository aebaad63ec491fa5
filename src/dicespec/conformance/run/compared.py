"""The implementations compared with the spec, as the Conformance page reads them: the list
``fixtures/conformance/implementations.yaml`` (checked by ``schemas/implementations.json``) and
each one's results file, ``fixtures/conformance/<id>.json``.

The maintainer's tool ``tools/comparison.py`` (``make conformance``) runs them and writes the
results files; the wheel does not carry it. A spec tree without the list compares nothing.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

import yaml

from dicespec.conformance.run.target import Target
from dicespec.spec.paths import data_root
from dicespec.validation import check


def folder() -> Path:
    return data_root() / "fixtures" / "conformance"


@dataclass(frozen=True, slots=True)
class Entry:
    """One implementation to compare."""

    id: str
    sources: tuple[str, ...]
    impl: str | None = None
    python: str | None = None
    package: str | None = None
    homepage: str | None = None

    @property
    def target(self) -> Target:
        return Target(python=self.python) if self.python else Target.from_command_line(self.impl or "")

    @property
    def results_path(self) -> Path:
        return folder() / f"{self.id}.json"

    def package_version(self) -> str | None:
        if self.package is None:
            return None
        try:
            return version(self.package)
        except PackageNotFoundError:
            return None


def entries() -> list[Entry]:
    """The implementations to compare (none in a spec tree without the list)."""
    path = folder() / "implementations.yaml"
    if not path.is_file():
        return []
    return read_entries(path)


def read_entries(path: Path) -> list[Entry]:
    """The implementations of a list like ``implementations.yaml``, checked against
    ``schemas/implementations.json``; ids must differ (each names a results file)."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    check(data, "implementations", path, owner="the implementations list")
    seen: set[str] = set()
    for i, item in enumerate(data):
        if item["id"] in seen:
            raise ValueError(f"{path}: {i}.id: {item['id']!r}: another implementation has this id")
        seen.add(item["id"])
    return [
        Entry(
            item["id"],
            tuple(item["sources"]),
            item.get("impl"),
            item.get("python"),
            item.get("package"),
            item.get("homepage"),
        )
        for item in data
    ]


def read(entry: Entry) -> dict[str, Any] | None:
    """The implementation's results file, as written (``None`` before its first run)."""
    path = entry.results_path
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None
