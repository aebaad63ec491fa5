"""An engine that rolls its own dice (``tests/conformance_fakes/own_dice.py``) passes or fails exactly
as its rules and its bugs say: the reference rolling its own dice passes every game, played move by
move and none replayed; with a bug of game flow (after a farkle the turn stays) it fails each game
at its first farkle, and only where that changes something; with dice that are not dice (a 7, a die
too few, a kept die changed) it fails each game at the throw that shows them, naming them. Each run
is ``dicespec conform`` in process, the fake a process of its own (one per behaviour), narrowed to
a few games of one ruleset; what the fake should answer is worked out here in process, the same
games played against the reference rolling the same seeded dice (:mod:`own_dice_games`)."""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import Any

import pytest

from dicespec.cli import main
from dicespec.conformance.run.declared import HelloError
from dicespec.conformance.run.own_dice import check_hello
from dicespec.conformance.run.report import differences
from dicespec.conformance.transports.wire import Hello
from fakes import fake_command, fake_module, in_process
from own_dice_games import Act, acts

GAMES = 6


def conform(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    fake: str,
    *rulesets: str,
    games: int = GAMES,
    options: tuple[str, ...] = (),
) -> tuple[int, list[dict[str, Any]], str]:
    """``dicespec conform`` of the fake (``fake``: its own options) on the games of ``rulesets``
    (``options``: the run's own): its exit status, its report's lines and its text."""
    report = tmp_path / "report.jsonl"
    narrow = [arg for name in rulesets for arg in ("--ruleset", name)]
    command = " ".join([fake_command("own_dice"), fake]).strip()
    status, out = in_process(
        capsys, "--impl", command, "--part", "games", *narrow, "--games", str(games), "--report", str(report), *options
    )
    return status, [json.loads(line) for line in report.read_text(encoding="utf-8").splitlines()], out


def games_of(ruleset: str, game: str, count: int = GAMES) -> dict[str, list[Act]]:
    """Each game's moves as the reference rolling its own dice answers them (seed 0, the games
    numbered as the runner numbers them), by the case's id."""
    found: dict[str, list[Act]] = {}
    for act in acts({game: [ruleset]}, count=count):
        found.setdefault(act.game.id, []).append(act)
    return found


def after(count: int) -> str:
    """How a message says where a move stands: ``after 3 actions``."""
    return f"after {count:,} action{'' if count == 1 else 's'}"


def accepted_before(moves: list[Act], index: int) -> int:
    """The moves the rules accepted before move ``index`` (a probe they refuse is none)."""
    return sum(1 for act in moves[:index] if act.answer["state"]["rejected"] is None)


def test_the_reference_rolling_its_own_dice_passes_every_game_played_move_by_move(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, lines, out = conform(capsys, tmp_path, "", "greed", "yacht", games=3)
    assert status == 0, out[-3000:]
    assert len(lines) == 2 * 3
    assert {line["outcome"] for line in lines} == {"passed"}
    assert all("/own-dice/" in line["id"] and line["dice"] == "own" for line in lines)  # no replay asked
    assert {line["kind"] for line in lines} == {"greed game (own dice)", "yacht game (own dice)"}
    assert "\ndice: its own" in out
    assert "\n  greed (3 games): hot_dice " in out
    assert "\n  yacht (3 games): none" in out  # Yacht has no rule that needs particular dice


def test_a_bug_of_game_flow_fails_each_game_exactly_where_it_shows(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """After a farkle the turn stays with the player: in a game of more than one player, the game
    fails at its first farkle (the reference passes the turn on there, the fake does not), and there
    only the player to act differs; a game of one player, where it changes nothing, passes."""
    expected: dict[str, int] = {}  # game → the actions accepted before its first farkle
    for case_id, moves in games_of("farkle", "ten-thousand").items():
        for index, act in enumerate(moves):
            state = act.answer["state"]
            farkle = act.args["action"] == "roll" and state["phase"] == "turn-start" and not state["over"]
            if farkle and act.args["players"] > 1:
                expected[case_id] = accepted_before(moves, index)
                break
    assert expected and len(expected) < GAMES  # some games fail, one (of one player) does not
    status, lines, out = conform(capsys, tmp_path, "--turn-stays-after-a-farkle", "farkle")
    assert status == 1
    failed = {line["id"]: line for line in lines if line["outcome"] == "failed"}
    assert set(failed) == set(expected), out[-3000:]
    assert {line["outcome"] for line in lines if line["id"] not in expected} == {"passed"}
    for case_id, line in failed.items():
        assert line["message"].startswith(f"{after(expected[case_id])}, roll: "), line["message"]
        assert [path for path, _, _ in differences(line["expected"], line["actual"])] == ["current"]


@pytest.mark.parametrize(
    ("illegal", "shown"),
    [("face", lambda rolled: "7" + rolled[1:]), ("count", lambda rolled: rolled[:-1])],
    ids=["a 7", "a die too few"],
)
def test_dice_that_are_not_dice_fail_the_game_at_the_throw_that_shows_them(
    illegal: str, shown: Any, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The fake's third throw of each game shows them: each game fails there, its message naming
    the dice it threw and the dice that were thrown."""
    expected: dict[str, tuple[int, str, int]] = {}  # game → (actions before, the dice it shows, dice thrown)
    for case_id, moves in games_of("greed", "greed").items():
        throws = [index for index, act in enumerate(moves) if act.answer["rolled"] is not None]
        third = throws[2]
        rolled = moves[third].answer["rolled"]
        expected[case_id] = (accepted_before(moves, third), shown(rolled), len(rolled))
    status, lines, out = conform(capsys, tmp_path, f"--illegal {illegal}", "greed")
    assert status == 1
    assert {line["id"]: line["outcome"] for line in lines} == dict.fromkeys(expected, "failed"), out[-3000:]
    for line in lines:
        before, dice, thrown = expected[line["id"]]
        assert line["message"].startswith(f"{after(before)}, roll: the dice it threw are not dice: {dice}: ")
        assert line["actual"] == {"rolled": dice}
        assert line["expected"] == {"rolled": f"{thrown} {'die' if thrown == 1 else 'dice'}, each 1 to 6"}
    assert "a 7 is no face of a die" in out if illegal == "face" else "were thrown" in out


def test_a_kept_die_that_changes_fails_the_game_at_that_reroll(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The fake's first reroll of each game changes the first die it keeps: each game that rerolls
    fails there, naming the die, what it was and what it shows; a game played without a reroll (the
    greedy policy keeps its first roll) passes."""
    expected: dict[str, tuple[int, str]] = {}  # game → (actions before its first reroll, what it says of the die)
    for case_id, moves in games_of("yahtzee", "yahtzee").items():
        rerolls = [index for index, act in enumerate(moves) if act.args["action"].startswith("reroll ")]
        if rerolls:
            first = rerolls[0]
            named = {int(p) - 1 for p in moves[first].args["action"].split()[1].split(",")}
            dice = moves[first].answer["state"]["dice"]
            kept = min(set(range(len(dice))) - named)
            changed = f"die {kept + 1} was kept at {dice[kept]} and shows {int(dice[kept]) % 6 + 1}"
            expected[case_id] = (accepted_before(moves, first), changed)
    assert expected and len(expected) < GAMES
    status, lines, out = conform(capsys, tmp_path, "--illegal kept", "yahtzee")
    assert status == 1
    failed = {line["id"]: line for line in lines if line["outcome"] == "failed"}
    assert set(failed) == set(expected), out[-3000:]
    assert {line["outcome"] for line in lines if line["id"] not in expected} == {"passed"}
    for case_id, line in failed.items():
        before, changed = expected[case_id]
        assert line["message"].startswith(f"{after(before)}, reroll "), line["message"]
        assert line["message"].splitlines()[0].endswith(changed), line["message"]
        assert [path for path, _, _ in differences(line["expected"], line["actual"])] == ["dice"]


def test_dice_with_which_the_game_cannot_end_error_the_game_once_where_the_policies_give_up(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Every roll a farkle: no one ever scores, and the seeded policies give the game up at their
    turn limit, as they read the reply that shows the dice; the game is errored there, once, its
    reply read in full and not judged again."""
    status, lines, out = conform(capsys, tmp_path, "--always 234662", "farkle", games=1)
    assert status == 1
    assert [line["outcome"] for line in lines] == ["errored"], out[-3000:]
    assert ", roll: " in lines[0]["message"] and "the game does not end" in lines[0]["message"]


@pytest.fixture(scope="module")
def other_orders() -> dict[str, dict[str, str]]:
    """The games of greed in which the fake of checks in another order refuses an action with
    another code than the reference's (the first such action: its code and the reference's)."""
    found: dict[str, dict[str, str]] = {}
    for case_id, moves in games_of("greed", "greed").items():
        codes = next((act.move.refusals for act in moves if len(act.move.refusals) > 1), None)
        if codes is not None:
            found[case_id] = {"expected": codes[0], "actual": codes[-1]}
    assert found and len(found) < GAMES
    return found


def test_refusals_in_another_order_pass_counted_apart(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, other_orders: dict[str, dict[str, str]]
) -> None:
    """A game refused in another order, for a reason the rules give too, passes, counted apart."""
    status, lines, out = conform(capsys, tmp_path, "--last-refusal", "greed")
    assert status == 0, out[-3000:]
    assert {line["outcome"] for line in lines} == {"passed"}
    assert {line["id"]: line["refusal"] for line in lines if "refusal" in line} == other_orders
    assert f"(passed; --strict-refusals fails them): {len(other_orders)}\n" in out


def test_held_to_the_reference_s_codes_it_fails_those_games_at_that_action(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, other_orders: dict[str, dict[str, str]]
) -> None:
    status, lines, out = conform(capsys, tmp_path, "--last-refusal", "greed", options=("--strict-refusals",))
    assert status == 1
    failed = {line["id"]: line for line in lines if line["outcome"] == "failed"}
    assert set(failed) == set(other_orders), out[-3000:]
    assert {line["outcome"] for line in lines if line["id"] not in failed} == {"passed"}
    for case_id, line in failed.items():
        codes = other_orders[case_id]
        assert f"refused as {codes['actual']}, not {codes['expected']}: both apply" in line["message"]


@pytest.mark.parametrize(
    ("dice", "message"),
    [
        ({"mahjong": "own"}, "dice: 'mahjong' is no game; the closest is"),
        ({"farkle": "own"}, "dice: 'farkle' is no game but a ruleset of ten-thousand"),
        ({"greed": "own"}, "dice.greed: own dice for a game it plays no ruleset of"),
    ],
    ids=["no game", "a ruleset", "not played"],
)
def test_own_dice_for_a_game_the_runner_cannot_play_is_refused_in_one_line(dice: dict[str, str], message: str) -> None:
    """The runner's check of the hello the adapter answers, built here in process."""
    extra = {"games": {"yahtzee": ["yahtzee"]}, "dice": dice}
    reply = fake_module("declares").Declares(extra).answer({"id": 1, "op": "hello", "protocol": 2, "protocols": [2, 1]})
    with pytest.raises(HelloError) as refused:
        check_hello(Hello.from_result(reply["result"]))
    assert str(refused.value).startswith(f"the hello of dicespec-reference: {message}"), refused.value
    assert "\n" not in str(refused.value)


def test_own_dice_for_a_game_it_does_not_play_stops_the_run_with_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    """Before any case: one line on stderr, nothing on stdout, exit status 2."""
    extra = json.dumps({"games": {"yahtzee": ["yahtzee"]}, "dice": {"greed": "own"}})
    command = f"{fake_command('declares')} {shlex.quote(extra)}"
    status = main(["conform", "--impl", command, "--part", "games", "--games", "1"])
    out, err = capsys.readouterr()
    assert (status, out) == (2, ""), out[-2000:]
    assert err.count("\n") == 1 and "dice.greed: own dice for a game it plays no ruleset of" in err, err
