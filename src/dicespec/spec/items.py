"""What a pytest item of the spec runs: its case id, its ruleset and its feature file.

This is the one place that reads them from a pytest item. The spec's plugin (errata expectations,
``-k CASE-ID``), the conformance plugin (``--dicespec-select``, skipping undeclared rulesets) and
the results file (:mod:`dicespec.spec.results`) all ask :func:`labels` or :func:`case_id`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pytest

# pytest-bdd parametrizes a Scenario Outline's tests with this argument: one Examples row each.
_EXAMPLE_PARAM = "_pytest_bdd_example"


@dataclass(frozen=True, slots=True)
class Labels:
    """A test's place in the spec; ``id`` is ``None`` for a test that runs no case."""

    id: str | None
    ruleset: str | None
    feature: str | None


def case_id(item: pytest.Item) -> str | None:
    """The spec case a test runs: its Examples row's ``id`` column, else its scenario's ``@id:``
    tag (the ``case_id`` marker the spec's plugin makes of it, or the tag itself); ``None`` for a test
    that runs no case.

    The Examples row is read from pytest-bdd's private ``_pytest_bdd_example`` parameter, here
    only. pytest-bdd 9 has no public way to it: its hooks (``pytest_bdd_before_scenario`` and the
    step hooks) hand over the feature and the *rendered* scenario, which holds neither the row
    nor its values apart from the step text, and they run only when the test runs, while the
    case id is wanted at collection (to select cases, to mark the errata's expected failures, and
    to label tests that are skipped before they run).
    """
    callspec = getattr(item, "callspec", None)
    example = callspec.params.get(_EXAMPLE_PARAM) if callspec is not None else None
    if isinstance(example, dict) and example.get("id"):
        return str(example["id"])
    marker = item.get_closest_marker("case_id")
    if marker is not None and marker.args:
        return str(marker.args[0])
    template = _template(item)
    if template is not None:
        return next((tag.split(":", 1)[1] for tag in sorted(template.tags) if tag.startswith("id:")), None)
    return None


def ruleset_of(item: pytest.Item) -> str | None:
    """The ruleset a test runs under (its ``ruleset`` parameter), or ``None``."""
    callspec = getattr(item, "callspec", None)
    ruleset = callspec.params.get("ruleset") if callspec is not None else None
    return ruleset if isinstance(ruleset, str) else None


def feature_of(item: pytest.Item) -> str | None:
    """The feature file of a pytest-bdd test, relative to ``features/``, or ``None``."""
    template = _template(item)
    if template is None:
        return None
    from dicespec.spec.paths import features_dir

    path = Path(template.feature.filename)
    try:
        return path.resolve().relative_to(features_dir().resolve()).as_posix()
    except ValueError:
        return str(template.feature.rel_filename)


def labels(item: pytest.Item) -> Labels:
    """The case id, ruleset and feature of a test (``None`` where it has none)."""
    return Labels(case_id(item), ruleset_of(item), feature_of(item))


def _template(item: pytest.Item) -> Any:
    """The pytest-bdd scenario template a test function was made from, or ``None``."""
    try:
        from pytest_bdd.scenario import scenario_wrapper_template_registry
    except ImportError:  # another pytest-bdd layout: the example row and the markers still serve
        return None
    function = getattr(item, "function", None)
    return scenario_wrapper_template_registry.get(function) if callable(function) else None
