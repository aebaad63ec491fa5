"""The solver's headline figures, kept in ``fixtures/optimal-play.json`` for the website.

Solving every score-sheet ruleset takes some seconds each, too long for each site build, so the
figures are computed by ``make optimal`` (``python -m dicespec.solver.figures``) and committed.
Each Kiriki entry carries the hash of the rules it was solved under
(:func:`dicespec.solver.cache.rules_key`), and ``tests/solver/test_figures.py`` fails when a
ruleset changes without the figures being computed again.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from dicespec.progress import ProgressLine
from dicespec.rulesets import find_ruleset
from dicespec.solver import solver_of, summary
from dicespec.spec.paths import data_root


def figures_path() -> Path:
    return data_root() / "fixtures" / "optimal-play.json"


def compute(*, progress: Any = None) -> dict[str, Any]:
    """Every shipped ruleset's figures (solving what the cache lacks), with each Kiriki rules hash."""
    figures = summary(progress=progress)
    return {name: [_kept(entry) for entry in entries] for name, entries in figures.items()}


def _kept(entry: dict[str, Any]) -> dict[str, Any]:
    ruleset = find_ruleset(entry["ruleset"])
    return solver_of(ruleset).kept(ruleset, entry)


def read(path: Path | None = None) -> dict[str, Any] | None:
    """The committed figures, or ``None`` when there are none yet."""
    path = path or figures_path()
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None


def write(path: Path | None = None) -> Path:
    path = path or figures_path()
    figures = compute(progress=ProgressLine("solving"))
    path.write_text(json.dumps(figures, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return path


if __name__ == "__main__":
    print(f"wrote {write(Path(sys.argv[1]) if len(sys.argv) > 1 else None)}")
