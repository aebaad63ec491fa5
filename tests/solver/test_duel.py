"""The exact two-player optimum of a set-aside game (solver/duel.py): Neller and Presser's 53.06%
for Pig, the layered solve against plain value iteration, games played on the engine, where
banking moves with the scores, and what it refuses."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from dicespec import find_ruleset, load_ruleset
from dicespec.errors import UnsupportedRulesetError
from dicespec.setaside.ruleset import SetAsideRuleset
from dicespec.solver.duel import MAX_STATES, Duel, TooLargeError, duel, simulate, state_count, unsupported
from dicespec.solver.report import duel_report
from dicespec.solver.setaside import turn_policy

PIG = Path(__file__).parent.parent / "solver_rulesets" / "pig.yaml"


@cache
def pig() -> Duel:
    ruleset = load_ruleset(PIG)
    assert isinstance(ruleset, SetAsideRuleset)
    return duel(ruleset)


def small_pig(tmp_path: Path, target: int) -> SetAsideRuleset:
    text = PIG.read_text(encoding="utf-8").replace("target: 100", f"target: {target}")
    path = tmp_path / "small-pig.yaml"
    path.write_text(text, encoding="utf-8")
    ruleset = load_ruleset(path)
    assert isinstance(ruleset, SetAsideRuleset)
    return ruleset


def value_iteration(goal: int) -> dict[tuple[int, int, int], float]:
    """Pig to ``goal`` solved the plain way, as Neller and Presser did: sweep every state until
    nothing moves. ``(a, b, t)``: the mover's score, the other's and the turn's points."""
    chance: dict[tuple[int, int, int], float] = {
        (a, b, t): 0.5 for a in range(goal) for b in range(goal) for t in range(goal - a)
    }
    moved = 1.0
    while moved > 1e-15:
        moved = 0.0
        for a, b, t in chance:
            lose_turn = 1 - chance[(b, a, 0)]
            roll = (
                lose_turn / 6 + sum(1 if a + t + face >= goal else chance[(a, b, t + face)] for face in range(2, 7)) / 6
            )
            bank = 1 - chance[(b, a + t, 0)] if t > 0 else 0.0
            best = max(roll, bank)
            moved = max(moved, abs(best - chance[(a, b, t)]))
            chance[(a, b, t)] = best
    return chance


def test_pig_s_first_player_wins_53_06_percent() -> None:
    """Neller and Presser (2004): with both players playing to win, the player who starts wins 53.06%."""
    assert round(pig().first_player_chance, 4) == 0.5306


def test_the_layered_solve_is_value_iteration_s_fixed_point(tmp_path: Path) -> None:
    """Pig to 16, solved by sweeping every state until nothing moves, gives the layered solve's every
    chance: at the start of a turn and at every turn total."""
    solved = duel(small_pig(tmp_path, 16))
    plain = value_iteration(16)
    for (a, b, t), chance in plain.items():
        found = solved.start_chance(a, b) if t == 0 else solved.chance(a, b, t, 1)
        assert found == pytest.approx(chance, abs=1e-12), (a, b, t)


def test_playing_to_win_banks_by_the_scores_where_the_turn_policy_banks_at_20() -> None:
    """The points-maximising turn holds at 20 whatever the scores; playing to win, a player far
    behind rolls on past it, one far ahead banks below it, and one near the target rolls for it."""
    assert turn_policy(pig().ruleset).banking_table() == {1: 20}
    thresholds = pig().bank_thresholds(1)
    assert thresholds[0][0] is not None and thresholds[0][0] > 20  # at 0-0 the first turn goes past 20
    assert thresholds[0][80] is not None and thresholds[0][80] > 40  # far behind: past 40
    assert thresholds[70][0] is not None and thresholds[70][0] < 15  # far ahead: bank early
    assert thresholds[80][0] is None  # near the target: roll on to it
    assert pig().should_bank(0, 0, 25, 1) and not pig().should_bank(0, 0, 20, 1)


def test_the_chances_are_a_game_s_chances() -> None:
    """Both players' chances at the start of a turn are at most one between them (the other player
    moves next, never both), a won bank is certain, and a turn's every choice is ranked."""
    solved = pig()
    assert 0 < solved.start_chance(0, 0) < 1
    assert solved.start_chance(100, 0) == 1.0 and solved.start_chance(0, 100) == 0.0
    assert solved.chance(90, 50, 10, 1) == 1.0  # 100 banked: won
    assert solved.bank_chance(90, 50, 10) == 1.0
    assert solved.choices(0, 0, 0, "5") == [(solved.choices(0, 0, 0, "5")[0][0], solved.chance(0, 0, 5, 1))]
    with pytest.raises(ValueError, match="multiple of 1 from 0"):
        solved.chance(-1, 0, 0, 1)


@pytest.mark.slow
def test_games_between_two_optimal_players_agree_with_the_exact_chance() -> None:
    """4,000 games on the engine, both players playing the solve's play: the first player's share of
    wins is within three standard errors of the exact chance (the dice are seeded: the same games
    every run)."""
    played = simulate(pig(), 4000, seed=1)
    assert abs(played.first_player_chance - pig().first_player_chance) <= 3 * played.standard_error


def test_the_report_gives_the_first_player_s_chance_and_a_table_of_bank_thresholds() -> None:
    lines = duel_report(pig()).splitlines()
    assert lines[:3] == [
        "Pig (pig): two players, each playing to win",
        "  the first player wins: 53.06% (the second: 46.94%)",
        "  states solved: 1,000,000 (both scores, the turn's points, the dice in hand)",
    ]
    assert lines[4].split() == [str(score) for score in range(0, 100, 10)]
    assert len(lines) == 5 + 10 and lines[-2].split() == ["80", *"-" * 10]


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("greed", "ruleset greed: it has an entry (300 points), a final round, which the two-player solve"),
        ("farkle-five-dice", "a penalty for farkles in a row, a roll that wins at once"),
    ],
)
def test_a_rule_the_solve_does_not_model_is_named(name: str, said: str) -> None:
    ruleset = find_ruleset(name)
    assert isinstance(ruleset, SetAsideRuleset)
    with pytest.raises(UnsupportedRulesetError) as refused:
        duel(ruleset)
    assert said in str(refused.value) and "\n" not in str(refused.value)
    assert unsupported(ruleset) is not None


def test_a_state_space_too_large_is_refused_with_its_count_and_the_bound(tmp_path: Path) -> None:
    """Pig to 400 has 64 million states: refused in one line before any work, naming both figures."""
    ruleset = small_pig(tmp_path, 400)
    assert state_count(ruleset) == 64_000_000 > MAX_STATES
    with pytest.raises(TooLargeError) as refused:
        duel(ruleset)
    assert str(refused.value) == (
        f"ruleset pig: 64,000,000 states for two players, more than the {MAX_STATES:,} the two-player solve takes on"
    )


def test_a_ruleset_too_large_and_with_a_rule_not_modelled_is_refused_for_both() -> None:
    ruleset = find_ruleset("ten-thousand")
    assert isinstance(ruleset, SetAsideRuleset)
    with pytest.raises(TooLargeError) as refused:
        duel(ruleset)
    assert str(refused.value) == (
        f"ruleset ten-thousand: 48,000,000 states for two players, more than the {MAX_STATES:,} the two-player "
        "solve takes on; it has an entry (750 points), which the two-player solve does not model yet"
    )
