"""Key paths of a ruleset's values (rulesets/paths.py): every leaf of its mappings but the keys that
describe it, which trace or gap accounts for which value, and what a ruleset that ``extends``
another keeps of its trace and gaps."""

from __future__ import annotations

from dicespec.rulesets import ruleset_data
from dicespec.rulesets.paths import covers, inherited_gaps, inherited_trace, value_keys, values


def test_values_pair_each_leaf_with_its_value_an_empty_mapping_and_a_list_being_one() -> None:
    data = {"title": "T", "expect": {"rolls": []}, "rows": {"chance": {"points": "sum"}, "none": {}}, "dice": [5, 6]}
    assert list(values(data)) == [("rows.chance.points", "sum"), ("rows.none", {}), ("dice", [5, 6])]


def test_only_the_top_level_keys_describe_the_ruleset() -> None:
    assert list(value_keys({"rows": {"name": {"title": 1}}})) == ["rows.name.title"]


def test_a_key_covers_itself_and_the_values_under_it_only() -> None:
    assert covers("rows", "rows") and covers("rows", "rows.chance.points")
    assert not covers("rows.chance", "rows") and not covers("row", "rows.chance")


def test_a_value_a_ruleset_changes_loses_the_sentence_of_the_one_it_extends() -> None:
    # kiriki-no-extra turns extra turns off: the handbook's "an additional turn" no longer traces it
    parent = ruleset_data("kiriki")
    child = {"five_of_a_kind": {"extra_turns": "none"}}
    assert "five_of_a_kind.extra_turns" in parent["trace"]
    assert "five_of_a_kind.extra_turns" not in inherited_trace(parent, child)
    assert "rows.kiriki" in inherited_trace(parent, child)


def test_gaps_carry_over_unless_the_child_speaks_for_them() -> None:
    parent = {
        "gaps": [
            {"key": "players.min", "choice": "a"},
            {"key": "joker", "choice": "b"},
            {"key": "winner", "choice": "c"},
        ]
    }
    child = {"joker": "forced", "gaps": [{"key": "players", "choice": "d"}]}
    assert inherited_gaps(parent, child) == [{"key": "winner", "choice": "c"}, {"key": "players", "choice": "d"}]


def test_value_keys_are_the_leaves_and_leave_out_what_describes_the_ruleset() -> None:
    data = {
        "name": "x",
        "gaps": [],
        "trace": {},
        "dice": 5,
        "players": {"min": 1, "max": 6},
        "patterns": [],
        "rows": {},
    }
    assert list(value_keys(data)) == ["dice", "players.min", "players.max", "patterns", "rows"]
