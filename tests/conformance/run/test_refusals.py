"""Refusals judged by the rules: an answer that refuses the same action as the reference's, with the
code of another check of the rules that action fails, is a refusal in another order; the report
counts such cases apart, as passed, by pair of codes, and their JSON lines say so."""

from __future__ import annotations

import io
import json

import pytest

from dicespec.conformance.run.refusals import OtherOrder, other_order
from dicespec.conformance.run.report import OTHER_ORDER, Recorder, summary
from dicespec.implementation import ReferenceImplementation
from dicespec.validation import validator

REFERENCE = ReferenceImplementation()
# the turn's last roll made (yacht: three rolls a turn), then a reroll of no die
BEFORE = ["roll 12346", "reroll 1=1", "reroll 1=2"]
ACTIONS = [*BEFORE, "reroll ="]
EXPECTED = REFERENCE.replay("yacht", 1, ACTIONS)
CODES = tuple(REFERENCE.replay_refusals("yacht", 1, ACTIONS))


def refused(code: str, at: int = 3, **changes: object) -> dict:
    """The reference's answer to ACTIONS, refused at ``at`` with ``code``, and ``changes``."""
    return {**EXPECTED, "rejected": {"at": at, "code": code}, **changes}


def test_the_case_is_one_of_two_reasons() -> None:
    assert EXPECTED["rejected"] == {"at": 3, "code": "no-rolls-left"}
    assert CODES == ("no-rolls-left", "empty-reroll")


def test_a_code_of_another_check_the_action_fails_is_another_order() -> None:
    assert other_order(EXPECTED, refused("empty-reroll"), CODES) == OtherOrder("no-rolls-left", "empty-reroll")


@pytest.mark.parametrize(
    ("actual", "why"),
    [
        (EXPECTED, "the reference's own answer"),
        (refused("bad-die-index"), "a code of no check the action fails"),
        (refused("empty-reroll", at=2), "a refusal at another action"),
        (refused("empty-reroll", dice="12346"), "the rest of the answer differs"),
        ({**EXPECTED, "rejected": None}, "the action accepted"),
        ({**EXPECTED, "rejected": {"at": 3, "code": "empty-reroll", "why": "none"}}, "a refusal of another shape"),
        ({**EXPECTED, "rejected": "empty-reroll"}, "a refusal of another shape"),
        ([EXPECTED], "no answer of a replay"),
    ],
)
def test_anything_else_is_no_other_order(actual: object, why: str) -> None:
    assert other_order(EXPECTED, actual, CODES) is None, why


def test_an_allowed_action_refused_is_no_other_order() -> None:
    """The reference accepts the action: no code applies, and a refusal is a failure."""
    allowed = REFERENCE.replay("yacht", 1, BEFORE)
    assert allowed["rejected"] is None and REFERENCE.replay_refusals("yacht", 1, BEFORE) == []
    assert other_order(allowed, {**allowed, "rejected": {"at": 2, "code": "no-rolls-left"}}, ()) is None


def test_a_set_aside_refused_for_another_reason_is_another_order() -> None:
    codes = tuple(REFERENCE.set_aside_refusals("greed", "111555"))
    assert codes == ("too-many-dice", "not-scoring")
    expected = REFERENCE.set_aside("greed", "111555")
    assert other_order(expected, {"rejected": "not-scoring"}, codes) == OtherOrder("too-many-dice", "not-scoring")
    assert other_order(expected, {"rejected": "empty-set-aside"}, codes) is None
    assert other_order(expected, {"points": 1000}, codes) is None


def test_the_report_counts_refusals_in_another_order_apart_by_pair_of_codes() -> None:
    out = io.StringIO()
    recorder = Recorder(report=out)
    for number, (expected, actual) in enumerate(
        [("no-rolls-left", "empty-reroll")] * 2 + [("no-rolls-left", "bad-die-index")] * 3
    ):
        order = OtherOrder(expected, actual)
        recorder.passed(f"yacht/game/yacht/000/{number}+", "games", "yacht game", "yacht", "random", order)
    recorder.passed("yacht/game/yacht/000/9", "games", "yacht game", "yacht", "random")
    recorder.feature(
        {
            "id": "ten-thousand-en-illegal-roll-unset",
            "feature": "ten-thousand/en/edge-cases.feature",
            "ruleset": "ten-thousand",
            "outcome": "passed",
            "refusal": {"expected": "must-set-aside", "actual": "bad-dice"},
        }
    )
    assert recorder.totals() == [7, 0, 0, 0] and recorder.ok()
    text = summary(recorder).splitlines()
    at = text.index(f"{OTHER_ORDER} 6")
    assert text[at + 1 : at + 5] == [
        "  3 cases: bad-die-index where the reference says no-rolls-left",
        "  2 cases: empty-reroll where the reference says no-rolls-left",
        "  1 case: bad-dice where the reference says must-set-aside",
        "",
    ]
    assert text[-1] == "7 passed, 0 failed, 0 errored, 0 skipped"
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [line.get("refusal") for line in lines] == [
        *[{"expected": "no-rolls-left", "actual": "empty-reroll"}] * 2,
        *[{"expected": "no-rolls-left", "actual": "bad-die-index"}] * 3,
        None,
        {"expected": "must-set-aside", "actual": "bad-dice"},
    ]
    assert [list(validator("conformance-report").iter_errors(line)) for line in lines] == [[]] * len(lines)


def test_a_report_with_no_refusal_in_another_order_says_nothing_of_them() -> None:
    recorder = Recorder()
    recorder.passed("yacht/game/yacht/000/9", "games", "yacht game", "yacht", "random")
    assert OTHER_ORDER not in summary(recorder)


@pytest.mark.parametrize("outcome", ["failed", "errored", "skipped"])
def test_only_a_passed_line_holds_a_refusal(outcome: str) -> None:
    line = {
        "id": "yacht/game/yacht/000/3+",
        "part": "games",
        "kind": "yacht game",
        "ruleset": "yacht",
        "row": "random",
        "outcome": outcome,
        "refusal": {"expected": "no-rolls-left", "actual": "empty-reroll"},
    }
    line |= {"expected": 1, "actual": 2} if outcome == "failed" else {}
    assert list(validator("conformance-report").iter_errors(line))
