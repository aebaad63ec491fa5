"""Combinations of one roll of a set-aside game: what a set-aside scores, every legal set-aside, the best.

A *combination* is a group of dice from one roll that scores as a whole: a single die, three
or more of a kind, a straight, or a pattern of several kinds (three pairs, ...). Which
combinations exist and what they score is read from the ruleset; this module only splits dice
into them. A die counts in at most one combination, and combinations never reach across rolls:
every function here looks at the dice of one roll.

- :func:`score`: the points of setting aside exactly these dice (their best split into
  combinations), or a :class:`~dicespec.setaside.errors.SetAsideError` saying why not;
  :func:`refusals`: every reason why not.
- :func:`scoring_dice`: every die of a roll that scores in its best split, and their points.
- :func:`options`: every legal set-aside of a roll (distinct multisets) with its points: any
  scoring part where the player chooses (10000), the scoring dice alone where every scoring die
  is set aside (Greed).
- :func:`best`: the most points a roll can give; 0 is a farkle.

Scores depend only on the dice as a multiset, so each ruleset gets one table, built on first
use, of every multiset of up to its number of dice (924 of them for six dice, 462 for five):
its best exact split and its best part.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from itertools import combinations_with_replacement, permutations, product

from dicespec.dice import FACES, DiceCountError, Roll
from dicespec.setaside.errors import (
    EmptySetAsideError,
    NotInRollError,
    NotScoringError,
    SetAsideError,
    TooManyDiceError,
)
from dicespec.setaside.ruleset import SetAsideRule, SetAsideRuleset

Counts = tuple[int, ...]  # how many dice show each face, ones first

_NUMBER_WORDS = {3: "three", 4: "four", 5: "five", 6: "six"}


class Kind(StrEnum):
    """The families of combinations."""

    SINGLE = "single"
    OF_A_KIND = "of_a_kind"
    STRAIGHT = "straight"
    PATTERN = "pattern"


@dataclass(frozen=True, slots=True)
class Combination:
    """One scoring group of dice: which dice (as counts) and what they score."""

    kind: Kind
    name: str  # e.g. "a 1", "three 2s", "straight 1-5", "three pairs"
    counts: Counts
    points: int

    @property
    def dice(self) -> Roll:
        """The dice of the combination, in ascending order."""
        return _roll_of(self.counts)

    def __str__(self) -> str:
        return f"{self.name} ({self.dice}) {self.points}"


@dataclass(frozen=True, slots=True)
class Option:
    """A legal set-aside of a roll: the dice (ascending) and its points."""

    dice: Roll
    points: int

    def __str__(self) -> str:
        return f"{self.dice} {self.points}"


# -- the combinations a ruleset knows --------------------------------------------------------


def _counts_of(faces: Iterable[int]) -> Counts:
    counts = [0] * len(FACES)
    for face in faces:
        counts[face - 1] += 1
    return tuple(counts)


def _roll_of(counts: Counts) -> Roll:
    return Roll(tuple(face for face, n in zip(FACES, counts) for _ in range(n)))  # noqa: B905  (as long by construction; strict= would add only equivalent mutants)


def single_combinations(ruleset: SetAsideRuleset) -> Iterator[Combination]:
    """One die alone, for each face that scores alone (1 and 5 in most rulesets)."""
    for face, points in zip(FACES, ruleset.singles):  # noqa: B905  (as long by construction; strict= would add only equivalent mutants)
        if points:
            yield Combination(Kind.SINGLE, f"a {face}", _counts_of([face]), points)


def of_a_kind_combinations(ruleset: SetAsideRuleset) -> Iterator[Combination]:
    """Three or more dice of one face (up to the ruleset's dice), where the ruleset gives them a value of their own."""
    for face, count in product(FACES, range(3, ruleset.dice + 1)):
        points = ruleset.of_a_kind_points(face, count)
        if points:
            yield Combination(Kind.OF_A_KIND, f"{_NUMBER_WORDS[count]} {face}s", _counts_of([face] * count), points)


def straight_combinations(ruleset: SetAsideRuleset) -> Iterator[Combination]:
    """One die of each face of a straight."""
    for straight in ruleset.straights:
        if straight.points:
            name = f"straight {straight.faces[0]}-{straight.faces[-1]}"
            yield Combination(Kind.STRAIGHT, name, _counts_of(straight.faces), straight.points)


def pattern_combinations(ruleset: SetAsideRuleset) -> Iterator[Combination]:
    """Each pattern (three pairs, ...) on every choice of distinct faces."""
    for pattern in ruleset.patterns:
        if not pattern.points or sum(pattern.counts) > ruleset.dice:
            continue
        seen: set[Counts] = set()
        for faces in permutations(FACES, len(pattern.counts)):
            counts = [0] * len(FACES)
            for face, n in zip(faces, pattern.counts):  # noqa: B905  (as long by construction; strict= would add only equivalent mutants)
                counts[face - 1] = n
            if tuple(counts) not in seen:
                seen.add(tuple(counts))
                yield Combination(Kind.PATTERN, pattern.name, tuple(counts), pattern.points)


@cache
def combinations(ruleset: SetAsideRuleset) -> tuple[Combination, ...]:
    """Every combination the ruleset knows, on any faces, each with its points."""
    return (
        *single_combinations(ruleset),
        *of_a_kind_combinations(ruleset),
        *straight_combinations(ruleset),
        *pattern_combinations(ruleset),
    )


# -- the table of every multiset of dice -----------------------------------------------------


def _minus(whole: Counts, part: Counts) -> Counts | None:
    """``whole`` without ``part``; ``None`` if ``part`` is not in ``whole``."""
    rest = tuple(a - b for a, b in zip(whole, part))  # noqa: B905  (as long by construction; strict= would add only equivalent mutants)
    return None if min(rest) < 0 else rest


def _sub_multisets(counts: Counts) -> Iterator[Counts]:
    """Every sub-multiset of ``counts``, the empty one included."""
    return product(*(range(n + 1) for n in counts))


@dataclass(frozen=True, slots=True)
class _Table:
    splits: dict[Counts, tuple[Combination, ...]]  # best split into combinations using every die
    exact: dict[Counts, int]  # the points of that split; absent: some die scores nothing
    best: dict[Counts, int]  # the most any part of these dice scores (0: farkle)


@cache
def _table(ruleset: SetAsideRuleset) -> _Table:
    every = [
        _counts_of(faces) for size in range(ruleset.dice + 1) for faces in combinations_with_replacement(FACES, size)
    ]  # smaller multisets first, so each one's parts are already known
    catalogue = combinations(ruleset)
    splits: dict[Counts, tuple[Combination, ...]] = {every[0]: ()}
    exact: dict[Counts, int] = {every[0]: 0}
    best: dict[Counts, int] = {every[0]: 0}
    for counts in every[1:]:
        # Every split has exactly one combination holding a die of the lowest face shown.
        lowest = next(i for i, n in enumerate(counts) if n)
        for combo in catalogue:
            rest = _minus(counts, combo.counts) if combo.counts[lowest] else None
            if rest is not None and rest in exact and exact[rest] + combo.points > exact.get(counts, -1):
                exact[counts] = exact[rest] + combo.points
                splits[counts] = (combo, *splits[rest])
        # The best part either is the whole, or leaves out at least one die.
        best[counts] = max(exact.get(counts, 0), *(best[fewer] for fewer in _one_die_fewer(counts)))
    return _Table(splits, exact, best)


def _one_die_fewer(counts: Counts) -> Iterator[Counts]:
    """``counts`` without one die, for each face shown."""
    for i, n in enumerate(counts):
        if n:
            yield (*counts[:i], n - 1, *counts[i + 1 :])


# -- the questions ---------------------------------------------------------------------------


def _as_roll(dice: Roll | str | Iterable[int]) -> Roll:
    return dice if isinstance(dice, Roll) else Roll.of(dice)


def is_part_of(selection: Roll, roll: Roll) -> bool:
    """Are the dice of ``selection`` all among the dice of ``roll`` (as multisets)?"""
    return _minus(roll.counts, selection.counts) is not None


def is_scoring(ruleset: SetAsideRuleset, selection: Roll | str) -> bool:
    """Does every die of ``selection`` score, in some split of it into combinations?"""
    selection = _as_roll(selection)
    return 0 < len(selection) <= ruleset.dice and selection.counts in _table(ruleset).exact


def is_farkle(ruleset: SetAsideRuleset, roll: Roll | str) -> bool:
    """Does no die of ``roll`` score?"""
    return best(ruleset, roll) == 0


def refusals(ruleset: SetAsideRuleset, selection: Roll, *, roll: Roll | None = None) -> Iterator[SetAsideError]:
    """Every reason the dice of ``selection`` cannot be set aside (from ``roll``, when given), in
    the order they are checked: no dice, more dice than a roll has, dice not in ``roll``, a die
    that scores nothing."""
    if not selection.dice:
        yield EmptySetAsideError("set aside at least one die")
    if len(selection) > ruleset.dice:
        yield TooManyDiceError(f"{selection} has {len(selection)} dice; one roll has at most {ruleset.dice}")
    if roll is not None and not is_part_of(selection, roll):
        yield NotInRollError(f"{selection} is not part of the roll {roll}")
    if selection.counts not in _table(ruleset).exact:
        yield NotScoringError(_why_not_scoring(_table(ruleset), selection))


def split(
    ruleset: SetAsideRuleset, selection: Roll | str | Iterable[int], *, roll: Roll | str | None = None
) -> tuple[Combination, ...]:
    """The best split of exactly the dice of ``selection`` into combinations.

    With ``roll``, the selection must also be part of that roll. Raises a
    :class:`~dicespec.setaside.errors.SetAsideError` saying why the dice cannot be set aside
    (the first of :func:`refusals`).
    """
    selection = _as_roll(selection)
    for refusal in refusals(ruleset, selection, roll=None if roll is None else _as_roll(roll)):
        raise refusal
    return _table(ruleset).splits[selection.counts]


def score(ruleset: SetAsideRuleset, selection: Roll | str | Iterable[int], *, roll: Roll | str | None = None) -> int:
    """The points of setting aside exactly the dice of ``selection`` from one roll.

    The dice are split into combinations the way that scores most. Raises a
    :class:`~dicespec.setaside.errors.SetAsideError` when they cannot be set aside: no dice,
    more dice than a roll has, dice not in ``roll`` (when given), or a die that scores nothing.
    """
    return sum(combo.points for combo in split(ruleset, selection, roll=roll))


def _require_roll(ruleset: SetAsideRuleset, roll: Roll | str) -> Roll:
    roll = _as_roll(roll)
    if not 1 <= len(roll) <= ruleset.dice:
        raise DiceCountError(f"{roll or 'an empty roll'} has {len(roll)} dice; a roll has 1 to {ruleset.dice}")
    return roll


def options(ruleset: SetAsideRuleset, roll: Roll | str) -> tuple[Option, ...]:
    """Every legal set-aside of ``roll`` (distinct multisets), most points first, then fewest dice.

    Where the ruleset sets every scoring die aside (``set_aside: all_scoring``), the one legal
    set-aside is :func:`scoring_dice`; otherwise it is any part of the roll whose dice all score.
    A farkle has none.
    """
    counts = _require_roll(ruleset, roll).counts
    if ruleset.set_aside is SetAsideRule.ALL_SCORING:
        every = _scoring_dice_of(ruleset, counts)
        return () if every is None else (every,)
    return _options_of(ruleset, counts)


@cache
def _options_of(ruleset: SetAsideRuleset, counts: Counts) -> tuple[Option, ...]:
    exact = _table(ruleset).exact
    found = [Option(_roll_of(part), exact[part]) for part in _sub_multisets(counts) if any(part) and part in exact]
    return tuple(sorted(found, key=lambda o: (-o.points, len(o.dice), o.dice.dice)))


def scoring_dice(ruleset: SetAsideRuleset, roll: Roll | str) -> Option | None:
    """The dice of ``roll`` that score in its best split, with their points (the roll's best);
    ``None`` for a farkle. The others are its non-scoring dice.

    Should two parts of the roll be worth the most, the scoring dice are the one with more dice.
    """
    return _scoring_dice_of(ruleset, _require_roll(ruleset, roll).counts)


@cache
def _scoring_dice_of(ruleset: SetAsideRuleset, counts: Counts) -> Option | None:
    parts = _options_of(ruleset, counts)  # most points first, then fewest dice
    return max(parts, key=lambda o: (o.points, len(o.dice)), default=None)


def best(ruleset: SetAsideRuleset, roll: Roll | str) -> int:
    """The most points ``roll`` can give in one set-aside; 0 when no die scores (a farkle)."""
    return _table(ruleset).best[_require_roll(ruleset, roll).counts]


def _why_not_scoring(table: _Table, selection: Roll) -> str:
    """Names the dice of ``selection`` that no split can score: those outside its largest scoring part."""
    counts = selection.counts
    scoring = max(
        (part for part in _sub_multisets(counts) if part in table.exact),
        key=lambda part: (sum(part), table.exact[part]),
    )
    left = _roll_of(tuple(a - b for a, b in zip(counts, scoring)))  # noqa: B905  (as long by construction; strict= would add only equivalent mutants)
    dice = ", ".join(map(str, left))
    verb = "scores" if len(left) == 1 else "score"
    return f"cannot set aside {selection}: {dice} {verb} nothing in it"
