"""Score-sheet ruleset files of a test's own, for the solver's tests: small changes to
kiriki-no-extra, and one quick to solve."""

from __future__ import annotations

from pathlib import Path

from dicespec import load_ruleset
from dicespec.scoresheet.ruleset import SheetRuleset


def ruleset_file(folder: Path, *lines: str) -> SheetRuleset:
    """A ruleset file of one's own extending kiriki-no-extra, with these extra lines."""
    path = folder / f"mine-{len(list(folder.iterdir()))}.yaml"
    path.write_text("\n".join(["extends: kiriki-no-extra", "name: mine", *lines]) + "\n", encoding="utf-8")
    ruleset = load_ruleset(path)
    assert isinstance(ruleset, SheetRuleset)
    return ruleset


def quick_ruleset(folder: Path) -> SheetRuleset:
    """A ruleset of one roll a turn: a solve of a second or two."""
    return ruleset_file(folder, "rolls_per_turn: 1")
