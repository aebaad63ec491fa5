"""Optimal play: exact dynamic programming over Kiriki games and 10000 turns.

- :mod:`dicespec.solver.scoresheet`: the expected final grand total of every turn-start state of
  solitaire Kiriki, repeat kirikis solved exactly; :func:`solution` reads it from the cache or
  solves it (seconds to a minute).
- :mod:`dicespec.solver.hint`: every choice for the dice on the table, with its expected score.
- :mod:`dicespec.solver.setaside`: the 10000 turn that maximises expected points, its
  banking table, and the entry policy that maximises the chance of getting on the board.
- :func:`summary`: the headline figures of every shipped ruleset, for the site.
"""

from __future__ import annotations

from typing import Any

from dicespec.rulesets import find_ruleset_of, ruleset_names
from dicespec.scoresheet.ruleset import SheetRuleset
from dicespec.setaside.ruleset import SetAsideRuleset
from dicespec.solver.hint import Action, Choice, TurnPlan, hint
from dicespec.solver.scoresheet import SheetSolution, Progress, is_cached, solution, solve
from dicespec.solver.setaside import EntryPolicy, TurnPolicy, entry_policy, turn_policy

__all__ = [
    "Action",
    "Choice",
    "EntryPolicy",
    "SheetSolution",
    "TurnPlan",
    "TurnPolicy",
    "entry_policy",
    "hint",
    "is_cached",
    "solution",
    "solve",
    "summary",
    "turn_policy",
]


def summary(*, compute: bool = True, progress: Progress | None = None) -> dict[str, list[dict[str, Any]]]:
    """The solver's figures for every shipped ruleset, as plain data (JSON-ready).

    ``{"kiriki": [...], "ten-thousand": [...]}``, each list in :func:`ruleset_names` order:

    - Kiriki: ``{"ruleset", "title", "expected_score"}``: the optimal solitaire expected final
      grand total, from the cache; a ruleset not cached yet is solved (up to a minute each)
      unless ``compute`` is false, when its ``expected_score`` is ``None``.
    - 10000: ``{"ruleset", "title", "expected_turn_score", "on_board_chance", "entry",
      "banking_table", "banking_cap"}``: ``banking_table`` maps dice in hand (1 to 6) to the turn
      total from which banking is right; ``on_board_chance`` is the chance of banking at least
      ``entry`` in one turn. Computed in about a second.
    """
    kiriki = []
    for name in ruleset_names("kiriki"):
        ruleset = find_ruleset_of(SheetRuleset, name)
        score = solution(ruleset, progress=progress).expected_score if compute or is_cached(ruleset) else None
        kiriki.append({"ruleset": name, "title": ruleset.title, "expected_score": score})
    ten_thousand = []
    for name in ruleset_names("ten-thousand"):
        rules = find_ruleset_of(SetAsideRuleset, name)
        turn, entry = turn_policy(rules), entry_policy(rules)
        ten_thousand.append({
            "ruleset": name,
            "title": rules.title,
            "expected_turn_score": turn.expected_turn_score,
            "on_board_chance": entry.on_board_chance,
            "entry": rules.entry,
            "banking_table": turn.banking_table(),
            "banking_cap": turn.cap,
        })
    return {"kiriki": kiriki, "ten-thousand": ten_thousand}
