"""The package's import graph, read from its source (:mod:`dicespec.code_graph`)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from dicespec.code_graph import FACE, PACKAGE, closure, imports_in, modules


def test_the_graph_reader_sees_imports_wherever_they_stand() -> None:
    """A deferred import, one under TYPE_CHECKING, a relative one and a module named in a string all count."""
    source = "\n".join(
        [
            "from typing import TYPE_CHECKING",
            "import yaml",
            "from dicespec.dice import Roll",
            "from . import rows",
            "from dicespec import corpus, __version__",
            "if TYPE_CHECKING:",
            "    from dicespec.solver import hint",
            "def f():",
            "    import dicespec.site.layout",
            "    return resolve('dicespec.setaside.family:FAMILY'), 'dicespec.no_such_module', 'plain words'",
        ]
    )
    found = set(imports_in(source, "dicespec.scoresheet.game"))
    assert found == {
        "dicespec.dice",
        "dicespec.scoresheet.rows",
        "dicespec.corpus",
        FACE,
        "dicespec.solver.hint",
        "dicespec.site.layout",
        "dicespec.setaside.family",
    }


def test_every_module_of_the_package_is_named_by_its_dotted_name() -> None:
    """A module by its path, a package by its folder; the package's face is ``dicespec``."""
    found = modules()
    assert found[FACE] == PACKAGE / "__init__.py"
    assert found["dicespec.solver"] == PACKAGE / "solver" / "__init__.py"
    assert found["dicespec.solver.keeps"] == PACKAGE / "solver" / "keeps.py"
    assert len(found) == len(list(PACKAGE.rglob("*.py")))


def tiny_package(root: Path, files: dict[str, str]) -> Path:
    """A package named dicespec in ``root``, of these files (relative path: text)."""
    package = root / FACE
    for name, text in files.items():
        (package / name).parent.mkdir(parents=True, exist_ok=True)
        (package / name).write_text(text, encoding="utf-8")
    return package


def test_the_closure_holds_what_a_module_runs_and_nothing_else(tmp_path: Path) -> None:
    """Importing a module runs it, the packages above it and whatever they import, round and
    round (a namespace package, with no ``__init__``, runs nothing); a module that imports it
    does not count."""
    package = tiny_package(
        tmp_path,
        {
            "__init__.py": "from dicespec import dice\n",
            "dice.py": "",
            "engine/rows.py": "from dicespec.dice import Roll\n",
            "solver/__init__.py": "from dicespec.solver import table\n",
            "solver/table.py": "from dicespec.engine import rows\n",
            "solver/named.py": "FAMILY = 'dicespec.engine.rows:ROWS'\n",
            "cli.py": "from dicespec.solver import table\n",
        },
    )
    assert closure(["dicespec.solver.table"], package) == [
        "dicespec",
        "dicespec.dice",
        "dicespec.engine.rows",
        "dicespec.solver",
        "dicespec.solver.table",
    ]
    assert "dicespec.engine.rows" in closure(["dicespec.solver.named"], package)
    with pytest.raises(LookupError, match=r"no module dicespec\.engine in"):
        closure(["dicespec.engine"], package)


def test_the_solver_runs_no_command_page_or_runner() -> None:
    """What the solver's tables are named by leaves out the command line, the site and the
    conformance runner: an edit there keeps every solve."""
    solver = closure(["dicespec.solver.scoresheet"])
    assert "dicespec.scoresheet.rows" in solver and "dicespec.solver.keeps" in solver
    assert [name for name in solver if name.startswith(("dicespec.cli", "dicespec.site", "dicespec.conformance"))] == []


def test_a_copy_of_the_package_reads_as_the_package(tmp_path: Path) -> None:
    """The graph of a copy of the package is the package's own, module for module."""
    copy = tmp_path / FACE
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__", "_data"))
    assert closure(["dicespec.cli"], copy) == closure(["dicespec.cli"])
