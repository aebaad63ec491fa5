"""Shared test set-up: the plugins every test run loads, and the fixtures several test files share.

The spec's features run through the package's own pytest plugin, ``dicespec.spec.steps.plugin``
(the steps, the rulesets, the errata), with the conformance plugin beside it
(``dicespec.conformance.run.pytest_plugin``: ``--dicespec-impl CMD`` or ``--dicespec-python MOD:OBJ``
to test another implementation, ``--dicespec-results FILE``); ``test_spec.py`` collects them.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator

import pytest
from hypothesis import settings

from dicespec.rulesets import declared_rulesets, forget_declared

# Hypothesis, in every test that uses it: the same examples every run (derandomize: drawn from the
# test itself, not from chance or from what an earlier run kept), and no deadline on an example's
# time (its default, 200 ms, failed a game of 10000 that took 262 ms beside a busy core: a timing,
# not a fault). A test's own @settings add to these.
settings.register_profile("dicespec", derandomize=True, deadline=None)
settings.load_profile("dicespec")

# The test run's own plugins: what it makes once and shares between pytest-xdist's workers
# (tests/shared.py), the machine for the tests that need it alone (tests/alone.py), the order the
# workers are given the files in (tests/order.py), the browser and the served site of the site's
# browser tests (tests/browser.py: the fixtures site, base_url, browser and page), the fast loop's
# time budget per test (tests/budget.py: --budget, which make check passes).
pytest_plugins = (
    "dicespec.spec.steps.plugin",
    "dicespec.conformance.run.pytest_plugin",
    "shared",
    "alone",
    "order",
    "browser",
    "budget",
)


@pytest.fixture(scope="session")
def node() -> None:
    """Node, which runs the JavaScript implementation and its test reader: skip without it, but
    never under CI, which must run them."""
    if shutil.which("node") is None:
        if os.environ.get("CI") == "true":
            pytest.fail("node is not installed, and CI must run the JavaScript implementation")
        pytest.skip("node is not installed")


@pytest.fixture(autouse=True)
def declared_for_one_test() -> Iterator[None]:
    """A ruleset a test declares (a command's --ruleset-file) is forgotten after it: a process
    declares its rules once, and the next test may declare a file of the same name."""
    before = declared_rulesets()
    yield
    if declared_rulesets() != before:
        forget_declared()
