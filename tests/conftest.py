"""Shared test set-up: the step definitions, the implementation under test, the rulesets.

Every scenario runs under its game's reference ruleset, and also under each ruleset its
feature names with a ``@ruleset:NAME`` tag. What a case is expected to do under a ruleset
comes from ``fixtures/errata.yaml``: a claim flagged as wrong there is a strict expected
failure under every ruleset it does not hold under.

The implementation under test is the reference engines, unless ``--dicespec-impl CMD`` or
``--dicespec-python MOD:OBJ`` names another (see ``dicespec.conformance.run.pytest_plugin``).
"""

from __future__ import annotations

import os
import shutil

import pytest

from dicespec.implementation import Implementation, ReferenceImplementation
from dicespec.registry import game, games
from dicespec.spec import findings_by_case
from dicespec.scoresheet import rows as sheet_rows
from dicespec.setaside import combos
from dicespec.spec.items import case_id, ruleset_of
from steps.common import *  # noqa: F403  (step definitions are fixtures of their modules)
from steps.kiriki import *  # noqa: F403
from steps.ten_thousand import *  # noqa: F403

# The test run's own plugins: what it makes once and shares between pytest-xdist's workers
# (tests/shared.py), the machine for the tests that need it alone (tests/alone.py), the order the
# workers are given the files in (tests/order.py). The copy of the spec a wheel carries has none
# of these files and needs none.
_RUN_PLUGINS = tuple(name for name in ("shared", "alone", "order")
                     if os.path.isfile(os.path.join(os.path.dirname(__file__), f"{name}.py")))
pytest_plugins = ("dicespec.conformance.run.pytest_plugin", *_RUN_PLUGINS)

# Tags that carry data rather than markers: @id:CASE, @source:FILE, @ruleset:NAME, @replaces:CASE.
DATA_TAGS = {"id": "case_id", "source": "source", "ruleset": "ruleset_tag", "replaces": "replaces", "rule": "rule_tag"}
GAME_MARKS = {found.tag: found.name for found in games()}  # a game's tag marks its cases


def pytest_configure(config: pytest.Config) -> None:
    """Each game of the registry marks its cases with its tag (declared there, not here)."""
    for found in games():
        config.addinivalue_line("markers", f"{found.tag}: a scenario about {found.title}")


def pytest_bdd_apply_tag(tag: str, function):
    """Turn the data tags into markers with arguments, and make a game's scenarios use the
    ``ruleset`` fixture (so that it can be parametrized); leave the rest to pytest-bdd."""
    key, colon, value = tag.partition(":")
    if colon and key in DATA_TAGS:
        getattr(pytest.mark, DATA_TAGS[key])(value)(function)
        return True
    if tag == "rulesets-only":
        pytest.mark.rulesets_only(function)
        return True
    if tag in GAME_MARKS:
        getattr(pytest.mark, tag)(function)
        pytest.mark.usefixtures("ruleset")(function)
        return True
    return None


def _game(definition: pytest.Function | pytest.FunctionDefinition) -> str | None:
    return next((game for mark, game in GAME_MARKS.items() if definition.get_closest_marker(mark)), None)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "ruleset" not in metafunc.fixturenames:
        return
    name = _game(metafunc.definition)
    if name is None:
        return  # a plain test that parametrizes or provides ``ruleset`` itself
    # sorted: pytest-bdd applies a scenario's tags in the order of a set, which changes with the
    # hash seed, and pytest-xdist's workers must collect the same tests in the same order
    extra = sorted(m.args[0] for m in metafunc.definition.iter_markers("ruleset_tag"))
    reference = [] if metafunc.definition.get_closest_marker("rulesets_only") else [game(name).default_ruleset]
    metafunc.parametrize("ruleset", [*reference, *extra], ids=lambda name: f"under:{name}")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    by_case = findings_by_case()
    for item in items:
        case = case_id(item)
        if case is None:
            continue
        item.extra_keyword_matches.add(case)  # so that `pytest -k CASE-ID` selects any case
        if any(item.get_closest_marker(flag) for flag in ("erratum", "variant", "ambiguity", "gap")):
            item.add_marker(pytest.mark.flagged)
        ruleset = ruleset_of(item)
        for finding in by_case.get(case, []):
            if finding.fails_under_reference and ruleset not in finding.holds_under:
                item.add_marker(pytest.mark.xfail(
                    strict=True, reason=f"{finding.kind} {finding.id}: {finding.claim} ({finding.truth})"
                ))


@pytest.fixture(autouse=True)
def _engine_caches_emptied_for_mutmut() -> None:
    """mutmut's first run (``MUTANT_UNDER_TEST=stats``) records which tests call each function, and
    runs only those against the function's mutants. An engine table cached by one test would hide
    every later test that reads it, so that run empties the engines' caches before each test."""
    if os.environ.get("MUTANT_UNDER_TEST") == "stats":
        for module in (sheet_rows, combos):
            for value in vars(module).values():
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()


@pytest.fixture(scope="session")
def node() -> None:
    """Node, which runs the JavaScript implementation and its test reader: skip without it, but
    never under CI, which must run them."""
    if shutil.which("node") is None:
        if os.environ.get("CI") == "true":
            pytest.fail("node is not installed, and CI must run the JavaScript implementation")
        pytest.skip("node is not installed")


@pytest.fixture
def implementation(implementation_under_test: Implementation | None) -> Implementation:
    """The implementation under test: the reference engines, or the one the options name."""
    return implementation_under_test or ReferenceImplementation()
