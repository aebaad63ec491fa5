"""The JavaScript implementation (the package js/, behind the stdio adapter of examples/adapters/js/):
an independent implementation of every game, written from the protocol and playing the rule
families from the rulesets' data (js/rulesets.json), passes the whole suite through the stdio
protocol.

It runs when node is installed, and must run under CI (CI=true). The cases: every scenario of
the spec under every ruleset it runs under, the whole exhaustive corpus of every ruleset, and
the first 40 seeded replayed games of each ruleset (``make conformance`` plays all 250; this
test checks the same games' first part, in well under a minute).

It speaks protocol 2 (and 1 to a runner that asks for it alone), and plays the rulesets a hello
hands over as far as its engine's model covers them; the tests of that run in a few seconds."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dicespec import corpus
from dicespec.conformance.protocol.messages import read_hello, read_reply
from dicespec.conformance.run import compared
from dicespec.conformance.run.report import Recorder
from dicespec.conformance.run.runner import Options, Target, conform
from dicespec.implementation import ReferenceImplementation
from dicespec.registry import game
from dicespec.rulesets import (
    declare_document,
    file_data,
    forget_declared,
    game_of_ruleset,
    model_files,
    ruleset_data,
    ruleset_names,
)
from folders import REPO
from helpers import run_cli

pytestmark = pytest.mark.early(70)  # the JavaScript implementation against the spec and the corpus (tests/order.py)

COMMAND = "node examples/adapters/js/dicespec-adapter.mjs"
GAMES = 40
RULESETS = REPO / "js" / "rulesets.json"
ADAPTER = REPO / "examples" / "adapters" / "js" / "dicespec-adapter.mjs"


def test_the_rulesets_data_is_current(capsys: pytest.CaptureFixture[str]) -> None:
    """The rule values the JavaScript implementation reads are what ``dicespec rulesets --json``
    prints from the shipped rulesets now."""
    status, out, _ = run_cli(["rulesets", "--json"], capsys)
    assert status == 0
    assert RULESETS.read_text(encoding="utf-8") == out, (
        f"{RULESETS.name} differs from 'dicespec rulesets --json': run `make conformance` to write it again"
    )


@pytest.mark.slow
@pytest.mark.usefixtures("node")
def test_the_javascript_implementation_passes_the_spec_and_the_set_aside_corpus() -> None:
    """The features under every ruleset, and the exhaustive corpus of the set-aside rulesets: every
    case passes, none is skipped, and the counts are those the comparison table shows. The
    score-sheet rulesets' exhaustive corpus (the same questions identify asks) and every ruleset's
    replayed games are held by identify's closing run under each shipped ruleset
    (``tests/identify/test_command.py``), so they are not asked twice."""
    set_aside = tuple(name for name in ruleset_names() if game_of_ruleset(name).family_name == "set-aside")
    recorder = Recorder(show=3)
    for options in (Options(parts=("features",)), Options(parts=("exhaustive",), rulesets=set_aside)):
        run = conform(Target.from_command_line(COMMAND), options, recorder)
        assert run.hello is not None and run.hello.name == "dicespec-js"
    _, failed, errored, skipped = recorder.totals()
    assert (failed, errored, skipped) == (0, 0, 0), "\n".join(
        line for examples in recorder.examples.values() for e in examples for line in (e.id, str(e.message))
    )
    asked = {(part, ruleset) for part, _, ruleset, _ in recorder.counts}
    assert asked == {("features", name) for name in ruleset_names()} | {("exhaustive", name) for name in set_aside}
    kept = compared.read(next(e for e in compared.entries() if e.id == "dicespec-js"))
    assert kept is not None
    table = {(g[0], g[1], g[2], g[3]): g[4:] for g in kept["groups"]}
    for key, counts in recorder.counts.items():
        assert table.get(key) == counts, key


# -- protocol 2: the hello, the rulesets it hands over, winners ----------------------------------


def converse(*requests: dict[str, Any]) -> tuple[list[dict[str, Any]], str]:
    """The JavaScript implementation's replies to these requests, one a line, and its stderr."""
    run = subprocess.run(
        ["node", str(ADAPTER)],
        input="".join(json.dumps(request) + "\n" for request in requests),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    return [json.loads(line) for line in run.stdout.splitlines()], run.stderr


HELLO_2: dict[str, Any] = {"id": 1, "op": "hello", "protocol": 2, "protocols": [2, 1]}
GAME = ["roll 11111", "score yahtzee", "roll 11111", "score ones"]


def own_rules(name: str, **changes: Any) -> dict[str, Any]:
    """A resolved ruleset document, as the runner hands one over: every value of the shipped
    yahtzee (its prose and provenance too), under another name, with ``changes``."""
    return {**ruleset_data("yahtzee"), "name": name, **changes}


@pytest.fixture
def vanilla() -> Iterator[dict[str, Any]]:
    """Yahtzee with no upper bonus, no Yahtzee bonus and no joker, declared in this process (the
    reference plays it) while the test runs."""
    document = own_rules("js-vanilla", upper_bonus=None, five_of_a_kind=None, joker="none")
    declare_document(document, "a test")
    yield document
    forget_declared()


@pytest.mark.usefixtures("node")
def test_it_speaks_protocol_2_and_its_score_sheet_replay_names_the_winners() -> None:
    """Offered 2 and 1, it speaks 2: its operations' names, and a score-sheet replay's answer
    with the winners (none before the end; the highest totals, ties sharing, once over), the
    reference's answer exactly; version 1's names are errors."""
    replies, _ = converse(
        HELLO_2,
        {"id": 2, "op": "score", "ruleset": "yacht", "dice": "44456", "row": "fours"},
        {"id": 3, "op": "replay", "ruleset": "yahtzee", "players": 2, "actions": GAME},
        {"id": 4, "op": "kiriki_score", "ruleset": "yacht", "dice": "44456", "row": "fours"},
    )
    assert read_hello(replies[0])["protocol"] == 2
    assert replies[1] == {"id": 2, "result": 12}
    reference = ReferenceImplementation().replay("yahtzee", 2, GAME)
    assert replies[2] == {"id": 3, "result": reference}
    assert read_reply("replay", replies[2], 2, "score-sheet").kind == "result"
    assert read_reply("score", replies[3]).kind == "errored"  # version 1's name is not version 2's
    rows = list(ruleset_data("yacht")["rows"])
    tied = [action for row in rows for _ in range(2) for action in ("roll 12346", f"score {row}")]
    ahead = ["roll 11111", "score ones", "roll 23456", "score ones", *tied[4:]]
    for actions, winners in ((tied, [0, 1]), (ahead, [0])):
        replies, _ = converse(HELLO_2, {"id": 2, "op": "replay", "ruleset": "yacht", "players": 2, "actions": actions})
        assert replies[1]["result"] == ReferenceImplementation().replay("yacht", 2, actions)
        assert (replies[1]["result"]["over"], replies[1]["result"]["winners"]) == (True, winners)


@pytest.mark.usefixtures("node")
def test_it_speaks_protocol_1_to_a_runner_that_asks_for_it_alone() -> None:
    """A version-1 hello is answered in version 1: its operations' names, no winners in a
    score-sheet replay; a hello offering no version it speaks is an error."""
    replies, _ = converse(
        {"id": 1, "op": "hello", "protocol": 1},
        {"id": 2, "op": "kiriki_score", "ruleset": "yacht", "dice": "44456", "row": "fours"},
        {"id": 3, "op": "kiriki_replay", "ruleset": "yahtzee", "players": 2, "actions": GAME},
        {"id": 4, "op": "ten_thousand_best", "ruleset": "greed", "dice": "15"},
    )
    assert read_hello(replies[0], (1,))["protocol"] == 1
    assert replies[1] == {"id": 2, "result": 12}
    reference = ReferenceImplementation().replay("yahtzee", 2, GAME)
    assert replies[2]["result"] == {key: value for key, value in reference.items() if key != "winners"}
    assert read_reply("replay", replies[2], 1, "score-sheet").kind == "result"
    assert replies[3] == {"id": 4, "result": 150}
    [refused], _ = converse({"id": 1, "op": "hello", "protocol": 3, "protocols": [3]})
    assert "error" in refused


@pytest.mark.usefixtures("node")
def test_it_plays_the_rulesets_a_hello_hands_over_as_the_reference_does(vanilla: dict[str, Any]) -> None:
    """A ruleset of the run that is not shipped, handed over in hello, is declared in its games
    and played: every replayed game of the corpus under it, and a sample of its rolls, answer as
    the reference's under the same rules."""
    cases = [
        *corpus.games({"yahtzee": ["js-vanilla"]}, count=15),
        *list(corpus.exhaustive({"yahtzee": ["js-vanilla"]}))[::97],
    ]
    requests = [{"id": i + 2, "op": case.op, **case.args} for i, case in enumerate(cases)]
    replies, err = converse({**HELLO_2, "rulesets": [vanilla]}, *requests)
    assert read_hello(replies[0])["games"]["yahtzee"] == ["yahtzee", "yahtzee-free-joker", "js-vanilla"]
    assert err == ""
    for case, reply in zip(cases, replies[1:], strict=True):
        assert reply == {"id": reply["id"], "result": case.expected}, case.id
    assert "yahtzee_bonus" not in replies[1]["result"]["players"][0]["lines"]


@pytest.mark.usefixtures("node")
def test_a_handed_over_ruleset_it_cannot_play_is_left_out_and_skipped() -> None:
    """A rule value its engine's model does not cover (a joker it does not know, a rule it has
    never heard of, a row of an unknown rule family) leaves that ruleset out of its games, says
    why on stderr, and a request under it is skipped; the others are played."""
    unknown_family = own_rules("js-odd-row")
    unknown_family["rows"] = {
        **unknown_family["rows"],
        "chance": {"label": "Chance", "section": "lower", "rule": "odd"},
    }
    documents = [
        own_rules("js-sometimes-joker", joker="sometimes"),
        own_rules("js-penalty", penalty=10),
        unknown_family,
        own_rules("js-plain", joker="free"),
    ]
    replies, err = converse(
        {**HELLO_2, "rulesets": documents},
        {"id": 2, "op": "score", "ruleset": "js-penalty", "dice": "11111", "row": "ones"},
        {"id": 3, "op": "score", "ruleset": "js-plain", "dice": "11111", "row": "ones"},
    )
    assert replies[0]["result"]["games"]["yahtzee"] == ["yahtzee", "yahtzee-free-joker", "js-plain"]
    assert err.splitlines() == [
        f"dicespec-js: does not play the ruleset {name}: {why}"
        for name, why in (
            ("js-sometimes-joker", 'joker: "sometimes" is not a value this engine plays'),
            ("js-penalty", "penalty: a rule this engine does not know"),
            ("js-odd-row", 'rows.chance.rule: "odd" is not a rule family this engine plays'),
        )
    ]
    assert read_reply("score", replies[1]).kind == "skipped" and "penalty" in replies[1]["skipped"]
    assert replies[2] == {"id": 3, "result": 5}


# -- the model's rulesets: every rule of the model, handed over ----------------------------------

OWN_RULESETS = model_files()


@pytest.mark.slow
@pytest.mark.usefixtures("node")
@pytest.mark.parametrize("path", OWN_RULESETS, ids=[path.stem for path in OWN_RULESETS])
def test_it_plays_every_model_ruleset_as_the_reference(path: Path) -> None:
    """Each of the model's rulesets (rulesets/model/: six dice with saved rolls, six dice with a
    joker, Generala-like rows, a set-aside game with a penalty's floor, a win on any roll and hot
    dice rolled), handed over in hello: its own expected outcomes, the spec's scenarios that can
    be asked under it, its whole exhaustive corpus and the first replayed games all pass; none is
    skipped but the scenarios not under these rules."""
    name = path.stem
    recorder = Recorder(show=3)
    options = Options(games=GAMES, rulesets=(name,), ruleset_files=(str(path),))
    run = conform(Target.from_command_line(COMMAND), options, recorder)
    assert run.hello is not None and name in run.hello.games[yaml_game(path)]
    passed, failed, errored, _ = recorder.totals()
    assert (failed, errored) == (0, 0), "\n".join(
        line for examples in recorder.examples.values() for e in examples for line in (e.id, str(e.message))
    )
    counted = {(part, kind.split()[-1]) for part, kind, *_ in recorder.counts}
    exhaustive = "set-aside" if game(yaml_game(path)).family_name == "set-aside" else "score"
    assert {("features", "expect"), ("exhaustive", exhaustive), ("games", "game")} <= counted, counted
    assert passed > 10_000


def yaml_game(path: Path) -> str:
    """The game a ruleset file is of (its own, or that of the ruleset it extends)."""
    return str(file_data(path)["game"])


@pytest.mark.usefixtures("node")
def test_a_handed_over_row_rule_it_does_not_know_leaves_the_ruleset_out() -> None:
    """The new row keys are read, never guessed at: a first-roll rule it does not know, a row
    required that the sheet lacks, and a five-of-a-kind row that is not one of all the dice each
    leave their ruleset out, said why on stderr; the well-formed one is played."""
    rows = ruleset_data("yahtzee")["rows"]
    odd_first = {**rows, "chance": {**rows["chance"], "first_roll": {"doubles": True}}}
    odd_requires = {**rows, "yahtzee": {**rows["yahtzee"], "requires": "nowhere"}}
    fine = {**rows, "yahtzee": {**rows["yahtzee"], "first_roll": {"wins": True}, "requires": "chance"}}
    documents = [
        own_rules("js-odd-first", rows=odd_first),
        own_rules("js-odd-requires", rows=odd_requires),
        own_rules("js-five-of-six", dice=6),
        own_rules("js-served", rows=fine, joker="none", five_of_a_kind=None),
    ]
    replies, err = converse({**HELLO_2, "rulesets": documents})
    assert replies[0]["result"]["games"]["yahtzee"] == ["yahtzee", "yahtzee-free-joker", "js-served"]
    assert err.splitlines() == [
        f"dicespec-js: does not play the ruleset {name}: {why}"
        for name, why in (
            ("js-odd-first", "rows.chance.first_roll.doubles: a rule this engine does not know"),
            ("js-odd-requires", 'rows.yahtzee.requires: "nowhere" is not another row of the sheet'),
            ("js-five-of-six", 'five_of_a_kind.row: "yahtzee" is not a row of all 6 dice of a kind'),
        )
    ]
