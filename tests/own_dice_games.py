"""The corpus's games as an engine that rolls its own dice plays them: each move asked of the
reference engines rolling their own seeded dice (``python -m dicespec.adapter --own-dice``,
in process), as the runner asks them, for the tests that need act requests and their answers."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, NamedTuple

from dicespec import corpus
from dicespec.conformance.serving.own_dice import OwnDiceReference


class Act(NamedTuple):
    """One move of a game, asked: the game, the move, the act request's arguments and the answer."""

    game: corpus.OwnDiceGame
    move: corpus.Move
    args: dict[str, Any]
    answer: Any


def acts(rulesets: Mapping[str, Sequence[str]], *, count: int = 1, seed: int = 0) -> Iterator[Act]:
    """Every move of ``count`` games of each ruleset (game → names), in order, asked of the
    reference rolling its own dice, seeded by ``seed`` (the games numbered as the runner numbers
    them, from 0)."""
    engine = OwnDiceReference(seed)
    for number, game in enumerate(corpus.own_dice_games(rulesets, count=count)):
        move = next(game.moves, None)
        while move is not None:
            args: dict[str, Any] = {
                "ruleset": game.ruleset,
                "players": game.players,
                "game": number,
                "action": move.action,
            }
            answer = engine.act(**args)
            yield Act(game, move, args, answer)
            try:
                move = game.moves.send(answer["rolled"])
            except StopIteration:
                move = None
