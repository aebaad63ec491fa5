"""A Yahtzee engine of fixed rules with no Yahtzee bonus and no joker, answering on the ``yahtzee``
sheet as the protocol asks: its ``yahtzee_bonus`` line is there, at 0 throughout.

Its rules are ``yahtzee-no-yahtzee-bonus.yaml`` beside it (``five_of_a_kind: null``, ``joker:
none``). It plays them under the name ``yahtzee`` and declares nothing of its own, as a real package
of fixed rules does, and answers every line of the sheet it is asked under, ``yahtzee``'s, the
lines its rules lack at 0. So did two of three real Yahtzee engines. With ``--no-upper-bonus`` it
has no upper bonus either and holds the ``bonus`` line at 0 too, as the yahtzee-solve package does.
It has no bug: held to its rules (``--ruleset-file
tests/conformance_fakes/yahtzee-no-yahtzee-bonus.yaml --ask-as yahtzee``) it passes, and
``dicespec identify`` finds those rules.

As a Python object (this folder on ``sys.path``): ``no_yahtzee_bonus:implementation``, or
``no_yahtzee_bonus:no_upper_bonus``; as a program: ``python tests/conformance_fakes/no_yahtzee_bonus.py
[--no-upper-bonus]``.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path
from typing import Any, ClassVar

import yaml

from dicespec.implementation import ReferenceImplementation, sheet_replay_answer
from dicespec.replay import no_random_dice, play_actions
from dicespec.rulesets import declare_document, declared, find_ruleset_of
from dicespec.scoresheet.errors import SheetActionError
from dicespec.scoresheet.game import SheetGame
from dicespec.scoresheet.replay import apply_action, parse_action
from dicespec.scoresheet.ruleset import SheetRuleset
from dicespec.validation import JSON

FILE = Path(__file__).with_name("yahtzee-no-yahtzee-bonus.yaml")
DOCUMENT: dict[str, Any] = yaml.safe_load(FILE.read_text(encoding="utf-8"))
NAME: str = DOCUMENT["name"]


def own_rules(*, upper_bonus: bool = True) -> SheetRuleset:
    """Its rules (declared in this process if they are not yet), with no upper bonus unless
    ``upper_bonus``."""
    if declared(NAME) is None:
        declare_document(DOCUMENT, "no_yahtzee_bonus.py")
    rules = find_ruleset_of(SheetRuleset, NAME)
    return rules if upper_bonus else replace(rules, bonus_more_than=None, bonus_points=0)


class NoYahtzeeBonus:
    """The engine: Yahtzee's scores, its rules' games, the answers on ``yahtzee``'s sheet."""

    name = "no-yahtzee-bonus"
    version = "1.0.0"
    rulesets: ClassVar[dict[str, list[str]]] = {"yahtzee": ["yahtzee"]}
    upper_bonus = True

    def __init__(self) -> None:
        self.reference = ReferenceImplementation()

    def _asked(self, ruleset: str) -> None:
        if ruleset != "yahtzee":
            raise NotImplementedError(f"{self.name} plays yahtzee only")

    def score(self, ruleset: str, dice: str, row: str) -> int:
        self._asked(ruleset)
        return self.reference.score("yahtzee", dice, row)  # a roll scores as under yahtzee

    def replay(self, ruleset: str, players: int, actions: list[str]) -> JSON:
        self._asked(ruleset)
        rules = own_rules(upper_bonus=self.upper_bonus)
        game = SheetGame(rules, players, dice=no_random_dice)
        result = play_actions(
            game, actions, parse=lambda a: parse_action(a, rules), apply=apply_action, refusals=SheetActionError
        )
        answer: dict[str, Any] = sheet_replay_answer(rules, result)
        sheet = find_ruleset_of(SheetRuleset, "yahtzee").lines  # the sheet it is asked under
        for player in answer["players"]:
            player["lines"] = {line: player["lines"].get(line, 0) for line in sheet}
        return answer

    def set_aside(self, ruleset: str, dice: str) -> JSON:
        raise NotImplementedError(f"{self.name} plays yahtzee only")

    def best(self, ruleset: str, dice: str) -> int:
        raise NotImplementedError(f"{self.name} plays yahtzee only")


class NoUpperBonus(NoYahtzeeBonus):
    """The same engine with no upper bonus either: its ``bonus`` line at 0 too."""

    name = "no-upper-bonus"
    upper_bonus = False


implementation = NoYahtzeeBonus()
no_upper_bonus = NoUpperBonus()


if __name__ == "__main__":
    from _fake import run

    from dicespec.conformance.serving.adapter import Server

    served = no_upper_bonus if sys.argv[1:] == ["--no-upper-bonus"] else implementation
    run(Server(served, games=served.rulesets, name=served.name, version=served.version))
