"""The ``alone`` mark: a test that needs the machine to itself. Under pytest-xdist no other test
runs while it does; in one process every test is alone anyway.

Which tests: those that bound their own wall time, or give an implementation a fraction of a
second to answer and count what timed out, and those that load the machine on purpose (a fork
bomb, a spinning adapter, a gigabyte line). A neighbour's load could make the first fail
without a fault, and the last could make a neighbour's fail.

Each worker holds the *machine* lock while it runs a test, setup and teardown included: shared
for a test of any other kind, exclusive for an ``alone`` one. A test that wants it exclusive
first takes the *turnstile* lock, which every other test passes through on its way in, so the
tests of the other worker stop starting while it waits for the one that runs to end.

The test run's own plugin, loaded by ``tests/conftest.py``.
"""

from __future__ import annotations

import fcntl
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

import pytest

MARK = "alone"
_GATE = pytest.StashKey["Gate"]()


class Gate:
    """One worker's side of the two locks (files in the run's temporary folder, which every
    worker's own is in)."""

    def __init__(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.turnstile: IO[bytes] = open(folder / "turnstile.lock", "a+b")  # noqa: SIM115  (closed at unconfigure)
        self.machine: IO[bytes] = open(folder / "machine.lock", "a+b")  # noqa: SIM115

    @contextmanager
    def entered(self, alone: bool) -> Iterator[None]:
        fcntl.flock(self.turnstile, fcntl.LOCK_EX)
        if not alone:
            fcntl.flock(self.turnstile, fcntl.LOCK_UN)
        try:
            fcntl.flock(self.machine, fcntl.LOCK_EX if alone else fcntl.LOCK_SH)
            try:
                yield
            finally:
                fcntl.flock(self.machine, fcntl.LOCK_UN)
        finally:
            if alone:
                fcntl.flock(self.turnstile, fcntl.LOCK_UN)

    def close(self) -> None:
        self.turnstile.close()
        self.machine.close()


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        f"{MARK}: the test needs the machine to itself: under pytest-xdist no other "
        "test runs while it does (tests/alone.py)",
    )
    if hasattr(config, "workerinput"):  # a pytest-xdist worker: its temporary folder is in the run's
        config.stash[_GATE] = Gate(Path(config.option.basetemp).parent / "alone")


def pytest_unconfigure(config: pytest.Config) -> None:
    gate = config.stash.get(_GATE, None)
    if gate is not None:
        gate.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    gate = item.config.stash.get(_GATE, None)
    if gate is None:
        return (yield)
    with gate.entered(item.get_closest_marker(MARK) is not None):
        return (yield)
