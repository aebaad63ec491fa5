"""The rule families of score-sheet rows: one small class each, a predicate and a points rule.

A row of a ruleset names its family (``rule: of_a_kind``) and gives its parameters; every
number comes from there. Each family also describes itself in words, next to its predicate,
so that the rules site says what the engine does (:meth:`RowRule.describe`), in any language of
the site: the sentences are the ``rules`` catalog's (:mod:`dicespec.rule_words`).

Scores depend only on how many dice show each face (``counts``, ones first).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import Field, dataclass
from itertools import permutations
from typing import Any, ClassVar, Literal, Protocol

from dicespec.dice import FACES
from dicespec.rule_words import amount, capital, rule_words

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

    def describe(self, dice: int, lang: str = "en") -> str:
        """What the row scores, in one sentence in ``lang``."""

    def value(self, lang: str = "en") -> str:
        """The row's value in a few words in ``lang``, for a side-by-side table."""


def _sum(counts: Counts) -> int:
    return sum(face * count for face, count in zip(FACES, counts, strict=False))


def _worth(points: Points, counts: Counts, matching: int) -> int:
    if points == "sum":
        return _sum(counts)
    if points == "matching":
        return matching
    return points


def _points_words(points: Points, lang: str, matching: int | None = None) -> str:
    """What a fitting roll scores, as the subject of a sentence (``matching``: how many dice match)."""
    words = rule_words(lang)
    if points == "sum":
        return words["points.sum"]
    if points == "matching":
        return words["points.matching"] if matching is None else words.format("points.matching_count", count=matching)
    return words.format("points.fixed", points=amount(points, lang))


def _value_words(points: Points, lang: str) -> str:
    """What a fitting roll scores, in a few words: the sum of the dice or the fixed points."""
    if points == "sum":
        return rule_words(lang)["value.sum"]
    return amount(points, lang) if isinstance(points, int) else points


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

    def describe(self, dice: int, lang: str = "en") -> str:
        return rule_words(lang).format("face.describe", face=self.face)

    def value(self, lang: str = "en") -> str:
        return rule_words(lang).format("face.value", face=self.face)


@dataclass(frozen=True, slots=True)
class OfAKind:
    """At least ``at_least`` dice of one face (exactly that many, and no more of it, when
    ``exactly``): all the dice, the matching ones, or fixed points."""

    at_least: int
    points_rule: Points
    exactly: bool = False
    family: ClassVar[str] = "of_a_kind"

    def _face(self, counts: Counts) -> int | None:
        if self.exactly:
            return next((face for face in reversed(FACES) if counts[face - 1] == self.at_least), None)
        return next((face for face in reversed(FACES) if counts[face - 1] >= self.at_least), None)

    def fits(self, counts: Counts) -> bool:
        return self._face(counts) is not None

    def points(self, counts: Counts) -> int:
        face = self._face(counts)
        return 0 if face is None else _worth(self.points_rule, counts, face * self.at_least)

    def joker_points(self, counts: Counts) -> int:
        return self.points(counts)

    def describe(self, dice: int, lang: str = "en") -> str:
        words = rule_words(lang)
        if self.at_least == dice:
            return capital(words.format("of_a_kind.all", points=_points_words(self.points_rule, lang), dice=dice))
        points = _points_words(self.points_rule, lang, self.at_least)
        key = "of_a_kind.exactly" if self.exactly else "of_a_kind.at_least"
        return capital(words.format(key, points=points, count=self.at_least))

    def value(self, lang: str = "en") -> str:
        if self.points_rule == "matching":
            return rule_words(lang).format("value.sum_matching", count=self.at_least)
        return _value_words(self.points_rule, lang)


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

    def describe(self, dice: int, lang: str = "en") -> str:
        words = rule_words(lang)
        return words["pairs.one"] if self.pairs == 1 else words.format("pairs.many", pairs=self.pairs)

    def value(self, lang: str = "en") -> str:
        return rule_words(lang).format("pairs.value_many" if self.pairs > 1 else "pairs.value_one", pairs=self.pairs)


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

    def describe(self, dice: int, lang: str = "en") -> str:
        words = rule_words(lang)
        five = words["full_house.five_counts" if self.five_of_a_kind_counts else "full_house.five_not"]
        return capital(words.format("full_house.describe", points=_points_words(self.points_rule, lang), five=five))

    def value(self, lang: str = "en") -> str:
        shown = _value_words(self.points_rule, lang)
        return rule_words(lang).format("full_house.value_five", shown=shown) if self.five_of_a_kind_counts else shown


@dataclass(frozen=True, slots=True)
class Groups:
    """Groups of dice of different faces, each at least as large as ``groups`` says (3 and 2: a
    full house; 3 and 3: a villa; 4 and 2: a tower): the grouped dice (the best choice of faces),
    all the dice, or fixed points."""

    groups: tuple[int, ...]
    points_rule: Points
    family: ClassVar[str] = "groups"

    def _matching(self, counts: Counts) -> int | None:
        """The highest sum of grouped dice the roll can show, or None when it shows no such groups."""
        best = None
        for faces in permutations(FACES, len(self.groups)):
            if all(counts[face - 1] >= size for face, size in zip(faces, self.groups, strict=True)):
                total = sum(face * size for face, size in zip(faces, self.groups, strict=True))
                best = total if best is None else max(best, total)
        return best

    def fits(self, counts: Counts) -> bool:
        return self._matching(counts) is not None

    def points(self, counts: Counts) -> int:
        matching = self._matching(counts)
        return 0 if matching is None else _worth(self.points_rule, counts, matching)

    def joker_points(self, counts: Counts) -> int:
        return self.points(counts)

    def describe(self, dice: int, lang: str = "en") -> str:
        words = rule_words(lang)
        first, second = self.groups
        points = _points_words(self.points_rule, lang, sum(self.groups))
        return capital(words.format("groups.describe", points=points, count=first, other=second))

    def value(self, lang: str = "en") -> str:
        if self.points_rule == "matching":
            return rule_words(lang).format("value.sum_matching", count=sum(self.groups))
        return _value_words(self.points_rule, lang)


_RUNS = {4: "straight.runs_4", 5: "straight.runs_5"}  # the runs a straight of that length can be, by key


@dataclass(frozen=True, slots=True)
class Straight:
    """``length`` consecutive faces anywhere, or all the faces of one of the sets ``faces``
    (one set: exactly those faces; several: any of them, as a straight that wraps round)."""

    length: int | None
    faces: tuple[tuple[int, ...], ...] | None
    points_rule: Points
    family: ClassVar[str] = "straight"

    def fits(self, counts: Counts) -> bool:
        if self.faces is not None:
            return any(all(counts[face - 1] for face in faces) for faces in self.faces)
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

    def describe(self, dice: int, lang: str = "en") -> str:
        words = rule_words(lang)
        points = _points_words(self.points_rule, lang)
        if self.faces is not None:
            sets = ["-".join(map(str, faces)) for faces in self.faces]
            shown = sets[0] if len(sets) == 1 else words.format("list.or", items=", ".join(sets[:-1]), final=sets[-1])
            return capital(words.format("straight.faces", points=points, faces=shown))
        assert self.length is not None
        if self.length in _RUNS:
            runs = words[_RUNS[self.length]]
            return capital(words.format("straight.length_runs", points=points, length=self.length, runs=runs))
        return capital(words.format("straight.length", points=points, length=self.length))

    def value(self, lang: str = "en") -> str:
        return _value_words(self.points_rule, lang)


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

    def describe(self, dice: int, lang: str = "en") -> str:
        return rule_words(lang).format("chance.describe", dice=dice)

    def value(self, lang: str = "en") -> str:
        return rule_words(lang)["value.sum"]


def rule_from_data(data: Mapping[str, Any]) -> RowRule:
    """The rule of a row as a ruleset file writes it (``{rule: straight, length: 4, points: 30}``)."""
    match data["rule"]:
        case "face":
            return Face(data["face"])
        case "of_a_kind":
            exactly = "exactly" in data
            return OfAKind(data["exactly" if exactly else "at_least"], data.get("points", "sum"), exactly)
        case "pairs":
            return Pairs(data["pairs"])
        case "full_house":
            return FullHouse(data.get("points", "sum"), data.get("five_of_a_kind_counts", False))
        case "groups":
            return Groups(tuple(data["groups"]), data.get("points", "matching"))
        case "straight":
            sets = [data["faces"]] if "faces" in data else data.get("any_of")
            faces = None if sets is None else tuple(tuple(each) for each in sets)
            return Straight(data.get("length"), faces, data.get("points", "sum"))
        case "chance":
            return Chance()
    raise ValueError(f"rule: {data['rule']!r}: not a rule family")  # the schema rules this out


def rule_data(rule: RowRule) -> dict[str, Any]:
    """A row rule as a ruleset file writes it: the inverse of :func:`rule_from_data`."""
    match rule:
        case Face(face=face):
            return {"rule": "face", "face": face}
        case Chance():
            return {"rule": "chance"}
        case OfAKind(at_least=count, points_rule=points, exactly=exactly):
            return {"rule": "of_a_kind", ("exactly" if exactly else "at_least"): count, "points": points}
        case Pairs(pairs=pairs):
            return {"rule": "pairs", "pairs": pairs}
        case FullHouse(points_rule=points, five_of_a_kind_counts=five):
            return {"rule": "full_house", "points": points, "five_of_a_kind_counts": five}
        case Groups(groups=groups, points_rule=points):
            return {"rule": "groups", "groups": list(groups), "points": points}
        case Straight(length=length, faces=faces, points_rule=points):
            if faces is None:
                return {"rule": "straight", "length": length, "points": points}
            if len(faces) == 1:
                return {"rule": "straight", "faces": list(faces[0]), "points": points}
            return {"rule": "straight", "any_of": [list(each) for each in faces], "points": points}
    raise TypeError(f"not a rule of the model: {rule!r}")
