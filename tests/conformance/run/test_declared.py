"""``dicespec conform`` under rules of one's own, and protocol 2's hello: a ruleset file handed
to a data-driven implementation, rules an implementation declares in its hello, the player
counts it plays, answers its engine cannot give, an adapter left at protocol 1, and the one-line
errors of what cannot be run under."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from folders import FAKES

PYTHON = shlex.quote(sys.executable)
REFERENCE = f"{PYTHON} -m dicespec.adapter"
FEW = ("--games", "6")


def declaring(extra: dict) -> str:
    """The reference adapter, its hello saying ``extra`` besides."""
    return f"{PYTHON} {shlex.quote(str(FAKES / 'declares.py'))} {shlex.quote(json.dumps(extra))}"


def conform(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "dicespec.cli", "conform", *args],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=cwd,
        env=None,
    )


def lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def closing(done: subprocess.CompletedProcess[str]) -> str:
    return done.stdout.rstrip().splitlines()[-1]


HOUSE = "extends: yahtzee\nname: yahtzee-house\nrows:\n  full_house: {points: 30}\n"
VANILLA = {"name": "yahtzee-vanilla", "extends": "yahtzee", "upper_bonus": None}


def test_a_ruleset_file_is_handed_to_a_data_driven_implementation(tmp_path: Path) -> None:
    """The reference adapter plays the file's rules as hello hands them over: every case passes;
    the spec's cases whose outcome the file changes are not under these rules, skipped and never
    failed; every line under the file's rules names them."""
    house = tmp_path / "house.yaml"
    house.write_text(HOUSE + "expect:\n  rolls:\n    - {dice: '22333', row: full_house, score: 30}\n", "utf-8")
    done = conform(
        "--impl", REFERENCE, "--ruleset-file", str(house), "--ruleset", "yahtzee-house", *FEW,
        "--report", str(tmp_path / "r.jsonl"),
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr
    assert f"rules: yahtzee-house = {house} (extends yahtzee)" in done.stdout
    found = lines(tmp_path / "r.jsonl")
    assert {line["ruleset"] for line in found} == {"yahtzee-house"}
    assert {line["rules"] for line in found} == {f"{house} (extends yahtzee)"}
    not_under = [line for line in found if line.get("skip") == "not-under-rules"]
    assert not_under and all(line["outcome"] == "skipped" for line in not_under)
    assert {line["message"] for line in not_under} == {"its claim holds under yahtzee, fails under these rules"}
    assert "yahtzee-en-full-house-three" in {line["id"] for line in not_under}  # 25 for a full house, says the text
    passed = {line["id"] for line in found if line["part"] == "features" and line["outcome"] == "passed"}
    assert "yahtzee-en-verhoeff-fh-1" not in passed and len(passed) > len(not_under)
    assert [line["outcome"] for line in found if "/expect/" in line["id"]] == ["passed"]
    assert {line["part"] for line in found} == {"features", "exhaustive", "games"}
    assert "Not under these rules" in done.stdout


def test_a_scenario_these_rules_cannot_ask_is_not_under_them(tmp_path: Path) -> None:
    """Rules of six dice that extend a five-dice ruleset: the spec's scenarios that roll five dice
    cannot be asked under them (the reference refuses the roll), and are not under these rules,
    counted apart; the run goes on to its end."""
    house = tmp_path / "house.yaml"
    # its full house is of six dice, three and two of a kind among them (a full_house row is of five)
    six = "rows:\n  full_house: {rule: groups, groups: [3, 2], points: sum}\n"
    house.write_text(f"extends: yacht\nname: yacht-six\ndice: 6\n{six}", "utf-8")
    done = conform(
        "--impl", REFERENCE, "--ruleset-file", str(house), "--ruleset", "yacht-six", *FEW,
        "--part", "features", "--report", str(tmp_path / "r.jsonl"),
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr
    not_under = [line for line in lines(tmp_path / "r.jsonl") if line.get("skip") == "not-under-rules"]
    assert "its claim holds under yacht, cannot be asked under these rules" in {line["message"] for line in not_under}


def test_an_implementation_is_checked_under_the_rules_it_declares(tmp_path: Path) -> None:
    """Rules declared in hello (extends yahtzee, no upper bonus) are the rules its cases run under."""
    hello = {"games": {"yahtzee": ["yahtzee-vanilla"]}, "rulesets": [VANILLA]}
    done = conform("--impl", declaring(hello), *FEW, "--report", str(tmp_path / "r.jsonl"))
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr
    asked = [line for line in lines(tmp_path / "r.jsonl") if line["outcome"] != "skipped"]
    assert asked and {line["ruleset"] for line in asked} == {"yahtzee-vanilla"}
    assert "rules: yahtzee-vanilla = the hello of dicespec-reference: rulesets[0] (extends yahtzee)" in done.stdout


def test_only_the_declared_player_counts_are_replayed(tmp_path: Path) -> None:
    """A solitaire implementation gets as many replayed games, every one solitaire."""
    from dicespec import corpus

    def games(extra: dict) -> Counter[str]:
        report = tmp_path / f"{len(extra)}.jsonl"
        options = ("--ruleset", "yacht", "--part", "games", *FEW, "--report", str(report))
        done = conform("--impl", declaring(extra), *options)
        assert done.returncode == 0, done.stdout[-2000:] + done.stderr
        return Counter(line["id"].rsplit("/", 1)[0] for line in lines(report))

    every, solitaire = games({}), games({"players": {"yacht": [1]}})
    assert len(every) == len(solitaire) == 6
    asked = list(corpus.games({"yacht": ["yacht"]}, count=6, players={"yacht": [1]}))
    assert {case.id.rsplit("/", 1)[0] for case in asked} == set(solitaire)
    assert {case.args["players"] for case in asked} == {1}
    assert len({case.args["players"] for case in corpus.games({"yacht": ["yacht"]}, count=6)}) > 1


def test_a_case_the_engine_cannot_be_asked_is_counted_apart(tmp_path: Path) -> None:
    (tmp_path / "rolls_itself.py").write_text(
        "from dicespec.implementation import CannotAsk, ReferenceImplementation\n\n\n"
        "class RollsItself(ReferenceImplementation):\n"
        "    rulesets = {'yacht': ['yacht']}\n\n"
        "    def replay(self, ruleset, players, actions):\n"
        "        if actions and actions[-1].startswith('reroll'):\n"
        "            raise CannotAsk('it rerolls by itself')\n"
        "        return super().replay(ruleset, players, actions)\n",
        "utf-8",
    )
    done = conform("--python", "rolls_itself:RollsItself", "--part", "games", *FEW, "--report", "r.jsonl", cwd=tmp_path)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr
    cannot = [line for line in lines(tmp_path / "r.jsonl") if line.get("skip") == "cannot-ask"]
    assert cannot and {line["message"] for line in cannot} == {"it rerolls by itself"}
    assert f"cannot be asked them: {len(cannot)}\n  {len(cannot)} cases: it rerolls by itself" in done.stdout


def test_an_adapter_left_at_protocol_1_still_runs(tmp_path: Path) -> None:
    """The runner greets it again in version 1, speaks version 1 to it, and says so."""
    done = conform("--impl", f"{REFERENCE} --protocol 1", "--ruleset", "kiriki", "--ruleset", "greed", *FEW)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr
    assert "implementation: dicespec-reference (0.1.0, python), protocol 1" in done.stdout
    assert closing(done).endswith("0 failed, 0 errored, 0 skipped")


def test_a_version_not_offered_errors_every_case() -> None:
    done = conform("--impl", declaring({"protocol": 3}), "--ruleset", "yacht", "--part", "exhaustive")
    assert done.returncode == 1
    assert closing(done) == "0 passed, 0 failed, 93312 errored, 0 skipped"
    assert "it answers protocol 3, which was not offered (2, 1)" in done.stdout


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (
            {"rulesets": [{**VANILLA, "upper_bonus": {"more_than": "many"}}]},
            "the hello of dicespec-reference: rulesets[0]: upper_bonus",
        ),
        ({"rulesets": [{"extends": "yahtzee"}]}, "rulesets[0]: name: None: rules of one's own need a name"),
        ({"rulesets": [{**VANILLA, "name": "yacht"}]}, "name: 'yacht' is a shipped ruleset's name"),
        (
            {"rulesets": [VANILLA, {**VANILLA, "upper_bonus": {"more_than": 62, "points": 1}}]},
            "rulesets[1]: name: 'yahtzee-vanilla' is declared twice with different rules",
        ),
        ({"players": {"yacht": [11]}}, "players.yacht: 11 is not a count yacht allows (1 to 10)"),
    ],
    ids=["schema", "no name", "a shipped name", "twice", "players"],
)
def test_a_hello_that_cannot_be_run_under_is_one_line_and_status_2(extra: dict, message: str) -> None:
    done = conform("--impl", declaring(extra), "--part", "exhaustive")
    assert done.returncode == 2, done.stdout[-2000:] + done.stderr
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1 and message in done.stderr, done.stderr


def test_a_ruleset_file_that_cannot_be_used_is_refused_before_any_case(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("extends: yahtzee\nname: bad\nrows:\n  full_house: {points: many}\n", "utf-8")
    done = conform("--impl", REFERENCE, "--ruleset-file", str(bad))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(f"dicespec: error: {bad}: rows.full_house.points: 'many'"), done.stderr


def test_vanilla_yahtzee_with_one_bug_of_flow_fails_exactly_its_cases(tmp_path: Path) -> None:
    """A package playing Yahtzee with no bonus and no joker, declared as its own rules, with one
    bug of game flow (a filled box can be scored again): under its declared rules it fails the
    replays the reference refuses as row-used, and nothing else."""
    from dicespec import corpus
    from dicespec.rulesets import declare_document, forget_declared

    sys.path.insert(0, str(FAKES))
    try:
        from vanilla_yahtzee import DOCUMENT, NAME
    finally:
        sys.path.remove(str(FAKES))
    report = tmp_path / "r.jsonl"
    command = f"{PYTHON} {shlex.quote(str(FAKES / 'vanilla_yahtzee.py'))}"
    done = conform("--impl", command, "--games", "40", "--report", str(report))
    assert done.returncode == 1, done.stdout[-3000:] + done.stderr
    found = lines(report)
    failed = {line["id"] for line in found if line["outcome"] == "failed" and line["part"] == "games"}
    scenarios = [line for line in found if line["outcome"] == "failed" and line["part"] == "features"]
    assert {line["part"] for line in found if line["outcome"] not in ("passed", "skipped")} == {"games", "features"}
    assert scenarios and all(line["message"].endswith("was accepted") for line in scenarios), scenarios  # a filled box
    assert {line["skip"] for line in found if line["ruleset"] == NAME and line["outcome"] == "skipped"} == {
        "not-under-rules"
    }
    forget_declared()
    try:
        declare_document(DOCUMENT, "the test")
        refused = {
            case.id
            for case in corpus.games({"yahtzee": [NAME]}, count=40)
            if (case.expected["rejected"] or {}).get("code") == "row-used"
        }
    finally:
        forget_declared()
    assert refused and failed == refused
