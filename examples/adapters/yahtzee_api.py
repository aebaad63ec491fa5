"""yahtzee-api (a Yahtzee API, a Python package, Apache-2.0) behind dicespec's interface: the
score of a roll in a row, read from the "theoretical scorecard" a fresh player computes after a roll.

    dicespec conform --python examples.adapters.yahtzee_api:implementation

The package plays 13 turns a player with no extra turns, writes over a filled row without
refusing it, and raises no error a rule could be read from: replays are skipped. It runs under
``kiriki``, whose rows score a roll as Yahtzee's do.
"""

from __future__ import annotations

from typing import ClassVar

from examples.adapters._base import KIRIKI_ROWS, Adapter, faces


class YahtzeeApi(Adapter):
    name = "yahtzee-api"
    package = "yahtzee_api"
    rulesets: ClassVar[dict[str, list[str]]] = {"kiriki": ["kiriki"]}
    skips: ClassVar[dict[str, str]] = {
        "replay": "yahtzee-api overwrites filled rows and refuses nothing a replay could check",
    }

    def score(self, ruleset: str, dice: str, row: str) -> int:
        from yahtzee_api import Player

        player = Player("P0")
        player.debug_roll([0, 0, 0, 0, 0], faces(dice))  # the turn's first roll, showing these dice
        return player.t_scorecard[KIRIKI_ROWS.index(row)][0]


implementation = YahtzeeApi()
