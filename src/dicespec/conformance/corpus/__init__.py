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
others), and a few actions the rules refuse tried on the way (:mod:`.record`).

The runner keeps a ruleset's replayed games between runs (:mod:`.kept_games`). Which generators
a game has is its family's to say (:mod:`dicespec.registry`). Every case has a
stable id that says what it is:

==========================================  ===================================================
``kiriki/score/kiriki/66616/sixes``         ``kiriki_score``: dice in a row
``ten-thousand/best/farkle/1156``           ``ten_thousand_best``: a roll
``ten-thousand/set-aside/farkle/111556/115`` ``ten_thousand_score``: part of a roll of all the dice
                                            (``-``: none of it)
``kiriki/game/kiriki/017/42``               ``kiriki_replay``: game 17, its first 42 actions
``kiriki/game/kiriki/017/42+``              the same, and then one action the rules may refuse
==========================================  ===================================================
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

from dicespec.conformance.corpus.case import Case
from dicespec.conformance.containment.defaults import GAMES_PER_RULESET
from dicespec.registry import Game, game

__all__ = ["GAMES_PER_RULESET", "Case", "exhaustive", "games"]


def exhaustive(rulesets: Mapping[str, Sequence[str]]) -> Iterator[Case]:
    """The exhaustive cases of these rulesets (game → names)."""
    for name, names in rulesets.items():
        found = game(name)
        for ruleset in names:
            yield from found.family.exhaustive(found, ruleset)


def games(rulesets: Mapping[str, Sequence[str]], *, count: int = GAMES_PER_RULESET, seed: int = 0,
          kept: bool = False) -> Iterator[Case]:
    """``count`` replayed games per ruleset (game → names), each asked at several points; with
    ``kept``, a ruleset's games played once are read back from the cache folder after
    (:mod:`.kept_games`: the same cases)."""
    from dicespec.conformance.corpus.kept_games import kept_games

    for name, names in rulesets.items():
        found = game(name)
        for ruleset in names:
            def play(index: int, found: Game = found, ruleset: str = ruleset) -> Iterator[Case]:
                return found.family.play(found, ruleset, index, seed)

            if kept:
                yield from kept_games(name, ruleset, count, seed, play)
            else:
                for index in range(count):
                    yield from play(index)
