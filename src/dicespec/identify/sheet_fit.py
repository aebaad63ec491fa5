"""A score-sheet row's rule, fitted to an implementation's answers.

Every ordered roll is asked in the row; the answers are compared with every rule of the model
(:mod:`dicespec.scoresheet.families`) that could be the row's. The fit is the rule that agrees
with the most answers; a tie goes to the rule first in :func:`candidates`' order, which puts the
asked ruleset's own rule first. A row whose best rule agrees with fewer than ``share`` of its
rolls is reported as fitted by no rule of the model, with its answers, not forced into a rule.
The answers the best rule does not explain, fitted or not, are the row's *unexplained* answers:
by the model, the implementation's bugs.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations_with_replacement

from dicespec.dice import FACES, Roll
from dicespec.scoresheet.families import (
    Chance,
    Face,
    FullHouse,
    Groups,
    OfAKind,
    Pairs,
    Points,
    RowRule,
    Straight,
)

SHARE = 0.99
"""The share of a row's rolls its rule must explain, by default, for the row to be called fitted."""

FIXED_POINTS_TRIED = 3
"""How many of a row's most frequent non-zero answers are tried as a rule's fixed points."""

GROUPS = ((3, 2), (3, 3), (4, 2))
"""The ``groups`` rows of the model (a full house, a villa, a tower)."""


def rolls(dice: int) -> list[str]:
    """Every distinct roll of ``dice`` dice, in ascending order, as digits."""
    return ["".join(map(str, roll)) for roll in combinations_with_replacement(FACES, dice)]


def _straight_sets(dice: int) -> Iterator[tuple[tuple[int, ...], ...]]:
    """The face sets of straights the model tries: each run of consecutive faces, all the runs of
    one length together, and the runs of ``dice`` faces that wrap round from 6 to 1."""
    for length in range(4, dice + 1):
        runs = [tuple(range(low, low + length)) for low in range(1, 8 - length)]
        yield from ((run,) for run in runs)
        if len(runs) > 1:
            yield tuple(runs)
    if dice < 6:
        wrapped = [tuple(sorted((low + step - 1) % 6 + 1 for step in range(dice))) for low in range(1, 7)]
        yield tuple(dict.fromkeys(wrapped))


def candidates(dice: int, fixed: Sequence[int], first: Iterable[RowRule] = ()) -> list[RowRule]:
    """The rules a row of a ``dice``-dice sheet may be, ``first`` first (no rule twice):
    ``fixed`` are the fixed points tried where a family scores fixed points."""
    points: list[Points] = ["sum", *fixed]
    found: list[RowRule] = [*first]
    found += [Face(face) for face in FACES]
    found.append(Chance())
    for count in range(2, dice + 1):
        for scored in [*points, "matching"]:
            found.append(OfAKind(count, scored))
            if count < dice:
                found.append(OfAKind(count, scored, exactly=True))
    found += [Pairs(pairs) for pairs in range(1, dice // 2 + 1)]
    if dice == 5:
        found += [FullHouse(scored, five) for scored in points for five in (False, True)]
    for groups in GROUPS:
        if sum(groups) <= dice:
            found += [Groups(groups, scored) for scored in [*points, "matching"]]
    for length in range(3, dice + 1):
        found += [Straight(length, None, scored) for scored in points]
    for sets in _straight_sets(dice):
        found += [Straight(None, sets, scored) for scored in points]
    return list(dict.fromkeys(found))


@dataclass(frozen=True)
class Unexplained:
    """The orderings of one roll whose answers the row's rule does not explain."""

    roll: str  # the roll, its dice in ascending order
    expected: int  # what the row's best rule scores
    answers: Mapping[str, int]  # ordering → the implementation's answer
    orderings: int  # how many orderings the roll has

    def describe(self) -> str:
        values = set(self.answers.values())
        examples = ", ".join(list(self.answers)[:2])
        shown = f"scores {values.pop()}" if len(values) == 1 else f"scores {', '.join(map(str, sorted(values)))}"
        every = "every ordering of" if len(self.answers) == self.orderings else f"{len(self.answers)} orderings of"
        return f"{every} {self.roll} {shown}, not {self.expected} (e.g. {examples})"


@dataclass
class Memo:
    """What the fit of one row works out that the other rows of the sheet need again: each ordered
    roll's sorted digits, and each rule's points for each roll (most rules are tried in every row)."""

    sorted_rolls: dict[str, str] = field(default_factory=dict)
    points: dict[RowRule, dict[str, int]] = field(default_factory=dict)

    def scores(self, rule: RowRule, counts: Mapping[str, tuple[int, ...]]) -> Mapping[str, int]:
        """``rule``'s points for each roll of ``counts`` (roll → its counts; every row of a sheet
        is asked the same rolls)."""
        found = self.points.setdefault(rule, {})
        if not counts.keys() <= found.keys():
            fixed = getattr(rule, "points_rule", None)
            if isinstance(fixed, int) and not isinstance(fixed, bool):
                # a rule of fixed points scores them where its "sum" twin scores (never 0 where it fits)
                summed = self.scores(replace(rule, points_rule="sum"), counts)
                found.update({roll: fixed if summed[roll] else 0 for roll in counts if roll not in found})
            else:
                found.update({roll: rule.points(count) for roll, count in counts.items() if roll not in found})
        return found


@dataclass
class RowFit:
    """What the answers of one row say: its rule (None: no rule of the model fits), how many of
    its rolls that rule explains, the rules no roll tells apart from it, and the rest."""

    row: str
    rule: RowRule | None
    agree: int
    asked: int
    best: RowRule | None  # the rule that agrees most, fitted or not
    alike: list[RowRule] = field(default_factory=list)  # other rules with the very same answers
    unexplained: list[Unexplained] = field(default_factory=list)
    example: tuple[str, int] | None = None  # one answer the rule explains, for the evidence
    share: float = SHARE  # the share of its rolls a rule had to explain

    @property
    def unexplained_rolls(self) -> int:
        return sum(len(each.answers) for each in self.unexplained)


def fit_row(
    row: str,
    dice: int,
    answers: Mapping[str, int],
    asked_rule: RowRule | None = None,
    others: Iterable[RowRule] = (),
    share: float = SHARE,
    memo: Memo | None = None,
) -> RowFit:
    """The rule of ``row`` that best explains ``answers`` (ordered roll → points).

    ``asked_rule`` (the asked ruleset's) wins ties, then ``others`` (the shipped rulesets' rules
    for rows of that id), then the model's rules in :func:`candidates`' order. ``memo``, shared by
    the rows of a sheet, spares working the same things out again."""
    memo = memo if memo is not None else Memo()
    orderings: dict[str, dict[str, int]] = {}  # roll → its orderings' answers
    sorted_rolls = memo.sorted_rolls
    for ordered, points in answers.items():
        roll = sorted_rolls.get(ordered)
        if roll is None:
            roll = sorted_rolls[ordered] = "".join(sorted(ordered))
        orderings.setdefault(roll, {})[ordered] = points
    by_roll = {roll: Counter(each.values()) for roll, each in orderings.items()}  # roll → answer → how often
    frequent = Counter(points for points in answers.values() if points)
    fixed = [points for points, _ in frequent.most_common(FIXED_POINTS_TRIED)]
    first = [asked_rule] if asked_rule is not None else []
    counts = {roll: Roll.parse(roll).counts for roll in by_roll}  # in the order of by_roll
    best: RowRule | None = None
    best_agree = -1
    best_points: Mapping[str, int] = {}
    alike: list[RowRule] = []
    for rule in candidates(dice, fixed, [*first, *others]):
        scored = memo.scores(rule, counts)
        agree = sum(tally[scored[roll]] for roll, tally in by_roll.items())
        if agree > best_agree:
            best, best_agree, best_points, alike = rule, agree, scored, []
        elif agree == best_agree and all(scored[roll] == best_points[roll] for roll in by_roll):
            alike.append(rule)
    fitted = best if best_agree >= share * len(answers) else None
    unexplained = []  # against the best rule, fitted or not: what the closest rule leaves
    for roll in by_roll:
        expected = best_points[roll]
        wrong = {ordered: points for ordered, points in orderings[roll].items() if points != expected}
        if wrong:
            unexplained.append(Unexplained(roll, expected, wrong, len(orderings[roll])))
    example = next(((o, p) for o, p in answers.items() if p and best_points.get("".join(sorted(o))) == p), None)
    return RowFit(row, fitted, best_agree, len(answers), best, alike, unexplained, example, share)
