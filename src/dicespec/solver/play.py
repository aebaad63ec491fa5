"""The play a score-sheet solution implies, as arrays: its states level by level, and for each roll
the choice of the largest value from each state. Each of the solver's two paths gives its own
(:meth:`Solution.play <dicespec.solver.solved.Solution.play>`); the spread
(:mod:`dicespec.solver.spread`) follows it, and plays games by it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

import numpy as np

from dicespec.solver.keeps import KeepTables

__all__ = ["EVENTS", "Best", "Chosen", "Play", "flat"]

EVENTS = ("upper_bonus", "five_of_a_kind", "repeat")
"""The sheet-level events, in the order they are reported (a ruleset has those its rules allow):
the upper bonus made; the five-of-a-kind row scored above 0; at least one repeat five of a kind
(a bonus line's points or, in Kiriki, a repeat kiriki)."""

Chosen = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]
"""For each roll (rows) and state (columns) of a batch, the best choice's value, its points gained,
the flat index of the next state, and which events it makes (events, rolls, states)."""


class Best:
    """The best of a batch's choices, offered one at a time, each broadcast to (rolls, states); on a
    tie, the first offered."""

    def __init__(self, rolls: int, states: int, events: int) -> None:
        self.shape = (rolls, states)
        self.value = np.full(self.shape, -np.inf)
        self.gain = np.zeros(self.shape)
        self.after = np.zeros(self.shape, dtype=np.int64)
        self.made = np.zeros((events, *self.shape), dtype=bool)

    def offer(self, value: np.ndarray, gain: np.ndarray, after: np.ndarray, made: dict[int, np.ndarray]) -> None:
        better = np.broadcast_to(value > self.value, self.shape)
        np.copyto(self.value, value, where=better)
        np.copyto(self.gain, gain, where=better)
        np.copyto(self.after, after, where=better)
        for event in range(len(self.made)):
            np.copyto(self.made[event], made.get(event, False), where=better)

    def offer_roll(
        self, roll: int, value: np.ndarray, gain: np.ndarray, after: np.ndarray, made: dict[int, np.ndarray]
    ) -> None:
        """A choice for one roll only (values per state)."""
        better = value > self.value[roll]
        np.copyto(self.value[roll], value, where=better)
        np.copyto(self.gain[roll], gain, where=better)
        np.copyto(self.after[roll], after, where=better)
        for event in range(len(self.made)):
            np.copyto(self.made[event][roll], made.get(event, False), where=better)

    def chosen(self) -> Chosen:
        return self.value, self.gain, self.after, self.made


@dataclass(frozen=True, slots=True)
class Play:
    """What a solution's path gives the spread: its states, their choices and the tables' layout."""

    tables: KeepTables
    rerolls: int
    events: tuple[str, ...]
    size: int  # flat states in the value table; index ``size`` is the end of the game
    values: np.ndarray  # flat V, with 0 at ``size``
    has_turn: np.ndarray  # flat: does a player in this state have a turn (False at ``size``)
    start: int  # the empty sheet's flat index
    levels: Callable[[], Iterator[tuple[np.ndarray, np.ndarray, np.ndarray]]]
    """Level by level from the full sheet, flat states: those to solve, and those that take the value
    of another (the bonus out of reach, :func:`dicespec.solver.sheetrules.shared_values`) with it."""
    choices: Callable[[np.ndarray, bool], Chosen]  # flat states, first roll or not
    first_differs: bool  # does a turn's first roll score otherwise than the others


def flat(table: np.ndarray) -> np.ndarray:
    """A table of state values, flat, with the end of the game (0) after its last state."""
    return np.concatenate([table.ravel(), [0.0]])
