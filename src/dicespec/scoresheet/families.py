"""The rule families of score-sheet rows: one small class each, a predicate and a points rule.

A row of a ruleset names its family (``rule: of_a_kind``) and gives its parameters; every
number comes from there. Each family also describes itself in words, next to its predicate,
so that the rules site says what the engine does (:meth:`RowRule.describe`).

Scores depend only on how many dice show each face (``counts``, ones first).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import Field, dataclass
from typing import Any, ClassVar, Literal, Protocol

from dicespec.dice import FACES

Counts = tuple[int, ...]
Points = int | Literal["sum", "matching"]
"""What a fitting roll scores: fixed points, the sum of all the dice, or of the matching dice."""


class RowRule(Protocol):
    """What every rule family answers."""

    family: ClassVar[str]
    # every family is a dataclass: its fields are its parameters (the solver's cache key hashes them)
    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]

    def fits(self, counts: Counts) -> bool:
        """Does a roll with these counts meet the row's pattern?"""

    def points(self, counts: Counts) -> int:
        """The row's score for a roll with these counts (0 when it does not fit)."""

    def joker_points(self, counts: Counts) -> int:
        """The row's score for a five of a kind played as a joker (the pattern taken as met)."""

    def describe(self, dice: int) -> str:
        """What the row scores, in one English sentence."""

    def value(self) -> str:
        """The row's value in a few words, for a side-by-side table."""


def _sum(counts: Counts) -> int:
    return sum(face * count for face, count in zip(FACES, counts, strict=False))


def _worth(points: Points, counts: Counts, matching: int) -> int:
    if points == "sum":
        return _sum(counts)
    if points == "matching":
        return matching
    return points


def _capital(words: str) -> str:
    return words[:1].upper() + words[1:]


def _points_words(points: Points, what: str = "") -> str:
    if points == "sum":
        return "the sum of all the dice"
    if points == "matching":
        return f"the sum of the {what or 'matching'} dice"
    return f"{points} points"


@dataclass(frozen=True, slots=True)
class Face:
    """The dice showing ``face``, added up."""

    face: int
    family: ClassVar[str] = "face"

    def fits(self, counts: Counts) -> bool:
        return True

    def points(self, counts: Counts) -> int:
        return counts[self.face - 1] * self.face

    def joker_points(self, counts: Counts) -> int:
        return self.points(counts)

    def describe(self, dice: int) -> str:
        return f"The sum of the dice that show {self.face}; 0 when none does."

    def value(self) -> str:
        return f"sum of the {self.face}s"


@dataclass(frozen=True, slots=True)
class OfAKind:
    """At least ``at_least`` dice of one face: all the dice, the matching ones, or fixed points."""

    at_least: int
    points_rule: Points
    family: ClassVar[str] = "of_a_kind"

    def _face(self, counts: Counts) -> int | None:
        return next((face for face in reversed(FACES) if counts[face - 1] >= self.at_least), None)

    def fits(self, counts: Counts) -> bool:
        return self._face(counts) is not None

    def points(self, counts: Counts) -> int:
        face = self._face(counts)
        return 0 if face is None else _worth(self.points_rule, counts, face * self.at_least)

    def joker_points(self, counts: Counts) -> int:
        return self.points(counts)

    def describe(self, dice: int) -> str:
        if self.at_least == dice:
            return f"{_capital(_points_words(self.points_rule))} when all {dice} dice show the same face; 0 otherwise."
        words = _capital(_points_words(self.points_rule, f"{self.at_least} matching"))
        return f"{words} when at least {self.at_least} dice show the same face; 0 otherwise."

    def value(self) -> str:
        return {"sum": "sum of the dice", "matching": f"sum of the {self.at_least} matching dice"}.get(
            str(self.points_rule), str(self.points_rule))


@dataclass(frozen=True, slots=True)
class Pairs:
    """``pairs`` pairs of distinct faces (the highest ones): the sum of the paired dice."""

    pairs: int
    family: ClassVar[str] = "pairs"

    def _faces(self, counts: Counts) -> list[int]:
        return [face for face in reversed(FACES) if counts[face - 1] >= 2][: self.pairs]

    def fits(self, counts: Counts) -> bool:
        return len(self._faces(counts)) == self.pairs

    def points(self, counts: Counts) -> int:
        faces = self._faces(counts)
        return 2 * sum(faces) if len(faces) == self.pairs else 0

    def joker_points(self, counts: Counts) -> int:
        return self.points(counts)

    def describe(self, dice: int) -> str:
        if self.pairs == 1:
            return "The sum of the two dice of the highest pair; 0 when no two dice match."
        return (f"The sum of the dice of the {self.pairs} highest pairs of different faces; 0 when there are "
                f"not {self.pairs} such pairs.")

    def value(self) -> str:
        return f"sum of {self.pairs} pair{'s' if self.pairs > 1 else ''}"


@dataclass(frozen=True, slots=True)
class FullHouse:
    """Three of one face and two of another (five of a kind only where the ruleset says so)."""

    points_rule: Points
    five_of_a_kind_counts: bool
    family: ClassVar[str] = "full_house"

    def fits(self, counts: Counts) -> bool:
        shown = sorted(c for c in counts if c)
        return shown == [2, 3] or (self.five_of_a_kind_counts and shown == [5])

    def points(self, counts: Counts) -> int:
        return _worth(self.points_rule, counts, _sum(counts)) if self.fits(counts) else 0

    def joker_points(self, counts: Counts) -> int:
        return _worth(self.points_rule, counts, _sum(counts))

    def describe(self, dice: int) -> str:
        five = ("Five of a kind counts as a full house." if self.five_of_a_kind_counts
                else "Five of a kind is not a full house.")
        words = _capital(_points_words(self.points_rule))
        return f"{words} when three dice show one face and the other two another face. {five}"

    def value(self) -> str:
        shown = "sum of the dice" if self.points_rule == "sum" else str(self.points_rule)
        return f"{shown}, five of a kind counts" if self.five_of_a_kind_counts else shown


_RUNS = {4: "1-2-3-4, 2-3-4-5 or 3-4-5-6", 5: "1-2-3-4-5 or 2-3-4-5-6"}


@dataclass(frozen=True, slots=True)
class Straight:
    """``length`` consecutive faces anywhere, or exactly the faces ``faces``."""

    length: int | None
    faces: tuple[int, ...] | None
    points_rule: Points
    family: ClassVar[str] = "straight"

    def fits(self, counts: Counts) -> bool:
        if self.faces is not None:
            return all(counts[face - 1] for face in self.faces)
        assert self.length is not None
        run = 0
        for count in counts:
            run = run + 1 if count else 0
            if run >= self.length:
                return True
        return False

    def points(self, counts: Counts) -> int:
        return _worth(self.points_rule, counts, _sum(counts)) if self.fits(counts) else 0

    def joker_points(self, counts: Counts) -> int:
        return _worth(self.points_rule, counts, _sum(counts))

    def describe(self, dice: int) -> str:
        words = _capital(_points_words(self.points_rule))
        if self.faces is not None:
            return f"{words} when the dice show {'-'.join(map(str, self.faces))}; 0 otherwise."
        assert self.length is not None
        examples = _RUNS.get(self.length, "")
        return (f"{words} when {self.length} of the dice show consecutive faces"
                f"{f' ({examples})' if examples else ''}; 0 otherwise.")

    def value(self) -> str:
        return "sum of the dice" if self.points_rule == "sum" else str(self.points_rule)


@dataclass(frozen=True, slots=True)
class Chance:
    """Any roll: the sum of the dice."""

    family: ClassVar[str] = "chance"

    def fits(self, counts: Counts) -> bool:
        return True

    def points(self, counts: Counts) -> int:
        return _sum(counts)

    def joker_points(self, counts: Counts) -> int:
        return _sum(counts)

    def describe(self, dice: int) -> str:
        return f"The sum of all {dice} dice, whatever they show."

    def value(self) -> str:
        return "sum of the dice"


def rule_from_data(data: Mapping[str, Any]) -> RowRule:
    """The rule of a row as a ruleset file writes it (``{rule: straight, length: 4, points: 30}``)."""
    match data["rule"]:
        case "face":
            return Face(data["face"])
        case "of_a_kind":
            return OfAKind(data["at_least"], data.get("points", "sum"))
        case "pairs":
            return Pairs(data["pairs"])
        case "full_house":
            return FullHouse(data.get("points", "sum"), data.get("five_of_a_kind_counts", False))
        case "straight":
            faces = data.get("faces")
            return Straight(data.get("length"), None if faces is None else tuple(faces), data.get("points", "sum"))
        case "chance":
            return Chance()
    raise ValueError(f"rule: {data['rule']!r}: not a rule family")  # the schema rules this out
