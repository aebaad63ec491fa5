"""Tests mirror the package: every module of ``src/dicespec`` has its test file, where its own
behaviour is tested through its own API (``tests/solver/test_hint.py`` for ``solver/hint.py``; a
package's ``__init__``, ``tests/rulesets/test_rulesets.py`` for ``rulesets/__init__.py``), so that
a module's loop is its one file and a reader finds its tests without searching.

A module that holds no logic has none, each with its reason below, and each is held to it: no
function or method of it has more than two statements of body."""

from __future__ import annotations

import ast
from pathlib import Path

from dicespec.code_graph import FACE, modules
from folders import TESTS

NO_LOGIC = {
    FACE: "the package's face: it re-exports the engines' public names",
    "dicespec.adapter": "an entry point: `python -m dicespec.adapter` runs the serving loop's main",
    "dicespec.errors": "exception classes only",
    "dicespec.scoresheet.errors": "exception classes and their codes only",
    "dicespec.setaside.errors": "exception classes and their codes only",
    "dicespec.scoresheet.family": "the score-sheet family's declaration, each method one call",
    "dicespec.setaside.family": "the set-aside family's declaration, each method one call",
    "dicespec.spec.steps.scenarios": "the test module pytest collects: one call that makes every scenario a test",
    "dicespec.terminal": "the front ends' table and its one-line lookup",
    "dicespec.conformance": "a package's docstring: its parts",
    "dicespec.conformance.containment": "a package's docstring: its parts",
    "dicespec.conformance.protocol": "a package's docstring: its parts",
    "dicespec.conformance.run": "a package's docstring: its parts",
    "dicespec.conformance.serving": "a package's docstring: its parts",
    "dicespec.conformance.transports": "a package's docstring: its parts",
    "dicespec.identify": "a package's docstring: its parts",
    "dicespec.regression": "a package's docstring: its parts",
    "dicespec.schemas": "a package's docstring: the schemas are data, tested by tests/test_schemas.py",
    "dicespec.setaside": "a package's docstring: its parts",
    "dicespec.spec": "a package that re-exports the spec's readers",
    "dicespec.spec.steps": "a package's docstring: its parts",
}
"""The modules that hold no logic, each with why it has no test file."""

MOST_STATEMENTS = 2


def mirror_of(name: str, path: Path) -> Path:
    """Where the tests of the module ``name`` (at ``path``) live."""
    parts = name.split(".")[1:]
    if not parts:
        return TESTS / f"test_{FACE}.py"
    if path.name == "__init__.py":
        return TESTS.joinpath(*parts) / f"test_{parts[-1]}.py"
    return TESTS.joinpath(*parts[:-1]) / f"test_{parts[-1]}.py"


def statements(function: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """A function's statements of body, its docstring left out."""
    body = function.body
    has_docstring = body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
    return len(body) - bool(has_docstring)


def test_every_module_has_its_test_file() -> None:
    found = modules()
    missing = [
        f"{name}: {mirror_of(name, path).relative_to(TESTS.parent)}"
        for name, path in found.items()
        if name not in NO_LOGIC and not mirror_of(name, path).is_file()
    ]
    assert not missing, "modules without their test file (write it, or move their tests there):\n" + "\n".join(missing)


def test_the_test_file_names_mirror_the_modules() -> None:
    """``test_file`` reads the layout as the examples of the module's docstring write it."""
    found = modules()
    assert mirror_of("dicespec.solver.hint", found["dicespec.solver.hint"]) == TESTS / "solver" / "test_hint.py"
    assert mirror_of("dicespec.rulesets", found["dicespec.rulesets"]) == TESTS / "rulesets" / "test_rulesets.py"
    assert mirror_of("dicespec.dice", found["dicespec.dice"]) == TESTS / "test_dice.py"
    assert mirror_of(FACE, found[FACE]) == TESTS / "test_dicespec.py"


def test_every_module_without_tests_still_holds_no_logic() -> None:
    """Each exception is a module of the package, and none of its functions or methods has more
    than two statements: one that grows logic gets its test file."""
    found = modules()
    assert sorted(set(NO_LOGIC) - set(found)) == [], "exceptions that name no module"
    grown = [
        f"{name}: {node.name} has {statements(node)} statements"
        for name in NO_LOGIC
        for node in ast.walk(ast.parse(found[name].read_text(encoding="utf-8")))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and statements(node) > MOST_STATEMENTS
    ]
    assert not grown, "modules listed as holding no logic that hold some (give them a test file):\n" + "\n".join(grown)
