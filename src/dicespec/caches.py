"""The package's cache folder, and the hash of its code that names what is kept there.

What is kept between runs, each in a folder of its own: the solver's tables of state values
(``sheet-values-*.npz``, :mod:`dicespec.solver.cache`), the replayed games of the conformance
corpus (``conformance-games/``, :mod:`dicespec.corpus.kept_games`), the site's
test data to download (``site-downloads/``, :mod:`dicespec.site.downloads`) and its coach files
(``site-coach/``, :mod:`dicespec.site.coach`). Each file is named
by a hash of what it is made from, :func:`code_digest` among it: a change to the package's code
names other files, so nothing kept by older code is ever read. Nothing here needs numpy.
"""

from __future__ import annotations

import hashlib
import os
from functools import cache
from pathlib import Path


def cache_dir() -> Path:
    """The folder (it may not exist yet): ``$DICESPEC_CACHE_DIR`` if set, else
    ``$XDG_CACHE_HOME/dicespec``, else ``~/.cache/dicespec``."""
    if folder := os.environ.get("DICESPEC_CACHE_DIR"):
        return Path(folder)
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "dicespec"


@cache
def code_digest() -> str:
    """A hash of the package's Python code (every module's path and text)."""
    digest = hashlib.sha256()
    package = Path(__file__).resolve().parent
    for path in sorted(package.rglob("*.py")):
        digest.update(path.relative_to(package).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()
