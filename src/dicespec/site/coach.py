"""The coach's files the game pages load: ``javascripts/coach/<ruleset>.bin``, one per ruleset the
solver plays (:func:`dicespec.solver.coachdata.coach_data`; Maxi Yatzy's saved rolls have none,
and its page says so); and ``javascripts/coach/<ruleset>.duel.json``, the two-player optimum of a
set-aside ruleset whose solve is quick (:func:`dicespec.solver.dueldata.duel_data`: Greed's), which
the computer and the coach of a two-player game play by.

A build writes them for the rulesets :func:`wanted` names: ``DICESPEC_SITE_COACH`` (ruleset
names, comma-separated; unset: every shipped ruleset). Making one takes a solve, a second or
more for a score sheet, so a file made is kept in the package's cache folder
(:func:`dicespec.caches.cache_dir`), named by a hash of what it is made from (the code that makes
it and the ruleset's rule values), and a second build, or ``mkdocs serve``, reads it back.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from dicespec.caches import cache_dir, code_digest
from dicespec.export import canonical
from dicespec.registry import game as registered_game
from dicespec.rulesets import Ruleset, find_ruleset, of_kind, published
from dicespec.setaside.ruleset import SetAsideRuleset
from dicespec.site.data import wanted_rulesets
from dicespec.solver.coachdata import coach_data
from dicespec.solver.dueldata import duel_data

VARIABLE = "DICESPEC_SITE_COACH"
FOLDER = "javascripts/coach"  # beside play.mjs, which fetches ./coach/<ruleset>.bin
MAKER = "dicespec.solver.coachdata"  # the code that makes a coach file: its digest names the file kept
NONE = b""  # what the cache keeps for a ruleset the solver refuses


def path(ruleset: str) -> str:
    """Where the ruleset's coach file is, below the site root."""
    return f"{FOLDER}/{ruleset}.bin"


def duel_path(ruleset: str) -> str:
    """Where the ruleset's two-player file is, below the site root (beside its coach file)."""
    return f"{FOLDER}/{ruleset}.duel.json"


def wanted() -> list[str]:
    """The rulesets whose coach files a build of the site writes."""
    return wanted_rulesets(VARIABLE)


def made(ruleset: Ruleset, values: Mapping[str, Any] | None = None) -> bytes | None:
    """The coach file of ``ruleset`` (for a ruleset of one's own, with its rule values as the
    browser reads them, under the name they give), from the cache when kept there, else made and
    kept; ``None`` where the solver refuses the ruleset."""
    values = published(ruleset.name) if values is None else values
    name = str(values.get("name", ruleset.name))
    key = hashlib.sha256(canonical([code_digest(MAKER), dict(values)]).encode()).hexdigest()[:20]
    kept = cache_dir() / "site-coach" / f"{name}-{key}.bin"
    try:
        content: bytes | None = kept.read_bytes()
        return None if content == NONE else content
    except OSError:
        pass
    content = coach_data(ruleset, values)
    try:
        kept.parent.mkdir(parents=True, exist_ok=True)
        for older in kept.parent.glob(f"{name}-*.bin"):  # a ruleset keeps one file: its current one
            if older != kept and re.fullmatch(rf"{re.escape(name)}-[0-9a-f]{{20}}\.bin", older.name):
                older.unlink(missing_ok=True)
        partial = kept.with_suffix(f".{os.getpid()}.part")  # two builds at once never read half a file
        partial.write_bytes(NONE if content is None else content)
        partial.replace(kept)
    except OSError:  # a cache that cannot be written costs time, not correctness
        pass
    return content


def coach_files(rulesets: Iterable[str]) -> dict[str, bytes]:
    """The coach files of these shipped rulesets, by ruleset name (none for a ruleset the solver
    refuses); each goes to :func:`path` below the site root."""
    found = {name: made(find_ruleset(name)) for name in rulesets}
    return {name: content for name, content in found.items() if content is not None}


def duel_files(rulesets: Iterable[str]) -> dict[str, bytes]:
    """The two-player files of these shipped rulesets, by ruleset name: one for each set-aside
    ruleset whose two-player solve is quick (:func:`dicespec.solver.dueldata.duel_data`); each
    goes to :func:`duel_path` below the site root."""
    found = {}
    for name in rulesets:
        ruleset = find_ruleset(name)
        data = _DUELS[registered_game(ruleset.game).family_name](ruleset)
        if data is not None:
            found[name] = canonical(data).encode()
    return found


_DUELS: dict[str, Callable[[Ruleset], dict[str, Any] | None]] = {
    "score-sheet": lambda ruleset: None,  # a sheet's game is each player's own: no two-player solve
    "set-aside": lambda ruleset: duel_data(of_kind(SetAsideRuleset, ruleset)),
}
"""A ruleset's two-player file, by family name."""
