"""The dice of one turn as multisets: every roll, every keep, and how rerolls move between them.

A *keep* is the multiset of dice held back before a reroll, from none to all of them; a roll is
a keep of every die. With five dice there are 252 rolls and 462 keeps. Keeps are numbered by
size (no dice first), so the keeps of one size form a slice, and the rolls are the last slice.

Two small index tables carry the whole within-turn dynamic programme:

- ``children[m]``: for each keep of ``m`` dice, the keeps of ``m + 1`` dice made by adding one
  die of each face. The expected value of rerolling into a keep of ``m`` dice is the mean of its
  six children's values (throwing the missing dice one at a time), down from the rolls.
- ``parts[m]``: for each keep of ``m`` dice, the keeps of ``m - 1`` dice made by taking away one
  die of a face it shows (padded by repeating the first). The best keep inside a roll is found
  by a running maximum over these, up from the empty keep.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement
from math import factorial, prod

import numpy as np

from dicespec.dice import FACES, Roll

Counts = tuple[int, ...]  # how many dice show each face, ones first


def counts_of(dice: tuple[int, ...] | Roll) -> Counts:
    """How many of ``dice`` show each face."""
    return tuple(sum(1 for die in dice if die == face) for face in FACES)


def roll_of(counts: Counts) -> Roll:
    """The dice of ``counts`` in ascending order."""
    return Roll(tuple(face for face, n in zip(FACES, counts, strict=True) for _ in range(n)))


def probability(counts: Counts) -> float:
    """The chance that throwing ``sum(counts)`` dice shows exactly these faces."""
    n = sum(counts)
    throws: int = len(FACES) ** n
    return factorial(n) / prod(factorial(c) for c in counts) / throws


@dataclass(frozen=True, slots=True, eq=False)
class KeepTables:
    """Every keep of ``dice`` dice and the index tables between them (see the module docstring)."""

    dice: int
    keeps: tuple[Counts, ...]
    index: dict[Counts, int]
    sizes: tuple[slice, ...]  # sizes[m]: the keeps of m dice
    children: tuple[np.ndarray, ...]  # children[m]: (keeps of m dice, 6) indexes, for m < dice
    parts: tuple[np.ndarray, ...]  # parts[m]: (keeps of m dice, up to 6) indexes, for m > 0
    roll_probability: np.ndarray  # the chance of each roll of every die, in roll order

    @property
    def rolls(self) -> slice:
        """The keeps of every die: the rolls."""
        return self.sizes[self.dice]

    @property
    def roll_count(self) -> int:
        return len(self.roll_probability)

    def roll_counts(self) -> tuple[Counts, ...]:
        """The counts of each roll, in roll order."""
        return self.keeps[self.rolls]

    def roll_index(self, counts: Counts) -> int:
        """The position of a roll among the rolls."""
        first: int = self.rolls.start
        return self.index[counts] - first

    def sub_keeps(self, counts: Counts) -> tuple[Counts, ...]:
        """Every keep inside ``counts``, the empty one and ``counts`` itself included."""
        found: list[Counts] = [()]
        for n in counts:
            found = [(*part, k) for part in found for k in range(n + 1)]
        return tuple(found)


@cache
def keep_tables(dice: int) -> KeepTables:
    """The keeps of ``dice`` dice (built once)."""
    keeps = tuple(counts_of(combo) for size in range(dice + 1) for combo in combinations_with_replacement(FACES, size))
    index = {keep: i for i, keep in enumerate(keeps)}
    starts = [0]
    for size in range(dice + 1):
        starts.append(starts[-1] + sum(1 for keep in keeps if sum(keep) == size))
    sizes = tuple(slice(starts[m], starts[m + 1]) for m in range(dice + 1))

    def with_die(keep: Counts, face_index: int, change: int) -> Counts:
        return (*keep[:face_index], keep[face_index] + change, *keep[face_index + 1 :])

    children = tuple(
        np.array([[index[with_die(keep, f, +1)] for f in range(len(FACES))] for keep in keeps[sizes[m]]])
        for m in range(dice)
    )
    parts = [np.zeros((1, 1), dtype=np.intp)]  # the empty keep has no part: never read
    for m in range(1, dice + 1):
        width = min(m, len(FACES))
        rows = []
        for keep in keeps[sizes[m]]:
            found = [index[with_die(keep, f, -1)] for f, n in enumerate(keep) if n]
            rows.append(found + found[:1] * (width - len(found)))
        parts.append(np.array(rows, dtype=np.intp))
    roll_probability = np.array([probability(keep) for keep in keeps[sizes[dice]]])
    return KeepTables(dice, keeps, index, sizes, children, tuple(parts), roll_probability)


def reroll_values(tables: KeepTables, rolls: np.ndarray) -> np.ndarray:
    """The expected value of holding each keep and throwing the other dice once.

    ``rolls`` gives the value of each roll (rows, in roll order) for a batch of states
    (columns); the answer has one row per keep, the rolls' own rows unchanged.
    """
    expected = np.empty((len(tables.keeps), rolls.shape[1]))
    expected[tables.rolls] = rolls
    for m in reversed(range(tables.dice)):
        children = tables.children[m]
        mean = expected[tables.sizes[m]]  # a view: written in place
        np.add(expected[children[:, 0]], expected[children[:, 1]], out=mean)
        for face in range(2, children.shape[1]):
            mean += expected[children[:, face]]
        mean /= children.shape[1]
    return expected


def best_keep_values(tables: KeepTables, expected: np.ndarray) -> np.ndarray:
    """For each roll, the value of its best keep: the largest ``expected`` over the keeps inside it."""
    best = np.empty_like(expected)
    best[tables.sizes[0]] = expected[tables.sizes[0]]
    for m in range(1, tables.dice + 1):
        parts = tables.parts[m]
        here = best[tables.sizes[m]]  # a view: written in place
        np.maximum(expected[tables.sizes[m]], best[parts[:, 0]], out=here)
        for column in range(1, parts.shape[1]):
            np.maximum(here, best[parts[:, column]], out=here)
    return best[tables.rolls]


def turn_value(tables: KeepTables, final: np.ndarray, rerolls: int) -> np.ndarray:
    """The expected value of a turn that plays on to ``final`` (per roll and state) after up to
    ``rerolls`` rerolls, each keep chosen to maximise it."""
    rolls = final
    for _ in range(rerolls):
        rolls = best_keep_values(tables, reroll_values(tables, rolls))
    value: np.ndarray = tables.roll_probability @ rolls
    return value


def best_keeps(tables: KeepTables, expected: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """:func:`best_keep_values` and the choice behind each: for each roll (rows) and state
    (columns), the value of its best keep and that keep's index in ``tables.keeps``. A keep gives
    way to one of its parts only when the part is strictly better: on a tie, the larger keep, and
    the roll itself (scoring now) before any keep."""
    best = expected.copy()
    pick = np.broadcast_to(np.arange(len(expected))[:, None], expected.shape).copy()
    for m in range(1, tables.dice + 1):
        parts = tables.parts[m]
        here, here_pick = best[tables.sizes[m]], pick[tables.sizes[m]]  # views: written in place
        for column in range(parts.shape[1]):
            part = best[parts[:, column]]
            better = part > here
            np.copyto(here, part, where=better)
            np.copyto(here_pick, pick[parts[:, column]], where=better)
    return best[tables.rolls], pick[tables.rolls]


def turn_value_and_slope(
    tables: KeepTables, final: np.ndarray, final_slope: np.ndarray, rerolls: int
) -> tuple[np.ndarray, np.ndarray]:
    """:func:`turn_value` and its derivative along the same choices.

    ``final_slope`` is the derivative of each final value with respect to one parameter; the
    answer's slope is that of the turn under the keeps that are optimal here (on a tie, the
    larger keep's: :func:`best_keeps`). Where the final values are convex in the parameter, so is
    the turn's value, and the slope is a subgradient of it.
    """
    rolls, slope = final, final_slope
    for _ in range(rerolls):
        rolls, pick = best_keeps(tables, reroll_values(tables, rolls))
        slope = np.take_along_axis(reroll_values(tables, slope), pick, axis=0)
    return tables.roll_probability @ rolls, tables.roll_probability @ slope
