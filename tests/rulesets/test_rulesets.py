"""Rulesets: the shipped Kiriki files, the registry, broken files of one's own, and data driving the engine."""

from __future__ import annotations

import re
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
import yaml

from dicespec import Roll, RulesetError, find_ruleset, load_ruleset, ruleset_names
from dicespec.rulesets import UnknownRulesetError, ruleset_data
from dicespec.scoresheet.families import FullHouse, OfAKind, Straight
from dicespec.scoresheet.game import NoRollsLeftError, SheetGame
from dicespec.scoresheet.rows import score
from dicespec.scoresheet.ruleset import FiveOfAKind, SheetRuleset
from dicespec.scoresheet.sheet import Sheet
from dicespec.validation import validator
from helpers import assert_ruleset_refused
from sheet_rows import UPPER_ROWS, Row

KIRIKI_RULESETS = ruleset_names("kiriki")


def shipped_file(name: str) -> Path:
    return Path(str(resources.files("dicespec.rulesets").joinpath(f"{name}.yaml")))


# -- the registry ------------------------------------------------------------------------------


def test_kiriki_rulesets_are_listed_default_first() -> None:
    """The Kiriki rulesets are listed with the reference first; kiriki-fr is among them."""
    assert KIRIKI_RULESETS[0] == "kiriki"
    assert "kiriki-fr" in KIRIKI_RULESETS
    assert set(KIRIKI_RULESETS) <= set(ruleset_names())


@pytest.mark.parametrize("name", KIRIKI_RULESETS)
def test_find_ruleset_gives_the_typed_ruleset(name: str) -> None:
    """A shipped ruleset is found by name, once, as a SheetRuleset that names itself."""
    ruleset = find_ruleset(name)
    assert isinstance(ruleset, SheetRuleset)
    assert ruleset.name == name and ruleset.game == "kiriki"
    assert find_ruleset(name) is ruleset
    assert repr(ruleset) == f"<SheetRuleset {name}>"
    assert set(ruleset.rows) == set(Row)


@pytest.mark.parametrize("name", KIRIKI_RULESETS)
def test_shipped_files_meet_the_schema(name: str) -> None:
    """Every shipped Kiriki ruleset, its parent merged in, is valid under the published schema."""
    validator("score-sheet-ruleset").validate(ruleset_data(name))


def test_unknown_ruleset() -> None:
    """An unknown name is an UnknownRulesetError (a RulesetError and a LookupError) listing the shipped ones."""
    with pytest.raises(UnknownRulesetError, match=r"'kiriki-xx'.*kiriki-fr") as caught:
        find_ruleset("kiriki-xx")
    assert isinstance(caught.value, RulesetError) and isinstance(caught.value, LookupError)


def test_reference_values() -> None:
    """The reference ruleset holds the reference numbers."""
    r = find_ruleset("kiriki")
    assert (r.dice, r.rolls_per_turn, r.min_players, r.max_players) == (5, 3, 1, 6)
    rule = {row: r.rows[row].rule for row in Row}
    assert rule[Row.FULL_HOUSE] == FullHouse(25, five_of_a_kind_counts=False)
    assert rule[Row.SMALL_STRAIGHT] == Straight(4, None, 30)
    assert rule[Row.LARGE_STRAIGHT] == Straight(5, None, 40)
    assert rule[Row.KIRIKI] == OfAKind(5, 50)
    assert (rule[Row.THREE_OF_A_KIND], rule[Row.FOUR_OF_A_KIND]) == (OfAKind(3, "sum"), OfAKind(4, "sum"))
    assert (r.bonus_more_than, r.bonus_points) == (62, 35)
    assert r.five_of_a_kind == FiveOfAKind("kiriki", 50, "cell", "repeat")
    assert r.joker == "none"
    assert r.upper_rows == tuple(UPPER_ROWS)


def test_kiriki_fr_differs_only_where_it_says() -> None:
    """kiriki-fr changes the large straight's points and the extra turns, and names the rows as the
    French text does; the rest is inherited (its trace and gaps are its own)."""
    reference, fr = ruleset_data("kiriki"), ruleset_data("kiriki-fr")
    changed = {key for key in reference.keys() | fr.keys() if reference.get(key) != fr.get(key)}
    assert changed == {"name", "title", "description", "source", "texts", "trace", "rows", "five_of_a_kind", "gaps"}
    unlabelled = {row: {k: v for k, v in rule.items() if k != "label"} for row, rule in fr["rows"].items()}
    changed_rows = {
        row
        for row in reference["rows"]
        if {k: v for k, v in reference["rows"][row].items() if k != "label"} != unlabelled[row]
    }
    assert changed_rows == {"large_straight"}
    assert fr["rows"]["large_straight"]["points"] == 30
    assert fr["rows"]["full_house"]["label"] == "full"
    assert fr["five_of_a_kind"] == {**reference["five_of_a_kind"], "extra_turns": "every"}


# -- broken files of one's own -------------------------------------------------------------------

BROKEN = {
    "bad_yaml": ("game: kiriki\nrows: [1, 2\n", ["not valid YAML", "line 3"]),
    "not_a_mapping": ("- kiriki\n- kiriki-fr\n", ["a ruleset is a mapping", "list"]),
    "key_twice": (
        "extends: kiriki\njoker: none\ntitle: A\njoker: forced\n",
        ["line 4", "the key 'joker' is written twice"],
    ),
    "nested_key_twice": (
        "extends: kiriki\nrows:\n  ones: {face: 1, face: 2}\n",
        ["line 3", "the key 'face' is written twice"],
    ),
    "empty": ("", ["a ruleset is a mapping", "NoneType"]),
    "wrong_type": ("extends: kiriki\nrolls_per_turn: three\n", ["rolls_per_turn: 'three'", "integer"]),
    "wrong_type_nested": ("extends: kiriki\nplayers: {min: 1, max: many}\n", ["players.max: 'many'"]),
    "unknown_key": ("extends: kiriki\nbonus_rows: 2\n", ["bonus_rows: 2", "unknown key"]),
    "unknown_nested_key": (
        "extends: kiriki\nrows:\n  full_house: {bonus: 3}\n",
        ["rows.full_house.bonus: 3", "unknown key"],
    ),
    "row_without_label": ("extends: kiriki\nrows:\n  yahtzee: {rule: chance}\n", ["rows.yahtzee.label: missing"]),
    "unknown_family": (
        "extends: kiriki\nrows:\n  chance: {rule: luck}\n",
        ["rows.chance.rule: 'luck'", "is not one of"],
    ),
    "total_as_row": ("extends: kiriki\nrows:\n  bonus: {label: B, section: lower, rule: chance}\n", ["rows: "]),
    "five_of_a_kind_not_one": (
        "extends: kiriki\nfive_of_a_kind: {row: chance}\n",
        ["five_of_a_kind.row: 'chance'", "not a row"],
    ),
    "joker_without_five": (
        "extends: kiriki\nfive_of_a_kind: null\njoker: forced\n",
        ["joker: 'forced'", "five_of_a_kind"],
    ),
    "bad_value": ("extends: kiriki\nrows:\n  full_house: {points: -5}\n", ["rows.full_house.points: -5", "minimum"]),
    "bad_points": ("extends: kiriki\nrows:\n  kiriki: {points: lots}\n", ["rows.kiriki.points: 'lots'"]),
    "bad_face": ("extends: kiriki\nrows:\n  ones: {face: 7}\n", ["rows.ones.face: 7", "maximum"]),
    "bad_enum": ("extends: kiriki\nfive_of_a_kind: {extra_turns: sometimes}\n", ["five_of_a_kind", "'sometimes'"]),
    "bad_name": ("extends: kiriki\nname: My Rules\n", ["name: 'My Rules'"]),
    "bad_dice": ("extends: kiriki\ndice: 7\n", ["dice: 7"]),
    # rules that cannot go together, each refused naming its keys
    "villa_with_five_dice": (
        "extends: yatzy\nrows:\n  villa: {label: Villa, section: lower, rule: groups, groups: [3, 3]}\n",
        ["rows.villa.groups with dice: 5", "needs 6 dice"],
    ),
    "three_pairs_with_five_dice": (
        "extends: yatzy\nrows:\n  two_pairs: {pairs: 3}\n",
        ["rows.two_pairs.pairs with dice: 5", "needs 6 dice"],
    ),
    "six_of_a_kind_with_five_dice": (
        "extends: yatzy\nrows:\n  yatzy: {at_least: 6}\n",
        ["rows.yatzy.at_least with dice: 5", "needs 6 dice"],
    ),
    "full_straight_with_five_dice": (
        "extends: yatzy\nrows:\n  large_straight: {faces: [1, 2, 3, 4, 5, 6]}\n",
        ["rows.large_straight.faces with dice: 5", "needs 6 dice"],
    ),
    "full_house_with_six_dice": (
        "extends: maxi-yatzy\nrows:\n  chance: {rule: full_house, points: 25, five_of_a_kind_counts: false}\n",
        ["rows.chance.rule: 'full_house' with dice: 6", "groups: [3, 2]"],
    ),
    "first_roll_with_one_roll": (
        "extends: generala\nrolls_per_turn: 1\n",
        ["rows.straight.first_roll with rolls_per_turn: 1"],
    ),
    "requires_a_row_not_there": (
        "extends: yatzy\nrows:\n  double_yatzy:\n"
        "    {label: Double, section: lower, rule: of_a_kind, at_least: 5, points: 100, requires: generala}\n",
        ["rows.double_yatzy.requires: 'generala'", "not another row"],
    ),
    "saved_rolls_with_one_roll": (
        "extends: yatzy\nrolls_per_turn: 1\nsaved_rolls: true\n",
        ["saved_rolls with rolls_per_turn: 1"],
    ),
    "unknown_extends": ("extends: kiriki-xx\n", ["extends: 'kiriki-xx'", "not a shipped ruleset"]),
    "extends_not_a_name": ("extends: [kiriki]\n", ["extends: ['kiriki']"]),
    "no_game": ("name: mine\n", ["game: None", "not a known game"]),
    "unknown_game": ("game: mahjong\n", ["game: 'mahjong'", "not a known game"]),
    "missing_key": ("game: kiriki\nname: mine\n", ["title: missing"]),
}


@pytest.mark.parametrize("case", BROKEN)
def test_broken_file_names_file_key_and_value(tmp_path: Path, case: str) -> None:
    """A broken ruleset file is a RulesetError naming the file, the key path and the bad value, in one line."""
    assert_ruleset_refused(tmp_path, case, *BROKEN[case])


def test_every_schema_error_is_named_at_once(tmp_path: Path) -> None:
    """A file with several mistakes is one RulesetError with a line for each (the file, the key
    path, the value), not one mistake a run: the one that matters most first."""
    path = tmp_path / "mine.yaml"
    path.write_text(
        "extends: kiriki\nrolls_per_turn: three\nrows:\n  ones: {face: 7}\n  chance: {rule: luck}\nbonus_rows: 2\n",
        encoding="utf-8",
    )
    with pytest.raises(RulesetError) as caught:
        load_ruleset(path)
    lines = str(caught.value).splitlines()
    assert all(line.startswith(f"{path}: ") for line in lines), lines
    said = {line.removeprefix(f"{path}: ").split(": ")[0] for line in lines}
    assert said == {"rolls_per_turn", "rows.ones.face", "rows.chance.rule", "bonus_rows"}, lines
    assert any("rows.ones.face: 7: 7 is greater than the maximum of 6" in line for line in lines), lines


def test_a_value_breaking_two_keywords_is_one_line(tmp_path: Path) -> None:
    """An empty title breaks both its minimum length and its pattern: one line, not two."""
    assert_ruleset_refused(tmp_path, "empty_title", "extends: kiriki\ntitle: ''\n", ["title: '': is empty"])


def test_missing_file(tmp_path: Path) -> None:
    """A file that cannot be read is a RulesetError naming it."""
    path = tmp_path / "nowhere.yaml"
    with pytest.raises(RulesetError, match=re.escape("nowhere.yaml: cannot read the file")):
        load_ruleset(path)


def test_a_file_may_extend_a_shipped_ruleset(tmp_path: Path) -> None:
    """A file that extends a shipped ruleset inherits everything it does not write."""
    path = tmp_path / "mine.yaml"
    path.write_text("extends: kiriki-fr\nname: mine\nrows:\n  full_house: {points: 30}\n", encoding="utf-8")
    mine = load_ruleset(path)
    assert mine.name == "mine"
    assert mine.rows[Row.FULL_HOUSE].rule == FullHouse(30, five_of_a_kind_counts=False)
    assert mine.rows[Row.LARGE_STRAIGHT].rule == Straight(5, None, 30)
    assert mine.five_of_a_kind is not None and mine.five_of_a_kind.extra_turns == "every"


# -- the engine reads its numbers from the data ---------------------------------------------------


def edited_copy(tmp_path: Path, edit: Callable[[dict[str, Any]], object]) -> SheetRuleset:
    """The reference file copied, changed by ``edit`` (on the parsed data), written back and loaded."""
    data = yaml.safe_load(shipped_file("kiriki").read_text(encoding="utf-8"))
    edit(data)
    path = tmp_path / "kiriki.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return load_ruleset(path)


def test_full_house_points_come_from_the_file(tmp_path: Path) -> None:
    """Changing the full house's points in a copy of kiriki.yaml changes the score, with no code change."""
    full_house = Roll.parse("22333")
    assert score(find_ruleset("kiriki"), full_house, Row.FULL_HOUSE) == 25
    mine = edited_copy(tmp_path, lambda d: d["rows"]["full_house"].update(points=33))
    assert mine.name == "kiriki"  # the same name, and still not confused with the shipped one
    assert score(mine, full_house, Row.FULL_HOUSE) == 33
    assert score(find_ruleset("kiriki"), full_house, Row.FULL_HOUSE) == 25


def test_text_edit_of_the_file_changes_the_engine(tmp_path: Path) -> None:
    """A plain text edit of the full_house line in a copy of kiriki.yaml is all it takes."""
    text = shipped_file("kiriki").read_text(encoding="utf-8")
    old = (
        "full_house:      {label: Full House, section: lower, rule: full_house, points: 25, "
        "five_of_a_kind_counts: false}"
    )
    assert old in text
    path = tmp_path / "kiriki.yaml"
    path.write_text(text.replace(old, old.replace("points: 25", "points: 40")), encoding="utf-8")
    assert score(load_ruleset(path), Roll.parse("33222"), Row.FULL_HOUSE) == 40


def test_five_of_a_kind_as_full_house_comes_from_the_file(tmp_path: Path) -> None:
    """Whether five of a kind counts as a full house is the file's choice."""
    mine = edited_copy(tmp_path, lambda d: d["rows"]["full_house"].update(five_of_a_kind_counts=True))
    assert score(mine, Roll.parse("33333"), Row.FULL_HOUSE) == 25


def test_upper_bonus_comes_from_the_file(tmp_path: Path) -> None:
    """The bonus threshold and points come from the file."""
    mine = edited_copy(tmp_path, lambda d: d["upper_bonus"].update(more_than=10, points=7))
    sheet = Sheet.from_cells({"sixes": 12})
    assert sheet.bonus(mine) == 7
    assert sheet.bonus(find_ruleset("kiriki")) == 0


def test_rolls_per_turn_come_from_the_file(tmp_path: Path) -> None:
    """With four rolls a turn in the file, a third reroll is allowed and a fourth is not."""
    mine = edited_copy(tmp_path, lambda d: d.update(rolls_per_turn=4))
    game = SheetGame(mine, dice=lambda n: [1] * n)
    game.roll("12345")
    for _ in range(3):
        game.reroll([0])
    with pytest.raises(NoRollsLeftError):
        game.reroll([0])


def test_straight_length_comes_from_the_file(tmp_path: Path) -> None:
    """A small straight of three in the file makes 1-2-3 enough."""
    mine = edited_copy(tmp_path, lambda d: d["rows"]["small_straight"].update(length=3))
    assert score(mine, Roll.parse("12366"), Row.SMALL_STRAIGHT) == 30
    assert score(find_ruleset("kiriki"), Roll.parse("12366"), Row.SMALL_STRAIGHT) == 0
