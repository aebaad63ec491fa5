"""``dicespec conform --function MOD:FUNC``: a plain scoring function, validated with no adapter."""

from __future__ import annotations

import json
import shutil
from itertools import product
from pathlib import Path

import pytest

from dicespec.cli import main
from dicespec.conformance.run.function import function_implementation
from dicespec.implementation import ReferenceImplementation
from folders import REPO, TESTS

pytestmark = pytest.mark.early(40)  # conform runs of scoring functions: handed out early under xdist (tests/order.py)

SOLUTIONS = TESTS / "function_solutions"
REFERENCE = ReferenceImplementation()
ROLLS = ["".join(map(str, dice)) for dice in product(range(1, 7), repeat=5)]


def conform(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, *args: str, parts: tuple[str, ...] = ("features", "exhaustive")
) -> tuple[int, str, list[dict]]:
    report = tmp_path / "report.jsonl"
    chosen = [option for part in parts for option in ("--part", part)]
    status = main(["conform", *args, *chosen, "--report", str(report)])
    lines = [json.loads(line) for line in report.read_text(encoding="utf-8").splitlines()]
    return status, capsys.readouterr().out, lines


def failing(lines: list[dict]) -> set[str]:
    return {line["id"] for line in lines if line["outcome"] not in ("passed", "skipped")}


@pytest.fixture
def solutions(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder holding copies of the solutions, as the student's working folder."""
    folder = tmp_path / "work"
    shutil.copytree(SOLUTIONS, folder)
    monkeypatch.chdir(folder)
    monkeypatch.syspath_prepend(str(folder))
    return folder


@pytest.mark.slow
def test_an_unchanged_exercism_yacht_solution_passes(
    solutions: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The module's upper-case constants are its categories; every roll in every row passes (the
    same solution as docs/protocol.md writes it passes the spec's cases too, and the replays are
    skipped, saying why: the console block there, which tests/docs/test_console_blocks.py runs)."""
    status, out, lines = conform(
        capsys, tmp_path, "--function", "yacht:score", "--ruleset", "yacht", parts=("exhaustive",)
    )
    assert status == 0, out[-2000:]
    assert failing(lines) == set()
    assert sum(line["part"] == "exhaustive" for line in lines) == len(lines) == 6**5 * 12


MUTANTS = {
    "four of a kind sums all the dice": (
        "FOUR_OF_A_KIND = lambda dice: next((4 * face for face, n in Counter(dice).items() if n >= 4), 0)",
        "FOUR_OF_A_KIND = lambda dice: next((sum(dice) for face, n in Counter(dice).items() if n >= 4), 0)",
        "four_of_a_kind",
    ),
    "a yacht is a full house": (
        "sorted(Counter(dice).values()) == [2, 3] else 0",
        "sorted(Counter(dice).values()) in ([2, 3], [5]) else 0",
        "full_house",
    ),
    "the big straight scores 40": (
        "BIG_STRAIGHT = lambda dice: 30 if",
        "BIG_STRAIGHT = lambda dice: 40 if",
        "big_straight",
    ),
}


@pytest.mark.slow
@pytest.mark.parametrize("mutant", MUTANTS)
def test_a_one_line_mutation_fails_exactly_the_rolls_it_changes(
    mutant: str, solutions: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each one-line mistake fails the corpus cases of its row whose score it changes (worked out
    here from the reference, roll by roll) and the spec's cases of that row it touches, by id."""
    before, after, row = MUTANTS[mutant]
    source = (solutions / "yacht.py").read_text(encoding="utf-8")
    assert source.count(before) == 1
    module = f"wrong_yacht_{list(MUTANTS).index(mutant)}"  # a module name of its own: imports are cached
    (solutions / f"{module}.py").write_text(source.replace(before, after), encoding="utf-8")
    status, out, lines = conform(capsys, tmp_path, "--function", f"{module}:score", "--ruleset", "yacht")
    namespace: dict = {}
    exec(compile(source.replace(before, after), "wrong_yacht", "exec"), namespace)  # noqa: S102 (the test's own code)
    changed = {
        f"yacht/score/yacht/{dice}/{row}"
        for dice in ROLLS
        if namespace["score"]([int(d) for d in dice], namespace[row.upper()]) != REFERENCE.score("yacht", dice, row)
    }
    assert status == 1 and changed
    corpus_failing = {case for case in failing(lines) if case.startswith("yacht/score/")}
    assert corpus_failing == changed
    features_failing = {line["id"] for line in lines if line["part"] == "features" and line["outcome"] == "failed"}
    assert features_failing, f"no case of the spec catches: {mutant}"
    assert sorted(changed)[0] in out  # the first failing cases are named


@pytest.mark.slow
def test_a_greed_kata_score_function_gives_the_best_of_a_throw(
    solutions: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A set-aside game's function is FUNC(dice), the most a throw can give: every best case passes,
    and what one set-aside scores is skipped with the reason."""
    status, out, lines = conform(capsys, tmp_path, "--function", "greed:score", "--ruleset", "greed")
    assert status == 0, out[-2000:]
    assert failing(lines) == set()
    assert any(line["kind"] == "greed best" and line["outcome"] == "passed" for line in lines)
    assert "a score function gives the most a roll can give, not what one set-aside scores" in out


def test_categories_come_from_a_file_then_the_module_then_the_row_id(solutions: Path) -> None:
    (solutions / "named.py").write_text("YACHT = 'Y'\n\ndef score(dice, category):\n    return 0\n", encoding="utf-8")
    (solutions / "categories.yaml").write_text("choice: Chance\n", encoding="utf-8")
    function = function_implementation("named:score", ["yacht"], str(solutions / "categories.yaml"))
    assert [function.category(row) for row in ("choice", "yacht", "big_straight")] == ["Chance", "Y", "big_straight"]


def test_an_exception_in_the_function_errors_the_case_with_its_last_line(solutions: Path) -> None:
    from dicespec.conformance.transports.in_process import InProcessTransport

    (solutions / "broken.py").write_text("def score(dice, category):\n    raise KeyError(category)\n", encoding="utf-8")
    transport = InProcessTransport(function_implementation("broken:score", ["yacht"]))
    outcome = transport.call("score", {"ruleset": "yacht", "dice": "12345", "row": "choice"})
    assert outcome.kind == "errored" and "KeyError: 'choice'" in outcome.value


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--function", "yacht:score"], "--function yacht:score: name the ruleset(s) it scores with --ruleset NAME"),
        (
            ["--function", "yacht:score", "--ruleset", "yacht", "--ruleset", "greed"],
            "its rulesets are of score-sheet and set-aside games",
        ),
        (
            ["--function", "nowhere:score", "--ruleset", "yacht"],
            "--function 'nowhere:score': No module named 'nowhere'",
        ),
        (["--function", "yacht:ONES_", "--ruleset", "yacht"], "--function 'yacht:ONES_'"),
        (["--function", "yacht", "--ruleset", "yacht"], "name a function as module:function"),
        (["--python", "x:y", "--categories", "c.yaml"], "--categories goes with --function"),
        (
            ["--function", "yacht:score", "--ruleset", "yacht", "--categories", "missing.yaml"],
            "--categories missing.yaml: cannot read the file",
        ),
    ],
)
def test_a_function_that_cannot_run_is_one_line_of_usage_error(
    solutions: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    status = main(["conform", *args])
    err = capsys.readouterr().err
    assert status == 2 and message in err and err.count("\n") == 1, err


# -- the worked example of docs/protocol.md -----------------------------------------------------

DOCS = REPO / "docs" / "protocol.md"


def documented_example() -> tuple[str, list[str], str]:
    """The example's module, its console block's lines, and the paragraph after it."""
    import re

    text = DOCS.read_text(encoding="utf-8").split("<!-- function-example -->", 1)[1]
    code = re.search(r"```python\n(.*?)```", text, re.S)
    console = re.search(r"```console\n(.*?)```\n\n(.*?)\n\n", text, re.S)
    assert code and console
    return code.group(1), console.group(1).splitlines(), " ".join(console.group(2).split())


@pytest.mark.slow
def test_the_documented_mutation_fails_as_many_rolls_as_the_page_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The mutation the page describes after its Yacht solution fails as many corpus cases as it
    says (that the solution passes, with the lines the page shows, is its console block's test)."""
    code, _console, after = documented_example()
    folder = tmp_path / "docs_example"
    folder.mkdir()
    monkeypatch.chdir(folder)
    monkeypatch.syspath_prepend(str(folder))
    (folder / "yacht_four.py").write_text(code.replace("(4 * face for", "(sum(dice) for"), encoding="utf-8")
    assert main(["conform", "--function", "yacht_four:score", "--ruleset", "yacht", "--part", "exhaustive"]) == 1
    failed = int(capsys.readouterr().out.split("yacht score  yacht    four_of_a_kind")[1].split()[1])
    assert f"fails the {failed} rolls" in after
