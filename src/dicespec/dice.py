"""The Roll value type: a throw of six-sided dice, written as digits ("66616").

A :class:`Roll` keeps the dice in the order they were thrown (the texts' examples
are written that way), compares and hashes by that order, and round-trips to
text: ``str(Roll.parse("66616")) == "66616"``. Scoring only ever looks at
:attr:`Roll.counts` or :attr:`Roll.sorted`, so the order never changes a score.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache

FACES = (1, 2, 3, 4, 5, 6)
KEPT = 1 << 16
"""Rolls read from text, and face counts, kept at most (the least recently used go first)."""


class DiceError(ValueError):
    """A roll that is not a valid throw of six-sided dice."""


class DiceCountError(DiceError):
    """A roll with the wrong number of dice."""


class DieValueError(DiceError):
    """A die that does not show one of the faces 1 to 6."""


class DiceTypeError(DiceError, TypeError):
    """Dice given as something other than digits or whole numbers."""


@dataclass(frozen=True, slots=True)
class Roll:
    """Dice as thrown, in order. Build one with :meth:`parse` or :meth:`of`."""

    dice: tuple[int, ...]

    def __post_init__(self) -> None:
        for position, die in enumerate(self.dice, start=1):
            if type(die) is not int:  # bool is an int subclass, and no die
                raise DiceTypeError(f"die {position} is {die!r}, not a whole number")
            if die not in FACES:
                raise DieValueError(f"die {position} shows {die}; a die shows 1 to 6")

    @classmethod
    def parse(cls, text: str, *, count: int | range | None = None) -> Roll:
        """Read dice written as digits, e.g. ``"66616"``; spaces and commas are ignored.

        ``count`` is the number of dice required (an int or a range of ints).
        """
        if not isinstance(text, str):
            raise DiceTypeError(f"dice must be written as digits, got {type(text).__name__}")
        roll = _read(text) if cls is Roll else cls(_read(text).dice)
        if count is not None:
            roll.require_count(count)
        return roll

    @classmethod
    def of(cls, dice: Iterable[int] | str, *, count: int | range | None = None) -> Roll:
        """Make a roll from die values, e.g. ``Roll.of([6, 6, 6, 1, 6])``, or from digits (as :meth:`parse`)."""
        if isinstance(dice, str):
            return cls.parse(dice, count=count)
        if not isinstance(dice, Iterable):
            raise DiceTypeError(f"dice must be die values or digits, got {type(dice).__name__}")
        roll = dice if type(dice) is cls else cls(tuple(dice))  # a roll is valid already, and immutable
        if count is not None:
            roll.require_count(count)
        return roll

    def require_count(self, count: int | range) -> None:
        """Raise :class:`DiceCountError` unless the roll has ``count`` dice."""
        n = len(self.dice)
        if isinstance(count, range):
            if n not in count:
                raise DiceCountError(f"{self} has {n} dice; expected {count.start} to {count.stop - 1}")
        elif n != count:
            raise DiceCountError(f"{str(self) or 'an empty roll'} has {n} dice; expected {count}")

    @property
    def counts(self) -> tuple[int, int, int, int, int, int]:
        """How many dice show each face, ones first: ``Roll.parse("66616").counts == (1, 0, 0, 0, 0, 4)``."""
        return _counts(self.dice)

    @property
    def sorted(self) -> tuple[int, ...]:
        """The dice in ascending order: the roll as a multiset."""
        return tuple(sorted(self.dice))

    @property
    def total(self) -> int:
        """The sum of the dice."""
        return sum(self.dice)

    def __len__(self) -> int:
        return len(self.dice)

    def __iter__(self) -> Iterator[int]:
        return iter(self.dice)

    def __getitem__(self, index: int) -> int:
        return self.dice[index]

    def __str__(self) -> str:
        return "".join(map(str, self.dice))

    def __repr__(self) -> str:
        return f"Roll.parse({str(self)!r})"


@lru_cache(maxsize=KEPT)
def _read(text: str) -> Roll:
    """The roll written ``text`` (read once: a roll is immutable); raises if it is not dice."""
    digits = [c for c in text if c not in " ,"]
    for c in digits:
        if c not in "0123456789":  # not str.isdigit(): it accepts "²", which int() refuses
            raise DiceTypeError(f"{text!r} is not dice: {c!r} is not a digit")
    return Roll(tuple(int(c) for c in digits))


@lru_cache(maxsize=KEPT)
def _counts(dice: tuple[int, ...]) -> tuple[int, int, int, int, int, int]:
    """How many of ``dice`` show each face, ones first (counted once per distinct dice)."""
    c = [0] * 6
    for die in dice:
        c[die - 1] += 1
    return (c[0], c[1], c[2], c[3], c[4], c[5])
