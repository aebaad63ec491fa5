"""yatzy-solver (an exact Yatzy/Yahtzee solver and rules engine, a Python package, MIT; Rust
with Python bindings) behind dicespec's interface: the score of a roll in a row under its
American rules.

    dicespec conform --python examples.adapters.yatzy_solver:implementation

Its rules engine keeps a score card but no turns, rolls or players, and its American rules have
Yahtzee's bonus and joker rather than Kiriki's repeat kirikis: replays are skipped. It runs under
``kiriki``, whose rows score a roll as Yahtzee's do.
"""

from __future__ import annotations

from examples.adapters._base import Adapter, faces

CATEGORIES = {"kiriki": "five_of_a_kind"}  # the other rows have the same ids


class YatzySolver(Adapter):
    name = "yatzy-solver"
    package = "yatzy-solver"
    rulesets = {"kiriki": ["kiriki"]}
    skips = {"kiriki_replay": "yatzy-solver's rules engine has a score card but no turns, rolls or players"}

    def __init__(self) -> None:
        import yatzy_solver

        self._variant = yatzy_solver.Variant("american")

    def kiriki_score(self, ruleset: str, dice: str, row: str) -> int:
        return self._variant.score(CATEGORIES.get(row, row), faces(dice))


implementation = YatzySolver()
