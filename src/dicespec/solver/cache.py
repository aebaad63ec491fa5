"""Where solved Kiriki tables are kept between runs: one compressed ``.npz`` file per set of rules.

The folder is the package's cache folder (:func:`dicespec.caches.cache_dir`). A file is named by
a hash of the rules that decide play (not the ruleset's name, title or notes) and of the table's
format, then by a hash of the solver's code (the modules it runs), so a changed ruleset or solver never reads a stale
table: it is solved again on demand, and the table older code made for the same rules is
removed (one file a set of rules). Nothing here belongs in the repository.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import zipfile
from dataclasses import asdict
from pathlib import Path

import numpy as np

from dicespec.caches import cache_dir, code_digest
from dicespec.scoresheet.ruleset import Row, SheetRuleset

__all__ = ["FORMAT", "cache_dir", "load_table", "rules_key", "save_table", "table_key", "table_path"]

FORMAT = "dicespec-sheet-values-3"  # change it when the table's meaning or layout changes


def rules_key(ruleset: SheetRuleset) -> str:
    """A hash of everything in ``ruleset`` that changes optimal play and its value."""
    rules = {
        "format": FORMAT,
        "dice": ruleset.dice,
        "rolls_per_turn": ruleset.rolls_per_turn,
        "rows": [
            [row.id, row.section, row.rule.family, asdict(row.rule), *_row_rules(row)] for row in ruleset.rows.values()
        ],
        "bonus": [ruleset.bonus_more_than, ruleset.bonus_points],
        "five_of_a_kind": None if ruleset.five_of_a_kind is None else asdict(ruleset.five_of_a_kind),
        "joker": ruleset.joker,
    }
    return hashlib.sha256(json.dumps(rules, sort_keys=True).encode()).hexdigest()


def _row_rules(row: Row) -> list[dict[str, object]]:
    """A row's first-roll and requires rules, where it has any (none: nothing, so that the keys of
    rulesets without them stay as they were)."""
    if not (row.first_roll_adds or row.first_roll_wins or row.requires is not None):
        return []
    return [{"first_roll_adds": row.first_roll_adds, "first_roll_wins": row.first_roll_wins, "requires": row.requires}]


# The code that names a table: this module's closure, which holds every module of the solver (the
# solver package's __init__ runs each of them) and the engines they run, and nothing above them.
SOLVER = __name__


def table_key(ruleset: SheetRuleset) -> str:
    """What a table of ``ruleset`` holds as its own: its rules' key and the code that solved it."""
    return f"{rules_key(ruleset)}-{code_digest(SOLVER)}"


def table_path(ruleset: SheetRuleset) -> Path:
    """The file that holds (or will hold) the state values of ``ruleset``."""
    return cache_dir() / f"sheet-values-{rules_key(ruleset)[:20]}-{code_digest(SOLVER)[:12]}.npz"


def load_table(ruleset: SheetRuleset) -> np.ndarray | None:
    """The cached state values of ``ruleset``; ``None`` if missing, unreadable or not its own."""
    path = table_path(ruleset)
    try:
        with np.load(path, allow_pickle=False) as stored:
            if str(stored["key"]) != table_key(ruleset):
                return None
            values: np.ndarray = stored["values"]
            return values
    except (OSError, KeyError, ValueError, zipfile.BadZipFile):
        return None


def save_table(ruleset: SheetRuleset, values: np.ndarray) -> Path:
    """Write the state values of ``ruleset`` (atomically: readers never see half a file), and
    remove the tables older code made for the same rules."""
    path = table_path(ruleset)
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile(dir=path.parent, prefix=".tmp-", suffix=".npz", delete=False) as out:
        np.savez_compressed(out, values=values, key=np.array(table_key(ruleset)), ruleset=np.array(ruleset.name))
    os.replace(out.name, path)
    for older in path.parent.glob(f"sheet-values-{rules_key(ruleset)[:20]}-*.npz"):
        if older != path:
            older.unlink(missing_ok=True)
    return path
