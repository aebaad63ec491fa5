"""A pytest plugin for a spec run under test (``-pslow_unconfigure``, this folder on its
``PYTHONPATH``): a plugin slow to unconfigure, whose turn comes before the conformance plugin's
(which ends the implementation under test there, unless an interrupt ended it before).

It writes ``collected`` to the file ``DICESPEC_FAKE_NOTES`` names once the implementation has
been started and greeted (collection is over), and ``unconfiguring`` when its turn comes; then it
holds pytest there for up to a minute, or until it is interrupted. An interrupt in that time ends
pytest before the conformance plugin's turn."""

import os
import time

import pytest


def note(word: str) -> None:
    with open(os.environ["DICESPEC_FAKE_NOTES"], "a", encoding="utf-8") as notes:
        notes.write(word + "\n")


def pytest_collection_finish() -> None:
    note("collected")


@pytest.hookimpl(tryfirst=True)
def pytest_unconfigure() -> None:
    note("unconfiguring")
    time.sleep(60)
