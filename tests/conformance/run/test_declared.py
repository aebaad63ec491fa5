"""``dicespec conform`` under rules of one's own, and protocol 2's hello: a ruleset file handed
to a data-driven implementation, rules an implementation declares in its hello, the player
counts it plays, answers its engine cannot give, an adapter left at protocol 1, and the one-line
errors of what cannot be run under.

Each run is ``dicespec conform`` in this process (the CLI's ``main``), the implementation a
process of its own as ever, narrowed by ``--part``, ``--ruleset`` and ``--select`` to what the
behaviour needs. What only the features part shows (the spec's scenarios under such rules) needs
the spec's pytest run, a process of seconds: those tests are slow."""

from __future__ import annotations

import json
import re
import shlex
import sys
from collections import Counter
from pathlib import Path

import pytest

from fakes import fake_module
from folders import FAKES
from helpers import run_cli

pytestmark = pytest.mark.early(50)  # conform runs under declared rules: handed out early under xdist (tests/order.py)

PYTHON = shlex.quote(sys.executable)
REFERENCE = f"{PYTHON} -m dicespec.adapter"
FEW = ("--games", "6")


def declaring(extra: dict) -> str:
    """The reference adapter, its hello saying ``extra`` besides."""
    return f"{PYTHON} {shlex.quote(str(FAKES / 'declares.py'))} {shlex.quote(json.dumps(extra))}"


def conform(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """``dicespec conform args`` in this process: its exit status, stdout and stderr."""
    return run_cli(["conform", *args], capsys)


def lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def closing(out: str) -> str:
    return out.rstrip().splitlines()[-1]


HOUSE = "extends: yahtzee\nname: yahtzee-house\nrows:\n  full_house: {points: 30}\n"
VANILLA = {"name": "yahtzee-vanilla", "extends": "yahtzee", "upper_bonus": None}
# The corpus narrowed to the first ten replayed games (numbered from 000) and the rolls whose
# first two dice show 1 or 2 (a set-aside, too, whose dice set aside do): a ninth of the
# exhaustive corpus of a ruleset of five dice (--select matches the whole id, its * across /).
SOME_ROLLS = "*/*/*/[012][012]*"


def house_file(folder: Path) -> Path:
    house = folder / "house.yaml"
    house.write_text(HOUSE + "expect:\n  rolls:\n    - {dice: '22333', row: full_house, score: 30}\n", "utf-8")
    return house


def test_a_ruleset_file_is_handed_to_a_data_driven_implementation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The reference adapter plays the file's rules as hello hands them over: the corpus's cases
    under them pass (a full house scores the file's 30); every line under the file's rules names
    them."""
    house = house_file(tmp_path)
    status, out, err = conform(
        capsys, "--impl", REFERENCE, "--ruleset-file", str(house), "--ruleset", "yahtzee-house", *FEW,
        "--part", "exhaustive", "--part", "games", "--select", SOME_ROLLS, "--report", str(tmp_path / "r.jsonl"),
    )  # fmt: skip
    assert status == 0, out[-3000:] + err
    assert f"rules: yahtzee-house = {house} (extends yahtzee)" in out
    found = lines(tmp_path / "r.jsonl")
    assert {line["ruleset"] for line in found} == {"yahtzee-house"}
    assert {line["rules"] for line in found} == {f"{house} (extends yahtzee)"}
    assert {line["outcome"] for line in found} == {"passed"}
    assert {line["part"] for line in found} == {"exhaustive", "games"}
    assert "yahtzee/score/yahtzee-house/22333/full_house" in {line["id"] for line in found}


@pytest.mark.slow
def test_a_ruleset_file_s_scenarios_are_those_that_hold_alike(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The features part under a ruleset file: the spec's cases whose outcome the file changes are
    not under these rules, skipped and never failed; the others pass; the file's own expected
    outcomes are cases of the part and pass; every line names the file's rules."""
    house = house_file(tmp_path)
    status, out, err = conform(
        capsys, "--impl", REFERENCE, "--ruleset-file", str(house), "--ruleset", "yahtzee-house",
        "--part", "features", "--report", str(tmp_path / "r.jsonl"),
    )  # fmt: skip
    assert status == 0, out[-3000:] + err
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
    assert {line["part"] for line in found} == {"features"}
    assert "Not under these rules" in out


@pytest.mark.slow
def test_a_scenario_these_rules_cannot_ask_is_not_under_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Rules of six dice that extend a five-dice ruleset: the spec's scenarios that roll five dice
    cannot be asked under them (the reference refuses the roll), and are not under these rules,
    counted apart; the run goes on to its end."""
    house = tmp_path / "house.yaml"
    # its full house is of six dice, three and two of a kind among them (a full_house row is of five)
    six = "rows:\n  full_house: {rule: groups, groups: [3, 2], points: sum}\n"
    house.write_text(f"extends: yacht\nname: yacht-six\ndice: 6\n{six}", "utf-8")
    status, out, err = conform(
        capsys, "--impl", REFERENCE, "--ruleset-file", str(house), "--ruleset", "yacht-six",
        "--part", "features", "--report", str(tmp_path / "r.jsonl"),
    )  # fmt: skip
    assert status == 0, out[-3000:] + err
    not_under = [line for line in lines(tmp_path / "r.jsonl") if line.get("skip") == "not-under-rules"]
    assert "its claim holds under yacht, cannot be asked under these rules" in {line["message"] for line in not_under}


@pytest.mark.slow
def test_an_implementation_is_checked_under_the_rules_it_declares(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Rules declared in hello (extends yahtzee, no upper bonus) are the rules its cases run under;
    a shipped ruleset it does not declare is skipped."""
    hello = {"games": {"yahtzee": ["yahtzee-vanilla"]}, "rulesets": [VANILLA]}
    status, out, err = conform(
        capsys, "--impl", declaring(hello), "--ruleset", "yahtzee-vanilla", "--ruleset", "yahtzee", *FEW,
        "--part", "exhaustive", "--part", "games", "--select", SOME_ROLLS, "--report", str(tmp_path / "r.jsonl"),
    )  # fmt: skip
    assert status == 0, out[-3000:] + err
    found = lines(tmp_path / "r.jsonl")
    asked = [line for line in found if line["outcome"] != "skipped"]
    assert asked and {line["ruleset"] for line in asked} == {"yahtzee-vanilla"}
    assert {line["part"] for line in asked} == {"exhaustive", "games"}
    assert {line["ruleset"] for line in found if line["outcome"] == "skipped"} == {"yahtzee"}
    assert "rules: yahtzee-vanilla = the hello of dicespec-reference: rulesets[0] (extends yahtzee)" in out


def test_only_the_declared_player_counts_are_replayed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A solitaire implementation gets as many replayed games as the corpus has (whose player
    counts vary), every one solitaire."""
    from dicespec import corpus

    report = tmp_path / "r.jsonl"
    options = ("--ruleset", "yacht", "--part", "games", *FEW, "--report", str(report))
    status, out, err = conform(capsys, "--impl", declaring({"players": {"yacht": [1]}}), *options)
    assert status == 0, out[-2000:] + err
    solitaire = Counter(line["id"].rsplit("/", 1)[0] for line in lines(report))
    every = list(corpus.games({"yacht": ["yacht"]}, count=6))
    assert len(solitaire) == len({case.id.rsplit("/", 1)[0] for case in every}) == 6
    assert len({case.args["players"] for case in every}) > 1
    asked = list(corpus.games({"yacht": ["yacht"]}, count=6, players={"yacht": [1]}))
    assert {case.id.rsplit("/", 1)[0] for case in asked} == set(solitaire)
    assert {case.args["players"] for case in asked} == {1}


def test_a_case_the_engine_cannot_be_asked_is_counted_apart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
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
    monkeypatch.chdir(tmp_path)  # the worker process finds the module in the current folder, as python -m would
    status, out, err = conform(
        capsys, "--python", "rolls_itself:RollsItself", "--part", "games", *FEW, "--report", "r.jsonl"
    )
    assert status == 0, out[-2000:] + err
    cannot = [line for line in lines(tmp_path / "r.jsonl") if line.get("skip") == "cannot-ask"]
    assert cannot and {line["message"] for line in cannot} == {"it rerolls by itself"}
    assert f"cannot be asked them: {len(cannot)}\n  {len(cannot)} cases: it rerolls by itself" in out


@pytest.mark.slow
def test_an_adapter_left_at_protocol_1_still_runs(capsys: pytest.CaptureFixture[str]) -> None:
    """The runner greets it again in version 1, speaks version 1 to it (every operation of both
    families: a score, a best, a set-aside, a replay), and says so."""
    status, out, err = conform(
        capsys, "--impl", f"{REFERENCE} --protocol 1", "--ruleset", "kiriki", "--ruleset", "greed", *FEW,
        "--part", "exhaustive", "--part", "games", "--select", SOME_ROLLS,
    )  # fmt: skip
    assert status == 0, out[-2000:] + err
    assert "implementation: dicespec-reference (0.1.0, python), protocol 1" in out
    for kind in ("kiriki score", "greed best", "greed set-aside", "kiriki game", "greed game"):
        assert f"\n{kind} " in out, kind
    assert closing(out).endswith(" passed, 0 failed, 0 errored, 0 skipped")


def test_an_adapter_at_protocol_1_is_not_asked_what_protocol_1_cannot_tell(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The reference at protocol 1 does not claim Maxi Yatzy (saved rolls) nor Generala (a first
    roll's Generala wins at once): their games are skipped as undeclared, none errored or failed;
    Farkle with five dice (an instant win, told by a set-aside replay's winners) is still asked."""
    status, out, err = conform(
        capsys, "--impl", f"{REFERENCE} --protocol 1", "--ruleset", "maxi-yatzy", "--ruleset", "generala-one-as-two",
        "--ruleset", "farkle-five-dice", "--part", "games", "--games", "1",
    )  # fmt: skip
    assert status == 0, out[-2000:] + err
    assert "the implementation does not declare the ruleset maxi-yatzy" in out
    assert "the implementation does not declare the ruleset generala-one-as-two" in out
    assert re.search(r"\n[1-9]\d* passed, 0 failed, 0 errored, [1-9]\d* skipped$", out.rstrip()), closing(out)


@pytest.mark.slow
def test_the_spec_s_scenarios_run_in_protocol_1_too(capsys: pytest.CaptureFixture[str]) -> None:
    """The features part speaks version 1 to such an adapter as well: every scenario passes."""
    status, out, err = conform(
        capsys, "--impl", f"{REFERENCE} --protocol 1", "--ruleset", "kiriki", "--ruleset", "greed", "--part", "features"
    )
    assert status == 0, out[-2000:] + err
    assert "implementation: dicespec-reference (0.1.0, python), protocol 1" in out
    assert closing(out).endswith(" passed, 0 failed, 0 errored, 0 skipped") and not closing(out).startswith("0 ")


def test_a_version_not_offered_errors_every_case(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = conform(capsys, "--impl", declaring({"protocol": 3}), "--ruleset", "yacht", "--part", "exhaustive")
    assert status == 1
    assert closing(out) == "0 passed, 0 failed, 93312 errored, 0 skipped"
    assert "it answers protocol 3, which was not offered (2, 1)" in out


HELLO_ERRORS = [
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
]


@pytest.mark.parametrize(
    ("extra", "message"), HELLO_ERRORS, ids=["schema", "no name", "a shipped name", "twice", "players"]
)
def test_a_hello_that_cannot_be_run_under_is_refused_in_one_line(extra: dict, message: str) -> None:
    """The runner's checks of a hello (its rules declared, then its player counts against the
    run's rulesets), on the hello the adapter answers, built here in process."""
    from dicespec.conformance.run.declared import HelloError, check_players, declare_hello
    from dicespec.conformance.run.runner import run_rulesets
    from dicespec.conformance.run.target import Options
    from dicespec.conformance.transports.wire import Hello

    reply = fake_module("declares").Declares(extra).answer({"id": 1, "op": "hello", "protocol": 2, "protocols": [2, 1]})
    hello = Hello.from_result(reply["result"])
    with pytest.raises(HelloError) as refused:
        check_players(hello, run_rulesets(Options(), declare_hello(hello)))
    assert message in str(refused.value) and "\n" not in str(refused.value)


def test_a_hello_that_cannot_be_run_under_stops_the_run_with_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    """Before any case: one line on stderr, nothing on stdout, exit status 2."""
    extra, message = HELLO_ERRORS[-1]
    status, out, err = conform(capsys, "--impl", declaring(extra), "--part", "exhaustive")
    assert status == 2, out[-2000:] + err
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("dicespec: error: ") and message in err, err


GAME_ERRORS = [
    (
        {"games": {"yatzee": ["yahtzee"]}},
        "games: 'yatzee' is no game; the closest is 'yahtzee' (the games: kiriki, ten-thousand, yahtzee,",
    ),
    ({"games": {"10000": ["farkle"]}}, "games: '10000' is no game id: 'ten-thousand' is the id of the game 10000"),
    (
        {"games": {"farkle": ["farkle"]}},
        "games: 'farkle' is no game but a ruleset of ten-thousand: the closest is 'ten-thousand'",
    ),
    ({"games": {"yahtzee": ["yatzy"]}}, "games.yahtzee: 'yatzy' is a ruleset of yatzy, not of yahtzee"),
    ({"games": {"yahtzee": ["yahtze"]}}, "games.yahtzee: 'yahtze' is no ruleset of yahtzee; the closest is 'yahtzee'"),
    ({"players": {"yatzee": [1]}}, "players: 'yatzee' is no game; the closest is 'yahtzee'"),
]


@pytest.mark.parametrize(
    ("extra", "message"),
    GAME_ERRORS,
    ids=["misspelt", "a title", "a ruleset", "another game's", "no such ruleset", "players"],
)
def test_a_hello_naming_what_is_not_a_game_or_not_its_ruleset_is_refused(extra: dict, message: str) -> None:
    """The runner's check of the games and rulesets a hello names, on the hello the adapter answers,
    built here in process: one line naming what is wrong, with the closest id."""
    from dicespec.conformance.run.declared import HelloError, check_games
    from dicespec.conformance.transports.wire import Hello

    reply = fake_module("declares").Declares(extra).answer({"id": 1, "op": "hello", "protocol": 2, "protocols": [2, 1]})
    with pytest.raises(HelloError) as refused:
        check_games(Hello.from_result(reply["result"]))
    assert str(refused.value).startswith(f"the hello of dicespec-reference: {message}") and "\n" not in str(
        refused.value
    )


def test_a_misspelt_game_stops_the_run_with_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    """A hello that declares {"yatzee": ["yahtzee"]} runs no case (it skipped all 101,088 and
    exited 0): one line naming it and the closest game, nothing on stdout, exit status 2."""
    status, out, err = conform(capsys, "--impl", declaring({"games": {"yatzee": ["yahtzee"]}}), "--part", "exhaustive")
    assert (status, out) == (2, ""), out[-2000:] + err
    assert err.count("\n") == 1 and err.startswith("dicespec: error: the hello of dicespec-reference: games: 'yatzee'")
    assert "the closest is 'yahtzee'" in err


@pytest.mark.parametrize(
    ("command", "why"),
    [
        ("./no-such-adapter --flag", "cannot start ./no-such-adapter: no such file"),
        ("no-such-adapter-anywhere", "cannot start no-such-adapter-anywhere: no command of that name on PATH"),
        ("README.md", "cannot start README.md: no command of that name on PATH"),
        ("./README.md", "cannot start ./README.md: it is not an executable file"),
    ],
    ids=["no file", "not on PATH", "a file, not on PATH", "not executable"],
)
def test_a_command_that_cannot_be_started_stops_the_run_with_status_2(
    command: str, why: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before any case (it errored every one of them, exit status 1): one line, exit status 2."""
    from folders import REPO

    monkeypatch.chdir(REPO)
    status, out, err = conform(capsys, "--impl", command)
    assert (status, out, err) == (2, "", f"dicespec: error: {why}\n")


def test_a_ruleset_file_that_cannot_be_used_is_refused_before_any_case(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("extends: yahtzee\nname: bad\nrows:\n  full_house: {points: many}\n", "utf-8")
    status, out, err = conform(capsys, "--impl", REFERENCE, "--ruleset-file", str(bad))
    assert status == 2 and out == ""
    assert err.startswith(f"dicespec: error: {bad}: rows.full_house.points: 'many'"), err


VANILLA_FAKE = f"{PYTHON} {shlex.quote(str(FAKES / 'vanilla_yahtzee.py'))}"


def row_used(count: int) -> set[str]:
    """The replayed games of the fake's rules (declared here while they are read) that the
    reference refuses as row-used."""
    from dicespec import corpus
    from dicespec.rulesets import declare_document, forget_declared

    vanilla = fake_module("vanilla_yahtzee")
    forget_declared()
    try:
        declare_document(vanilla.DOCUMENT, "the test")
        return {
            case.id
            for case in corpus.games({"yahtzee": [vanilla.NAME]}, count=count)
            if (case.expected["rejected"] or {}).get("code") == "row-used"
        }
    finally:
        forget_declared()


@pytest.mark.slow
def test_vanilla_yahtzee_with_one_bug_of_flow_fails_exactly_its_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A package playing Yahtzee with no bonus and no joker, declared as its own rules, with one
    bug of game flow (a filled box can be scored again): under its declared rules it fails the
    replays the reference refuses as row-used, and no other."""
    report = tmp_path / "r.jsonl"
    status, out, err = conform(
        capsys, "--impl", VANILLA_FAKE, "--ruleset", "yahtzee-vanilla", "--part", "games", "--games", "40",
        "--report", str(report),
    )  # fmt: skip
    assert status == 1, out[-3000:] + err
    found = lines(report)
    failed = {line["id"] for line in found if line["outcome"] == "failed"}
    assert {line["outcome"] for line in found} == {"passed", "failed"}
    refused = row_used(40)
    assert refused and failed == refused


@pytest.mark.slow
def test_vanilla_yahtzee_fails_the_scenarios_of_its_bug_and_no_roll(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The same package's features and exhaustive corpus under its declared rules: the scenarios
    it fails are those that score a filled box (accepted where the spec refuses it); every roll
    in every row passes; what is skipped is not under these rules."""
    report = tmp_path / "r.jsonl"
    status, out, err = conform(
        capsys, "--impl", VANILLA_FAKE, "--ruleset", "yahtzee-vanilla", "--part", "features", "--part", "exhaustive",
        "--report", str(report),
    )  # fmt: skip
    assert status == 1, out[-3000:] + err
    found = lines(report)
    scenarios = [line for line in found if line["outcome"] == "failed" and line["part"] == "features"]
    assert {line["part"] for line in found if line["outcome"] not in ("passed", "skipped")} == {"features"}
    assert scenarios and all(line["message"].endswith("was accepted") for line in scenarios), scenarios  # a filled box
    assert {line["skip"] for line in found if line["outcome"] == "skipped"} == {"not-under-rules"}
    assert sum(line["part"] == "exhaustive" and line["outcome"] == "passed" for line in found) == 13 * 6**5
