"""A row's rule family as a ruleset file writes it, and back."""

from __future__ import annotations

import pytest

from dicespec.registry import games
from dicespec.rulesets import find_ruleset_of, ruleset_names
from dicespec.scoresheet.families import rule_data, rule_from_data
from dicespec.scoresheet.ruleset import SheetRuleset

SHEET_RULESETS = [name for found in games() if found.family_name == "score-sheet" for name in ruleset_names(found.name)]


@pytest.mark.parametrize("name", SHEET_RULESETS)
def test_every_rows_rule_written_as_data_reads_back_as_itself(name: str) -> None:
    """rule_data writes each row's rule as a ruleset file does, and rule_from_data reads it back."""
    rules = find_ruleset_of(SheetRuleset, name)
    assert {row.id: rule_from_data(rule_data(row.rule)) for row in rules.rows.values()} == {
        row.id: row.rule for row in rules.rows.values()
    }


def test_a_rule_of_no_family_has_no_data() -> None:
    """Anything but a rule family's object is refused, naming it."""
    with pytest.raises(TypeError, match="not a rule of the model: 'chance'"):
        rule_data("chance")  # type: ignore[arg-type]
