"""The pytest plugin that runs the spec's features: ``pytest -p dicespec.spec.steps.plugin``, then
collect :mod:`dicespec.spec.steps.scenarios` (or a module that imports ``*`` from it).

Every scenario runs under its game's reference ruleset, and also under each ruleset its
feature names with a ``@ruleset:NAME`` tag. What a case is expected to do under a ruleset
comes from ``fixtures/errata.yaml``: a claim flagged as wrong there is a strict expected
failure under every ruleset it does not hold under.

The steps ask the ``implementation`` fixture: the reference engines, unless a plugin answers
:meth:`Hooks.pytest_dicespec_implementation` (the conformance plugin,
``dicespec.conformance.run.pytest_plugin``, does for ``--dicespec-impl CMD`` and
``--dicespec-python MOD:OBJ``).

The plugin needs no configuration file: it declares its markers, and the scenarios name their
feature folder themselves. How strict a run is (warnings as errors, unknown markers refused) is
the run's own choice (:func:`dicespec.conformance.run.spec_run.spec_command`, the repository's pytest settings).
"""

from __future__ import annotations

from typing import Any

import pytest

from dicespec.implementation import Implementation, ReferenceImplementation
from dicespec.registry import game, games
from dicespec.spec import findings_by_case
from dicespec.spec.items import case_id, ruleset_of
from dicespec.spec.steps.common import *  # noqa: F403  (step definitions are fixtures of their modules)
from dicespec.spec.steps.setaside import *  # noqa: F403
from dicespec.spec.steps.sheet import *  # noqa: F403

# Tags that carry data rather than markers: @id:CASE, @source:FILE, @ruleset:NAME, @replaces:CASE.
DATA_TAGS = {"id": "case_id", "source": "source", "ruleset": "ruleset_tag", "replaces": "replaces", "rule": "rule_tag"}
GAME_MARKS = {found.tag: found.name for found in games()}  # a game's tag marks its cases
FLAGS = ("erratum", "variant", "ambiguity", "gap")  # the kinds of finding a case may be tagged with

MARKERS = (
    "erratum: a source text's claim that the reference behaviour contradicts (fixtures/errata.yaml)",
    "variant: a source text's claim that holds under another shipped ruleset, not the reference",
    "ambiguity: a source text's wording that admits more than one reading; the decision is in fixtures/errata.yaml",
    "gap: a rule the source text leaves open; the ruleset records the choice",
    "flagged: a case flagged erratum, variant, ambiguity or gap (set by dicespec.spec.steps.plugin)",
    "case_id(id): the stable id of a plain scenario (from its @id: tag)",
    "source(file): the source text a feature transcribes (from its @source: tag)",
    "ruleset_tag(name): a ruleset a feature runs under besides the reference (from @ruleset:)",
    "replaces(id): the case a corrected case replaces (from @replaces:)",
    "rulesets_only: the feature runs under its @ruleset: tags only, not under its game's reference ruleset "
    "(from @rulesets-only)",
    "rule_tag(key): the topic of its game's rules page a case pins down (from @rule:)",
)


class Hooks:
    """The hook this plugin adds, for a plugin that swaps the implementation under test."""

    @pytest.hookspec(firstresult=True)
    def pytest_dicespec_implementation(self, config: pytest.Config) -> Implementation | None:
        """The implementation the steps ask instead of the reference engines, or ``None``."""


def pytest_addhooks(pluginmanager: pytest.PytestPluginManager) -> None:
    pluginmanager.add_hookspecs(Hooks)


def pytest_configure(config: pytest.Config) -> None:
    """The spec's markers, and each game of the registry's: it marks its cases with its tag."""
    for line in MARKERS:
        config.addinivalue_line("markers", line)
    for found in games():
        config.addinivalue_line("markers", f"{found.tag}: a scenario about {found.title}")


@pytest.hookimpl(tryfirst=True)  # before pytest-bdd's own, however the plugins were loaded
def pytest_bdd_apply_tag(tag: str, function: Any) -> bool | None:
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


def _game(definition: pytest.Function) -> str | None:
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
        if any(item.get_closest_marker(flag) for flag in FLAGS):
            item.add_marker(pytest.mark.flagged)
        ruleset = ruleset_of(item)
        for finding in by_case.get(case, []):
            if finding.fails_under_reference and ruleset not in finding.holds_under:
                item.add_marker(
                    pytest.mark.xfail(
                        strict=True, reason=f"{finding.kind} {finding.id}: {finding.claim} ({finding.truth})"
                    )
                )


@pytest.fixture
def implementation(pytestconfig: pytest.Config) -> Implementation:
    """The implementation under test: the one a plugin swaps in, else the reference engines."""
    swapped: Implementation | None = pytestconfig.hook.pytest_dicespec_implementation(config=pytestconfig)
    return swapped or ReferenceImplementation()
