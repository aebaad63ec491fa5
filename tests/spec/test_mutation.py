"""Mutation testing's bookkeeping (tools/mutation.py): how a mutant is judged, and the
recorded run in fixtures/mutation/ in step with the code, the features and the judgements."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
from tools.mutation import (
    STATE,
    Judged,
    Mutant,
    digest,
    folder,
    follow_moves,
    full_run_reason,
    judged,
    only_a_message,
    out_of_scope,
    outside_functions,
    rename_judged,
    retested,
    spec_run_files,
    verdict,
)

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


# -- a judgement follows its function --------------------------------------------------------

DIFF = ("-    return lower or open_rows", "+    return lower and open_rows")
JUDGED = {"dicespec.scoresheet.game.x_allowed_rows__mutmut_7": Judged("equivalent", DIFF, "cannot differ")}


def test_a_judgement_follows_its_mutant_when_its_function_moves() -> None:
    """A survivor of a function moved to another module (or class) takes the judgement of the
    mutant it was: the same function name, number and diff, under a name no mutant has now."""
    moved = Mutant("dicespec.scoresheet.rows.x_allowed_rows__mutmut_7", "survived", DIFF)
    assert follow_moves([moved], JUDGED) == {moved.name: "dicespec.scoresheet.game.x_allowed_rows__mutmut_7"}
    method = Mutant("dicespec.scoresheet.sheet.xǁSheetǁallowed_rows__mutmut_7", "survived", DIFF)
    assert follow_moves([method], JUDGED) == {method.name: "dicespec.scoresheet.game.x_allowed_rows__mutmut_7"}


def test_a_judgement_follows_no_mutant_it_may_not_be_about() -> None:
    """Not to a mutant of another diff, number or function, nor while its own mutant still
    exists, nor when two mutants could be the one it judged."""
    old = "dicespec.scoresheet.game.x_allowed_rows__mutmut_7"
    other_diff = Mutant("dicespec.scoresheet.rows.x_allowed_rows__mutmut_7", "survived", (DIFF[0], "+    return None"))
    other_number = Mutant("dicespec.scoresheet.rows.x_allowed_rows__mutmut_8", "survived", DIFF)
    other_function = Mutant("dicespec.scoresheet.rows.x_open_rows__mutmut_7", "survived", DIFF)
    for mutant in (other_diff, other_number, other_function):
        assert follow_moves([mutant], JUDGED) == {}
    moved = Mutant("dicespec.scoresheet.rows.x_allowed_rows__mutmut_7", "survived", DIFF)
    assert follow_moves([moved, Mutant(old, "survived", DIFF)], JUDGED) == {}
    twin = Mutant("dicespec.scoresheet.sheet.x_allowed_rows__mutmut_7", "survived", DIFF)
    assert follow_moves([moved, twin], JUDGED) == {}
    assert follow_moves([Mutant(moved.name, "killed")], JUDGED) == {}


def test_a_followed_judgement_is_renamed_in_the_judged_file(tmp_path: Path) -> None:
    """Its mutant's line takes the new name; every other line stays as it was."""
    (tmp_path / "fixtures" / "mutation").mkdir(parents=True)
    path = tmp_path / "fixtures" / "mutation" / "judged.yaml"
    text = (
        "# kept\nequivalent:\n- mutant: a.x_f__mutmut_1\n  diff: ['-  x', '+  y']\n  reason: same\n"
        "- mutant: a.x_f__mutmut_10\n  diff: ['-  x', '+  z']\n  reason: same too\nunreached: []\n"
    )
    path.write_text(text, encoding="utf-8")
    rename_judged({"b.x_f__mutmut_1": "a.x_f__mutmut_1"}, tmp_path)
    assert path.read_text(encoding="utf-8") == text.replace(
        "- mutant: a.x_f__mutmut_1\n", "- mutant: b.x_f__mutmut_1\n"
    )
    assert set(judged(tmp_path)) == {"b.x_f__mutmut_1", "a.x_f__mutmut_10"}


# -- what a kept run may keep -----------------------------------------------------------------

MODULE = """
import math

LIMIT = 3


def first(x):
    return x + 1


class Row:
    size: int = 5

    def value(self):
        return self.size * LIMIT


def second(x):
    return x * 2
"""


SECOND = "def second(x):\n    return x * 2\n"


def test_the_code_outside_the_functions_is_what_mutmut_does_not_hash() -> None:
    """An edit of a function's body, or functions in another order, leave it as it is; an import,
    a constant or a class's field changed do not."""
    same = [
        MODULE.replace("return x + 1", "return x + 2"),
        MODULE.replace("return self.size * LIMIT", "return LIMIT"),
        SECOND + MODULE.replace(SECOND, ""),
        MODULE.replace("LIMIT = 3\n", "LIMIT = 3  # a comment\n"),
    ]
    changed = [
        MODULE.replace("import math", "import cmath"),
        MODULE.replace("LIMIT = 3", "LIMIT = 4"),
        MODULE.replace("size: int = 5", "size: int = 6"),
    ]
    assert {outside_functions(text) for text in same} == {outside_functions(MODULE)}
    assert all(outside_functions(text) != outside_functions(MODULE) for text in changed)


def test_the_tests_side_is_every_file_the_spec_run_reads() -> None:
    """The features, the errata, the steps and the phrasebook, the rulesets and the package's other
    data, every other module the spec's run imports, the mutated modules, and the test run's own
    files; no module the spec's run never imports."""
    root = data_root()
    files = {path.relative_to(root).as_posix() for path in spec_run_files(root)}
    for expected in (
        "features/kiriki/en/scoring.feature",
        "fixtures/errata.yaml",
        "src/dicespec/spec/steps/common.py",
        "src/dicespec/spec/phrasebook.yaml",
        "src/dicespec/rulesets/kiriki.yaml",
        "src/dicespec/games.yaml",
        "src/dicespec/dice.py",
        "src/dicespec/scoresheet/replay.py",
        "src/dicespec/scoresheet/rows.py",
        "tests/conftest.py",
        "tests/test_spec.py",
        "tools/mutation.py",
        "pyproject.toml",
    ):
        assert expected in files, expected
    assert "src/dicespec/cli.py" not in files and "src/dicespec/site/__init__.py" not in files


def test_a_kept_run_is_kept_while_its_tests_side_is_unchanged(tmp_path: Path) -> None:
    """Every mutant runs again without a kept run, with one this tool did not record, or when a
    file of the tests' side changed (the reason names it); else the kept results are kept."""
    side = {"features/a.feature": "1", "fixtures/errata.yaml": "2"}
    assert full_run_reason(tmp_path, side) == "no kept run"
    (tmp_path / "mutants").mkdir()
    assert full_run_reason(tmp_path, side) == "the kept run is not one this tool recorded"
    (tmp_path / "mutants" / STATE).write_text(json.dumps({"tests": side}), encoding="utf-8")
    assert full_run_reason(tmp_path, side) is None
    assert full_run_reason(tmp_path, {**side, "features/a.feature": "3"}) == (
        "the tests' side changed since the kept run: features/a.feature"
    )
    assert full_run_reason(tmp_path, {"fixtures/errata.yaml": "2"}) == (
        "the tests' side changed since the kept run: features/a.feature"
    )


def test_a_run_counts_the_mutants_it_ran() -> None:
    """Those new, those of a function whose hash changed, and those not run before."""
    before = {"m.x_f__mutmut_1": ("h1", 1), "m.x_f__mutmut_2": ("h1", 0), "m.x_g__mutmut_1": ("h2", None)}
    after = {
        "m.x_f__mutmut_1": ("h3", 0),
        "m.x_f__mutmut_2": ("h3", 0),
        "m.x_g__mutmut_1": ("h2", 1),
        "m.x_h__mutmut_1": ("h4", 1),
        "m.x_k__mutmut_1": ("h5", 1),
    }
    assert retested(before, after) == 5
    assert retested(after, after) == 0
    assert retested(after, {**after, "m.x_h__mutmut_1": ("h6", 0)}) == 1
