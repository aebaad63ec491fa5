"""An engine that checks an action's shape before the turn's state. It plays as the reference does
(every action the rules allow, every state), but where the rules refuse an action, it first asks
what the action alone shows, in this order, and answers the first of these it fails:

- ``roll``: as many dice as the player has in hand (``bad-dice``);
- ``reroll``: a die named (``empty-reroll``), each one of the dice and named once
  (``bad-die-index``), as many new values as dice named (``bad-dice``);
- ``score``: a row, not a line no player fills (``not-playable``);
- ``set``: a die (``empty-set-aside``), no more dice than the game has (``too-many-dice``).

Only then the game's state (the game over, the roll not made, no rolls left…), as the reference
checks it. Where the rules refuse an action both for its shape and for the state of the turn (``reroll =``
after the last roll: no die named, no rolls left), it refuses it for its shape, where the reference
names the state: both codes apply, in another order. It has no other difference.

With ``--bad-index-is-bad-dice`` it has a bug: a die named that is not one of the dice
(``reroll 6=1`` of five dice) is refused as ``bad-dice``, a code that does not apply there.
"""

from __future__ import annotations

import sys
from typing import Any

from _fake import Fake, run

from dicespec.conformance.serving.quick_reference import QuickReference
from dicespec.rulesets import find_ruleset
from dicespec.validation import JSON


def count(dice: str) -> int:
    """How many dice a notation's digits write (``"1,2"`` and ``"12"`` are two)."""
    return sum(1 for c in dice if c not in " ,")


def shape_fault(rules: Any, action: str, in_hand: int, *, bad_index_is_bad_dice: bool = False) -> str | None:
    """The code of the first check of its shape that ``action`` fails (``in_hand``: the dice the
    player would roll), or ``None``."""
    verb, _, rest = action.strip().partition(" ")
    if verb == "roll" and count(rest) != in_hand:
        return "bad-dice"
    if verb == "reroll":
        where, _, dice = rest.partition("=")
        positions = [int(p) for p in where.split(",")] if where.strip() else []
        if not positions:
            return "empty-reroll"
        if any(not 1 <= p <= rules.dice for p in positions):
            return "bad-dice" if bad_index_is_bad_dice else "bad-die-index"
        if len(set(positions)) != len(positions):
            return "bad-die-index"
        if count(dice) != len(positions):
            return "bad-dice"
    if verb == "score" and rest.strip() in getattr(rules, "derived_lines", ()):
        return "not-playable"
    if verb == "set" and count(rest) == 0:
        return "empty-set-aside"
    if verb == "set" and count(rest) > rules.dice:
        return "too-many-dice"
    return None


class ShapeFirst(QuickReference):
    """The reference adapter's engines (which resume a replay where the last one left off), the
    refusals checked for their shape first."""

    name = "shape-first"

    def __init__(self, *, bad_index_is_bad_dice: bool = False) -> None:
        super().__init__()
        self.bad_index_is_bad_dice = bad_index_is_bad_dice

    def replay(self, ruleset: str, players: int, actions: list[str]) -> JSON:
        answer = super().replay(ruleset, players, actions)
        refused = answer["rejected"]
        if refused is None:
            return answer
        rules = find_ruleset(ruleset)
        in_hand = answer.get("dice_left", rules.dice)  # a set-aside game's dice in hand; else all of them
        fault = shape_fault(rules, actions[refused["at"]], in_hand, bad_index_is_bad_dice=self.bad_index_is_bad_dice)
        return answer if fault is None else {**answer, "rejected": {"at": refused["at"], "code": fault}}


if __name__ == "__main__":
    run(Fake(implementation=ShapeFirst(bad_index_is_bad_dice="--bad-index-is-bad-dice" in sys.argv[1:])))
