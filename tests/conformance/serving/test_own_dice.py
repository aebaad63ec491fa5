"""The reference engines rolling their own dice (``python -m dicespec.adapter --own-dice``): a
hello that says so, a replay it cannot be asked, and games it keeps by their number, each move
answered with the state after it and the dice it threw, from each game's own seeded dice."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from typing import Any

import pytest

import dicespec
from dicespec.conformance.protocol.messages import problem
from dicespec.conformance.serving.adapter import Server, main, reference_games
from dicespec.conformance.serving.own_dice import OwnDiceReference
from dicespec.implementation import RollsOwnDice
from folders import REPO


def server(seed: int = 0) -> Server:
    return Server(OwnDiceReference(seed), games=reference_games(), dice="own")


def ask(server: Server, op: str, request_id: int = 1, **args: Any) -> dict[str, Any]:
    reply: dict[str, Any] = server.answer({"id": request_id, "op": op, **args})
    return reply


def act(server: Server, game: int, action: str, *, ruleset: str = "yahtzee", players: int = 2) -> Any:
    reply = ask(server, "act", ruleset=ruleset, players=players, game=game, action=action)
    assert "result" in reply, reply
    return reply["result"]


def test_its_hello_says_that_it_rolls_its_own_dice_and_a_replay_cannot_be_asked() -> None:
    served = server()
    assert isinstance(served.implementation, RollsOwnDice)
    assert ask(served, "hello", protocol=2, protocols=[2, 1])["result"]["dice"] == "own"
    reply = ask(served, "replay", ruleset="yahtzee", players=1, actions=["roll 12345"])
    assert reply["cannot_ask"] is True and "own dice" in reply["skipped"]


def test_a_move_is_answered_with_the_state_after_it_and_the_dice_it_threw() -> None:
    served = server()
    rolled = act(served, 0, "roll")
    assert len(rolled["rolled"]) == 5 and set(rolled["rolled"]) <= set("123456")
    assert rolled["state"]["dice"] == rolled["rolled"] and rolled["state"]["rolls"] == 1
    rerolled = act(served, 0, "reroll 2,4")
    dice, before = rerolled["state"]["dice"], rolled["state"]["dice"]
    assert len(rerolled["rolled"]) == 2
    assert dice == before[0] + rerolled["rolled"][0] + before[2] + rerolled["rolled"][1] + before[4]
    scored = act(served, 0, "score chance")
    assert scored["rolled"] is None
    assert scored["state"]["players"][0]["lines"]["chance"] == sum(map(int, dice))
    assert scored["state"]["current"] == 1 and scored["state"]["dice"] is None


def test_a_refused_move_leaves_the_game_as_it_was_its_index_the_moves_accepted_before() -> None:
    served = server()
    first = act(served, 7, "roll", ruleset="greed")["state"]
    refused = act(served, 7, "bank", ruleset="greed")
    assert refused == {"state": {**first, "rejected": {"at": 1, "code": "must-set-aside"}}, "rolled": None}
    assert act(served, 7, "roll", ruleset="greed")["state"]["rejected"] == {"at": 1, "code": "must-set-aside"}


def test_each_game_throws_its_own_seeded_dice() -> None:
    """The same seed and game number, the same dice, whatever the other games do; other seeds,
    other dice."""
    first, again = server(3), server(3)
    dice = act(first, 5, "roll", ruleset="farkle")["rolled"]
    act(again, 2, "roll", ruleset="farkle")  # another game first: the dice of game 5 are its own
    assert act(again, 5, "roll", ruleset="farkle")["rolled"] == dice
    assert {act(server(seed), 5, "roll", ruleset="farkle")["rolled"] for seed in range(4, 9)} - {dice}


def test_what_it_cannot_play_is_an_error() -> None:
    served = server()
    act(served, 0, "roll")
    for action, ruleset, players, says in (
        ("roll 12345", "yahtzee", 2, "throws its own dice"),
        ("reroll 1=6", "yahtzee", 2, "throws its own dice"),
        ("score chance", "yacht", 2, "a game of yahtzee"),
        ("score chance", "yahtzee", 3, "for 2 players"),
    ):
        reply = ask(served, "act", ruleset=ruleset, players=players, game=0, action=action)
        assert says in reply["error"]["message"], reply


def test_protocol_1_has_no_own_dice(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--protocol", "1", "--own-dice"]) == 2
    assert "protocol 1 has no act" in capsys.readouterr().err


def test_the_documented_exchange_is_what_the_adapter_says() -> None:
    """``python -m dicespec.adapter --own-dice --seed 2 --validate`` answers the requests of the
    protocol page's exchange of an engine that rolls its own dice with the replies it shows."""
    page = (REPO / "docs" / "protocol.md").read_text(encoding="utf-8")
    text = page.split("<!-- own-dice-exchange -->", 1)[1]
    block = re.search(r"```text\n(.*?)```", text, re.S)
    assert block is not None and "With `--seed 2`," in page
    lines = block.group(1).splitlines()
    requests = [line[2:] for line in lines if line.startswith("→ ")]
    documented = [json.loads(line[2:]) for line in lines if line.startswith("← ")]
    assert len(requests) == len(documented) == len(lines) // 2
    done = subprocess.run(
        [sys.executable, "-m", "dicespec.adapter", "--own-dice", "--seed", "2", "--validate"],
        input="\n".join(requests) + "\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    documented[0]["result"]["implementation"]["version"] = dicespec.__version__
    assert [json.loads(line) for line in done.stdout.splitlines()] == documented
    assert done.stderr == ""
    for request, reply in zip(requests, documented, strict=True):
        assert problem("request", json.loads(request)) is None
        assert problem("reply", reply) is None
