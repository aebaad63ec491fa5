"""The package's cache folder, and the hash of its code that names what is kept there.

What is kept between runs, each in a folder of its own: the solver's tables of state values
(``sheet-values-*.npz``, :mod:`dicespec.solver.cache`), the replayed games of the conformance
corpus (``conformance-games/``, :mod:`dicespec.corpus.kept_games`), the verdicts of the spec run under
a ruleset (``spec-under-rules/``, :mod:`dicespec.conformance.run.holds`), the site's
test data to download (``site-downloads/``, :mod:`dicespec.site.downloads`) and its coach files
(``site-coach/``, :mod:`dicespec.site.coach`). Each file is named
by a hash of what it is made from, :func:`code_digest` of the code that made it among it: a change
to that code names other files, so nothing kept by older code is ever read, and a change to any
other code (the command line, the site, the docs) keeps every file. Nothing here needs numpy.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from dicespec.code_graph import PACKAGE, closure, modules


def cache_dir() -> Path:
    """The folder (it may not exist yet): ``$DICESPEC_CACHE_DIR`` if set, else
    ``$XDG_CACHE_HOME/dicespec``, else ``~/.cache/dicespec``."""
    if folder := os.environ.get("DICESPEC_CACHE_DIR"):
        return Path(folder)
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "dicespec"


def code_digest(*roots: str) -> str:
    """A hash of the code that importing the modules ``roots`` can run (their closure in the
    package's import graph, :func:`dicespec.code_graph.closure`: each module's name and text)."""
    return _digest(tuple(sorted(set(roots))), PACKAGE)


@cache
def _digest(roots: tuple[str, ...], package: Path) -> str:
    return digest_of(roots, package)


def digest_of(roots: tuple[str, ...], package: Path = PACKAGE) -> str:
    """:func:`code_digest` of the package in ``package``, read now (not kept)."""
    if not roots:
        raise ValueError("a code digest needs the modules it is of")
    paths = modules(package)
    digest = hashlib.sha256()
    for name in closure(roots, package):
        digest.update(name.encode() + b"\0" + paths[name].read_bytes() + b"\0")
    return digest.hexdigest()


def files_digest(paths: Iterable[Path], *roots: Path) -> str:
    """A hash of these files' contents and of their names below the first of ``roots`` each is
    in (data a cached thing was made from): the same wherever the checkout is."""
    digest = hashlib.sha256()
    for path in paths:
        root = next((root for root in roots if path.is_relative_to(root)), None)
        if root is None:
            raise ValueError(f"{path} is in none of the folders its name is read below")
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def keep_json(path: Path, data: object) -> bool:
    """Write ``data`` as JSON into the file ``path`` (its folder made if missing), whole or not at all:
    another process may read it meanwhile. Whether it was written."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, name = tempfile.mkstemp(dir=path.parent, prefix=".writing-", suffix=".tmp")
    except OSError:
        return False
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            json.dump(data, stream, ensure_ascii=False, separators=(",", ":"))
        os.replace(name, path)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(name)
        return False
    return True
