"""The sheet's line names in each source language: any name a text or a ruleset gives a line (its
id, a row's label, the glossary's word in any language, in any case) reads as the line's id; a name
no text uses is refused, and a set-aside game has no line at all."""

from __future__ import annotations

from pathlib import Path

import pytest

from dicespec.spec.glossary import GlossaryError, UnknownLineNameError, glossary, line_id, read_glossary


@pytest.mark.parametrize(
    ("name", "line"),
    [
        ("Kareta", "four_of_a_kind"),
        ("  kareta ", "four_of_a_kind"),
        ("4 du même type", "four_of_a_kind"),
        ("VIER EINER SORTE", "four_of_a_kind"),
        ("four_of_a_kind", "four_of_a_kind"),
        ("Full House", "full_house"),
        ("Upper total", "upper_total"),
    ],
)
def test_any_name_of_a_line_reads_as_its_id(name: str, line: str) -> None:
    assert line_id("kiriki", name) == line


def test_a_rows_label_in_a_ruleset_names_it_without_a_glossary_entry() -> None:
    """Yahtzee's texts name the rows as its rulesets label them: "Aces" is the ones."""
    assert "yahtzee" not in glossary()
    assert line_id("yahtzee", "Aces") == "ones"


def test_a_name_no_text_uses_is_refused() -> None:
    with pytest.raises(UnknownLineNameError, match="no text names a kiriki line 'Pair'"):
        line_id("kiriki", "Pair")
    with pytest.raises(UnknownLineNameError):
        line_id("ten-thousand", "ones")


def test_the_glossary_is_by_game_then_language_then_line() -> None:
    assert glossary()["kiriki"]["pl"]["four_of_a_kind"] == "Kareta"
    assert set(glossary()["kiriki"]) == {"en", "fr", "de", "pl"}


def test_a_glossary_that_is_not_yaml_is_refused_naming_the_file(tmp_path: Path) -> None:
    path = tmp_path / "glossary.yaml"
    path.write_text("kiriki: [unclosed\n", encoding="utf-8")
    with pytest.raises(GlossaryError, match=r"glossary\.yaml: not YAML: "):
        read_glossary(path)
