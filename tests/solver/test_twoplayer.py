"""The exact two-player optimum of a set-aside game (solver/twoplayer.py): Neller and Presser's 53.06%
for Pig, the layered solve against plain value iteration, games played on the engine (Pig, and
Greed with its entry and final round), where banking moves with the scores, the last turn of a
final round, the cache, and what it refuses."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest

from dicespec import find_ruleset, load_ruleset
from dicespec.errors import UnsupportedRulesetError
from dicespec.setaside.ruleset import SetAsideRuleset
from dicespec.solver import twoplayer as module
from dicespec.solver.report import duel_report
from dicespec.solver.setaside import turn_policy
from dicespec.solver.twoplayer import (
    MAX_WEIGHED,
    Duel,
    TooLargeError,
    duel,
    is_kept,
    simulate,
    solvable,
    state_count,
    unsupported,
    weighed,
)

pytestmark = pytest.mark.early(30)  # two-player solves and games: handed out early under xdist (tests/order.py)


@cache
def pig() -> Duel:
    ruleset = find_ruleset("pig")
    assert isinstance(ruleset, SetAsideRuleset)
    return duel(ruleset)


@cache
def greed() -> Duel:
    ruleset = find_ruleset("greed")
    assert isinstance(ruleset, SetAsideRuleset)
    return duel(ruleset)


def small_pig(tmp_path: Path, target: int, entry: str = "{points: 0, below: scores_nothing}") -> SetAsideRuleset:
    """The shipped Pig to ``target``, with ``entry``."""
    text = f"extends: pig\nname: small-pig\nend: {{target: {target}, final_round: false}}\nentry: {entry}\n"
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
    threshold = pig().bank_threshold
    assert (threshold(0, 0, 1) or 0) > 20  # at 0-0 the first turn goes past 20
    assert (threshold(0, 80, 1) or 0) > 40  # far behind: past 40
    assert (threshold(70, 0, 1) or 20) < 15  # far ahead: bank early
    assert threshold(80, 0, 1) is None  # near the target: roll on to it
    assert pig().should_bank(0, 0, 25, 1) and not pig().should_bank(0, 0, 20, 1)


def test_the_chances_are_a_game_s_chances() -> None:
    """Chances lie between 0 and 1, a bank that reaches the target is won, nothing can be banked at
    the start of a turn, and a roll's every set-aside is ranked by the chance after it."""
    solved = pig()
    assert 0 < solved.start_chance(0, 0) < 1
    assert solved.chance(90, 50, 10, 1) == 1.0 and solved.bank_chance(90, 50, 10) == 1.0
    assert solved.bank_chance(90, 50, 0) is None and not solved.should_bank(90, 50, 0, 1)
    [(option, chance)] = solved.choices(0, 0, 0, "5")
    assert (str(option.dice), option.points, chance) == ("5", 5, solved.chance(0, 0, 5, 1))
    with pytest.raises(ValueError, match="multiple of 1 from 0"):
        solved.chance(-1, 0, 0, 1)
    with pytest.raises(ValueError, match=r"both scores below 100$"):
        solved.start_chance(100, 0)


def test_below_an_entry_that_is_refused_no_bank_is_offered(tmp_path: Path) -> None:
    """Pig to 30 with a first bank of at least 10: a player on 0 may not bank 8, and plays on
    where the same 8 would be banked with 10 on the board; the entry that scores nothing instead
    offers the bank, worth the other player's turn from 0-0."""
    refused = duel(small_pig(tmp_path, 30, "{points: 10, below: refused}"))
    assert refused.bank_chance(0, 0, 8) is None and not refused.should_bank(0, 0, 8, 1)
    assert refused.bank_chance(0, 0, 10) == 1 - refused.start_chance(0, 10)
    (tmp_path / "other").mkdir()
    nothing = duel(small_pig(tmp_path / "other", 30, "{points: 10, below: scores_nothing}"))
    assert nothing.bank_chance(0, 0, 8) == 1 - nothing.start_chance(0, 0)
    assert not nothing.should_bank(0, 0, 8, 1)
    assert nothing.first_player_chance == pytest.approx(refused.first_player_chance, abs=1e-12)


@pytest.mark.slow  # Greed's solve: 13 s when the cache does not hold it
def test_a_final_round_gives_the_other_player_a_last_turn() -> None:
    """Greed: once a player banks 3,000 or more, the other has one turn to pass it. Level, the last
    turn may bank for a tie (a half); behind, a bank loses; the turn's start is a roll."""
    solved = greed()
    assert solved.bank_chance(2500, 3000, 500) == 0.5
    assert solved.bank_chance(2500, 3000, 550) == 1.0 and solved.bank_chance(2500, 3000, 450) == 0.0
    assert 0 < solved.start_chance(2500, 3000) < solved.start_chance(2900, 3000) < 1
    assert solved.chance(2500, 3000, 600, 3) == 1.0
    # Banking 3,000 leaves the other a last turn: worth less than 1, more than the bank from below.
    assert solved.bank_chance(2700, 0, 300) == 1 - solved.start_chance(0, 3000) < 1
    assert solved.bank_chance(2700, 0, 300) > solved.bank_chance(2700, 0, 250)  # type: ignore[operator]


def test_a_solve_is_kept_and_read_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A second process reads the start chances the first kept, and works out the same chances
    within a turn from them."""
    monkeypatch.setenv("DICESPEC_CACHE_DIR", str(tmp_path / "cache"))
    ruleset = small_pig(tmp_path, 20)
    assert not is_kept(ruleset) and solvable(ruleset) is None
    first = duel(ruleset)
    assert is_kept(ruleset)
    monkeypatch.setattr(module, "_SOLVED", {})
    again = duel(ruleset)
    assert first.passes > 0 and again.passes == 0 and again is not first
    assert (again.starts == first.starts).all()
    assert again.chance(5, 10, 4, 1) == first.chance(5, 10, 4, 1)
    assert [path.name.startswith("duel-") for path in (tmp_path / "cache").iterdir()] == [True]


@pytest.mark.slow
@pytest.mark.parametrize(("solved", "games"), [(pig, 4000), (greed, 4000)], ids=["pig", "greed"])
def test_games_between_two_optimal_players_agree_with_the_exact_chance(solved: Callable[[], Duel], games: int) -> None:
    """Games on the engine, both players playing the solve's play: the first player's share of
    wins is within three standard errors of the exact chance (the dice are seeded: the same games
    every run). The engine plays Greed's entry and final round as its rules say."""
    played = simulate(solved(), games, seed=1)
    assert abs(played.first_player_chance - solved().first_player_chance) <= 3 * played.standard_error


def test_the_report_gives_the_first_player_s_chance_and_a_table_of_bank_thresholds() -> None:
    lines = duel_report(pig()).splitlines()
    assert lines[:3] == [
        "Pig (Wikipedia) (pig): two players, each playing to win",
        "  the first player wins: 53.06% (the second: 46.94%)",
        "  states solved: 1,000,000 (both scores, the turn's points, the dice in hand)",
    ]
    assert lines[4].split() == [str(score) for score in range(0, 100, 10)]
    assert len(lines) == 5 + 10 and lines[-2].split() == ["80", *"-" * 10]


def test_a_rule_the_solve_does_not_model_is_named() -> None:
    ruleset = find_ruleset("farkle-five-dice")
    assert isinstance(ruleset, SetAsideRuleset)
    with pytest.raises(UnsupportedRulesetError) as refused:
        duel(ruleset)
    assert "it has a penalty for farkles in a row, a roll that wins at once, which the two-player solve" in str(
        refused.value
    )
    assert "\n" not in str(refused.value) and unsupported(ruleset) is not None


def test_a_ruleset_too_large_is_refused_with_its_states_and_the_bound() -> None:
    """Farkle's final round reaches far past its 10,000: refused in one line before any work,
    naming its states, its work and the bound."""
    ruleset = find_ruleset("farkle")
    assert isinstance(ruleset, SetAsideRuleset)
    assert weighed(ruleset) > MAX_WEIGHED
    with pytest.raises(TooLargeError) as refused:
        duel(ruleset)
    assert (
        str(refused.value)
        == f"ruleset farkle: {solvable(ruleset)}"
        == (
            f"ruleset farkle: {state_count(ruleset):,} states for two players, and {weighed(ruleset):,} choices to "
            f"weigh a pass: more than the {MAX_WEIGHED:,} the two-player solve takes on (about ten minutes)"
        )
    )
