"""The two sides of ``dicespec diff A B`` (regression/sides.py): a shipped ruleset by its name, a
game's reference by the game's name, a ruleset file by its ending or its folder (or, last, as an
existing file), each with its label, title and what a spec run plays under; one-line errors for
what is none of these, and for two rulesets of different games."""

from __future__ import annotations

from pathlib import Path

import pytest

from dicespec.regression.sides import DiffError, Side, file_side, side, sides
from dicespec.rulesets import RulesetError, UnknownRulesetError, find_ruleset


def test_a_shipped_ruleset_and_a_game_s_reference_are_named_by_the_ruleset() -> None:
    fr = side("kiriki-fr")
    assert (fr.label, fr.spec_name, fr.file, fr.game) == ("kiriki-fr", "kiriki-fr", None, "kiriki")
    assert fr.ruleset is find_ruleset("kiriki-fr") and fr.title == find_ruleset("kiriki-fr").title
    reference = side("ten-thousand")
    assert (reference.label, reference.ruleset.name) == ("ten-thousand", "ten-thousand")


def test_a_file_side_is_labelled_as_given_and_played_by_its_absolute_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("house.yaml").write_text("extends: kiriki\nname: house\nrows:\n  full_house: {points: 30}\n", encoding="utf-8")
    house = side("house.yaml")
    assert (house.label, house.spec_name, house.file) == (
        "house.yaml",
        str(tmp_path / "house.yaml"),
        tmp_path / "house.yaml",
    )
    assert (house.extends, house.own_title, house.game) == ("kiriki", None, "kiriki")
    assert house.title == "a ruleset file extending kiriki"
    assert house.describe() == {
        "label": "house.yaml",
        "ruleset": "house",
        "title": "a ruleset file extending kiriki",
        "file": str(tmp_path / "house.yaml"),
        "extends": "kiriki",
    }


def test_a_file_s_own_title_is_its_title(tmp_path: Path) -> None:
    path = tmp_path / "titled.yml"
    path.write_text("extends: yacht\nname: titled\ntitle: Our Yacht\n", encoding="utf-8")
    assert side(str(path)).title == "Our Yacht"


def test_a_name_that_is_no_ruleset_nor_game_is_read_as_an_existing_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("house").write_text("extends: greed\nname: plain-house\n", encoding="utf-8")
    assert side("house").ruleset.game == "greed"
    assert file_side("house").label == "house"


def test_what_is_no_ruleset_is_one_line_naming_it(tmp_path: Path) -> None:
    with pytest.raises(
        UnknownRulesetError, match=r"^unknown ruleset 'nowhere'; shipped rulesets: .*; or a ruleset file \(\.yaml\)$"
    ):
        side("nowhere")
    with pytest.raises(RulesetError, match=r"^missing\.yaml: no such ruleset file$"):
        side("missing.yaml")
    broken = tmp_path / "broken.yaml"
    broken.write_text("extends: kiriki\nsurprise: 1\n", encoding="utf-8")
    with pytest.raises(RulesetError) as raised:
        side(str(broken))
    assert str(raised.value).startswith(f"{broken}:2: surprise: 1: unknown key") and "\n" not in str(raised.value)


def test_both_sides_must_be_of_one_game() -> None:
    first, second = sides("kiriki", "kiriki-fr")
    assert (first.label, second.label) == ("kiriki", "kiriki-fr")
    given = Side("mine", find_ruleset("yacht"), "yacht")
    assert sides(given, "yacht")[0] is given
    with pytest.raises(
        DiffError, match=r"^kiriki is a ruleset of kiriki, greed of greed: compare two rulesets of one game$"
    ):
        sides("kiriki", "greed")
