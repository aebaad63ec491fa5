"""The spec's pytest plugin (``dicespec.spec.steps.plugin``), its hooks called as pytest calls
them, with stand-ins for what pytest hands them: the spec's markers and each game's declared; a
feature's data tags made markers with their value, ``@rulesets-only`` a marker, a game's tag its
marker and the ``ruleset`` fixture, any other tag left to pytest-bdd; a game's scenario run under
its reference and each ruleset its tags name (only those with ``@rulesets-only``); a case selected
by its id, a flagged case marked, and a case the errata say fails a strict expected failure under
every ruleset its claim does not hold under."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from dicespec.registry import games
from dicespec.spec.steps.plugin import (
    MARKERS,
    pytest_bdd_apply_tag,
    pytest_collection_modifyitems,
    pytest_configure,
    pytest_generate_tests,
)


def marks(function: Any) -> list[tuple[str, tuple[Any, ...], dict[str, Any]]]:
    return [(mark.name, mark.args, mark.kwargs) for mark in getattr(function, "pytestmark", [])]


def scenario() -> None:
    """A test function as pytest-bdd makes one of a scenario."""


@dataclass
class Config:
    lines: list[tuple[str, str]] = field(default_factory=list)

    def addinivalue_line(self, name: str, line: str) -> None:
        self.lines.append((name, line))


@dataclass
class Definition:
    marks: list[pytest.Mark]

    def get_closest_marker(self, name: str) -> pytest.Mark | None:
        return next((mark for mark in self.marks if mark.name == name), None)

    def iter_markers(self, name: str) -> list[pytest.Mark]:
        return [mark for mark in self.marks if mark.name == name]


@dataclass
class Metafunc:
    fixturenames: list[str]
    definition: Definition
    parametrized: list[tuple[str, list[str], list[str]]] = field(default_factory=list)

    def parametrize(self, name: str, values: list[str], ids: Any) -> None:
        self.parametrized.append((name, values, [ids(value) for value in values]))


@dataclass
class CallSpec:
    params: dict[str, Any]


@dataclass
class Item:
    """A collected test: the case of its Examples row, the ruleset it runs under, its markers."""

    callspec: CallSpec
    marks: list[pytest.Mark] = field(default_factory=list)
    extra_keyword_matches: set[str] = field(default_factory=set)

    def get_closest_marker(self, name: str) -> pytest.Mark | None:
        return next((mark for mark in self.marks if mark.name == name), None)

    def add_marker(self, marker: pytest.MarkDecorator) -> None:
        self.marks.append(marker.mark)


def item(case: str | None, ruleset: str, *flags: str) -> Item:
    params: dict[str, Any] = {"ruleset": ruleset}
    if case is not None:
        params["_pytest_bdd_example"] = {"id": case}
    return Item(CallSpec(params), [mark(flag) for flag in flags])


def mark(name: str, *args: Any) -> pytest.Mark:
    made: pytest.Mark = getattr(pytest.mark, name)(*args).mark
    return made


def test_the_spec_s_markers_and_each_game_s_are_declared() -> None:
    config = Config()
    pytest_configure(config)  # type: ignore[arg-type]
    assert [line for name, line in config.lines if name == "markers"] == [
        *MARKERS,
        *(f"{game.tag}: a scenario about {game.title}" for game in games()),
    ]
    assert {name for name, _ in config.lines} == {"markers"}


@pytest.mark.parametrize(
    ("tag", "made"),
    [
        ("id:kiriki-en-full-house-1", [("case_id", ("kiriki-en-full-house-1",), {})]),
        ("source:evil.txt", [("source", ("evil.txt",), {})]),
        ("ruleset:kiriki-fr", [("ruleset_tag", ("kiriki-fr",), {})]),
        ("replaces:kiriki-fr-ones-1", [("replaces", ("kiriki-fr-ones-1",), {})]),
        ("rule:full-house", [("rule_tag", ("full-house",), {})]),
        ("rulesets-only", [("rulesets_only", (), {})]),
        ("kiriki", [("kiriki", (), {}), ("usefixtures", ("ruleset",), {})]),
    ],
)
def test_a_features_tags_become_markers(tag: str, made: list[tuple[str, tuple[Any, ...], dict[str, Any]]]) -> None:
    def function() -> None: ...

    assert pytest_bdd_apply_tag(tag, function) is True
    assert marks(function) == made


@pytest.mark.parametrize("tag", ["erratum", "colour:red", "no-such-game"])
def test_any_other_tag_is_left_to_pytest_bdd(tag: str) -> None:
    def function() -> None: ...

    assert pytest_bdd_apply_tag(tag, function) is None
    assert marks(function) == []


def test_a_games_scenario_runs_under_its_reference_and_the_rulesets_its_tags_name() -> None:
    """The named rulesets sorted, whatever order the tags came in."""
    tagged = [mark("kiriki"), mark("ruleset_tag", "kiriki-no-extra"), mark("ruleset_tag", "kiriki-fr")]
    metafunc = Metafunc(["implementation", "ruleset"], Definition(tagged))
    pytest_generate_tests(metafunc)  # type: ignore[arg-type]
    assert metafunc.parametrized == [
        (
            "ruleset",
            ["kiriki", "kiriki-fr", "kiriki-no-extra"],
            ["under:kiriki", "under:kiriki-fr", "under:kiriki-no-extra"],
        )
    ]
    only = Metafunc(["ruleset"], Definition([*tagged, mark("rulesets_only")]))
    pytest_generate_tests(only)  # type: ignore[arg-type]
    assert only.parametrized[0][1] == ["kiriki-fr", "kiriki-no-extra"]


def test_a_test_of_no_game_or_without_the_ruleset_fixture_is_left_alone() -> None:
    for metafunc in (
        Metafunc(["ruleset"], Definition([mark("ruleset_tag", "kiriki-fr")])),
        Metafunc(["implementation"], Definition([mark("kiriki")])),
    ):
        pytest_generate_tests(metafunc)  # type: ignore[arg-type]
        assert metafunc.parametrized == []


def test_cases_are_selectable_by_id_flagged_and_expected_to_fail_where_the_errata_say() -> None:
    """kiriki-fr-sixes-1 carries an erratum that holds under no ruleset; kiriki-fr-large-straight-1
    a variant that holds under kiriki-fr; kiriki-en-second-kiriki-adds-50 no finding."""
    erratum = item("kiriki-fr-sixes-1", "kiriki", "erratum")
    variant_ref = item("kiriki-fr-large-straight-1", "kiriki", "erratum", "variant")
    variant_own = item("kiriki-fr-large-straight-1", "kiriki-fr", "erratum", "variant")
    plain = item("kiriki-en-second-kiriki-adds-50", "kiriki")
    other = item(None, "kiriki")
    pytest_collection_modifyitems(Config(), [erratum, variant_ref, variant_own, plain, other])  # type: ignore[arg-type,list-item]
    assert erratum.extra_keyword_matches == {"kiriki-fr-sixes-1"}
    assert plain.extra_keyword_matches == {"kiriki-en-second-kiriki-adds-50"} and other.extra_keyword_matches == set()
    added = {
        name: [m.name for m in each.marks[len(flags) :]]
        for name, each, flags in [
            ("erratum", erratum, ["erratum"]),
            ("variant_ref", variant_ref, ["erratum", "variant"]),
            ("variant_own", variant_own, ["erratum", "variant"]),
            ("plain", plain, []),
            ("other", other, []),
        ]
    }
    assert added == {
        "erratum": ["flagged", "xfail"],
        "variant_ref": ["flagged", "xfail"],
        "variant_own": ["flagged"],
        "plain": [],
        "other": [],
    }
    xfail = erratum.get_closest_marker("xfail")
    assert xfail is not None and xfail.kwargs["strict"] is True
    assert xfail.kwargs["reason"].startswith("erratum fr-sixes-example: ")
