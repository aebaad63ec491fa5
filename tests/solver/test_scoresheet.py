"""The Kiriki solver: published optima, exact repeat-kiriki fixed points, a solve kept in the cache
and read back, and optimal play through the game engine.

Published figures used here:

- 245.87: the optimal expected score of solitaire Yahtzee without Yahtzee bonuses and jokers
  (T. Verhoeff, "Optimal solitaire Yahtzee advisor", 1999; J. Glenn, "An optimal strategy for
  Yahtzee", Connecticut College CS-TR-0002, 2006). Kiriki without its extra-kiriki rule
  (ruleset ``kiriki-no-extra``) scores exactly like it.
- 2,783,176 / 60,466,176: the chance of five of a kind within three rolls of five dice, keeping
  the most common face each time (the "Yahtzee in one turn" figure, about 4.6%).
- 70/3: the expected sum of five dice over three rolls, keeping a die on 5 or 6 before the
  second roll and on 4 to 6 before the third.

Full solves take a second or two (no repeat kirikis) to a few seconds (the reference): each is
done once per machine and kept in the solver's cache, and once per test session in memory.
"""

from __future__ import annotations

import statistics
from pathlib import Path

import numpy as np
import pytest

from dicespec import find_ruleset, load_ruleset
from dicespec.scoresheet.game import SheetGame
from dicespec.scoresheet.sheet import Sheet
from dicespec.solver import scoresheet as kiriki
from dicespec.solver.hint import Action, TurnPlan, reroll_positions
from dicespec.solver.keeps import turn_value
from dicespec.solver.scoresheet import (
    RepeatCell,
    State,
    StateBatch,
    UnsupportedRulesetError,
    final_values,
    rules_of,
    solution,
    solve_looping,
)
from own_sheets import quick_ruleset
from sheet_rows import REFERENCE, UPPER_ROWS, Row

pytestmark = pytest.mark.early(45)  # solves and games played to the end: handed out early under xdist (tests/order.py)

YAHTZEE_IN_ONE_TURN = 2_783_176 / 60_466_176
FULL = rules_of(REFERENCE).full  # the mask of a full Kiriki sheet
bit = rules_of(REFERENCE).bit  # a row's bit in a filled-rows mask


def solved(name: str) -> kiriki.SheetSolution:
    return solution(find_ruleset(name))


def only_open(*rows: Row) -> int:
    """The mask of a sheet with every row filled but ``rows``."""
    return FULL & ~sum(bit(row) for row in rows)


# -- published optima -------------------------------------------------------------------------


@pytest.mark.slow
def test_without_repeat_kirikis_the_optimum_is_solitaire_yahtzees() -> None:
    """Without the extra-kiriki rule, optimal solitaire Kiriki expects 245.87 (Verhoeff; Glenn)."""
    assert solved("kiriki-no-extra").expected_score == pytest.approx(245.87, abs=0.005)


@pytest.mark.slow
def test_a_lone_kiriki_row_is_worth_fifty_times_the_chance_of_five_of_a_kind() -> None:
    """With only the kiriki row open, the expected score is 50 times the chance of five of a kind in a turn."""
    values = solved("kiriki-no-extra").values
    assert values[only_open(Row.KIRIKI), 0, RepeatCell.OPEN] == pytest.approx(50 * YAHTZEE_IN_ONE_TURN, rel=1e-12)


@pytest.mark.slow
def test_a_lone_chance_row_is_worth_seventy_thirds() -> None:
    """With only chance open, the expected score is 70/3, whatever the upper sum."""
    values = solved("kiriki-no-extra").values[only_open(Row.CHANCE), :, RepeatCell.ZERO]
    assert values == pytest.approx(np.full(values.shape, 70 / 3), rel=1e-12)


@pytest.mark.slow
def test_the_bonus_is_in_the_value_of_the_last_upper_row() -> None:
    """With only sixes open and an upper sum of 62, the bonus is earned by any six: it adds to the value."""
    values = solved("kiriki-no-extra").values
    state = only_open(Row.SIXES)
    at_62, at_63 = values[state, 62, RepeatCell.ZERO], values[state, 63, RepeatCell.ZERO]
    # P(at least one six in a turn, keeping sixes) = 1 - (5/6)**15.
    assert at_62 - at_63 == pytest.approx(35 * (1 - (5 / 6) ** 15), rel=1e-12)


# -- the repeat kiriki: exact fixed points ----------------------------------------------------


@pytest.mark.parametrize("guess", [0.0, 2.0, 1000.0])
def test_a_full_sheets_extra_turn_has_the_closed_form_value(guess: float) -> None:
    """Under kiriki-fr a full sheet with a kiriki above 0 still has a turn, worth 50p/(1-p): each
    five of a kind (chance p) adds 50 and earns yet another turn. Newton's iteration finds it from any guess."""
    rules = rules_of(find_ruleset("kiriki-fr"))
    values = np.full((FULL + 1, rules.upper_sizes, len(RepeatCell)), np.nan)
    upper = np.arange(rules.upper_sizes)
    batch = StateBatch(np.full(len(upper), FULL), upper, np.full(len(upper), int(RepeatCell.SCORED)))
    evaluations = solve_looping(rules, values, batch, np.full(len(upper), guess))
    p = YAHTZEE_IN_ONE_TURN
    assert values[FULL, :, RepeatCell.SCORED] == pytest.approx(np.full(len(upper), 50 * p / (1 - p)), rel=1e-12)
    assert evaluations <= 4 * len(upper)


@pytest.mark.slow
def test_every_state_a_repeat_kiriki_returns_to_is_a_fixed_point() -> None:
    """For states with a kiriki above 0, V equals one turn's value when a repeat kiriki is worth 50 + V."""
    solved_ = solved("kiriki")
    rules = solved_.rules
    rng = np.random.default_rng(8)
    filled = rng.choice([m for m in range(FULL) if m & bit(Row.KIRIKI)], size=400)
    upper = rng.integers(0, rules.upper_sizes, size=400)
    own = solved_.values[filled, upper, RepeatCell.SCORED]
    keep = ~np.isnan(own)
    batch = StateBatch(filled[keep], upper[keep], np.full(keep.sum(), int(RepeatCell.SCORED)))
    final, _ = final_values(rules, solved_.values, batch, loop=own[keep])
    turn = turn_value(rules.tables, final, rules.rerolls)
    assert np.max(np.abs(turn - own[keep])) < 1e-8
    # A kiriki above 0 is worth more than one scored 0, by at least the chance of adding to it.
    zero = solved_.values[filled[keep], upper[keep], RepeatCell.ZERO]
    assert np.all(own[keep] > zero)


@pytest.mark.slow
@pytest.mark.parametrize("shift", [-50.0, -0.5, 0.5, 50.0])
def test_newtons_iteration_finds_the_fixed_point_from_above_and_below(shift: float) -> None:
    """Solved again from guesses above or below, the values of states with a kiriki above 0 are the table's."""
    solved_ = solved("kiriki")
    rng = np.random.default_rng(5)
    level = [m for m in range(FULL) if m & bit(Row.KIRIKI) and m.bit_count() == 6]  # none a later state of another
    filled = rng.choice(level, size=300)
    upper = rng.integers(0, solved_.rules.upper_sizes, size=300)
    known = solved_.values[filled, upper, RepeatCell.SCORED]
    keep = ~np.isnan(known)
    batch = StateBatch(filled[keep], upper[keep], np.full(keep.sum(), int(RepeatCell.SCORED)))
    values = solved_.values.copy()
    values[batch.filled, batch.upper, RepeatCell.SCORED] = np.nan
    solve_looping(solved_.rules, values, batch, known[keep] + shift)
    assert values[batch.filled, batch.upper, RepeatCell.SCORED] == pytest.approx(known[keep], abs=1e-8)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["kiriki", "kiriki-no-extra"])
def test_every_other_state_is_one_turns_value(name: str) -> None:
    """V of a sampled state is the value of one optimal turn into the states after it (the table is whole)."""
    solved_ = solved(name)
    rules = solved_.rules
    rng = np.random.default_rng(3)
    filled = rng.integers(0, FULL, size=300)
    upper = rng.integers(0, rules.upper_sizes, size=300)
    cell = np.where(filled & bit(Row.KIRIKI), RepeatCell.ZERO, RepeatCell.OPEN).astype(int)
    own = solved_.values[filled, upper, cell]
    keep = ~np.isnan(own)
    batch = StateBatch(filled[keep], upper[keep], cell[keep])
    final, _ = final_values(rules, solved_.values, batch)
    assert turn_value(rules.tables, final, rules.rerolls) == pytest.approx(own[keep], rel=1e-12)


@pytest.mark.slow
def test_the_reference_with_repeat_kirikis_expects_more_than_without() -> None:
    """The extra-kiriki rule can only add: the reference expects more than kiriki-no-extra, by a few points."""
    gain = solved("kiriki").expected_score - solved("kiriki-no-extra").expected_score
    assert 0 < gain < 10


@pytest.mark.slow
def test_unreachable_upper_sums_are_left_out() -> None:
    """No sheet with only the ones row filled has an upper sum of 6; the table says so rather than guess."""
    solved_ = solved("kiriki-no-extra")
    with pytest.raises(ValueError, match="no sheet under kiriki-no-extra has this state"):
        solved_.value(State(bit(Row.ONES), 6, RepeatCell.OPEN))
    assert solved_.value(State(bit(Row.ONES), 5, RepeatCell.OPEN)) > 0


def test_a_repeat_kiriki_that_earns_no_turn_is_refused(tmp_path: Path) -> None:
    """A ruleset whose repeat kiriki adds points but earns no turn is refused: it leaves rows open at the end."""
    path = tmp_path / "odd.yaml"
    path.write_text("extends: kiriki\nname: odd\nfive_of_a_kind: {extra_turns: none}\n", encoding="utf-8")
    with pytest.raises(UnsupportedRulesetError, match="cannot count the turns left"):
        rules_of(load_ruleset(path))


# -- the state of a sheet ---------------------------------------------------------------------


def test_the_state_of_a_sheet() -> None:
    """A sheet's state: its filled rows, its upper sum capped at 63, and its kiriki cell."""
    reference = find_ruleset("kiriki")
    sheet = Sheet.from_cells({"sixes": 30, "fives": 25, "fours": 20, "kiriki": 50, "chance": 12})
    state = State.of(reference, sheet)
    assert state.filled == bit(Row.SIXES) | bit(Row.FIVES) | bit(Row.FOURS) | bit(Row.KIRIKI) | bit(Row.CHANCE)
    assert state.upper == 63 and state.kiriki is RepeatCell.SCORED
    assert State.of(reference, Sheet.from_cells({"kiriki": 0})).kiriki is RepeatCell.ZERO
    assert State.of(reference, Sheet()).kiriki is RepeatCell.OPEN
    assert "sixes" in str(state) and "upper sum 63" in str(state)


def test_every_row_has_its_own_bit() -> None:
    """The 13 rows have 13 distinct bits; the upper rows are the low six."""
    assert sum(bit(row) for row in Row) == FULL
    assert [bit(row) for row in UPPER_ROWS] == [1, 2, 4, 8, 16, 32]


# -- the cache --------------------------------------------------------------------------------


def test_a_solve_is_written_once_and_read_back(empty_cache: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    """The first solution() solves and writes one .npz file; later ones read it, with the same values."""
    ruleset = quick_ruleset(tmp_path_factory.mktemp("rulesets"))
    assert not kiriki.is_cached(ruleset)
    first = solution(ruleset)
    files = list(empty_cache.glob("*.npz"))
    assert len(files) == 1 and kiriki.is_cached(ruleset)
    kiriki._SOLVED.clear()
    again = solution(ruleset)
    assert again.values is not first.values
    np.testing.assert_array_equal(again.values, first.values)


# -- optimal play through the game engine -----------------------------------------------------


def play_optimally(game: SheetGame, solved_: kiriki.SheetSolution) -> None:
    """Play a solitaire game to its end, every choice the solver's best."""
    while not game.is_over:
        plan = TurnPlan(solved_, game.sheet(0))
        game.roll()
        while True:
            assert game.dice is not None
            choice = plan.best(game.dice, game.rolls_left)
            if choice.action is Action.KEEP:
                assert choice.dice is not None
                game.reroll(reroll_positions(game.dice, choice.dice))
            elif choice.action is Action.SCORE:
                assert choice.row is not None
                game.score(choice.row)
                break
            else:
                game.end_turn()
                break


@pytest.mark.slow
def test_optimal_play_through_the_engine_scores_the_expectation() -> None:
    """2,000 seeded solitaire games of the reference, played by the solver through SheetGame, average
    the computed expectation within four standard errors; repeat kirikis and their extra turns happen."""
    solved_ = solved("kiriki")
    totals, repeats = [], 0
    for seed in range(2_000):
        game = SheetGame(solved_.ruleset, 1, seed=seed)
        play_optimally(game, solved_)
        sheet = game.sheet(0)
        assert sheet.is_full(REFERENCE) and game.state.players[0].turns_taken == 13 + sheet.repeats
        totals.append(sheet.grand_total(solved_.ruleset))
        repeats += sheet.repeats
    error = statistics.stdev(totals) / len(totals) ** 0.5
    mean = statistics.fmean(totals)
    assert abs(mean - solved_.expected_score) < 4 * error, (
        f"mean of {len(totals)} games {mean:.2f} vs expected {solved_.expected_score:.2f} (standard error {error:.2f})"
    )
    assert repeats > 0
