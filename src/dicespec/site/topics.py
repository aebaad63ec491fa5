"""The topics of each game's rules page, read from the game's typed reference ruleset: for a
score-sheet game, the sheet, each of its rows (its label as title) and the sheet-level rules; for
a set-aside game, the turn, the combinations and the turn rules. Each topic has its definition
and its value under a ruleset, which the typed rulesets and their rule families give in words
(:meth:`dicespec.scoresheet.families.RowRule.describe`, the ``describe`` methods of
:mod:`dicespec.setaside.ruleset`): no number is written here.

Every title, definition and value is in the language the topics are built for (``topics_of(game,
lang)``); the sentences are the ``rules`` catalog's (``dicespec/catalogs/rules.yaml``), English
included.

A case belongs to the topic its ``@rule:`` tag names (:attr:`dicespec.spec.features.Case.rule`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from dicespec.registry import game as registered_game
from dicespec.rule_words import amount, capital, rule_words
from dicespec.rulesets import RulesetError, find_ruleset, prose
from dicespec.scoresheet.ruleset import FiveOfAKind, SheetRuleset
from dicespec.setaside.ruleset import SetAsideRuleset
from dicespec.site.markup import number_word
from dicespec.spec.features import Case
from dicespec.spec.glossary import glossary

Ruleset = Any  # a typed ruleset of the topic's game: SheetRuleset or SetAsideRuleset


@dataclass(frozen=True, slots=True)
class Topic:
    """One rule a rules page explains."""

    key: str  # its anchor, e.g. "large-straight"; what a case's @rule: tag names
    title: str
    define: Callable[[Ruleset], str]  # its definition, from the reference ruleset
    value: Callable[[Ruleset], str] | None = None  # its value under a ruleset, for the side-by-side
    gap_keys: tuple[str, ...] = ()  # the ruleset gaps (by key, first dotted part) about it


def _refused(lang: str) -> Topic:
    words = rule_words(lang)
    return Topic("refused", words["refused.title"], lambda r: words["refused.define"])


def row_label(ruleset: SheetRuleset, row_id: str, lang: str) -> str:
    """The label of a row of ``ruleset`` in ``lang``, as the ruleset's files give it
    (:func:`dicespec.rulesets.prose`); in English, and while a translation is missing, the
    ruleset's own label."""
    if lang != "en":
        try:
            translated = prose(ruleset.name, lang).rows.get(row_id)
        except RulesetError:  # not translated yet, or not a shipped ruleset
            translated = None
        if translated:
            return translated
    return ruleset.rows[row_id].label


def _in_sentence(label: str, lang: str) -> str:
    """A row's label inside a sentence: lower-case in English, as it is in the other languages
    (whose sentences quote it)."""
    return label.lower() if lang == "en" else label


def _count(n: int, lang: str) -> str:
    """A count of rows in a sentence: in words where English and French or German write it so
    (their words for 2 to 20 do not change with the noun), in digits in Polish, whose sentences
    put it where no noun follows, and for 0 or 1, which would agree with the noun."""
    if lang == "en" or (lang != "pl" and n >= 2):
        return number_word(n, lang)
    return str(n)


# -- a sheet of rows ----------------------------------------------------------------------------


def row_rules(ruleset: SheetRuleset, row_id: str, lang: str, kind: str) -> list[str]:
    """What a row does beyond its pattern, in sentences (``kind`` "define") or a few words ("value"):
    its first-roll points or win (one sentence for both), and the row it requires (the rules page
    and the scorer say it)."""
    words, row = rule_words(lang), ruleset.rows[row_id]
    found = []
    adds = amount(row.first_roll_adds, lang)
    if row.first_roll_adds and row.first_roll_wins:
        found.append(words.format(f"row.{kind}_first_roll_adds_and_wins", adds=adds))
    elif row.first_roll_adds:
        found.append(words.format(f"row.{kind}_first_roll_adds", adds=adds))
    elif row.first_roll_wins:
        found.append(words[f"row.{kind}_first_roll_wins"])
    if row.requires is not None:
        label = _in_sentence(row_label(ruleset, row.requires, lang), lang)
        found.append(words.format(f"row.{kind}_requires", label=label))
    return found


def _row_topic(reference: SheetRuleset, row_id: str, lang: str) -> Topic:
    def define(ruleset: SheetRuleset) -> str:
        return " ".join(
            [ruleset.rows[row_id].rule.describe(ruleset.dice, lang), *row_rules(ruleset, row_id, lang, "define")]
        )

    def value(ruleset: SheetRuleset) -> str:
        if row_id not in ruleset.rows:
            return rule_words(lang)["row.missing"]
        return ", ".join([ruleset.rows[row_id].rule.value(lang), *row_rules(ruleset, row_id, lang, "value")])

    return Topic(row_id.replace("_", "-"), row_label(reference, row_id, lang), define, value)


def _bonus_value(ruleset: SheetRuleset, lang: str) -> str:
    words = rule_words(lang)
    if ruleset.bonus_more_than is None:
        return words["bonus.none_value"]
    return words.format(
        "bonus.value", points=amount(ruleset.bonus_points, lang), more_than=amount(ruleset.bonus_more_than, lang)
    )


def _five_label(ruleset: SheetRuleset, five: FiveOfAKind, lang: str) -> str:
    return _in_sentence(row_label(ruleset, five.row, lang), lang)


def _extra_turns(ruleset: SheetRuleset, lang: str) -> str:
    words = rule_words(lang)
    five = ruleset.five_of_a_kind
    if five is None:
        return words["extra.no_five"]
    label = _five_label(ruleset, five, lang)
    if five.repeat_adds is None:
        adds = words["extra.adds_nothing"]
    else:
        key = "extra.adds_to_cell" if five.adds_to_cell else "extra.adds_to_line"
        adds = words.format(key, label=label, adds=amount(five.repeat_adds, lang), line=five.repeat_to)
    turns = words.format(f"extra.turns_{five.extra_turns}", label=label)
    return words.format("extra.define", adds=adds, turns=turns)


def _extra_turns_value(ruleset: SheetRuleset, lang: str) -> str:
    words = rule_words(lang)
    five = ruleset.five_of_a_kind
    if five is None:
        return words["extra.none_value"]
    if five.repeat_adds is None:
        adds = words["extra.value_adds_nothing"]
    else:
        key = "extra.value_adds" if five.adds_to_cell else "extra.value_adds_to"
        adds = words.format(key, adds=amount(five.repeat_adds, lang), line=five.repeat_to)
    return words.format("extra.value", adds=adds, turns=words[f"extra.value_turns_{five.extra_turns}"])


def sheet_topics(reference: SheetRuleset, lang: str = "en") -> tuple[Topic, ...]:
    """The topics of a score-sheet game in ``lang``, from its reference ruleset."""
    words = rule_words(lang)
    rows = reference.rows
    upper, lower = reference.upper_rows, reference.lower_rows
    not_scored = words["summary.not_scored"]
    summary = words["sheet.summary_bonus" if reference.bonus_more_than is not None else "sheet.summary"]
    topics = [
        Topic(
            "sheet",
            words["sheet.title"],
            lambda r: capital(
                words.format(
                    "sheet.define",
                    total=_count(len(rows), lang),
                    upper=_count(len(upper), lang),
                    lower=_count(len(lower), lang),
                    summary=summary,
                )
            ),
        )
    ]
    topics += [_row_topic(reference, row_id, lang) for row_id in rows]
    if reference.bonus_more_than is not None:
        topics.append(
            Topic(
                "bonus",
                words["bonus.title"],
                lambda r: (
                    words.format(
                        "bonus.define",
                        points=amount(r.bonus_points, lang),
                        upper=_count(len(r.upper_rows), lang),
                        more_than=amount(r.bonus_more_than, lang),
                    )
                    + " "
                    + not_scored
                ),
                lambda r: _bonus_value(r, lang),
                ("upper_bonus",),
            )
        )
    upper_key = "upper_total.define_bonus" if reference.bonus_more_than is not None else "upper_total.define"
    topics.append(
        Topic(
            "upper-total",
            words["upper_total.title"],
            lambda r: words.format(upper_key, upper=_count(len(r.upper_rows), lang)) + " " + not_scored,
        )
    )
    span = (
        {
            "first": _in_sentence(row_label(reference, lower[0], lang), lang),
            "last": _in_sentence(row_label(reference, lower[-1], lang), lang),
        }
        if lower
        else {}
    )
    lower_key = "lower_total.define_span" if lower else "lower_total.define"
    topics.append(
        Topic(
            "lower-total",
            words["lower_total.title"],
            lambda r: words.format(lower_key, lower=_count(len(r.lower_rows), lang), **span) + " " + not_scored,
        )
    )
    topics.append(
        Topic("grand-total", words["grand_total.title"], lambda r: words["grand_total.define"] + " " + not_scored)
    )
    topics.append(
        Topic(
            "turns",
            words["turns.title"],
            lambda r: words.format("turns.define", dice=r.dice, rerolls=r.rolls_per_turn - 1),
            lambda r: words.format("turns.value", dice=r.dice, rolls=r.rolls_per_turn),
            ("dice", "rolls_per_turn"),
        )
    )
    if reference.saved_rolls:
        topics.append(
            Topic(
                "saved-rolls",
                words["saved_rolls.title"],
                lambda r: words["saved_rolls.define"] if r.saved_rolls else words["saved_rolls.none"],
                lambda r: words["saved_rolls.value" if r.saved_rolls else "saved_rolls.none_value"],
                ("saved_rolls",),
            )
        )
    five = reference.five_of_a_kind
    if five is not None:
        topics.append(
            Topic(
                "extra-turns",
                words.format("extra.title", label=_five_label(reference, five, lang)),
                lambda r: _extra_turns(r, lang),
                lambda r: _extra_turns_value(r, lang),
                ("five_of_a_kind",),
            )
        )
    if reference.joker != "none":
        topics.append(
            Topic(
                "joker",
                words["joker.title"],
                lambda r: words[f"joker.{r.joker}"],
                lambda r: words[f"joker.value_{r.joker}"],
                ("joker",),
            )
        )
    topics.append(
        Topic(
            "players",
            words["players.title"],
            lambda r: words.format("players.define", min=r.min_players, max=r.max_players),
            lambda r: words.format("players.value", min=r.min_players, max=r.max_players),
            ("players", "winner"),
        )
    )
    topics.append(_refused(lang))
    return tuple(topics)


# -- dice set aside -----------------------------------------------------------------------------


def set_aside_topics(reference: SetAsideRuleset, lang: str = "en") -> tuple[Topic, ...]:
    """The topics of a set-aside game in ``lang`` (its reference ruleset gives the dice)."""
    words = rule_words(lang)
    return (
        Topic("turn", words["turn.title"], lambda r: words.format("turn.define", dice=r.dice), lambda r: str(r.dice)),
        Topic(
            "set-aside",
            words["set_aside.title"],
            lambda r: r.describe_set_aside(lang),
            lambda r: r.set_aside_value(lang),
            ("set_aside",),
        ),
        Topic(
            "singles",
            words["singles.title"],
            lambda r: r.describe_singles(lang),
            lambda r: r.singles_value(lang),
            ("singles",),
        ),
        Topic(
            "three-of-a-kind",
            words["three_of_a_kind.title"],
            lambda r: r.describe_three_of_a_kind(lang),
            lambda r: r.three_of_a_kind_value(lang),
            ("three_of_a_kind",),
        ),
        Topic(
            "more-of-a-kind",
            words["more.title"],
            lambda r: r.more_of_a_kind.describe(lang),
            lambda r: r.more_of_a_kind.value(lang),
            ("more_of_a_kind",),
        ),
        Topic(
            "straights",
            words["straights.title"],
            lambda r: r.describe_straights(lang),
            lambda r: r.straights_value(lang),
            ("straights",),
        ),
        Topic(
            "patterns",
            words["patterns.title"],
            lambda r: r.describe_patterns(lang),
            lambda r: r.patterns_value(lang),
            ("patterns",),
        ),
        Topic("farkle", words["farkle.title"], lambda r: words["farkle.define"], None, ("farkle",)),
        Topic(
            "farkle-penalty",
            words["farkle_penalty.title"],
            lambda r: r.describe_farkle_penalty(lang),
            lambda r: r.farkle_penalty_value(lang),
            ("farkle_penalty",),
        ),
        Topic(
            "hot-dice",
            words["hot_dice.title"],
            lambda r: r.describe_hot_dice(lang),
            lambda r: r.hot_dice_value(lang),
            ("hot_dice",),
        ),
        Topic(
            "entry", words["entry.title"], lambda r: r.describe_entry(lang), lambda r: r.entry_value(lang), ("entry",)
        ),
        Topic(
            "end", words["end.title"], lambda r: r.describe_end(lang), lambda r: r.end_value(lang), ("end", "winner")
        ),
        Topic(
            "instant-win",
            words["instant_win.title"],
            lambda r: r.describe_instant_win(lang),
            lambda r: r.instant_win_value(lang),
            ("instant_win",),
        ),
        Topic(
            "players",
            words["players.title_set_aside"],
            lambda r: words.format("players.define_set_aside", min=r.min_players, max=r.max_players),
            lambda r: words.format("players.value", min=r.min_players, max=r.max_players),
            ("players",),
        ),
        _refused(lang),
    )


TOPICS: dict[str, Callable[[Any, str], tuple[Topic, ...]]] = {
    "score-sheet": sheet_topics,
    "set-aside": set_aside_topics,
}
"""The topics of a rules page of each family of games, by family name."""


def topics_for(ruleset: Ruleset, lang: str = "en") -> tuple[Topic, ...]:
    """The topics of a page about ``ruleset`` (shipped, or a file of one's own) in ``lang``."""
    return TOPICS[registered_game(ruleset.game).family_name](ruleset, lang)


def topics_of(game: str, lang: str = "en") -> tuple[Topic, ...]:
    """The topics of a game's rules page in ``lang``, from its reference ruleset."""
    return topics_for(find_ruleset(registered_game(game).default_ruleset), lang)


def line_names(game: str, key: str) -> dict[str, str]:
    """The names the source texts give a line of the sheet, by language (from the spec's glossary)."""
    try:
        by_language = glossary()[game]
    except (KeyError, TypeError):
        return {}
    line = key.replace("-", "_")
    return {lang: names[line] for lang, names in by_language.items() if isinstance(names, dict) and line in names}


def topic_of(case: Case, topics: tuple[Topic, ...]) -> Topic | None:
    """The topic a case's ``@rule:`` tag names, if it names one of these."""
    return next((topic for topic in topics if topic.key == case.rule), None)


def gap_topic(key: str, topics: tuple[Topic, ...]) -> Topic | None:
    """The topic a ruleset gap (by its key) is about."""
    head = key.split(".")[0]
    return next((topic for topic in topics if head in topic.gap_keys), None)
