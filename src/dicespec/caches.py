"""The package's cache folder, and the hash of its code that names what is kept there.

What is kept between runs, each in a folder of its own: the solver's tables of state values
(``sheet-values-*.npz``, :mod:`dicespec.solver.cache`), the replayed games of the conformance
corpus (``conformance-games/``, :mod:`dicespec.corpus.kept_games`), the site's
test data to download (``site-downloads/``, :mod:`dicespec.site.downloads`) and its coach files
(``site-coach/``, :mod:`dicespec.site.coach`). Each file is named
by a hash of what it is made from, :func:`code_digest` of the code that made it among it: a change
to that code names other files, so nothing kept by older code is ever read, and a change to any
other code (the command line, the site, the docs) keeps every file. Nothing here needs numpy.
"""

from __future__ import annotations

import hashlib
import os
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


def files_digest(paths: Iterable[Path]) -> str:
    """A hash of these files' names and contents (data a cached thing was made from)."""
    digest = hashlib.sha256()
    for path in paths:
        digest.update(path.as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()
