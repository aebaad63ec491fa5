"""What names a file of the package's cache folder: the code that made it
(:func:`dicespec.caches.code_digest`) and the data it was made from."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from dicespec.caches import code_digest, digest_of, files_digest
from dicespec.code_graph import FACE, PACKAGE

# The modules whose code names a kept file (the maker of each kind of file).
MAKERS = {
    "a solver table": "dicespec.solver.cache",
    "a coach file": "dicespec.solver.coachdata",
    "a kept game": "dicespec.corpus",
    "a download": "dicespec.export",
}


@pytest.fixture(scope="module")
def copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the package to edit."""
    folder = tmp_path_factory.mktemp("package") / FACE
    shutil.copytree(PACKAGE, folder, ignore=shutil.ignore_patterns("__pycache__", "_data"))
    return folder


def edited(copy: Path, module: str, tmp_path: Path) -> Path:
    """Another copy of ``copy`` with a comment added to the file of ``module`` (dotted, below the package)."""
    other = tmp_path / FACE
    shutil.copytree(copy, other, copy_function=os.link)  # the files shared, but the one edited
    path = other / Path(*module.split(".")[1:]).with_suffix(".py")
    text = path.read_text(encoding="utf-8")
    path.unlink()
    path.write_text(text + "# an edit\n", encoding="utf-8")
    return other


@pytest.mark.parametrize(
    ("module", "moves"),
    [
        ("dicespec.cli", False),
        ("dicespec.site.markup", False),
        ("dicespec.conformance.run.report", False),
        ("dicespec.dice", True),
        ("dicespec.scoresheet.rows", True),
    ],
)
def test_a_key_changes_with_the_code_that_made_it_and_only_then(
    copy: Path, tmp_path: Path, module: str, moves: bool
) -> None:
    """An edit of a module the maker runs names other files; an edit of the command line, the
    site or the runner keeps every file."""
    other = edited(copy, module, tmp_path)
    for kind, maker in MAKERS.items():
        before = digest_of((maker,), copy)
        assert before == code_digest(maker)  # the copy is the package
        assert (digest_of((maker,), other) != before) is moves, kind


def test_a_key_of_data_changes_with_any_byte_of_it(tmp_path: Path) -> None:
    """The files' digest changes with a file's content, and with its name, and not with the folder
    they are in (a clone elsewhere reads what the checkout kept)."""
    first, second = tmp_path / "a.feature", tmp_path / "b.feature"
    first.write_text("Feature: one\n", encoding="utf-8")
    second.write_text("Feature: two\n", encoding="utf-8")
    before = files_digest([first, second], tmp_path)
    assert files_digest([first, second], tmp_path) == before
    second.write_text("Feature: two!\n", encoding="utf-8")
    assert files_digest([first, second], tmp_path) != before
    assert files_digest([second, first], tmp_path) != files_digest([first, second], tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    moved = [shutil.copy(path, elsewhere) for path in (first, second)]
    assert files_digest(map(Path, moved), elsewhere) == files_digest([first, second], tmp_path)  # wherever they are
    assert files_digest([first], elsewhere, tmp_path) == files_digest([first], tmp_path)  # the first root it is in
    with pytest.raises(ValueError, match="in none of the folders"):
        files_digest([first], elsewhere)


def test_a_digest_names_its_modules() -> None:
    """A digest of no module is refused."""
    with pytest.raises(ValueError, match="needs the modules"):
        code_digest()
