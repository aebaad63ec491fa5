"""A replayed game as the corpus records it (corpus/record.py), on a toy game whose state is a
number: the rules that came up counted, at most three probes a game (but those a rule steers) and one
after an action, a
probe answered and the game put back as it was, a probe of an own-dice game tried only where the
rules refuse it, the turns asked (the first, the last, some notable ones, the rest evenly spaced)
and their case ids, and a game's number of players."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from dicespec.corpus.record import CHECKPOINTS, PROBES, Record, players_for
from dicespec.registry import game
from dicespec.replay import ReplayResult
from dicespec.rulesets import find_ruleset


class Refused(Exception):
    code = "too-big"


@dataclass
class Counter:
    """The toy game: a number, which an action ``add N`` adds to, refused past 10."""

    state: int = 0

    def carry_out(self, text: str) -> None:
        added = self.state + int(text.split()[1])
        if added > 10:
            raise Refused(text)
        self.state = added


def answer(result: ReplayResult[Any]) -> dict[str, Any]:
    return {"state": result.state, "rejected": result.rejection, "refusals": list(result.refusals)}


def record(players: int = 2) -> Record:
    return Record(game("greed"), "greed", 7, players, "careful", answer)


class Always(random.Random):
    """A source of chance that always says yes (its draws are 0) and samples in order."""

    def random(self) -> float:
        return 0.0


def test_the_rules_that_came_up_are_counted() -> None:
    played = record()
    played.came(hot_dice=True, farkle=False)
    played.came(hot_dice=True, farkle=True)
    assert played.came_up == {"hot_dice": 2, "farkle": 1}


def test_a_game_is_probed_three_times_at_most_and_once_after_an_action() -> None:
    played, rng = record(), Always()
    assert PROBES == 3
    for _ in range(5):
        for _ in range(2):
            played.probe(rng, 0.5, Counter(), lambda: "add 20", Counter().carry_out, Refused, lambda text: ("too-big",))
        played.actions.append("add 1")
    assert [probe[0] for probe in played.probes] == [0, 1, 2]


def test_a_steered_probe_is_tried_beyond_three_but_still_once_after_an_action() -> None:
    played, rng = record(), Always()
    for _ in range(5):
        for steered in (True, False):
            played.probe(
                rng,
                1.0,
                Counter(),
                lambda: "add 20",
                Counter().carry_out,
                Refused,
                lambda text: ("too-big",),
                steered=steered,
            )
        played.actions.append("add 1")
    assert [probe[0] for probe in played.probes] == [0, 1, 2, 3, 4]


def test_a_probe_is_answered_and_the_game_put_back() -> None:
    played, counter = record(), Counter(4)
    played.actions.extend(["add 4"])
    played.probe(Always(), 1.0, counter, lambda: "add 7", counter.carry_out, Refused, lambda text: ("too-big", "odd"))
    assert counter.state == 4
    refused = {"state": 4, "rejected": "too-big", "refusals": ["too-big", "odd"]}
    assert played.probes == [(1, "add 7", refused, ("too-big", "odd"))]
    played.actions.append("add 1")
    played.probe(Always(), 1.0, counter, lambda: "add 2", counter.carry_out, Refused, lambda text: ("too-big",))
    assert counter.state == 4, "an accepted probe is undone too"
    assert played.probes[-1] == (2, "add 2", {"state": 6, "rejected": None, "refusals": []}, ())


def test_no_probe_when_chance_says_no() -> None:
    played = record()
    played.probe(random.Random(1), -1.0, Counter(), lambda: "add 20", Counter().carry_out, Refused, lambda t: ("x",))
    assert played.probes == []


def test_an_own_dice_probe_is_tried_only_where_the_rules_refuse_it() -> None:
    played = record()
    played.actions.append("roll 12345")
    refused = list(played.own_probe(Always(), 1.0, "state", lambda: "roll 66666", lambda text: ("no-roll",)))
    assert [(move.action, move.refusals, move.before, move.after) for move in refused] == [
        ("roll", ("no-roll",), "state", "state")
    ]
    assert played.probes == [(1, "roll", None, ("no-roll",))]
    played.actions.append("set 1")
    assert list(played.own_probe(Always(), 1.0, "state", lambda: "bank", lambda text: ())) == []
    assert len(played.probes) == 1


def test_the_cases_ask_the_first_last_notable_and_spaced_turns_and_each_probe() -> None:
    played = record()
    for turn in range(20):
        played.actions.append(f"add {turn}")
        played.turn_end(turn, notable=turn == 5)
    played.probe(Always(), 1.0, Counter(), lambda: "add 20", Counter().carry_out, Refused, lambda text: ("too-big",))
    cases = list(played.cases(random.Random(0)))
    asked = [case for case in cases if not case.id.endswith("+")]
    assert len(asked) == CHECKPOINTS == 8
    # turns 0 and 19 (the first and last), 5 (the notable one), and five spaced: 19 * k / 6 rounded
    assert [len(case.args["actions"]) for case in asked] == [1, 4, 6, 7, 11, 14, 17, 20]
    assert asked[0].id == "greed/game/greed/007/1" and asked[0].expected == {
        "state": 0,
        "rejected": None,
        "refusals": [],
    }
    (probe,) = [case for case in cases if case.id.endswith("+")]
    assert probe.id == "greed/game/greed/007/20+"
    assert probe.args == {"ruleset": "greed", "players": 2, "actions": [*played.actions, "add 20"]}
    assert (probe.refusals, probe.row, probe.kind, probe.op) == (("too-big",), "careful", "greed game", "replay")
    assert cases[-2:] == [asked[-1], probe], "a probe after the last action comes after that turn's case"


def test_a_game_of_players_the_implementation_plays_or_one_to_four_within_the_rules() -> None:
    greed, yacht = find_ruleset("greed"), find_ruleset("yacht")
    assert {players_for(random.Random(seed), greed, (3, 5)) for seed in range(40)} == {3, 5}
    assert (greed.min_players, yacht.min_players) == (2, 1)
    assert {players_for(random.Random(seed), yacht) for seed in range(200)} == {1, 2, 3, 4}
    assert {players_for(random.Random(seed), greed) for seed in range(200)} == {2, 3, 4}, "greed needs two"
