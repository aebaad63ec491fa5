"""Optimal play: exact dynamic programming over score-sheet games (Kiriki) and set-aside turns (10000, Greed).

- :mod:`dicespec.solver.scoresheet`: the expected final grand total of every turn-start state of
  solitaire Kiriki, repeat kirikis solved exactly; :func:`solution` reads it from the cache or
  solves it (about a second for Kiriki without repeats, two to three for the reference and Yatzy).
- :mod:`dicespec.solver.hint`: every choice for the dice on the table, with its expected score.
- :mod:`dicespec.solver.setaside`: the set-aside turn that maximises expected points, its
  banking table, and the entry policy that maximises the chance of getting on the board.
- :func:`summary`: the headline figures of every shipped ruleset, for the site.
"""

from __future__ import annotations

from typing import Any

from dicespec.registry import games
from dicespec.rulesets import Ruleset, find_ruleset, ruleset_names
from dicespec.scoresheet.ruleset import SheetRuleset
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

    By game (``{"kiriki": [...], "ten-thousand": [...]}``), each list in :func:`ruleset_names` order:

    - a score-sheet ruleset: ``{"ruleset", "title", "expected_score"}``: the optimal solitaire
      expected final grand total, from the cache; a ruleset not cached yet is solved (a few seconds
      each) unless ``compute`` is false, when its ``expected_score`` is ``None``.
    - a set-aside ruleset: ``{"ruleset", "title", "expected_turn_score", "on_board_chance", "entry",
      "banking_table", "banking_cap"}``: ``banking_table`` maps dice in hand (1 to 6) to the turn
      total from which banking is right; ``on_board_chance`` is the chance of banking at least
      ``entry`` in one turn. Computed in about a second.
    """
    return {
        game.name: [_figures(find_ruleset(name), compute=compute, progress=progress) for name in ruleset_names(game.name)]
        for game in games()
    }


def _figures(ruleset: Ruleset, *, compute: bool, progress: Progress | None) -> dict[str, Any]:
    if isinstance(ruleset, SheetRuleset):
        score = solution(ruleset, progress=progress).expected_score if compute or is_cached(ruleset) else None
        return {"ruleset": ruleset.name, "title": ruleset.title, "expected_score": score}
    turn, entry = turn_policy(ruleset), entry_policy(ruleset)
    return {
        "ruleset": ruleset.name,
        "title": ruleset.title,
        "expected_turn_score": turn.expected_turn_score,
        "on_board_chance": entry.on_board_chance,
        "entry": ruleset.entry,
        "banking_table": turn.banking_table(),
        "banking_cap": turn.cap,
    }
