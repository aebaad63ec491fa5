"""Combinations of one set-aside roll (10000, Greed): set-aside scores, options, the best, and the farkle odds.

The exhaustive checks compare the engine with a brute force kept here: every subset of the
dice, split into groups every possible way, each group scored as one combination by a
function written straight from the rules (the German text, or the Farkle table), not from the
ruleset data the engine reads.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from fractions import Fraction
from functools import cache
from itertools import combinations, combinations_with_replacement, product

import pytest
from hypothesis import given

from dicespec import DiceCountError, Roll, find_ruleset
from dicespec.setaside.combos import best, is_farkle, is_scoring, options, score, scoring_dice, split
from dicespec.setaside.errors import (
    EmptySetAsideError,
    NotInRollError,
    NotScoringError,
    SetAsideError,
    TooManyDiceError,
)
from dicespec.setaside.ruleset import SetAsideRuleset
from strategies import set_aside_ruleset_and_roll, ten_thousand_ruleset_roll_and_part

TEXT = find_ruleset("ten-thousand")
FARKLE = find_ruleset("farkle")


# -- hand-checked scores -----------------------------------------------------------------------

TEXT_SCORES = [
    # singles: "eine einzige 1 100 Punkte wert"; 5s 50
    ("1", 100),
    ("5", 50),
    ("15", 150),
    ("11", 200),
    ("55", 100),
    ("1155", 300),
    # three of a kind: "drei 1s ... 1.000", "drei 2s ... 200", and so on
    ("111", 1000),
    ("222", 200),
    ("333", 300),
    ("444", 400),
    ("555", 500),
    ("666", 600),
    # four of a kind "mal zwei", five "mal vier": "fünf 2s ... 200x4 oder 800"
    ("2222", 400),
    ("22222", 800),
    ("1111", 2000),
    ("11111", 4000),
    ("6666", 1200),
    ("66666", 2400),
    # six of a kind: doubling once more (the ruleset's gap)
    ("222222", 1600),
    ("111111", 8000),
    ("555555", 4000),
    # the high straight, "1.250 Punkten", in any order, and with a scoring die beside it
    ("12345", 1250),
    ("54321", 1250),
    ("123455", 1300),
    ("112345", 1350),
    # a set-aside is split the best way: five 1s and a 5, two triplets, 1s and 5s around a triple
    ("111115", 4050),
    ("222333", 500),
    ("111555", 1500),
    ("222115", 450),
    ("444155", 600),
]

FARKLE_SCORES = [
    ("1", 100),
    ("5", 50),
    ("111", 1000),
    ("222", 200),
    ("666", 600),
    ("2222", 1000),
    ("22222", 2000),
    ("222222", 3000),
    ("111111", 3000),
    ("1111", 1100),  # three 1s and a 1 beat the fixed 1000 of four of a kind
    ("123456", 1500),
    ("112233", 1500),
    ("223344", 1500),
    ("222233", 1500),
    ("111155", 1500),
    ("222333", 2500),
    ("111555", 2500),
    ("111115", 2050),
]


@pytest.mark.parametrize(("dice", "points"), TEXT_SCORES)
def test_text_scores(dice: str, points: int) -> None:
    """Setting aside these dice scores what the German text says."""
    assert score(TEXT, Roll.parse(dice)) == points


@pytest.mark.parametrize(("dice", "points"), FARKLE_SCORES)
def test_farkle_scores(dice: str, points: int) -> None:
    """Setting aside these dice scores what the published Farkle table says."""
    assert score(FARKLE, Roll.parse(dice)) == points


TEXT_BEST = [
    ("111556", 1100),
    ("23456", 50),
    ("234566", 50),
    ("123456", 1250),
    ("223346", 0),
    ("2", 0),
    ("1", 100),
    ("22", 0),
    ("222", 200),
    ("66", 0),
    ("112233", 200),
    ("222244", 400),
]


@pytest.mark.parametrize(("dice", "points"), TEXT_BEST)
def test_text_best(dice: str, points: int) -> None:
    """The most a roll can give under the text: a low straight only its 5, six unique its 1-5 straight."""
    assert best(TEXT, Roll.parse(dice)) == points


@pytest.mark.parametrize(
    ("ruleset", "dice", "code"),
    [
        (TEXT, "2", "not-scoring"),
        (TEXT, "23456", "not-scoring"),  # the low straight has no value of its own
        (TEXT, "123456", "not-scoring"),  # six unique: its 6 scores nothing
        (TEXT, "112233", "not-scoring"),  # three pairs are no combination in the text
        (TEXT, "2233", "not-scoring"),
        (TEXT, "", "empty-set-aside"),
        (TEXT, "1111111", "too-many-dice"),
        (FARKLE, "12345", "not-scoring"),  # Farkle has only the 1-6 straight
        (FARKLE, "2233", "not-scoring"),
    ],
)
def test_rejected_set_asides(ruleset, dice: str, code: str) -> None:
    """A set-aside with a die that scores nothing, no die, or more dice than a roll is rejected."""
    with pytest.raises(SetAsideError) as caught:
        score(ruleset, Roll.parse(dice))
    assert caught.value.code == code


def test_rejection_names_the_dice_that_score_nothing() -> None:
    """A not-scoring rejection names the dice that score nothing, and is a ValueError."""
    with pytest.raises(NotScoringError, match=r"1236: 2, 3, 6 score nothing") as caught:
        score(TEXT, "1236")
    assert isinstance(caught.value, ValueError)


def test_set_aside_must_be_part_of_the_roll() -> None:
    """Dice that are not in the roll cannot be set aside from it, even scoring ones."""
    with pytest.raises(NotInRollError):
        score(TEXT, "111", roll=Roll.parse("112345"))
    assert score(TEXT, "11", roll=Roll.parse("112345")) == 200


def test_error_classes() -> None:
    """Each rejection has its own class and stable code."""
    assert (EmptySetAsideError.code, TooManyDiceError.code, NotInRollError.code, NotScoringError.code) == (
        "empty-set-aside",
        "too-many-dice",
        "not-in-roll",
        "not-scoring",
    )


def test_options_of_111556() -> None:
    """Every legal set-aside of 111556 is listed once, most points first."""
    found = [(str(o.dice), o.points) for o in options(TEXT, Roll.parse("111556"))]
    assert found == [
        ("11155", 1100),
        ("1115", 1050),
        ("111", 1000),
        ("1155", 300),
        ("115", 250),
        ("11", 200),
        ("155", 200),
        ("15", 150),
        ("1", 100),
        ("55", 100),
        ("5", 50),
    ]


def test_split_names_the_combinations() -> None:
    """The best split of a set-aside is made of the ruleset's combinations."""
    assert sorted(c.name for c in split(TEXT, "111115")) == ["a 5", "five 1s"]
    assert [c.name for c in split(FARKLE, "224422")] == ["four of a kind and a pair"]


@pytest.mark.parametrize("dice", ["", "1234561"])
def test_best_needs_one_to_six_dice(dice: str) -> None:
    """A roll has one to six dice; anything else is a clear error."""
    with pytest.raises(DiceCountError, match="a roll has 1 to 6"):
        best(TEXT, Roll.parse(dice))
    with pytest.raises(DiceCountError):
        options(TEXT, Roll.parse(dice))


# -- properties --------------------------------------------------------------------------------


@given(set_aside_ruleset_and_roll())
def test_best_is_the_best_option(ruleset_and_roll) -> None:
    """The best of a roll is its best option's points, or 0 (a farkle) when it has none."""
    ruleset, roll = ruleset_and_roll
    found = options(ruleset, roll)
    assert best(ruleset, roll) == max((o.points for o in found), default=0)
    assert is_farkle(ruleset, roll) == (not found)


@given(set_aside_ruleset_and_roll())
def test_options_are_distinct_scoring_parts(ruleset_and_roll) -> None:
    """Each option is a distinct part of the roll that scores its points."""
    ruleset, roll = ruleset_and_roll
    found = options(ruleset, roll)
    assert len({o.dice for o in found}) == len(found)
    for option in found:
        assert score(ruleset, option.dice, roll=roll) == option.points > 0


@given(ten_thousand_ruleset_roll_and_part())
def test_a_part_scores_exactly_when_it_is_an_option(ruleset_roll_and_part: tuple[SetAsideRuleset, Roll, Roll]) -> None:
    """Where the player chooses, a part of a roll scores when it is one of the roll's options, and is
    rejected otherwise."""
    ruleset, roll, part = ruleset_roll_and_part
    points = {o.dice: o.points for o in options(ruleset, roll)}
    key = Roll(part.sorted)
    if key in points:
        assert score(ruleset, part, roll=roll) == points[key]
        assert is_scoring(ruleset, part)
    else:
        with pytest.raises(NotScoringError):
            score(ruleset, part, roll=roll)


@given(set_aside_ruleset_and_roll())
def test_order_does_not_matter(ruleset_and_roll) -> None:
    """The order of the dice never changes a roll's best or options."""
    ruleset, roll = ruleset_and_roll
    backwards = Roll(tuple(reversed(roll.dice)))
    assert best(ruleset, backwards) == best(ruleset, roll)
    assert options(ruleset, backwards) == options(ruleset, roll)


# -- exhaustive: the engine against a brute force ------------------------------------------------


def text_group(dice: tuple[int, ...]) -> int | None:
    """What a group of dice scores as one combination under the German text; None: no combination."""
    if len(dice) == 1:
        return {1: 100, 5: 50}.get(dice[0])
    if sorted(dice) == [1, 2, 3, 4, 5]:
        return 1250
    if len(dice) >= 3 and len(set(dice)) == 1:
        three = 1000 if dice[0] == 1 else 100 * dice[0]
        return three * 2 ** (len(dice) - 3)  # four x2, five x4, six x8
    return None


def farkle_group(dice: tuple[int, ...]) -> int | None:
    """What a group of dice scores as one combination under the published Farkle table."""
    if len(dice) == 1:
        return {1: 100, 5: 50}.get(dice[0])
    if sorted(dice) == [1, 2, 3, 4, 5, 6]:
        return 1500
    shape = sorted(Counter(dice).values(), reverse=True)
    if shape == [3]:
        return 1000 if dice[0] == 1 else 100 * dice[0]
    return {(4,): 1000, (5,): 2000, (6,): 3000, (2, 2, 2): 1500, (4, 2): 1500, (3, 3): 2500}.get(tuple(shape))


GROUPS: dict[str, Callable[[tuple[int, ...]], int | None]] = {"ten-thousand": text_group, "farkle": farkle_group}


def set_partitions(items: tuple[int, ...]) -> Iterator[list[tuple[int, ...]]]:
    """Every way to split ``items`` (by position) into non-empty groups."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for partition in set_partitions(rest):
        yield [(first,), *partition]
        for i, group in enumerate(partition):
            yield [*partition[:i], (first, *group), *partition[i + 1 :]]


@cache
def brute_exact(name: str, dice: tuple[int, ...]) -> int | None:
    """The most that setting aside exactly ``dice`` scores, trying every split; None: it cannot."""
    group = GROUPS[name]
    totals = []
    for partition in set_partitions(dice):
        points = [group(g) for g in partition]
        if None not in points:
            totals.append(sum(points))  # type: ignore[arg-type]
    return max(totals, default=None)


@cache
def brute_best(name: str, dice: tuple[int, ...]) -> int:
    """The most any subset of ``dice`` scores, trying every subset of positions."""
    found = [
        brute_exact(name, tuple(sorted(subset)))
        for size in range(1, len(dice) + 1)
        for subset in combinations(dice, size)
    ]
    return max((p for p in found if p is not None), default=0)


def _breakdown(mismatches: list[tuple[str, object, object]]) -> str:
    lines = [f"  dice {dice}: brute force {expected}, engine {actual}" for dice, expected, actual in mismatches[:20]]
    return f"{len(mismatches)} mismatches, first ones:\n" + "\n".join(lines)


@pytest.mark.slow
@pytest.mark.parametrize("name", list(GROUPS))
def test_best_of_every_roll(name: str) -> None:
    """best() agrees with the brute force on every ordered roll of one to six dice (55,986 rolls)."""
    ruleset = find_ruleset(name)
    mismatches = []
    for n in range(1, 7):
        for dice in product(range(1, 7), repeat=n):
            expected = brute_best(name, tuple(sorted(dice)))
            actual = best(ruleset, Roll(dice))
            if actual != expected:
                mismatches.append(("".join(map(str, dice)), expected, actual))
    assert not mismatches, _breakdown(mismatches)


@pytest.mark.slow
@pytest.mark.parametrize("name", list(GROUPS))
def test_score_of_every_set_aside(name: str) -> None:
    """score() agrees with the brute force on every multiset of one to six dice, rejections included."""
    ruleset = find_ruleset(name)
    mismatches: list[tuple[str, object, object]] = []
    for n in range(1, 7):
        for dice in combinations_with_replacement(range(1, 7), n):
            expected = brute_exact(name, dice)
            try:
                actual: int | str = score(ruleset, Roll(dice))
            except NotScoringError:
                actual = "not-scoring"
            if actual != (expected if expected is not None else "not-scoring"):
                mismatches.append(("".join(map(str, dice)), expected, actual))
    assert not mismatches, _breakdown(mismatches)


# The chance that a roll of n dice scores nothing, under the German text: 6 dice exactly
# 1440/46656 (no 1, no 5, no three of a kind: two or one of each of 2, 3, 4, 6).
TEXT_FARKLE_ODDS = {
    1: Fraction(4, 6),
    2: Fraction(16, 36),
    3: Fraction(60, 216),
    4: Fraction(204, 1296),
    5: Fraction(600, 7776),
    6: Fraction(1440, 46656),
}
# Under the Farkle table, three pairs save 360 of those 1440 six-dice rolls.
FARKLE_FARKLE_ODDS = {**TEXT_FARKLE_ODDS, 6: Fraction(1080, 46656)}


@pytest.mark.slow
@pytest.mark.parametrize(("name", "odds"), [("ten-thousand", TEXT_FARKLE_ODDS), ("farkle", FARKLE_FARKLE_ODDS)])
@pytest.mark.parametrize("n", range(1, 7))
def test_farkle_odds(name: str, odds: dict[int, Fraction], n: int) -> None:
    """The share of n-dice rolls that score nothing is exact, by the brute force and by the engine."""
    ruleset = find_ruleset(name)
    rolls = list(product(range(1, 7), repeat=n))
    by_brute_force = Fraction(sum(brute_best(name, tuple(sorted(d))) == 0 for d in rolls), len(rolls))
    by_engine = Fraction(sum(is_farkle(ruleset, Roll(d)) for d in rolls), len(rolls))
    assert by_brute_force == by_engine == odds[n]


def test_six_dice_farkle_odds_as_stated() -> None:
    """Six dice farkle in exactly 1440 of 46656 rolls under the German text (5/162)."""
    assert TEXT_FARKLE_ODDS[6] == Fraction(1440, 46656) == Fraction(5, 162)


# -- Greed: five dice, and every scoring die set aside -------------------------------------------

GREED = find_ruleset("greed")


def greed_roll(dice: tuple[int, ...]) -> tuple[int, int]:
    """The points of a Greed roll and how many of its dice score, written straight from the texts:
    three of a face score 1000 (1s) or 100 times the face, each other 1 100 and each other 5 50;
    nothing else scores, and no die counts twice."""
    points = scoring = 0
    for face, count in Counter(dice).items():
        if count >= 3:
            points += 1000 if face == 1 else 100 * face
            scoring += 3
            count -= 3
        if face in (1, 5):
            points += count * (100 if face == 1 else 50)
            scoring += count
    return points, scoring


GREED_SCORES = [
    # the rules' table and the koan's rules
    ("1", 100),
    ("5", 50),
    ("111", 1000),
    ("222", 200),
    ("333", 300),
    ("444", 400),
    ("555", 500),
    ("666", 600),
    # no four or five of a kind: a three of a kind and single dice, the best way
    ("1111", 1100),
    ("5555", 550),
    ("11111", 1200),
    ("55555", 600),
    ("11155", 1100),
    ("1551", 300),
]


@pytest.mark.parametrize(("dice", "points"), GREED_SCORES)
def test_greed_scores(dice: str, points: int) -> None:
    assert score(GREED, Roll.parse(dice)) == points


@pytest.mark.parametrize("dice", ["2222", "22225", "66666"])
def test_greed_has_no_four_or_five_of_a_kind(dice: str) -> None:
    """Four or five dice of a face other than 1 and 5 cannot all be set aside: past three they score nothing."""
    with pytest.raises(NotScoringError):
        score(GREED, dice)


@pytest.mark.parametrize(
    ("dice", "scoring", "points"),
    [
        ("51341", "115", 250),
        ("11131", "1111", 1100),
        ("24454", "4445", 450),  # the rules' examples
        ("22223", "222", 200),
        ("55555", "55555", 600),
        ("12345", "15", 150),
        ("3", None, 0),
        ("23462", None, 0),
    ],
)
def test_greed_sets_aside_only_the_scoring_dice(dice: str, scoring: str | None, points: int) -> None:
    """Where every scoring die is set aside, a roll's one legal set-aside is its scoring dice, worth its best."""
    found = options(GREED, dice)
    assert [(str(o.dice), o.points) for o in found] == ([] if scoring is None else [(scoring, points)])
    every = scoring_dice(GREED, dice)
    assert (None if every is None else (str(every.dice), every.points)) == (
        None if scoring is None else (scoring, points)
    )
    assert best(GREED, dice) == points


def test_chosen_set_asides_are_any_scoring_part() -> None:
    """Where the player chooses (10000), a five-dice roll offers every scoring part, not only all its scoring dice."""
    assert [str(o.dice) for o in options(TEXT, "51341")] == ["115", "11", "15", "1", "5"]


@pytest.mark.parametrize("dice", ["", "123456"])
def test_greed_rolls_one_to_five_dice(dice: str) -> None:
    """A Greed roll has one to five dice; a set-aside of six is too many."""
    with pytest.raises(DiceCountError, match="a roll has 1 to 5"):
        best(GREED, Roll.parse(dice))
    with pytest.raises(TooManyDiceError):
        score(GREED, "111155")


def test_every_greed_roll_against_the_texts() -> None:
    """Every roll of one to five dice: the engine's best and scoring dice are those of the texts'
    rules (greed_roll), and each die left on the table adds nothing to them."""
    for n in range(1, 6):
        for dice in combinations_with_replacement(range(1, 7), n):
            points, scoring = greed_roll(dice)
            every = scoring_dice(GREED, Roll(dice))
            assert best(GREED, Roll(dice)) == points, dice
            assert (0 if every is None else len(every.dice)) == scoring, dice
            assert options(GREED, Roll(dice)) == (() if every is None else (every,)), dice
