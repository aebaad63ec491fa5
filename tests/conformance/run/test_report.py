"""The JSON Schema of a line of ``dicespec conform --report FILE``
(``dicespec/schemas/conformance-report.json``): the lines of real runs fit it, lines of every
shape the recorder writes fit it, and the protocol page describes each of its fields. And the
text report names every stop of the implementation by a limit."""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path

import jsonschema
import pytest

from dicespec.cli import main
from dicespec.conformance.run.report import EVENTS, OUTCOMES, PARTS, Example, Recorder, describe, summary
from dicespec.validation import schema, validator
from folders import FAKES, REPO

NAME = "conformance-report"
DOCS = REPO / "docs"
PAGES = {"en": DOCS / "protocol.md", **{lang: DOCS / lang / "protocol.md" for lang in ("fr", "de", "pl")}}


def problems(line: object) -> list[str]:
    return [error.message for error in validator(NAME).iter_errors(line)]


def run(tmp_path: Path, *args: str) -> list[dict]:
    report = tmp_path / "report.jsonl"
    main(["conform", *args, "--report", str(report)])
    return [json.loads(line) for line in report.read_text(encoding="utf-8").splitlines()]


def test_the_schema_is_a_strict_draft_2020_12_schema() -> None:
    found = schema(NAME)
    assert found["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(found)
    assert found["additionalProperties"] is False
    assert found["properties"]["part"]["enum"] == list(PARTS)
    assert found["properties"]["outcome"]["enum"] == list(OUTCOMES)


def test_the_lines_of_a_small_run_fit(tmp_path: Path) -> None:
    adapter = f"{sys.executable} -m dicespec.adapter"
    select = ["--ruleset", "yacht", "--part", "exhaustive", "--select", "yacht/score/yacht/1111*"]
    lines = run(tmp_path, "--impl", adapter, *select)
    assert len(lines) == 6 * 12
    assert {line["outcome"] for line in lines} == {"passed"}
    assert [problems(line) for line in lines] == [[]] * len(lines)


RUNS = {
    "failed games": ("wrong_full_house.py", "kiriki", "games", "*", {"failed"}),
    "feature cases": ("wrong_full_house.py", "kiriki", "features", "kiriki-en-full-house-*", {"passed", "failed"}),
    "skipped cases": ("kiriki_only.py", "yacht", "exhaustive", "yacht/score/yacht/1111*", {"skipped"}),
}


@pytest.mark.parametrize(
    "name",
    # the feature cases come from the spec's pytest run, a process of seconds
    [pytest.param(name, marks=[pytest.mark.slow] if RUNS[name][2] == "features" else []) for name in RUNS],
)
def test_the_lines_of_failed_skipped_and_feature_cases_fit(name: str, tmp_path: Path) -> None:
    fake, ruleset, part, select, outcomes = RUNS[name]
    command = f"{sys.executable} {FAKES / fake}"
    args = ["--ruleset", ruleset, "--part", part, "--games", "10", "--select", select]
    lines = run(tmp_path, "--impl", command, *args)
    assert {line["outcome"] for line in lines} >= outcomes
    assert [problems(line) for line in lines] == [[]] * len(lines)


def test_lines_of_every_shape_the_recorder_writes_fit() -> None:
    out = io.StringIO()
    recorder = Recorder(report=out)
    recorder.passed("yacht/score/yacht/11111/ones", "exhaustive", "yacht score", "yacht", "ones")
    recorder.record(
        "yacht/score/yacht/55555/full_house",
        "exhaustive",
        "yacht score",
        "yacht",
        "full_house",
        "failed",
        expected=0,
        actual=25,
    )
    recorder.record(
        "yacht/game/yacht/001/7",
        "games",
        "yacht game",
        "yacht",
        "chancer",
        "failed",
        expected={"over": False},
        actual={"over": True},
        message="the shortest replay that fails: …",
    )
    recorder.record(
        "greed/best/greed/1", "exhaustive", "greed best", "greed", "1 dice", "errored", message="no reply within 10 s"
    )
    recorder.record(
        "greed/best/greed/5",
        "exhaustive",
        "greed best",
        "greed",
        "1 dice",
        "skipped",
        message="the implementation does not declare the ruleset greed",
    )
    recorder.record("features", "features", "(the spec run)", None, "", "errored", message="exit status 3")
    for outcome in OUTCOMES:
        recorder.feature(
            {
                "id": f"kiriki-en-{outcome}",
                "feature": "kiriki/en/scoring.feature",
                "ruleset": "kiriki",
                "outcome": outcome,
                "message": "AssertionError: …",
            }
        )
    recorder.feature(
        {"id": "kiriki-en-none", "feature": "kiriki/en/scoring.feature", "ruleset": None, "outcome": "passed"}
    )
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(lines) == 6 + len(OUTCOMES) + 1
    assert [problems(line) for line in lines] == [[]] * len(lines)


@pytest.mark.parametrize("skip", ["unsupported", "cannot-ask", "not-under-rules"])
def test_the_fields_being_added_fit(skip: str) -> None:
    line = {
        "id": "house/score/house/11111/ones",
        "part": "exhaustive",
        "kind": "yahtzee score",
        "ruleset": "house",
        "row": "ones",
        "outcome": "skipped",
        "message": "why",
        "rules": "house.yaml (extends yahtzee)",
        "skip": skip,
    }
    assert problems(line) == []


@pytest.mark.parametrize(
    "change",
    [
        {"colour": "red"},
        {"outcome": "fine"},
        {"part": "corpus"},
        {"skip": "tired"},
        {"outcome": "passed", "skip": "unsupported"},
        {"expected": 1},
        {"outcome": "failed"},
        {"row": None},
    ],
)
def test_a_line_that_is_not_one_is_refused(change: dict) -> None:
    line = {
        "id": "yacht/score/yacht/11111/ones",
        "part": "exhaustive",
        "kind": "yacht score",
        "ruleset": "yacht",
        "row": "ones",
        "outcome": "skipped",
    }
    assert problems(line) == []
    assert problems(line | change)


def test_the_pages_example_lines_fit() -> None:
    text = PAGES["en"].read_text(encoding="utf-8")
    block = text.split("<!-- report-example -->", 1)[1].split("```json\n", 1)[1].split("```", 1)[0]
    lines = [json.loads(line) for line in block.splitlines()]
    assert len(lines) == 3
    assert [problems(line) for line in lines] == [[]] * len(lines)


@pytest.mark.parametrize("lang", PAGES)
def test_the_page_describes_every_field(lang: str) -> None:
    text = PAGES[lang].read_text(encoding="utf-8")
    marker = "<!-- report-fields -->"
    assert text.count(marker) == 1, lang
    rows = []
    for line in text.split(marker, 1)[1].lstrip("\n").splitlines():
        if not line.startswith("|"):
            break
        rows.append(line)
    fields = [m.group(1) for row in rows[2:] if (m := re.match(r"\| `(\w+)` \|", row))]
    assert fields == list(schema(NAME)["properties"]), lang


def test_the_text_report_names_every_stop_by_a_limit_however_many_events_came_first() -> None:
    strays = [f"output nobody asked for: line {n}" for n in range(EVENTS + 10)]
    stop = "stopped: its processes held 4.2 GiB, over the limit of 4 GiB of memory (--max-memory)"
    text = summary(Recorder(), events=[*strays, stop, "restart 1 of 3"])
    shown = text.split("The implementation misbehaved:\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert shown == [*(f"  {stray}" for stray in strays[:EVENTS]), f"  {stop}", "  … and 11 more"]


def test_a_failed_replay_lists_only_the_differences_it_was_judged_on() -> None:
    """Once a game is over ``current`` carries no rule: a failed replay's lines do not list it,
    only the differences that failed it."""
    over = {"over": True, "current": 1, "winners": [0], "players": [{"score": 10}]}
    example = Example(
        "g/1",
        "games",
        "10000 game",
        "ten-thousand",
        "failed",
        expected=over,
        actual={**over, "current": 0, "players": [{"score": 12}]},
    )
    assert describe(example) == ["  g/1", "      players[0].score: expected 10, got 12"]
    playing = {**over, "over": False, "winners": []}
    example = Example(
        "g/2", "games", "10000 game", "ten-thousand", "failed", expected=playing, actual={**playing, "current": 0}
    )
    assert describe(example) == ["  g/2", "      current: expected 1, got 0"]
