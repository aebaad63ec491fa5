"""What a test computes at length from inputs it can name, kept between runs.

Some tests read the outcome of a long, deterministic computation: an implementation identified
under every shipped ruleset, the site's pages surveyed in a browser. :func:`kept` makes such a
value once for its inputs and keeps it in the test runs' caches folder (``tests/shared.py``), named
by a hash of everything it is made from (its *key*: the code it runs, the files it reads, the
versions of the programs it starts). A test still asserts on the value each run; a change to any
input names another file, and the value is made again. So a key must hold every input: a key that
misses one would keep an outcome the code no longer gives. The keys are built by the tests
themselves, beside the computation they name.

The values are pickled: each is read only by the code that wrote it, whose classes are in its key.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import pickle
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from shared import caches_of_the_tests

T = TypeVar("T")
FOLDER = "kept-results"
KEEP = 4  # the files kept of each value: the newest inputs', and a few that another checkout may use


def kept_file(kind: str, key: object) -> Path:
    """The file the value named ``kind`` (one value, named by the test: its inputs change, its name
    does not) made from ``key`` (JSON data: everything it is made from) is kept in."""
    text = json.dumps(key, sort_keys=True, ensure_ascii=False)
    return caches_of_the_tests() / FOLDER / kind / f"{hashlib.sha256(text.encode()).hexdigest()[:24]}.pickle"


def kept(kind: str, key: object, make: Callable[[], T], keep: Callable[[T], bool] = lambda value: True) -> T:
    """The value ``make()`` returns for ``key``: read back if a run kept it, else made, and kept
    where ``keep`` says it owes nothing to chance (no process lost to a timeout, say: a value that
    may differ from run to run is made again by every run, and one that failed by chance fails no
    other run). Of the value's files for older inputs, all but the :data:`KEEP` most recently used
    are removed. A file that cannot be read is made again."""
    path = kept_file(kind, key)
    try:
        # The run's own file, in the user's own caches folder, as trusted as Python's bytecode caches.
        value: T = pickle.loads(path.read_bytes())  # noqa: S301
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError):
        pass
    else:
        with contextlib.suppress(OSError):
            path.touch()  # used now: the last to be removed
        print(f"{kind}: kept by an earlier run of the same inputs ({path.name})")  # shown with a failure
        return value
    value = make()
    if keep(value):
        _keep(path, pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
    return value


def _keep(path: Path, data: bytes) -> None:
    """Write ``data`` into ``path`` whole or not at all (another worker may read it meanwhile), then
    remove all but the :data:`KEEP` most recently used files beside it."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, name = tempfile.mkstemp(dir=path.parent, prefix=".writing-", suffix=".tmp")
    except OSError:
        return
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.replace(name, path)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(name)
        return
    others = sorted(path.parent.glob("*.pickle"), key=_used, reverse=True)
    for old in others[KEEP:]:
        with contextlib.suppress(OSError):
            old.unlink()


def _used(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:  # removed meanwhile
        return 0.0
