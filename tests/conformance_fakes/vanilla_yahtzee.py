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

With ``--fixed`` (as a program; ``vanilla_yahtzee:fixed`` as an object) it is the same engine as a
real package of fixed rules is: it plays its rules under the name ``yahtzee`` and declares nothing
of its own in its hello, so that a run holds it to the file of its rules, ``yahtzee-vanilla.yaml``
beside it, with ``--ruleset-file tests/conformance_fakes/yahtzee-vanilla.yaml --ask-as yahtzee``.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from functools import partial
from pathlib import Path
from types import MappingProxyType
from typing import Any, ClassVar

import yaml

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

FILE = Path(__file__).with_name("yahtzee-vanilla.yaml")
DOCUMENT: dict[str, Any] = yaml.safe_load(FILE.read_text(encoding="utf-8"))
"""Its rules, as its hello declares them: what differs from the shipped ``yahtzee`` (its file)."""
NAME: str = DOCUMENT["name"]


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


class VanillaYahtzee:
    """The implementation: its own rules (``own_rulesets``), and the one ruleset it plays (``rulesets``)."""

    name = "vanilla-yahtzee"
    version = "1.0.0"
    plays = NAME  # the name it plays its rules under
    rulesets: ClassVar[dict[str, list[str]]] = {"yahtzee": [NAME]}
    own_rulesets: ClassVar[list[dict[str, Any]]] = [DOCUMENT]

    def _rules(self, ruleset: str) -> SheetRuleset:
        if ruleset != self.plays:
            raise NotImplementedError(f"vanilla-yahtzee plays {self.plays} only")
        return vanilla_rules()

    def score(self, ruleset: str, dice: str, row: str) -> int:
        rules = self._rules(ruleset)
        return score(rules, Roll.parse(dice, count=rules.dice), row)

    def replay(self, ruleset: str, players: int, actions: list[str]) -> JSON:
        rules = self._rules(ruleset)
        game = RescoringGame(rules, players, dice=no_random_dice)
        result = play_actions(
            game, actions, parse=partial(parse_action, ruleset=rules), apply=apply_action, refusals=SheetActionError
        )
        return sheet_replay_answer(rules, result)

    def set_aside(self, ruleset: str, dice: str) -> JSON:
        raise NotImplementedError("vanilla-yahtzee plays Yahtzee only")

    def best(self, ruleset: str, dice: str) -> int:
        raise NotImplementedError("vanilla-yahtzee plays Yahtzee only")


class FixedVanilla(VanillaYahtzee):
    """The same engine, of fixed rules: it plays them under the name ``yahtzee`` and declares no
    rules of its own."""

    plays = "yahtzee"
    rulesets: ClassVar[dict[str, list[str]]] = {"yahtzee": ["yahtzee"]}
    own_rulesets: ClassVar[list[dict[str, Any]]] = []


implementation = VanillaYahtzee()
fixed = FixedVanilla()


if __name__ == "__main__":
    from _fake import run

    from dicespec.conformance.serving.adapter import Server

    vanilla_rules()
    served = fixed if sys.argv[1:] == ["--fixed"] else implementation
    run(Server(served, games=served.rulesets, rules=served.own_rulesets, version="1.0.0"))
