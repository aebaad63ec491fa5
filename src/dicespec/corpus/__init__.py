"""The conformance corpus: every case the runner asks an implementation besides the features,
each with the reference engines' answer, generated as it streams (never held in a list).

Exhaustive cases, for each ruleset (:mod:`.every_roll`):

- score-sheet games (Kiriki): every ordered roll of the ruleset's dice (7,776 for five) in every row;
- set-aside games (10000, Greed): every ordered roll of one to all the ruleset's dice (55,986 for
  six, 9,330 for five), its best score;
- set-aside games: every set-aside (every sub-multiset, none included) of every distinct roll of
  all the ruleset's dice, its points or its rejection.

Replayed games, for each ruleset: seeded random complete games played by simple, varied
policies (:mod:`.sheet_games`, :mod:`.set_aside_games`), each asked of the implementation at
several points (its first and last turn, turns where something notable happened, evenly spaced
others), and a few actions the rules refuse tried on the way (:mod:`.record`). The same games
are played move by move for an implementation that rolls its own dice, the reference engines
following it with the dice it shows (:func:`own_dice_games`, :mod:`.moves`).

The runner keeps a ruleset's replayed games between runs (:mod:`.kept_games`). Which generators
a game has, and how many exhaustive cases a ruleset gives, is this unit's own table per family
(:data:`GENERATORS`, keyed by the family name the registry gives each game). Every case has a
stable id that says what it is:

==========================================  ===================================================
``kiriki/score/kiriki/66616/sixes``         ``score``: dice in a row
``ten-thousand/best/farkle/1156``           ``best``: a roll
``ten-thousand/set-aside/farkle/111556/115`` ``set_aside``: part of a roll of all the dice
                                            (``-``: none of it)
``kiriki/game/kiriki/017/42``               ``replay``: game 17, its first 42 actions
``kiriki/game/kiriki/017/42+``              the same, and then one action the rules may refuse
==========================================  ===================================================
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from math import comb
from typing import Any

from dicespec.corpus import every_roll, set_aside_games, sheet_games
from dicespec.corpus.case import Case
from dicespec.corpus.moves import Move, OwnDiceGame
from dicespec.dice import FACES
from dicespec.registry import Game, game
from dicespec.rulesets import Ruleset

__all__ = [
    "GAMES_PER_RULESET",
    "GENERATORS",
    "Case",
    "Generators",
    "Move",
    "OwnDiceGame",
    "chance_rules",
    "exhaustive",
    "games",
    "own_dice_games",
    "size",
]

GAMES_PER_RULESET = 250
"""Replayed games per ruleset (the conformance runner's ``--games``)."""


@dataclass(frozen=True, slots=True)
class Generators:
    """What the corpus makes of the rulesets of one family of games."""

    exhaustive: Callable[[Game, str], Iterator[Case]]
    """Every exhaustive case of one ruleset (by name)."""
    play: Callable[[Game, str, int, int, Sequence[int], str | None], Iterator[Case]]
    """One seeded replayed game (ruleset, index, seed, the player counts to choose from: none,
    every count, and the ruleset whose game of that index it is, if another: its seed, its ids and
    the ruleset it asks under), asked at several points."""
    size: Callable[[Any], int]
    """How many exhaustive cases a typed ruleset gives."""
    own_dice: Callable[[Game, str, int, int, Sequence[int]], OwnDiceGame]
    """The replayed game of the same arguments as ``play``'s, for an implementation that rolls its
    own dice (:mod:`.moves`)."""
    chance_rules: Callable[[Any], tuple[str, ...]]
    """The rules of a typed ruleset that only particular dice bring up in a game, by their keys."""


def _sheet_size(ruleset: Any) -> int:
    rolls: int = len(FACES) ** ruleset.dice
    return rolls * len(ruleset.rows)


def _set_aside_exhaustive(found: Game, ruleset: str) -> Iterator[Case]:
    yield from every_roll.set_aside_bests(found, ruleset)
    yield from every_roll.set_aside_parts(found, ruleset)


def _set_aside_size(ruleset: Any) -> int:
    n, faces = ruleset.dice, len(FACES)
    bests: int = sum(faces**k for k in range(1, n + 1))
    parts = sum(comb(n - k + faces - 1, faces - 1) * comb(k + faces - 1, faces - 1) for k in range(n + 1))
    return bests + parts


GENERATORS: dict[str, Generators] = {
    "score-sheet": Generators(
        every_roll.sheet_scores, sheet_games.play, _sheet_size, sheet_games.own_dice_game, sheet_games.chance_rules
    ),
    "set-aside": Generators(
        _set_aside_exhaustive,
        set_aside_games.play,
        _set_aside_size,
        set_aside_games.own_dice_game,
        set_aside_games.chance_rules,
    ),
}
"""The corpus of each family of games, by family name."""


def size(ruleset: Ruleset) -> int:
    """The exhaustive cases of a typed ruleset (shipped or read from a file of one's own)."""
    return GENERATORS[game(ruleset.game).family_name].size(ruleset)


def exhaustive(rulesets: Mapping[str, Sequence[str]]) -> Iterator[Case]:
    """The exhaustive cases of these rulesets (game → names)."""
    for name, names in rulesets.items():
        found = game(name)
        for ruleset in names:
            yield from GENERATORS[found.family_name].exhaustive(found, ruleset)


def games(
    rulesets: Mapping[str, Sequence[str]],
    *,
    count: int = GAMES_PER_RULESET,
    seed: int = 0,
    kept: bool = False,
    players: Mapping[str, Sequence[int]] | None = None,
    seeded_as: Mapping[str, str] | None = None,
) -> Iterator[Case]:
    """``count`` replayed games per ruleset (game → names), each asked at several points, each by
    one of the ``players`` counts of its game when they are given (else 1 to 4, within what the
    ruleset allows); with ``kept``, a ruleset's games played once are read back from the cache
    folder after (:mod:`.kept_games`: the same cases). A ruleset that ``seeded_as`` names another
    for (its name → the other's) plays the other's games: from the same seeds, under its own rules
    (where the rules are alike, the same games), with the other's case ids and asking under the
    other's name."""
    from dicespec.corpus.kept_games import kept_games

    for name, names in rulesets.items():
        found = game(name)
        for ruleset in names:
            counts = tuple(sorted((players or {}).get(name, ())))
            other = (seeded_as or {}).get(ruleset)

            def play(
                index: int,
                found: Game = found,
                ruleset: str = ruleset,
                counts: Sequence[int] = counts,
                other: str | None = other,
            ) -> Iterator[Case]:
                return GENERATORS[found.family_name].play(found, ruleset, index, seed, counts, other)

            if kept:
                yield from kept_games(name, ruleset, count, seed, play, counts, seeded_as=other)
            else:
                for index in range(count):
                    yield from play(index)


def own_dice_games(
    rulesets: Mapping[str, Sequence[str]],
    *,
    count: int = GAMES_PER_RULESET,
    seed: int = 0,
    players: Mapping[str, Sequence[int]] | None = None,
) -> Iterator[OwnDiceGame]:
    """The replayed games of :func:`games`, as many and of as many players, for an implementation
    that rolls its own dice: each one's moves, to be sent the dice it shows (:mod:`.moves`)."""
    for name, names in rulesets.items():
        found = game(name)
        counts = tuple(sorted((players or {}).get(name, ())))
        for ruleset in names:
            for index in range(count):
                yield GENERATORS[found.family_name].own_dice(found, ruleset, index, seed, counts)


def chance_rules(ruleset: Ruleset) -> tuple[str, ...]:
    """The rules of a typed ruleset that only particular dice bring up in a game (an engine that
    rolls its own dice shows them by chance), by their keys in a ruleset file."""
    return GENERATORS[game(ruleset.game).family_name].chance_rules(ruleset)
