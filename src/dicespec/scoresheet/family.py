"""The score-sheet family: what every score-sheet game (Kiriki, Yahtzee, Yatzy, Yacht) shares.

The registry (:mod:`dicespec.registry`) hands a game of this family its engine concerns only: its
ruleset type and schema, its row ids, its replay and the size of its rolls. What the layers above
need of the family (the corpus, the solver, the golden files, the site, the terminal game) each of
them keeps in a table of its own, keyed by the family's name.
"""

from __future__ import annotations

from collections.abc import Iterable

from dicespec.replay import ReplayResult
from dicespec.scoresheet.game import GameState
from dicespec.scoresheet.replay import Action, parse_action, replay
from dicespec.scoresheet.ruleset import SheetRuleset
from dicespec.validation import JSON


class SheetFamily:
    """Score-sheet games: a roll of the dice, rerolls, one row a turn."""

    name = "score-sheet"
    schema = "score-sheet-ruleset"
    ruleset_type = SheetRuleset

    def ruleset_from_data(self, data: JSON) -> SheetRuleset:
        return SheetRuleset.from_data(data)

    def ids(self, ruleset: SheetRuleset) -> tuple[str, ...]:
        return ruleset.row_ids

    def parse_action(self, ruleset: SheetRuleset, action: str) -> Action:
        return parse_action(action, ruleset)

    def replay(self, ruleset: SheetRuleset, players: int, actions: Iterable[Action | str]) -> ReplayResult[GameState]:
        return replay(ruleset, players, actions)

    def roll_sizes(self, ruleset: SheetRuleset) -> range:
        return range(ruleset.dice, ruleset.dice + 1)


FAMILY = SheetFamily()

__all__ = ["FAMILY", "SheetFamily"]
