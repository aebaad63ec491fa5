"""A pytest plugin for a spec run under test (``-pslow_unconfigure``, this folder on its
``PYTHONPATH``): a plugin slow to unconfigure, whose turn comes before the conformance plugin's.

It writes ``unconfiguring`` to the file ``DICESPEC_FAKE_NOTES`` names when its turn comes, then
holds pytest there for up to a minute, or until it is interrupted: an interrupt in that time ends
pytest before the plugins unconfigured after it."""

import os
import time

import pytest


@pytest.hookimpl(tryfirst=True)
def pytest_unconfigure() -> None:
    with open(os.environ["DICESPEC_FAKE_NOTES"], "a", encoding="utf-8") as notes:
        notes.write("unconfiguring\n")
    time.sleep(60)
