"""dicespec: executable rules for the dice games Kiriki and 10000 (Farkle, Dix mille)."""

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
