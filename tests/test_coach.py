"""The browser's optimal coach (``docs/javascripts/coach.mjs``) on its coach files
(``dicespec.solver.coachdata``): at positions of seeded games, played with the Python engine and
replayed by the JavaScript implementation, the coach gives every choice the solver gives, with
the same value (within 1e-6) and the same best choice (``dicespec.solver.hint``; the set-aside
turn policy). One node process a ruleset answers every position of it."""

from __future__ import annotations

import gzip
import json
import random
import shutil
import subprocess
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dicespec.dice import Roll
from dicespec.errors import UnsupportedRulesetError
from dicespec.rulesets import find_ruleset, ruleset_names
from dicespec.scoresheet.game import SheetGame, is_joker, is_repeat
from dicespec.scoresheet.ruleset import SheetRuleset
from dicespec.setaside.combos import options
from dicespec.setaside.game import Phase, SetAsideGame
from dicespec.setaside.ruleset import SetAsideRuleset
from dicespec.solver import hint, solution, turn_policy
from dicespec.solver.coachdata import MAGIC, coach_data, coach_header, read_coach_data
from dicespec.solver.scoresheet import NoTurnLeftError

REPO = Path(__file__).resolve().parent.parent
COACH = REPO / "docs" / "javascripts" / "coach.mjs"
GAMES = REPO / "examples" / "adapters" / "js" / "dicespec-games.mjs"
RULESETS = REPO / "examples" / "adapters" / "js" / "rulesets.json"
TOLERANCE = 1e-6
TIE = 1e-9  # values this close are a tie: either order is the solver's
FAST = ("yacht", "greed")  # one ruleset of each family in the default run; the others are slow

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


def _cases() -> Iterator[Any]:
    for name in ruleset_names():
        marks = () if name in FAST else (pytest.mark.slow,)
        yield pytest.param(name, marks=marks, id=name)


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


# -- positions of seeded games -------------------------------------------------------------------


def _digits(dice: Roll | list[int]) -> str:
    return "".join(str(d) for d in dice)


def _sheet_choice(choice: Any, value: float) -> dict[str, Any]:
    found: dict[str, Any] = {"action": str(choice.action), "value": value}
    if choice.dice is not None:
        found["dice"] = _digits(choice.dice)
    if choice.row is not None:
        found["row"] = choice.row
    return found


def _sheet_advice(ruleset: SheetRuleset, game: SheetGame) -> list[dict[str, Any]]:
    assert game.dice is not None
    try:
        found = hint(ruleset, game.sheet(game.current_player), game.dice, game.rolls_left)
    except NoTurnLeftError:
        return []
    return [_sheet_choice(choice, value) for choice, value in found]


def sheet_positions(
    ruleset: SheetRuleset, seed: int, games: int = 3, seen: Counter[str] | None = None
) -> list[tuple[dict[str, Any], Any]]:
    """Positions at every roll of seeded games (a first roll of five of a kind one time in four,
    for jokers and repeats; a random row or the one worth most points), each with the hint;
    ``seen`` counts the positions with a joker, a repeat, a second player to move."""
    rng = random.Random(seed)
    found = []
    seen = Counter() if seen is None else seen
    for index in range(games):
        players = ruleset.min_players if index == 0 else min(ruleset.max_players, max(2, ruleset.min_players))
        game = SheetGame(ruleset, players, seed=rng.randrange(1 << 30))
        actions: list[str] = []

        def keep(game: SheetGame = game, actions: list[str] = actions, players: int = players) -> None:
            sheet, dice = game.sheet(game.current_player), game.dice
            assert dice is not None
            seen.update(
                kind
                for kind, there in (
                    ("joker", is_joker(ruleset, sheet, dice)),
                    ("repeat", is_repeat(ruleset, sheet, dice)),
                    ("second player", game.current_player > 0),
                )
                if there
            )
            found.append(({"players": players, "actions": list(actions)}, _sheet_advice(ruleset, game)))

        while not game.is_over:
            face = rng.randint(1, 6)
            dice = [face] * ruleset.dice if rng.random() < 0.25 else [rng.randint(1, 6) for _ in range(ruleset.dice)]
            game.roll(dice)
            actions.append(f"roll {_digits(dice)}")
            keep()
            stays = len(set(dice)) == 1 and rng.random() < 0.8  # a five of a kind mostly stays on the table
            while game.rolls_left > 0 and not stays and rng.random() < 0.75:
                positions = sorted(rng.sample(range(ruleset.dice), rng.randint(1, ruleset.dice)))
                new = [rng.randint(1, 6) for _ in positions]
                game.reroll(positions, new)
                actions.append(f"reroll {','.join(str(p + 1) for p in positions)}={_digits(new)}")
                keep()
            offers = game.offers()
            if not offers:
                game.end_turn()
                actions.append("end")
                continue
            five = ruleset.five_of_a_kind
            made = [row for row, points in offers if five is not None and row == five.row and points > 0]
            row = max(offers, key=lambda offer: offer[1])[0] if rng.random() < 0.5 else rng.choice(offers)[0]
            row = made[0] if made and rng.random() < 0.8 else row  # a five of a kind mostly goes in its row
            game.score(row)
            actions.append(f"score {row}")
    return found


def set_aside_positions(ruleset: SetAsideRuleset, seed: int, count: int = 120) -> list[tuple[dict[str, Any], Any]]:
    """Positions after rolls and after set-asides of seeded turns, each with the turn policy's advice."""
    policy = turn_policy(ruleset)
    rng = random.Random(seed)
    found: list[tuple[dict[str, Any], Any]] = []
    players = ruleset.min_players
    game = SetAsideGame(ruleset, players, seed=rng.randrange(1 << 30))
    actions: list[str] = []
    while len(found) < count and not game.is_over:
        state = game.state
        if state.phase is Phase.SET_ASIDE:
            t, n = state.turn_points, state.dice_left
            bank = {"action": "bank", "value": float(t)}
            advice = [bank]
            if t < policy.cap:
                roll = {"action": "roll", "value": policy.roll_value(t, n)}
                advice = [bank, roll] if policy.should_bank(t, n) else [roll, bank]
            found.append(({"players": players, "actions": list(actions)}, advice))
            if rng.random() < 0.35:
                try:
                    game.bank()
                    actions.append("bank")
                    continue
                except Exception:  # noqa: BLE001 - a bank the rules refuse here (below the entry): roll on
                    pass
        dice = [rng.randint(1, 6) for _ in range(game.state.dice_left)]
        game.roll(dice)
        actions.append(f"roll {_digits(dice)}")
        if game.state.phase is not Phase.ROLLED:
            continue  # a farkle, or a roll that wins at once
        roll, t = game.state.dice, game.state.turn_points
        assert roll is not None
        advice = [
            {
                "action": "set",
                "dice": _digits(option.dice),
                "points": option.points,
                "value": value,
                "bank": policy.should_bank(t + option.points, len(roll) - len(option.dice) or ruleset.dice),
            }
            for option, value in policy.choices(t, roll)
        ]
        found.append(({"players": players, "actions": list(actions)}, advice))
        chosen = rng.choice(options(ruleset, roll)) if rng.random() < 0.5 else policy.set_aside(t, roll)
        game.set_aside(chosen.dice)
        actions.append(f"set {_digits(chosen.dice)}")
    return found


# -- comparing -------------------------------------------------------------------------------------


def _key(choice: dict[str, Any]) -> tuple[Any, ...]:
    return (choice["action"], choice.get("dice"), choice.get("row"), choice.get("points"), choice.get("bank"))


def differences(expected: list[dict[str, Any]], found: list[dict[str, Any]]) -> list[str]:
    """What the coach's choices get wrong: a choice missing or extra, a value off by more than
    :data:`TOLERANCE`, another order but where the solver's values tie."""
    wrong = []
    values = {_key(choice): choice["value"] for choice in expected}
    theirs = {_key(choice): choice["value"] for choice in found}
    if len(theirs) != len(found):
        wrong.append("a choice given twice")
    if set(values) != set(theirs):
        missing, extra = sorted(set(values) - set(theirs), key=str), sorted(set(theirs) - set(values), key=str)
        wrong.append(f"choices missing {missing}, extra {extra}")
        return wrong
    for key, value in values.items():
        if abs(theirs[key] - value) > TOLERANCE:
            wrong.append(f"{key}: {theirs[key]!r}, the solver's {value!r}")
    for at, (ours, coach) in enumerate(zip(expected, found, strict=True)):
        if _key(ours) != _key(coach) and abs(values[_key(coach)] - ours["value"]) > TIE:
            wrong.append(f"choice {at + 1}: {_key(coach)}, the solver's {_key(ours)} ({ours['value']!r})")
            break
    return wrong


def _positions(name: str) -> list[tuple[dict[str, Any], Any]]:
    ruleset = find_ruleset(name)
    seed = sum(map(ord, name))
    if isinstance(ruleset, SheetRuleset):
        seen: Counter[str] = Counter()
        found = sheet_positions(ruleset, seed, seen=seen)
        five = ruleset.five_of_a_kind
        # the sample holds the situations the ruleset has: a joker, a repeat, a second player to move
        assert seen["joker"] or ruleset.joker == "none" or five is None, seen
        assert seen["repeat"] or five is None or five.repeat_adds is None, seen
        assert seen["second player"] or ruleset.max_players == 1, seen
        return found
    assert isinstance(ruleset, SetAsideRuleset)
    return set_aside_positions(ruleset, seed)


# -- the tests -------------------------------------------------------------------------------------


@pytest.mark.usefixtures("node")
@pytest.mark.parametrize("name", list(_cases()))
def test_the_coach_gives_the_solvers_choices_and_values(name: str, folder: Path) -> None:
    """At every sampled position the coach gives the solver's choices, values and best choice."""
    ruleset = find_ruleset(name)
    data = coach_data(ruleset)
    if data is None:
        with pytest.raises(UnsupportedRulesetError):
            solution(ruleset) if isinstance(ruleset, SheetRuleset) else turn_policy(ruleset)
        return
    path = folder / f"{name}.coach.gz"
    path.write_bytes(data)
    positions = _positions(name)
    assert any(advice for _, advice in positions)
    answer = _node(folder, "runner.mjs", str(RULESETS), str(path), name, stdin=json.dumps([p for p, _ in positions]))
    wrong = []
    for (position, expected), found in zip(positions, answer["advice"], strict=True):
        if whys := differences(expected, found):
            wrong.append(f"after {position['actions'][-3:]} ({len(position['actions'])} actions): {'; '.join(whys)}")
    print(
        f"{name}: {len(data) / 1e6:.3f} MB, {len(positions)} positions, load {answer['load_ms']:.0f} ms, "
        f"first advice {answer['first_ms']:.0f} ms, all {answer['all_ms']:.0f} ms"
    )
    assert not wrong, f"{len(wrong)} of {len(positions)} positions differ:\n" + "\n".join(wrong[:10])


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
