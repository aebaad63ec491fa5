"""The two-player optimum of a set-aside ruleset as the game pages read it (``js/coach.mjs``'s
``DuelCoach``): what :class:`~dicespec.solver.twoplayer.Duel` keeps and what a pass over one pair
of scores reads, as JSON, so that the browser works out a pair's chances within a turn as
:meth:`~dicespec.solver.twoplayer.Duel.pair` does.

Only a ruleset whose solve is quick (:func:`~dicespec.solver.twoplayer.quick`) has one: whether
a file is made depends on the rules alone, never on what the cache holds (Greed's: 3,600 start
chances; 10000's solve takes minutes, and has none).

The file (``ruleset`` and ``rules_digest`` as a coach file's header has them), every number of
points in steps of ``step``:

- ``goal``, ``entry``, ``dice``, ``limit``, ``reach``: the target, the entry, the dice, the turn
  totals a pass keeps and the most one set-aside gains (:class:`~dicespec.solver.twoplayer._Setup`);
- ``starts``: ``S(a, b)``, row by row (``a`` the mover's score), ``goal`` × ``goal``;
- ``reached`` and ``last_turn``: a final round's chances (see ``_final_turn``);
- ``rolls``: the scoring rolls grouped by their choices (``weights``, ``gain``, ``left``, ``valid``)
  and the chance that ``n`` dice score nothing (``farkles``);
- ``refused_below_entry``: whether a bank below the entry is refused (else it scores nothing);
  ``epsilon`` and ``no_bank``, as the solve compares.
"""

from __future__ import annotations

from typing import Any

from dicespec.rulesets import published
from dicespec.setaside.ruleset import BelowEntry, SetAsideRuleset
from dicespec.solver import twoplayer
from dicespec.solver.coachdata import values_digest

FORMAT = 1


def duel_data(ruleset: SetAsideRuleset) -> dict[str, Any] | None:
    """The two-player file of ``ruleset`` (``None`` where its solve is not quick, or refused)."""
    if not twoplayer.quick(ruleset):
        return None
    solved = twoplayer.duel(ruleset)
    setup = twoplayer._setup(ruleset)
    rolls = setup.rolls
    return {
        "format": FORMAT,
        "ruleset": ruleset.name,
        "rules_digest": values_digest(published(ruleset.name)),
        "step": solved.step,
        "goal": setup.goal,
        "entry": setup.entry,
        "dice": setup.dice,
        "limit": setup.limit,
        "reach": setup.reach,
        "refused_below_entry": ruleset.below_entry is BelowEntry.REFUSED,
        "starts": solved.starts.ravel().tolist(),
        "reached": setup.reached.tolist(),
        "last_turn": setup.last_turn.tolist(),
        "rolls": {
            "weights": rolls.weights.tolist(),
            "gain": rolls.gain.tolist(),
            "left": rolls.left.tolist(),
            "valid": rolls.valid.astype(int).tolist(),
            "farkles": rolls.farkles.tolist(),
        },
        "epsilon": twoplayer.EPSILON,
        "no_bank": twoplayer.NO_BANK,
    }
