"""A "vanilla Yahtzee" package with exactly one bug of game flow: a filled box can be scored again.

Its rules are its own, declared in its hello: Yahtzee with no upper bonus, no Yahtzee bonus and
no joker (``yahtzee-vanilla``, which ``extends: yahtzee`` and writes only what differs: no
``upper_bonus``, no ``five_of_a_kind`` rule beyond the Yahtzee box, ``joker: none``). It plays
them on the reference engines, right in every roll's score, but for the bug (the real one of the
yahtzee-solve package): scoring in a box already filled is not refused (``row-used``); the new
points are written over the old ones and the turn ends, as a score in an open box does.

As a Python object (this folder on ``sys.path``)::

    dicespec conform --python vanilla_yahtzee:implementation

or as a program speaking the protocol: ``python tests/conformance_fakes/vanilla_yahtzee.py``.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from types import MappingProxyType
from typing import Any, ClassVar

from dicespec.dice import Roll
from dicespec.implementation import sheet_replay_answer
from dicespec.replay import no_random_dice, play_actions
from dicespec.rulesets import declare_document, declared, find_ruleset_of
from dicespec.scoresheet.errors import SheetActionError
from dicespec.scoresheet.game import SheetGame
from dicespec.scoresheet.replay import apply_action, parse_action
from dicespec.scoresheet.rows import score
from dicespec.scoresheet.ruleset import SheetRuleset
from dicespec.validation import JSON

NAME = "yahtzee-vanilla"
DOCUMENT: dict[str, Any] = {
    "name": NAME,
    "extends": "yahtzee",
    "title": "Vanilla Yahtzee",
    "description": "Yahtzee with no upper bonus, no Yahtzee bonus and no joker: every box scores the dice as they are.",
    "upper_bonus": None,  # no 35 at 63
    "five_of_a_kind": None,  # a further Yahtzee adds nothing (no yahtzee_bonus line)
    "joker": "none",  # a further Yahtzee goes in any open box, scored as the dice are
}
"""Its rules, as its hello declares them: what differs from the shipped ``yahtzee``."""


def vanilla_rules() -> SheetRuleset:
    """Its rules, declared in this process if they are not yet (the runner declares them too,
    from the hello: the same rules under the same name are one declaration)."""
    if declared(NAME) is None:
        declare_document(DOCUMENT, "the hello of vanilla-yahtzee")
    return find_ruleset_of(SheetRuleset, NAME)


class RescoringGame(SheetGame):
    """The reference game, but for the bug: a filled box is emptied before it is scored, so that
    a score in it is taken as one in an open box."""

    def score(self, row: str) -> int:
        state = self.state
        if state.is_over or state.dice is None or row not in self.ruleset.rows:
            return super().score(row)  # refused as the reference refuses it
        player = state.players[state.current]
        if not player.sheet.is_open(row):
            cells = MappingProxyType({box: points for box, points in player.sheet.cells.items() if box != row})
            players = list(state.players)
            players[state.current] = replace(player, sheet=replace(player.sheet, cells=cells))
            self.state = replace(state, players=tuple(players))
        try:
            return super().score(row)
        except SheetActionError:
            self.state = state
            raise


def _rules(ruleset: str) -> SheetRuleset:
    if ruleset != NAME:
        raise NotImplementedError(f"vanilla-yahtzee plays {NAME} only")
    return vanilla_rules()


class VanillaYahtzee:
    """The implementation: its own rules (``own_rulesets``), and the one ruleset it plays (``rulesets``)."""

    name = "vanilla-yahtzee"
    version = "1.0.0"
    rulesets: ClassVar[dict[str, list[str]]] = {"yahtzee": [NAME]}
    own_rulesets: ClassVar[list[dict[str, Any]]] = [DOCUMENT]

    def score(self, ruleset: str, dice: str, row: str) -> int:
        rules = _rules(ruleset)
        return score(rules, Roll.parse(dice, count=rules.dice), row)

    def replay(self, ruleset: str, players: int, actions: list[str]) -> JSON:
        rules = _rules(ruleset)
        game = RescoringGame(rules, players, dice=no_random_dice)
        result = play_actions(
            game, actions, parse=partial(parse_action, ruleset=rules), apply=apply_action, refusals=SheetActionError
        )
        return sheet_replay_answer(rules, result)

    def set_aside(self, ruleset: str, dice: str) -> JSON:
        raise NotImplementedError("vanilla-yahtzee plays Yahtzee only")

    def best(self, ruleset: str, dice: str) -> int:
        raise NotImplementedError("vanilla-yahtzee plays Yahtzee only")


implementation = VanillaYahtzee()


if __name__ == "__main__":
    from _fake import run

    from dicespec.conformance.serving.adapter import Server

    vanilla_rules()
    run(Server(implementation, games=VanillaYahtzee.rulesets, rules=VanillaYahtzee.own_rulesets, version="1.0.0"))
