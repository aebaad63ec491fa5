"""Optimal play: exact dynamic programming over score-sheet games (Kiriki) and set-aside turns (10000, Greed).

- :mod:`dicespec.solver.scoresheet`: the expected final grand total of every turn-start state of
  solitaire Kiriki, repeat kirikis solved exactly; :func:`solution` reads it from the cache or
  solves it (about a second for Kiriki without repeats, two to three for the reference and Yatzy).
- :mod:`dicespec.solver.hint`: every choice for the dice on the table, with its expected score.
- :mod:`dicespec.solver.setaside`: the set-aside turn that maximises expected points, its
  banking table, and the entry policy that maximises the chance of getting on the board.
- :mod:`dicespec.solver.twoplayer`: a set-aside game's exact two-player optimum, the chance of winning
  from every state and the play that maximises it.
- :func:`summary`: the headline figures of every shipped ruleset, for the site; :func:`report`, a
  ruleset's optimal play as ``dicespec solve`` prints it.

What the solver does with each family of games is its own table, :data:`SOLVERS`, keyed by the
family name the registry gives each game.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any

from dicespec.errors import UnsupportedRulesetError
from dicespec.progress import ProgressLine
from dicespec.registry import game, games
from dicespec.rulesets import Ruleset, find_ruleset, ruleset_names
from dicespec.scoresheet.ruleset import SheetRuleset
from dicespec.setaside.ruleset import SetAsideRuleset
from dicespec.solver import twoplayer
from dicespec.solver.cache import rules_key
from dicespec.solver.hint import Action, Choice, TurnPlan, hint
from dicespec.solver.report import duel_report, set_aside_report, sheet_report
from dicespec.solver.scoresheet import Progress, is_cached, solution, solve
from dicespec.solver.setaside import EntryPolicy, TurnPolicy, entry_policy, turn_policy, unaccounted
from dicespec.solver.solved import NoTurnLeftError, Solution
from dicespec.solver.spread import GAMES, SEED, distribution, simulate, solved_spread
from dicespec.solver.twoplayer import Duel, duel

__all__ = [
    "SOLVERS",
    "Action",
    "Choice",
    "Duel",
    "EntryPolicy",
    "FamilySolver",
    "NoTurnLeftError",
    "Solution",
    "TurnPlan",
    "TurnPolicy",
    "duel",
    "entry_policy",
    "hint",
    "is_cached",
    "report",
    "solution",
    "solve",
    "summary",
    "turn_policy",
]


def summary(
    *, compute: bool = True, progress: Progress | None = None, only: Collection[str] | None = None
) -> dict[str, list[dict[str, Any]]]:
    """The solver's figures for every shipped ruleset, as plain data (JSON-ready); ``only``: for
    the rulesets of these games alone.

    By game (``{"kiriki": [...], "ten-thousand": [...]}``), each list in :func:`ruleset_names` order:

    - a score-sheet ruleset: ``{"ruleset", "title", "expected_score"}``: the optimal solitaire
      expected final grand total, from the cache; a ruleset not cached yet is solved (a few seconds
      each) unless ``compute`` is false, when its ``expected_score`` is ``None``. A ruleset with a
      row that wins at once (Generala's, made with a turn's first roll) adds ``"winning_rows"`` and
      ``"win_at_once"``: the expected score is that of a game played out in full, and beside it the
      exact chance that a game under that same play is won at once. Computed, it adds ``"std"``, the
      exact standard deviation of the final score, ``"events"``, the exact chance of each sheet-level
      event (:mod:`dicespec.solver.spread`), and ``"simulated"``, the figures of
      :data:`~dicespec.solver.spread.GAMES` games played by the same play (its
      :func:`~dicespec.solver.spread.distribution`).
    - a set-aside ruleset: ``{"ruleset", "title", "expected_turn_score", "on_board_chance", "entry",
      "banking_table", "banking_cap", "two_players"}``: ``banking_table`` maps dice in hand (1 to 6) to the turn
      total from which banking is right; ``on_board_chance`` is the chance of banking at least
      ``entry`` in one turn; ``unaccounted``, only where there are any, the keys of the ruleset's
      rules the turn policy leaves out (:func:`dicespec.solver.setaside.unaccounted`): its figures
      are then the optimal play of a turn without them. Computed in about a second.
      ``two_players``: the exact two-player optimum's ``first_player`` chance (a shared win a half),
      its ``states``, and what refuses it: ``too_large`` and the ``unmodelled`` rules' keys
      (:mod:`dicespec.solver.twoplayer`); unless ``compute``, a chance the cache does not hold is
      ``None`` (10000's takes minutes). Solved, it adds ``boundary``: by dice in hand, the turn
      total from which banking is right for each of ten ``scores`` of the mover (rows) against each
      of the other's (columns), ``None`` where it rolls on to the target.
    """
    return {
        game.name: [
            _figures(find_ruleset(name), compute=compute, progress=progress) for name in ruleset_names(game.name)
        ]
        for game in games()
        if only is None or game.name in only
    }


def _sheet_figures(ruleset: SheetRuleset, compute: bool, progress: Progress | None) -> dict[str, Any]:
    try:
        solved = solution(ruleset, progress=progress) if compute or is_cached(ruleset) else None
    except UnsupportedRulesetError as exc:
        return {"ruleset": ruleset.name, "title": ruleset.title, "expected_score": None, "unsolved": str(exc)}
    score = None if solved is None else solved.expected_score
    found: dict[str, Any] = {"ruleset": ruleset.name, "title": ruleset.title, "expected_score": score}
    if solved is not None and compute:  # the spread of the score: exact, and games played for its shape
        exact = solved_spread(solved, progress=progress)
        found |= {
            "std": exact.std,
            "events": exact.events,
            "simulated": distribution(simulate(solved, GAMES, SEED, progress=progress)),
        }
    winning = tuple(row.id for row in ruleset.rows.values() if row.first_roll_wins)
    if winning:  # the score of a game played out in full; beside it, the chance of a win at once
        found |= {"winning_rows": list(winning), "win_at_once": None if solved is None else solved.win_chance()}
    return found


def _set_aside_figures(ruleset: SetAsideRuleset, compute: bool, progress: Progress | None) -> dict[str, Any]:
    turn, entry = turn_policy(ruleset), entry_policy(ruleset)
    figures: dict[str, Any] = {
        "ruleset": ruleset.name,
        "title": ruleset.title,
        "expected_turn_score": turn.expected_turn_score,
        "on_board_chance": entry.on_board_chance,
        "entry": ruleset.entry,
        "banking_table": turn.banking_table(),
        "banking_cap": turn.cap,
    }
    left_out = unaccounted(ruleset)
    if left_out:  # the rules of the game around the turn that the policies do not play
        figures["unaccounted"] = list(left_out)
    figures["two_players"] = _two_player_figures(ruleset, compute, progress)
    return figures


def _two_player_figures(ruleset: SetAsideRuleset, compute: bool, progress: Progress | None) -> dict[str, Any]:
    """The two-player optimum's figures: the first player's chance (``None`` where it is refused, or
    not solved and not to be computed), its states, and why it is refused, if it is."""
    refused, left_out = twoplayer.too_large(ruleset) is not None, twoplayer.unmodelled(ruleset)
    found: dict[str, Any] = {
        "first_player": None,
        "states": twoplayer.state_count(ruleset),
        "too_large": refused,
        "unmodelled": list(left_out),
    }
    if not (refused or left_out) and (compute or twoplayer.is_kept(ruleset)):
        solved = duel(ruleset, progress)
        scores = solved.shown_scores()
        boundary = {str(n): solved.boundary(n, scores) for n in range(1, ruleset.dice + 1)}
        found |= {"first_player": solved.first_player_chance, "scores": scores, "boundary": boundary}
    return found


def _sheet_kept(ruleset: SheetRuleset, entry: dict[str, Any]) -> dict[str, Any]:
    return {**entry, "rules_key": rules_key(ruleset)}


def _set_aside_kept(ruleset: SetAsideRuleset, entry: dict[str, Any]) -> dict[str, Any]:
    banking = {str(n): total for n, total in entry["banking_table"].items()}
    two_players = {**entry["two_players"], "rules_key": twoplayer.rules_key(ruleset)}
    return {**entry, "banking_table": banking, "two_players": two_players}


def _sheet_report(ruleset: SheetRuleset, progress: ProgressLine) -> str:
    solved = solution(ruleset, progress=progress)
    return sheet_report(solved, solved_spread(solved, progress=progress))


def _set_aside_report(ruleset: SetAsideRuleset, progress: ProgressLine) -> str:
    return set_aside_report(turn_policy(ruleset), entry_policy(ruleset))


def _sheet_duel_report(ruleset: SheetRuleset, progress: ProgressLine) -> str:
    raise UnsupportedRulesetError(
        f"ruleset {ruleset.name}: a score-sheet game is solved for one player (each sheet's own best "
        "score); --players 2 solves set-aside games"
    )


def _set_aside_duel_report(ruleset: SetAsideRuleset, progress: ProgressLine) -> str:
    return duel_report(duel(ruleset, progress))


@dataclass(frozen=True, slots=True)
class FamilySolver:
    """What the solver does with the rulesets of one family of games."""

    figures: Callable[[Any, bool, Progress | None], dict[str, Any]]
    """A ruleset's headline figures (:func:`summary`); solving it, or not (``None``) unless cached."""
    kept: Callable[[Any, dict[str, Any]], dict[str, Any]]
    """Those figures as ``fixtures/optimal-play.json`` keeps them (JSON keys, the rules' hash)."""
    report: Callable[[Any, ProgressLine], str]
    """Its optimal play as ``dicespec solve`` prints it."""
    two_players: Callable[[Any, ProgressLine], str]
    """Its two-player optimum as ``dicespec solve --players 2`` prints it (or why it has none)."""


SOLVERS: dict[str, FamilySolver] = {
    "score-sheet": FamilySolver(_sheet_figures, _sheet_kept, _sheet_report, _sheet_duel_report),
    "set-aside": FamilySolver(_set_aside_figures, _set_aside_kept, _set_aside_report, _set_aside_duel_report),
}
"""The solver of each family of games, by family name."""


def solver_of(ruleset: Ruleset) -> FamilySolver:
    """The solver of a ruleset's family."""
    return SOLVERS[game(ruleset.game).family_name]


def report(ruleset: Ruleset, progress: ProgressLine, *, players: int = 1) -> str:
    """A ruleset's optimal play as ``dicespec solve`` prints it: solitaire, or for two ``players``
    each playing to win."""
    if players == 2:
        return solver_of(ruleset).two_players(ruleset, progress)
    return solver_of(ruleset).report(ruleset, progress)


def _figures(ruleset: Ruleset, *, compute: bool, progress: Progress | None) -> dict[str, Any]:
    return solver_of(ruleset).figures(ruleset, compute, progress)
