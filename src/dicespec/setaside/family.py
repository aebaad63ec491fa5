"""The set-aside family: what every set-aside game (10000, Farkle, Greed) shares.

The registry (:mod:`dicespec.registry`) hands a game of this family its engine concerns only: its
ruleset type and schema, its answer columns, its replay and the size of its rolls. What the layers
above need of the family (the corpus, the solver, the golden files, the site, the terminal game)
each of them keeps in a table of its own, keyed by the family's name.
"""

from __future__ import annotations

from collections.abc import Iterable

from dicespec.replay import ReplayResult
from dicespec.setaside.game import GameState
from dicespec.setaside.replay import Action, parse_action, replay
from dicespec.setaside.ruleset import SetAsideRuleset
from dicespec.validation import JSON


class SetAsideFamily:
    """Set-aside games: roll, set scoring dice aside, roll the rest or bank."""

    name = "set-aside"
    schema = "set-aside-ruleset"
    ruleset_type = SetAsideRuleset

    def ruleset_from_data(self, data: JSON) -> SetAsideRuleset:
        return SetAsideRuleset.from_data(data)

    def ids(self, ruleset: SetAsideRuleset) -> tuple[str, ...]:
        return ("best", "set-aside")

    def parse_action(self, ruleset: SetAsideRuleset, action: str) -> Action:
        return parse_action(action)

    def replay(
        self, ruleset: SetAsideRuleset, players: int, actions: Iterable[Action | str]
    ) -> ReplayResult[GameState]:
        return replay(ruleset, players, actions)

    def roll_sizes(self, ruleset: SetAsideRuleset) -> range:
        return range(ruleset.dice + 1)


FAMILY = SetAsideFamily()

__all__ = ["FAMILY", "SetAsideFamily"]
