"""Where solved Kiriki tables are kept between runs: one compressed ``.npz`` file per set of rules.

The folder is ``$DICESPEC_CACHE_DIR`` if set, else ``$XDG_CACHE_HOME/dicespec``, else
``~/.cache/dicespec``. A file is named by a hash of the rules that decide play (not the
ruleset's name, title or notes), and of the solver's format, so a changed ruleset or solver
never reads a stale table: it is solved again on demand. Nothing here belongs in the repository.
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

from dicespec.scoresheet.ruleset import SheetRuleset

FORMAT = "dicespec-sheet-values-3"  # change it when the table's meaning or layout changes


def cache_dir() -> Path:
    """The folder of solved tables (it may not exist yet)."""
    if folder := os.environ.get("DICESPEC_CACHE_DIR"):
        return Path(folder)
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "dicespec"


def rules_key(ruleset: SheetRuleset) -> str:
    """A hash of everything in ``ruleset`` that changes optimal play and its value."""
    rules = {
        "format": FORMAT,
        "dice": ruleset.dice,
        "rolls_per_turn": ruleset.rolls_per_turn,
        "rows": [[row.id, row.section, row.rule.family, asdict(row.rule)] for row in ruleset.rows.values()],
        "bonus": [ruleset.bonus_more_than, ruleset.bonus_points],
        "five_of_a_kind": None if ruleset.five_of_a_kind is None else asdict(ruleset.five_of_a_kind),
        "joker": ruleset.joker,
    }
    return hashlib.sha256(json.dumps(rules, sort_keys=True).encode()).hexdigest()


def table_path(ruleset: SheetRuleset) -> Path:
    """The file that holds (or will hold) the state values of ``ruleset``."""
    return cache_dir() / f"sheet-values-{rules_key(ruleset)[:20]}.npz"


def load_table(ruleset: SheetRuleset) -> np.ndarray | None:
    """The cached state values of ``ruleset``; ``None`` if missing, unreadable or not its own."""
    path = table_path(ruleset)
    try:
        with np.load(path, allow_pickle=False) as stored:
            if str(stored["key"]) != rules_key(ruleset):
                return None
            values: np.ndarray = stored["values"]
            return values
    except (OSError, KeyError, ValueError, zipfile.BadZipFile):
        return None


def save_table(ruleset: SheetRuleset, values: np.ndarray) -> Path:
    """Write the state values of ``ruleset`` (atomically: readers never see half a file)."""
    path = table_path(ruleset)
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile(dir=path.parent, prefix=".tmp-", suffix=".npz", delete=False) as out:
        np.savez_compressed(out, values=values, key=np.array(rules_key(ruleset)), ruleset=np.array(ruleset.name))
    os.replace(out.name, path)
    return path
