"""dicespec: executable rules for dice games: the score-sheet games (Kiriki, Yahtzee, Yatzy, Yacht) and
the set-aside games (10000, also called Farkle or Dix mille, and Greed)."""

from dicespec.dice import DiceCountError, DiceError, DiceTypeError, DieValueError, Roll
from dicespec.rulesets import RulesetError, find_ruleset, load_ruleset, ruleset_names

__version__ = "0.1.0"

__all__ = [
    "DiceCountError",
    "DiceError",
    "DiceTypeError",
    "DieValueError",
    "Roll",
    "RulesetError",
    "find_ruleset",
    "load_ruleset",
    "ruleset_names",
]
