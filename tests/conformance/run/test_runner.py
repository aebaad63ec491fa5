"""``dicespec conform``: the reference adapter passes everything, a wrong adapter fails exactly
the cases its mistake touches, and the run's options (parts, rulesets, selection, skipping,
reports, JUnit, --track, time limit) do what they say."""

from __future__ import annotations

import contextlib
import io
import json
import re
import shlex
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from dicespec import corpus
from dicespec.cli import main
from dicespec.conformance.run.report import Recorder
from dicespec.conformance.run.runner import Options, Target, conform, model_rulesets
from dicespec.regression.diff import corpus_size
from dicespec.rulesets import find_ruleset, forget_declared, game_of_ruleset, model_files, ruleset_names
from dicespec.scoresheet.replay import replay
from fakes import fake_command as fake
from fakes import in_process, totals
from folders import FAKES
from sheet_rows import Row

pytestmark = pytest.mark.early(65)  # whole conform runs: handed out early under xdist (tests/order.py)

PYTHON = shlex.quote(sys.executable)
REFERENCE = f"{PYTHON} -m dicespec.adapter"
GAMES = 20


def report(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


# -- the reference's run and the files it writes ----------------------------------------------
# That the reference adapter passes the whole suite (every feature, the whole exhaustive corpus of
# every ruleset, 250 replayed games of each) is the console block of docs/protocol.md's "What a run
# prints", which tests/docs/test_console_blocks.py runs; here, a run of one ruleset of each kind of
# corpus (five dice in rows, six dice set aside, five dice set aside), and what it writes.

KINDS = ("kiriki", "farkle", "greed")


@pytest.fixture(scope="module")
def reference_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[int, str, Path]:
    folder = tmp_path_factory.mktemp("reference-run")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = main(
            [
                "conform",
                "--impl",
                REFERENCE,
                *(part for name in KINDS for part in ("--ruleset", name)),
                "--games",
                str(GAMES),
                "--report",
                str(folder / "report.jsonl"),
                "--junit",
                str(folder / "junit.xml"),
                "--track",
                str(folder / "track.json"),
            ]
        )
    return status, out.getvalue(), folder


@pytest.mark.slow
def test_the_reference_run_reports_every_case(reference_run: tuple[int, str, Path]) -> None:
    """The reference adapter's run: exit status 0, nothing failed, errored or skipped; the report
    has a line per case, every id once; the exhaustive part is every ordered roll in every row (a
    score sheet), every ordered roll of one to all the dice (its best) and every roll of up to all
    the dice (a set-aside), of each ruleset."""
    status, out, folder = reference_run
    passed, failed, errored, skipped = totals(out)
    assert (status, failed, errored, skipped) == (0, 0, 0, 0), out[-3000:]
    results = report(folder / "report.jsonl")
    assert len(results) == passed
    parts = Counter(result["part"] for result in results)
    sheets = [find_ruleset(name) for name in KINDS if game_of_ruleset(name).family.name == "score-sheet"]
    set_asides = [name for name in KINDS if game_of_ruleset(name).family.name == "set-aside"]
    # every ordered roll in every row (five or six dice); for six dice, every ordered roll of 1 to 6 dice (its best)
    # and every multiset of up to six dice (a set-aside); Greed's five dice have fewer
    every_set_aside = [name for name in ruleset_names() if game_of_ruleset(name).family.name == "set-aside"]
    six = [name for name in every_set_aside if find_ruleset(name).dice == 6]
    assert six and {name: corpus_size(name) for name in six} == dict.fromkeys(six, 55_986 + 12_376)
    assert sheets and "farkle" in six and "greed" not in six
    assert parts["exhaustive"] == sum(6**s.dice * len(s.row_ids) for s in sheets) + sum(map(corpus_size, set_asides))
    assert parts["features"] > 100 and parts["games"] > GAMES * len(KINDS) * 5
    assert (
        len({result["id"] for result in results if result["part"] != "features"})
        == parts["exhaustive"] + parts["games"]
    )
    assert "implementation: dicespec-reference" in out and "cases/s" in out


@pytest.mark.slow
def test_the_reference_run_writes_junit_and_track(reference_run: tuple[int, str, Path]) -> None:
    """The JUnit file has a test per feature case and per table row of the corpus, none failing;
    the track file records that nothing failed."""
    _status, _out, folder = reference_run
    root = ET.parse(folder / "junit.xml").getroot()
    suites = {suite.get("name"): suite for suite in root.iter("testsuite")}
    assert set(suites) == {"features", "exhaustive", "games"}
    assert all(suite.get("failures") == suite.get("errors") == "0" for suite in suites.values())
    assert int(suites["features"].get("tests")) == sum(
        1 for r in report(folder / "report.jsonl") if r["part"] == "features"
    )
    assert suites["exhaustive"].find("testcase[@name='full_house'][@classname='kiriki score.kiriki']") is not None
    assert json.loads((folder / "track.json").read_text())["not_passing"] == {}


# -- a wrong adapter fails exactly what its mistake touches ------------------------------------


def five_of_a_kind_in_full_house(ruleset: str, players: int, actions: list[str]) -> bool:
    """Do these actions score a five of a kind in an open full house row?"""
    rules = find_ruleset(ruleset)
    for index, action in enumerate(actions):
        if action == "score full_house":
            state = replay(rules, players, actions[:index]).state
            if (
                state.dice is not None
                and len(set(state.dice)) == 1
                and state.players[state.current].sheet.is_open(Row.FULL_HOUSE)
            ):
                return True
    return False


@pytest.mark.slow
def test_a_wrong_full_house_fails_exactly_the_cases_it_touches(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An adapter whose full house takes five of a kind fails, under every Kiriki ruleset: the
    six five-of-a-kind rolls in the full house row, the features that say a five of a kind is no
    full house, and the game points after a five of a kind was written in the full house row.
    Nothing else fails, nothing errors; each failure is named by its id."""
    kiriki = ruleset_names("kiriki")
    rulesets = [arg for name in kiriki for arg in ("--ruleset", name)]
    status, out = in_process(
        capsys,
        "--impl",
        fake("wrong_full_house"),
        *rulesets,
        "--games",
        str(GAMES),
        "--report",
        str(tmp_path / "report.jsonl"),
    )
    assert status == 1, out[-3000:]
    failing = {
        (r["part"], r["id"], r["ruleset"]) for r in report(tmp_path / "report.jsonl") if r["outcome"] != "passed"
    }
    scores = {
        ("exhaustive", f"kiriki/score/{name}/{face * 5}/full_house", name) for name in kiriki for face in "123456"
    }
    features = {
        ("features", "kiriki-en-full-house-3", "kiriki"),
        ("features", "kiriki-en-full-house-4", "kiriki"),
        ("features", "kiriki-en-no-joker", "kiriki"),
    }  # a repeat kiriki written in the full house
    features |= {
        ("features", f"kiriki-en-five-of-a-kind-no-joker-{row}", name)  # its full house rows, in a game
        for row in (1, 4, 7)
        for name in kiriki
    }
    games = {
        ("games", case.id, case.ruleset)
        for case in corpus.games({"kiriki": kiriki}, count=GAMES)
        if five_of_a_kind_in_full_house(**case.args)
    }
    assert games, "the games should write a five of a kind in the full house row somewhere"
    assert failing == scores | features | games
    assert {r["outcome"] for r in report(tmp_path / "report.jsonl")} == {"passed", "failed"}
    _passed, failed, errored, skipped = totals(out)
    assert (failed, errored, skipped) == (len(failing), 0, 0)
    assert "kiriki/score/kiriki/11111/full_house\n      expected 0, got 25" in out
    assert re.search(r"kiriki/game/\S+\n      players\[\d\]\.lines\.full_house: expected 0, got 25", out)


@pytest.mark.slow  # seconds: Kiriki's every game (the one tie is in the last), the failing one shrunk
def test_a_tie_bug_fails_exactly_the_games_that_end_in_a_tie(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The tie-bug fake (``tests/conformance_fakes/tie_bug.py``, in process) names one winner where
    the rules share the win: under kiriki it fails exactly the replayed games that end in a tie,
    each on its winners; the same games ``dicespec identify``'s closing run attributes to a tie
    (``tests/identify/test_closing.py``)."""
    monkeypatch.syspath_prepend(str(FAKES))
    path = tmp_path / "report.jsonl"
    status, out = in_process(
        capsys, "--python", "tie_bug:implementation", "--in-process", "--ruleset", "kiriki", "--part", "games",
        "--report", str(path),
    )  # fmt: skip
    assert status == 1, out[-3000:]
    cases = list(corpus.games({"kiriki": ["kiriki"]}, kept=True))
    ties = {case.id for case in cases if len(case.expected["winners"]) > 1}
    assert ties and {r["id"] for r in report(path) if r["outcome"] != "passed"} == ties
    assert totals(out) == (len(cases) - len(ties), len(ties), 0, 0)
    assert re.search(r"\n      winners: expected \[\d, \d(, \d)*\], got \[\d\]\n", out), out[-3000:]


# -- options -----------------------------------------------------------------------------------

FIRST_DIE_1 = "ten-thousand/best/farkle/1*"  # the best of each ordered roll of one to six dice, its first a 1
ROLLS_FROM_1 = sum(6**rest for rest in range(6))  # 9,331


@pytest.mark.slow
@pytest.mark.parametrize(("flags", "language"), [((), "python"), (("--in-process",), "python (in process)")])
def test_python_object(capsys: pytest.CaptureFixture[str], flags: tuple[str, ...], language: str) -> None:
    """``--python MOD:OBJ`` runs the corpus against a Python object: in a worker process, or, with
    ``--in-process``, in the runner's own (the best of every roll whose first die shows 1)."""
    status, out = in_process(
        capsys,
        "--python",
        "dicespec.implementation:ReferenceImplementation",
        "--part",
        "exhaustive",
        "--ruleset",
        "farkle",
        "--select",
        FIRST_DIE_1,
        *flags,
    )
    assert status == 0
    assert totals(out) == (ROLLS_FROM_1, 0, 0, 0)
    assert f"implementation: dicespec-reference ({language})\n" in out


@pytest.mark.slow
def test_an_undeclared_ruleset_is_skipped(capsys: pytest.CaptureFixture[str]) -> None:
    """Cases under a shipped ruleset the implementation does not declare are skipped, in the
    features and in the corpus; so is an operation it answers with skipped."""
    status, out = in_process(
        capsys,
        "--impl",
        fake("kiriki_only"),
        "--part",
        "features",
        "--part",
        "exhaustive",
        "--ruleset",
        "kiriki",
        "--ruleset",
        "kiriki-fr",
        "--select",
        "*kiriki*full*house*",
    )
    assert status == 0, out
    assert re.search(r"^kiriki score +kiriki +full_house +7,776 +· +· +·$", out, re.M), out
    assert re.search(r"^kiriki score +kiriki-fr +full_house +· +· +· +7,776$", out, re.M), out
    passed, failed, errored, skipped = totals(out)
    assert failed == errored == 0 and passed > 7_776 and skipped >= 7_776
    status, out = in_process(
        capsys,
        "--impl",
        fake("kiriki_only"),
        "--part",
        "exhaustive",
        "--ruleset",
        "ten-thousand",
        "--select",
        "ten-thousand/best/*/15",
    )
    assert totals(out) == (0, 0, 0, 1)


@pytest.mark.slow
def test_track_shows_only_what_changed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--track: the first run's failures are new; an unchanged run shows nothing new; a fixed
    implementation shows the case as newly fixed."""
    track = str(tmp_path / "track.json")
    narrow = [
        "--part",
        "exhaustive",
        "--ruleset",
        "kiriki",
        "--select",
        "kiriki/score/kiriki/6666*/full_house",
        "--track",
        track,
    ]
    status, out = in_process(capsys, "--impl", fake("wrong_full_house"), *narrow)
    assert status == 1 and "Since the last run: 1 newly failed; 0 newly fixed; 0 still not passing." in out
    assert "Newly failed: kiriki score\n  kiriki/score/kiriki/66666/full_house\n      expected 0, got 25" in out
    status, out = in_process(capsys, "--impl", fake("wrong_full_house"), *narrow)
    assert status == 1 and "Since the last run: nothing newly failing; 0 newly fixed; 1 still not passing." in out
    assert "Newly failed" not in out
    status, out = in_process(capsys, "--impl", REFERENCE, *narrow)
    assert status == 0 and "0 newly fixed" not in out
    assert "Newly fixed:\n  kiriki/score/kiriki/66666/full_house" in out
    assert json.loads(Path(track).read_text())["not_passing"] == {}


@pytest.mark.slow
def test_the_time_limit_errors_what_was_not_run(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = in_process(
        capsys,
        "--python",
        "dicespec.implementation:ReferenceImplementation",
        "--part",
        "exhaustive",
        "--ruleset",
        "farkle",
        "--select",
        FIRST_DIE_1,
        "--time-limit",
        "0",
    )
    assert status == 1
    assert totals(out) == (0, 0, ROLLS_FROM_1, 0)
    assert "not run: the time limit (0 s) was reached" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--impl", REFERENCE, "--ruleset", "mahjong"], "dicespec: error: unknown ruleset 'mahjong'"),
        (["--impl", "  "], "dicespec: error: --impl: an empty command"),
        (["--python", "nowhere"], "dicespec: error: 'nowhere': name an object as package.module:name"),
    ],
)
def test_usage_errors(capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    assert main(["conform", *args]) == 2
    assert capsys.readouterr().err.startswith(message)


# -- the model's rulesets: asked of an implementation that plays rules as data ---------------------

MODEL = [path.stem for path in model_files()]


@pytest.fixture
def forgets() -> Iterator[None]:
    """The model's rulesets a test declares are forgotten after it (a later run hands over none)."""
    yield
    forget_declared()


@pytest.mark.slow
@pytest.mark.usefixtures("forgets")
def test_a_run_that_names_no_ruleset_plays_the_model_rulesets_with_what_plays_them() -> None:
    """The reference adapter reads the rules it is handed: a run that names no ruleset hands it the
    model's rulesets too, and replays their games, each passing; the header names them."""
    recorder = Recorder()
    run = conform(
        Target.from_command_line(REFERENCE), Options(parts=("games",), games=1, model_rulesets=True), recorder
    )
    assert set(MODEL) <= {declared.name for declared in run.declared}
    assert set(MODEL) <= {ruleset for _, _, ruleset, _ in recorder.counts}
    assert list(recorder.totals()[1:]) == [0, 0, 0]
    played = f"model rulesets: {len(MODEL)} of {len(MODEL)} played ({', '.join(MODEL)}): every rule of the model asked"
    assert played in run.header()


@pytest.mark.slow
@pytest.mark.usefixtures("forgets")
def test_an_engine_of_fixed_rules_is_not_held_to_the_model_rulesets() -> None:
    """An engine that plays only Kiriki lists none of the model's rulesets: their cases are left
    out, not skipped, and the header says they were not asked."""
    recorder = Recorder()
    options = Options(parts=("games",), games=1, model_rulesets=True)
    run = conform(Target.from_command_line(fake("kiriki_only")), options, recorder)
    assert not set(MODEL) & {declared.name for declared in run.declared}
    assert not set(MODEL) & {ruleset for _, _, ruleset, _ in recorder.counts}
    assert any(line.startswith(f"model rulesets: none played of the {len(MODEL)}") for line in run.header())


@pytest.mark.usefixtures("forgets")
def test_a_run_that_names_its_rulesets_or_leaves_the_model_out_hands_over_none() -> None:
    assert model_rulesets(Options(rulesets=("yacht",), model_rulesets=True)) == []
    assert model_rulesets(Options()) == []  # the command line asks for them unless --no-model-rulesets
    assert [declared.name for declared in model_rulesets(Options(model_rulesets=True))] == MODEL
