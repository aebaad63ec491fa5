"""The topics of each game's rules page, read from the game's typed reference ruleset: for a
score-sheet game, the sheet, each of its rows (its label as title) and the sheet-level rules; for
a set-aside game, the turn, the combinations and the turn rules. Each topic has its definition
and its value under a ruleset, which the typed rulesets and their rule families give in words
(:meth:`dicespec.scoresheet.families.RowRule.describe`, the ``describe`` methods of
:mod:`dicespec.setaside.ruleset`): no number is written here.

A case belongs to the topic its ``@rule:`` tag names (:attr:`dicespec.spec.features.Case.rule`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from dicespec.registry import game as registered_game
from dicespec.rulesets import find_ruleset
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


REFUSED = Topic("refused", "Refused actions",
                lambda r: ("An action the rules do not allow is refused, and the game stays as it was: the "
                           "examples name the action and the reason."))


def _capital(words: str) -> str:
    return words[:1].upper() + words[1:]


# -- a sheet of rows ----------------------------------------------------------------------------

def _row_topic(row_id: str, label: str) -> Topic:
    def define(ruleset: SheetRuleset) -> str:
        return ruleset.rows[row_id].rule.describe(ruleset.dice)

    def value(ruleset: SheetRuleset) -> str:
        return ruleset.rows[row_id].rule.value() if row_id in ruleset.rows else "no such row"

    return Topic(row_id.replace("_", "-"), label, define, value)


def _bonus_value(ruleset: SheetRuleset) -> str:
    if ruleset.bonus_more_than is None:
        return "none"
    return f"{ruleset.bonus_points} above {ruleset.bonus_more_than}"


def _five_label(ruleset: SheetRuleset, five: FiveOfAKind) -> str:
    return ruleset.rows[five.row].label.lower()


def _extra_turns(ruleset: SheetRuleset) -> str:
    five = ruleset.five_of_a_kind
    if five is None:
        return "A five of a kind scores in its row like any roll; it earns no extra turn."
    label = _five_label(ruleset, five)
    if five.repeat_adds is None:
        adds = "A repeat five of a kind adds nothing beyond the row it is scored in"
    elif five.adds_to_cell:
        adds = (f"A five of a kind rolled when the {label} row is already above 0 adds {five.repeat_adds} to "
                "that row and fills no other")
    else:
        adds = (f"A five of a kind rolled when the {label} row is already above 0 adds {five.repeat_adds} to "
                f"the line {five.repeat_to}, and is scored in a row as well")
    meaning = {
        "repeat": f"each {label} after the first (the {label} row already above 0) earns one more turn at the end",
        "every": f"every {label}, the first one too, earns one more turn at the end",
        "none": f"no {label} earns an extra turn",
    }[five.extra_turns]
    return f"{adds}; {meaning}."


def _extra_turns_value(ruleset: SheetRuleset) -> str:
    five = ruleset.five_of_a_kind
    if five is None:
        return "none"
    adds = ("adds nothing" if five.repeat_adds is None
            else f"adds {five.repeat_adds}" + ("" if five.adds_to_cell else f" to {five.repeat_to}"))
    turns = {"repeat": "a turn per repeat", "every": "a turn for each", "none": "no extra turn"}[five.extra_turns]
    return f"{adds}; {turns}"


_JOKERS = {
    "none": "A five of a kind is no joker: it scores in the row chosen as any roll does.",
    "forced": ("A five of a kind rolled once its row is filled (with points or 0) is a joker, placed as the "
               "printed Yahtzee rule says: in the upper row of its face if that is open; else in any open lower "
               "row, at full value (the full house's and the straights' points); else as a 0 in an open upper row."),
    "free": ("A five of a kind rolled once its row is filled (with points or 0) is a joker: it may go in any open "
             "row; it scores full value in the full house and the straights once the upper row of its face is "
             "filled, and as the dice are (0 there) before."),
}


def sheet_topics(reference: SheetRuleset) -> tuple[Topic, ...]:
    """The topics of a score-sheet game, from its reference ruleset."""
    rows = reference.rows
    upper, lower = reference.upper_rows, reference.lower_rows
    summary = "the bonus and the totals" if reference.bonus_more_than is not None else "the totals"
    topics = [Topic("sheet", "The score sheet", lambda r: (
        f"{_capital(number_word(len(rows)))} rows a player fills, one per turn, each once: "
        f"{number_word(len(upper))} upper rows and {number_word(len(lower))} lower rows; and summary lines "
        f"({summary}) that no player scores in."))]
    topics += [_row_topic(row.id, row.label) for row in rows.values()]
    if reference.bonus_more_than is not None:
        topics.append(Topic("bonus", "Bonus", lambda r: (
            f"{r.bonus_points} extra points when the {number_word(len(r.upper_rows))} upper rows add up to "
            f"more than {r.bonus_more_than}. Not a row a player scores in."), _bonus_value, ("upper_bonus",)))
    bonus = " and the bonus" if reference.bonus_more_than is not None else ""
    topics.append(Topic("upper-total", "Upper total", lambda r: (
        f"The sum of the {number_word(len(r.upper_rows))} upper rows{bonus}. Not a row a player scores in.")))
    span = f", {rows[lower[0]].label.lower()} to {rows[lower[-1]].label.lower()}" if lower else ""
    topics.append(Topic("lower-total", "Lower total", lambda r: (
        f"The sum of the {number_word(len(r.lower_rows))} lower rows{span}. Not a row a player scores in.")))
    topics.append(Topic("grand-total", "Grand total",
                        lambda r: "The upper total plus the lower total. Not a row a player scores in."))
    topics.append(Topic("turns", "Turns and rolls", lambda r: (
        f"A turn is one roll of the {r.dice} dice and up to {r.rolls_per_turn - 1} rerolls of any of them; "
        "then the player fills one empty row with the dice shown."),
        lambda r: f"{r.dice} dice, {r.rolls_per_turn} rolls a turn", ("dice", "rolls_per_turn")))
    five = reference.five_of_a_kind
    if five is not None:
        topics.append(Topic("extra-turns", f"Repeat {_five_label(reference, five)}s and extra turns",
                            _extra_turns, _extra_turns_value, ("five_of_a_kind",)))
    if reference.joker != "none":
        topics.append(Topic("joker", "The joker", lambda r: _JOKERS[r.joker], lambda r: r.joker, ("joker",)))
    topics.append(Topic("players", "Players and the winner", lambda r: (
        f"{r.min_players} to {r.max_players} players; the game ends when every player has filled every row; "
        "the winner is decided as the ruleset says."),
        lambda r: f"{r.min_players} to {r.max_players}", ("players", "winner")))
    topics.append(REFUSED)
    return tuple(topics)


# -- dice set aside -----------------------------------------------------------------------------

def set_aside_topics(reference: SetAsideRuleset) -> tuple[Topic, ...]:
    """The topics of a set-aside game (its reference ruleset gives the dice)."""
    return (
        Topic("turn", "The turn", lambda r: (
            f"A turn starts with all {r.dice} dice. After each roll the player sets aside scoring dice, then "
            "rolls the rest or stops and banks the turn's points."), lambda r: str(r.dice)),
        Topic("set-aside", "Setting dice aside", lambda r: r.describe_set_aside(), lambda r: r.set_aside_value(),
              ("set_aside",)),
        Topic("singles", "Single dice", lambda r: r.describe_singles(), lambda r: r.singles_value(), ("singles",)),
        Topic("three-of-a-kind", "Three of a kind", lambda r: r.describe_three_of_a_kind(),
              lambda r: r.three_of_a_kind_value(), ("three_of_a_kind",)),
        Topic("more-of-a-kind", "Four, five and six of a kind", lambda r: r.more_of_a_kind.describe(),
              lambda r: r.more_of_a_kind.value(), ("more_of_a_kind",)),
        Topic("straights", "Straights", lambda r: r.describe_straights(),
              lambda r: "; ".join(s.describe() for s in r.straights) or "none", ("straights",)),
        Topic("patterns", "Patterns", lambda r: r.describe_patterns(),
              lambda r: "; ".join(p.describe() for p in r.patterns) or "none", ("patterns",)),
        Topic("farkle", "Farkle", lambda r: "A roll in which no die scores ends the turn.", None, ("farkle",)),
        Topic("hot-dice", "Hot dice", lambda r: r.describe_hot_dice(), lambda r: str(r.hot_dice), ("hot_dice",)),
        Topic("entry", "Getting on the board", lambda r: r.describe_entry(), lambda r: r.entry_value(), ("entry",)),
        Topic("end", "The end of the game", lambda r: r.describe_end(), lambda r: r.end_value(), ("end", "winner")),
        Topic("players", "Players", lambda r: f"{r.min_players} to {r.max_players} players.",
              lambda r: f"{r.min_players} to {r.max_players}", ("players",)),
        REFUSED,
    )


def topics_of(game: str) -> tuple[Topic, ...]:
    """The topics of a game's rules page, from its reference ruleset."""
    reference = find_ruleset(registered_game(game).default_ruleset)
    if isinstance(reference, SheetRuleset):
        return sheet_topics(reference)
    return set_aside_topics(reference)


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
