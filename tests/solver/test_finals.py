"""The final values of every roll, written into the solve's buffers with less work
(:mod:`dicespec.solver.finals`): equal, number for number, to the written-out definition
(:func:`~dicespec.solver.sheetrules.final_values`) on a table of random state values, for every
ruleset the batched solve holds; the work table's extra sheet."""

from __future__ import annotations

import numpy as np
import pytest

from dicespec import find_ruleset
from dicespec.errors import UnsupportedRulesetError
from dicespec.registry import games
from dicespec.rulesets import ruleset_names
from dicespec.solver.finals import final_layout, work_table, write_final_values
from dicespec.solver.scoresheet import RepeatCell, StateBatch, rules_of
from dicespec.solver.sheetrules import Rules, final_values
from dicespec.solver.turns import TurnBuffers


def _solvable(name: str) -> bool:
    """Does the solver hold the ruleset's rules (it refuses first-roll points, required rows and
    more states than its bound, as Generala's and Maxi Yatzy's)?"""
    try:
        rules_of(find_ruleset(name))
    except UnsupportedRulesetError:
        return False
    return True


SHEET_RULESETS = [
    name
    for found in games()
    if found.family.name == "score-sheet"
    for name in ruleset_names(found.name)
    if _solvable(name)
]


def random_states(rules: Rules, rng: np.random.Generator, size: int) -> StateBatch:
    """Turn-start states of ``rules`` (any sheet, upper sum and consistent kiriki cell), full sheets among them."""
    filled = rng.integers(0, rules.full + 1, size=size)
    filled[:8] = rules.full
    upper = rng.integers(0, rules.upper_sizes, size=size)
    cell = np.where(filled & rules.five_bit, rng.integers(1, 3, size=size), int(RepeatCell.OPEN))
    if rules.five_index is None:
        cell[:] = int(RepeatCell.OPEN)
    return StateBatch(filled, upper, cell)


def random_table(rules: Rules, rng: np.random.Generator) -> np.ndarray:
    """A work table of random state values (any numbers do for the final values' arithmetic)."""
    table = work_table(rules)
    table[: rules.full + 1] = rng.uniform(0, 300, size=table[: rules.full + 1].shape)
    return table


@pytest.mark.parametrize("name", SHEET_RULESETS)
@pytest.mark.parametrize("looping", [False, True])
def test_the_final_values_in_buffers_are_the_definitions(name: str, looping: bool) -> None:
    """Each roll's final value (and slope) written into the buffers is final_values' own number."""
    rules = rules_of(find_ruleset(name))
    rng = np.random.default_rng(17)
    table = random_table(rules, rng)
    batch = random_states(rules, rng, 300)
    loop = rng.uniform(0, 300, size=len(batch)) if looping else None
    expected, expected_slope = final_values(rules, table[: rules.full + 1], batch, loop=loop)
    layout = final_layout(rules)
    room = TurnBuffers(layout.turns, 512)
    write_final_values(layout, table, batch, room, loop=loop, slopes=looping)
    public = layout.turns.rolls_public
    np.testing.assert_array_equal(room.rolls(len(batch)), expected[public])
    if looping:
        assert expected_slope is not None
        np.testing.assert_array_equal(room.roll_slopes(len(batch)), expected_slope[public])


def test_the_work_table_is_unsolved_but_for_its_filled_row_sheet() -> None:
    """Every state NaN until solved; the one sheet beyond the full one, -inf throughout: the value
    every choice of a filled row reads."""
    rules = rules_of(find_ruleset("kiriki"))
    table = work_table(rules)
    assert table.shape == (rules.full + 2, rules.upper_sizes, len(RepeatCell))
    assert np.isnan(table[: rules.full + 1]).all()
    assert (table[rules.full + 1] == -np.inf).all()
