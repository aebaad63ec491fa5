"""A set-aside game's scoring rules, fitted to an implementation's answers.

The exhaustive corpus asks a set-aside game two kinds of question: ``best`` (an ordered roll of
one to all the dice: the most it gives) and ``set_aside`` (dice set aside together: their points,
or why they cannot be). The scoring keys of the model (:data:`KEYS`: singles, three of a kind,
more of a kind, straights, patterns) are fitted to those answers by coordinate descent from the
asked ruleset: for each key in turn, each of its candidate values is tried with the other keys
fixed, and the value that agrees with the most answers is kept (a tie goes to the value first in
:func:`candidates`' order, which puts the asked ruleset's value first, then the shipped
rulesets'); the keys are gone through again until no key changes.

Each candidate is scored on every distinct roll once: an ordered roll's answer is compared with
its dice's, so a roll weighs as many answers as it has orderings, and orderings of one roll
answered unlike each other are reported apart (:class:`Mixed`). The combinations a candidate
knows and their points are the engine's (:func:`dicespec.setaside.combos.combinations`); their
best splits are filled into a table laid out once per number of dice (:class:`_Lattice`, the
engine's own table, a few milliseconds a candidate where the engine takes tens). The fitted
rules are then scored by the engine itself (:func:`~dicespec.setaside.combos.best`, and
:func:`~dicespec.setaside.combos.score` as the ``set_aside`` answer gives it), and the fit
refuses to report if the two differ anywhere.

A key's *evidence* is the answers on which its candidate values, the other keys at their fitted
values, disagree: what tells its values apart. (Not every answer its dice hold: a bug in the
rolls holding a 5 would otherwise count against the single 5, though no value of the single 5
explains it.) Where the answers propose no value but the asked one, a key has no evidence: its
value is the one read off the answers that show it most directly (a lone die, three of a
face). A key whose fitted value explains fewer than ``share`` of its evidence is reported as
fitted by no value of the model (``value`` None), with the answers, not forced into a value.
Candidates that agree with the fitted value on every question are *alike*: no answer tells them
apart, and the value first in the order (the asked ruleset's, else a shipped one's) is the one
kept. The answers the fitted rules do not explain (each unfitted key at the value nearest the
answers) are the *unexplained* answers: by the model, the implementation's bugs. An answer
outside every key's evidence is a bug no value of any key explains; it is unexplained all the
same.

The game flow (set-aside rule, entry, end, hot dice, penalties) is not asked by these questions
and is not fitted. Pure: no implementation is asked here.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from itertools import combinations_with_replacement, permutations, product
from typing import Any, TypeAlias

from dicespec.dice import FACES, Roll
from dicespec.identify.sheet_fit import SHARE
from dicespec.rulesets import find_ruleset_of, find_rulesets_of, ruleset_names
from dicespec.setaside import combos
from dicespec.setaside.errors import EmptySetAsideError, NotScoringError, SetAsideError, TooManyDiceError
from dicespec.setaside.ruleset import KIND_NAMES, MoreOfAKind, MoreOfAKindRule, Pattern, SetAsideRuleset, Straight

__all__ = [
    "EXAMPLES",
    "KEYS",
    "SHARE",
    "AsideFit",
    "AsideUnexplained",
    "KeyFit",
    "Mixed",
    "candidates",
    "changed_data",
    "closest_ruleset",
    "fit_aside",
    "value_data",
]

KEYS = ("singles", "three_of_a_kind", "more_of_a_kind", "straights", "patterns")
"""The scoring keys of a set-aside ruleset, in the order the fit goes through them."""

EXAMPLES = 3
"""How many orderings of one roll an unexplained answer keeps as examples."""

MAX_PASSES = 8
"""The most passes through the keys (the fit stops sooner, once a pass changes nothing)."""

PATTERN_NAMES: Mapping[tuple[int, ...], str] = {
    (2, 2, 2): "three pairs",
    (3, 3): "two triplets",
    (4, 2): "four of a kind and a pair",
}
"""The patterns of several kinds the model tries beside the shipped rulesets' own, by their counts."""

Value: TypeAlias = Any  # a key's value, as the typed ruleset holds it (normalized: see _normalized)
Token: TypeAlias = tuple[str, Any]  # a set-aside answer: ("points", n), ("rejected", code), ("other", text)
Question: TypeAlias = tuple[str, str]  # ("best", dice) or ("set_aside", dice), the dice in ascending order


def _token(answer: Any) -> Token:
    """A set-aside answer as the protocol gives it (``{"points": 1050}``, ``{"rejected": code}``), comparable."""
    if isinstance(answer, Mapping) and len(answer) == 1:
        points, code = answer.get("points"), answer.get("rejected")
        if isinstance(points, int) and not isinstance(points, bool):
            return ("points", points)
        if isinstance(code, str):
            return ("rejected", code)
    return ("other", json.dumps(answer, sort_keys=True, default=repr))


def _answer_of(token: Token) -> Any:
    """The protocol's form of a set-aside token."""
    kind, value = token
    if kind == "points":
        return {"points": value}
    if kind == "rejected":
        return {"rejected": value}
    return json.loads(value)


def _said(token: Token) -> str:
    kind, value = token
    if kind == "points":
        return f"scores {value}"
    if kind == "rejected":
        return f"is rejected ({value})"
    return f"answers {value}"


def _rejected(dice: Roll, most: int) -> Token:
    """Why dice that no split scores whole cannot be set aside, in the order
    :func:`~dicespec.setaside.combos.split` checks it (``most``: the dice of a roll)."""
    if not dice.dice:
        return ("rejected", EmptySetAsideError.code)
    if len(dice) > most:
        return ("rejected", TooManyDiceError.code)
    return ("rejected", NotScoringError.code)


def _part_token(rules: SetAsideRuleset, dice: Roll) -> Token:
    """What setting aside exactly ``dice`` answers under ``rules`` (as ``set_aside_score_answer``)."""
    try:
        return ("points", combos.score(rules, dice))
    except SetAsideError as exc:
        return ("rejected", exc.code)


# -- the answers, by distinct roll -----------------------------------------------------------


@dataclass(frozen=True)
class _Answers:
    """The answers, gathered by distinct dice (ascending digits)."""

    rolls: tuple[str, ...]  # the distinct rolls asked for their best
    roll_dice: tuple[Roll, ...]
    tallies: tuple[Counter[int], ...]  # per roll: answer → how many orderings gave it
    orderings: Mapping[str, Mapping[str, int]]  # roll → ordering → answer
    parts: tuple[str, ...]  # the set-asides asked
    part_dice: tuple[Roll, ...]
    part_answers: tuple[Token, ...]
    part_index: Mapping[str, int]  # dice set aside → their place in ``parts``

    @property
    def count(self) -> int:
        return sum(sum(t.values()) for t in self.tallies) + len(self.parts)

    def best_of(self, roll: str) -> int | None:
        """The answer most orderings of ``roll`` gave, if it was asked."""
        found = self.orderings.get(roll)
        return None if not found else Counter(found.values()).most_common(1)[0][0]

    def part(self, dice: str) -> Token | None:
        index = self.part_index.get(dice)
        return None if index is None else self.part_answers[index]


def _gathered(bests: Mapping[str, int], parts: Mapping[str, Any]) -> _Answers:
    orderings: dict[str, dict[str, int]] = {}
    for ordered, points in bests.items():
        orderings.setdefault("".join(sorted(ordered)), {})[ordered] = points
    rolls = tuple(sorted(orderings, key=lambda r: (len(r), r)))
    by_part: dict[str, Token] = {}
    for dice, answer in parts.items():
        by_part.setdefault("".join(sorted(dice)), _token(answer))
    kept = tuple(sorted(by_part, key=lambda p: (len(p), p)))
    return _Answers(
        rolls=rolls,
        roll_dice=tuple(Roll.parse(roll) for roll in rolls),
        tallies=tuple(Counter(orderings[roll].values()) for roll in rolls),
        orderings=orderings,
        parts=kept,
        part_dice=tuple(Roll.parse(part) for part in kept),
        part_answers=tuple(by_part[part] for part in kept),
        part_index={part: index for index, part in enumerate(kept)},
    )


# -- candidate rulesets, scored by the engine ------------------------------------------------


@dataclass(frozen=True)
class _Scored:
    """A candidate ruleset's expected answers and how many of the answers they agree with."""

    rules: SetAsideRuleset
    bests: tuple[int, ...]  # per distinct roll asked
    parts: tuple[Token, ...]  # per set-aside asked
    agree: int


def _scored(rules: SetAsideRuleset, answers: _Answers, tables: tuple[Sequence[int], Sequence[Token]]) -> _Scored:
    bests, parts = tuple(tables[0]), tuple(tables[1])
    agree = sum(tally[b] for tally, b in zip(answers.tallies, bests, strict=True))
    agree += sum(given == expected for given, expected in zip(answers.part_answers, parts, strict=True))
    return _Scored(rules, bests, parts, agree)


@dataclass(frozen=True)
class _Lattice:
    """Every multiset of up to ``dice`` dice, smallest first, with the ways to split off a
    combination holding a die of its lowest face: the engine's table (``combos``), laid out once
    per number of dice so that each candidate fills it in a few milliseconds. Its combinations
    and their points are the engine's own (:func:`dicespec.setaside.combos.combinations`); the
    fitted rules are scored again by the engine itself, and must agree (see :func:`fit_aside`)."""

    dice: int
    multisets: tuple[tuple[int, ...], ...]
    index: Mapping[tuple[int, ...], int]
    splits: tuple[tuple[tuple[int, int], ...], ...]  # per multiset: (the part split off, the rest)
    fewer: tuple[tuple[int, ...], ...]  # per multiset: itself less one die, for each face shown
    sizes: tuple[int, ...]

    @staticmethod
    @cache
    def of(dice: int) -> _Lattice:
        every = [
            tuple(_counts(faces)) for size in range(dice + 1) for faces in combinations_with_replacement(FACES, size)
        ]
        index = {counts: i for i, counts in enumerate(every)}
        splits, fewer = [], []
        for counts in every:
            lowest = next((i for i, n in enumerate(counts) if n), None)
            found = []
            if lowest is not None:
                for part in product(*(range(n + 1) for n in counts)):
                    if part[lowest]:
                        rest = tuple(a - b for a, b in zip(counts, part, strict=True))
                        found.append((index[part], index[rest]))
            splits.append(tuple(found))
            fewer.append(tuple(index[(*counts[:i], n - 1, *counts[i + 1 :])] for i, n in enumerate(counts) if n))
        return _Lattice(dice, tuple(every), index, tuple(splits), tuple(fewer), tuple(map(sum, every)))

    def tables(self, rules: SetAsideRuleset) -> tuple[list[int | None], list[int]]:
        """Per multiset: the points of its best split using every die (None: some die scores
        nothing in every split), and the most any part of it scores (0: a farkle)."""
        points: list[int | None] = [None] * len(self.multisets)
        for combo in combos.combinations(rules):
            at = self.index.get(combo.counts)
            if at is not None and (points[at] is None or combo.points > (points[at] or 0)):
                points[at] = combo.points
        exact: list[int | None] = [0]
        best = [0]
        for at in range(1, len(self.multisets)):
            top: int | None = None
            for part, rest in self.splits[at]:
                worth, left = points[part], exact[rest]
                if worth is not None and left is not None and (top is None or worth + left > top):
                    top = worth + left
            exact.append(top)
            best.append(max(top or 0, *(best[i] for i in self.fewer[at])))
        return exact, best


def _counts(faces: Sequence[int]) -> list[int]:
    counts = [0] * len(FACES)
    for face in faces:
        counts[face - 1] += 1
    return counts


def _normalized(key: str, value: Value) -> Value:
    """One form per value: straights and patterns in a fixed order, none worth 0 points (the
    engine skips those), so that the same rules are one candidate."""
    if key == "straights":
        return tuple(sorted((s for s in value if s.points), key=lambda s: (s.faces, s.points)))
    if key == "patterns":
        return tuple(sorted((p for p in value if p.points), key=lambda p: (p.counts, p.points, p.name)))
    return value


def _state_of(rules: SetAsideRuleset) -> dict[str, Value]:
    return {key: _normalized(key, getattr(rules, key)) for key in KEYS}


class _Fitter:
    """The answers, the asked ruleset, and every candidate scored so far (by its values)."""

    def __init__(self, asked: SetAsideRuleset, answers: _Answers) -> None:
        self.asked, self.answers = asked, answers
        self.scored: dict[tuple[Value, ...], _Scored] = {}
        self.shipped = _shipped(asked)
        self.lattice = _Lattice.of(asked.dice)
        index = self.lattice.index
        self.roll_at = [index[roll.counts] for roll in answers.roll_dice]
        self.part_at = [
            (dice, index[dice.counts] if 0 < len(dice) <= asked.dice else None) for dice in answers.part_dice
        ]

    def score(self, state: Mapping[str, Value]) -> _Scored:
        values = tuple(state[key] for key in KEYS)
        found = self.scored.get(values)
        if found is None:
            rules = replace(self.asked, name=f"{self.asked.name}-fit-{len(self.scored)}", **state)
            exact, best = self.lattice.tables(rules)
            bests = [best[at] for at in self.roll_at]
            parts = [
                _rejected(dice, rules.dice) if at is None or exact[at] is None else ("points", exact[at])
                for dice, at in self.part_at
            ]
            found = self.scored[values] = _scored(rules, self.answers, (bests, parts))
        return found

    def engine_scored(self, rules: SetAsideRuleset) -> _Scored:
        """``rules`` scored by the engine itself, question by question."""
        answers = self.answers
        bests = [combos.best(rules, roll) for roll in answers.roll_dice]
        return _scored(rules, answers, (bests, [_part_token(rules, dice) for dice in answers.part_dice]))

    def candidates(self, key: str, state: Mapping[str, Value]) -> list[Value]:
        return candidates(key, self.asked, self.answers, state, self.shipped, self.score)


def _shipped(asked: SetAsideRuleset) -> list[SetAsideRuleset]:
    """The shipped set-aside rulesets of as many dice, the asked game's first (the asked one left out)."""
    found = [
        rules for rules in find_rulesets_of(SetAsideRuleset) if rules.dice == asked.dice and rules.name != asked.name
    ]
    return sorted(found, key=lambda r: r.game != asked.game)  # stable: the registry's order within a game


def _runs(dice: int) -> Iterator[tuple[int, ...]]:
    """The straights of consecutive faces the model tries: four faces up to ``dice`` faces."""
    for length in range(4, dice + 1):
        for low in range(1, 8 - length):
            yield tuple(range(low, low + length))


def _shape_parts(counts: tuple[int, ...]) -> Iterator[str]:
    """Every set-aside of ``counts`` dice of distinct faces (a pattern's dice on any faces)."""
    seen: set[str] = set()
    for faces in permutations(FACES, len(counts)):
        dice = "".join(sorted(str(face) * n for face, n in zip(faces, counts, strict=True)))
        if dice not in seen:
            seen.add(dice)
            yield dice


def _points(token: Token | None) -> int | None:
    return token[1] if token is not None and token[0] == "points" else None


def _faces_read(answers: _Answers, count: int) -> tuple[int, ...]:
    """What ``count`` dice of each face score set aside together, read from the answers (0 when
    rejected or not asked; the best of those dice where the set-aside was not asked)."""
    found = []
    for face in FACES:
        dice = str(face) * count
        points = _points(answers.part(dice))
        if points is None and answers.part(dice) is None:
            points = answers.best_of(dice)
        found.append(points or 0)
    return tuple(found)


def _differs_from(token: Token | None, expected: Token) -> bool:
    return token is not None and token[0] == "points" and token != expected


def candidates(
    key: str,
    asked: SetAsideRuleset,
    answers: _Answers,
    state: Mapping[str, Value],
    shipped: Sequence[SetAsideRuleset],
    score: Any,
) -> list[Value]:
    """The values ``key`` may take, the asked ruleset's first, then the shipped rulesets' (of as
    many dice), then the model's natural ones and those read off the answers that show the key
    most directly (a lone die, three or more of one face, a run, a pattern's dice), each once.
    ``state`` holds the other keys' values; ``score`` scores a state (for what the answers of a
    run or a pattern would be without any)."""
    found: list[Value] = [_normalized(key, getattr(asked, key))]
    found += [_normalized(key, getattr(rules, key)) for rules in shipped]
    current = state[key]
    dice = asked.dice
    if key in ("singles", "three_of_a_kind"):
        by_face = _faces_read(answers, 1 if key == "singles" else 3)
        found.append(by_face)
        for face in FACES:  # the read value of one face at a time, the others kept
            found.append(tuple(by_face[i] if i == face - 1 else v for i, v in enumerate(current)))
    elif key == "more_of_a_kind":
        for rule in (MoreOfAKindRule.DOUBLING, MoreOfAKindRule.LINEAR):
            found += [MoreOfAKind(rule, largest) for largest in range(dice, 2, -1)]
        fixed = []
        for count in range(4, dice + 1):
            seen = Counter(p for p in _faces_read(answers, count) if p)
            if seen:
                fixed.append((count, seen.most_common(1)[0][0]))
        if fixed:
            found.append(MoreOfAKind(MoreOfAKindRule.FIXED, largest=fixed[-1][0], fixed=tuple(fixed)))
    elif key == "straights":
        none = score({**state, "straights": ()})
        runs: list[Straight] = []
        for run in _runs(dice):
            dice_of = "".join(map(str, run))
            token = answers.part(dice_of)
            index = answers.part_index.get(dice_of)
            if index is not None and _differs_from(token, none.parts[index]):
                runs.append(Straight(run, _points(token) or 0))
        found += [(), tuple(runs)]
        found += [(*(s for s in current if s.faces != each.faces), each) for each in runs]
        found += [tuple(s for s in current if s != each) for each in current]
    elif key == "patterns":
        none = score({**state, "patterns": ()})
        shapes = dict(PATTERN_NAMES)
        for rules in (asked, *shipped):
            for pattern in rules.patterns:
                shapes.setdefault(pattern.counts, pattern.name)
        for rules in (asked, *shipped):  # a shape is named as the rulesets name it
            for pattern in rules.patterns:
                shapes[pattern.counts] = pattern.name
        patterns: list[Pattern] = []
        for counts, name in shapes.items():
            if sum(counts) > dice:
                continue
            tally: Counter[int] = Counter()
            for part in _shape_parts(counts):
                index = answers.part_index.get(part)
                if index is not None and _differs_from(answers.part_answers[index], none.parts[index]):
                    tally[answers.part_answers[index][1]] += 1
            if tally:
                patterns.append(Pattern(name, counts, tally.most_common(1)[0][0]))
        found += [(), tuple(patterns)]
        found += [(*(p for p in current if p.counts != each.counts), each) for each in patterns]
        found += [tuple(p for p in current if p != each) for each in current]
    found.append(current)
    return list(dict.fromkeys(_normalized(key, value) for value in found))


# -- what the fit reports --------------------------------------------------------------------


@dataclass(frozen=True)
class AsideUnexplained:
    """One question whose answers the fitted rules do not explain: for ``best``, the orderings
    of one roll that answered otherwise (a few kept as examples)."""

    question: str  # "best" or "set_aside"
    dice: str  # the roll, or the dice set aside, in ascending order
    expected: Any  # what the fitted rules answer: points for best, the protocol's answer for set_aside
    answers: Mapping[str, Any]  # a few orderings (the dice themselves for set_aside) → the answer given
    wrong: int  # how many orderings answered otherwise
    orderings: int  # how many orderings were asked

    def describe(self) -> str:
        if self.question == "set_aside":
            given = _said(_token(next(iter(self.answers.values()))))
            expected = _said(_token(self.expected)).removeprefix("scores ")
            return f"setting aside {self.dice or '(nothing)'} {given}, not {expected}"
        values = sorted(set(self.answers.values()))
        shown = f"scores {values[0]}" if len(values) == 1 else f"scores {', '.join(map(str, values))}"
        every = "every ordering of" if self.wrong == self.orderings else f"{self.wrong} orderings of"
        examples = ", ".join(list(self.answers)[:2])
        return f"{every} {self.dice} {shown} at best, not {self.expected} (e.g. {examples})"


@dataclass(frozen=True)
class Mixed:
    """A roll whose orderings were not all answered alike (the game's answers depend on the dice only)."""

    dice: str
    usual: int  # the answer most orderings gave
    odd: Mapping[str, int]  # a few of the other orderings → their answer
    count: int  # how many orderings answered otherwise
    orderings: int

    def describe(self) -> str:
        examples = ", ".join(f"{o}: {p}" for o, p in list(self.odd.items())[:2])
        odd = f"{self.count} of {self.orderings} orderings of {self.dice}"
        return f"{odd} score otherwise than the others' {self.usual} (e.g. {examples})"


@dataclass
class KeyFit:
    """What the answers say of one scoring key."""

    key: str
    value: Value | None  # the fitted value; None: no value of the model explains ``share`` of its evidence
    best: Value  # the value that agrees most, fitted or not
    asked_value: Value  # the asked ruleset's
    agree: int  # answers of its evidence the best value explains
    evidence: int  # answers on which its candidate values disagree
    tried: int  # how many values were tried
    alike: list[Value] = field(default_factory=list)  # other values with the very same answers
    kept_from: str | None = None  # with alike values: the ruleset whose value was kept
    unexplained: list[AsideUnexplained] = field(default_factory=list)  # of its evidence
    share: float = SHARE

    @property
    def unexplained_answers(self) -> int:
        return sum(each.wrong for each in self.unexplained)

    def describe(self) -> str:
        """One line: the value (or none), its evidence, and what no answer tells it from."""
        agree = f"{self.agree:,} of {self.evidence:,} answers agree"
        if self.value is None:
            said = (
                f"{self.key}: no value of the model explains {self.share:.0%} of its answers; "
                f"the nearest, {_shown(self.key, self.best)}, explains {self.agree / self.evidence:.2%} ({agree})"
            )
        elif self.tried == 1:
            said = f"{self.key}: {_shown(self.key, self.value)} (as read off the answers; no other value proposed)"
        else:
            said = f"{self.key}: {_shown(self.key, self.value)} ({agree})"
        if self.alike:
            kept = f"; kept {self.kept_from}'s" if self.kept_from else ""
            said += f"; no answer tells it from {_shown(self.key, self.alike[0])}"
            said += f" and {len(self.alike) - 1} more" if len(self.alike) > 1 else ""
            said += kept
        return said


def _shown(key: str, value: Value) -> str:
    return json.dumps(value_data(key, value), separators=(", ", ": "))


@dataclass
class AsideFit:
    """The scoring keys fitted, the fitted rules, and the answers they do not explain."""

    asked: SetAsideRuleset
    keys: dict[str, KeyFit]
    rules: SetAsideRuleset  # the asked ruleset with every key's best value (named as the asked one)
    agree: int  # answers the fitted rules explain
    answers: int
    unexplained: list[AsideUnexplained] = field(default_factory=list)  # against the fitted rules, every question
    mixed: list[Mixed] = field(default_factory=list)
    candidates: int = 0  # how many candidate rulesets were scored
    share: float = SHARE

    @property
    def values(self) -> dict[str, Value | None]:
        """Each key's fitted value (None: no value of the model fits)."""
        return {key: fit.value for key, fit in self.keys.items()}

    @property
    def unexplained_answers(self) -> int:
        return sum(each.wrong for each in self.unexplained)


def fit_aside(
    asked: SetAsideRuleset, bests: Mapping[str, int], parts: Mapping[str, Any], share: float = SHARE
) -> AsideFit:
    """The scoring keys of the set-aside model that best explain the answers, asked under
    ``asked``: ``bests`` (an ordered roll's digits → its best score) and ``parts`` (dice set aside,
    as digits → the ``set_aside`` answer as the protocol gives it)."""
    answers = _gathered(bests, parts)
    fitter = _Fitter(asked, answers)
    state = _state_of(asked)
    for _ in range(MAX_PASSES):
        changed = False
        for key in KEYS:
            chosen, top = state[key], -1
            for value in fitter.candidates(key, state):
                agree = fitter.score({**state, key: value}).agree
                if agree > top:
                    chosen, top = value, agree
            if chosen != state[key]:
                state[key], changed = chosen, True
        if not changed:
            break
    fitted = fitter.score(state)
    engine = fitter.engine_scored(fitted.rules)
    if (engine.bests, engine.parts) != (fitted.bests, fitted.parts):  # the fit's table is not the engine's
        raise RuntimeError(f"aside_fit scores {fitted.rules!r} otherwise than the set-aside engine: a bug of aside_fit")
    keys = {key: _key_fit(key, fitter, state, fitted, share) for key in KEYS}
    return AsideFit(
        asked=asked,
        keys=keys,
        rules=replace(asked, **state),
        agree=fitted.agree,
        answers=answers.count,
        unexplained=_unexplained(answers, fitted, range(len(answers.rolls)), range(len(answers.parts))),
        mixed=_mixed(answers),
        candidates=len(fitter.scored),
        share=share,
    )


def _key_fit(key: str, fitter: _Fitter, state: Mapping[str, Value], fitted: _Scored, share: float) -> KeyFit:
    answers = fitter.answers
    tried = fitter.candidates(key, state)
    others = [(value, fitter.score({**state, key: value})) for value in tried if value != state[key]]
    rolls = [i for i, b in enumerate(fitted.bests) if any(o.bests[i] != b for _, o in others)]
    parts = [j for j, p in enumerate(fitted.parts) if any(o.parts[j] != p for _, o in others)]
    agree = sum(answers.tallies[i][fitted.bests[i]] for i in rolls)
    agree += sum(answers.part_answers[j] == fitted.parts[j] for j in parts)
    evidence = sum(sum(answers.tallies[i].values()) for i in rolls) + len(parts)
    alike = [value for value, o in others if o.bests == fitted.bests and o.parts == fitted.parts]
    kept_from = None
    if alike:
        owners = [fitter.asked, *fitter.shipped]
        kept_from = next((r.name for r in owners if _normalized(key, getattr(r, key)) == state[key]), None)
    return KeyFit(
        key=key,
        value=state[key] if agree >= share * evidence else None,
        best=state[key],
        asked_value=_normalized(key, getattr(fitter.asked, key)),
        agree=agree,
        evidence=evidence,
        tried=len(tried),
        alike=alike,
        kept_from=kept_from,
        unexplained=_unexplained(answers, fitted, rolls, parts),
        share=share,
    )


def _unexplained(
    answers: _Answers, fitted: _Scored, rolls: Sequence[int] | range, parts: Sequence[int] | range
) -> list[AsideUnexplained]:
    found = []
    for i in rolls:
        roll, expected = answers.rolls[i], fitted.bests[i]
        orderings = answers.orderings[roll]
        wrong = {o: p for o, p in orderings.items() if p != expected}
        if wrong:
            examples = dict(list(wrong.items())[:EXAMPLES])
            found.append(AsideUnexplained("best", roll, expected, examples, len(wrong), len(orderings)))
    for j in parts:
        given, token = answers.part_answers[j], fitted.parts[j]
        if given != token:
            dice = answers.parts[j]
            found.append(AsideUnexplained("set_aside", dice, _answer_of(token), {dice: _answer_of(given)}, 1, 1))
    return found


def _mixed(answers: _Answers) -> list[Mixed]:
    found = []
    for roll, tally in zip(answers.rolls, answers.tallies, strict=True):
        if len(tally) > 1:
            usual = tally.most_common(1)[0][0]
            odd = {o: p for o, p in answers.orderings[roll].items() if p != usual}
            found.append(Mixed(roll, usual, dict(list(odd.items())[:EXAMPLES]), len(odd), sum(tally.values())))
    return found


# -- the fit as a ruleset file, and the closest shipped ruleset ------------------------------


def value_data(key: str, value: Value) -> Any:
    """A key's value as a ruleset file writes it."""
    if key in ("singles", "three_of_a_kind"):
        return list(value)
    if key == "more_of_a_kind":
        more: MoreOfAKind = value
        data: dict[str, Any] = {"rule": more.rule.value, "largest": more.largest}
        if more.rule is MoreOfAKindRule.FIXED:
            data["points"] = {KIND_NAMES[count]: points for count, points in more.fixed}
        return data
    if key == "straights":
        return [{"faces": list(s.faces), "points": s.points} for s in value]
    if key == "patterns":
        return [{"name": p.name, "counts": list(p.counts), "points": p.points} for p in value]
    raise KeyError(f"not a scoring key: {key!r}")


def _differs(fit: KeyFit, rules: SetAsideRuleset) -> bool:
    """Does a fitted key differ from ``rules``' value (not merely in how it is written)?"""
    own = _normalized(fit.key, getattr(rules, fit.key))
    return fit.value is not None and own != fit.value and own not in fit.alike


def changed_data(fit: AsideFit, base: SetAsideRuleset | str) -> dict[str, Any]:
    """The fitted keys that differ from the shipped ruleset ``base``, as ruleset-file data: a file
    of ``extends: <base>`` and these keys loads as the fitted rules. A key no value fits is left
    out (the file keeps ``base``'s). Four or more of a kind is written whole; where ``base`` gives
    fixed points to a number of dice the fit does not, the file gives it 0 (no combination), as a
    file that extends cannot take a key away."""
    rules = find_ruleset_of(SetAsideRuleset, base) if isinstance(base, str) else base
    found = {}
    for key, each in fit.keys.items():
        if _differs(each, rules):
            data = value_data(key, each.value)
            if key == "more_of_a_kind" and data["rule"] == rules.more_of_a_kind.rule.value == "fixed":
                for count, _ in rules.more_of_a_kind.fixed:
                    data["points"].setdefault(KIND_NAMES[count], 0)
            found[key] = data
    return found


def closest_ruleset(fit: AsideFit) -> str:
    """The shipped ruleset of the asked game, of as many dice, whose scoring differs from the fit
    in the fewest keys (the asked one first among equals; keys no value fits do not count)."""
    asked = fit.asked
    names = [asked.name, *(n for n in ruleset_names(asked.game) if n != asked.name)]
    best, fewest = asked.name, None
    for name in names:
        if name not in ruleset_names(asked.game):
            continue
        rules = find_ruleset_of(SetAsideRuleset, name)
        if rules.dice != asked.dice:
            continue
        differ = sum(_differs(each, rules) for each in fit.keys.values())
        if fewest is None or differ < fewest:
            best, fewest = name, differ
    return best
