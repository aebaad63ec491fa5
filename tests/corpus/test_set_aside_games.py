"""Replayed set-aside games (corpus/set_aside_games.py): the rules only particular dice bring up,
a seeded game the same every time and asked at several points under ids that say which, played
by the policy its index names to its end, by the players asked for, as another ruleset's game
when seeded as it, and for an engine that rolls its own dice, followed with the dice it shows."""

from __future__ import annotations

import random
from pathlib import Path

from dicespec.corpus.moves import play_out
from dicespec.corpus.set_aside_games import POLICIES, chance_rules, own_dice_game, play
from dicespec.implementation import ReferenceImplementation
from dicespec.registry import game
from dicespec.rulesets import declare_file, find_ruleset

REFERENCE = ReferenceImplementation()


def test_the_rules_only_particular_dice_bring_up_are_the_ruleset_s() -> None:
    assert chance_rules(find_ruleset("greed")) == ("hot_dice",)
    assert chance_rules(find_ruleset("farkle-five-dice")) == ("hot_dice", "farkle_penalty", "instant_win")
    assert chance_rules(find_ruleset("ten-thousand-exact")) == ("hot_dice", "end.exact")


def test_a_seeded_game_is_the_same_every_time_and_another_seed_another() -> None:
    first = list(play(game("greed"), "greed", 0, 1))
    assert list(play(game("greed"), "greed", 0, 1)) == first
    assert list(play(game("greed"), "greed", 0, 2)) != first


def test_a_game_is_played_by_its_index_s_policy_to_its_end() -> None:
    cases = list(play(game("greed"), "greed", 7, 1))
    assert {case.row for case in cases} == {list(POLICIES)[7 % 6]} == {"greedy-1000"}
    assert all(case.id.startswith("greed/game/greed/007/") for case in cases)
    last = cases[-1]
    assert last.id == f"greed/game/greed/007/{len(last.args['actions'])}" and last.expected["over"] is True
    assert REFERENCE.replay(**last.args) == last.expected


def test_a_game_has_as_many_players_as_asked() -> None:
    for index in range(3):
        assert {case.args["players"] for case in play(game("greed"), "greed", index, 1, players=(3,))} == {3}


def test_rules_seeded_as_another_ruleset_play_its_game_under_its_name(tmp_path: Path) -> None:
    """A ruleset no different from Greed's, seeded as Greed, plays Greed's very game."""
    path = tmp_path / "same-greed.yaml"
    path.write_text("extends: greed\n", encoding="utf-8")
    declare_file(path)
    assert list(play(game("greed"), "same-greed", 3, 1, seeded_as="greed")) == list(play(game("greed"), "greed", 3, 1))


def test_an_own_dice_game_follows_the_dice_thrown_to_its_end() -> None:
    own = own_dice_game(game("greed"), "greed", 4, 1)
    assert (own.id, own.kind, own.row) == ("greed/own-dice/greed/004", "greed game (own dice)", "reckless")
    rng = random.Random(3)
    play_out(own.moves, lambda n: [rng.randint(1, 6) for _ in range(n)])
    assert own.answer(own.final())["over"] is True
    assert REFERENCE.replay("greed", own.players, own.actions) == own.answer(own.final())
    assert set(own.came_up) <= set(chance_rules(find_ruleset("greed")))


def test_once_in_a_while_a_roll_after_hot_dice_throws_the_dice_that_win_on_a_first_roll() -> None:
    """Under farkle-five-dice, five of a kind wins at once on a turn's first roll only. Now and then
    (once a game at most) a replayed game throws them on the roll after hot dice, where they do
    not win: seed 0's game 14 throws 55555 there, and plays on."""
    cases = list(play(game("ten-thousand"), "farkle-five-dice", 14, 0))
    actions = max((case.args["actions"] for case in cases), key=len)
    at = actions.index("roll 55555")
    assert actions[at - 2 : at] == ["roll 1", "set 1"] and actions[at + 1].startswith("set")
    answer = REFERENCE.replay("farkle-five-dice", cases[0].args["players"], actions[: at + 1])
    assert answer["over"] is False and answer["winners"] == []
