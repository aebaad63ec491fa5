"""``dicespec.rulesets.expect`` through its own API: :func:`check_file` reads a ruleset file's
``expect`` block into a :class:`Report` (one :class:`Failure` per expectation that does not hold,
with its line, kind, expected and got values), a file that cannot be used is an
:class:`InvalidFile` naming its line, :func:`located` places a loader's error on the line of the
key path it names, and :meth:`Report.summary` counts. The ``dicespec check`` command that prints
them is tested in ``tests/test_check_command.py``."""

from __future__ import annotations

from pathlib import Path

import pytest

from dicespec.rulesets import RulesetError
from dicespec.rulesets.expect import Failure, InvalidFile, Report, check_file, located
from helpers import write_lines
from houses import EXPECTING, changed

HOUSE = list(EXPECTING)


@pytest.fixture(autouse=True)
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # the files are named as a rule author names them: house.yaml


def test_a_file_whose_expectations_hold_reports_them_all_and_no_failure(tmp_path: Path) -> None:
    report = check_file(write_lines(tmp_path, "house.yaml", *HOUSE))
    assert (report.ruleset, report.game, report.expectations, report.failures) == ("kiriki", "kiriki", 3, ())
    assert report.holds


def test_a_wrong_roll_is_a_failure_with_its_line_and_both_scores(tmp_path: Path) -> None:
    write_lines(tmp_path, "house.yaml", *changed(HOUSE, 7, '    - {dice: "22333", row: full_house, score: 25}'))
    report = check_file("house.yaml")
    assert not report.holds
    assert report.failures == (Failure(7, "roll", 25, 30, "expected 22333 to score 25 in full_house, got 30"),)


def test_a_wrong_total_is_a_game_failure_with_expected_and_got_values(tmp_path: Path) -> None:
    write_lines(tmp_path, "house.yaml", *changed(HOUSE, 11, "      totals: [25]"))
    (failure,) = check_file("house.yaml").failures
    assert failure == Failure(
        10,
        "game",
        {"totals": [25], "refused": None},
        {"totals": [30], "refused": None},
        "expected game 1 to end with totals [25], got [30]",
    )


def test_a_refused_action_fails_on_the_line_of_that_action(tmp_path: Path) -> None:
    write_lines(tmp_path, "house.yaml", *HOUSE[:9], "    - actions:", "        - score chance", "      totals: [0]")
    (failure,) = check_file("house.yaml").failures
    assert failure.line == 11 and failure.kind == "game"
    assert failure.got["refused"] == {
        "action": 1,
        "text": "score chance",
        "code": "not-rolled",
        "reason": "roll the dice first",
    }


def test_a_set_aside_roll_checks_best_and_points(tmp_path: Path) -> None:
    write_lines(
        tmp_path,
        "early.yaml",
        "extends: ten-thousand",
        "expect:",
        "  rolls:",
        '    - {dice: "2346", best: 0}',
        '    - {dice: "1115", points: 1000}',
    )
    report = check_file("early.yaml")
    assert report.expectations == 2 and report.game == "ten-thousand"
    assert report.failures == (Failure(5, "roll", 1000, 1050, "expected setting aside 1115 to score 1000, got 1050"),)


def test_the_library_check_raises_an_invalid_file_with_its_line(tmp_path: Path) -> None:
    write_lines(tmp_path, "house.yaml", *changed(HOUSE, 4, "  full_house: {pointz: 30}"))
    with pytest.raises(InvalidFile) as raised:
        check_file("house.yaml")
    assert raised.value.line == 4 and str(raised.value).startswith("house.yaml:4: rows.full_house.pointz: 30:")


def test_a_row_the_ruleset_lacks_is_an_invalid_file_on_its_line(tmp_path: Path) -> None:
    write_lines(tmp_path, "house.yaml", *changed(HOUSE, 8, "    - {dice: 11111, row: jackpot, score: 0}"))
    with pytest.raises(InvalidFile) as raised:
        check_file("house.yaml")
    assert raised.value.line == 8
    assert raised.value.message.startswith("expect.rolls.1.row: 'jackpot' is not a row of kiriki (rows: ones, ")


def test_a_missing_file_and_invalid_yaml_are_invalid_files(tmp_path: Path) -> None:
    with pytest.raises(InvalidFile) as missing:
        check_file("missing.yaml")
    assert (missing.value.line, missing.value.message) == (None, "no such ruleset file")
    write_lines(tmp_path, "broken.yaml", "extends: kiriki", "rows: [", "")
    with pytest.raises(InvalidFile) as broken:
        check_file("broken.yaml")
    assert broken.value.line is not None and broken.value.message.startswith("not valid YAML")


def test_located_places_a_loaders_error_on_the_line_of_its_key_path(tmp_path: Path) -> None:
    write_lines(tmp_path, "house.yaml", *HOUSE)
    error = RulesetError("house.yaml: rows.full_house.points: 30: too many\nhouse.yaml: title: not this")
    found = located("house.yaml", error)
    assert (found.line, found.message) == (4, "rows.full_house.points: 30: too many")
    assert found.more == ((2, "title: not this"),)
    assert located("house.yaml", found) is found


def test_summary_counts_the_expectations_and_the_failures() -> None:
    failure = Failure(None, "roll", 1, 2, "expected 1, got 2")
    path = Path("house.yaml")
    assert Report(path, "house", "kiriki", 0, ()).summary() == (
        "house.yaml: valid, but no expectations to check (write them under 'expect:')"
    )
    assert Report(path, "house", "kiriki", 1, ()).summary() == "house.yaml: 1 expectation, it holds"
    assert Report(path, "house", "kiriki", 3, ()).summary() == "house.yaml: 3 expectations, all hold"
    assert Report(path, "house", "kiriki", 1, (failure,)).summary() == "house.yaml: 1 of 1 expectation fails"
    assert Report(path, "house", "kiriki", 3, (failure, failure)).summary() == "house.yaml: 2 of 3 expectations fail"
