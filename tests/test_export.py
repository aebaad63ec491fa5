"""Exported test data (``dicespec export NAME``): a ruleset's spec cases that one call checks and
its exhaustive corpus, each with the reference's answer, in a file that fits its schema and that
the JavaScript implementation's own test reader passes; docs/protocol.md's examples are real."""

from __future__ import annotations

import gzip
import json
import re
import subprocess
from functools import cache
from itertools import islice
from pathlib import Path
from typing import Any

import pytest

from dicespec import corpus
from dicespec.conformance.run.spec_run import run_spec
from dicespec.export import check, digest, dumps, export, question, spec_cases
from dicespec.implementation import ReferenceImplementation
from dicespec.rulesets import find_ruleset, ruleset_names
from dicespec.spec import case_index, cases, findings_by_case
from folders import REPO
from recording import VARIABLE as RECORDING

pytestmark = pytest.mark.early(50)  # whole exports, read by the JavaScript reader (tests/order.py)

READER = REPO / "examples" / "adapters" / "js" / "read-export.mjs"
ADAPTER = REPO / "examples" / "adapters" / "js" / "dicespec-adapter.mjs"
PROTOCOL = REPO / "docs" / "protocol.md"
SINGLE_CALLS = ("score", "set_aside", "best")


@cache
def exported(ruleset: str) -> dict[str, Any]:
    return export(ruleset)


def read_with_javascript(*paths: Path, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """The JavaScript reader's run over these files."""
    return subprocess.run(
        ["node", str(READER), *map(str, paths)],
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=300,
    )


def block(marker: str) -> list[str]:
    """The lines of the fenced block after ``<!-- marker -->`` in docs/protocol.md."""
    text = PROTOCOL.read_text(encoding="utf-8").split(f"<!-- {marker} -->", 1)[1]
    return text.split("```", 2)[1].split("\n")[1:-1]


def abridges(documented: list[str], real: list[str]) -> None:
    """``documented`` is ``real`` with lines cut: a line that is only "…" stands for any number of
    lines, and a "…" within a line for any text there."""
    at, skipping = 0, False
    for line in documented:
        if line.strip() == "…":
            skipping = True
            continue
        before, _, after = line.partition("…")
        pattern = re.escape(before) + (".*" + re.escape(after) if "…" in line else "")
        while at < len(real) and not re.fullmatch(pattern, real[at]):
            assert skipping, f"documented: {line!r}\nreal:       {real[at]!r}"
            at += 1
        assert at < len(real), f"not in the real output: {line!r}"
        at, skipping = at + 1, False


# -- what a file holds ---------------------------------------------------------------------------


def test_yacht_holds_its_spec_cases_and_its_whole_corpus() -> None:
    """The header names the schema, the version, the ruleset and its game; the spec cases are the
    yacht cases of the spec that one call checks, in feature order; the corpus is the runner's."""
    data = exported("yacht")
    assert list(data) == ["schema", "dicespec", "ruleset", "game", "title", "description", "digest", "spec", "corpus"]
    assert (data["schema"], data["ruleset"], data["game"]) == ("urn:dicespec:export:2", "yacht", "yacht")
    expected = [case.id for case in cases() if "yacht" in case.runs_under and question(case) is not None]
    assert [case["id"] for case in data["spec"]] == expected and len(expected) > 40
    assert len(data["corpus"]) == corpus.size(find_ruleset("yacht"))


def test_a_spec_case_names_its_call_answer_source_and_rule() -> None:
    case = next(c for c in exported("yacht")["spec"] if c["id"] == "yacht-en-example-1")
    assert case == {
        "id": "yacht-en-example-1",
        "op": "score",
        "input": {"dice": "11145", "row": "ones"},
        "expected": 3,
        "rule": "ones",
        "source": "exercism-yacht-en.txt",
        "quote": "«Ones | 1 × number of ones | Any combination | 1 1 1 4 5 scores 3»",
        "feature": "yacht/en/exercism-instructions.feature:19",
    }


def test_the_corpus_is_the_conformance_runner_s_own() -> None:
    """Every case of the runner's exhaustive corpus, in its order, with its id, call and answer."""
    runner = corpus.exhaustive({"greed": ["greed"]})
    mine = exported("greed")["corpus"]
    for case, entry in zip(runner, mine, strict=True):
        assert entry == {
            "id": case.id,
            "op": case.op,
            "input": {k: v for k, v in case.args.items() if k != "ruleset"},
            "expected": case.expected,
        }


def test_a_case_plays_a_game_or_asks_twice_is_left_out() -> None:
    """Scenarios that play a game, ask more than one question, or ask about a roll of no dice (which
    no turn throws) are the runner's alone."""
    ids = {case["id"] for case in spec_cases("ten-thousand")} | {case["id"] for case in spec_cases("greed")}
    for left_out in (
        "ten-thousand-de-low-straight",
        "ten-thousand-en-shared-four-fives",
        "ten-thousand-de-target",
        "greed-en-koan-empty-list",
        "greed-en-four-ones",
    ):
        assert left_out in case_index() and left_out not in ids, left_out
    assert {"greed-en-set-1111", "greed-en-refuse-2222", "greed-en-triplet-of-fives"} <= ids


def test_every_expected_answer_is_the_reference_s_and_a_wrong_claim_is_kept_beside_it() -> None:
    """Under every ruleset, a spec case expects what the reference answers; it carries the text's
    claim exactly where the errata say the claim does not hold under that ruleset (the spec's strict
    expected failures), never elsewhere."""
    reference, by_case, claims = ReferenceImplementation(), findings_by_case(), 0
    for ruleset in ruleset_names():
        for case in spec_cases(ruleset):
            assert case["expected"] == getattr(reference, case["op"])(ruleset, **case["input"]), case["id"]
            fails = any(f.fails_under_reference and ruleset not in f.holds_under for f in by_case.get(case["id"], []))
            assert ("claim" in case) == fails, (ruleset, case["id"])
            claims += "claim" in case
    assert claims >= 4
    wrong = {
        ruleset: next(c for c in spec_cases(ruleset) if c["id"] == "kiriki-fr-large-straight-1")
        for ruleset in ("kiriki", "kiriki-fr")
    }
    assert (wrong["kiriki"]["expected"], wrong["kiriki"]["claim"]) == (40, 30)
    assert wrong["kiriki-fr"]["expected"] == 30 and "claim" not in wrong["kiriki-fr"]
    assert wrong["kiriki"]["findings"] == ["fr-large-straight-value"]


# -- the schema and the digest ----------------------------------------------------------------------


def sampled(ruleset: str, every: int = 97) -> dict[str, Any]:
    """A ruleset's export with every spec case and one corpus case in ``every``, its digest made again."""
    data = dict(exported(ruleset))
    data["corpus"] = list(islice(data["corpus"], 0, None, every))
    data["digest"] = digest(data["spec"], data["corpus"])
    return data


@pytest.mark.parametrize("ruleset", ["yacht", "greed", "ten-thousand", "kiriki"])
def test_every_spec_case_and_a_sample_of_the_corpus_fit_the_schema(ruleset: str) -> None:
    check(sampled(ruleset), ruleset)


def test_a_file_of_the_wrong_shape_or_digest_is_refused() -> None:
    data = sampled("greed")
    with pytest.raises(ValueError, match=r"^greed: digest: 'sha256:0+': the cases' digest is 'sha256:"):
        check({**data, "digest": "sha256:" + "0" * 64}, "greed")
    broken = {**data, "spec": [{**data["spec"][0], "expected": "1100"}, *data["spec"][1:]]}
    with pytest.raises(ValueError, match=r"^greed: spec\.0"):
        check({**broken, "digest": digest(broken["spec"], broken["corpus"])}, "greed")
    with pytest.raises(ValueError, match=r"^greed: corpus\.0\."):
        check({**data, "corpus": [{**data["corpus"][0], "input": {"dice": "1", "row": "ones"}}]}, "greed")


def test_the_cases_speak_protocol_2_and_protocol_1_s_names_are_refused() -> None:
    """Every case's op is a protocol-2 operation; a file in version 1's words (its format and
    its game-named operations) does not fit the schema."""
    ops = {case["op"] for ruleset in ("yacht", "greed") for key in ("spec", "corpus") for case in sampled(ruleset)[key]}
    assert ops == set(SINGLE_CALLS)
    data = sampled("greed")
    with pytest.raises(ValueError, match=r"^greed: schema"):
        check({**data, "schema": "urn:dicespec:export:1"}, "greed")
    for old in ("ten_thousand_score", "ten_thousand_best"):
        renamed = [{**case, "op": old} for case in data["corpus"][:1]]
        with pytest.raises(ValueError, match=r"^greed: corpus\.0"):
            check({**data, "corpus": renamed, "digest": digest(data["spec"], renamed)}, "greed")


def test_the_digest_is_the_sha256_of_the_cases_canonical_json() -> None:
    import hashlib

    spec, corpus_ = [{"id": "x", "é": 1}], [{"b": 2, "a": [1, "2"]}]
    text = '{"corpus":[{"a":[1,"2"],"b":2}],"spec":[{"id":"x","é":1}]}'
    assert digest(spec, corpus_) == "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


# -- the JavaScript implementation's own reader ----------------------------------------------------------


@pytest.mark.slow
@pytest.mark.usefixtures("node")
def test_the_javascript_reader_fails_a_case_whose_expected_answer_is_wrong(tmp_path: Path) -> None:
    """A copy of a file with one expected answer changed (and its digest made again, so that only the
    case can fail) fails that case, by its id; a wrong digest fails the file; the file as exported,
    gzipped as the site offers it, passes."""
    data = json.loads(dumps(exported("greed")))
    total = len(data["spec"]) + len(data["corpus"])
    good = tmp_path / "greed.json.gz"
    good.write_bytes(gzip.compress(dumps(data).encode("utf-8")))
    run = read_with_javascript(good)
    assert run.returncode == 0 and run.stdout.splitlines()[-1] == f"{total} passed, 0 failed", run.stdout + run.stderr

    case = next(c for c in data["corpus"] if c["id"] == "greed/best/greed/15")
    assert case["expected"] == 150
    case["expected"] = 200
    data["digest"] = digest(data["spec"], data["corpus"])
    wrong = tmp_path / "wrong.json"
    wrong.write_text(dumps(data), encoding="utf-8")
    run = read_with_javascript(wrong)
    assert run.returncode == 1, run.stdout + run.stderr
    assert 'FAIL greed/best/greed/15: best {"dice":"15"}: expected 200, got 150' in run.stdout
    assert run.stdout.splitlines()[-1] == f"{total - 1} passed, 1 failed"

    data["digest"] = "sha256:" + "0" * 64
    wrong.write_text(dumps(data), encoding="utf-8")
    run = read_with_javascript(wrong)
    assert run.returncode == 1 and "the digest says sha256:000" in run.stdout, run.stdout + run.stderr


@pytest.mark.usefixtures("node")
def test_the_javascript_implementation_still_speaks_the_protocol_when_run() -> None:
    """Its reader imports its operations; run as a program, it answers requests as before."""
    request = json.dumps({"id": 9, "op": "score", "ruleset": "yacht", "dice": "44456", "row": "fours"})
    run = subprocess.run(["node", str(ADAPTER)], input=request + "\n", capture_output=True, text=True, timeout=60)
    assert run.stdout == '{"id":9,"result":12}\n', run.stderr


@pytest.mark.slow
@pytest.mark.usefixtures("node")
def test_yacht_and_greed_are_schema_valid_and_the_javascript_reader_passes_them(tmp_path: Path) -> None:
    """The whole files of yacht and greed fit the schema and their digests hold, and the JavaScript
    implementation answers every case of both as expected. (The command writes this very text:
    ``test_the_command_prints_the_file_or_writes_it``; what ``dicespec export yacht -o yacht.json``
    and the reader print for it: docs/protocol.md's console block, which
    tests/docs/test_console_blocks.py runs.)"""
    for ruleset in ("yacht", "greed"):
        path = tmp_path / f"{ruleset}.json"
        path.write_text(dumps(exported(ruleset)), encoding="utf-8")
        check(json.loads(path.read_text(encoding="utf-8")), ruleset)
    run = read_with_javascript(tmp_path / "yacht.json", tmp_path / "greed.json")
    total = sum(len(exported(r)["spec"]) + len(exported(r)["corpus"]) for r in ("yacht", "greed"))
    assert run.returncode == 0 and run.stdout.splitlines()[-1] == f"{total} passed, 0 failed", run.stdout


# -- the spec's cases, as the spec's own steps ask them ------------------------------------------------------


@pytest.mark.slow
def test_a_spec_case_is_exported_exactly_when_its_steps_make_one_single_roll_call(tmp_path: Path) -> None:
    """The spec, run through its own steps with the reference recording every call: under every
    ruleset, the cases exported are those whose test asked one single-roll question (of a roll of
    some dice), each with that very call and its answer."""
    record = tmp_path / "calls.jsonl"
    done = run_spec(
        tmp_path / "results.jsonl", ["-p", "recording"], env={RECORDING: str(record), "PYTHONPATH": str(REPO / "tests")}
    )
    assert done.returncode == 0 and done.results, done.tail()
    calls: dict[str, list[dict[str, Any]]] = {}
    for line in record.read_text(encoding="utf-8").splitlines():
        call = json.loads(line)
        calls.setdefault(call["test"], []).append(call)
    asked: dict[tuple[str, str], dict[str, Any]] = {}
    for result in done.results:
        made = calls.get(result.test, [])
        if len(made) == 1 and made[0]["op"] in SINGLE_CALLS and made[0]["args"]["dice"] != "":
            asked[(result.ruleset or "", result.id)] = made[0]
    written = {(ruleset, case["id"]): case for ruleset in ruleset_names() for case in spec_cases(ruleset)}
    assert written.keys() == asked.keys()
    for key, case in written.items():
        call = asked[key]
        assert (case["op"], {"ruleset": key[0], **case["input"]}, case["expected"]) == (
            call["op"],
            call["args"],
            call["answer"],
        ), key


# -- docs/protocol.md ---------------------------------------------------------------------------------------


def test_the_documented_file_is_the_beginning_of_the_real_one() -> None:
    abridges(block("export-example"), dumps(exported("yacht")).splitlines())


def test_the_documented_claim_is_a_line_of_the_kiriki_file() -> None:
    [line] = block("export-claim-example")
    assert line in dumps({"spec": list(spec_cases("kiriki"))}).splitlines()
