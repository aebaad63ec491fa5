"""The one narrow interface between the spec and an implementation under test.

The spec's steps ask only these questions, with plain JSON-able arguments and answers, so
that the same features run against the reference engines (here), a Python object of
someone else's, or a program in any language behind the stdio protocol.

Kiriki replay answers look like::

    {"players": [{"lines": {"ones": 3, ..., "bonus": 0, ..., "grand_total": 3},
                  "turns_taken": 1, "extra_turns": 0}],
     "over": false, "current": 0, "dice": "12345" | null, "rolls": 1,
     "rejected": null | {"at": 4, "code": "row-used"}}

where ``lines`` holds every line of the sheet (``null`` for an empty row) and ``rejected``
names the first action the rules refused (the state is the one just before it).
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from dicespec.dice import Roll
from dicespec.rulesets import find_ruleset

JSON = dict[str, Any]


@runtime_checkable
class Implementation(Protocol):
    """What the spec asks of an implementation of Kiriki and 10000."""

    name: str

    def kiriki_score(self, ruleset: str, dice: str, row: str) -> int:
        """The score of ``dice`` (e.g. ``"66616"``) in ``row`` (a row id)."""

    def kiriki_replay(self, ruleset: str, players: int, actions: list[str]) -> JSON:
        """Replay ``actions`` (``"roll 12345"``, ``"reroll 1,2=66"``, ``"score chance"``, ``"end"``)."""


class ReferenceImplementation:
    """The reference engines of this package, in process."""

    name = "dicespec-reference"

    def kiriki_score(self, ruleset: str, dice: str, row: str) -> int:
        from dicespec.kiriki.rows import score
        from dicespec.kiriki.ruleset import Row

        rules = find_ruleset(ruleset)
        return score(rules, Roll.parse(dice, count=rules.dice), Row.parse(row))

    def kiriki_replay(self, ruleset: str, players: int, actions: list[str]) -> JSON:
        from dicespec.kiriki.replay import replay

        rules = find_ruleset(ruleset)
        result = replay(rules, players, actions)
        state = result.state
        return {
            "players": [
                {"lines": p.sheet.lines(rules), "turns_taken": p.turns_taken, "extra_turns": p.extra_turns}
                for p in state.players
            ],
            "over": state.is_over,
            "current": state.current,
            "dice": None if state.dice is None else str(state.dice),
            "rolls": state.rolls,
            "rejected": None if result.rejected_at is None
            else {"at": result.rejected_at, "code": result.rejection},
        }
