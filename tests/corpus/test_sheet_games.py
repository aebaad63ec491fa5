"""Replayed score-sheet games (corpus/sheet_games.py): the rules only particular dice bring up, a
seeded game the same every time and asked at several points under ids that say which, played by
the policy its index names to its end, by the players asked for, and for an engine that rolls its
own dice, followed with the dice it shows, counting the rules those dice bring up; an action a rule
that needs particular dice decides (a scratched five-of-a-kind row, a joker) tried each time."""

from __future__ import annotations

import random

from dicespec.corpus.moves import play_out
from dicespec.corpus.sheet_games import MIRRORED, POLICIES, _steered, chance_rules, own_dice_game, play
from dicespec.dice import Roll
from dicespec.implementation import ReferenceImplementation
from dicespec.registry import game
from dicespec.rulesets import find_ruleset
from dicespec.scoresheet.sheet import Sheet

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


def test_a_five_of_a_kind_is_offered_to_its_row_scratched_with_0() -> None:
    """The five-row-first policy (index 5, 11, 17, …) fills the kiriki row first, most often with 0;
    a kiriki thrown later is offered to it each time (a rule that needs particular dice, tried when
    it comes up), and refused: seed 0's game 17 does so after 15 actions."""
    assert list(POLICIES)[17 % len(POLICIES)] == "five-row-first"
    case = next(case for case in play(game("kiriki"), "kiriki", 17, 0) if case.id == "kiriki/game/kiriki/017/15+")
    assert case.row == "five-row-first" and case.args["actions"][-1] == "score kiriki"
    assert len(set(case.expected["dice"])) == 1 and case.expected["rejected"]["code"] == "row-used"
    assert case.refusals == ("row-used",)
    assert {player["lines"]["kiriki"] for player in case.expected["players"]} == {0}
    assert REFERENCE.replay(**case.args) == case.expected


def test_the_steered_action_is_the_scratched_row_else_a_joker_s_row() -> None:
    kiriki, yahtzee = find_ruleset("kiriki"), find_ruleset("yahtzee")
    rng, sixes, other = random.Random(0), Roll.of("66666"), Roll.of("66665")
    scratched = Sheet.from_cells({"kiriki": 0}, ruleset=kiriki)
    assert _steered(rng, kiriki, scratched, sixes, joker=False)() == "score kiriki"  # type: ignore[misc]
    assert _steered(rng, kiriki, scratched, other, joker=False) is None
    assert _steered(rng, kiriki, Sheet.from_cells({"kiriki": 50}, ruleset=kiriki), sixes, joker=False) is None
    filled = Sheet.from_cells({"yahtzee": 50, "sixes": 18}, ruleset=yahtzee)
    row = _steered(rng, yahtzee, filled, sixes, joker=True)()  # type: ignore[misc]
    assert row.startswith("score ") and row.split()[1] in filled.open_rows(yahtzee)


def test_a_turn_that_spent_its_saved_rolls_is_asked_for_one_more_once_a_game() -> None:
    """Under saved rolls, the first turn of a game to make its own rolls and every saved roll it
    drew on is asked a reroll (of any shape), refused: seed 0's Maxi Yatzy game 3, after 31 actions."""
    cases = list(play(game("maxi-yatzy"), "maxi-yatzy", 3, 0))
    asked = [case for case in cases if "no-saved-rolls" in case.refusals]
    assert [case.id for case in asked] == ["maxi-yatzy/game/maxi-yatzy/003/31+"]
    (case,) = asked
    assert case.args["actions"][-1].startswith("reroll") and case.expected["rolls"] > 3
    assert case.refusals == ("no-saved-rolls", "bad-die-index")
    assert REFERENCE.replay(**case.args) == case.expected


def test_a_mirrored_game_throws_every_player_the_first_player_s_dice_and_ends_in_a_tie() -> None:
    """One game in MIRRORED of several players, played by a policy that chooses by the dice and the
    sheet alone, gives each player the first player's dice, turn by turn: seed 0's Kiriki game 29
    (five-row-first) ends with every player on the same sheet, and the win shared."""
    assert MIRRORED == 10 and list(POLICIES)[29 % len(POLICIES)] == "five-row-first"
    last = list(play(game("kiriki"), "kiriki", 29, 0))[-1].expected
    sheets = [player["lines"] for player in last["players"]]
    assert last["over"] and len(sheets) > 1 and all(sheet == sheets[0] for sheet in sheets)
    assert last["winners"] == list(range(len(sheets)))
