"""The set-aside turn and game (10000, Greed): rolls, set-asides, banks, farkles, hot dice, entry, the end."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dicespec import Roll, find_ruleset, load_ruleset
from dicespec.setaside.combos import options
from dicespec.setaside.errors import (
    ActionError,
    MustRollError,
    PlayerCountError,
    ScoringDiceLeftError,
    SetAsideError,
    SetAsideRulesError,
)
from dicespec.setaside.game import Phase, SetAsideGame, is_hot_dice
from dicespec.setaside.replay import apply_action, parse_action
from strategies import set_aside_rulesets

TEXT = find_ruleset("ten-thousand")
FARKLE = find_ruleset("farkle")
GREED = find_ruleset("greed")


def play(game: SetAsideGame, *actions: str) -> SetAsideGame:
    """Carry out actions written in the replay notation."""
    for action in actions:
        apply_action(game, parse_action(action))
    return game


def new_game(ruleset=TEXT, players: int = 2, *actions: str) -> SetAsideGame:
    return play(SetAsideGame(ruleset, players, dice=_no_dice), *actions)


def _no_dice(n: int) -> list[int]:
    raise AssertionError("these tests give every die value")


def variant(tmp_path: Path, text: str, *, of: str = "ten-thousand") -> object:
    """A ruleset of our own, written over a shipped one (the text's, unless ``of`` names another)."""
    path = tmp_path / "variant.yaml"
    path.write_text(f"extends: {of}\nname: variant\n" + text, encoding="utf-8")
    return load_ruleset(path)


# -- a turn ------------------------------------------------------------------------------------


def test_a_turn_adds_up_its_set_asides() -> None:
    """A 1 and, on the next roll, two more 1s score 100 + 200, not 1000: combinations stay in one roll."""
    game = new_game(TEXT, 1, "roll 123466", "set 1", "roll 11234")
    assert game.state.turn_points == 100
    game.set_aside("11")
    assert game.state.turn_points == 300
    assert game.state.dice_left == 3


def test_phases_of_a_turn() -> None:
    """A turn goes roll, set aside, then roll or bank; dice_left counts the dice in hand."""
    game = new_game(TEXT, 1)
    assert (game.state.phase, game.state.dice_left, game.state.dice) == (Phase.TURN_START, 6, None)
    game.roll("111556")
    assert (game.state.phase, game.state.dice_left, game.state.dice) == (Phase.ROLLED, 6, Roll.parse("111556"))
    assert game.set_aside("1115") == 1050
    assert (game.state.phase, game.state.dice_left, game.state.dice) == (Phase.SET_ASIDE, 2, None)


def test_farkle_loses_the_turn() -> None:
    """A roll with no scoring die ends the turn and loses its points; the next player is up."""
    game = new_game(TEXT, 2, "roll 111556", "set 111", "roll 234")
    state = game.state
    assert (state.current, state.phase, state.turn_points, state.dice_left) == (1, Phase.TURN_START, 0, 6)
    assert state.players[0].score == 0 and state.players[0].turns_taken == 1


def test_farkle_on_the_first_roll() -> None:
    """Six dice with no 1, no 5 and no three of a kind end the turn at once."""
    game = new_game(TEXT, 2, "roll 223466")
    assert game.state.current == 1 and game.state.players[0].turns_taken == 1


def test_hot_dice() -> None:
    """When every die has scored, the player has six dice again, and may roll them or bank."""
    game = new_game(TEXT, 1, "roll 111556", "set 11155", "roll 5", "set 5")
    assert game.state.dice_left == 6 and is_hot_dice(TEXT, game.state)
    game.roll("123466")
    assert game.state.dice_left == 6 and game.state.turn_points == 1150
    game.set_aside("1")
    assert game.bank() == 1250


def test_hot_dice_may_bank() -> None:
    """With optional hot dice, a player whose every die has scored may bank."""
    game = new_game(TEXT, 1, "roll 111555", "set 111555")
    assert game.bank() == 1500


# -- entry -------------------------------------------------------------------------------------


def test_entry_needs_750_in_one_turn() -> None:
    """Under the text, a first bank below 750 ends the turn and scores nothing; 750 gets on the board."""
    game = new_game(TEXT, 1, "roll 555234", "set 555")
    assert game.bank() == 0
    assert (game.state.players[0].score, game.state.players[0].on_board) == (0, False)
    play(game, "roll 555116", "set 55511")
    assert game.bank() == 0  # 700: still not enough
    play(game, "roll 555112", "set 55511", "roll 5", "set 5")
    assert game.bank() == 750
    assert (game.state.players[0].score, game.state.players[0].on_board) == (750, True)
    assert game.state.players[0].turns_taken == 3


def test_on_the_board_any_bank_counts() -> None:
    """Once on the board, a player banks any amount."""
    game = new_game(TEXT, 1, "roll 111234", "set 111", "bank", "roll 523466", "set 5", "bank")
    assert game.state.players[0].score == 1050


def test_farkle_entry_refuses_a_small_first_bank() -> None:
    """Under the Farkle table, a first bank below 500 is refused: the player rolls on."""
    game = new_game(FARKLE, 1, "roll 555234", "set 5")
    with pytest.raises(ActionError) as caught:
        game.bank()
    assert caught.value.code == "below-entry"
    play(game, "roll 55234", "set 55", "roll 111", "set 111")
    assert game.bank() == 1150


# -- the end -----------------------------------------------------------------------------------


def test_text_game_ends_at_the_target() -> None:
    """Under the text, a bank reaching 10000 ends the game at once; that player wins."""
    game = new_game(TEXT, 2, "roll 111111", "set 111111", "roll 111111", "set 111111")
    assert not game.is_over
    assert game.bank() == 16000
    assert game.is_over and game.winners() == (0,)
    assert game.state.players[1].turns_taken == 0


SIX_THOUSAND = ("roll 111111", "set 111111", "roll 111111", "set 111111")  # 3000 + 3000 under Farkle


def test_farkle_final_round() -> None:
    """Under the Farkle table, every other player has one more turn; the highest score wins."""
    game = new_game(FARKLE, 3, *SIX_THOUSAND, "bank", "roll 223466", "roll 223466", *SIX_THOUSAND, "bank")
    assert game.state.players[0].score == 12000
    assert game.state.final_round_by == 0 and not game.is_over and game.state.current == 1
    play(game, "roll 223466")  # player 2 farkles in the final round
    assert not game.is_over and game.state.current == 2
    play(game, *SIX_THOUSAND, "roll 111111", "set 111111")
    assert game.bank() == 9000
    assert game.is_over and game.winners() == (0,)
    assert [p.turns_taken for p in game.state.players] == [2, 2, 2]


def test_final_round_can_be_won_by_another_player() -> None:
    """A player of the final round who passes the first to reach the target wins."""
    game = new_game(FARKLE, 2, *SIX_THOUSAND, *SIX_THOUSAND, "bank")
    assert game.state.players[0].score == 12000 and not game.is_over
    play(game, *SIX_THOUSAND, *SIX_THOUSAND, "roll 111111", "set 111111", "bank")
    assert game.is_over and game.winners() == (1,)


def test_final_round_ties_share() -> None:
    """Equal highest scores share the win."""
    game = new_game(FARKLE, 2)
    play(game, *SIX_THOUSAND, *SIX_THOUSAND, "bank", *SIX_THOUSAND, *SIX_THOUSAND, "bank")
    assert game.is_over and game.winners() == (0, 1)


def test_single_player_with_a_final_round() -> None:
    """Alone, the player who reaches the target ends the game (there is nobody to play the final round)."""
    game = new_game(FARKLE, 1, *SIX_THOUSAND, *SIX_THOUSAND, "bank")
    assert game.is_over and game.winners() == (0,)


def test_no_winner_before_the_end() -> None:
    """A game that is not over has no winners yet."""
    assert new_game(TEXT, 2).winners() == ()


# -- Greed: five dice, every scoring die set aside, 300 in one turn, a final round after 3000 ----

TWELVE_HUNDRED = ("roll 11111", "set 11111")  # five 1s under Greed: 1000 + 100 + 100, hot dice


def test_greed_sets_aside_every_scoring_die() -> None:
    """Under Greed the set-aside is all of the roll's scoring dice; the player rolls the others."""
    game = new_game(GREED, 2, "roll 51341")
    with pytest.raises(ScoringDiceLeftError, match=r"every scoring die of 51341 is set aside: set 115, not 1$"):
        game.set_aside("1")
    assert game.state.phase is Phase.ROLLED and game.state.turn_points == 0
    assert game.set_aside("151") == 250
    assert (game.state.dice_left, game.state.turn_points) == (2, 250)
    play(game, "roll 15")
    assert game.set_aside("15") == 150 and game.state.dice_left == 5  # hot dice: all five again


def test_the_set_aside_rule_is_the_rulesets(tmp_path: Path) -> None:
    """The same rolls, set aside in part: refused where every scoring die is set aside, allowed where
    the player chooses."""
    all_scoring = variant(tmp_path, "set_aside: all_scoring\n")
    with pytest.raises(ScoringDiceLeftError):
        new_game(all_scoring, 1, "roll 111556", "set 1115")
    assert new_game(all_scoring, 1, "roll 111556", "set 11155").state.turn_points == 1100
    assert new_game(TEXT, 1, "roll 111556", "set 1115").state.turn_points == 1050
    chosen = variant(tmp_path, "set_aside: chosen\n", of="greed")
    assert new_game(chosen, 2, "roll 51341", "set 1").state.dice_left == 4


def test_greed_plays_five_dice() -> None:
    """A Greed turn rolls five dice, then the dice left, and five again after hot dice."""
    game = new_game(GREED, 2)
    assert game.state.dice_left == 5
    play(game, "roll 22223", "set 222")
    assert game.state.dice_left == 2
    play(game, "roll 11", "set 11")
    assert game.state.dice_left == 5 and is_hot_dice(GREED, game.state)
    assert len(SetAsideGame(GREED, 2, seed=3).roll()) == 5


def test_greed_compulsory_hot_dice_say_five(tmp_path: Path) -> None:
    """A refused bank after hot dice names the ruleset's number of dice."""
    game = new_game(variant(tmp_path, "hot_dice: compulsory\n", of="greed"), 2, "roll 11155", "set 11155")
    with pytest.raises(MustRollError, match="roll all 5 again"):
        game.bank()


def test_greed_entry_needs_300_in_one_turn() -> None:
    """A first stop below 300 counts nothing, however many such turns; 300 in one turn gets in and counts."""
    game = new_game(GREED, 2, "roll 15234", "set 15", "roll 123", "set 1", "bank")  # 250
    assert (game.state.players[0].score, game.state.players[0].on_board) == (0, False)
    play(game, "roll 23462")  # player 2 rolls zero points
    play(game, "roll 15234", "set 15", "roll 123", "set 1", "bank")  # 250 again: turns do not add up
    assert (game.state.players[0].score, game.state.players[0].on_board) == (0, False)
    play(game, "roll 23462", "roll 33324", "set 333")
    assert game.bank() == 300
    assert (game.state.players[0].score, game.state.players[0].on_board) == (300, True)
    play(game, "roll 23462", "roll 52346", "set 5")
    assert game.bank() == 50 and game.state.players[0].score == 350


def test_greed_final_round() -> None:
    """After a bank reaches 3000, each other player has one more turn; then the highest score wins."""
    game = new_game(GREED, 3, "roll 23462", *TWELVE_HUNDRED, *TWELVE_HUNDRED, *TWELVE_HUNDRED, "bank")
    assert game.state.players[1].score == 3600 and game.state.final_round_by == 1
    assert not game.is_over and game.state.current == 2
    play(game, "roll 23462")
    assert not game.is_over and game.state.current == 0
    play(game, *TWELVE_HUNDRED, *TWELVE_HUNDRED, *TWELVE_HUNDRED, *TWELVE_HUNDRED, "bank")
    assert game.is_over and game.winners() == (0,)
    assert [p.turns_taken for p in game.state.players] == [2, 1, 1]


def test_greed_needs_two_players() -> None:
    """Greed is played by two or more players (up to twenty)."""
    with pytest.raises(PlayerCountError, match="allows 2 to 20"):
        SetAsideGame(GREED, 1)


# -- illegal actions: each raises its code and changes nothing ---------------------------------

ILLEGAL = [
    # (ruleset key, actions before, illegal action, code)
    ("text", [], "set 1", "not-rolled"),
    ("text", [], "bank", "not-rolled"),
    ("text", [], "roll 11155", "bad-dice"),
    ("text", [], "roll 1115566", "bad-dice"),
    ("text", ["roll 111556"], "roll 234666", "must-set-aside"),
    ("text", ["roll 111556"], "bank", "must-set-aside"),
    ("text", ["roll 111556"], "set 6", "not-scoring"),
    ("text", ["roll 111556"], "set 1116", "not-scoring"),
    ("text", ["roll 111556"], "set 1111", "not-in-roll"),
    ("text", ["roll 111556"], "set 1115566", "too-many-dice"),
    ("text", ["roll 123456"], "set 123456", "not-scoring"),
    ("text", ["roll 111556", "set 111"], "set 5", "already-set-aside"),
    ("text", ["roll 111556", "set 111"], "roll 1234", "bad-dice"),
    ("text", ["roll 111111", "set 111111", "roll 111111", "set 111111", "bank"], "roll 111111", "game-over"),
    ("text", ["roll 111111", "set 111111", "roll 111111", "set 111111", "bank"], "bank", "game-over"),
    ("text", ["roll 111111", "set 111111", "roll 111111", "set 111111", "bank"], "set 1", "game-over"),
    ("farkle", ["roll 555234", "set 55"], "bank", "below-entry"),
    ("compulsory", ["roll 111555", "set 111555"], "bank", "must-roll"),
    ("greed", [], "roll 111556", "bad-dice"),
    ("greed", [], "roll 1115", "bad-dice"),
    ("greed", ["roll 51341"], "set 1", "scoring-dice-left"),
    ("greed", ["roll 51341"], "set 11", "scoring-dice-left"),
    ("greed", ["roll 51341"], "set 1134", "not-scoring"),
    ("greed", ["roll 22223"], "set 2222", "not-scoring"),
    ("greed", ["roll 51341", "set 115"], "roll 341", "bad-dice"),
    ("greed", ["roll 55523"], "bank", "must-set-aside"),
]


@pytest.fixture
def rulesets(tmp_path: Path) -> dict[str, object]:
    return {"text": TEXT, "farkle": FARKLE, "greed": GREED, "compulsory": variant(tmp_path, "hot_dice: compulsory\n")}


@pytest.mark.parametrize(("key", "before", "action", "code"), ILLEGAL)
def test_illegal_action_changes_nothing(rulesets, key: str, before: list[str], action: str, code: str) -> None:
    """An illegal action raises an error with its stable code, and the game is as it was."""
    game = new_game(rulesets[key], 2, *before)
    state = game.state
    with pytest.raises(SetAsideRulesError) as caught:
        play(game, action)
    assert caught.value.code == code
    assert isinstance(caught.value, ValueError)
    assert game.state == state


def test_bad_die_values_change_nothing() -> None:
    """Die values that are no faces are refused as bad dice."""
    game = new_game(TEXT, 1)
    with pytest.raises(ActionError) as caught:
        game.roll([1, 2, 3, 4, 5, 9])
    assert caught.value.code == "bad-dice" and game.state.phase is Phase.TURN_START


def test_compulsory_hot_dice_rolls_on(tmp_path: Path) -> None:
    """With compulsory hot dice, the player rolls all six again, then may bank."""
    game = new_game(variant(tmp_path, "hot_dice: compulsory\n"), 1, "roll 111555", "set 111555", "roll 523466", "set 5")
    assert game.bank() == 1550


@pytest.mark.parametrize("players", [0, 21, -1])
def test_player_count(players: int) -> None:
    """A game has one to twenty players under the shipped rulesets."""
    with pytest.raises(PlayerCountError, match="allows 1 to 20"):
        SetAsideGame(TEXT, players)


@pytest.mark.parametrize("seed", range(5))
def test_seeded_dice_repeat(seed: int) -> None:
    """The same seed gives the same dice; without given values a roll throws the dice in hand."""
    first, second = SetAsideGame(TEXT, 2, seed=seed), SetAsideGame(TEXT, 2, seed=seed)
    roll = first.roll()
    assert roll == second.roll() and len(roll) == 6


# -- any sequence of actions -------------------------------------------------------------------


@pytest.mark.slow
@given(set_aside_rulesets, st.integers(min_value=1, max_value=4), st.data())
def test_random_games_keep_their_invariants(ruleset, players: int, data: st.DataObject) -> None:
    """Legal actions keep the state consistent; illegal ones change nothing."""
    game = SetAsideGame(ruleset, max(players, ruleset.min_players), dice=_no_dice)
    for _ in range(60):
        if game.is_over:
            break
        state = game.state
        kind = data.draw(st.sampled_from(["roll", "roll", "set", "set", "bank", "wrong"]))
        try:
            if kind == "roll":
                game.roll(data.draw(st.lists(st.integers(1, 6), min_size=state.dice_left, max_size=state.dice_left)))
            elif kind == "set" and state.dice is not None:
                choices = [o.dice for o in options(ruleset, state.dice)]
                game.set_aside(data.draw(st.sampled_from(choices)))
            elif kind == "bank":
                game.bank()
            else:
                game.set_aside(data.draw(st.lists(st.integers(1, 6), min_size=1, max_size=6)))
        except (ActionError, SetAsideError):
            assert game.state == state
            continue
        after = game.state
        assert 1 <= after.dice_left <= ruleset.dice
        # scores never go below what the rules allow: 0, or a farkle penalty's floor (none: any score)
        penalty = ruleset.farkle_penalty
        lowest = 0 if penalty is None else penalty.floor
        assert all((lowest is None or p.score >= lowest) and (p.score <= 0 or p.on_board) for p in after.players)
        assert (after.dice is not None) == (after.phase is Phase.ROLLED)
        assert after.phase is not Phase.TURN_START or after.turn_points == 0
        assert sum(p.turns_taken for p in after.players) >= sum(p.turns_taken for p in state.players)
