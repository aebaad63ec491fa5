"""The game flow of a set-aside game found by replays (:mod:`dicespec.identify.aside_flow`),
through its own API: each flow rule as a ruleset file writes it, a rule set to another value, the
replays built to decide each rule (the entry, the set-aside rule, a farkle penalty, the closing
check; their reference answers worked out here), and :func:`identify_aside_flow` asking an
in-process implementation that plays a shipped ruleset, or one with a flow rule changed (the
entry, hot dice, the farkle penalty), and finding that rule; and one that replays no game, left
not probed."""

from __future__ import annotations

from typing import Any

import pytest

from dicespec.conformance.transports.in_process import InProcessTransport
from dicespec.identify.aside_flow import (
    MOST_FARKLES,
    aside_flow_values,
    check_probes,
    entry_probe,
    identify_aside_flow,
    penalty_probes,
    reference,
    set_aside_probes,
    with_value,
)
from dicespec.identify.flow import CHECKS, FlowFit, FlowIdentification, changed_rules
from dicespec.implementation import ReferenceImplementation, set_aside_replay_answer
from dicespec.rulesets import find_ruleset_of
from dicespec.setaside.replay import replay
from dicespec.setaside.ruleset import SetAsideRuleset


def rules(name: str) -> SetAsideRuleset:
    return find_ruleset_of(SetAsideRuleset, name)


def scores(answer: Any) -> list[int]:
    return [player["score"] for player in answer["players"]]


class Playing(ReferenceImplementation):
    """The reference, but its replays played under ``rules`` whatever ruleset it is asked under."""

    def __init__(self, rules: SetAsideRuleset) -> None:
        self.rules = rules

    def replay(self, ruleset: str, players: int, actions: list[str]) -> Any:
        return set_aside_replay_answer(replay(self.rules, players, actions))


class NoReplays(ReferenceImplementation):
    def replay(self, ruleset: str, players: int, actions: list[str]) -> Any:
        raise NotImplementedError("no replays here")


def identified(implementation: Any, asked: str) -> FlowIdentification:
    """The flow found of ``implementation`` asked under ``asked``, by any count of players it allows."""
    base = rules(asked)
    implementation.rulesets = {base.game: (asked,)}
    counts = range(base.min_players, base.max_players + 1)
    return identify_aside_flow(InProcessTransport(implementation).call, asked, base, counts)


def rule(found: FlowIdentification, key: str) -> FlowFit:
    [fit] = [fit for fit in found.fits if fit.key == key]
    return fit


def test_each_flow_rule_is_written_as_a_ruleset_file_writes_it() -> None:
    assert aside_flow_values(rules("ten-thousand")) == {
        "set_aside": "chosen",
        "entry": {"points": 750, "below": "scores_nothing"},
        "hot_dice": "optional",
        "farkle_penalty": None,
        "end": {"target": 10000, "final_round": False},
    }
    five = aside_flow_values(rules("farkle-five-dice"))
    assert five["farkle_penalty"] == {"farkles": 3, "points": 500, "floor": None}
    assert five["entry"] == {"points": 500, "below": "refused"}
    assert aside_flow_values(rules("greed"))["set_aside"] == "all_scoring"
    assert aside_flow_values(rules("ten-thousand-exact"))["end"] == {
        "target": 10000,
        "final_round": False,
        "exact": True,
    }


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("set_aside", "all_scoring"),
        ("entry", {"points": 1000, "below": "refused"}),
        ("hot_dice", "compulsory"),
        ("farkle_penalty", {"farkles": 2, "points": 1000, "floor": 0}),
        ("farkle_penalty", {"farkles": 4, "points": 500, "floor": None}),
        ("end", {"target": 5000, "final_round": True}),
        ("end", {"target": 10000, "final_round": False, "exact": True}),
    ],
)
def test_a_rule_set_to_a_value_reads_back_as_that_value_and_the_others_are_kept(key: str, value: Any) -> None:
    ten = rules("ten-thousand")
    changed = with_value(ten, key, value)
    assert aside_flow_values(changed) == {**aside_flow_values(ten), key: value}
    assert changed.singles == ten.singles and changed.name == ten.name


def test_no_penalty_reads_back_as_none_and_an_unknown_rule_is_a_key_error() -> None:
    assert with_value(rules("farkle-five-dice"), "farkle_penalty", None).farkle_penalty is None
    with pytest.raises(KeyError):
        with_value(rules("ten-thousand"), "winner", "highest")


def test_the_entry_replay_banks_the_points_asked_in_one_roll() -> None:
    """ten-thousand (750 to get on, less scores nothing) and farkle (500, less refused)."""
    ten = rules("ten-thousand")
    probe = entry_probe(ten, 1, 1000)
    assert probe.actions == ("roll 111223", "set 111", "bank") and probe.players == 1
    assert reference(ten, 1, probe.actions)["players"][0] == {"score": 1000, "on_board": True, "turns_taken": 1}
    below = reference(ten, 1, entry_probe(ten, 1, 500).actions)
    assert below["rejected"] is None and below["players"][0]["on_board"] is False and scores(below) == [0]
    farkle = rules("farkle")
    refused = reference(farkle, 2, entry_probe(farkle, 2, 450).actions)
    assert refused["rejected"] == {"at": 2, "code": "below-entry"}


def test_the_set_aside_replay_leaves_a_scoring_die_on_the_table() -> None:
    """Chosen dice take it; where every scoring die must be set aside it is refused."""
    ten = rules("ten-thousand")
    [probe] = set_aside_probes(ten, 1)
    assert probe.actions == ("roll 111112", "set 1")
    assert reference(ten, 1, probe.actions)["rejected"] is None
    every = with_value(ten, "set_aside", "all_scoring")
    assert reference(every, 1, probe.actions)["rejected"] == {"at": 1, "code": "scoring-dice-left"}


def test_the_penalty_replays_farkle_in_a_row_on_the_board_and_off_it() -> None:
    """farkle-five-dice: the third farkle in a row costs 500, with no floor; the second nothing.
    The other player farkles after each of the first player's turns but the last: on the board
    (after an entering turn), three times too."""
    five = rules("farkle-five-dice")
    probes = penalty_probes(five, 2)
    assert len(probes) == 2 * MOST_FARKLES and all(probe.players == 2 for probe in probes)
    on, off = (scores(reference(five, 2, probe.actions)) for probe in probes[4:6])  # three farkles each
    assert (on, off) == ([1100 - 500, -500], [-500, 0])
    assert [scores(reference(five, 2, probe.actions)) for probe in probes[2:4]] == [[1100, 0], [0, 0]]
    floored = with_value(five, "farkle_penalty", {"farkles": 3, "points": 500, "floor": 0})
    assert scores(reference(floored, 2, probes[5].actions)) == [0, 0]


def test_the_closing_replay_rolls_once_the_game_is_over_and_is_refused() -> None:
    ten = rules("ten-thousand")
    [probe] = check_probes(ten, 2)
    answer = reference(ten, 2, probe.actions)
    assert answer["over"] and answer["winners"] == [0] and scores(answer)[0] >= ten.target
    assert answer["rejected"]["code"] == "game-over" and answer["rejected"]["at"] == len(probe.actions) - 2


def test_the_reference_s_flow_is_found_as_its_ruleset_has_it() -> None:
    found = identified(ReferenceImplementation(), "greed")
    assert found.not_probed is None
    assert found.values() == aside_flow_values(rules("greed"))
    assert all(fit.fitted and fit.unexplained == [] for fit in found.fits)
    assert found.fits[-1].key == CHECKS
    assert rule(found, "set_aside").example == "roll 11112; set 1: action 2 refused (scoring-dice-left)"
    assert rule(found, "entry").example == "a first bank of 300 puts the player on the board, of 250 scores nothing"


def test_a_farkle_penalty_is_found_with_its_count_points_and_floor() -> None:
    """farkle-five-dice, but two farkles in a row cost 1000, and a score goes no lower than 0."""
    penalty = {"farkles": 2, "points": 1000, "floor": 0}
    found = identified(Playing(with_value(rules("farkle-five-dice"), "farkle_penalty", penalty)), "farkle-five-dice")
    fit = rule(found, "farkle_penalty")
    assert (fit.value, fit.fitted, fit.alike, fit.unexplained) == (penalty, True, [], [])
    assert fit.replays + fit.checked == 2 * MOST_FARKLES
    assert list(changed_rules(found, aside_flow_values(rules("farkle-five-dice")))) == ["farkle_penalty"]
    assert found.unexplained == 0


def test_an_entry_of_1000_is_found_by_halving_over_the_amounts_one_roll_banks() -> None:
    """farkle-five-dice with 1000 to get on the board and less scoring nothing: the largest amount
    one roll of five dice banks below 1000 is 700, so any entry from 701 to 1000 answers alike."""
    entry = {"points": 1000, "below": "scores_nothing"}
    found = identified(Playing(with_value(rules("farkle-five-dice"), "entry", entry)), "farkle-five-dice")
    fit = rule(found, "entry")
    assert (fit.value, fit.fitted, fit.unexplained) == (entry, True, [])
    assert fit.alike == [{"points": 701, "below": "scores_nothing"}]
    assert fit.example == "a first bank of 1000 puts the player on the board, of 700 scores nothing"
    assert list(changed_rules(found, aside_flow_values(rules("farkle-five-dice")))) == ["entry"]


def test_compulsory_hot_dice_are_found_by_a_refused_bank() -> None:
    found = identified(Playing(with_value(rules("greed"), "hot_dice", "compulsory")), "greed")
    fit = rule(found, "hot_dice")
    assert (fit.value, fit.fitted) == ("compulsory", True)
    assert fit.example.endswith(": action 7 refused (must-roll)")
    assert found.values() == {**aside_flow_values(rules("greed")), "hot_dice": "compulsory"}
    assert found.unexplained == 0


def test_an_implementation_that_replays_no_game_is_not_probed() -> None:
    found = identified(NoReplays(), "greed")
    assert found.fits == [] and found.replays == 0
    assert found.not_probed == "it replays no game (skipped: no replays here)"
