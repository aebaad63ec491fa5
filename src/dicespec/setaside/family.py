"""The set-aside family: what every set-aside game (10000, Farkle, Greed) shares.

The registry (:mod:`dicespec.registry`) hands a game of this family everything below; the game
itself is only data: its entry in ``games.yaml`` and its rulesets.
"""

from __future__ import annotations

from collections.abc import Iterator
from importlib import import_module
from math import comb
from types import ModuleType
from typing import TYPE_CHECKING, Any

from dicespec.dice import FACES
from dicespec.setaside.ruleset import SetAsideRuleset

if TYPE_CHECKING:
    from dicespec.conformance.corpus import Case
    from dicespec.registry import Game
    from dicespec.progress import ProgressLine

JSON = dict[str, Any]
NO_ANSWER = "-"  # the best score of no dice: not a case


class SetAsideFamily:
    """Set-aside games: roll, set scoring dice aside, roll the rest or bank."""

    name = "set-aside"
    schema = "set-aside-ruleset"
    operations = ("ten_thousand_score", "ten_thousand_best", "ten_thousand_replay")  # protocol version 1's names

    def ruleset_from_data(self, data: JSON) -> SetAsideRuleset:
        return SetAsideRuleset.from_data(data)

    def ids(self, ruleset: SetAsideRuleset) -> tuple[str, ...]:
        return ("best", "set-aside")

    def terminal(self) -> ModuleType:
        return import_module("dicespec.setaside.terminal")

    def replay(self, ruleset: SetAsideRuleset, players: int, actions: list[str]) -> JSON:
        from dicespec.implementation import set_aside_replay_answer
        from dicespec.setaside.replay import replay

        return set_aside_replay_answer(replay(ruleset, players, actions))

    def exhaustive(self, game: Game, ruleset: str) -> Iterator[Case]:
        from dicespec.conformance.corpus.every_roll import set_aside_bests, set_aside_parts

        yield from set_aside_bests(game, ruleset)
        yield from set_aside_parts(game, ruleset)

    def play(self, game: Game, ruleset: str, index: int, seed: int) -> Iterator[Case]:
        from dicespec.conformance.corpus.set_aside_games import play

        return play(game, ruleset, index, seed)

    def roll_sizes(self, ruleset: SetAsideRuleset) -> range:
        return range(0, ruleset.dice + 1)

    def roll_answers(self, ruleset: str, dice: str) -> tuple[str, ...]:
        from dicespec.implementation import ReferenceImplementation

        reference = ReferenceImplementation()
        best = str(reference.ten_thousand_best(ruleset, dice)) if dice else NO_ANSWER
        set_aside = reference.ten_thousand_score(ruleset, dice)
        return best, str(set_aside.get("points", set_aside.get("rejected")))

    def golden_answer(self, case: Case) -> tuple[str, str]:
        if case.op == "ten_thousand_best":
            return "best", str(case.expected)
        return "set-aside", str(case.expected.get("points", case.expected.get("rejected")))

    def diff_group(self, game: Game, column: str, dice: str) -> str:
        return f"{game.title.lower()} {column}, {len(dice)} dice"

    def corpus_size(self, ruleset: SetAsideRuleset) -> int:
        n, faces = ruleset.dice, len(FACES)
        bests: int = sum(faces**k for k in range(1, n + 1))
        parts = sum(comb(n - k + faces - 1, faces - 1) * comb(k + faces - 1, faces - 1) for k in range(n + 1))
        return bests + parts

    def solve_report(self, ruleset: SetAsideRuleset, progress: ProgressLine) -> str:
        from dicespec.solver import entry_policy, turn_policy
        from dicespec.solver.report import set_aside_report

        return set_aside_report(turn_policy(ruleset), entry_policy(ruleset))


FAMILY = SetAsideFamily()
