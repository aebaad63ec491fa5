"""What a test run makes once and shares: between its tests, and between pytest-xdist's workers.

- :class:`Once` (the ``once`` fixture): a folder made by the first process of the run that asks
  for it, while the others wait on a file lock and then read it (the pattern pytest-xdist
  documents: the lock and the folder in the run's temporary folder, which every worker's own
  temporary folder is in). The built site is one.
- The package's caches (the solver's tables, the site's downloads, the replayed games: one
  folder, :func:`dicespec.caches.cache_dir`) are used by the test runs in a folder of their own,
  apart from the developer's own commands, and the same for every run: each file there is named
  by a hash of the code that made it and of its data (:func:`dicespec.caches.code_digest`), so a
  run never reads what other code made, and an edit keeps every file it does not touch.

The test run's own plugin, loaded by ``tests/conftest.py`` (the spec's own plugin,
``dicespec.spec.steps.plugin``, needs none of it).
"""

from __future__ import annotations

import fcntl
import os
import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from dicespec.caches import cache_dir

CACHE_VARIABLE = "DICESPEC_CACHE_DIR"
RUNS = "test-runs"  # the test runs' caches folder, in the package's cache folder


@contextmanager
def locked(path: Path, *, shared: bool = False) -> Iterator[None]:
    """Hold a lock on the file ``path`` (made if missing) against every other process: an
    exclusive one, or one shared with the others that ask for a shared one."""
    with open(path, "a+b") as file:
        fcntl.flock(file, fcntl.LOCK_SH if shared else fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(file, fcntl.LOCK_UN)


def in_worker(config: pytest.Config) -> bool:
    """Is this process one of pytest-xdist's workers?"""
    return hasattr(config, "workerinput")


def run_folder(config: pytest.Config, factory: pytest.TempPathFactory) -> Path:
    """The temporary folder of the whole run: this process's own, or under pytest-xdist the one
    every worker's is in (the controller's, a new one each run)."""
    own = factory.getbasetemp()
    return own.parent if in_worker(config) else own


class Once:
    """Folders made once per test run, whichever process asks first."""

    def __init__(self, root: Path) -> None:
        self.root = root
        root.mkdir(parents=True, exist_ok=True)

    def folder(self, name: str, make: Callable[[Path], object]) -> Path:
        """The folder ``name``, made by ``make`` (given it, empty) unless made already. A ``make``
        that failed leaves no folder behind: the next to ask makes it again, and fails for itself."""
        folder, done = self.root / name, self.root / f"{name}.done"
        with locked(self.root / f"{name}.lock"):
            if not done.exists():
                shutil.rmtree(folder, ignore_errors=True)
                folder.mkdir()
                make(folder)
                done.touch()
        return folder


@pytest.fixture(scope="session")
def once(pytestconfig: pytest.Config, tmp_path_factory: pytest.TempPathFactory) -> Once:
    """What the run makes once: see :class:`Once`."""
    return Once(run_folder(pytestconfig, tmp_path_factory) / "once")


def caches_of_the_tests() -> Path:
    """The test runs' own caches folder (``DICESPEC_CACHE_DIR`` as the run sets it)."""
    current = cache_dir()
    return current if current.name == RUNS else current / RUNS  # set already: by the controller, or a spec run's parent


def pytest_configure(config: pytest.Config) -> None:
    folder = caches_of_the_tests()
    os.environ[CACHE_VARIABLE] = str(folder)  # the processes the tests start read it too
    if not in_worker(config):
        folder.mkdir(parents=True, exist_ok=True)
