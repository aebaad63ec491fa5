"""pyhtzee (a Yahtzee engine, a Python package, MIT) behind dicespec's interface: the score of a
roll in a row, from the package's scoring functions under its regular Yahtzee rule and its Yatzy
rule.

    dicespec conform --python examples.adapters.pyhtzee:implementation

Its games are solitaire, roll their own dice and refuse an action without saying why: replays
are skipped. Its Yahtzee scoring runs under ``kiriki`` (whose rows score a roll as Yahtzee's do)
and under both Yahtzee rulesets (a roll's score in a row does not depend on the joker rule); its
Yatzy scoring under ``yatzy``.
"""

from __future__ import annotations

from examples.adapters._base import Adapter, faces


class Pyhtzee(Adapter):
    name = "pyhtzee"
    package = "pyhtzee"
    rulesets = {"kiriki": ["kiriki"], "yahtzee": ["yahtzee", "yahtzee-free-joker"], "yatzy": ["yatzy"]}
    skips = {"kiriki_replay": "pyhtzee plays solitaire with its own dice and gives no reason for a refused action"}

    def __init__(self) -> None:
        from pyhtzee import Pyhtzee as Game
        from pyhtzee.classes import Category, Rule

        upper = {"ones": Category.ACES, "twos": Category.TWOS, "threes": Category.THREES, "fours": Category.FOURS,
                 "fives": Category.FIVES, "sixes": Category.SIXES}
        yahtzee = {**upper, "three_of_a_kind": Category.THREE_OF_A_KIND, "four_of_a_kind": Category.FOUR_OF_A_KIND,
                   "full_house": Category.FULL_HOUSE, "small_straight": Category.SMALL_STRAIGHT,
                   "large_straight": Category.LARGE_STRAIGHT, "chance": Category.CHANCE}
        yatzy = {**yahtzee, "one_pair": Category.ONE_PAIR, "two_pairs": Category.TWO_PAIRS, "yatzy": Category.YAHTZEE}
        five = {"kiriki": {"kiriki": Category.YAHTZEE}, "yahtzee": {"yahtzee": Category.YAHTZEE}}

        def scorer(rule: Rule, categories: dict[str, Category]) -> dict[str, object]:
            game = Game(seed=1, rule=rule)  # its scoring functions, bound to the rule
            return {row: game.scoring_functions[category] for row, category in categories.items()}

        self._score = {
            "kiriki": scorer(Rule.YAHTZEE, {**yahtzee, **five["kiriki"]}),
            "yahtzee": scorer(Rule.YAHTZEE, {**yahtzee, **five["yahtzee"]}),
            "yatzy": scorer(Rule.YATZY, yatzy),
        }
        self._game = {ruleset: game for game, names in self.rulesets.items() for ruleset in names}

    def kiriki_score(self, ruleset: str, dice: str, row: str) -> int:
        score = self._score[self._game[ruleset]][row]
        return score(faces(dice))  # type: ignore[operator]


implementation = Pyhtzee()
