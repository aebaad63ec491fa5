"""The browser's optimal coach (``js/coach.mjs``) on its coach files
(``dicespec.solver.coachdata``): at positions of seeded games, played with the Python engine and
replayed by the JavaScript implementation, the coach gives every choice the solver gives, with
the same value (within 1e-6) and the same best choice (``dicespec.solver.hint``; the set-aside
turn policy). One node process a ruleset answers every position of it: here for one ruleset of
each family, in the fast loop; every shipped ruleset is checked the same way in the browser, on
the built site's coach files, by ``tests/site/test_coach.py``."""

from __future__ import annotations

import gzip
import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from coach_positions import disagreements, positions
from dicespec.rulesets import find_ruleset
from dicespec.solver import solution
from dicespec.solver.coachdata import MAGIC, coach_data, coach_header, read_coach_data
from folders import REPO

COACH = REPO / "js" / "coach.mjs"
GAMES = REPO / "js" / "dicespec-games.mjs"
RULESETS = REPO / "js" / "rulesets.json"
FAST = ("yacht", "greed")  # one ruleset of each family; the browser test checks them all

RUNNER = """
import { loadCoach } from "./coach.mjs";
import { operations } from "./dicespec-games.mjs";
import { readFileSync } from "node:fs";

const [rulesetsFile, coachFile, name] = process.argv.slice(2);
const rulesets = JSON.parse(readFileSync(rulesetsFile, "utf8"));
const positions = JSON.parse(readFileSync(0, "utf8"));
const start = performance.now();
const coach = await loadCoach(name, rulesets, new Uint8Array(readFileSync(coachFile)));
const loaded = performance.now();
const play = operations(rulesets);
const advice = [];
let first = null;
for (const { players, actions } of positions) {
  advice.push(coach.advise(play.replay({ ruleset: name, players, actions })));
  first ??= performance.now();
}
const end = performance.now();
console.log(JSON.stringify({ load_ms: loaded - start, first_ms: (first ?? end) - start, all_ms: end - start, advice }));
"""

LOADER = """
import { loadCoach } from "./coach.mjs";
import { readFileSync } from "node:fs";

const [rulesetsFile, name, ...files] = process.argv.slice(2);
const rulesets = JSON.parse(readFileSync(rulesetsFile, "utf8"));
const found = [];
for (const file of files) {
  try {
    const coach = await loadCoach(name, rulesets, new Uint8Array(readFileSync(file)));
    found.push({ loaded: coach.family });
  } catch (error) {
    found.push({ refused: String(error.message) });
  }
}
console.log(JSON.stringify(found));
"""


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The coach beside the JavaScript implementation, as on the site, and the node scripts."""
    found = tmp_path_factory.mktemp("coach")
    shutil.copy(COACH, found / "coach.mjs")
    shutil.copy(GAMES, found / "dicespec-games.mjs")
    (found / "runner.mjs").write_text(RUNNER, encoding="utf-8")
    (found / "loader.mjs").write_text(LOADER, encoding="utf-8")
    return found


def _node(folder: Path, script: str, *args: str, stdin: str = "") -> Any:
    result = subprocess.run(
        ["node", script, *args], cwd=folder, input=stdin, capture_output=True, text=True, timeout=600
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


# -- the tests -------------------------------------------------------------------------------------


@pytest.mark.usefixtures("node")
@pytest.mark.parametrize("name", FAST)
def test_the_coach_gives_the_solvers_choices_and_values(name: str, folder: Path) -> None:
    """At every sampled position the coach gives the solver's choices, values and best choice."""
    ruleset = find_ruleset(name)
    data = coach_data(ruleset)
    assert data is not None
    path = folder / f"{name}.coach.gz"
    path.write_bytes(data)
    sampled = positions(name)
    assert any(advice for _, advice in sampled)
    answer = _node(folder, "runner.mjs", str(RULESETS), str(path), name, stdin=json.dumps([p for p, _ in sampled]))
    wrong = disagreements(sampled, answer["advice"])
    print(
        f"{name}: {len(data) / 1e6:.3f} MB, {len(sampled)} positions, load {answer['load_ms']:.0f} ms, "
        f"first advice {answer['first_ms']:.0f} ms, all {answer['all_ms']:.0f} ms"
    )
    assert not wrong, f"{len(wrong)} of {len(sampled)} positions differ:\n" + "\n".join(wrong[:10])


@pytest.mark.usefixtures("node")
def test_a_coach_file_made_for_something_else_is_refused(folder: Path) -> None:
    """A file of another format, ruleset or rules, or no coach file at all, is refused in one line."""
    data = coach_data(find_ruleset("yacht"))
    assert data is not None
    header, _ = read_coach_data(data)
    body = gzip.decompress(data)
    end = body.index(b"\n", len(MAGIC))

    def with_header(**changes: Any) -> bytes:
        line = json.dumps({**header, **changes}, separators=(",", ":")).encode()
        return gzip.compress(MAGIC + line + body[end:])

    files = {
        "good": data,
        "format": with_header(format=header["format"] + 1),
        "ruleset": with_header(ruleset="yahtzee"),
        "rules": with_header(rules_digest="00000000"),
        "magic": gzip.compress(b"dicespec-coach-x\n" + body[len(MAGIC) :]),
        "gzip": body,
        "short": with_header(count=header["count"] + 1),
    }
    for kind, content in files.items():
        (folder / f"{kind}.gz").write_bytes(content)
    found = _node(folder, "loader.mjs", str(RULESETS), "yacht", *(f"{kind}.gz" for kind in files))
    assert found[0] == {"loaded": "score-sheet"}
    for kind, answer in zip(list(files)[1:], found[1:], strict=True):
        assert "refused" in answer, f"a file with a wrong {kind} was loaded"
        assert "\n" not in answer["refused"] and answer["refused"], kind


def test_a_coach_file_holds_its_rules_key_and_values() -> None:
    """The file's header names its ruleset and rules; its values are the solver's, read back."""
    ruleset = find_ruleset("yacht")
    data = coach_data(ruleset)
    assert data is not None
    header, values = read_coach_data(data)
    assert header == coach_header(ruleset)
    assert header["ruleset"] == "yacht" and header["family"] == "score-sheet"
    solved = solution(ruleset)
    assert values[0] == solved.values[0, 0, 0]  # the empty sheet comes first
    assert len(values) == header["count"]


def test_a_ruleset_the_solver_refuses_has_no_coach_file() -> None:
    """Maxi Yatzy's saved rolls are beyond the solver: no coach file."""
    assert coach_data(find_ruleset("maxi-yatzy")) is None
