"""The fast score-sheet solve computes what the previous one did (issue 17).

The previous implementation is kept in ``benchmarks/baseline/`` (the solver before it was made
fast). The quick tests hold each part of the fast solve against the written-out definition it
replaces: the turn in buffers against :func:`~dicespec.solver.keeps.turn_value` (and its slope),
the listed states against the previous list (the final values against their definition:
``tests/solver/test_finals.py``). The slow ones solve whole rulesets both ways and compare every
state within 1e-9.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from dicespec import find_ruleset, load_ruleset
from dicespec.scoresheet.ruleset import SheetRuleset
from dicespec.solver import scoresheet
from dicespec.solver.keeps import keep_tables, turn_value, turn_value_and_slope
from dicespec.solver.scoresheet import (
    StateBatch,
    bonus_out_of_reach,
    default_workers,
    levels,
    rules_of,
    solve_values,
)
from dicespec.solver.sheetrules import Rules
from dicespec.solver.turns import TurnBuffers, turn_layout
from folders import REPO

pytestmark = pytest.mark.early(45)  # whole solves, twice: handed out early under xdist (tests/order.py)

SAME = 1e-9  # the "same figures": every state's value within this of the previous solve's


def previous() -> ModuleType:
    """The previous solver (``benchmarks/baseline/scoresheet.py``)."""
    folder = str(REPO / "benchmarks")
    if folder not in sys.path:
        sys.path.insert(0, folder)
    return importlib.import_module("baseline.scoresheet")


@pytest.mark.parametrize("rerolls", [0, 1, 2, 3])
def test_the_turn_in_buffers_is_the_keeps_dynamic_programme(rerolls: int) -> None:
    """The turn's value and slope from buffers are keeps.turn_value's and turn_value_and_slope's."""
    tables, layout = keep_tables(5), turn_layout(5)
    rng = np.random.default_rng(rerolls)
    final = rng.uniform(0, 100, size=(tables.roll_count, 200))
    final[rng.random(final.shape) < 0.05] = 50.0  # ties, where the larger keep's slope is kept
    slope = (rng.random(final.shape) < 0.1).astype(float)
    room = TurnBuffers(layout, 256)
    room.rolls(200)[:] = final[layout.rolls_public]
    np.testing.assert_allclose(room.turn_value(200, rerolls), turn_value(tables, final, rerolls), rtol=1e-14)
    room.rolls(200)[:] = final[layout.rolls_public]
    room.roll_slopes(200)[:] = slope[layout.rolls_public]
    value, value_slope = room.turn_value_and_slope(200, rerolls)
    expected, expected_slope = turn_value_and_slope(tables, final, slope, rerolls)
    np.testing.assert_allclose(value, expected, rtol=1e-14)
    np.testing.assert_allclose(value_slope, expected_slope, rtol=1e-12, atol=1e-15)


@pytest.mark.parametrize("size", [1, 2, 7])
def test_a_states_turn_does_not_depend_on_the_states_beside_it(size: int) -> None:
    """A state's turn value is the same number alone, in a small batch or in a full one."""
    layout = turn_layout(5)
    final = np.random.default_rng(size).uniform(0, 100, size=(layout.roll_count, 512))
    room = TurnBuffers(layout, 512)
    room.rolls(512)[:] = final
    together = room.turn_value(512, 2)
    room.rolls(size)[:] = final[:, :size]
    np.testing.assert_array_equal(room.turn_value(size, 2), together[:size])


def test_buffers_refuse_a_batch_larger_than_they_hold() -> None:
    with pytest.raises(ValueError, match="a batch of 600 states; these buffers hold 1 to 512"):
        TurnBuffers(turn_layout(5), 512).rolls(600)


@pytest.mark.parametrize("name", ["kiriki", "kiriki-fr", "yahtzee", "yatzy"])
def test_the_states_are_the_previous_solvers_in_its_order(name: str) -> None:
    """Level by level, the plain and the looping states are the ones the previous solver listed."""
    rules = rules_of(find_ruleset(name))
    old = previous()
    before = list(old.levels(old.rules_of(find_ruleset(name))))
    now = list(levels(rules))
    assert [count for count, _, _ in now] == [count for count, _, _ in before]
    for (_, plain, looping), (_, old_plain, old_looping) in zip(now, before, strict=True):
        for mine, theirs in ((plain, old_plain), (looping, old_looping)):
            for field in ("filled", "upper", "kiriki"):
                np.testing.assert_array_equal(getattr(mine, field), getattr(theirs, field))


def one_roll(tmp_path: Path, base: str) -> SheetRuleset:
    path = tmp_path / f"{base}-one-roll.yaml"
    path.write_text(f"extends: {base}\nname: {base}-one-roll\nrolls_per_turn: 1\n", encoding="utf-8")
    ruleset = load_ruleset(path)
    assert isinstance(ruleset, SheetRuleset)
    return ruleset


@pytest.mark.slow
@pytest.mark.parametrize("base", ["kiriki", "yahtzee"])
def test_threads_change_no_number(tmp_path: Path, base: str) -> None:
    """A solve on two threads gives the table of a solve on one, number for number."""
    rules = rules_of(one_roll(tmp_path, base))
    alone, stats = solve_values(rules, workers=1)
    shared, shared_stats = solve_values(rules, workers=2)
    assert stats.workers == 1 and shared_stats.workers == 2
    np.testing.assert_array_equal(alone, shared)


def test_the_bonus_is_out_of_reach_when_the_open_upper_rows_cannot_make_it_up() -> None:
    """63 is needed: with only sixes open (at most 30 more), an upper sum of 32 cannot make it and
    33 can; with every upper row filled 62 cannot (63 has it); with every one open, 0 can."""
    rules = rules_of(find_ruleset("kiriki"))
    upper_rows = sum(1 << i for i in rules.upper_index)
    only_sixes_open = upper_rows & ~(1 << rules.upper_index[5])
    batch = StateBatch(
        np.array([only_sixes_open, only_sixes_open, only_sixes_open, upper_rows, upper_rows, 0]),
        np.array([32, 33, 63, 62, 63, 0]),
        np.zeros(6, dtype=int),
    )
    assert bonus_out_of_reach(rules, batch).tolist() == [True, False, False, True, False, False]
    assert not bonus_out_of_reach(rules_of(find_ruleset("yacht")), batch).any()  # no bonus to reach


@pytest.mark.slow
@pytest.mark.parametrize("base", ["kiriki", "yahtzee"])
def test_states_out_of_reach_of_the_bonus_share_the_value_each_would_have(
    tmp_path: Path, base: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Solved once per sheet and cell, or each on its own, the table is the same, number for number."""
    rules = rules_of(one_roll(tmp_path, base))
    shared, stats = solve_values(rules, workers=1)
    assert stats.shared_states > stats.states // 4

    def each_alone(rules: Rules, batch: StateBatch) -> tuple[np.ndarray, np.ndarray]:
        return np.ones(len(batch), dtype=bool), np.arange(len(batch))

    monkeypatch.setattr(scoresheet, "shared_values", each_alone)
    alone, alone_stats = solve_values(rules, workers=1)
    assert alone_stats.shared_states == 0
    np.testing.assert_array_equal(shared, alone)


def test_a_solve_takes_one_thread_unless_told(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DICESPEC_SOLVER_THREADS", raising=False)
    assert default_workers() == 1
    monkeypatch.setenv("DICESPEC_SOLVER_THREADS", "3")
    assert default_workers() == 3
    monkeypatch.setenv("DICESPEC_SOLVER_THREADS", "many")
    with pytest.raises(ValueError, match="DICESPEC_SOLVER_THREADS is 'many': a number of threads, 1 or more"):
        default_workers()


@pytest.mark.slow
@pytest.mark.parametrize("name", ["kiriki-no-extra", "kiriki"])
def test_every_state_is_the_previous_solvers_within_1e_9(name: str) -> None:
    """Solved both ways (seconds now, up to half a minute before), every state's value agrees
    within 1e-9, and so do the states that have none (NaN: no sheet can be in them)."""
    old = previous()
    before, before_stats = old.solve_values(old.rules_of(find_ruleset(name)))
    now, stats = solve_values(rules_of(find_ruleset(name)))
    assert stats.states == before_stats.states
    np.testing.assert_array_equal(np.isnan(now), np.isnan(before))
    assert np.nanmax(np.abs(now - before)) <= SAME


# -- the plain path (issue 27) against the batched solve --------------------------------------


@pytest.mark.parametrize("name", ["yacht"])
def test_the_plain_path_solves_a_ruleset_without_its_rules_as_the_batched_solve(name: str) -> None:
    """The plain path (dicespec.solver.firstroll: first-roll and requires rules) on a shipped ruleset
    with none of those rules, which the batched solve takes: every state's value within 1e-9."""
    from dicespec.solver import firstroll

    shipped = find_ruleset(name)
    assert isinstance(shipped, SheetRuleset)
    fast, plain = scoresheet.solve(shipped), firstroll.solve(shipped)
    np.testing.assert_allclose(plain.values[:, :, 0], fast.values[:, :, 0], rtol=0, atol=SAME)


FACES = [("fours", 4), ("fives", 5), ("sixes", 6)]


def test_the_plain_path_holds_the_upper_bonus_as_the_batched_solve(tmp_path: Path) -> None:
    """With an upper bonus as well: the plain path's values are the batched solve's wherever a sheet can be."""
    from dicespec.solver import firstroll

    path = tmp_path / "bonus.yaml"
    path.write_text(
        "\n".join(
            [
                "game: yatzy",
                "name: bonus",
                "title: Bonus",
                "description: Three upper rows, a straight and an upper bonus.",
                "dice: 5",
                "rolls_per_turn: 3",
                "players: {min: 1, max: 4}",
                "rows:",
                *(f"  {row}: {{label: {row}, section: upper, rule: face, face: {face}}}" for row, face in FACES),
                "  straight: {label: Straight, section: lower, rule: straight, faces: [2, 3, 4, 5, 6], points: 30}",
                "upper_bonus: {more_than: 30, points: 25}",
                "five_of_a_kind: null",
                "joker: none",
                "winner: highest_total_ties_share",
                "gaps: []",
            ]
        )
        + "\n",
        encoding="utf-8",
    )
    mine = load_ruleset(path)
    assert isinstance(mine, SheetRuleset)
    fast, plain = scoresheet.solve(mine), firstroll.solve(mine)
    known = ~np.isnan(fast.values[:, :, 0])
    np.testing.assert_allclose(plain.values[:, :, 0][known], fast.values[:, :, 0][known], rtol=0, atol=SAME)
