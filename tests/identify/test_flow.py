"""Finding flow rules by replays (identify/flow.py), on a toy game of one rule, the rolls a turn
has, whose answers are worked out here: the replay that splits the candidates most is asked first,
the candidates that disagree with its answer are dropped, the rest of the replays check the value
found, and an answer no candidate explains is shown as the replay and the part that differ."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from dicespec.conformance.protocol.messages import Outcome
from dicespec.conformance.run.report import differences
from dicespec.identify.flow import (
    CHECKS,
    REPLAY,
    Asker,
    Difference,
    FlowFit,
    FlowIdentification,
    Probe,
    changed_rules,
    checks,
    decide,
    decided,
    difference_json,
    fit,
    flow_json,
    in_words,
    refusal,
    report_lines,
    same_answer,
)

PROBES = [Probe(("roll",) * count) for count in range(1, 6)]
CANDIDATES = [((rolls,), rolls) for rolls in (2, 3, 4)]


def reference(rolls: Any, players: int, actions: Sequence[str]) -> Any:
    """A turn of ``rolls`` rolls: a roll past them is refused; else, the rolls left."""
    if len(actions) > rolls:
        return {"rejected": {"at": rolls, "code": "no-rolls-left"}}
    return {"rolls_left": rolls - len(actions)}


def playing(rolls: int) -> Any:
    """An implementation whose turns have ``rolls`` rolls, and the replays it was asked."""
    asked: list[tuple[str, ...]] = []

    def ask(op: str, args: dict[str, Any]) -> Outcome:
        assert op == REPLAY and args["ruleset"] == "toy"
        asked.append(tuple(args["actions"]))
        return Outcome("result", reference(rolls, args["players"], args["actions"]))

    ask.asked = asked
    return ask


def values(rolls: Any) -> dict[str, Any]:
    return {"rolls": rolls}


def summary(answer: Any) -> str:
    return refusal(answer) or f"{answer['rolls_left']} left"


def test_the_replay_that_splits_the_candidates_most_is_asked_first() -> None:
    """One roll leaves each candidate a different count: it decides at once."""
    ask = playing(3)
    standing, asked, failed = decide(Asker(ask, "toy", reference), CANDIDATES, PROBES)
    assert (standing, asked, failed) == ([((3,), 3)], [Probe(("roll",))], None)
    assert ask.asked == [("roll",)]


def test_a_rule_found_is_checked_by_every_other_replay() -> None:
    ask = playing(4)
    fits, rules = fit(Asker(ask, "toy", reference), ["rolls"], 3, CANDIDATES, PROBES, values, summary)
    assert rules == 4
    assert fits == [FlowFit("rolls", 4, 3, True, replays=1, checked=4, example="roll: 3 left")]
    assert sorted(ask.asked) == sorted(probe.actions for probe in PROBES)  # each once


def test_values_no_replay_tells_apart_are_alike_and_the_base_one_is_kept() -> None:
    """Candidates whose every answer is the same are not split: the base's value is the one found,
    the others are alike."""
    candidates = [(("red",), (3, "red")), (("blue",), (3, "blue"))]

    def ruled(rules: Any, players: int, actions: Sequence[str]) -> Any:
        return reference(rules[0], players, actions)

    fits, rules = fit(
        Asker(playing(3), "toy", ruled),
        ["colour"],
        (3, "blue"),
        candidates,
        PROBES,
        lambda r: {"colour": r[1]},
        summary,
    )
    assert rules == (3, "blue")
    assert (fits[0].value, fits[0].fitted, fits[0].replays, fits[0].checked, fits[0].alike) == (
        "blue",
        True,
        0,
        5,
        ["red"],
    )


def test_an_answer_no_candidate_gives_is_unexplained() -> None:
    """The rule keeps the base's value, unfitted, and the difference names the replay and the part."""
    fits, rules = fit(Asker(playing(7), "toy", reference), ["rolls"], 3, CANDIDATES, PROBES, values, summary)
    assert rules == 3
    [found] = fits
    assert (found.value, found.fitted) == (3, False)
    assert found.unexplained == [Difference(("roll",), "rolls_left", 2, 6)]
    assert found.unexplained[0].describe() == "roll: rolls_left is 6, not 2"


def test_an_implementation_that_answers_no_replay_leaves_the_rule_not_asked() -> None:
    def ask(op: str, args: dict[str, Any]) -> Outcome:
        return Outcome("errored", "it crashed")

    fits, rules = fit(Asker(ask, "toy", reference), ["rolls"], 3, CANDIDATES, PROBES, values, summary)
    assert (rules, fits[0].value, fits[0].fitted) == (3, 3, False)
    assert fits[0].not_asked == "not asked: errored: it crashed"
    assert decided(fits[0]) == "not asked: errored: it crashed"


def test_the_checks_hold_every_answer_whole_to_the_rules_found() -> None:
    """Alike, they pass; else each replay that differs is shown, shrunk to its shortest part that
    still differs."""
    held = checks(Asker(playing(3), "toy", reference), 3, PROBES[2:], summary)
    assert (held.key, held.fitted, held.checked, held.unexplained) == (CHECKS, True, 3, [])
    assert held.example == "roll; roll; roll: 0 left"
    broken = checks(Asker(playing(4), "toy", reference), 3, PROBES[3:4], summary)
    assert not broken.fitted
    assert broken.unexplained == [Difference(("roll",), "rolls_left", 2, 3)]
    assert decided(broken) == "1 replay, 1 of them not as the model has it"


def test_an_optional_part_an_answer_lacks_is_not_a_difference() -> None:
    """The protocol gives ``saved_rolls`` only where a ruleset counts them; an answer with a part the
    rules do not give differs."""
    assert same_answer({"rolls_left": 1, "saved_rolls": 2}, {"rolls_left": 1})
    assert not same_answer({"rolls_left": 1}, {"rolls_left": 1, "saved_rolls": 2})
    assert not same_answer({"rolls_left": 1}, {"rolls_left": 2})
    assert same_answer({"over": True, "current": 0, "scores": [3]}, {"over": True, "current": 1, "scores": [3]})


def sheet(lines: dict[str, int | None]) -> dict[str, Any]:
    """A one-player score-sheet answer with these lines."""
    return {"players": [{"lines": lines, "turns_taken": 1}], "over": False, "rejected": None}


def test_a_line_the_rules_lack_held_at_0_differs_in_nothing() -> None:
    """An implementation answers the lines of the sheet it is asked under: where the rules lack a
    line (no Yahtzee bonus) it holds at 0, the answer is theirs; at another value, or a line the
    rules have and the answer lacks, it differs."""
    rules = sheet({"yahtzee": 50, "lower_total": 50})
    assert same_answer(rules, sheet({"yahtzee": 50, "yahtzee_bonus": 0, "lower_total": 50}))
    assert not same_answer(rules, sheet({"yahtzee": 50, "yahtzee_bonus": 100, "lower_total": 50}))
    assert not same_answer(sheet({"yahtzee": 50, "yahtzee_bonus": 0, "lower_total": 50}), rules)
    assert not same_answer({"dice": None}, {"dice": None, "extra": 0})  # a line of a sheet only

    def ask(op: str, args: dict[str, Any]) -> Outcome:
        return Outcome("result", sheet({"yahtzee": 50, "bonus": 0, "yahtzee_bonus": 0}))

    def lines_of(rules: Any, players: int, actions: Sequence[str]) -> Any:
        return sheet({"yahtzee": 50, **dict(rules)})  # rules: the lines they add, beside the row

    candidates = [(("none",), ()), (("bonus",), (("bonus", 35), ("yahtzee_bonus", 0)))]
    [found], _ = fit(
        Asker(ask, "toy", lines_of), ["rolls"], (), candidates, [Probe(("roll",))], values, lambda answer: "a sheet"
    )
    assert (found.value, found.fitted, found.unexplained) == ("none", True, [])


def test_a_part_an_answer_lacks_is_left_out_of_the_json() -> None:
    """``--json`` writes a difference's parts as JSON: one the answer lacks is not written."""
    [(path, expected, actual)] = differences({"lines": {"bonus": 0}}, {"lines": {}})
    difference = Difference(("roll 11111",), path, expected, actual)
    assert difference_json(difference) == {"actions": ["roll 11111"], "path": "lines.bonus", "expected": 0}
    assert difference.describe() == "roll 11111: lines.bonus is (missing), not 0"


def test_the_report_says_what_was_found_and_how() -> None:
    found = FlowIdentification(
        [
            FlowFit("rolls", 4, 3, True, replays=1, checked=2, alike=[5], example="roll: 3 left"),
            FlowFit("saved_rolls", False, False, True, replays=1, decided_with="rolls"),
            FlowFit(CHECKS, None, None, True, checked=4),
        ],
        notes=["players: one only"],
    )
    assert found.replays == 7 and found.unexplained == 0
    assert found.values() == {"rolls": 4, "saved_rolls": False}
    changed = changed_rules(found, {"rolls": 3, "saved_rolls": False})
    assert list(changed) == ["rolls"]
    assert report_lines(found, "kiriki", changed, " in 1.0 s", "refusals") == [
        "game flow: 7 replays in 1.0 s",
        "  note: players: one only",
        "  rolls: differs: 4 (1 replay decides it, 2 more asked to check it)",
        "    no replay tells it from 1 other value(s), e.g. 5",
        "  saved_rolls: as kiriki (1 replay decides it; with rolls)",
        "  refusals and the end: as the model has them (refusals) (4 replays)",
    ]
    assert in_words(found) == "its game flow by 7 replays."
    assert flow_json(found)["rules"][0] == {
        "key": "rolls",
        "value": 4,
        "fitted": True,
        "replays": 1,
        "checked": 2,
        "decided_with": None,
        "not_asked": None,
        "alike": [5],
        "example": "roll: 3 left",
        "unexplained": [],
    }
    unprobed = FlowIdentification(not_probed="it replays no game\nmore")
    assert report_lines(unprobed, "kiriki", {}, "", "") == ["game flow: not probed: it replays no game"]
    assert in_words(unprobed).startswith("its game flow was not probed (it replays no game)")
