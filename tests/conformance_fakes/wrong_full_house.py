"""A wrong implementation: a full house also takes five of a kind (25 points), in every Kiriki
ruleset. Its answers are well-formed; only their values are wrong, and only where the mistake
shows: five of a kind scored in the full house row."""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from types import MappingProxyType
from typing import Any

from _fake import Fake, run

from dicespec.dice import Roll
from dicespec.implementation import ReferenceImplementation, sheet_replay_answer
from dicespec.rulesets import find_ruleset
from dicespec.scoresheet.replay import replay
from dicespec.scoresheet.rows import score
from dicespec.validation import JSON


@cache
def wrong_rules(name: str) -> Any:
    rules = find_ruleset(name)
    row = rules.rows["full_house"]
    full_house = replace(row, rule=replace(row.rule, five_of_a_kind_counts=True))
    return replace(rules, rows=MappingProxyType({**rules.rows, "full_house": full_house}))


class WrongFullHouse(ReferenceImplementation):
    name = "wrong-full-house"

    def score(self, ruleset: str, dice: str, row: str) -> int:
        rules = wrong_rules(ruleset)
        return score(rules, Roll.parse(dice, count=rules.dice), row)

    def replay(self, ruleset: str, players: int, actions: list[str]) -> JSON:
        rules = wrong_rules(ruleset)
        return sheet_replay_answer(rules, replay(rules, players, actions))


if __name__ == "__main__":
    run(Fake(implementation=WrongFullHouse()))
