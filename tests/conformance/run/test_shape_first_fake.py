"""The shape-first fake (``tests/conformance_fakes/shape_first.py``), an engine that checks an
action's shape before the turn's state, passes or fails exactly as its rules and its bug say: it
passes ``dicespec conform``, its refusals in another order counted apart; under
``--strict-refusals`` it fails on those cases and no other; with its bug (a die index out of range
refused as ``bad-dice``, a code that does not apply there) it fails where the bug shows, and only
there. Each run is ``dicespec conform`` in process, the fake a process of its own (one per
behaviour), narrowed to the replayed games of two rulesets."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dicespec import corpus
from dicespec.rulesets import find_ruleset
from fakes import fake_command, fake_module, in_process

RULESETS = ("yahtzee", "maxi-yatzy")  # no-rolls-left; no-saved-rolls
GAMES = 30
SHAPE = {"bad-dice", "empty-reroll", "bad-die-index", "not-playable", "empty-set-aside", "too-many-dice"}
BUG = "--bad-index-is-bad-dice"


@pytest.fixture(scope="module")
def cases() -> list[corpus.Case]:
    """The cases the runs ask: the replayed games of RULESETS."""
    return list(corpus.games({find_ruleset(name).game: [name] for name in RULESETS}, count=GAMES, kept=True))


def answers(cases: list[corpus.Case], *, bug: bool) -> dict[str, dict]:
    """The fake's answer to every case (asked in process, as its own code answers)."""
    fake = fake_module("shape_first").ShapeFirst(bad_index_is_bad_dice=bug)
    return {case.id: fake.replay(**case.args) for case in cases}


@pytest.fixture(scope="module")
def other_orders(cases: list[corpus.Case]) -> dict[str, dict[str, str]]:
    """Where the fake's answer is not the reference's: the case, and the reference's code and the fake's."""
    found = answers(cases, bug=False)
    return {
        case.id: {"expected": case.expected["rejected"]["code"], "actual": found[case.id]["rejected"]["code"]}
        for case in cases
        if found[case.id] != case.expected
    }


def conform(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, *options: str, rulesets: tuple[str, ...] = RULESETS
) -> tuple[int, list[dict], str]:
    """``dicespec conform`` of the fake (with ``options`` of its own, then of the run) on the
    replayed games of ``rulesets``: its exit status, its report's lines and its text."""
    report = tmp_path / "report.jsonl"
    own = [option for option in options if option == BUG]
    command = " ".join([fake_command("shape_first"), *own])
    rest = [option for option in options if option != BUG]
    narrow = [arg for name in rulesets for arg in ("--ruleset", name)]
    status, out = in_process(
        capsys, "--impl", command, "--part", "games", *narrow, "--games", str(GAMES), "--report", str(report), *rest
    )
    return status, [json.loads(line) for line in report.read_text(encoding="utf-8").splitlines()], out


def test_its_refusals_differ_from_the_reference_s_in_order_only(
    cases: list[corpus.Case], other_orders: dict[str, dict[str, str]]
) -> None:
    """Where its answer differs, it refuses the same action, for its shape, where the reference
    names the state of the turn, and the rules give both reasons."""
    found = answers(cases, bug=False)
    pairs = {(pair["expected"], pair["actual"]) for pair in other_orders.values()}
    assert len(pairs) >= 3, pairs
    by_id = {case.id: case for case in cases}
    for case_id, pair in other_orders.items():
        case = by_id[case_id]
        assert found[case_id] == {**case.expected, "rejected": {**case.expected["rejected"], "code": pair["actual"]}}
        assert pair["actual"] in SHAPE and pair["expected"] not in SHAPE, case_id
        assert pair["actual"] in case.refusals, case_id


def test_it_passes_its_refusals_in_another_order_counted_apart(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, other_orders: dict[str, dict[str, str]]
) -> None:
    status, lines, out = conform(capsys, tmp_path)
    assert status == 0, out[-3000:]
    assert {line["outcome"] for line in lines} == {"passed"}
    assert {line["id"]: line["refusal"] for line in lines if "refusal" in line} == other_orders
    assert f": {len(other_orders)}\n" in out
    assert out.rstrip().endswith(f"{len(lines)} passed, 0 failed, 0 errored, 0 skipped")


def test_held_to_the_reference_s_codes_it_fails_exactly_those_cases(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, other_orders: dict[str, dict[str, str]]
) -> None:
    status, lines, out = conform(capsys, tmp_path, "--strict-refusals")
    assert status == 1
    assert {line["id"] for line in lines if line["outcome"] == "failed"} == set(other_orders)
    assert {line["outcome"] for line in lines if line["id"] not in other_orders} == {"passed"}
    assert not any("refusal" in line for line in lines)
    assert "--strict-refusals fails them" not in out


def test_with_its_bug_it_fails_where_it_gives_a_code_that_does_not_apply(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, cases: list[corpus.Case]
) -> None:
    """Under yahtzee, where the bug shows in a few of the games' refusals."""
    cases = [case for case in cases if case.ruleset == "yahtzee"]
    plain, bugged = answers(cases, bug=False), answers(cases, bug=True)
    shows = {case.id for case in cases if bugged[case.id] != plain[case.id]}
    assert shows
    for case in cases:  # the bug's code is none of the reference's there
        if case.id in shows:
            assert plain[case.id]["rejected"]["code"] == "bad-die-index" and "bad-dice" not in case.refusals
    status, lines, _ = conform(capsys, tmp_path, BUG, rulesets=("yahtzee",))
    assert status == 1
    assert {line["id"] for line in lines if line["outcome"] == "failed"} == shows
    assert {line["outcome"] for line in lines if line["id"] not in shows} == {"passed"}


@pytest.mark.slow
def test_the_features_part_judges_the_spec_s_refusals_alike(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """The spec's roll of three dice while a roll waits for its set-aside is ``must-set-aside``;
    the fake, counting the dice first, says ``bad-dice``: passed, counted apart; held to the
    spec's code, failed. The spec's other refusals it answers as the spec does."""
    unset = "ten-thousand-en-illegal-roll-unset"
    narrow = ["--part", "features", "--ruleset", "ten-thousand", "--select", "ten-thousand-en-illegal-*"]
    runs = {}
    for strict in (False, True):
        report = tmp_path / f"report-{strict}.jsonl"
        options = [*narrow, "--report", str(report), *(["--strict-refusals"] if strict else [])]
        status, out = in_process(capsys, "--impl", fake_command("shape_first"), *options)
        runs[strict] = status, [json.loads(line) for line in report.read_text(encoding="utf-8").splitlines()], out
    status, lines, out = runs[False]
    assert status == 0 and len(lines) > 1 and {line["outcome"] for line in lines} == {"passed"}, out[-3000:]
    assert {line["id"]: line["refusal"] for line in lines if "refusal" in line} == {
        unset: {"expected": "must-set-aside", "actual": "bad-dice"}
    }
    status, lines, out = runs[True]
    assert status == 1
    failed = {line["id"]: line["message"] for line in lines if line["outcome"] == "failed"}
    assert list(failed) == [unset] and "refused as bad-dice, not must-set-aside" in failed[unset]
    assert {line["outcome"] for line in lines if line["id"] != unset} == {"passed"}
