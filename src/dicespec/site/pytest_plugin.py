"""A pytest plugin that labels each spec test with its case: id, ruleset and feature file.

The labels are test properties, so ``--junitxml`` writes them into the JUnit file, and the
site's conformance page groups the results by case and feature without parsing test names.
``make test`` runs ``pytest -p dicespec.site.pytest_plugin --junitxml=artifacts/junit.xml``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dicespec.site.conformance import CASE, FEATURE, RULESET

if TYPE_CHECKING:
    import pytest


def _template(item: pytest.Item) -> Any:
    try:
        from pytest_bdd.scenario import scenario_wrapper_template_registry
    except ImportError:  # another pytest-bdd layout: the example row still names the case
        return None
    return scenario_wrapper_template_registry.get(getattr(item, "function", None))


def labels(item: pytest.Item) -> list[tuple[str, str]]:
    """The case id, ruleset and feature of a pytest-bdd test item (none for other tests)."""
    callspec = getattr(item, "callspec", None)
    params = callspec.params if callspec else {}
    example = params.get("_pytest_bdd_example") or {}
    template = _template(item)
    case_id = example.get("id") if isinstance(example, dict) else None
    if not case_id and template is not None:
        case_id = next((tag.split(":", 1)[1] for tag in sorted(template.tags) if tag.startswith("id:")), None)
    if not case_id:
        return []
    found = [(CASE, case_id)]
    if isinstance(params.get("ruleset"), str):
        found.append((RULESET, params["ruleset"]))
    if template is not None:
        found.append((FEATURE, str(template.feature.rel_filename)))
    return found


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        item.user_properties.extend(labels(item))
