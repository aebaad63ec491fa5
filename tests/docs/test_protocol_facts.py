"""What docs/protocol.md says of the replay answers and of the workers, checked against the code:
what each line and total of a score sheet holds, the dice in their positions (compared as text),
and the interpreter, environment, folder and path a ``--python`` worker runs with."""

from __future__ import annotations

import json
import os
import random
import re
import sys
import textwrap
from pathlib import Path

import pytest

from dicespec.cli import main
from dicespec.implementation import ReferenceImplementation
from dicespec.rulesets import find_ruleset, ruleset_names
from dicespec.scoresheet.game import SheetGame
from dicespec.scoresheet.ruleset import SheetRuleset
from folders import REPO

REFERENCE = ReferenceImplementation()
SHEETS = [name for name in ruleset_names() if isinstance(find_ruleset(name), SheetRuleset)]


# -- lines and totals ------------------------------------------------------------------------------


def random_game(ruleset: SheetRuleset, players: int, seed: int) -> list[str]:
    """A game's actions, played at random: often five of a kind (bonuses, jokers, repeats); every
    other game begins with five of a kind of each face in turn, each in the upper rows where it
    can go (the upper bonus), and goes on at random."""
    rng = random.Random(seed)
    upper_first = seed % 2 == 0
    faces = rng.sample(range(1, 7), 6) if upper_first else []
    game = SheetGame(ruleset, players, seed=seed)
    actions: list[str] = []

    def throw(n: int) -> str:
        if rng.random() < 0.3:
            return str(rng.randint(1, 6)) * n
        return "".join(str(rng.randint(1, 6)) for _ in range(n))

    while not game.is_over:
        dice = str(faces.pop()) * ruleset.dice if faces else throw(ruleset.dice)
        game.roll(dice)
        actions.append(f"roll {dice}")
        while game.rolls_left and not upper_first and rng.random() < 0.4:
            positions = sorted(rng.sample(range(ruleset.dice), rng.randint(1, ruleset.dice)))
            values = throw(len(positions))
            game.reroll(positions, values)
            actions.append(f"reroll {','.join(str(p + 1) for p in positions)}={values}")
        rows = game.scorable_rows()
        upper = [(points, row) for row, points in game.offers() if ruleset.rows[row].section == "upper"]
        if upper_first and upper:
            game.score(max(upper)[1])
            actions.append(f"score {max(upper)[1]}")
        elif rows:
            row = rng.choice(rows)
            game.score(row)
            actions.append(f"score {row}")
        else:
            game.end_turn()
            actions.append("end")
    return actions


def check_lines(ruleset: SheetRuleset, lines: dict[str, int | None]) -> None:
    """The page's statement: upper_total is the upper rows and bonus; lower_total the lower rows
    and yahtzee_bonus where the sheet has it; grand_total the two; an empty row counts 0."""
    upper = [row for row, spec in ruleset.rows.items() if spec.section == "upper"]
    lower = [row for row, spec in ruleset.rows.items() if spec.section == "lower"]
    assert set(upper) | set(lower) == set(ruleset.rows)
    derived = set(lines) - set(ruleset.rows)
    assert derived == {"upper_total", "lower_total", "grand_total"} | ({"bonus"} & derived) | (
        {"yahtzee_bonus"} & derived
    )
    assert lines["upper_total"] == sum(lines[row] or 0 for row in upper) + (lines.get("bonus") or 0)
    assert lines["lower_total"] == sum(lines[row] or 0 for row in lower) + (lines.get("yahtzee_bonus") or 0)
    assert lines["grand_total"] == lines["upper_total"] + lines["lower_total"]


@pytest.mark.parametrize("name", SHEETS)
def test_the_totals_hold_what_the_page_says_on_random_sheets(name: str) -> None:
    ruleset = find_ruleset(name)
    assert isinstance(ruleset, SheetRuleset)
    seen = {"bonus": 0, "yahtzee_bonus": 0}
    for seed in range(12):
        actions = random_game(ruleset, 2, seed)
        for end in (len(actions) // 3, len(actions) // 2, len(actions)):
            answer = REFERENCE.replay(name, 2, actions[:end])
            assert answer["rejected"] is None
            for player in answer["players"]:
                check_lines(ruleset, player["lines"])
                for line in seen:
                    seen[line] += bool(player["lines"].get(line))
    assert seen["bonus"] or ruleset.bonus_more_than is None, "no game earned the upper bonus"
    assert seen["yahtzee_bonus"] or ruleset.bonus_line is None, "no game earned a Yahtzee bonus"


def test_a_repeat_kiriki_adds_to_the_kiriki_row() -> None:
    lines = REFERENCE.replay("kiriki", 1, ["roll 11111", "score kiriki", "roll 22222", "score kiriki"])["players"][0]
    assert lines["lines"]["kiriki"] == 100 and lines["lines"]["lower_total"] == 100


def test_the_sheets_with_a_bonus_line_name_it_yahtzee_bonus() -> None:
    """The page names the one bonus line of the lower section: every sheet that has one calls it so."""
    assert {find_ruleset(name).bonus_line for name in SHEETS} == {None, "yahtzee_bonus"}


# -- the dice in their positions ---------------------------------------------------------------------


def test_a_reroll_replaces_the_dice_in_their_positions() -> None:
    assert REFERENCE.replay("yacht", 1, ["roll 12345", "reroll 1,2=66"])["dice"] == "66345"
    assert REFERENCE.replay("yacht", 1, ["roll 12345", "reroll 5,1=21"])["dice"] == "12342"
    assert REFERENCE.replay("kiriki", 1, ["roll 63524", "reroll 3=1", "reroll 2,4=55"])["dice"] == "65154"


def test_a_set_aside_roll_shows_its_dice_as_rolled() -> None:
    assert REFERENCE.replay("ten-thousand", 1, ["roll 615243"])["dice"] == "615243"


SORTED_DICE = '''
from dicespec.implementation import ReferenceImplementation


class SortedDice(ReferenceImplementation):
    """The reference, with the dice of each replay answer in ascending order."""

    name = "sorted-dice"
    rulesets = {"yacht": ["yacht"]}

    def replay(self, ruleset, players, actions):
        answer = super().replay(ruleset, players, actions)
        if answer["dice"] is not None:
            answer["dice"] = "".join(sorted(answer["dice"]))
        return answer
'''


def test_the_dice_of_an_answer_are_compared_as_text(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An implementation right in everything but the order of the dice fails the games it is asked."""
    (tmp_path / "sorted_dice.py").write_text(SORTED_DICE, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    report = tmp_path / "report.jsonl"
    args = ["--ruleset", "yacht", "--part", "games", "--games", "3", "--in-process", "--report", str(report)]
    assert main(["conform", "--python", "sorted_dice:SortedDice", *args]) == 1
    lines = [json.loads(line) for line in report.read_text(encoding="utf-8").splitlines()]
    failed = [line for line in lines if line["outcome"] == "failed"]
    assert failed and all(line["outcome"] in ("passed", "failed") for line in lines)
    for line in failed:
        expected, actual = line["expected"], line["actual"]
        assert expected["dice"] != actual["dice"] and sorted(expected["dice"]) == sorted(actual["dice"])
        assert {**expected, "dice": None} == {**actual, "dice": None}


# -- what the page names: games, rows, a die named twice, saved rolls, a hello refused -----------------

PAGES = {
    "en": REPO / "docs" / "protocol.md",
    **{lang: REPO / "docs" / lang / "protocol.md" for lang in ("fr", "de", "pl")},
}


def page(lang: str) -> str:
    return PAGES[lang].read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", PAGES)
def test_the_hello_section_names_every_game_id_of_the_registry(lang: str) -> None:
    """The games hello lists rulesets by are exactly the registry's, in its order, in every language."""
    from dicespec.registry import game_names

    found = re.search(r"<!-- game-ids -->(.*?)<!-- /game-ids -->", page(lang), re.S)
    assert found is not None, f"{lang}: the game ids are not marked <!-- game-ids --> … <!-- /game-ids -->"
    assert re.findall(r"`([^`]+)`", found.group(1)) == list(game_names()), lang


@pytest.mark.parametrize("lang", PAGES)
def test_the_row_ids_the_page_lists_are_the_rulesets_own(lang: str) -> None:
    """Kiriki's row ids, all of them in sheet order; Yacht's last six; and where one ruleset's sheet is
    printed (``dicespec rulesets NAME``: the row ids of each shipped ruleset, tests/test_cli.py)."""
    text = " ".join(page(lang).split())
    kiriki = ", ".join(f"`{row}`" for row in find_ruleset("kiriki").row_ids)
    yacht = ", ".join(f"`{row}`" for row in find_ruleset("yacht").row_ids[-6:])
    assert kiriki in text and yacht in text and "`dicespec rulesets NAME`" in text, lang


def test_a_die_named_twice_is_a_bad_die_index_under_every_score_sheet_ruleset() -> None:
    """``reroll 2,2=11`` (the page's example, as the runner's corpus sends it) is refused as
    ``bad-die-index``, changing nothing, as a position that is not one of the dice is."""
    assert "| `reroll 2,2=11` |" in page("en")
    for name in SHEETS:
        rules = find_ruleset(name)
        players, dice = rules.min_players, "1" * rules.dice
        before = REFERENCE.replay(name, players, [f"roll {dice}"])
        for reroll in ("reroll 2,2=11", "reroll 1,3,1=111", f"reroll {rules.dice + 1}=1"):
            answer = REFERENCE.replay(name, players, [f"roll {dice}", reroll])
            assert answer["rejected"] == {"at": 1, "code": "bad-die-index"}, (name, reroll)
            assert {**answer, "rejected": None} == before, (name, reroll)


def test_saved_rolls_are_those_of_the_turn_s_start_until_it_ends() -> None:
    """The page's Maxi Yatzy example: 2 saved after a turn of one roll; still 2 after the next turn's
    roll and three rerolls (4 rolls); 1 once that turn is scored; a sixth roll of that turn is
    refused, no saved roll being left."""
    assert find_ruleset("maxi-yatzy").rolls_per_turn == 3
    first = ["roll 123456", "score ones"]
    turn = ["roll 123456", "reroll 1=1", "reroll 1=1", "reroll 1=1"]

    def saved(actions: list[str]) -> tuple[int, int]:
        answer = REFERENCE.replay("maxi-yatzy", 1, actions)
        assert answer["rejected"] is None, actions
        return answer["players"][0]["saved_rolls"], answer["rolls"]

    assert saved(first) == (2, 0)
    assert saved([*first, *turn]) == (2, 4)
    assert saved([*first, *turn, "score twos"]) == (1, 0)
    assert saved([*first, *turn, "reroll 1=1"]) == (2, 5)
    refused = REFERENCE.replay("maxi-yatzy", 1, [*first, *turn, "reroll 1=1", "reroll 1=1"])["rejected"]
    assert refused == {"at": 7, "code": "no-saved-rolls"}
    text = " ".join(page("en").split())
    assert "`saved_rolls` still says 2 and `rolls` 4; once that turn is scored, 1" in text


def test_the_page_s_hello_error_is_the_runner_s() -> None:
    from dicespec.conformance.run.declared import not_a_game

    quoted = "'yatzee' is no game; the closest is 'yahtzee'"
    assert f"`{quoted}`" in page("en") and not_a_game("yatzee").startswith(quoted)


# -- the player to act, once the game is over --------------------------------------------------------

NEXT_IN_TURN = '''
from dicespec.implementation import ReferenceImplementation


class NextInTurn(ReferenceImplementation):
    """The reference, but once a game is over its answer names the next player in turn as the one
    to act, as an engine that moves on after the last turn does (``always``: mid-game too)."""

    name = "next-in-turn"
    rulesets = {"yacht": ["yacht"], "greed": ["greed"], "generala": ["generala"]}
    always = False

    def replay(self, ruleset, players, actions):
        answer = super().replay(ruleset, players, actions)
        if answer["over"] or self.always:
            answer["current"] = (answer["current"] + 1) % players
        return answer


class AlwaysNextInTurn(NextInTurn):
    always = True
'''


def test_once_over_the_reference_names_the_last_to_play() -> None:
    """The page: once the game is over, the reference's ``current`` is the player who played last,
    in both families (a served Generala, whose server ends the game out of turn; the bank that
    reaches the target, with no final round)."""
    served = REFERENCE.replay("generala", 3, ["roll 12346", "score ones", "roll 44444", "score generala"])
    assert served["over"] and served["current"] == 1
    turn = ["roll 111112", "set 11111", "roll 1", "set 1", "roll 111116", "set 11111", "bank"]  # 8,100
    banked = REFERENCE.replay("ten-thousand", 3, [*turn, *turn, *turn, "roll 555552", "set 55555", "bank"])
    assert banked["over"] and banked["current"] == 0 and banked["winners"] == [0]


def test_the_player_to_act_carries_no_rule_once_the_game_is_over() -> None:
    """``current`` is the one part of an answer that carries no rule, and only once the game is
    over: an answer that names another player then is alike; mid-game, or in any other part, not."""
    from dicespec.implementation import answers_alike, carries_no_rule

    over = REFERENCE.replay("generala", 3, ["roll 12346", "score ones", "roll 44444", "score generala"])
    going = REFERENCE.replay("generala", 3, ["roll 12346", "score ones"])
    assert carries_no_rule(over) == ("current",) and carries_no_rule(going) == ()
    assert answers_alike(over, {**over, "current": 2})
    assert not answers_alike(going, {**going, "current": 2})
    assert not answers_alike(over, {**over, "current": 2, "winners": [0]})
    assert not answers_alike(over, {**over, "current": 2, "over": False})


def test_once_over_every_other_part_follows_from_the_rules() -> None:
    """The page: once a game is over, the turn that ended it has ended (a score sheet's dice null and
    rolls 0; a set-aside game's phase turn-start, every die left, no turn points, dice null), and
    the player to act is the one part that carries no rule; the reference's replayed games under
    every shipped ruleset, each asked at its end."""
    from dicespec import corpus
    from dicespec.implementation import carries_no_rule
    from dicespec.registry import game_names
    from dicespec.rulesets import ruleset_names as names_of

    for name in game_names():
        cases = corpus.games({name: names_of(name)}, count=2)
        ends = [case for case in cases if case.expected["over"]]
        assert {case.ruleset for case in ends} == set(names_of(name)), f"{name}: a ruleset whose games never end"
        for case in ends:
            answer, rules = case.expected, find_ruleset(case.ruleset)
            assert carries_no_rule(answer) == ("current",), case.id
            assert answer["dice"] is None and answer["winners"], case.id
            if isinstance(rules, SheetRuleset):
                assert answer["rolls"] == 0, case.id
            else:
                assert (answer["phase"], answer["dice_left"], answer["turn_points"]) == (
                    "turn-start",
                    rules.dice,
                    0,
                ), case.id


def run_next_in_turn(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str) -> tuple[int, list[dict]]:
    (tmp_path / "next_in_turn.py").write_text(NEXT_IN_TURN, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    report = tmp_path / f"{name}.jsonl"
    args = ["--ruleset", "yacht", "--ruleset", "greed", "--part", "games", "--games", "6", "--in-process"]
    status = main(["conform", "--python", f"next_in_turn:{name}", *args, "--report", str(report)])
    return status, [json.loads(line) for line in report.read_text(encoding="utf-8").splitlines()]


def test_an_engine_that_moves_on_once_the_game_is_over_passes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every replayed game passes, those that end with several players among them (where its
    ``current`` is not the reference's)."""
    from dicespec import corpus

    status, lines = run_next_in_turn(tmp_path, monkeypatch, "NextInTurn")
    assert status == 0 and {line["outcome"] for line in lines} == {"passed"}
    cases = list(corpus.games({"yacht": ["yacht"], "greed": ["greed"]}, count=6))
    moved_on = [case.id for case in cases if case.expected["over"] and case.args["players"] > 1]
    assert moved_on and set(moved_on) <= {line["id"] for line in lines}


def test_mid_game_the_player_to_act_is_held(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same engine naming the next player mid-game fails exactly the games asked mid-game with
    several players."""
    from dicespec import corpus

    status, lines = run_next_in_turn(tmp_path, monkeypatch, "AlwaysNextInTurn")
    cases = list(corpus.games({"yacht": ["yacht"], "greed": ["greed"]}, count=6))
    mid_game = {case.id for case in cases if not case.expected["over"] and case.args["players"] > 1}
    assert status == 1 and mid_game
    assert {line["id"] for line in lines if line["outcome"] == "failed"} == mid_game
    assert {line["outcome"] for line in lines if line["id"] not in mid_game} == {"passed"}


@pytest.mark.slow
def test_the_spec_holds_no_implementation_to_the_player_to_act_once_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The features part (the spec's pytest run): the scenario that reads the reference's player to
    act once a served Generala ends the game passes with another player there."""
    (tmp_path / "next_in_turn.py").write_text(NEXT_IN_TURN, encoding="utf-8")
    monkeypatch.chdir(tmp_path)  # the spec's run finds the module in the current folder
    report = tmp_path / "r.jsonl"
    args = ["--ruleset", "generala", "--part", "features", "--select", "generala-en-served-last-to-act"]
    assert main(["conform", "--python", "next_in_turn:NextInTurn", *args, "--report", str(report)]) == 0
    [line] = [json.loads(line) for line in report.read_text(encoding="utf-8").splitlines()]
    assert (line["id"], line["outcome"]) == ("generala-en-served-last-to-act", "passed")
    assert capsys.readouterr().out.rstrip().endswith("1 passed, 0 failed, 0 errored, 0 skipped")


# -- what the workers run with -----------------------------------------------------------------------

PROBE = '''
import json, os, sys


class Probe:
    """Writes down what it runs with, and answers 0 to every score."""

    name = "probe"
    rulesets = {"yacht": ["yacht"]}

    def __init__(self):
        try:
            import on_pythonpath
            imported = on_pythonpath.__file__
        except ImportError:
            imported = None
        facts = {
            "executable": sys.executable,
            "cwd": os.getcwd(),
            "path": sys.path,
            "environment": dict(os.environ),
            "stdin": sys.stdin.read(),
            "imported": imported,
        }
        print("printed by the implementation")
        with open(os.path.join(os.environ["PROBE_OUT"], f"{os.getpid()}.json"), "w") as out:
            json.dump(facts, out)

    def score(self, ruleset, dice, row):
        return 0
'''


@pytest.fixture
def probe(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Path]:
    """A folder holding the probe (the current folder), one on PYTHONPATH, one for its facts."""
    folders = {name: tmp_path / name for name in ("work", "extra", "facts")}
    for folder in folders.values():
        folder.mkdir()
    (folders["work"] / "probe.py").write_text(textwrap.dedent(PROBE), encoding="utf-8")
    (folders["extra"] / "on_pythonpath.py").write_text("", encoding="utf-8")
    monkeypatch.chdir(folders["work"])
    monkeypatch.setenv("PYTHONPATH", str(folders["extra"]))
    monkeypatch.setenv("PROBE_OUT", str(folders["facts"]))
    monkeypatch.setenv("PYTEST_ADDOPTS", "-p no:nothing-here")
    monkeypatch.delenv("PYTHONDONTWRITEBYTECODE", raising=False)
    return folders


def facts(folder: Path) -> list[dict]:
    return [json.loads(path.read_text(encoding="utf-8")) for path in sorted(folder.glob("*.json"))]


def check_worker(found: dict, folders: dict[str, Path]) -> None:
    assert found["executable"] == sys.executable  # the runner's interpreter, not the first python on PATH
    assert Path(found["cwd"]).resolve() == folders["work"].resolve()  # the runner's current folder
    environment = found["environment"]
    assert environment["PROBE_OUT"] == str(folders["facts"])  # the runner's environment, inherited
    assert environment["PYTHONPATH"] == str(folders["extra"])
    assert "DICESPEC_CONFORM_RUN" in environment  # the run's mark
    assert found["imported"] == str(folders["extra"] / "on_pythonpath.py")  # PYTHONPATH is searched
    assert found["stdin"] == ""  # it reads nothing; the protocol has its own copies of stdin and stdout


def test_a_python_worker_runs_with_the_runners_interpreter_environment_folder_and_path(
    probe: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["--ruleset", "yacht", "--part", "exhaustive", "--select", "yacht/score/yacht/12346/yacht"]
    assert main(["conform", "--python", "probe:Probe", *args]) == 0
    assert "implementation: probe" in capsys.readouterr().out
    (found,) = facts(probe["facts"])
    check_worker(found, probe)
    assert found["environment"]["PYTEST_ADDOPTS"] == "-p no:nothing-here"  # untouched outside the features part
    runner_path = [entry for entry in sys.path if isinstance(entry, str)]
    assert found["path"][: len(runner_path)] == runner_path  # the runner's sys.path first
    assert str(probe["extra"]) in found["path"][len(runner_path) :]  # then its own: PYTHONPATH's, the folder's
    assert str(probe["work"]) in found["path"][len(runner_path) :] or "" in found["path"]


@pytest.mark.slow
def test_the_features_parts_worker_runs_in_the_spec_runs_environment(probe: dict[str, Path]) -> None:
    """The runner's own worker (its hello), and the one the spec's pytest run starts: the runner's
    environment there, with the loading of installed pytest plugins turned off and no
    PYTEST_ADDOPTS; the worker's own run has the runner's environment as it is."""
    args = ["--ruleset", "yacht", "--part", "features", "--select", "yacht-en-canonical-not-yacht"]
    assert main(["conform", "--python", "probe:Probe", *args]) == 0
    found = facts(probe["facts"])
    for each in found:
        check_worker(each, probe)
    in_spec_run = [each["environment"] for each in found if "PYTEST_ADDOPTS" not in each["environment"]]
    assert len(in_spec_run) == 1 and len(found) == 2
    assert in_spec_run[0]["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] == "1"
    (own,) = [each["environment"] for each in found if "PYTEST_ADDOPTS" in each["environment"]]
    assert own.get("PYTEST_DISABLE_PLUGIN_AUTOLOAD") == os.environ.get("PYTEST_DISABLE_PLUGIN_AUTOLOAD")
    for each in (own, in_spec_run[0]):  # bytecode as the runner's environment says
        assert each.get("PYTHONDONTWRITEBYTECODE") == os.environ.get("PYTHONDONTWRITEBYTECODE")
