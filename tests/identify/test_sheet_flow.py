"""The game flow of a score-sheet game found by replays (:mod:`dicespec.identify.sheet_flow`),
through its own API: each flow rule as a ruleset file writes it, a rule set to another value, the
replays built to tell the candidates apart (their reference answers worked out here), and
:func:`identify_flow` asking an in-process implementation that plays yahtzee, or yahtzee with one
flow rule changed (the rolls of a turn, the upper bonus, the joker), and finding that rule; and one
that replays no game, left not probed."""

from __future__ import annotations

from typing import Any

import pytest

from dicespec.conformance.transports.in_process import InProcessTransport
from dicespec.identify.flow import CHECKS, FlowIdentification, changed_rules
from dicespec.identify.sheet_flow import (
    MOST_ROLLS,
    check_probes,
    flow_values,
    identify_flow,
    reference,
    rolls_probes,
    upper_probe,
    with_value,
)
from dicespec.implementation import ReferenceImplementation, sheet_replay_answer
from dicespec.rulesets import find_ruleset_of
from dicespec.scoresheet.replay import replay
from dicespec.scoresheet.ruleset import SheetRuleset

UPPER = ("ones", "twos", "threes", "fours", "fives", "sixes")


def rules(name: str) -> SheetRuleset:
    return find_ruleset_of(SheetRuleset, name)


class Playing(ReferenceImplementation):
    """The reference, but its replays played under ``rules`` whatever ruleset it is asked under."""

    def __init__(self, rules: SheetRuleset) -> None:
        self.rules = rules

    def replay(self, ruleset: str, players: int, actions: list[str]) -> Any:
        return sheet_replay_answer(self.rules, replay(self.rules, players, actions))


class NoReplays(ReferenceImplementation):
    def replay(self, ruleset: str, players: int, actions: list[str]) -> Any:
        raise NotImplementedError("no replays here")


def identified(implementation: Any, asked: str = "yahtzee") -> FlowIdentification:
    """The flow :func:`identify_flow` finds of ``implementation`` asked under ``asked`` (the one
    ruleset it declares: the transport need not read every shipped one)."""
    implementation.rulesets = {rules(asked).game: (asked,)}
    return identify_flow(InProcessTransport(implementation).call, asked, rules(asked))


def test_each_flow_rule_is_written_as_a_ruleset_file_writes_it() -> None:
    assert flow_values(rules("yahtzee")) == {
        "rolls_per_turn": 3,
        "saved_rolls": False,
        "upper_bonus": {"more_than": 62, "points": 35},
        "five_of_a_kind": {"row": "yahtzee", "repeat": {"adds": 100, "to": "yahtzee_bonus"}, "extra_turns": "none"},
        "joker": "forced",
    }
    assert flow_values(rules("yacht")) == {
        "rolls_per_turn": 3,
        "saved_rolls": False,
        "upper_bonus": None,
        "five_of_a_kind": None,
        "joker": "none",
    }
    kiriki = flow_values(rules("kiriki"))["five_of_a_kind"]
    assert kiriki == {"row": "kiriki", "repeat": {"adds": 50, "to": "cell"}, "extra_turns": "repeat"}


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("rolls_per_turn", 5),
        ("saved_rolls", True),
        ("upper_bonus", {"more_than": 70, "points": 50}),
        ("upper_bonus", None),
        ("five_of_a_kind", None),
        ("five_of_a_kind", {"row": "yahtzee", "repeat": {"adds": None}, "extra_turns": "every"}),
        ("five_of_a_kind", {"row": "yahtzee", "repeat": {"adds": 50, "to": "cell"}, "extra_turns": "repeat"}),
        ("joker", "free"),
    ],
)
def test_a_rule_set_to_a_value_reads_back_as_that_value_and_the_others_are_kept(key: str, value: Any) -> None:
    yahtzee = rules("yahtzee")
    changed = with_value(yahtzee, key, value)
    assert flow_values(changed) == {**flow_values(yahtzee), key: value}
    assert changed.rows == yahtzee.rows and changed.name == yahtzee.name


def test_no_bonus_scores_no_bonus_points_and_an_unknown_rule_is_a_key_error() -> None:
    assert with_value(rules("yahtzee"), "upper_bonus", None).bonus_points == 0
    with pytest.raises(KeyError):
        with_value(rules("yahtzee"), "winner", "highest")


def test_the_turn_replay_rolls_past_every_candidate_and_is_refused_where_the_rolls_end() -> None:
    """One roll and six rerolls: yahtzee refuses the fourth action (three rolls), six rolls the seventh."""
    [probe] = rolls_probes(rules("yahtzee"))
    assert probe.players == 1 and len(probe.actions) == MOST_ROLLS
    assert probe.actions[0] == "roll 11235" and all(a.startswith("reroll 1=") for a in probe.actions[1:])
    yahtzee = rules("yahtzee")
    assert reference(yahtzee, 1, probe.actions)["rejected"] == {"at": 3, "code": "no-rolls-left"}
    six = with_value(yahtzee, "rolls_per_turn", 6)
    assert reference(six, 1, probe.actions)["rejected"] == {"at": 6, "code": "no-rolls-left"}


@pytest.mark.parametrize(("total", "bonus"), [(62, 0), (63, 35), (84, 35)])
def test_the_upper_replay_fills_every_upper_row_to_the_total_asked(total: int, bonus: int) -> None:
    """Under yahtzee (a bonus of 35 over 62), in sheet order and the other way round alike."""
    yahtzee = rules("yahtzee")
    forward, backward = upper_probe(yahtzee, total), upper_probe(yahtzee, total, reverse=True)
    assert [a for a in forward.actions if a.startswith("score ")] == [f"score {row}" for row in UPPER]
    assert [a for a in backward.actions if a.startswith("score ")] == [f"score {row}" for row in reversed(UPPER)]
    for probe in (forward, backward):
        lines = reference(yahtzee, probe.players, probe.actions)["players"][0]["lines"]
        assert sum(lines[row] for row in UPPER) == total
        assert (lines["bonus"], lines["upper_total"]) == (bonus, total + bonus)
        assert not any(len(set(a.removeprefix("roll "))) == 1 for a in probe.actions if a.startswith("roll "))


def test_the_upper_replay_can_leave_the_first_row_open() -> None:
    yahtzee = rules("yahtzee")
    probe = upper_probe(yahtzee, 70, skip_first=True)
    lines = reference(yahtzee, probe.players, probe.actions)["players"][0]["lines"]
    assert lines["ones"] is None and sum(lines[row] for row in UPPER[1:]) == 70 and lines["bonus"] == 35


def test_the_checks_score_a_filled_row_again_and_roll_once_the_sheet_is_full() -> None:
    yahtzee = rules("yahtzee")
    again, full = check_probes(yahtzee)
    assert again.actions == ("roll 11235", "score ones", "roll 11235", "score ones")
    assert reference(yahtzee, 1, again.actions)["rejected"] == {"at": 3, "code": "row-used"}
    assert len(full.actions) == 2 * len(yahtzee.row_ids) + 1 and full.actions[-1] == "roll 11235"
    answer = reference(yahtzee, 1, full.actions)
    assert answer["over"] and answer["rejected"] == {"at": 26, "code": "game-over"}


def test_the_reference_s_flow_is_found_as_its_ruleset_has_it() -> None:
    found = identified(ReferenceImplementation())
    assert found.not_probed is None and found.notes == []
    assert found.values() == flow_values(rules("yahtzee"))
    assert all(fit.fitted and fit.unexplained == [] for fit in found.fits)
    assert [fit.key for fit in found.fits][-1] == CHECKS
    assert changed_rules(found, flow_values(rules("yahtzee"))) == {}


def test_four_rolls_a_turn_are_found_and_are_the_only_rule_changed() -> None:
    four = with_value(rules("yahtzee"), "rolls_per_turn", 4)
    found = identified(Playing(four))
    assert found.values() == {**flow_values(rules("yahtzee")), "rolls_per_turn": 4}
    changed = changed_rules(found, flow_values(rules("yahtzee")))
    assert list(changed) == ["rolls_per_turn"] and changed["rolls_per_turn"].replays == 1
    assert changed["rolls_per_turn"].example.endswith(": action 5 refused (no-rolls-left)")
    assert found.unexplained == 0


def test_a_bonus_over_70_is_found_by_halving_to_its_threshold() -> None:
    """Every total from 0 to 84 is one the upper rows can add up to: 70 shows no bonus, 71 one,
    so the threshold is exact (no other value alike)."""
    bonus = {"more_than": 70, "points": 50}
    found = identified(Playing(with_value(rules("yahtzee"), "upper_bonus", bonus)))
    [fit] = [fit for fit in found.fits if fit.key == "upper_bonus"]
    assert (fit.value, fit.fitted, fit.alike, fit.unexplained) == (bonus, True, [], [])
    assert fit.example == "upper rows adding to 71 show a bonus of 50, adding to 70 none"
    assert found.values() == {**flow_values(rules("yahtzee")), "upper_bonus": bonus}


def test_the_free_joker_is_told_from_the_forced_one() -> None:
    found = identified(Playing(rules("yahtzee-free-joker")))
    assert found.values() == flow_values(rules("yahtzee-free-joker"))
    assert list(changed_rules(found, flow_values(rules("yahtzee")))) == ["joker"]
    assert found.unexplained == 0


def test_an_implementation_that_replays_no_game_is_not_probed() -> None:
    found = identified(NoReplays())
    assert found.fits == [] and found.replays == 0
    assert found.not_probed == "it replays no game (skipped: no replays here)"
