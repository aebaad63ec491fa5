"""Replayed score-sheet games (corpus/sheet_games.py): the rules only particular dice bring up, a
seeded game the same every time and asked at several points under ids that say which, played by
the policy its index names to its end, by the players asked for, and for an engine that rolls its
own dice, followed with the dice it shows, counting the rules those dice bring up."""

from __future__ import annotations

from dicespec.corpus.moves import play_out
from dicespec.corpus.sheet_games import POLICIES, chance_rules, own_dice_game, play
from dicespec.implementation import ReferenceImplementation
from dicespec.registry import game
from dicespec.rulesets import find_ruleset

REFERENCE = ReferenceImplementation()


def test_the_rules_only_particular_dice_bring_up_are_the_ruleset_s() -> None:
    assert chance_rules(find_ruleset("yacht")) == ()
    assert chance_rules(find_ruleset("yatzy")) == ("upper_bonus",)
    assert chance_rules(find_ruleset("generala")) == ("first_roll",)
    assert chance_rules(find_ruleset("kiriki")) == (
        "upper_bonus",
        "five_of_a_kind",
        "five_of_a_kind.repeat",
        "five_of_a_kind.extra_turns",
    )
    assert chance_rules(find_ruleset("kiriki-no-extra")) == ("upper_bonus", "five_of_a_kind")


def test_a_seeded_game_is_the_same_every_time_and_another_seed_another() -> None:
    first = list(play(game("yacht"), "yacht", 0, 1))
    assert list(play(game("yacht"), "yacht", 0, 1)) == first
    assert list(play(game("yacht"), "yacht", 0, 2)) != first


def test_a_game_is_played_by_its_index_s_policy_to_its_end() -> None:
    cases = list(play(game("yahtzee"), "yahtzee", 2, 1))
    assert {case.row for case in cases} == {list(POLICIES)[2]} == {"chaser"}
    assert all(case.id.startswith("yahtzee/game/yahtzee/002/") for case in cases)
    last = cases[-1]
    assert last.id == f"yahtzee/game/yahtzee/002/{len(last.args['actions'])}" and last.expected["over"] is True
    assert REFERENCE.replay(**last.args) == last.expected


def test_a_game_has_as_many_players_as_asked() -> None:
    for index in range(3):
        assert {case.args["players"] for case in play(game("yacht"), "yacht", index, 1, players=(3,))} == {3}


def test_an_own_dice_game_of_all_sixes_counts_five_of_a_kind_its_repeats_and_jokers() -> None:
    """Index 1 is the greedy policy: two players score all sixes in Yahtzee, then five of a kind
    again in each of their twelve other turns, each a repeat played as a joker."""
    own = own_dice_game(game("yahtzee"), "yahtzee", 1, 1)
    assert (own.id, own.kind, own.row, own.players) == (
        "yahtzee/own-dice/yahtzee/001",
        "yahtzee game (own dice)",
        "greedy",
        2,
    )
    play_out(own.moves, lambda n: "6" * n)
    assert own.actions[:4] == ["roll 66666", "score yahtzee", "roll 66666", "score yahtzee"]
    assert len(own.actions) == 2 * 13 * 2
    assert own.came_up == {"five_of_a_kind": 2, "five_of_a_kind.repeat": 24, "joker": 24}
    assert own.answer(own.final())["over"] is True
    assert REFERENCE.replay("yahtzee", 2, own.actions) == own.answer(own.final())
