"""The reference engines rolling their own dice, as an engine that rolls its own dice is asked:
``python -m dicespec.adapter --own-dice [--seed N]``.

Its hello says ``"dice": "own"``, so the runner asks it no replay: it plays every game move by move
with ``act`` (one action of a game it keeps, by the game's number), and this engine throws the
dice of each roll and reroll itself, from a random source of each game's own, seeded by ``--seed``
and the game's number (the same seed, the same dice, however the runner interleaves its games).
A replay it answers ``cannot_ask``, as an engine that rolls its own dice must: the dice a replay
gives cannot be put in it. Every other question it answers as the reference adapter does.

What a family's game needs here is this module's own table, keyed by the family's name
(:data:`FAMILIES`): how a game is made, how an action is carried out (a throw's dice drawn by the
game, the dice it threw given back), what refuses an action, and the answer of a state.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from dicespec.conformance.serving.quick_reference import QuickReference
from dicespec.implementation import CannotAsk, family_of_ruleset, set_aside_replay_answer, sheet_replay_answer
from dicespec.replay import ReplayResult
from dicespec.rulesets import find_ruleset
from dicespec.scoresheet import replay as sheet_replay
from dicespec.scoresheet.errors import SheetActionError
from dicespec.scoresheet.game import SheetGame
from dicespec.setaside import replay as set_aside_replay
from dicespec.setaside.errors import SetAsideRulesError
from dicespec.setaside.game import SetAsideGame
from dicespec.validation import JSON

DiceSource = Callable[[int], Sequence[int]]


def _sheet_action(game: SheetGame, action: str) -> str | None:
    """Carry out a score-sheet action of the own-dice notation (``roll``, ``reroll 1,3``, ``score
    chance``, ``end``); the dice it threw (``None``: it threw none)."""
    verb, _, rest = action.strip().partition(" ")
    if verb == "roll" and not rest:
        return str(game.roll())
    if verb == "reroll" and "=" not in rest:
        positions = [int(p) - 1 for p in rest.split(",")] if rest.strip() else []
        thrown = game.reroll(positions)
        return "".join(str(thrown[p]) for p in positions)
    if verb in ("roll", "reroll"):
        raise ValueError(f"{action!r}: this engine throws its own dice; write 'roll' or 'reroll 1,3'")
    sheet_replay.apply_action(game, sheet_replay.parse_action(action, game.ruleset))
    return None


def _set_aside_action(game: SetAsideGame, action: str) -> str | None:
    """Carry out a set-aside action of the own-dice notation (``roll``, ``set 15``, ``bank``); the
    dice it threw (``None``: it threw none)."""
    if action.strip() == "roll":
        return str(game.roll())
    if action.strip().startswith("roll"):
        raise ValueError(f"{action!r}: this engine throws its own dice; write 'roll'")
    set_aside_replay.apply_action(game, set_aside_replay.parse_action(action))
    return None


@dataclass(frozen=True, slots=True)
class Family:
    """What this engine needs of one family of games."""

    new_game: Callable[[Any, int, DiceSource], Any]  # (ruleset, players, dice source)
    act: Callable[[Any, str], str | None]  # carries out an action; the dice it threw
    refusal: type[Exception]  # what an action the rules refuse raises (the game unchanged)
    answer: Callable[[Any, ReplayResult[Any]], JSON]  # (ruleset, result): the replay answer


FAMILIES: dict[str, Family] = {
    "score-sheet": Family(
        lambda rules, players, dice: SheetGame(rules, players, dice=dice),
        _sheet_action,
        SheetActionError,
        sheet_replay_answer,
    ),
    "set-aside": Family(
        lambda rules, players, dice: SetAsideGame(rules, players, dice=dice),
        _set_aside_action,
        SetAsideRulesError,
        lambda rules, result: set_aside_replay_answer(result),
    ),
}
"""This engine's table of the families of games, by family name."""


@dataclass
class _Kept:
    """A game this engine keeps: its ruleset, players, family and game, and its actions accepted."""

    ruleset: str
    players: int
    rules: Any
    family: Family
    game: Any
    accepted: int = 0


class OwnDiceReference(QuickReference):
    """The reference engines, throwing their own seeded dice: ``act`` plays one action of a game
    kept by its number; a replay cannot be asked of it."""

    dice = "own"  # as a Python object declares it (its hello's dice)

    def __init__(self, seed: int = 0) -> None:
        super().__init__()
        self.seed = seed
        self.games: dict[int, _Kept] = {}

    def replay(self, ruleset: str, players: int, actions: list[str]) -> JSON:
        raise CannotAsk("it rolls its own dice: the dice of a replay cannot be given to it")

    def act(self, ruleset: str, players: int, game: int, action: str) -> JSON:
        """One action of the game numbered ``game`` (its first starts it): the state after it, or
        unchanged where the rules refuse it (with ``rejected``), and the dice it threw."""
        kept = self.games.get(game)
        if kept is None:
            rules = find_ruleset(ruleset)
            family = FAMILIES[family_of_ruleset(ruleset)]
            source = self.dice_source(game)
            kept = self.games[game] = _Kept(ruleset, players, rules, family, family.new_game(rules, players, source))
        elif (kept.ruleset, kept.players) != (ruleset, players):
            raise ValueError(f"game {game} is a game of {kept.ruleset} for {kept.players} players")
        try:
            rolled = kept.family.act(kept.game, action)
        except kept.family.refusal as exc:
            result = ReplayResult(kept.game.state, kept.accepted, getattr(exc, "code", None))
            return {"state": kept.family.answer(kept.rules, result), "rolled": None}
        kept.accepted += 1
        return {"state": kept.family.answer(kept.rules, ReplayResult(kept.game.state)), "rolled": rolled}

    def dice_source(self, game: int) -> DiceSource:
        """Where the dice of the game numbered ``game`` come from: a random source of its own, seeded
        by the seed and its number."""
        return partial(_throw, random.Random(f"dicespec-own-dice/{self.seed}/{game}"))


def _throw(dice: random.Random, n: int) -> list[int]:
    return [dice.randint(1, 6) for _ in range(n)]
