"""yatzy-solver (an exact Yatzy/Yahtzee solver and rules engine, a Python package, MIT; Rust
with Python bindings) behind dicespec's interface: the score of a roll in a row under its
American rules and its Scandinavian Yatzy rules.

    dicespec conform --python examples.adapters.yatzy_solver:implementation

Its rules engine keeps a score card but no turns, rolls or players: replays are skipped. Its
American scoring runs under ``kiriki`` (whose rows score a roll as Yahtzee's do) and both Yahtzee
rulesets (a roll's score in a row does not depend on the joker rule); its Scandinavian variant
under ``yatzy``, whose row ids it shares.
"""

from __future__ import annotations

from typing import ClassVar

from examples.adapters._base import Adapter, faces

# The five-of-a-kind row ids of Kiriki and Yahtzee are its American five_of_a_kind; every other row id is its own.
FIVE_OF_A_KIND = {"kiriki": "five_of_a_kind", "yahtzee": "five_of_a_kind"}


class YatzySolver(Adapter):
    name = "yatzy-solver"
    package = "yatzy-solver"
    rulesets: ClassVar[dict[str, list[str]]] = {
        "kiriki": ["kiriki"],
        "yahtzee": ["yahtzee", "yahtzee-free-joker"],
        "yatzy": ["yatzy"],
    }
    skips: ClassVar[dict[str, str]] = {
        "replay": "yatzy-solver's rules engine has a score card but no turns, rolls or players",
    }

    def __init__(self) -> None:
        import yatzy_solver

        american, yatzy = yatzy_solver.Variant("american"), yatzy_solver.Variant("yatzy-scandinavian")
        self._variant = {"kiriki": american, "yahtzee": american, "yatzy": yatzy}
        self._game = {ruleset: game for game, names in self.rulesets.items() for ruleset in names}

    def score(self, ruleset: str, dice: str, row: str) -> int:
        variant = self._variant[self._game[ruleset]]
        return variant.score(FIVE_OF_A_KIND.get(row, row), faces(dice))


implementation = YatzySolver()
