"""The set-aside turn solver (10000, Greed): the banking table, the proven cap, hand-checkable values,
an independent solve of Greed, and Monte Carlo play through the game engine."""

from __future__ import annotations

import statistics
from functools import cache
from itertools import product
from pathlib import Path

import pytest

from dicespec import find_ruleset, load_ruleset
from dicespec.setaside.game import Phase, SetAsideGame
from dicespec.solver.setaside import (
    EntryPolicy,
    TurnPolicy,
    UnsupportedRulesetError,
    banking_cap,
    entry_policy,
    farkle_chance,
    most_points,
    points_step,
    turn_policy,
)

NAMES = ["ten-thousand", "farkle", "greed"]


def play_turn(game: SetAsideGame, policy: TurnPolicy | EntryPolicy) -> int:
    """Play the current player's turn by ``policy``; the turn's points when banked, 0 after a farkle."""
    me = game.current_player
    turns = game.state.players[me].turns_taken
    game.roll()
    while game.state.players[me].turns_taken == turns:
        state = game.state
        if state.phase is Phase.ROLLED:
            assert state.dice is not None
            game.set_aside(policy.set_aside(state.turn_points, state.dice).dice)
        elif policy.should_bank(state.turn_points, state.dice_left):
            game.bank()
            return state.turn_points
        else:
            game.roll()
    return 0


# -- the figures ------------------------------------------------------------------------------


def test_the_farkle_chances_are_the_known_ones() -> None:
    """With 1s and 5s alone and three of a kind scoring, n dice farkle with chance (4/6)^n less the
    throws holding three of a kind of 2, 3, 4 or 6: 2/3, 4/9, 5/18, 17/108, 25/324 and 5/162."""
    ruleset = find_ruleset("ten-thousand")
    expected = [2 / 3, 4 / 9, 5 / 18, 17 / 108, 25 / 324, 5 / 162]
    assert [farkle_chance(ruleset, n) for n in range(1, 7)] == pytest.approx(expected, rel=1e-12)


@pytest.mark.parametrize("name", NAMES)
def test_banking_is_a_threshold_on_the_turn_total(name: str) -> None:
    """For each number of dice in hand, banking is right exactly from one total up: never below it."""
    ruleset = find_ruleset(name)
    policy = turn_policy(ruleset)
    table = policy.banking_table()
    assert set(table) == set(range(1, ruleset.dice + 1))
    assert all(not below for below in policy.banks_below_threshold().values())
    for dice, threshold in table.items():
        assert policy.should_bank(threshold, dice)
        assert not policy.should_bank(threshold - policy.step, dice)


@pytest.mark.parametrize("name", NAMES[:2])
def test_more_dice_in_hand_bank_later_from_two_dice_up(name: str) -> None:
    """From two dice up, the more dice in hand the higher the total to bank at. One die is the
    exception: a 1 or a 5 from it (one chance in three) gives hot dice, so it is rolled at 250 where
    two dice are not."""
    table = turn_policy(find_ruleset(name)).banking_table()
    assert table[2] < table[3] < table[4] < table[5] < table[6]
    assert table[1] > table[2]


def test_the_german_texts_banking_table() -> None:
    """The ten-thousand ruleset banks at 300, 250, 450, 1,050, 3,350 and 12,900 with 1 to 6 dice in hand."""
    assert turn_policy(find_ruleset("ten-thousand")).banking_table() == {
        1: 300,
        2: 250,
        3: 450,
        4: 1050,
        5: 3350,
        6: 12900,
    }


def test_one_die_is_worth_its_hot_dice() -> None:
    """Rolling one die is worth a sixth of the value with six dice after 100 more, plus a sixth after 50 more."""
    policy = turn_policy(find_ruleset("ten-thousand"))
    for total in (0, 250, 300, 1000):
        expected = (policy.value(total + 100, 6) + policy.value(total + 50, 6)) / 6
        assert policy.roll_value(total, 1) == pytest.approx(expected, rel=1e-12)


@pytest.mark.parametrize("name", NAMES)
def test_the_cap_is_the_proven_bound(name: str) -> None:
    """The cap is max over n of (1 - f_n) A_n / f_n, rounded up to the step, and just below it banking is right."""
    ruleset = find_ruleset(name)
    policy = turn_policy(ruleset)
    hands = range(1, ruleset.dice + 1)
    bound = max((1 - farkle_chance(ruleset, n)) * most_points(ruleset, n) / farkle_chance(ruleset, n) for n in hands)
    assert policy.cap - points_step(ruleset) < bound <= policy.cap == banking_cap(ruleset)
    assert all(policy.should_bank(policy.cap - policy.step, n) for n in hands)
    assert max(policy.banking_table().values()) < policy.cap
    assert policy.value(policy.cap + 5000, 3) == policy.cap + 5000


def test_a_set_aside_is_chosen_for_the_turn_not_the_roll() -> None:
    """The best set-aside is not always the most points: from 1-5-5-2-3-6 at 0, one 1 alone keeps five
    dice; from 1-1-5 with three dice, all three give hot dice; a farkle has no set-aside."""
    policy = turn_policy(find_ruleset("ten-thousand"))
    assert str(policy.set_aside(0, "155236").dice) == "1"
    assert str(policy.set_aside(0, "115").dice) == "115"
    best, value = policy.choices(0, "115")[0]
    assert value == pytest.approx(policy.value(250, 6), rel=1e-12) and best.points == 250
    with pytest.raises(ValueError, match="farkle"):
        policy.set_aside(0, "2346")


def test_turn_totals_off_the_step_are_refused() -> None:
    """A turn total is a multiple of 50 from 0."""
    policy = turn_policy(find_ruleset("ten-thousand"))
    with pytest.raises(ValueError, match="multiple of 50"):
        policy.value(120, 3)


def test_compulsory_hot_dice_are_refused(tmp_path: Path) -> None:
    """A ruleset whose hot dice must be rolled is refused (no shipped ruleset has them)."""
    path = tmp_path / "hot.yaml"
    path.write_text("extends: ten-thousand\nname: hot\nhot_dice: compulsory\n", encoding="utf-8")
    with pytest.raises(UnsupportedRulesetError, match="optional hot dice"):
        turn_policy(load_ruleset(path))


# -- Greed: five dice, and no choice of set-aside ------------------------------------------------


def greed_roll(dice: tuple[int, ...]) -> tuple[int, int]:
    """A Greed roll's points and its dice left to roll, from the texts' rules (not the engine's
    tables): three of a face 1000 (1s) or 100 times the face, other 1s 100 and 5s 50 each."""
    points, left = 0, len(dice)
    for face in set(dice):
        count = dice.count(face)
        if count >= 3:
            points, left, count = points + (1000 if face == 1 else 100 * face), left - 3, count - 3
        if face in (1, 5):
            points, left = points + count * (100 if face == 1 else 50), left - count
    return points, left


def test_greed_farkles_as_10000_does_with_up_to_five_dice() -> None:
    """A Greed roll of n dice scores nothing exactly as often as a 10000 roll of n dice (four or five of
    a kind never make the difference between some points and none)."""
    greed, text = find_ruleset("greed"), find_ruleset("ten-thousand")
    assert [farkle_chance(greed, n) for n in range(1, 6)] == pytest.approx(
        [farkle_chance(text, n) for n in range(1, 6)], rel=1e-12
    )


def test_greed_offers_one_set_aside_a_roll() -> None:
    """Under Greed the policy's only choice is to bank or roll on: every roll has one set-aside, its scoring dice."""
    policy = turn_policy(find_ruleset("greed"))
    assert [(str(o.dice), o.points) for o, _ in policy.choices(0, "51341")] == [("115", 250)]
    assert str(policy.set_aside(300, "22223").dice) == "222"


def test_greed_turn_value_by_an_independent_solve() -> None:
    """The expected points of a Greed turn, on the board, equal a plain recursion over the texts'
    scoring, banking from the solver's proven cap on."""
    greed = find_ruleset("greed")
    policy = turn_policy(greed)
    faces = range(1, 7)
    outcomes = {n: {} for n in range(1, 6)}  # dice in hand -> (points, dice left) -> chance
    for n in outcomes:
        for dice in product(faces, repeat=n):
            points, left = greed_roll(dice)
            if points:
                key = (points, left or 5)
                outcomes[n][key] = outcomes[n].get(key, 0.0) + 6.0**-n

    @cache
    def value(total: int, hand: int) -> float:
        if total >= policy.cap:
            return float(total)
        return max(total, roll(total, hand))

    @cache
    def roll(total: int, hand: int) -> float:
        return sum(chance * value(total + points, left) for (points, left), chance in outcomes[hand].items())

    for total in range(policy.cap - 50, -1, -50):  # larger totals first, so the recursion stays shallow
        for hand in range(1, 6):
            value(total, hand)
    assert policy.expected_turn_score == pytest.approx(roll(0, 5), rel=1e-12)
    assert policy.roll_value(250, 2) == pytest.approx(roll(250, 2), rel=1e-12)


# -- Monte Carlo through the game engine ------------------------------------------------------


@pytest.mark.slow
def test_the_expected_turn_score_matches_play_through_the_engine() -> None:
    """40,000 seeded turns of a player on the board, played by the policy through SetAsideGame,
    average the computed expected turn score within four standard errors."""
    ruleset = find_ruleset("ten-thousand")
    turn, entry = turn_policy(ruleset), entry_policy(ruleset)
    scores: list[int] = []
    game = None
    while len(scores) < 40_000:
        if game is None or game.is_over:
            game = SetAsideGame(ruleset, 1, seed=len(scores))
            while not game.state.players[0].on_board:
                play_turn(game, entry)
        scores.append(play_turn(game, turn))
    error = statistics.stdev(scores) / len(scores) ** 0.5
    mean = statistics.fmean(scores)
    assert abs(mean - turn.expected_turn_score) < 4 * error, (
        f"{mean:.1f} vs {turn.expected_turn_score:.1f} ± {error:.1f}"
    )


@pytest.mark.slow
def test_the_chance_of_getting_on_the_board_matches_play_through_the_engine() -> None:
    """20,000 seeded first turns by the entry policy get on the board as often as computed, within
    four standard errors."""
    ruleset = find_ruleset("ten-thousand")
    entry = entry_policy(ruleset)
    hits = 0
    for seed in range(20_000):
        game = SetAsideGame(ruleset, 1, seed=seed)
        play_turn(game, entry)
        hits += game.state.players[0].on_board
    chance = hits / 20_000
    error = (chance * (1 - chance) / 20_000) ** 0.5
    assert abs(chance - entry.on_board_chance) < 4 * error
    assert 0.4 < entry.on_board_chance < 0.43


def test_the_figures_name_the_rules_the_turn_policy_leaves_out() -> None:
    """A ruleset whose farkle penalty, exact end or instant win the one-turn policy cannot play has
    its figures say which rules they leave out; a ruleset without them says nothing of the kind."""
    from dicespec.solver import summary
    from dicespec.solver.report import set_aside_report
    from dicespec.solver.setaside import unaccounted

    assert unaccounted(find_ruleset("farkle-five-dice")) == ("farkle_penalty", "instant_win")
    assert unaccounted(find_ruleset("ten-thousand-exact")) == ("end.exact",)
    assert unaccounted(find_ruleset("farkle")) == ()
    figures = {entry["ruleset"]: entry for entry in summary(compute=False, only={"ten-thousand"})["ten-thousand"]}
    assert figures["farkle-five-dice"]["unaccounted"] == ["farkle_penalty", "instant_win"]
    assert "unaccounted" not in figures["farkle"]
    exact = find_ruleset("ten-thousand-exact")
    report = set_aside_report(turn_policy(exact), entry_policy(exact))
    assert "not accounted for: end.exact" in report
    farkle = find_ruleset("farkle")
    assert "not accounted for" not in set_aside_report(turn_policy(farkle), entry_policy(farkle))
