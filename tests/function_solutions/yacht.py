"""An Exercism "yacht" solution as a student writes it, unchanged: the exercise's category
constants, here each a function of the dice, and ``score(dice, category)``. ``dicespec conform
--function yacht:score --ruleset yacht`` runs it with no adapter (tests/conformance/run/test_function.py)."""

from collections import Counter


def _faces(face):
    return lambda dice: face * dice.count(face)


ONES = _faces(1)
TWOS = _faces(2)
THREES = _faces(3)
FOURS = _faces(4)
FIVES = _faces(5)
SIXES = _faces(6)
FULL_HOUSE = lambda dice: sum(dice) if sorted(Counter(dice).values()) == [2, 3] else 0  # noqa: E731
FOUR_OF_A_KIND = lambda dice: next((4 * face for face, n in Counter(dice).items() if n >= 4), 0)  # noqa: E731
LITTLE_STRAIGHT = lambda dice: 30 if sorted(dice) == [1, 2, 3, 4, 5] else 0  # noqa: E731
BIG_STRAIGHT = lambda dice: 30 if sorted(dice) == [2, 3, 4, 5, 6] else 0  # noqa: E731
CHOICE = sum
YACHT = lambda dice: 50 if len(set(dice)) == 1 else 0  # noqa: E731


def score(dice, category):
    return category(dice)
