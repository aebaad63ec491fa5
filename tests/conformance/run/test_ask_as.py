"""``dicespec conform --ruleset-file FILE --ask-as NAME``: an engine of fixed rules, which plays one
set of rules under one name and declares nothing of its own, asked under that name and held to the
rules of a file, untouched: the "vanilla Yahtzee" fake run ``--fixed`` (its hello declares
``yahtzee``, its rules are those of ``tests/conformance_fakes/yahtzee-vanilla.yaml``), as a command
and as a Python object, and a plain scoring function; and the one-line errors of what cannot be
asked so.

Each run is ``dicespec conform`` in this process (the CLI's ``main``), narrowed by ``--part`` and
``--select`` to what the behaviour needs; what only the features part shows needs the spec's pytest
run, a process of seconds: that test is slow."""

from __future__ import annotations

import json
import re
import shlex
import sys
from pathlib import Path

import pytest

from dicespec import corpus
from dicespec.implementation import ReferenceImplementation
from folders import FAKES, TESTS
from helpers import run_cli

PYTHON = shlex.quote(sys.executable)
FIXED = f"{PYTHON} {shlex.quote(str(FAKES / 'vanilla_yahtzee.py'))} --fixed"
RULES = FAKES / "yahtzee-vanilla.yaml"  # its rules, as a file: name yahtzee-vanilla, extends yahtzee
HELD = ("--ruleset-file", str(RULES), "--ask-as", "yahtzee")
GAMES = 15


def conform(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    return run_cli(["conform", *args], capsys)


def lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def row_used(count: int) -> set[str]:
    """The replayed games under the file's rules (declared by the run just made) that the reference
    refuses as row-used: where the fake's bug (a filled box scored again) shows."""
    cases = corpus.games({"yahtzee": ["yahtzee-vanilla"]}, count=count)
    return {case.id for case in cases if (case.expected["rejected"] or {}).get("code") == "row-used"}


@pytest.mark.slow
def test_an_engine_of_fixed_rules_held_to_its_file_fails_exactly_its_bug_s_cases(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Its hello declares yahtzee and no rules of its own; asked under yahtzee, held to the file's
    rules, it fails exactly the replays where it scores a filled box, and every roll passes. The
    report names both: the file's rules, and the ruleset asked in their place."""
    report = tmp_path / "r.jsonl"
    status, out, err = conform(
        capsys, "--impl", FIXED, *HELD, "--part", "games", "--games", str(GAMES), "--part", "exhaustive",
        "--select", "*/*/*/[01][01]*", "--report", str(report),
    )  # fmt: skip
    assert status == 1, out[-3000:] + err
    assert "declares: yahtzee: yahtzee\n" in out and "the hello of" not in out  # no rules of its own
    assert f"rules: yahtzee-vanilla = {RULES} (extends yahtzee), asked as yahtzee\n" in out
    found = lines(report)
    assert {line["ruleset"] for line in found} == {"yahtzee-vanilla"}
    assert {line["rules"] for line in found} == {f"{RULES} (extends yahtzee), asked as yahtzee"}
    failed = {line["id"] for line in found if line["outcome"] != "passed"}
    refused = row_used(GAMES)
    assert refused and failed == refused
    rolls = [line for line in found if line["part"] == "exhaustive"]
    assert len(rolls) == 13 * 6**3 and {line["outcome"] for line in rolls} == {"passed"}


def test_a_python_object_of_fixed_rules_is_held_to_its_file_alike(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.syspath_prepend(str(FAKES))
    report = tmp_path / "r.jsonl"
    status, out, err = conform(
        capsys, "--python", "vanilla_yahtzee:fixed", "--in-process", *HELD, "--part", "games", "--games", str(GAMES),
        "--report", str(report),
    )  # fmt: skip
    assert status == 1, out[-3000:] + err
    assert {line["id"] for line in lines(report) if line["outcome"] == "failed"} == row_used(GAMES)


def test_a_scoring_function_is_held_to_a_file_under_the_ruleset_it_scores(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """An unchanged Exercism Yacht solution (a full house scores its dice), asked as yacht and held
    to a file whose full house scores 25: it fails exactly the full houses whose dice do not add to
    25, and no other roll."""
    monkeypatch.syspath_prepend(str(TESTS / "function_solutions"))
    house = tmp_path / "house.yaml"
    house.write_text("extends: yacht\nname: yacht-full-25\nrows:\n  full_house: {points: 25}\n", "utf-8")
    report = tmp_path / "r.jsonl"
    status, out, err = conform(
        capsys, "--function", "yacht:score", "--in-process", "--ruleset-file", str(house), "--ask-as", "yacht",
        "--part", "exhaustive", "--select", "*/full_house", "--report", str(report),
    )  # fmt: skip
    assert status == 1, out[-3000:] + err
    assert "declares: yacht: yacht\n" in out
    assert f"rules: yacht-full-25 = {house} (extends yacht), asked as yacht" in out
    found = lines(report)
    assert len(found) == 6**5 and {line["ruleset"] for line in found} == {"yacht-full-25"}
    reference = ReferenceImplementation()
    differ = {
        line["id"]
        for line in found
        if reference.score("yacht", dice := line["id"].split("/")[3], "full_house")
        != reference.score("yacht-full-25", dice, "full_house")
    }
    assert differ and {line["id"] for line in found if line["outcome"] == "failed"} == differ


# the no-Yahtzee-bonus fake (tests/conformance_fakes/no_yahtzee_bonus.py): no bug, fixed rules with
# no Yahtzee bonus and no joker, answered on yahtzee's sheet, its yahtzee_bonus line at 0
NO_BONUS = FAKES / "yahtzee-no-yahtzee-bonus.yaml"


def test_an_engine_with_no_yahtzee_bonus_holding_its_line_at_0_passes_held_to_its_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """As a command: every replayed game passes, the second Yahtzees among them, and the rolls."""
    report = tmp_path / "r.jsonl"
    command = f"{PYTHON} {shlex.quote(str(FAKES / 'no_yahtzee_bonus.py'))}"
    status, out, err = conform(
        capsys, "--impl", command, "--ruleset-file", str(NO_BONUS), "--ask-as", "yahtzee", "--part", "games",
        "--games", str(GAMES), "--part", "exhaustive", "--select", "*/*/*/[01][01]*", "--report", str(report),
    )  # fmt: skip
    assert status == 0, out[-3000:] + err
    assert f"rules: yahtzee-no-yahtzee-bonus = {NO_BONUS} (extends yahtzee), asked as yahtzee\n" in out
    found = lines(report)
    assert {line["outcome"] for line in found} == {"passed"} and {line["ruleset"] for line in found} == {
        "yahtzee-no-yahtzee-bonus"
    }
    assert {line["part"] for line in found} == {"games", "exhaustive"}


@pytest.mark.slow  # seconds: two runs, the failing games shrunk
def test_with_no_upper_bonus_either_its_bonus_line_at_0_passes_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The same engine with no upper bonus (its bonus line at 0 too), in process, held to a file
    with neither bonus: every replayed game passes; held to the file with the upper bonus, the games
    whose upper rows reach it fail, and only on their bonus and totals."""
    monkeypatch.syspath_prepend(str(FAKES))
    neither = tmp_path / "neither.yaml"
    neither.write_text(
        "name: yahtzee-no-bonuses\nextends: yahtzee\nupper_bonus: null\nfive_of_a_kind: null\njoker: none\n", "utf-8"
    )
    for rules, passes in ((neither, True), (NO_BONUS, False)):
        report = tmp_path / f"{rules.stem}.jsonl"
        status, out, err = conform(
            capsys, "--python", "no_yahtzee_bonus:no_upper_bonus", "--in-process", "--ruleset-file", str(rules),
            "--ask-as", "yahtzee", "--part", "games", "--games", str(GAMES), "--report", str(report),
        )  # fmt: skip
        assert status == (0 if passes else 1), out[-3000:] + err
        failed = [line for line in lines(report) if line["outcome"] != "passed"]
        assert (failed == []) == passes
    assert re.search(r"players\[\d\]\.lines\.bonus: expected 35, got 0", out), out[-3000:]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--ask-as", "yahtzee"), "--ask-as yahtzee goes with one --ruleset-file: the rules it is held to"),
        (
            (*HELD, "--ruleset", "yahtzee"),
            f"--ask-as: the run is under the rules of {RULES} alone, not 'yahtzee'",
        ),
        (
            ("--ruleset-file", str(RULES), "--ask-as", "yacht"),
            f"--ask-as yacht: a ruleset of yacht, not of yahtzee as {RULES} is",
        ),
        (
            ("--ruleset-file", str(RULES), "--ask-as", "yahtzee-free-joker"),
            "--ask-as yahtzee-free-joker: vanilla-yahtzee does not declare 'yahtzee-free-joker' among its rulesets "
            "of yahtzee (it declares yahtzee), which yahtzee-vanilla is of",
        ),
    ],
    ids=["no file", "another ruleset", "another game", "not declared"],
)
def test_what_cannot_be_asked_so_is_refused_in_one_line(
    args: tuple[str, ...], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = conform(capsys, "--impl", FIXED, *args, "--part", "games")
    assert (status, out, err) == (2, "", f"dicespec: error: {message}\n")


@pytest.mark.slow
def test_its_scenarios_fail_exactly_where_it_scores_a_filled_box(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The features part, asked as yahtzee under the file's rules: the scenarios it fails are those
    that score a filled box (accepted where the spec refuses it); those the file's rules change are
    not under them."""
    report = tmp_path / "r.jsonl"
    status, out, err = conform(capsys, "--impl", FIXED, *HELD, "--part", "features", "--report", str(report))
    assert status == 1, out[-3000:] + err
    found = lines(report)
    failed = [line for line in found if line["outcome"] == "failed"]
    assert failed and all(line["message"].endswith("was accepted") for line in failed), failed
    assert {line["skip"] for line in found if line["outcome"] == "skipped"} == {"not-under-rules"}
    assert {line["ruleset"] for line in found} == {"yahtzee-vanilla"}
