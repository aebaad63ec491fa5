"""The implementations compared with the spec (conformance/run/compared.py): each entry's target
(a Python object, or a command line), its results file and its package's version; no list, no
implementations; a results file not yet written reads as nothing. (The list's schema and its ids
are checked by tests/test_schemas.py.)"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from dicespec.conformance.run import compared
from dicespec.conformance.run.compared import Entry, entries, read


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A spec tree of the test's own, with an empty folder of results."""
    monkeypatch.setenv("DICESPEC_ROOT", str(tmp_path))
    (tmp_path / "fixtures" / "conformance").mkdir(parents=True)
    return tmp_path / "fixtures" / "conformance"


def test_an_entry_s_target_is_its_python_object_or_its_command() -> None:
    assert Entry("a", ("a.py",), python="mine:Impl").target.python == "mine:Impl"
    assert Entry("b", ("b.mjs",), impl="node b.mjs --fast").target.command == ("node", "b.mjs", "--fast")


def test_an_entry_s_package_version_is_the_installed_one_or_none() -> None:
    assert Entry("a", ("a.py",), python="m:o", package="pyyaml").package_version() == yaml.__version__
    assert Entry("a", ("a.py",), python="m:o", package="no-such-distribution-here").package_version() is None
    assert Entry("a", ("a.py",), python="m:o").package_version() is None


def test_a_tree_without_the_list_compares_nothing(tree: Path) -> None:
    assert entries() == []


def test_the_list_is_read_in_order_and_each_results_file_by_its_id(tree: Path) -> None:
    (tree / "implementations.yaml").write_text(
        "- {id: one, sources: [one.py], python: 'one:Impl', package: one-dist}\n"
        "- {id: two, sources: [two.mjs], impl: node two.mjs, homepage: examples/two}\n",
        encoding="utf-8",
    )
    assert entries() == [
        Entry("one", ("one.py",), python="one:Impl", package="one-dist"),
        Entry("two", ("two.mjs",), impl="node two.mjs", homepage="examples/two"),
    ]
    one, two = entries()
    assert one.results_path == compared.folder() / "one.json" == tree / "one.json"
    (tree / "one.json").write_text(json.dumps({"passed": 3}), encoding="utf-8")
    assert read(one) == {"passed": 3}
    assert read(two) is None
