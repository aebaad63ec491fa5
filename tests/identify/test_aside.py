"""``dicespec identify`` of a set-aside game (:mod:`dicespec.identify.aside`), through its own
API: one whole identification, in process, of an implementation asked under greed that scores as
greed but plays a farkle penalty greed lacks, cannot be asked one question, fails on another and
answers a third two ways. What it found (the closest shipped ruleset, the flow rule changed, the
questions not asked, errored or answered unlike), the ruleset file written (read back by the
loader: it plays as the implementation does), the report and the JSON; then an implementation
that answers nothing usable, and the unexplained answers of a hand-built identification. Last,
fakes that answer as the reference under a ruleset: a variant of scoring and one of flow are each
found exactly and read back, and a bug of scoring is set apart with the rules kept."""

from __future__ import annotations

import json
from itertools import combinations_with_replacement
from pathlib import Path
from typing import Any

import pytest

from dicespec import corpus
from dicespec.conformance.transports.in_process import InProcessTransport
from dicespec.dice import FACES, Roll
from dicespec.identify.aside import (
    AsideIdentification,
    aside_json,
    aside_report_text,
    aside_ruleset_text,
    identify_aside,
)
from dicespec.identify.aside_fit import fit_aside
from dicespec.identify.aside_flow import aside_flow_values, with_value
from dicespec.identify.common import IdentifyError
from dicespec.identify.flow import Difference, FlowFit, FlowIdentification
from dicespec.implementation import CannotAsk, ReferenceImplementation, set_aside_replay_answer, set_aside_score_answer
from dicespec.rulesets import declare_file, file_data, find_ruleset_of, forget_declared
from dicespec.setaside import combos
from dicespec.setaside.replay import replay
from dicespec.setaside.ruleset import SetAsideRuleset

PENALTY = {"farkles": 3, "points": 500, "floor": None}
REFERENCE = ReferenceImplementation()


def rules(name: str) -> SetAsideRuleset:
    return find_ruleset_of(SetAsideRuleset, name)


class Quirky(ReferenceImplementation):
    """Greed's scoring and flow, but three farkles in a row cost 500; ``best 66`` cannot be asked,
    ``set_aside 2`` fails, and ``best 5`` is 50 the first time, 0 after."""

    def __init__(self) -> None:
        self.rulesets = {"ten-thousand": ("greed",)}
        self.rules = with_value(rules("greed"), "farkle_penalty", PENALTY)
        self.fives = 0

    def best(self, ruleset: str, dice: str) -> int:
        if dice == "66":
            raise CannotAsk("not this one")
        if dice == "5":
            self.fives += 1
            if self.fives > 1:
                return 0
        return combos.best(self.rules, Roll.parse(dice))

    def set_aside(self, ruleset: str, dice: str) -> Any:
        if dice == "2":
            raise RuntimeError("boom")
        return set_aside_score_answer(self.rules, Roll.parse(dice))

    def replay(self, ruleset: str, players: int, actions: list[str]) -> Any:
        return set_aside_replay_answer(replay(self.rules, players, actions))


class Silent(ReferenceImplementation):
    """Answers no scoring question: every best and set-aside not implemented (it replays games)."""

    def __init__(self) -> None:
        self.rulesets = {"ten-thousand": ("greed",)}

    def best(self, ruleset: str, dice: str) -> int:
        raise NotImplementedError("no best")

    def set_aside(self, ruleset: str, dice: str) -> Any:
        raise NotImplementedError("no set_aside")


class Mute(Silent):
    """Answers nothing: no scoring question, and no replay."""

    def replay(self, ruleset: str, players: int, actions: list[str]) -> Any:
        raise NotImplementedError("no replay")


@pytest.fixture(scope="module")
def found() -> AsideIdentification:
    return identify_aside(InProcessTransport(Quirky()), "quirky", rules("greed"), name="greed-identified")


def test_its_scoring_is_greed_s_and_the_farkle_penalty_is_the_flow_rule_changed(found: AsideIdentification) -> None:
    assert found.closest == "greed" and found.changed() == {}
    assert list(found.changed_flow()) == ["farkle_penalty"]
    assert found.changed_flow()["farkle_penalty"].value == PENALTY
    assert found.flow.values() == {**aside_flow_values(rules("greed")), "farkle_penalty": PENALTY}
    assert found.unexplained == 0 and found.fit is not None and found.fit.unexplained == []
    assert set(found.seconds) == {"asking", "fit", "flow"}


def test_the_answers_are_every_ordered_best_and_every_set_aside_but_those_not_given(
    found: AsideIdentification,
) -> None:
    """Five dice: 6 + 36 + 216 + 1296 + 7776 ordered rolls' best, 462 set-asides of 0 to 5 dice;
    less ``best 66`` (cannot be asked) and ``set_aside 2`` (failed)."""
    assert found.answers == (9330 - 1) + (462 - 1)
    assert set(found.given) == {"best", "set_aside"} and "66" not in found.given["best"]
    assert found.given["best"]["5"] == 50  # the first answer kept
    assert "2" not in found.given["set_aside"] and found.given["set_aside"]["5"] == {"points": 50}


def test_questions_not_asked_errored_and_answered_two_ways_are_counted(found: AsideIdentification) -> None:
    """``best 66`` is asked twice (in the corpus, and once more ascending); ``set_aside 2`` as often
    as the corpus asks it."""
    asked = [case.op for case in corpus.exhaustive({"ten-thousand": ["greed"]}) if case.args["dice"] == "2"]
    assert (found.skipped, found.first_skip) == (2, "best 66: not this one")
    assert found.errored == asked.count("set_aside") == 126
    assert found.first_error is not None
    assert found.first_error.startswith("set_aside 2: the implementation failed: RuntimeError: boom")
    assert found.inconsistent == ["best 5: answered 50, then 0"]


def test_the_ruleset_file_extends_greed_and_loads_as_the_implementation_plays(
    found: AsideIdentification, tmp_path: Path
) -> None:
    text = aside_ruleset_text(found)
    lines = text.splitlines()
    assert lines[0] == "# The rules quirky plays, as dicespec identify found them from its answers"
    assert lines[1].startswith(
        "# under greed: every best and every set-aside of the exhaustive corpus (9,790 answers),"
    )
    assert lines[3:5] == ["extends: greed", "name: greed-identified"]
    assert lines[-1] == "farkle_penalty: {farkles: 3, points: 500, floor: null}"
    assert lines[-2].startswith("# farkle_penalty: 1 replay decides it, 7 more asked to check it; e.g. ")
    loaded = _read_back(found, tmp_path)
    plays = Quirky().rules
    assert aside_flow_values(loaded) == aside_flow_values(plays)
    every = [Roll(d) for n in range(1, 6) for d in combinations_with_replacement(FACES, n)]
    assert all(combos.best(loaded, roll) == combos.best(plays, roll) for roll in every)


def test_the_report_names_each_key_the_flow_and_each_oddity(found: AsideIdentification) -> None:
    report = aside_report_text(found, timings=False)
    lines = report.splitlines()
    assert lines[:3] == [
        "dicespec identify: quirky, asked under greed",
        "scoring: 9,790 answers, 8 candidate rulesets scored",
        "closest shipped ruleset: greed",
    ]
    assert "  singles: as greed: [100, 0, 0, 0, 50, 0] (as read off the answers; no other value proposed)" in lines
    assert "game flow: 29 replays" in lines
    assert any(line.startswith("  farkle_penalty: differs: {farkles: 3, points: 500, floor: null} (") for line in lines)
    assert "not asked: 2 questions it cannot be asked, e.g. best 66: not this one" in lines
    assert any(line.startswith("errored: 126 questions, e.g. set_aside 2: ") for line in lines)
    assert "inconsistent: best 5: answered 50, then 0" in lines
    assert lines[-1] == "unexplained answers: 0"
    assert " s asked" not in report and " s asked, " in aside_report_text(found)


def test_the_json_holds_what_was_found_and_the_ruleset_file(found: AsideIdentification) -> None:
    data = json.loads(json.dumps(aside_json(found)))
    assert (data["implementation"], data["asked"], data["name"], data["extends"]) == (
        "quirky",
        "greed",
        "greed-identified",
        "greed",
    )
    assert (data["answers"], data["skipped"], data["errored"]) == (9790, 2, 126)
    assert data["inconsistent"] == ["best 5: answered 50, then 0"]
    assert [key["key"] for key in data["keys"]] == [
        "singles",
        "three_of_a_kind",
        "more_of_a_kind",
        "straights",
        "patterns",
    ]
    assert data["keys"][0]["value"] == [100, 0, 0, 0, 50, 0]
    penalty = next(each for each in data["flow"]["rules"] if each["key"] == "farkle_penalty")
    assert (penalty["value"], penalty["fitted"]) == (PENALTY, True)
    assert data["unexplained"] == 0 and data["unexplained_answers"] == [] and data["mixed"] == []
    assert data["conform"] is None and data["ruleset"] == aside_ruleset_text(found)


def test_an_implementation_that_answers_nothing_usable_is_an_error() -> None:
    with pytest.raises(IdentifyError) as error:
        identify_aside(InProcessTransport(Mute()), "mute", rules("greed"), name="x")
    message = str(error.value)
    assert message.startswith("mute answered nothing usable: every one of ")
    assert message.endswith(" questions errored or was skipped")


def test_an_implementation_with_no_scoring_to_ask_is_identified_by_its_replays() -> None:
    """An engine that scores only as it plays (OpenSpiel's pig): the asked ruleset's scoring is
    kept, the report says it was not asked, and the replays decide the flow."""
    found = identify_aside(InProcessTransport(Silent()), "silent", rules("greed"), name="x")
    assert found.answers == 0 and found.skipped > 0 and found.fit is not None
    assert found.fit.rules == rules("greed") and found.flow.not_probed is None
    assert found.flow.values() == aside_flow_values(rules("greed"))
    report = aside_report_text(found, timings=False).splitlines()
    assert "  not asked: it answers no scoring question; greed's scoring kept, and played by the replays" in report
    assert not [line for line in report if line.startswith("  singles:")]


def test_the_unexplained_answers_are_the_questions_and_the_replays_no_rule_explains() -> None:
    """A hand-built identification: nothing asked (the fit's values are greed's, nothing
    unexplained), and two flow rules with a replay each that no candidate explains."""
    empty = AsideIdentification("hand", "greed", "x")
    assert (empty.answers, empty.unexplained, empty.changed()) == (0, 0, {})
    wrong = Difference(("roll 22334",), "players[0].score", 0, -500)
    flow = FlowIdentification(
        [
            FlowFit("farkle_penalty", None, None, False, unexplained=[wrong]),
            FlowFit("end", {"target": 3000, "final_round": True}, None, False, unexplained=[wrong]),
        ]
    )
    hand = AsideIdentification("hand", "greed", "x", fit=fit_aside(rules("greed"), {}, {}), closest="greed", flow=flow)
    assert hand.unexplained == 2 and hand.changed() == {}
    assert hand.changed_flow() == {}  # rules not fitted are not changed


# -- identified whole, from a fake of the reference's answers --------------------------------


class AsideFake:
    """The reference's set-aside answers under ``plays``, whatever ruleset it is asked under, with
    ``bug`` (the dice, ascending, and the right best → the best it answers) on top."""

    name = "aside-fake"

    def __init__(self, plays: str, bug: object = None) -> None:
        self.plays, self.bug = plays, bug

    def best(self, ruleset: str, dice: str) -> int:
        right = REFERENCE.best(self.plays, dice)
        return right if self.bug is None else self.bug("".join(sorted(dice)), right)  # type: ignore[operator]

    def set_aside(self, ruleset: str, dice: str) -> object:
        return REFERENCE.set_aside(self.plays, dice)

    def replay(self, ruleset: str, players: int, actions: list[str]) -> object:
        return REFERENCE.replay(self.plays, players, actions)


def _identify_aside(implementation: object, asked: str = "ten-thousand") -> AsideIdentification:
    return identify_aside(InProcessTransport(implementation), "fake", rules(asked), name="fake-identified")


def _read_back(found: AsideIdentification, tmp_path: Path) -> SetAsideRuleset:
    """The ruleset file identify writes, as the loader reads it."""
    path = tmp_path / "identified.yaml"
    path.write_text(aside_ruleset_text(found), encoding="utf-8")
    return SetAsideRuleset.from_data(file_data(path))


def _scoring_of(rules: SetAsideRuleset) -> tuple[object, ...]:
    return (rules.singles, rules.three_of_a_kind, rules.more_of_a_kind, rules.straights, rules.patterns)


@pytest.mark.slow
def test_a_set_aside_variant_is_identified_exactly_and_read_back(tmp_path: Path) -> None:
    found = _identify_aside(AsideFake("farkle"))
    assert (found.closest, found.changed(), found.unexplained, found.errored) == ("farkle", {}, 0, 0)
    read = _read_back(found, tmp_path)
    assert _scoring_of(read) == _scoring_of(rules("farkle"))
    assert aside_flow_values(read) == aside_flow_values(rules("farkle"))


@pytest.mark.slow
def test_a_set_aside_flow_variant_is_identified_exactly(tmp_path: Path) -> None:
    # 10000 with a 1,000 penalty after three farkles and a final round, asked as 10000
    path = tmp_path / "ten-thousand-penalty.yaml"
    path.write_text(
        "name: ten-thousand-penalty\nextends: ten-thousand\n"
        "farkle_penalty: {farkles: 3, points: 1000, floor: null}\nend: {target: 10000, final_round: true}\n",
        encoding="utf-8",
    )
    try:
        plays = declare_file(path).name
        expected = aside_flow_values(rules(plays))
        found = _identify_aside(AsideFake(plays))
    finally:
        forget_declared()
    assert (found.closest, found.changed(), found.unexplained) == ("ten-thousand", {}, 0)
    assert {key: fit.value for key, fit in found.changed_flow().items()} == {
        "farkle_penalty": {"farkles": 3, "points": 1000, "floor": None},
        "end": {"target": 10000, "final_round": True},
    }
    assert aside_flow_values(_read_back(found, tmp_path)) == expected


@pytest.mark.slow
def test_a_set_aside_bug_is_unexplained_and_the_rules_kept() -> None:
    # a straight scores nothing at best (the set-aside answer still scores it)
    found = _identify_aside(AsideFake("ten-thousand", lambda dice, right: 0 if dice == "12345" else right))
    assert found.closest == "ten-thousand" and found.changed() == {}
    assert found.unexplained == 120  # every ordering of 12345
    assert "every ordering of 12345 scores 0 at best, not 1250" in aside_report_text(found)
