"""Mutation testing's bookkeeping (tools/mutation.py): how a mutant is judged, and the
recorded run in fixtures/mutation/ in step with the code, the features and the judgements."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
from tools.mutation import Judged, Mutant, digest, folder, judged, only_a_message, out_of_scope, verdict

from dicespec.spec.mutation import score
from dicespec.spec.paths import data_root

GAME = data_root() / "src" / "dicespec" / "scoresheet" / "game.py"


def _results() -> dict:
    return json.loads((folder() / "results.json").read_text(encoding="utf-8"))


def test_a_mutant_names_its_module_and_function() -> None:
    method = Mutant("dicespec.scoresheet.game.xǁSheetGameǁscore__mutmut_12", "survived")
    function = Mutant("dicespec.setaside.combos.x_pattern_combinations__mutmut_3", "survived")
    assert (method.module, method.function) == ("dicespec.scoresheet.game", "score")
    assert (function.module, function.function) == ("dicespec.setaside.combos", "pattern_combinations")


@pytest.mark.parametrize(
    ("name", "outside"),
    [
        ("dicespec.setaside.ruleset.xǁSetAsideRulesetǁdescribe_singles__mutmut_1", True),
        ("dicespec.scoresheet.families.xǁFullHouseǁvalue__mutmut_2", True),
        ("dicespec.setaside.ruleset.xǁSetAsideRulesetǁentry_value__mutmut_2", True),
        ("dicespec.scoresheet.ruleset.xǁSheetRulesetǁfrom_data__mutmut_9", True),
        ("dicespec.scoresheet.families.xǁFullHouseǁpoints__mutmut_1", False),
        ("dicespec.setaside.game.xǁSetAsideGameǁbank__mutmut_4", False),
    ],
)
def test_functions_that_hold_no_rule_are_out_of_scope(name: str, outside: bool) -> None:
    assert (out_of_scope(Mutant(name, "survived")) is not None) is outside


def _a_raise_line() -> str:
    for node in ast.walk(ast.parse(GAME.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and node.lineno == node.exc.end_lineno:
            return GAME.read_text(encoding="utf-8").splitlines()[node.lineno - 1]
    raise AssertionError("game.py raises nothing on one line")


def test_a_mutant_of_an_error_message_only_is_told_apart() -> None:
    line = _a_raise_line()
    message = Mutant("dicespec.scoresheet.game.x_f__mutmut_1", "survived", (f"-{line}", f"+{line}XX"))
    rule = Mutant(
        "dicespec.scoresheet.game.x_f__mutmut_2",
        "survived",
        (f"-{line}", f"+{line}", "-    return lower or open_rows", "+    return lower and open_rows"),
    )
    assert only_a_message(message)
    assert not only_a_message(rule)


def test_a_judged_survivor_counts_as_judged_while_its_diff_matches() -> None:
    diff = ("-    return lower or open_rows", "+    return lower and open_rows")
    mutant = Mutant("dicespec.scoresheet.game.x_allowed_rows__mutmut_99", "survived", diff)
    judgements = {mutant.name: Judged("equivalent", diff, "cannot differ")}
    assert verdict(mutant, judgements) == ("equivalent", "cannot differ")
    moved = {mutant.name: Judged("equivalent", ("-    x", "+    y"), "cannot differ")}
    assert verdict(mutant, moved)[0] == "survived"
    assert verdict(mutant, {})[0] == "survived"
    assert verdict(Mutant(mutant.name, "killed"), {}) == ("killed", "")


def test_the_score_counts_killed_against_unreached_and_survived() -> None:
    assert score({"killed": 90, "equivalent": 40, "unreached": 6, "survived": 4, "out of scope": 300}) == 0.9
    assert score({}) == 1.0


def test_the_recorded_run_is_of_the_current_code_and_features() -> None:
    """Out of date after any change of the mutated code, the features, the steps, the errata or
    the rulesets: `make mutation` runs it again (about six minutes)."""
    assert _results()["inputs"] == digest()


def test_the_recorded_verdicts_follow_the_judgements() -> None:
    """judged.yaml edited since the run: `python -m tools.mutation --judge-only`."""
    judgements = judged()
    for entry in _results()["survivors"]:
        mutant = Mutant(entry["mutant"], "survived", tuple(entry["diff"]))
        assert verdict(mutant, judgements)[0] == entry["verdict"], entry["mutant"]
    recorded = {entry["mutant"] for entry in _results()["survivors"]}
    assert set(judgements) <= recorded, "judged.yaml names mutants that no longer survive"


def test_every_survivor_of_the_recorded_run_is_judged() -> None:
    survivors = [entry["mutant"] for entry in _results()["survivors"] if entry["verdict"] == "survived"]
    assert survivors == []


def test_the_history_ends_with_the_recorded_run() -> None:
    lines = (folder() / "history.jsonl").read_text(encoding="utf-8").splitlines()
    last = json.loads(lines[-1])
    results = _results()
    assert (last["inputs"], last["score"]) == (results["inputs"], results["score"])


def test_the_judged_file_reads(tmp_path: Path) -> None:
    (tmp_path / "fixtures" / "mutation").mkdir(parents=True)
    (tmp_path / "fixtures" / "mutation" / "judged.yaml").write_text(
        "equivalent:\n  - {mutant: a.x_f__mutmut_1, diff: ['-  x', '+  y'], reason: ' same '}\nunreached: []\n",
        encoding="utf-8",
    )
    assert judged(tmp_path) == {"a.x_f__mutmut_1": Judged("equivalent", ("-  x", "+  y"), "same")}
