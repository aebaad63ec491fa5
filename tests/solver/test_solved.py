"""What a score-sheet solution gives its readers: both of the solver's paths are a
:class:`~dicespec.solver.solved.Solution`, each with every member the protocol names, and their
turns a :class:`~dicespec.solver.solved.Turn`; a way to score and the error of a sheet with no turn
left."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from dicespec import find_ruleset
from dicespec.scoresheet.ruleset import SheetRuleset
from dicespec.scoresheet.sheet import Sheet
from dicespec.solver.firstroll import PlainSolution
from dicespec.solver.scoresheet import SheetSolution
from dicespec.solver.sheetplay import SheetTurn
from dicespec.solver.sheetrules import RepeatCell, State, rules_of
from dicespec.solver.solved import NoTurnLeftError, Scored, Solution, Turn


def members(protocol: type) -> set[str]:
    """The names a protocol asks of its implementations."""
    return {name for name in vars(protocol) if not name.startswith("_")}


def test_the_protocols_name_what_their_readers_ask() -> None:
    assert members(Solution) == {
        "ruleset",
        "values",
        "expected_score",
        "winning_rows",
        "win_chance",
        "expected_total",
        "turn",
        "play",
        "coach_states",
    }
    assert members(Turn) == {"tables", "rerolls", "keep_values", "scores"}


@pytest.mark.parametrize("path", [SheetSolution, PlainSolution])
def test_both_paths_solutions_have_every_member_of_a_solution(path: type) -> None:
    assert members(Solution) <= set(dir(path))


def test_the_batched_paths_turn_has_every_member_of_a_turn() -> None:
    ruleset = find_ruleset("kiriki-no-extra")
    assert isinstance(ruleset, SheetRuleset)
    rules = rules_of(ruleset)
    table = np.zeros((rules.full + 1, rules.upper_sizes, len(RepeatCell)))
    turn = SheetTurn(ruleset, table, Sheet(), State.of(ruleset, Sheet()), 0.0)
    assert all(hasattr(turn, name) for name in members(Turn))


def test_a_way_to_score_is_a_value_that_cannot_change() -> None:
    scored = Scored("chance", 21.5, wins=False)
    assert (scored.row, scored.value, scored.wins) == ("chance", 21.5, False)
    assert scored == Scored("chance", 21.5, False) and Scored(None, 0.0, False).row is None
    with pytest.raises(dataclasses.FrozenInstanceError):
        scored.value = 0.0  # type: ignore[misc]


def test_no_turn_left_is_a_value_error() -> None:
    assert issubclass(NoTurnLeftError, ValueError)
