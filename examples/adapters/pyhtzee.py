"""pyhtzee (a Yahtzee engine, a Python package, MIT) behind dicespec's interface: the score of a
roll in a row, from the package's scoring functions under its regular Yahtzee rule.

    dicespec conform --python examples.adapters.pyhtzee:implementation

Its games are solitaire, roll their own dice and refuse an action without saying why, and its
Yahtzee bonus and joker rules are not Kiriki's repeat kirikis: replays are skipped. It runs under
``kiriki``, whose rows score a roll as Yahtzee's do.
"""

from __future__ import annotations

from examples.adapters._base import Adapter, faces


class Pyhtzee(Adapter):
    name = "pyhtzee"
    package = "pyhtzee"
    rulesets = {"kiriki": ["kiriki"]}
    skips = {"kiriki_replay": "pyhtzee plays solitaire with its own dice and gives no reason for a refused action"}

    def __init__(self) -> None:
        from pyhtzee import Pyhtzee as Game
        from pyhtzee.classes import Category, Rule

        game = Game(seed=1, rule=Rule.YAHTZEE)  # its scoring functions, bound to the rule
        categories = {
            "ones": Category.ACES, "twos": Category.TWOS, "threes": Category.THREES, "fours": Category.FOURS,
            "fives": Category.FIVES, "sixes": Category.SIXES, "three_of_a_kind": Category.THREE_OF_A_KIND,
            "four_of_a_kind": Category.FOUR_OF_A_KIND, "full_house": Category.FULL_HOUSE,
            "small_straight": Category.SMALL_STRAIGHT, "large_straight": Category.LARGE_STRAIGHT,
            "kiriki": Category.YAHTZEE, "chance": Category.CHANCE,
        }
        self._score = {row: game.scoring_functions[category] for row, category in categories.items()}

    def kiriki_score(self, ruleset: str, dice: str, row: str) -> int:
        return self._score[row](faces(dice))


implementation = Pyhtzee()
