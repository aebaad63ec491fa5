"""What a pytest item of the spec runs (spec/items.py): its case id (an Examples row's ``id``, else
its scenario's ``@id:`` tag), its ruleset and its feature, read on items as pytest makes them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from dicespec.spec.items import Labels, case_id, feature_of, labels, ruleset_of


@dataclass
class Marker:
    args: tuple[Any, ...]


@dataclass
class CallSpec:
    params: dict[str, Any]


@dataclass
class Item:
    """The parts of a pytest item the module reads: its parameters and its markers."""

    params: dict[str, Any] | None = None
    markers: dict[str, Marker] = field(default_factory=dict)

    @property
    def callspec(self) -> CallSpec:
        if self.params is None:
            raise AttributeError("callspec")
        return CallSpec(self.params)

    def get_closest_marker(self, name: str) -> Marker | None:
        return self.markers.get(name)


def test_an_examples_row_names_its_case_before_the_scenario_does() -> None:
    row = Item({"_pytest_bdd_example": {"id": "row-case", "dice": "66616"}}, {"case_id": Marker(("scenario-case",))})
    assert case_id(row) == "row-case"


def test_a_scenario_names_its_case_by_its_marker() -> None:
    tagged = Item({"_pytest_bdd_example": {"dice": "66616"}}, {"case_id": Marker(("scenario-case",))})
    assert case_id(tagged) == "scenario-case"


def test_a_test_that_runs_no_case_has_none() -> None:
    plain = Item()
    assert case_id(plain) is None
    assert ruleset_of(plain) is None
    assert feature_of(plain) is None
    assert labels(plain) == Labels(None, None, None)


def test_a_test_runs_under_its_ruleset_parameter() -> None:
    assert ruleset_of(Item({"ruleset": "kiriki-fr"})) == "kiriki-fr"
    assert ruleset_of(Item({"ruleset": 3})) is None
    both = Item({"ruleset": "yacht", "_pytest_bdd_example": {"id": "c1"}})
    assert labels(both) == Labels("c1", "yacht", None)
