"""The conformance package shows its parts: every module sits in a named part, the package's
docstring names each part and each module, and a part imports only the parts before it (every
import counted: at module level, inside a function, under ``TYPE_CHECKING``)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import dicespec.conformance

PACKAGE = Path(dicespec.conformance.__file__).resolve().parent
PARTS = ("protocol", "containment", "serving", "transports", "run")
"""The parts, from the bottom up."""


def _modules() -> list[Path]:
    return sorted(path for path in PACKAGE.rglob("*.py") if "__pycache__" not in path.parts)


def _part(path: Path) -> str:
    return path.relative_to(PACKAGE).parts[0]


def _imported_parts(path: Path) -> set[str]:
    """The parts of the conformance package that a module imports."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [f"{node.module}.{alias.name}" for alias in node.names]
        else:
            continue
        for name in names:
            parts = name.split(".")
            if parts[:2] == ["dicespec", "conformance"] and len(parts) > 2:
                found.add(parts[2])
    return found


def test_every_module_sits_in_a_named_part() -> None:
    loose = [path.name for path in _modules() if path.parent == PACKAGE and path.name != "__init__.py"]
    assert not loose, f"modules outside the parts {PARTS}: {loose}"
    assert {_part(path) for path in _modules() if path.parent != PACKAGE} == set(PARTS)


@pytest.mark.parametrize("part", PARTS)
def test_a_part_imports_only_the_parts_before_it(part: str) -> None:
    below = set(PARTS[: PARTS.index(part) + 1])
    upward = {
        str(path.relative_to(PACKAGE)): sorted(_imported_parts(path) - below)
        for path in _modules()
        if path.parent != PACKAGE and _part(path) == part
    }
    assert not any(upward.values()), {name: parts for name, parts in upward.items() if parts}


def test_the_package_docstring_names_every_part_and_module() -> None:
    doc = dicespec.conformance.__doc__ or ""
    assert all(f":mod:`~dicespec.conformance.{part}`" in doc for part in PARTS)
    missing = [path.name for path in _modules() if path.name != "__init__.py" and f"``{path.name}``" not in doc]
    assert not missing, missing
