"""The two-player optimum as the game pages read it (``dicespec.solver.dueldata``): made for a
ruleset whose solve is quick, by its rules alone; and read by ``js/coach.mjs``'s ``DuelCoach``,
whose chances within a turn, worked out in the browser from the file, are the solve's own."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from dicespec import find_ruleset
from dicespec.solver import twoplayer
from dicespec.solver.dueldata import duel_data
from folders import REPO

GREED = find_ruleset("greed")

# Each (mine, theirs, turn points, dice in hand): the start, off the board below the entry and at
# it, mid-game both ways, near the target, past it (a final round's bar), and the other's last turn.
STATES = [
    (0, 0, 0, 5),
    (0, 0, 150, 3),
    (0, 0, 300, 2),
    (0, 1200, 250, 1),
    (1200, 0, 400, 4),
    (2500, 2700, 350, 2),
    (2900, 1000, 50, 5),
    (2950, 2950, 100, 1),
    (2000, 3100, 900, 3),
    (2800, 3000, 200, 5),
]

READ = """
import { readFileSync } from "node:fs";
import { loadDuel } from "./js/coach.mjs";
const rulesets = JSON.parse(readFileSync("js/rulesets.json", "utf8"));
const duel = loadDuel("greed", rulesets, JSON.parse(readFileSync(process.argv[1], "utf8")));
const states = JSON.parse(process.argv[2]);
console.log(JSON.stringify(states.map(([m, o, t, n]) => [duel.chance(m, o, t, n), duel.bankChance(m, o, t)])));
"""


def test_only_a_quick_solve_has_a_file() -> None:
    """Greed's solve is quick: it has one. 10000's takes minutes, and Farkle's is refused: none,
    whatever the cache holds."""
    assert duel_data(find_ruleset("ten-thousand")) is None and duel_data(find_ruleset("farkle")) is None
    data = duel_data(GREED)
    assert data is not None and data["goal"] == 60 and len(data["starts"]) == 60 * 60
    assert data["starts"][0] == twoplayer.duel(GREED).first_player_chance


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_browser_works_out_the_solves_chances_from_the_file(tmp_path: Path) -> None:
    """At every kind of state, the chance of winning and of banking that ``DuelCoach`` works out
    from the file are the solve's (to rounding: the same sums, in the same order)."""
    path = tmp_path / "greed.duel.json"
    path.write_text(json.dumps(duel_data(GREED)), encoding="utf-8")
    done = subprocess.run(
        ["node", "--input-type=module", "-e", READ, str(path), json.dumps(STATES)],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
    )
    solved = twoplayer.duel(GREED)
    for (mine, theirs, t, n), (chance, bank) in zip(STATES, json.loads(done.stdout), strict=True):
        where = f"{mine} against {theirs}, {t} points, {n} dice"
        assert chance == pytest.approx(solved.chance(mine, theirs, t, n), abs=1e-12), where
        expected = solved.bank_chance(mine, theirs, t)
        assert (bank is None) == (expected is None), where
        if expected is not None:
            assert bank == pytest.approx(expected, abs=1e-12), where
