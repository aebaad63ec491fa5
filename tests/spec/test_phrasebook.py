"""Writing the spec's steps in any language through the phrasebook: every line of every case in
en, fr, de and pl, read back as the same step with the same values, line names through ``name``
alone, and the Gherkin keywords the features use."""

from __future__ import annotations

import dataclasses
import inspect
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml
from gherkin.dialect import Dialect
from parse import compile as compile_pattern

from dicespec.spec import Case, cases
from dicespec.spec import phrasebook as book
from dicespec.spec.phrasebook import (
    KEYWORD_KINDS,
    LANGUAGES,
    TYPES,
    PhrasebookError,
    Step,
    field_types,
    keyword,
    match,
    phrasebook,
    read_phrasebook,
    render,
    render_case,
)
from dicespec.spec.steps import common, setaside, sheet

ALL_CASES = cases()
STEP_LOGIC = {"common": common.steps, "sheet": sheet.steps, "setaside": setaside.steps}


def _step_lines(case: Case) -> list[str]:
    """The lines of a case that are steps (not data table rows)."""
    return [line for line in case.steps if not line.startswith("|")]


def _plain(step: Step) -> dict[str, Any]:
    """A step's values as what they mean: die numbers as a tuple, numbers as ints, dice as digits."""
    out: dict[str, Any] = {}
    for field, kind in field_types(step.section, step.key).items():
        value = step.values[field]
        out[field] = (
            tuple(int(n) for n in re.findall(r"\d+", value))
            if kind == "Positions"
            else int(value)
            if kind == "d"
            else value.strip()
            if kind == "Dice"
            else value
        )
    return out


def _strip_keyword(written: str, lang: str) -> str:
    for word in sorted((w for k in KEYWORD_KINDS for w in _keywords(k, lang)), key=len, reverse=True):
        if written.startswith(word):
            return written[len(word) :]
    raise AssertionError(f"{written!r} starts with no {lang} keyword")


@cache
def _keywords(kind: str, lang: str) -> tuple[str, ...]:
    dialect = Dialect.for_name(lang)
    assert dialect is not None
    return tuple(w for w in getattr(dialect, f"{kind}_keywords") if w.strip() != "*")


@cache
def _patterns() -> dict[str, list[tuple[str, Any]]]:
    found: dict[str, list[tuple[str, Any]]] = {"given": [], "when": [], "then": []}
    for steps in phrasebook().values():
        for key, entry in steps.items():
            for language in LANGUAGES:
                found[entry["type"]] += [(key, compile_pattern(p, extra_types=TYPES)) for p in entry.get(language, [])]
    return found


def _readings(kind: str, text: str) -> list[str]:
    """The keys of every phrasing of ``kind`` that reads ``text``."""
    return [key for key, pattern in _patterns()[kind] if pattern.parse(text) is not None]


# -- every step, every case, every language ---------------------------------------------------------------


def test_every_step_has_a_phrasing_in_every_language() -> None:
    missing = [
        f"{section}.{key}: {lang}"
        for section, steps in phrasebook().items()
        for key, entry in steps.items()
        for lang in LANGUAGES
        if not entry.get(lang)
    ]
    assert not missing, f"steps without a phrasing: {missing}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_line_of_every_case_renders(lang: str) -> None:
    """The test that fails when a language lacks a phrasing a case needs: each case renders whole."""
    for case in ALL_CASES:
        written = render_case(case, lang)
        assert len(written) == len(case.steps), f"{case.id}: {len(written)} lines for {len(case.steps)}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_rendered_line_reads_back_as_the_same_step(lang: str) -> None:
    """Each rendered line matches exactly one phrasing, of the same step, with the same values."""
    seen: set[tuple[str, str]] = set()
    for case in ALL_CASES:
        for kind, text in case.phrases:
            if (kind, text) in seen:
                continue
            seen.add((kind, text))
            original = match(kind, text)
            assert original is not None, f"{case.id}: {text!r}"
            written = render(kind, text, lang)
            assert _readings(kind, written) == [original.key], f"{case.id}: {text!r} -> {written!r}"
            back = match(kind, written)
            assert back is not None and (back.section, back.key) == (original.section, original.key)
            assert _plain(back) == _plain(original), f"{case.id}: {text!r} -> {written!r}"


def test_a_case_in_its_own_language_says_what_it_said() -> None:
    """Rendered in its own language with the identity as ``name``, each line is the same step with
    the same values, after a keyword of the same kind (a conjunction stays a conjunction)."""
    for case in ALL_CASES:
        written = render_case(case, case.language, name=lambda line: line)
        assert [w for w in written if w.startswith("|")] == [s for s in case.steps if s.startswith("|")]
        pairs = zip(_step_lines(case), [w for w in written if not w.startswith("|")], case.phrases, strict=True)
        for before, after, (kind, text) in pairs:
            spoken = before[: len(before) - len(text)]
            expected_kind = next((k for k in ("and", "but") if spoken in _keywords(k, case.language)), kind)
            assert after.startswith(_keywords(expected_kind, case.language)), (case.id, before, after)
            original, again = match(kind, text), match(kind, _strip_keyword(after, case.language))
            assert original is not None and again is not None, (case.id, before, after)
            assert (again.key, _plain(again)) == (original.key, _plain(original)), (case.id, before, after)


def test_name_is_given_line_names_only() -> None:
    """``name`` sees the values of a step's line-name fields (and only those), and its answer is
    written in their place."""
    for lang in LANGUAGES:
        for case in ALL_CASES:
            for kind, text in case.phrases:
                step = match(kind, text)
                assert step is not None
                names = phrasebook()[step.section][step.key].get("names", [])
                asked: list[str] = []

                def label(line: str, asked: list[str] = asked) -> str:
                    asked.append(line)
                    return f"«{line}»"

                back = match(kind, render(kind, text, lang, name=label))
                assert back is not None and back.key == step.key
                assert asked == [step.values[field] for field in names], (case.id, text)
                expected = {f: (f"«{v}»" if f in names else v) for f, v in _plain(step).items()}
                assert _plain(back) == expected, (case.id, text, lang)


def test_line_names_are_marked() -> None:
    """The fields that name a line of the sheet are the ones the steps look up in the glossary."""
    marked = {(s, k): tuple(e.get("names", ())) for s, steps in phrasebook().items() for k, e in steps.items()}
    assert {key: names for key, names in marked.items() if names} == {
        ("sheet", "row_scores"): ("row",),
        ("sheet", "score"): ("row",),
        ("sheet", "roll_and_score"): ("row",),
        ("sheet", "sheet_line"): ("line",),
        ("sheet", "line_empty"): ("line",),
    }


# -- how values are written ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "lang", "written"),
    [
        (
            "the player rerolls dice 1, 2, 3, 4, 5 and gets 66666",
            "fr",
            "le joueur relance les dés 1, 2, 3, 4 et 5 et obtient 66666",
        ),
        (
            "the player rerolls dice 1, 2, 3, 4, 5 and gets 66666",
            "en",
            "the player rerolls dice 1, 2, 3, 4 and 5 and gets 66666",
        ),
        (
            "gracz ponownie rzuca kośćmi 2 i 4 i otrzymuje 66",
            "de",
            "der Spieler die Würfel 2 und 4 neu würfelt und 66 erhält",
        ),
        ("le joueur relance les dés 1 et obtient 6", "pl", "gracz ponownie rzuca kośćmi 1 i otrzymuje 6"),
        ("the player rolls 111236 and sets aside 111", "pl", "gracz rzuca 111236 i odkłada 111"),
    ],
)
def test_dice_and_positions_are_written_as_the_language_writes_them(text: str, lang: str, written: str) -> None:
    assert render("when", text, lang) == written


@pytest.mark.parametrize(
    ("text", "lang", "written"),
    [
        ("player 1 has played 1 turns", "en", "player 1 has played 1 turn"),
        ("player 1 has played 1 turn", "en", "player 1 has played 1 turn"),
        ("player 1 has played 3 turn", "en", "player 1 has played 3 turns"),
        ("player 1 has played 1 turn", "pl", "gracz 1 rozegrał 1 turę"),
        ("player 1 has played 3 turns", "pl", "gracz 1 rozegrał 3 tury"),
        ("player 1 has played 13 turns", "pl", "gracz 1 rozegrał 13 tur"),
        ("player 1 has played 22 turns", "pl", "gracz 1 rozegrał 22 tury"),
        ("player 1 has played 0 turns", "fr", "le joueur 1 a joué 0 tour"),
        ("player 1 has played 2 turns", "de", "hat Spieler 1 2 Züge gespielt"),
        ("player 1 has earned 0 extra turns", "pl", "gracz 1 zdobył 0 dodatkowych tur"),
        ("the player has 1 dice to roll", "en", "the player has 1 die to roll"),
        ("the player has 1 die to roll", "pl", "gracz ma 1 kość do rzutu"),
        ("the player has 4 dice to roll", "pl", "gracz ma 4 kości do rzutu"),
    ],
)
def test_a_number_takes_its_plural_form(text: str, lang: str, written: str) -> None:
    assert render("then", text, lang) == written


def test_a_plain_value_is_written_as_the_case_writes_it() -> None:
    assert render("then", "the last action is rejected as row-used and changes nothing", "fr") == (
        "la dernière action est refusée comme row-used et ne change rien"
    )
    assert (
        render("then", '"5 + 5 + 5" fait 15 avec les dés affichés', "en")
        == '"5 + 5 + 5" adds up to 15 from the dice shown'
    )
    assert render("then", 'the "Full House" row scores 25', "de") == 'ergibt die Zeile "Full House" 25'
    assert render("then", 'the "Full House" row scores 25', "fr", name={"Full House": "Full"}.__getitem__) == (
        'la ligne "Full" vaut 25'
    )


# -- keywords ------------------------------------------------------------------------------------------------


def test_keywords_are_those_the_features_use() -> None:
    """The features' own keywords; But, which they do not use, in its plainest form."""
    assert {lang: [keyword(kind, lang) for kind in KEYWORD_KINDS] for lang in LANGUAGES} == {
        "en": ["Given", "When", "Then", "And", "But"],
        "fr": ["Soit", "Quand", "Alors", "Et", "Mais"],
        "de": ["Angenommen", "Wenn", "Dann", "Und", "Aber"],
        "pl": ["Zakładając, że", "Jeżeli", "Wtedy", "Oraz", "Ale"],
    }


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("kind", KEYWORD_KINDS)
def test_a_keyword_is_one_of_the_gherkin_library(kind: str, lang: str) -> None:
    assert keyword(kind, lang) in [w.rstrip() for w in _keywords(kind, lang)]


def test_a_rendered_case_starts_each_step_with_its_keyword() -> None:
    case = next(c for c in ALL_CASES if c.id == "ten-thousand-de-stop-and-bank")
    assert render_case(case, "fr") == [
        "Soit une partie à 2 joueurs",
        "Quand le joueur lance 111236 et met de côté 111",
        "Et le joueur lance 523 et met de côté 5",
        "Et le joueur met ses points en banque",
        "Alors le joueur 1 a 1050 points",
        "Et c'est au joueur 2 de jouer",
    ]
    assert render_case(case, "pl")[0] == "Zakładając, że gra ma 2 graczy"


def test_a_data_table_follows_its_step_as_written() -> None:
    case = next(c for c in ALL_CASES if any(line.startswith("|") for line in c.steps))
    written = render_case(case, "pl")
    assert [w for w in written if w.startswith("|")] == [s for s in case.steps if s.startswith("|")]
    assert [i for i, w in enumerate(written) if w.startswith("|")] == [
        i for i, s in enumerate(case.steps) if s.startswith("|")
    ]


# -- errors ---------------------------------------------------------------------------------------------------


def test_a_line_no_phrasing_reads_names_the_case_and_the_line() -> None:
    case = ALL_CASES[0]
    broken = dataclasses.replace(
        case,
        steps=(*case.steps, "Then the moon is made of cheese"),
        phrases=(*case.phrases, ("then", "the moon is made of cheese")),
    )
    with pytest.raises(PhrasebookError) as error:
        render_case(broken, "de")
    message = str(error.value)
    assert case.id in message and "the moon is made of cheese" in message and "\n" not in message
    with pytest.raises(PhrasebookError, match="matches no phrasing"):
        render("then", "the moon is made of cheese", "en")


def test_a_step_without_a_phrasing_in_the_language_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    data = {section: {key: dict(entry) for key, entry in steps.items()} for section, steps in phrasebook().items()}
    del data["common"]["roll"]["pl"]
    monkeypatch.setattr(book, "phrasebook", lambda: data)
    with pytest.raises(PhrasebookError, match=r"^common\.roll has no pl phrasing$"):
        render("when", "the player rolls 12345", "pl")


@pytest.mark.parametrize(
    "call",
    [
        lambda: render("when", "the player rolls 12345", "es"),
        lambda: keyword("given", "es"),
        lambda: render_case(ALL_CASES[0], "it"),
    ],
)
def test_a_language_outside_the_phrasebook_is_refused(call: Callable[[], object]) -> None:
    with pytest.raises(PhrasebookError, match="is not a language of the phrasebook"):
        call()


def test_a_kind_of_keyword_outside_gherkin_is_refused() -> None:
    with pytest.raises(PhrasebookError, match="is not a kind of Gherkin keyword"):
        keyword("examples", "en")


# -- the phrasebook's phrasings agree with each other and with the step logic --------------------------------


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda b: b["common"]["roll"].update(fr=["le joueur lance {des:Dice}"]),
            r"common\.roll\.fr: 'le joueur lance \{des:Dice\}' has the fields \{'des': 'Dice'\}",
        ),
        (lambda b: b["common"]["roll"].update(fr=["le joueur lance {dice:d}"]), r"common\.roll\.fr: .* has the fields"),
        (
            lambda b: b["common"]["roll"].update(names=["row"]),
            r"common\.roll\.names: 'row' is not a field of its phrasings",
        ),
        (
            lambda b: b["common"]["turns_taken"]["plural"].update(pl=["one"]),
            r"common\.turns_taken\.plural\.pl: 1 categories for 3 phrasings",
        ),
        (
            lambda b: b["common"]["dice_show"].update(plural={"field": "dice"}),
            r"common\.dice_show\.plural\.field: 'dice' is not a whole-number field",
        ),
        (
            lambda b: b["common"]["rejected"].update(
                en=["the last action is rejected as {code:Code}"],
                fr=["{code:Code}"],
                de=["{code:Code}"],
                pl=["{code:Code}"],
            ),
            r"common\.rejected: .*\{code:Code\} is not a named field of a known type",
        ),
    ],
)
def test_phrasings_that_disagree_are_refused(
    tmp_path: Path, change: Callable[[dict[str, Any]], None], message: str
) -> None:
    data = yaml.safe_load(yaml.safe_dump(phrasebook(), allow_unicode=True))
    change(data)
    path = tmp_path / "phrasebook.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    with pytest.raises(PhrasebookError, match=message) as error:
        read_phrasebook(path)
    assert str(error.value).startswith(f"{path}: ") and "\n" not in str(error.value)


def test_the_schema_refuses_an_unknown_plural_category(tmp_path: Path) -> None:
    data = yaml.safe_load(yaml.safe_dump(phrasebook(), allow_unicode=True))
    data["common"]["new_game"]["plural"]["pl"] = ["many", "several"]
    path = tmp_path / "phrasebook.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    with pytest.raises(ValueError, match=r"common\.new_game\.plural\.pl\.1: 'several'"):
        read_phrasebook(path)


@pytest.mark.parametrize("section", sorted(STEP_LOGIC))
def test_each_field_is_an_argument_of_its_step_logic(section: str) -> None:
    """pytest-bdd hands a step its fields by name: each is a parameter of the step's function."""
    for key in phrasebook()[section]:
        parameters = inspect.signature(STEP_LOGIC[section][key]).parameters
        missing = set(field_types(section, key)) - set(parameters)
        assert not missing, f"{section}.{key}: {sorted(missing)} not taken by {STEP_LOGIC[section][key].__name__}"
