"""The rules in words, in every language: each topic of each game's rules page has a title, a
definition and a value under every shipped ruleset in en/fr/de/pl, read from the ``rules``
catalog; English reads exactly as it always has; the translations hold no English sentence. The
topics themselves (their keys, titles and order) are ``tests/site/test_topics.py``'s."""

from __future__ import annotations

import re

import pytest

from dicespec.catalog import LANGUAGES
from dicespec.registry import game_names
from dicespec.rulesets import find_ruleset, ruleset_names
from dicespec.scoresheet.families import Face, FullHouse, OfAKind, Pairs, Straight
from dicespec.scoresheet.ruleset import SheetRuleset
from dicespec.setaside.ruleset import Pattern, SetAsideRuleset
from dicespec.site.markup import number_word
from dicespec.site.topics import Topic, topics_of

GAMES = game_names()
TRANSLATIONS = [lang for lang in LANGUAGES if lang != "en"]


def texts(game: str, lang: str) -> list[tuple[str, str]]:
    """Every text a rules page shows for the game in ``lang``: (where, text)."""
    out = []
    for topic in topics_of(game, lang):
        out.append((f"{topic.key} title", topic.title))
        for name in ruleset_names(game):
            ruleset = find_ruleset(name)
            out.append((f"{topic.key} under {name}", topic.define(ruleset)))
            if topic.value is not None:
                out.append((f"{topic.key} value under {name}", topic.value(ruleset)))
    return out


def topic(game: str, key: str, lang: str = "en") -> Topic:
    return next(t for t in topics_of(game, lang) if t.key == key)


def value(game: str, key: str, ruleset: str, lang: str = "en") -> str:
    """The value of a topic under a ruleset."""
    chosen = topic(game, key, lang)
    assert chosen.value is not None, f"{game}: {key} has no value"
    return chosen.value(find_ruleset(ruleset))


def row_labels(game: str) -> list[str]:
    """The rows' labels of every ruleset of the game: data of the rulesets, English until the
    labels by language arrive, so not the catalog's words."""
    labels = set()
    for name in ruleset_names(game):
        ruleset = find_ruleset(name)
        if isinstance(ruleset, SheetRuleset):
            labels |= {row.label for row in ruleset.rows.values()}
    return sorted(labels, key=len, reverse=True)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_every_topic_has_a_title_a_definition_and_values(game: str, lang: str) -> None:
    for where, said in texts(game, lang):
        assert said.strip(), f"{game} in {lang}: {where} is empty"
        assert "{" not in said and "}" not in said, f"{game} in {lang}: {where} has a value left unfilled: {said!r}"


# -- English, as it always read ------------------------------------------------------------------

PINNED = [
    (
        "kiriki",
        "sheet",
        "kiriki",
        "define",
        "Thirteen rows a player fills, one per turn, each once: six upper rows and seven lower rows; and summary lines "
        "(the bonus and the totals) that no player scores in.",
    ),
    (
        "kiriki",
        "extra-turns",
        "kiriki",
        "define",
        "A five of a kind rolled when the kiriki row is already above 0 adds 50 to that row and fills no other; each "
        "kiriki after the first (the kiriki row already above 0) earns one more turn at the end.",
    ),
    ("kiriki", "extra-turns", "kiriki-fr", "value", "adds 50; a turn for each"),
    (
        "kiriki",
        "extra-turns",
        "kiriki-no-extra",
        "define",
        "A repeat five of a kind adds nothing beyond the row it is scored in; no kiriki earns an extra turn.",
    ),
    (
        "kiriki",
        "small-straight",
        "kiriki",
        "define",
        "30 points when 4 of the dice show consecutive faces (1-2-3-4, 2-3-4-5 or 3-4-5-6); 0 otherwise.",
    ),
    (
        "kiriki",
        "lower-total",
        "kiriki",
        "define",
        "The sum of the seven lower rows, 3 of a kind to chance. Not a row a player scores in.",
    ),
    ("yahtzee", "extra-turns", "yahtzee", "value", "adds 100 to yahtzee_bonus; no extra turn"),
    (
        "yahtzee",
        "joker",
        "yahtzee-free-joker",
        "define",
        "A five of a kind rolled once its row is filled (with points or 0) is a joker: it may go in any open row; it "
        "scores full value in the full house and the straights once the upper row of its face is filled, and as the "
        "dice are (0 there) before.",
    ),
    ("yahtzee", "bonus", "yahtzee", "value", "35 above 62"),
    (
        "yatzy",
        "two-pairs",
        "yatzy",
        "define",
        "The sum of the dice of the 2 highest pairs of different faces; 0 when there are not 2 such pairs.",
    ),
    (
        "yatzy",
        "three-of-a-kind",
        "yatzy",
        "define",
        "The sum of the 3 matching dice when at least 3 dice show the same face; 0 otherwise.",
    ),
    ("yatzy", "one-pair", "yatzy", "value", "sum of 1 pair"),
    (
        "yacht",
        "sheet",
        "yacht",
        "define",
        "Twelve rows a player fills, one per turn, each once: six upper rows and six lower rows; and summary lines "
        "(the totals) that no player scores in.",
    ),
    ("yacht", "little-straight", "yacht", "define", "30 points when the dice show 1-2-3-4-5; 0 otherwise."),
    ("yacht", "turns", "yacht", "value", "5 dice, 3 rolls a turn"),
    (
        "ten-thousand",
        "three-of-a-kind",
        "ten-thousand",
        "define",
        "Three dice of one face in one roll: three 1s 1000, three 2s 200, three 3s 300, three 4s 400, three 5s 500, "
        "three 6s 600.",
    ),
    ("ten-thousand", "singles", "farkle", "value", "1: 100, 5: 50"),
    (
        "ten-thousand",
        "more-of-a-kind",
        "farkle",
        "define",
        "Four or more dice of one face in one roll: fixed points whatever the face (four 1000, five 2000, six 3000).",
    ),
    ("ten-thousand", "more-of-a-kind", "farkle-linear", "value", "linear, up to 6 dice"),
    (
        "ten-thousand",
        "patterns",
        "farkle",
        "value",
        "three pairs scores 1500; four of a kind and a pair scores 1500; two triplets scores 2500",
    ),
    (
        "ten-thousand",
        "entry",
        "ten-thousand",
        "define",
        "A player's points start to count with a turn that banks at least 750. A player not yet on the board may bank "
        "less; that turn ends and scores nothing.",
    ),
    ("ten-thousand", "end", "ten-thousand", "value", "10000, no final round"),
    ("ten-thousand", "hot-dice", "ten-thousand", "value", "optional"),
    (
        "greed",
        "more-of-a-kind",
        "greed",
        "define",
        "Four or more dice of one face in one roll: no combination of their own: "
        "three of them score as three of a kind, and each other one as a single die, if its face scores alone.",
    ),
    (
        "greed",
        "set-aside",
        "greed",
        "define",
        "After each roll every scoring die is set aside, with no choice: the dice of the roll's best split into "
        "combinations; the player may roll only the dice that score nothing in it. A die counts once, and combinations "
        "count only within one roll.",
    ),
    ("greed", "end", "greed", "define", "The game ends when a bank reaches 3000, after a final round."),
    ("greed", "straights", "greed", "define", "One die of each face of a run, in one roll: no straight scores."),
    ("greed", "players", "greed", "value", "2 to 20"),
    (
        "ten-thousand",
        "farkle-penalty",
        "farkle-five-dice",
        "value",
        "3 in a row lose 500; may go below 0",
    ),
    ("ten-thousand", "farkle-penalty", "farkle", "value", "none"),
    ("ten-thousand", "instant-win", "farkle-five-dice", "value", "5 of a kind, first roll of a turn"),
    ("ten-thousand", "instant-win", "ten-thousand", "value", "none"),
    ("ten-thousand", "end", "ten-thousand-exact", "value", "10000, no final round, hit exactly"),
]


@pytest.mark.parametrize(
    ("game", "key", "ruleset", "part", "expected"),
    PINNED,
    ids=[f"{game}:{key}:{ruleset}:{part}" for game, key, ruleset, part, _ in PINNED],
)
def test_english_reads_as_it_always_did(game: str, key: str, ruleset: str, part: str, expected: str) -> None:
    said = topic(game, key).define(find_ruleset(ruleset)) if part == "define" else value(game, key, ruleset)
    assert said == expected


def test_the_engines_speak_english_unless_asked() -> None:
    assert OfAKind(4, "matching").describe(5) == (
        "The sum of the 4 matching dice when at least 4 dice show the same face; 0 otherwise."
    )
    assert (
        OfAKind(5, "matching").describe(5)
        == "The sum of the matching dice when all 5 dice show the same face; 0 otherwise."
    )
    assert Straight(6, None, 40).describe(6) == "40 points when 6 of the dice show consecutive faces; 0 otherwise."
    assert FullHouse("sum", True).value() == "sum of the dice, five of a kind counts"
    assert Face(3).value() == "sum of the 3s" and Pairs(3).value() == "sum of 3 pairs"
    assert Pattern("three pairs", (2, 2, 2), 1500).describe() == "three pairs scores 1500"
    assert [number_word(n) for n in (0, 5, 13, 20, 21)] == ["zero", "five", "thirteen", "twenty", "21"]


# -- the translations ----------------------------------------------------------------------------

# " a " is an English article, but also a French verb ("il y a") and a Polish conjunction ("a na
# dwóch..."): it is looked for in German only.
ENGLISH_WORDS = {
    "fr": (" the ", " and ", " of ", " is "),
    "de": (" the ", " and ", " of ", " is ", " a "),
    "pl": (" the ", " and ", " of ", " is "),
}


def english_words(said: str, lang: str, labels: list[str]) -> list[str]:
    """The English function words in a text, once the rows' labels (the rulesets' data, English
    until the labels by language arrive, not these sentences) are taken out."""
    for label in labels:
        said = said.replace(label, "«label»").replace(label.lower(), "«label»")
    padded = " " + re.sub(r"[(),.:;]", " ", said.lower()) + " "
    return [word for word in ENGLISH_WORDS[lang] if word in padded]


@pytest.mark.parametrize("lang", TRANSLATIONS)
@pytest.mark.parametrize("game", GAMES)
def test_no_english_in_the_translations(game: str, lang: str) -> None:
    labels = row_labels(game)
    for where, said in texts(game, lang):
        found = english_words(said, lang, labels)
        assert not found, f"{game} in {lang}: {where} reads English ({', '.join(found)}): {said!r}"


def test_the_english_words_check_finds_english() -> None:
    said = dict(texts("yahtzee", "en"))["extra-turns under yahtzee"]
    assert english_words(said, "de", row_labels("yahtzee")) == [" the ", " and ", " of ", " is ", " a "]
    assert english_words("la ligne « Three of a kind »", "fr", row_labels("yahtzee")) == []


@pytest.mark.parametrize("lang", TRANSLATIONS)
@pytest.mark.parametrize("game", GAMES)
def test_every_translated_sentence_differs_from_english(game: str, lang: str) -> None:
    english = dict(texts(game, "en"))
    labels = set(row_labels(game))
    for where, said in texts(game, lang):
        if said == english[where] and said not in labels:
            assert re.fullmatch(r"[\d\s:,;\-–.x]+|Farkle|Bonus|Joker", said), (
                f"{game} in {lang}: {where} is the English text: {said!r}"
            )


def test_translated_values_and_amounts() -> None:
    farkle, ten_thousand, greed = find_ruleset("farkle"), find_ruleset("ten-thousand"), find_ruleset("greed")
    assert isinstance(farkle, SetAsideRuleset) and isinstance(ten_thousand, SetAsideRuleset)
    assert ten_thousand.end_value("de") == "10.000, keine letzte Runde"
    assert ten_thousand.end_value("fr") == "10\u202f000, sans dernier tour"
    assert (
        farkle.patterns_value("fr")
        == "trois paires : 1\u202f500 ; un carré et une paire : 1\u202f500 ; deux brelans : 2\u202f500"
    )
    assert farkle.patterns_value("pl") == "trzy pary: 1\xa0500; kareta i para: 1\xa0500; dwie trójki: 2\xa0500"
    assert farkle.describe_three_of_a_kind("pl").endswith(
        "trzy jedynki: 1\xa0000, trzy dwójki: 200, trzy trójki: 300, "
        "trzy czwórki: 400, trzy piątki: 500, trzy szóstki: 600."
    )
    assert farkle.more_of_a_kind.value("de") == "vier Würfel: 1.000, fünf Würfel: 2.000, sechs Würfel: 3.000"
    assert greed.describe_hot_dice("de") == (
        "Wenn jeder Würfel des Zugs gepunktet hat, darf der Spieler alle 5 Würfel erneut werfen oder aufhören und "
        "seine Punkte aufschreiben."
    )
    assert value("ten-thousand", "hot-dice", "greed", "pl") == "dobrowolne"
    assert value("yahtzee", "joker", "yahtzee", "fr") == "imposé"


def test_counts_in_words_in_each_language() -> None:
    assert [number_word(13, lang) for lang in LANGUAGES] == ["thirteen", "treize", "dreizehn", "trzynaście"]
    assert number_word(21, "fr") == "21"
    assert (
        topic("yatzy", "sheet", "de")
        .define(find_ruleset("yatzy"))
        .startswith(
            "Fünfzehn Zeilen, die ein Spieler ausfüllt, eine pro Zug, jede einmal: sechs obere und neun untere Zeilen;"
        )
    )
    # Polish writes the counts in digits, where no noun has to agree with them
    assert (
        topic("yatzy", "sheet", "pl")
        .define(find_ruleset("yatzy"))
        .startswith(
            "Wiersze, które gracz wypełnia po jednym w turze, każdy tylko raz: "
            "15, w tym 6 w górnej części i 9 w dolnej;"
        )
    )


def test_a_row_a_ruleset_lacks_and_an_unnamed_pattern() -> None:
    assert value("yatzy", "one-pair", "yahtzee", "fr") == "pas de telle ligne"
    assert value("yatzy", "one-pair", "yahtzee") == "no such row"
    odd = Pattern("five of a kind and a single", (5, 1), 3000)
    assert odd.describe() == "five of a kind and a single scores 3000"
    assert odd.describe("de") == "Gruppen von 5+1 Würfeln verschiedener Augenzahl: 3.000"
    assert Pattern("three pairs", (2, 2, 2), 750).describe("pl") == "trzy pary: 750"


def test_an_unknown_language_is_named() -> None:
    with pytest.raises(LookupError, match="no language 'xx'"):
        topics_of("kiriki", "xx")


def test_the_new_rules_in_sentences() -> None:
    """A farkle penalty, an instant win and an exact end each read as one sentence, with or without
    a floor, on any roll or on a turn's first only."""
    from dataclasses import replace

    from dicespec.setaside.ruleset import FarklePenalty, InstantWin

    five = find_ruleset("farkle-five-dice")
    assert isinstance(five, SetAsideRuleset)
    assert five.describe_farkle_penalty() == (
        "A player who farkles 3 times in a row loses 500; the count then starts again. A score may go below 0."
    )
    floored = replace(five, farkle_penalty=FarklePenalty(2, 1000, 0), instant_win=InstantWin(6, False))
    assert floored.describe_farkle_penalty().endswith("A score does not go below 0.")
    assert floored.describe_instant_win() == "A roll of 6 dice of a kind wins the game at once, whatever the scores."
    assert five.describe_instant_win().startswith("The first roll of a turn showing 5 dice of a kind")
    exact = find_ruleset("ten-thousand-exact")
    assert isinstance(exact, SetAsideRuleset)
    assert exact.describe_end() == (
        "The game ends when a bank reaches 10000. A bank must hit 10000 exactly: one that would pass it scores nothing."
    )
    assert (
        find_ruleset("farkle").describe_farkle_penalty() == "Farkles in a row cost nothing beyond each turn's points."
    )  # type: ignore[union-attr]
