"""The replayed games as moves: each seeded game of the corpus is played move by move by a
generator (``sheet_games``, ``set_aside_games``) that yields each action and is sent the dice of
each throw. Two modes drive the same generators:

- **injected dice** (:func:`play_out`): the corpus's own seeded dice, drawn as each throw comes,
  so that its games, its cases and their ids are what they always were;
- **the engine's own dice** (:class:`OwnDiceGame`): an implementation that rolls its own dice is
  asked each move, the dice it shows are sent in, and the reference engines follow it, so that
  every answer can be compared with theirs (:mod:`dicespec.conformance.run.own_dice`).

A move is written in the own-dice notation, the replay notation without the values of the dice:
``roll``, ``reroll 1,3`` (the dice at positions 1 and 3 thrown again), and the actions that throw
nothing as they are (``score chance``, ``end``, ``set 15``, ``bank``). Given the dice it threw,
:meth:`Move.thrown` writes it as a replay would (``roll 12345``, ``reroll 1,3=66``).

Each move carries the reference's state before it, and a move that throws nothing is carried out
on the reference's game before it is yielded, with the state after it (a probe, which the rules
refuse, changes nothing): so the answer to every move is known when it is asked, but a throw's,
which is the state before the move that follows it (or, the game over, the state it ends in).
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, field
from typing import Any

Dice = Sequence[int] | str
"""The dice of a throw, as the moves are sent them: numbers (the corpus's own) or digits (an
engine's answer)."""


@dataclass(frozen=True, slots=True)
class Move:
    """One action of a seeded game, as an engine that rolls its own dice is asked it."""

    action: str  # in the own-dice notation: "roll", "reroll 1,3", "score chance", "set 15", "bank"
    throws: int = 0  # the dice it throws: all the dice in hand for a roll, the named ones for a reroll
    positions: tuple[int, ...] = ()  # a reroll's dice, 0-based, in the order named
    refusals: tuple[str, ...] = ()  # a probe the rules refuse: the code of every check it fails, the reference's first
    before: Any = None  # the reference's state before it (after the moves before it)
    after: Any = None  # a move that throws nothing, carried out before it is asked: the state after it
    # the dice a replayed game throws here, chosen for a rule that needs them (an engine that rolls its
    # own dice throws its own)
    loaded: str | None = None

    @property
    def probe(self) -> bool:
        """Is this an action the rules refuse, tried on the way (the game then goes on unchanged)?"""
        return bool(self.refusals)

    def thrown(self, dice: str) -> str:
        """The action in the replay notation, its throw showing ``dice``."""
        return f"{self.action}={dice}" if self.positions else f"{self.action} {dice}"


Moves = Generator[Move, "Dice | None", None]
"""A game's moves: each throw is sent its dice, every other move ``None``."""


def play_out(moves: Moves, throw: Callable[[int], Dice]) -> None:
    """Play a game's every move, the dice of each throw of ``n`` dice given by ``throw(n)`` (or the
    move's own, where it is loaded)."""
    try:
        move = next(moves)
        while True:
            move = moves.send((move.loaded or throw(move.throws)) if move.throws else None)
    except StopIteration:
        pass


def own_notation(action: str) -> str:
    """A replay action in the own-dice notation: ``roll 12345`` is ``roll``, ``reroll 1,2=66`` is
    ``reroll 1,2`` (``reroll =``, no die named, is ``reroll``); any other action as it is."""
    verb, _, rest = action.partition(" ")
    if verb == "roll":
        return "roll"
    if verb == "reroll":
        named = rest.partition("=")[0].strip()
        return f"reroll {named}" if named else "reroll"
    return action


@dataclass
class OwnDiceGame:
    """One seeded game to be played by an implementation that rolls its own dice: its moves, sent
    the dice the implementation shows, and the reference's answer after each (the reference
    engines follow the game with those dice)."""

    id: str  # the case's id: <game>/own-dice/<ruleset>/<index>
    kind: str  # "yahtzee game (own dice)"
    ruleset: str
    row: str  # the policy that plays it
    players: int
    moves: Moves
    answer: Callable[[Any], Any]  # the reference's replay answer of a state (no action refused)
    final: Callable[[], Any]  # the state the game is in (once it is over: the state it ends in)
    actions: list[str]  # the actions played so far, in the replay notation (the dice as shown)
    came_up: dict[str, int] = field(default_factory=dict)  # rules that particular dice bring up: how often
