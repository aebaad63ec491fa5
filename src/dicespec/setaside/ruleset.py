"""The typed form of a set-aside ruleset file (10000, Farkle, Greed: ``dicespec/rulesets/*.yaml``).

Every number the set-aside engine uses is read from here: how many dice a turn throws, what
single dice score, what three of a kind of each face scores, how four, five and six of a kind
grow from it, the straights and the several-kinds patterns (three pairs, ...), which dice a
roll sets aside, the entry threshold, the target and how the game ends. The JSON Schema
``dicespec/schemas/set-aside-ruleset.json`` describes the file.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any


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

    def describe(self) -> str:
        """How four or more dice of one face score, in one English sentence."""
        what = "Four or more dice of one face in one roll: "
        if self.largest < 4:
            return what + ("no combination of their own: three of them score as three of a kind, and each "
                           "other one as a single die, if its face scores alone.")
        if self.rule is MoreOfAKindRule.FIXED:
            shown = ", ".join(f"{KIND_NAMES[n]} {points}" for n, points in self.fixed)
            return what + f"fixed points whatever the face ({shown or 'none'})."
        if self.rule is MoreOfAKindRule.DOUBLING:
            return what + ("each die past the third doubles the three of a kind (four: x2, five: x4, ...), "
                           f"up to {self.largest} dice.")
        return what + ("each die past the third adds the three of a kind once more (four: x2, five: x3, ...), "
                       f"up to {self.largest} dice.")

    def value(self) -> str:
        """The rule in a few words, for a side-by-side table."""
        if self.largest < 4:
            return "none"
        if self.rule is MoreOfAKindRule.FIXED:
            return ", ".join(f"{KIND_NAMES[n]} {points}" for n, points in self.fixed) or "none"
        return f"{self.rule.value}, up to {self.largest} dice"


@dataclass(frozen=True, slots=True)
class Straight:
    """One die of each of ``faces`` thrown together."""

    faces: tuple[int, ...]
    points: int

    def describe(self) -> str:
        """The straight in a few words: ``1-2-3-4-5 scores 1250``."""
        return f"{'-'.join(map(str, self.faces))} scores {self.points}"


@dataclass(frozen=True, slots=True)
class Pattern:
    """Several kinds at once, e.g. three pairs: ``counts`` dice of distinct faces, any faces."""

    name: str
    counts: tuple[int, ...]  # largest first, e.g. (2, 2, 2) or (4, 2)
    points: int

    def describe(self) -> str:
        """The pattern in a few words: ``three pairs scores 1500``."""
        return f"{self.name} scores {self.points}"


@dataclass(frozen=True, slots=True)
class SetAsideRuleset:
    """A validated set-aside ruleset (10000, Farkle, Greed, …). Build it with :func:`dicespec.find_ruleset` or :meth:`from_data`."""

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

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> SetAsideRuleset:
        """The typed ruleset of schema-valid data (see ``dicespec/schemas/set-aside-ruleset.json``)."""
        more = data["more_of_a_kind"]
        rule = MoreOfAKindRule(more["rule"])
        points = more.get("points", {})
        fixed = tuple((n, points[key]) for n, key in KIND_NAMES.items() if key in points)
        more_of_a_kind = MoreOfAKind(rule, largest=more["largest"], fixed=fixed)
        return cls(
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
        )

    def of_a_kind_points(self, face: int, count: int) -> int | None:
        """Points of ``count`` (3 to 6) dice showing ``face``, as one combination; ``None`` if none."""
        three = self.three_of_a_kind[face - 1]
        if count == 3:
            return three or None
        return self.more_of_a_kind.points(three, count)

    # -- the rules in words, for the rules site (one sentence each, or a few words for a table) --

    def describe_singles(self) -> str:
        scoring = [f"a {face} scores {points}" for face, points in enumerate(self.singles, 1) if points]
        return "One die alone: " + (", ".join(scoring) or "none scores") + "; any other face scores nothing alone."

    def singles_value(self) -> str:
        return ", ".join(f"{face}: {points}" for face, points in enumerate(self.singles, 1) if points) or "none"

    def describe_three_of_a_kind(self) -> str:
        values = ", ".join(f"three {face}s {points}" for face, points in enumerate(self.three_of_a_kind, 1) if points)
        return f"Three dice of one face in one roll: {values or 'none scores'}."

    def three_of_a_kind_value(self) -> str:
        return ", ".join(f"{face}: {points}" for face, points in enumerate(self.three_of_a_kind, 1) if points) or "none"

    def describe_straights(self) -> str:
        shown = "; ".join(straight.describe() for straight in self.straights)
        return "One die of each face of a run, in one roll: " + (shown or "no straight scores") + "."

    def describe_patterns(self) -> str:
        shown = "; ".join(pattern.describe() for pattern in self.patterns)
        return "Groups of several faces in one roll: " + (shown or "none scores as such") + "."

    def describe_set_aside(self) -> str:
        within = "combinations count only within one roll."
        if self.set_aside is SetAsideRule.ALL_SCORING:
            return ("After each roll every scoring die is set aside, with no choice: the dice of the roll's best "
                    "split into combinations; the player may roll only the dice that score nothing in it. "
                    f"A die counts once, and {within}")
        return f"After each roll the player sets aside at least one scoring die, any of them; {within}"

    def set_aside_value(self) -> str:
        return "every scoring die" if self.set_aside is SetAsideRule.ALL_SCORING else "the player's choice"

    def describe_hot_dice(self) -> str:
        if self.hot_dice is HotDice.COMPULSORY:
            return f"When every die of the turn has scored, the player must roll all {self.dice} dice again."
        return f"When every die of the turn has scored, the player may roll all {self.dice} dice again or bank."

    def describe_entry(self) -> str:
        below = ("A player not yet on the board may bank less; that turn ends and scores nothing."
                 if self.below_entry is BelowEntry.SCORES_NOTHING
                 else "A player not yet on the board may not bank less.")
        return f"A player's points start to count with a turn that banks at least {self.entry}. {below}"

    def entry_value(self) -> str:
        below = "less scores nothing" if self.below_entry is BelowEntry.SCORES_NOTHING else "less is refused"
        return f"{self.entry}; {below}"

    def describe_end(self) -> str:
        return f"The game ends when a bank reaches {self.target}{', after a final round' if self.final_round else ''}."

    def end_value(self) -> str:
        return f"{self.target}, {'then a final round' if self.final_round else 'no final round'}"

    def __hash__(self) -> int:
        return hash(self.name)

    def __repr__(self) -> str:
        return f"<SetAsideRuleset {self.name}>"
