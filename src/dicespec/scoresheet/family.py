"""The score-sheet family: what every score-sheet game (Kiriki, Yahtzee, Yatzy, Yacht) shares.

The registry (:mod:`dicespec.registry`) hands a game of this family everything below; the game
itself is only data: its entry in ``games.yaml`` and its rulesets.
"""

from __future__ import annotations

from collections.abc import Iterator
from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING, Any

from dicespec.dice import FACES
from dicespec.scoresheet.ruleset import SheetRuleset

if TYPE_CHECKING:
    from dicespec.conformance.corpus import Case
    from dicespec.registry import Game
    from dicespec.progress import ProgressLine

JSON = dict[str, Any]


class SheetFamily:
    """Score-sheet games: a roll of the dice, rerolls, one row a turn."""

    name = "score-sheet"
    schema = "score-sheet-ruleset"
    operations = ("kiriki_score", "kiriki_replay")  # protocol version 1's names, for every sheet game

    def ruleset_from_data(self, data: JSON) -> SheetRuleset:
        return SheetRuleset.from_data(data)

    def ids(self, ruleset: SheetRuleset) -> tuple[str, ...]:
        return ruleset.row_ids

    def terminal(self) -> ModuleType:
        return import_module("dicespec.scoresheet.terminal")

    def replay(self, ruleset: SheetRuleset, players: int, actions: list[str]) -> JSON:
        from dicespec.implementation import sheet_replay_answer
        from dicespec.scoresheet.replay import replay

        return sheet_replay_answer(ruleset, replay(ruleset, players, actions))

    def exhaustive(self, game: Game, ruleset: str) -> Iterator[Case]:
        from dicespec.conformance.corpus.every_roll import sheet_scores

        return sheet_scores(game, ruleset)

    def play(self, game: Game, ruleset: str, index: int, seed: int) -> Iterator[Case]:
        from dicespec.conformance.corpus.sheet_games import play

        return play(game, ruleset, index, seed)

    def roll_sizes(self, ruleset: SheetRuleset) -> range:
        return range(ruleset.dice, ruleset.dice + 1)

    def roll_answers(self, ruleset: str, dice: str) -> tuple[str, ...]:
        from dicespec.implementation import ReferenceImplementation
        from dicespec.rulesets import find_ruleset_of

        reference = ReferenceImplementation()
        rows = find_ruleset_of(SheetRuleset, ruleset).rows
        return tuple(str(reference.kiriki_score(ruleset, dice, row)) for row in rows)

    def golden_answer(self, case: Case) -> tuple[str, str]:
        return case.row, str(case.expected)

    def diff_group(self, game: Game, column: str, dice: str) -> str:
        return f"{game.title.lower()} score, {column}"

    def corpus_size(self, ruleset: SheetRuleset) -> int:
        rolls: int = len(FACES) ** ruleset.dice
        return rolls * len(ruleset.rows)

    def solve_report(self, ruleset: SheetRuleset, progress: ProgressLine) -> str:
        from dicespec.solver import solution
        from dicespec.solver.report import sheet_report

        return sheet_report(solution(ruleset, progress=progress))


FAMILY = SheetFamily()

__all__ = ["FAMILY", "SheetFamily"]
