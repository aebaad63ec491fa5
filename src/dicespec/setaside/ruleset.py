"""The typed form of a set-aside ruleset file (10000, Farkle, Greed: ``dicespec/rulesets/*.yaml``).

Every number the set-aside engine uses is read from here: how many dice a turn throws, what
single dice score, what three of a kind of each face scores, how four, five and six of a kind
grow from it, the straights and the several-kinds patterns (three pairs, ...), which dice a
roll sets aside, the entry threshold, the target and how the game ends. The JSON Schema
``dicespec/schemas/set-aside-ruleset.json`` describes the file. The ``describe*`` and ``*_value``
methods say the rules in words, in any language of the site, from the ``rules`` catalog
(:mod:`dicespec.rule_words`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import reduce
from math import gcd
from typing import Any

from dicespec.catalog import CatalogError
from dicespec.rule_words import amount, rule_words


class MoreOfAKindRule(StrEnum):
    """How four, five and six of a kind score."""

    DOUBLING = "doubling"  # each die past the third doubles the three-of-a-kind value
    LINEAR = "linear"  # each die past the third adds the three-of-a-kind value once more
    FIXED = "fixed"  # a fixed value per number of dice, whatever the face


class BelowEntry(StrEnum):
    """What a bank below the entry threshold does for a player not yet on the board."""

    REFUSED = "refused"  # the player may not bank: roll on or farkle
    SCORES_NOTHING = "scores_nothing"  # the turn ends and scores nothing


class HotDice(StrEnum):
    """After every die of the turn has scored: may the player bank, or must they roll them all again?"""

    OPTIONAL = "optional"
    COMPULSORY = "compulsory"


class SetAsideRule(StrEnum):
    """Which dice of a roll are set aside."""

    CHOSEN = "chosen"  # the player chooses: any scoring dice, at least one (10000)
    ALL_SCORING = "all_scoring"  # every die that scores in the roll's best split, no choice (Greed)


@dataclass(frozen=True, slots=True)
class FarklePenalty:
    """Points a player loses after ``farkles`` farkles in a row (the count then starts again)."""

    farkles: int  # farkles in a row that cost the penalty
    points: int  # what the penalty takes off the player's score
    floor: int | None  # the lowest score the penalty leaves (0: never below 0); None: no floor

    def applied(self, score: int) -> int:
        """The score after the penalty."""
        lowered = score - self.points
        return lowered if self.floor is None else max(lowered, self.floor)


def farkle_penalty_from_data(data: Mapping[str, Any] | None) -> FarklePenalty | None:
    """The penalty a ruleset file's ``farkle_penalty`` writes (``{farkles: 3, points: 500, floor: 0}``);
    ``None`` where it writes none."""
    return None if data is None else FarklePenalty(data["farkles"], data["points"], data["floor"])


@dataclass(frozen=True, slots=True)
class InstantWin:
    """A roll that wins the game at once: ``of_a_kind`` dice of one face in one roll."""

    of_a_kind: int
    first_roll_only: bool  # only on the first roll of a turn (not after hot dice)

    def wins(self, counts: Sequence[int], *, first_roll: bool) -> bool:
        """Does a roll with these counts of each face (ones first) win at once?"""
        return (first_roll or not self.first_roll_only) and max(counts) >= self.of_a_kind  # six counts, never none


# The YAML keys of the fixed values of four, five and six of a kind.
KIND_NAMES: Mapping[int, str] = {4: "four", 5: "five", 6: "six"}


@dataclass(frozen=True, slots=True)
class MoreOfAKind:
    """The scoring of four or more dice of one face."""

    rule: MoreOfAKindRule
    largest: int = 6  # the most dice of a kind that score as one combination
    fixed: tuple[tuple[int, int], ...] = ()  # the fixed rule: (number of dice, points) pairs

    def points(self, three: int, count: int) -> int | None:
        """Points of ``count`` (4 to 6) dice of a face whose three of a kind is worth ``three``;
        ``None`` when so many dice of a kind are no combination of their own."""
        if count > self.largest:
            return None
        if self.rule is MoreOfAKindRule.FIXED:
            return dict(self.fixed).get(count)
        if three == 0:
            return None
        extra = count - 3
        if self.rule is MoreOfAKindRule.DOUBLING:
            doubled: int = three * 2**extra  # extra is 1 or more: a whole number
            return doubled
        return three * (1 + extra)

    def _fixed_words(self, lang: str) -> str:
        words = rule_words(lang)
        return ", ".join(
            words.format("more.fixed_item", kind=words[f"number.{n}"], points=amount(points, lang))
            for n, points in self.fixed
        )

    def describe(self, lang: str = "en") -> str:
        """How four or more dice of one face score, in one sentence in ``lang``."""
        words = rule_words(lang)
        if self.largest < 4:
            return words["more.none"]
        if self.rule is MoreOfAKindRule.FIXED:
            return words.format("more.fixed", shown=self._fixed_words(lang) or words["more.none_value"])
        key = "more.doubling" if self.rule is MoreOfAKindRule.DOUBLING else "more.linear"
        return words.format(key, largest=self.largest)

    def value(self, lang: str = "en") -> str:
        """The rule in a few words in ``lang``, for a side-by-side table."""
        words = rule_words(lang)
        if self.largest < 4:
            return words["more.none_value"]
        if self.rule is MoreOfAKindRule.FIXED:
            return self._fixed_words(lang) or words["more.none_value"]
        return words.format("more.value", rule=words[f"more.rule.{self.rule.value}"], largest=self.largest)


@dataclass(frozen=True, slots=True)
class Straight:
    """One die of each of ``faces`` thrown together."""

    faces: tuple[int, ...]
    points: int

    def describe(self, lang: str = "en") -> str:
        """The straight in a few words in ``lang``: ``1-2-3-4-5 scores 1250``."""
        faces = "-".join(map(str, self.faces))
        return rule_words(lang).format("straights.item", faces=faces, points=amount(self.points, lang))


@dataclass(frozen=True, slots=True)
class Pattern:
    """Several kinds at once, e.g. three pairs: ``counts`` dice of distinct faces, any faces."""

    name: str
    counts: tuple[int, ...]  # largest first, e.g. (2, 2, 2) or (4, 2)
    points: int

    def describe(self, lang: str = "en") -> str:
        """The pattern in a few words in ``lang``: ``three pairs scores 1500``."""
        return rule_words(lang).format("patterns.item", name=self.label(lang), points=amount(self.points, lang))

    def label(self, lang: str = "en") -> str:
        """The pattern's name in ``lang``: in English the ruleset's own, in the others by its counts."""
        if lang == "en":
            return self.name
        words = rule_words(lang)
        try:
            return words["pattern." + "-".join(map(str, self.counts))]
        except CatalogError:  # a pattern the catalog does not name: said by its counts
            return words.format("pattern.other", counts="+".join(map(str, self.counts)))


@dataclass(frozen=True, slots=True)
class SetAsideRuleset:
    """A validated set-aside ruleset (10000, Farkle, Greed, …). Build it with
    :func:`dicespec.find_ruleset` or :meth:`from_data`."""

    name: str
    title: str
    description: str
    dice: int  # the dice a turn starts with (and rolls again after hot dice)
    min_players: int
    max_players: int
    singles: tuple[int, ...]  # points of one die alone, faces 1 to 6 (0: scores nothing alone)
    three_of_a_kind: tuple[int, ...]  # points of three of a kind, faces 1 to 6 (0: no combination)
    more_of_a_kind: MoreOfAKind
    straights: tuple[Straight, ...]
    patterns: tuple[Pattern, ...]
    set_aside: SetAsideRule
    entry: int  # the least a turn must bank to put a player on the board
    below_entry: BelowEntry
    target: int  # a bank reaching this score ends the game (or starts the final round)
    final_round: bool  # after the target is reached, every other player has one more turn
    hot_dice: HotDice
    gaps: tuple[tuple[str, str], ...]
    game: str  # the registry's name of the game the ruleset is for
    exact_target: bool = False  # a bank must hit the target exactly: one that would pass it scores nothing
    farkle_penalty: FarklePenalty | None = None  # points lost after so many farkles in a row
    instant_win: InstantWin | None = None  # a roll that wins the game at once

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> SetAsideRuleset:
        """The typed ruleset of schema-valid data (see ``dicespec/schemas/set-aside-ruleset.json``)."""
        more = data["more_of_a_kind"]
        rule = MoreOfAKindRule(more["rule"])
        points = more.get("points", {})
        fixed = tuple((n, points[key]) for n, key in KIND_NAMES.items() if key in points)
        more_of_a_kind = MoreOfAKind(rule, largest=more["largest"], fixed=fixed)
        instant = data.get("instant_win")
        ruleset = cls(
            name=data["name"],
            title=data["title"],
            description=data["description"],
            dice=data["dice"],
            min_players=data["players"]["min"],
            max_players=data["players"]["max"],
            singles=tuple(data["singles"]),
            three_of_a_kind=tuple(data["three_of_a_kind"]),
            more_of_a_kind=more_of_a_kind,
            straights=tuple(Straight(tuple(sorted(s["faces"])), s["points"]) for s in data["straights"]),
            patterns=tuple(
                Pattern(p["name"], tuple(sorted(p["counts"], reverse=True)), p["points"]) for p in data["patterns"]
            ),
            set_aside=SetAsideRule(data["set_aside"]),
            entry=data["entry"]["points"],
            below_entry=BelowEntry(data["entry"]["below"]),
            target=data["end"]["target"],
            final_round=data["end"]["final_round"],
            hot_dice=HotDice(data["hot_dice"]),
            gaps=tuple((gap["key"], gap["choice"]) for gap in data["gaps"]),
            game=data["game"],
            exact_target=data["end"].get("exact", False),
            farkle_penalty=farkle_penalty_from_data(data.get("farkle_penalty")),
            instant_win=None if instant is None else InstantWin(instant["of_a_kind"], instant["first_roll_only"]),
        )
        ruleset.check_combined()
        return ruleset

    def check_combined(self) -> None:
        """Refuse, in one line naming the keys, rules that cannot go together (a :class:`ValueError`)."""
        penalty = self.farkle_penalty
        if penalty is not None and penalty.farkles < 1:
            raise ValueError(f"farkle_penalty.farkles: {penalty.farkles}: a penalty counts at least 1 farkle in a row")
        if penalty is not None and penalty.points < 1:
            raise ValueError(f"farkle_penalty.points: {penalty.points}: a penalty takes at least 1 point")
        if penalty is not None and penalty.floor is not None and penalty.floor > 0:
            raise ValueError(f"farkle_penalty.floor: {penalty.floor}: a floor above 0 would raise a score of 0")
        if self.instant_win is not None and self.instant_win.of_a_kind > self.dice:
            raise ValueError(
                f"instant_win.of_a_kind: {self.instant_win.of_a_kind}: "
                f"more than the {self.dice} dice (dice) a roll throws"
            )
        if self.exact_target:
            if self.entry > self.target:
                raise ValueError(
                    f"end.exact with entry.points: {self.entry} above end.target: {self.target}: "
                    "no first bank can hit the target"
                )
            step = self.points_step()
            if step and self.target % step:
                raise ValueError(
                    f"end.exact with end.target: {self.target}: no score hits it (every score is a multiple of {step})"
                )

    def points_step(self) -> int:
        """The greatest common divisor of every value a score moves by: each combination's points,
        and a farkle penalty's (and the floor it stops at). Every score is a multiple of it."""
        values = [*self.singles, *self.three_of_a_kind, *(s.points for s in self.straights)]
        values += [p.points for p in self.patterns]
        values += [self.of_a_kind_points(face, n) or 0 for face in range(1, 7) for n in range(4, 7)]
        if self.farkle_penalty is not None:
            values += [self.farkle_penalty.points, self.farkle_penalty.floor or 0]
        return reduce(gcd, values, 0)

    def of_a_kind_points(self, face: int, count: int) -> int | None:
        """Points of ``count`` (3 to 6) dice showing ``face``, as one combination; ``None`` if none."""
        three = self.three_of_a_kind[face - 1]
        if count == 3:
            return three or None
        return self.more_of_a_kind.points(three, count)

    # -- the rules in words, for the rules site (one sentence each, or a few words for a table) --

    def _face_points(self, values: tuple[int, ...], lang: str) -> str:
        """``1: 100, 5: 50``: each face that scores, with its points."""
        words = rule_words(lang)
        return ", ".join(
            words.format("face_points", face=face, points=amount(points, lang))
            for face, points in enumerate(values, 1)
            if points
        )

    def describe_singles(self, lang: str = "en") -> str:
        words = rule_words(lang)
        scoring = ", ".join(
            words.format("singles.item", face=face, points=amount(points, lang))
            for face, points in enumerate(self.singles, 1)
            if points
        )
        return words.format("singles.describe", scoring=scoring or words["singles.none"])

    def singles_value(self, lang: str = "en") -> str:
        return self._face_points(self.singles, lang) or rule_words(lang)["singles.none_value"]

    def describe_three_of_a_kind(self, lang: str = "en") -> str:
        words = rule_words(lang)
        values = ", ".join(
            words.format("three_of_a_kind.item", faces=words[f"faces.{face}"], points=amount(points, lang))
            for face, points in enumerate(self.three_of_a_kind, 1)
            if points
        )
        return words.format("three_of_a_kind.describe", values=values or words["three_of_a_kind.none"])

    def three_of_a_kind_value(self, lang: str = "en") -> str:
        return self._face_points(self.three_of_a_kind, lang) or rule_words(lang)["three_of_a_kind.none_value"]

    def _listed(self, items: tuple[Straight, ...] | tuple[Pattern, ...], lang: str) -> str:
        """Straights or patterns in a few words each, one after the other."""
        return rule_words(lang)["separator"].join(item.describe(lang) for item in items)

    def describe_straights(self, lang: str = "en") -> str:
        words = rule_words(lang)
        return words.format("straights.describe", shown=self._listed(self.straights, lang) or words["straights.none"])

    def straights_value(self, lang: str = "en") -> str:
        return self._listed(self.straights, lang) or rule_words(lang)["straights.none_value"]

    def describe_patterns(self, lang: str = "en") -> str:
        words = rule_words(lang)
        return words.format("patterns.describe", shown=self._listed(self.patterns, lang) or words["patterns.none"])

    def patterns_value(self, lang: str = "en") -> str:
        return self._listed(self.patterns, lang) or rule_words(lang)["patterns.none_value"]

    def describe_set_aside(self, lang: str = "en") -> str:
        return rule_words(lang)[f"set_aside.{self.set_aside.value}"]

    def set_aside_value(self, lang: str = "en") -> str:
        return rule_words(lang)[f"set_aside.value_{self.set_aside.value}"]

    def describe_hot_dice(self, lang: str = "en") -> str:
        return rule_words(lang).format(f"hot_dice.{self.hot_dice.value}", dice=self.dice)

    def hot_dice_value(self, lang: str = "en") -> str:
        return rule_words(lang)[f"hot_dice.value_{self.hot_dice.value}"]

    def describe_entry(self, lang: str = "en") -> str:
        words = rule_words(lang)
        below = words[f"entry.below_{self.below_entry.value}"]
        return words.format("entry.describe", entry=amount(self.entry, lang), below=below)

    def entry_value(self, lang: str = "en") -> str:
        words = rule_words(lang)
        below = words[f"entry.value_{self.below_entry.value}"]
        return words.format("entry.value", entry=amount(self.entry, lang), below=below)

    def describe_end(self, lang: str = "en") -> str:
        words = rule_words(lang)
        key = "end.describe_final_round" if self.final_round else "end.describe"
        said = words.format(key, target=amount(self.target, lang))
        if self.exact_target:
            said += " " + words.format("end.exact", target=amount(self.target, lang))
        return said

    def end_value(self, lang: str = "en") -> str:
        words = rule_words(lang)
        key = "end.value_final_round" if self.final_round else "end.value"
        value = words.format(key, target=amount(self.target, lang))
        return words.format("end.value_exact", value=value) if self.exact_target else value

    def describe_farkle_penalty(self, lang: str = "en") -> str:
        words = rule_words(lang)
        penalty = self.farkle_penalty
        if penalty is None:
            return words["farkle_penalty.none"]
        floor = (
            words["farkle_penalty.floor_none"]
            if penalty.floor is None
            else words.format("farkle_penalty.floor", floor=amount(penalty.floor, lang))
        )
        return words.format(
            "farkle_penalty.describe", farkles=penalty.farkles, points=amount(penalty.points, lang), floor=floor
        )

    def farkle_penalty_value(self, lang: str = "en") -> str:
        words = rule_words(lang)
        penalty = self.farkle_penalty
        if penalty is None:
            return words["farkle_penalty.none_value"]
        floor = (
            words["farkle_penalty.value_floor_none"]
            if penalty.floor is None
            else words.format("farkle_penalty.value_floor", floor=amount(penalty.floor, lang))
        )
        return words.format(
            "farkle_penalty.value", farkles=penalty.farkles, points=amount(penalty.points, lang), floor=floor
        )

    def describe_instant_win(self, lang: str = "en") -> str:
        words = rule_words(lang)
        if self.instant_win is None:
            return words["instant_win.none"]
        key = "instant_win.describe_first_roll" if self.instant_win.first_roll_only else "instant_win.describe"
        return words.format(key, count=self.instant_win.of_a_kind)

    def instant_win_value(self, lang: str = "en") -> str:
        words = rule_words(lang)
        if self.instant_win is None:
            return words["instant_win.none_value"]
        key = "instant_win.value_first_roll" if self.instant_win.first_roll_only else "instant_win.value"
        return words.format(key, count=self.instant_win.of_a_kind)

    def __hash__(self) -> int:
        return hash(self.name)

    def __repr__(self) -> str:
        return f"<SetAsideRuleset {self.name}>"
