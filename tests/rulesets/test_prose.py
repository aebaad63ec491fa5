"""The prose of every ruleset and game in every language of the site: each title, description,
row label, gap choice and game summary is there in en, fr, de and pl; a child ruleset inherits its
parent's; a broken translation is refused in one line naming the file and the key; the
translations are prose, not rules (no trace covers them, the engines' data holds none)."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from dicespec import registry
from dicespec import rulesets as rulesets_module
from dicespec.catalog import LANGUAGES
from dicespec.registry import UntranslatedError, game_names, game_summary
from dicespec.rulesets import (
    RulesetError,
    RulesetProse,
    find_ruleset,
    load_ruleset,
    prose,
    ruleset_data,
    ruleset_names,
)
from dicespec.rulesets.paths import value_keys
from dicespec.rulesets.prose import MissingText, layered
from dicespec.spec.glossary import glossary
from dicespec.spec.trace import untraced
from dicespec.validation import check, schema
from helpers import assert_ruleset_refused

SHIPPED = ruleset_names()
CASES = [(name, lang) for name in SHIPPED for lang in LANGUAGES]
GAME_CASES = [(name, lang) for name in game_names() for lang in LANGUAGES]


def shipped_text(name: str) -> str:
    return resources.files("dicespec.rulesets").joinpath(f"{name}.yaml").read_text(encoding="utf-8")


# -- every shipped text in every language -----------------------------------------------------------


def _prose_or_skip(name: str, lang: str) -> RulesetProse:
    """The prose of ``name`` in ``lang``; a text it lacks skips the test: the game's one test of its
    translations (tests/test_registry.py) names every missing text and the file to write it in."""
    try:
        return prose(name, lang)
    except RulesetError:
        pytest.skip(f"{name} lacks a {lang} text: tests/test_registry.py names it")


@pytest.mark.parametrize(("name", "lang"), CASES, ids=[f"{n}:{lang}" for n, lang in CASES])
def test_every_ruleset_has_every_text_in_every_language(name: str, lang: str) -> None:
    """The title, description, a label for each row and a choice for each gap, in sheet and gap
    order (a text missing altogether is named, with the file to write it in, by
    tests/test_registry.py, once for the game)."""
    words = _prose_or_skip(name, lang)
    ruleset = find_ruleset(name)
    assert words.title.strip() and words.description.strip()
    assert list(words.rows) == list(getattr(ruleset, "rows", ()))
    assert all(label.strip() for label in words.rows.values())
    assert [key for key, _ in words.gaps] == [key for key, _ in ruleset.gaps]
    assert all(choice.strip() for _, choice in words.gaps)


@pytest.mark.parametrize(
    ("name", "lang"),
    [(n, lang) for n, lang in CASES if lang != "en"],
    ids=[f"{n}:{lang}" for n, lang in CASES if lang != "en"],
)
def test_no_sentence_is_left_in_english(name: str, lang: str) -> None:
    """A description or gap choice still in English is not translated (titles and labels may be
    names, the same in every language)."""
    english, words = _prose_or_skip(name, "en"), _prose_or_skip(name, lang)
    assert words.description != english.description
    same = [key for (key, choice), (_, original) in zip(words.gaps, english.gaps, strict=True) if choice == original]
    assert not same, f"{name}: the gaps on {', '.join(same)} are the same in {lang} as in English"


@pytest.mark.parametrize(("name", "lang"), GAME_CASES, ids=[f"{n}:{lang}" for n, lang in GAME_CASES])
def test_every_game_has_its_summary_in_every_language(name: str, lang: str) -> None:
    try:
        summary = game_summary(name, lang)
    except UntranslatedError:
        pytest.skip("no summary in this language: tests/test_registry.py names it")
    assert summary.strip() and "\n" not in summary
    assert (summary == registry.game(name).summary) == (lang == "en")


def test_the_english_prose_is_the_engines() -> None:
    """In English, each ruleset's prose is what its typed ruleset and its data say."""
    for name in SHIPPED:
        try:
            words = prose(name, "en")
        except RulesetError:
            continue  # named by tests/test_registry.py
        ruleset = find_ruleset(name)
        assert (words.title, words.description, words.gaps) == (ruleset.title, ruleset.description, ruleset.gaps)


@pytest.mark.parametrize("lang", ["fr", "de", "pl"])
def test_kiriki_labels_are_the_names_of_its_texts(lang: str) -> None:
    """Kiriki's rows are called what its French, German and Polish texts call them (the
    glossary), capitalised as a label."""
    names = glossary()["kiriki"][lang]
    for name in ruleset_names("kiriki"):
        for row, label in prose(name, lang).rows.items():
            assert label.casefold() == names[row].casefold(), (name, row, label)


def test_kiriki_fr_is_written_in_french() -> None:
    """kiriki-fr writes its prose in French and gives English in translations: its French title,
    labels and gaps are its own words; its English ones are what the engines and the command line
    show, unchanged."""
    assert yaml.safe_load(shipped_text("kiriki-fr"))["language"] == "fr"
    french, english = prose("kiriki-fr", "fr"), prose("kiriki-fr", "en")
    assert french.rows["full_house"] == "full" and english.rows["full_house"] == "Full House"
    assert french.title == "Kiriki, le texte français à la lettre"
    assert english.title == find_ruleset("kiriki-fr").title == ruleset_data("kiriki-fr")["title"]
    assert english.title == "Kiriki, French text as written"
    assert dict(french.gaps)["joker"].startswith("Pas de joker")
    assert ruleset_data("kiriki-fr")["rows"]["full_house"]["label"] == "full"  # a value its text names


# -- inheritance ------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_child_inherits_its_parents_translations(lang: str) -> None:
    """kiriki-no-extra writes no rows: its labels in each language are kiriki's; the gaps it does
    not replace are kiriki's, word for word, and its own come after them."""
    parent, child = prose("kiriki", lang), prose("kiriki-no-extra", lang)
    assert child.rows == parent.rows
    inherited = dict(parent.gaps)
    own = {"five_of_a_kind.repeat", "five_of_a_kind.extra_turns"}
    for key, choice in child.gaps:
        if key not in own:
            assert choice == inherited[key], key
    assert [key for key, _ in child.gaps][-2:] == ["five_of_a_kind.repeat", "five_of_a_kind.extra_turns"]
    assert child.title != parent.title and child.description != parent.description


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_child_in_another_language_inherits_too(lang: str) -> None:
    """kiriki-fr (written in French) relabels seven rows: the other six keep kiriki's labels in
    every language, and its inherited gap on the full house is replaced by its own."""
    parent, child = prose("kiriki", lang), prose("kiriki-fr", lang)
    for row in ("ones", "twos", "threes", "fours", "fives", "sixes"):
        assert child.rows[row] == parent.rows[row]
    assert (
        dict(child.gaps)["rows.full_house.five_of_a_kind_counts"]
        != dict(parent.gaps)["rows.full_house.five_of_a_kind_counts"]
    )


def test_yahtzee_free_joker_inherits_the_publishers_rows_and_gaps() -> None:
    for lang in LANGUAGES:
        parent, child = prose("yahtzee", lang), prose("yahtzee-free-joker", lang)
        assert child.rows == parent.rows
        assert dict(child.gaps)["players"] == dict(parent.gaps)["players"]
        assert dict(child.gaps)["joker"] != dict(parent.gaps)["joker"]


PARENT = """
title: Parent
description: The parent.
rows:
  ones: {label: Ones}
  twos: {label: Twos}
translations:
  fr: {title: Parent fr, description: Le parent., rows: {ones: Un, twos: Deux}}
gaps:
  - key: dice
    choice: Five.
    translations: {fr: Cinq.}
  - key: joker
    choice: None.
    translations: {fr: Aucun.}
"""


def layers(*texts: str) -> list[dict[str, Any]]:
    return [yaml.safe_load(text) for text in texts]


def test_what_a_child_writes_it_must_translate() -> None:
    """A title, label or gap the child writes replaces the parent's in every language: without
    its translation the text is missing (and names its key), not silently the parent's."""
    child = "rows:\n  twos: {label: Deuces}\ngaps:\n  - key: joker\n    choice: Forced.\n"
    with pytest.raises(MissingText) as missing:
        layered(layers(PARENT, child), "fr", ["ones", "twos"])
    assert (missing.value.key, missing.value.layer) == ("translations.fr.rows.twos", 1)
    translated = (
        child.replace("    choice: Forced.\n", "    choice: Forced.\n    translations: {fr: Imposé.}\n")
        + "translations: {fr: {rows: {twos: Deux bis}}}\n"
    )
    words = layered(layers(PARENT, translated), "fr", ["ones", "twos"])
    assert words == RulesetProse("Parent fr", "Le parent.", words.rows, (("dice", "Cinq."), ("joker", "Imposé.")))
    assert dict(words.rows) == {"ones": "Un", "twos": "Deux bis"}
    english = layered(layers(PARENT, translated), "en", ["ones", "twos"])
    assert (english.title, dict(english.rows), english.gaps) == (
        "Parent",
        {"ones": "Ones", "twos": "Deuces"},
        (("dice", "Five."), ("joker", "Forced.")),
    )


def test_a_child_written_in_another_language() -> None:
    """A child in French over an English parent: its own words are the French; English comes from
    its translations; what it does not write is the parent's in both."""
    child = (
        "language: fr\ntitle: Enfant\ndescription: L'enfant.\n"
        "translations: {en: {title: Child, description: The child.}}\n"
    )
    french = layered(layers(PARENT, child), "fr", ["ones", "twos"])
    english = layered(layers(PARENT, child), "en", ["ones", "twos"])
    assert (french.title, dict(french.rows), french.gaps[0]) == (
        "Enfant",
        {"ones": "Un", "twos": "Deux"},
        ("dice", "Cinq."),
    )
    assert (english.title, dict(english.rows), english.gaps[0]) == (
        "Child",
        {"ones": "Ones", "twos": "Twos"},
        ("dice", "Five."),
    )


# -- asking for what is not there -------------------------------------------------------------------


def test_a_language_the_site_lacks_is_named() -> None:
    with pytest.raises(
        RulesetError, match=r"^ruleset 'yatzy': the site has no language 'es' \(it has en, fr, de, pl\)$"
    ):
        prose("yatzy", "es")
    with pytest.raises(UntranslatedError, match=r"^game 'yatzy': the site has no language 'es'"):
        game_summary("yatzy", "es")


def test_a_missing_translation_names_ruleset_language_and_key(monkeypatch: pytest.MonkeyPatch) -> None:
    """A ruleset whose file lacks a translation: one line naming the ruleset, the language and
    the key, and the file it belongs in when that is a parent's."""
    chain = rulesets_module._shipped_chain("kiriki-no-extra")
    (root_path, root), (child_path, child) = chain
    root = json.loads(json.dumps(root))
    del root["translations"]["de"]["rows"]["chance"]
    monkeypatch.setattr(rulesets_module, "_shipped_chain", lambda name: ((root_path, root), (child_path, child)))
    with pytest.raises(RulesetError) as error:
        prose("kiriki-no-extra", "de")
    assert str(error.value) == (
        "ruleset 'kiriki-no-extra' has no de text for translations.de.rows.chance (in kiriki.yaml, which it extends)"
    )
    child = json.loads(json.dumps(child))
    del child["gaps"][1]["translations"]["pl"]
    monkeypatch.setattr(rulesets_module, "_shipped_chain", lambda name: (chain[0], (child_path, child)))
    with pytest.raises(RulesetError) as error:
        prose("kiriki-no-extra", "pl")
    assert str(error.value) == (
        "ruleset 'kiriki-no-extra' has no pl text for gaps.1.translations.pl (the gap on five_of_a_kind.extra_turns)"
    )


def test_a_missing_game_summary_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_summaries", lambda: {"yatzy": {"en": "Yatzy."}})
    with pytest.raises(UntranslatedError) as error:
        game_summary("yatzy", "de")
    assert str(error.value) == "game 'yatzy' has no de text for translations.de.summary in dicespec/games.yaml"


# -- broken translation blocks of one's own ----------------------------------------------------------

BROKEN = {
    "unknown_language": (
        "extends: kiriki\ntranslations: {es: {title: Mío}}\n",
        ["translations.es: {'title': 'Mío'}: unknown key; known keys: en, fr, de, pl"],
    ),
    "own_language": (
        "extends: kiriki\ntranslations: {en: {title: Mine}}\n",
        ["translations.en: the file is written in en (language: en)", "fr, de, pl"],
    ),
    "own_language_fr": (
        "extends: kiriki\nlanguage: fr\ntitle: À moi\ntranslations: {fr: {title: À moi}}\n",
        ["translations.fr: the file is written in fr (language: fr)", "en, de, pl"],
    ),
    "language_not_of_the_site": ("extends: kiriki\nlanguage: es\n", ["language: 'es'", "is not one of"]),
    "row_the_ruleset_lacks": (
        "extends: kiriki\ntranslations: {fr: {rows: {yahtzee: Yahtzee}}}\n",
        ["translations.fr.rows.yahtzee: 'Yahtzee': not a row of the ruleset (ones, twos"],
    ),
    "rows_of_a_set_aside_ruleset": (
        "extends: ten-thousand\ntranslations: {fr: {rows: {ones: Un}}}\n",
        ["translations.fr.rows: {'ones': 'Un'}: unknown key; known keys: title, description"],
    ),
    "unknown_translated_key": (
        "extends: kiriki\ntranslations: {de: {summary: Meins}}\n",
        ["translations.de.summary: 'Meins': unknown key; known keys: title, description, rows"],
    ),
    "empty_text": ("extends: kiriki\ntranslations: {de: {title: ''}}\n", ["translations.de.title: '': is empty"]),
    "blank_label": (
        "extends: kiriki\ntranslations: {pl: {rows: {ones: ' '}}}\n",
        ["translations.pl.rows.ones: ' ': does not match"],
    ),
    "label_not_text": (
        "extends: kiriki\ntranslations: {pl: {rows: {ones: 1}}}\n",
        ["translations.pl.rows.ones: 1: 1 is not of type 'string'"],
    ),
    "translations_not_a_mapping": (
        "extends: kiriki\ntranslations: [fr, de]\n",
        ["translations: ['fr', 'de']", "is not of type 'object'"],
    ),
    "gap_translation_not_text": (
        "extends: kiriki\ngaps:\n  - key: joker\n    choice: None.\n    translations: {fr: [Aucun]}\n",
        ["translations.fr: ['Aucun']", "is not of type 'string'"],
    ),
    "gap_translation_language": (
        "extends: kiriki\ngaps:\n  - key: joker\n    choice: None.\n    translations: {xx: Rien}\n",
        ["translations.xx: 'Rien': unknown key; known keys: en, fr, de, pl"],
    ),
    "gap_in_own_language": (
        "extends: kiriki\ngaps:\n  - key: joker\n    choice: None.\n    translations: {en: None.}\n",
        ["gaps.0.translations.en: the gap on joker is written in en (language: en)"],
    ),
    "translation_written_twice": (
        "extends: kiriki\ntranslations:\n  fr:\n    title: A\n    title: B\n",
        ["line 5", "the key 'title' is written twice"],
    ),
}


@pytest.mark.parametrize("case", BROKEN)
def test_a_broken_translation_block_is_refused(tmp_path: Path, case: str) -> None:
    """A ruleset file with a bad translation block is a RulesetError naming the file and the key
    (or the line), in one line."""
    assert_ruleset_refused(tmp_path, case, *BROKEN[case])


def test_a_file_of_ones_own_may_translate_or_not(tmp_path: Path) -> None:
    """Translations are optional in a file of one's own; a file in French with its English gives
    English to the engines, one without gives its own words."""
    path = tmp_path / "mine.yaml"
    path.write_text(
        "extends: kiriki\nname: mine\nlanguage: fr\ntitle: À moi\ntranslations: {en: {title: Mine}}\n", encoding="utf-8"
    )
    assert load_ruleset(path).title == "Mine"
    path.write_text("extends: kiriki\nname: mine\nlanguage: fr\ntitle: À moi\n", encoding="utf-8")
    assert load_ruleset(path).title == "À moi"


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        (
            lambda g: g["translations"].update(en={"summary": "Yatzy."}),
            "translations.en: {'summary': 'Yatzy.'}: unknown key; known keys: fr, de, pl",
        ),
        (lambda g: g["translations"]["de"].pop("summary"), "translations.de.summary: missing"),
        (
            lambda g: g["translations"]["pl"].update(title="Yatzy"),
            "translations.pl.title: 'Yatzy': unknown key; known keys: summary",
        ),
    ],
)
def test_a_broken_game_translation_is_refused(tmp_path: Path, change: Any, fragment: str) -> None:
    entries = yaml.safe_load(resources.files("dicespec").joinpath("games.yaml").read_text(encoding="utf-8"))
    change(entries[3])
    path = tmp_path / "games.yaml"
    with pytest.raises(ValueError) as caught:
        check(entries, "games", path)
    message = str(caught.value)
    assert message.startswith(f"{path}: 3.") and "\n" not in message
    assert fragment in message, message


# -- prose, not rules --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", SHIPPED)
def test_translations_are_not_rule_values(name: str) -> None:
    """No translation is a value a trace must cover, nor in the data the engines and the
    JavaScript implementation read."""
    written = yaml.safe_load(shipped_text(name))
    assert not [path for path in value_keys(written) if path.split(".")[0] in ("translations", "language")]
    data = ruleset_data(name)
    assert "translations" not in data and "language" not in data
    assert all(set(gap) == {"key", "choice"} for gap in data["gaps"])
    assert untraced({**data, "translations": written.get("translations"), "language": "fr"}) == untraced(data)


def test_the_translation_schema_is_strict_and_knows_the_sites_languages() -> None:
    found = schema("translations")
    jsonschema.Draft202012Validator.check_schema(found)
    text = json.dumps(found)
    assert '"additionalProperties": false' in text and '"additionalProperties": true' not in text
    assert tuple(found["$defs"]["language"]["enum"]) == LANGUAGES
    assert tuple(found["$defs"]["gap"]["properties"]) == LANGUAGES
    assert tuple(found["$defs"]["game"]["properties"]) == LANGUAGES[1:]
