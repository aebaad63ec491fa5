"""The topics of each game's rules page: the rows of the Kiriki sheet, the combinations and
turn rules of 10000; for each, its definition and its value under a ruleset, read from the
ruleset's data (no number is written here), and which cases belong to it.

A case belongs to the line of the sheet its example names (in any language, through the spec's
glossary), else to the topic whose slug its id names (``kiriki-fr-large-straight-2`` is about
the large straight): ids are stable and name their subject by convention. The longest match
wins; a case that names no topic is listed under "Other rules".
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from dicespec.spec.features import Case
from dicespec.spec.glossary import UnknownLineNameError, glossary, line_id

Data = Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Topic:
    """One rule a rules page explains."""

    key: str  # its anchor, e.g. "large-straight"
    title: str
    match: tuple[str, ...]  # id slugs that name it
    define: Callable[[Data], str]  # its definition, from the reference ruleset's data
    value: Callable[[Data], str] | None = None  # its value under a ruleset, for the side-by-side
    gap_keys: tuple[str, ...] = ()  # the ruleset gaps (by key, first dotted part) about it


def dig(data: Data, dotted: str) -> Any:
    """The value at a dotted key path, ``None`` where there is none."""
    value: Any = data
    for part in dotted.split("."):
        if not isinstance(value, Mapping) or part not in value:
            return None
        value = value[part]
    return value


def compact(value: Any) -> str:
    """A ruleset value in one short line: ``{faces: [1, 2, 3, 4, 5], points: 1250}``."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{key}: {compact(item)}" for key, item in value.items()) + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(compact(item) for item in value) + "]"
    if value is None:
        return "none"
    return str(value)


def _keys(*dotted: str) -> Callable[[Data], str]:
    def value(data: Data) -> str:
        shown = [(key, dig(data, key)) for key in dotted]
        if len(shown) == 1:
            return compact(shown[0][1])
        return "; ".join(f"{key}: {compact(item)}" for key, item in shown)

    return value


# -- Kiriki --------------------------------------------------------------------------------

_FACE_WORDS = {1: "1", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6"}
_STRAIGHT_EXAMPLES = {4: "1-2-3-4, 2-3-4-5 or 3-4-5-6", 5: "1-2-3-4-5 or 2-3-4-5-6"}


def _row_value(row: str) -> Callable[[Data], str]:
    def value(data: Data) -> str:
        rule = dig(data, f"rows.{row}") or {}
        points = rule.get("points", "sum")
        match rule.get("rule"):
            case "face":
                return f"sum of the {rule.get('face')}s"
            case "chance":
                return "sum of the dice"
            case "full_house":
                extra = ", five of a kind counts" if rule.get("five_of_a_kind_counts") else ""
                return f"{points}{extra}"
        return "sum of the dice" if points == "sum" else str(points)

    return value


def _row_definition(row: str) -> Callable[[Data], str]:
    def define(data: Data) -> str:
        rule = dig(data, f"rows.{row}") or {}
        dice = data.get("dice")
        points = rule.get("points", "sum")
        match rule.get("rule"):
            case "face":
                return f"The sum of the dice that show {_FACE_WORDS.get(rule.get('face'), rule.get('face'))}; 0 when none does."
            case "chance":
                return f"The sum of all {dice} dice, whatever they show."
            case "of_a_kind" if points == "sum":
                return (f"The sum of all {dice} dice when at least {rule.get('at_least')} of them show the "
                        "same face; 0 otherwise.")
            case "of_a_kind" if rule.get("at_least") == dice:
                return f"{points} points when all {dice} dice show the same face; 0 otherwise."
            case "of_a_kind":
                return f"{points} points when at least {rule.get('at_least')} dice show the same face; 0 otherwise."
            case "full_house":
                five = ("Five of a kind counts as a full house." if rule.get("five_of_a_kind_counts")
                        else "Five of a kind is not a full house.")
                return f"{points} points when three dice show one face and the other two another face. {five}"
            case "straight":
                length = rule.get("length")
                examples = _STRAIGHT_EXAMPLES.get(length, "")
                return (f"{points} points when {length} of the dice show consecutive faces"
                        f"{f' ({examples})' if examples else ''}; 0 otherwise.")
        return "See the ruleset."

    return define


_ROWS = (
    ("ones", "Ones"), ("twos", "Twos"), ("threes", "Threes"), ("fours", "Fours"), ("fives", "Fives"),
    ("sixes", "Sixes"), ("three_of_a_kind", "Three of a kind"), ("four_of_a_kind", "Four of a kind"),
    ("full_house", "Full house"), ("small_straight", "Small straight"), ("large_straight", "Large straight"),
    ("kiriki", "Kiriki"), ("chance", "Chance"),
)


def _bonus(data: Data) -> str:
    bonus = data.get("upper_bonus") or {}
    return (f"{bonus.get('points')} extra points when the six upper rows add up to more than "
            f"{bonus.get('more_than')}. Not a row a player scores in.")


def _extra_turns(data: Data) -> str:
    adds = dig(data, "repeat_kiriki.adds")
    meaning = {
        "repeat_kirikis": "each kiriki after the first (the kiriki row already above 0) earns one more turn at the end",
        "every_kiriki": "every kiriki, the first one too, earns one more turn at the end",
        "none": "no kiriki earns an extra turn",
    }.get(data.get("extra_turns"), str(data.get("extra_turns")))
    return (f"A five of a kind rolled when the kiriki row is already above 0 adds {adds} to that row and "
            f"fills no other; {meaning}.")


KIRIKI_TOPICS: tuple[Topic, ...] = (
    Topic("sheet", "The score sheet", ("sheet", "sheet-lines", "lines"),
          lambda d: ("Thirteen rows a player fills, one per turn, each once: six upper rows and seven lower "
                     "rows; and summary lines (the bonus and the totals) that no player scores in.")),
    *(Topic(row.replace("_", "-"), title, (row.replace("_", "-"),), _row_definition(row), _row_value(row))
      for row, title in _ROWS),
    Topic("bonus", "Bonus", ("bonus", "upper-bonus"), _bonus,
          lambda d: f"{dig(d, 'upper_bonus.points')} above {dig(d, 'upper_bonus.more_than')}"),
    Topic("upper-total", "Upper total", ("upper-total",),
          lambda d: "The sum of the six upper rows and the bonus. Not a row a player scores in."),
    Topic("lower-total", "Lower total", ("lower-total",),
          lambda d: "The sum of the seven lower rows, three of a kind to chance. Not a row a player scores in."),
    Topic("grand-total", "Grand total", ("grand-total",),
          lambda d: "The upper total plus the lower total. Not a row a player scores in."),
    Topic("turns", "Turns and rolls", ("turn", "turns", "roll", "rolls", "reroll", "rerolls", "rules"),
          lambda d: (f"A turn is one roll of the {d.get('dice')} dice and up to {int(d.get('rolls_per_turn', 1)) - 1} "
                     "rerolls of any of them; then the player fills one empty row with the dice shown."),
          _keys("dice", "rolls_per_turn")),
    Topic("extra-turns", "Repeat kirikis and extra turns",
          ("extra-turn", "extra-turns", "repeat-kiriki", "repeat-kirikis"), _extra_turns,
          _keys("extra_turns", "repeat_kiriki.adds"), ("extra_turns",)),
    Topic("players", "Players and the winner", ("players", "player", "winner", "game-over", "end"),
          lambda d: (f"{dig(d, 'players.min')} to {dig(d, 'players.max')} players; the game ends when every "
                     "player has filled every row; the winner is decided as the ruleset says."),
          _keys("players", "winner"), ("players", "winner")),
    Topic("refused", "Refused actions", ("illegal", "refused", "rejected"),
          lambda d: ("An action the rules do not allow is refused, and the game stays as it was: the "
                     "examples name the action and the reason.")),
)


# -- 10000 ---------------------------------------------------------------------------------

def _singles(data: Data) -> str:
    scoring = [f"a {face} scores {points}" for face, points in enumerate(data.get("singles") or [], 1) if points]
    return "One die alone: " + (", ".join(scoring) or "none scores") + "; any other face scores nothing alone."


def _three(data: Data) -> str:
    values = ", ".join(f"three {face}s {points}" for face, points in enumerate(data.get("three_of_a_kind") or [], 1))
    return f"Three dice of one face in one roll: {values}."


def _more(data: Data) -> str:
    more = data.get("more_of_a_kind") or {}
    if more.get("rule") == "doubling":
        return ("Four or more dice of one face in one roll: each die past the third doubles the three of a "
                f"kind (four: x2, five: x4, ...), up to {more.get('largest')} dice.")
    return f"Four or more dice of one face in one roll: fixed points, {compact(more.get('points'))}."


def _straights(data: Data) -> str:
    shown = [f"{'-'.join(map(str, s.get('faces', [])))} scores {s.get('points')}" for s in data.get("straights") or []]
    return "One die of each face of a run, in one roll: " + ("; ".join(shown) or "no straight scores") + "."


def _patterns(data: Data) -> str:
    shown = [f"{p.get('name')} scores {p.get('points')}" for p in data.get("patterns") or []]
    return "Groups of several faces in one roll: " + ("; ".join(shown) or "none scores as such") + "."


_FACE_PLURALS = ("ones", "twos", "threes", "fours", "fives", "sixes")
_THREES = tuple(f"three-{face}" for face in _FACE_PLURALS)
_MORES = tuple(f"{n}-{face}" for n in ("four", "five", "six") for face in _FACE_PLURALS)

TEN_THOUSAND_TOPICS: tuple[Topic, ...] = (
    Topic("turn", "The turn", ("turn", "dice", "stop", "bank", "running-total"),
          lambda d: (f"A turn starts with all {d.get('dice')} dice. After each roll the player sets aside "
                     "scoring dice, then rolls the rest or stops and banks the turn's points."),
          _keys("dice")),
    Topic("set-aside", "Setting dice aside", ("set-aside", "setaside", "combination", "combinations", "split"),
          lambda d: ("After each roll the player sets aside at least one scoring die; combinations count only "
                     "within one roll."), None, ("set_aside",)),
    Topic("singles", "Single dice", ("single", "singles", "a-one", "a-five", "pair"), _singles,
          _keys("singles"), ("singles",)),
    Topic("three-of-a-kind", "Three of a kind", ("three-of-a-kind", "triple", "triples", *_THREES), _three,
          _keys("three_of_a_kind"), ("three_of_a_kind",)),
    Topic("more-of-a-kind", "Four, five and six of a kind",
          ("four-of-a-kind", "five-of-a-kind", "six-of-a-kind", "more-of-a-kind", *_MORES),
          _more, _keys("more_of_a_kind"), ("more_of_a_kind",)),
    Topic("straights", "Straights", ("straight", "straights", "six-unique"), _straights,
          _keys("straights"), ("straights",)),
    Topic("patterns", "Patterns", ("pattern", "patterns", "three-pairs", "two-triplets"), _patterns,
          _keys("patterns"), ("patterns",)),
    Topic("farkle", "Farkle", ("farkle",),
          lambda d: "A roll in which no die scores ends the turn.", None, ("farkle",)),
    Topic("hot-dice", "Hot dice", ("hot-dice",),
          lambda d: f"When every die of the turn has scored: {d.get('hot_dice')} (see the choices below).",
          _keys("hot_dice"), ("hot_dice",)),
    Topic("entry", "Getting on the board", ("entry", "board", "below"),
          lambda d: f"A player's points start to count with a turn that banks at least {dig(d, 'entry.points')}.",
          _keys("entry"), ("entry",)),
    Topic("end", "The end of the game", ("end", "target", "final-round", "winner", "win", "shorter"),
          lambda d: (f"The game ends when a bank reaches {dig(d, 'end.target')}"
                     f"{', after a final round' if dig(d, 'end.final_round') else ''}."),
          _keys("end", "winner"), ("end", "winner")),
    Topic("players", "Players", ("players",),
          lambda d: f"{dig(d, 'players.min')} to {dig(d, 'players.max')} players.", _keys("players"), ("players",)),
    Topic("refused", "Refused actions", ("illegal", "refused", "rejected"),
          lambda d: ("An action the rules do not allow is refused, and the game stays as it was: the "
                     "examples name the action and the reason.")),
)

TOPICS: Mapping[str, tuple[Topic, ...]] = {"kiriki": KIRIKI_TOPICS, "ten-thousand": TEN_THOUSAND_TOPICS}


def line_names(game: str, key: str) -> dict[str, str]:
    """The names the source texts give a line of the sheet, by language (from the spec's glossary)."""
    try:
        by_language = glossary()[game]
    except (KeyError, TypeError):
        return {}
    line = key.replace("-", "_")
    return {lang: names[line] for lang, names in by_language.items() if isinstance(names, dict) and line in names}


def _topic_of_values(case: Case, topics: tuple[Topic, ...]) -> Topic | None:
    """The one topic that the case's example values name as a line of the sheet, if any."""
    keys = {topic.key: topic for topic in topics}
    named = set()
    for column, value in case.values.items():
        if column == "id":
            continue
        try:
            named.add(line_id(case.game, value).replace("_", "-"))
        except (UnknownLineNameError, KeyError, TypeError):
            continue
    found = [keys[key] for key in named if key in keys]
    return found[0] if len(found) == 1 else None


def _subject_tokens(case: Case) -> list[str]:
    """The hyphen-separated words of the case id after the game and language prefix."""
    tokens = case.id.lower().split("-")
    for prefix in (case.game.split("-"), ["tt"], ["10000"]):
        if tokens[: len(prefix)] == prefix:
            tokens = tokens[len(prefix):]
            break
    if tokens[:1] == [case.language]:
        tokens = tokens[1:]
    return tokens


def topic_of(case: Case, topics: tuple[Topic, ...]) -> Topic | None:
    """The topic of a case: the line of the sheet its example names, else the topic its id names
    (the longest match, the earliest on a tie), if any."""
    by_values = _topic_of_values(case, topics)
    if by_values is not None:
        return by_values
    tokens = _subject_tokens(case)
    found: tuple[int, int, Topic] | None = None
    for topic in topics:
        for slug in topic.match:
            words = slug.split("-")
            for start in range(len(tokens) - len(words) + 1):
                if tokens[start:start + len(words)] == words:
                    rank = (len(words), -start)
                    if found is None or rank > found[:2]:
                        found = (*rank, topic)
    return found[2] if found else None


def gap_topic(key: str, topics: tuple[Topic, ...]) -> Topic | None:
    """The topic a ruleset gap (by its key) is about."""
    head = key.split(".")[0]
    return next((topic for topic in topics if head in topic.gap_keys), None)
