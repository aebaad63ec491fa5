"""``dicespec check RULESET_FILE``: a house ruleset carries its own expected outcomes (rolls and
replayed games) under ``expect:``; the check validates the file and every expectation, naming the
line of each one that fails (exit 1) or of what makes the file unusable (exit 2). The ``expect``
block is not a rule: the typed ruleset, ``ruleset_data``, the trace and ``extends`` leave it out."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

import dicespec.rulesets as rulesets_module
from dicespec import check_command
from dicespec.rulesets import find_ruleset, load_ruleset, ruleset_data, ruleset_names
from dicespec.rulesets.paths import inherited_trace, value_keys
from helpers import run_cli, write_lines
from houses import EXPECTING, TWO_PLAYER_GAME, changed

HOUSE = [*EXPECTING, *TWO_PLAYER_GAME]


def check(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str]]:
    """Exit status and output lines of ``dicespec check argv``, run as in a process of its own (no
    ruleset declared before it): a file that cannot be used is one line on stderr for each of its
    problems, as every command refuses one (each line's ``dicespec: error:`` left out here), nothing
    on stdout; with ``--json``, the JSON object on stdout says it."""
    rulesets_module.forget_declared()
    status = check_command.main(argv)
    out, err = capsys.readouterr()
    if status == check_command.INVALID and "--json" not in argv:
        lines = err.splitlines()
        assert out == "" and lines and all(line.startswith("dicespec: error: ") for line in lines), (out, err)
        return status, [line.removeprefix("dicespec: error: ") for line in lines]
    assert err == ""
    return status, out.splitlines()


@pytest.fixture(autouse=True)
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # the files are named as a rule author names them: house.yaml


# -- expectations that hold, and that do not ------------------------------------------------------


def test_a_house_file_whose_expectations_hold_passes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_lines(tmp_path, "house.yaml", *HOUSE)
    assert check(["house.yaml"], capsys) == (0, ["house.yaml: 4 expectations, all hold"])


def test_a_wrong_expected_roll_fails_naming_its_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_lines(tmp_path, "house.yaml", *changed(HOUSE, 7, '    - {dice: "22333", row: full_house, score: 25}'))
    assert check(["house.yaml"], capsys) == (
        1,
        [
            "house.yaml:7: expected 22333 to score 25 in full_house, got 30",
            "house.yaml: 1 of 4 expectations fails",
        ],
    )


def test_a_wrong_game_total_fails_naming_the_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_lines(tmp_path, "house.yaml", *changed(changed(HOUSE, 11, "      totals: [25]"), 18, "      totals: [30, 6]"))
    assert check(["house.yaml"], capsys) == (
        1,
        [
            "house.yaml:10: expected game 1 to end with totals [25], got [30]",
            "house.yaml:12: expected game 2 to end with totals [30, 6], got [30, 5]",
            "house.yaml: 2 of 4 expectations fail",
        ],
    )


def test_a_refused_action_is_named_with_its_line_and_reason(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_lines(tmp_path, "house.yaml", *changed(HOUSE, 16, "        - reroll 1=2"))
    assert check(["house.yaml"], capsys) == (
        1,
        [
            "house.yaml:16: expected game 2 to end with totals [30, 5], got action 3, 'reroll 1=2', "
            "refused: not-rolled (roll the dice first)",
            "house.yaml: 1 of 4 expectations fails",
        ],
    )
    write_lines(
        tmp_path, "house.yaml", *changed(HOUSE, 10, "    - actions: [roll 22333, score full_house, score chance]")
    )
    assert check(["house.yaml"], capsys)[1][0] == (
        "house.yaml:10: expected game 1 to end with totals [30], got action 3, 'score chance', refused: not-rolled "
        "(roll the dice first)"
    )


def test_a_game_may_expect_its_last_action_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    refused = [
        *HOUSE[:9],
        "    - actions: [roll 22333, score full_house, roll 22333, score full_house]",
        "      totals: [30]",
        "      refused: row-used",
    ]
    write_lines(tmp_path, "house.yaml", *refused)
    assert check(["house.yaml"], capsys) == (0, ["house.yaml: 3 expectations, all hold"])
    played = "    - actions: [roll 22333, score full_house, roll 22333, score chance]"
    write_lines(tmp_path, "house.yaml", *changed(refused, 10, played))
    assert check(["house.yaml"], capsys) == (
        1,
        [
            "house.yaml:10: expected game 1 to end with totals [30] with its last action refused (row-used), "
            "got 'score chance' played (totals [43])",
            "house.yaml: 1 of 3 expectations fails",
        ],
    )


def test_a_file_without_expectations_is_valid_and_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_lines(tmp_path, "house.yaml", *HOUSE[:4])
    assert check(["house.yaml"], capsys) == (
        0,
        ["house.yaml: valid, but no expectations to check (write them under 'expect:')"],
    )


def test_a_set_aside_house_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """10000 (the German text) getting on the board at 500: the entry it changes, checked by a game
    that the reference ruleset would score 0."""
    early = [
        "extends: ten-thousand",  # 1
        "title: 10000, in at 500",  # 2
        "entry: {points: 500}",  # 3
        "expect:",  # 4
        "  rolls:",  # 5
        '    - {dice: "111556", best: 1100}',  # 6
        '    - {dice: "1115", points: 1050}',  # 7
        '    - {dice: "2346", best: 0}',  # 8
        "  games:",  # 9
        "    - actions: [roll 555234, set 555, bank]",  # 10
        "      totals: [500]",  # 11
    ]
    write_lines(tmp_path, "early.yaml", *early)
    assert check(["early.yaml"], capsys) == (0, ["early.yaml: 4 expectations, all hold"])
    write_lines(tmp_path, "early.yaml", *changed(early, 3, "entry: {points: 750}"))
    assert check(["early.yaml"], capsys) == (
        1,
        [
            "early.yaml:10: expected game 1 to end with totals [500], got [0]",
            "early.yaml: 1 of 4 expectations fails",
        ],
    )
    write_lines(
        tmp_path,
        "early.yaml",
        *changed(changed(early, 6, '    - {dice: "111556", best: 1050}'), 7, '    - {dice: "16", points: 100}'),
    )
    assert check(["early.yaml"], capsys) == (
        1,
        [
            "early.yaml:6: expected the best of 111556 to be 1050, got 1100",
            "early.yaml:7: expected setting aside 16 to score 100, got it refused: not-scoring "
            "(cannot set aside 16: 6 scores nothing in it)",
            "early.yaml: 2 of 4 expectations fail",
        ],
    )


# -- files that cannot be used: one line, the line named, exit 2 -------------------------------------


@pytest.mark.parametrize(
    ("line", "text", "message"),
    [
        (
            4,
            "  full_house: {pointz: 30}",
            "house.yaml:4: rows.full_house.pointz: 30: unknown key; known keys: label, section, rule, first_roll, "
            "requires, points, five_of_a_kind_counts",
        ),
        (
            4,
            "  full_house: {points: 30, label: [Full]}",
            "house.yaml:4: rows.full_house.label: ['Full']: ['Full'] is not of type 'string'",
        ),
        (2, "rows: {full_house: {points: 30}}", "house.yaml:3: not valid YAML: the key 'rows' is written twice"),
        (
            8,
            "    - {dice: 11111, row: fullhouse, score: 0}",
            "house.yaml:8: expect.rolls.1.row: 'fullhouse' is not a "
            "row of kiriki (rows: ones, twos, threes, fours, fives, sixes, three_of_a_kind, four_of_a_kind, "
            "full_house, small_straight, large_straight, kiriki, chance)",
        ),
        (
            8,
            "    - {dice: 1111, row: full_house, score: 0}",
            "house.yaml:8: expect.rolls.1.dice: 1111: 1111 has 4 dice; expected 5",
        ),
        (
            8,
            "    - {dice: 11111, row: full_house, score: none}",
            "house.yaml:8: expect.rolls.1.score: 'none': 'none' is not of type 'integer'",
        ),
        (
            8,
            "    - {dice: 11111, row: full_house}",
            "house.yaml:8: expect.rolls.1.score: missing; an expected roll needs it",
        ),
        (12, "    - players: 7", "house.yaml:12: expect.games.1.players: 7: kiriki is played by 1 to 6"),
        (
            17,
            "        - score the ones",
            "house.yaml:17: expect.games.1.actions.3: 'score the ones': unknown row "
            "'the ones'; rows are: ones, twos, threes, fours, fives, sixes, three_of_a_kind, four_of_a_kind, "
            "full_house, small_straight, large_straight, kiriki, chance",
        ),
        (
            16,
            "        - throw 11111",
            "house.yaml:16: expect.games.1.actions.2: 'throw 11111' is not an action (roll, reroll, score or end)",
        ),
        (11, "      totals: [30", "house.yaml:12: not valid YAML: expected ',' or ']', but got ':'"),
        (
            1,
            "extends: kiriki-de",
            f"house.yaml:1: extends: 'kiriki-de' is not a shipped ruleset ({', '.join(sorted(ruleset_names()))})",
        ),
    ],
)
def test_an_invalid_file_exits_2_naming_the_line(
    line: int, text: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write_lines(tmp_path, "house.yaml", *changed(HOUSE, line, text))
    assert check(["house.yaml"], capsys) == (2, [message])


def test_every_schema_error_of_the_file_is_named_at_once_each_by_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file with three mistakes the schema finds is refused once, one line for each, the line of
    the file that writes it first; ``--json`` lists them all under ``errors``."""
    lines = [*changed(changed(HOUSE, 2, "title: ''"), 4, "  full_house: {points: -3}"), "dice: 7"]
    write_lines(tmp_path, "house.yaml", *lines)
    status, said = check(["house.yaml"], capsys)
    assert status == 2 and len(said) == 3, said
    assert set(said) == {
        "house.yaml:2: title: '': is empty",
        "house.yaml:4: rows.full_house.points: -3: -3 is less than the minimum of 0",
        f"house.yaml:{len(lines)}: dice: 7: 7 is greater than the maximum of 6",
    }
    status, out = check(["house.yaml", "--json"], capsys)
    found = json.loads("\n".join(out))
    assert status == 2 and not found["valid"] and len(found["errors"]) == 3
    assert found["error"] == found["errors"][0] and {e["line"] for e in found["errors"]} == {2, 4, len(lines)}


def test_a_set_aside_roll_gives_best_or_points(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_lines(tmp_path, "early.yaml", *["extends: ten-thousand", "expect:", "  rolls:", "    - {dice: 111556}"])
    assert check(["early.yaml"], capsys) == (
        2,
        [
            "early.yaml:4: expect.rolls.0: {'dice': 111556}: write the dice with best: (the most the roll gives) or "
            "points: (what setting exactly these dice aside scores), one of the two"
        ],
    )


def test_a_missing_file_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert check(["missing.yaml"], capsys) == (2, ["missing.yaml: no such ruleset file"])


# -- --json --------------------------------------------------------------------------------------------


def test_json_gives_every_failure_with_its_line_and_values(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_lines(
        tmp_path,
        "house.yaml",
        *changed(changed(HOUSE, 7, '    - {dice: "22333", row: full_house, score: 25}'), 16, "        - reroll 1=2"),
    )
    status, out = check(["house.yaml", "--json"], capsys)
    assert status == 1
    assert json.loads("\n".join(out)) == {
        "file": "house.yaml",
        "valid": True,
        "error": None,
        "errors": [],
        "ruleset": "kiriki",
        "game": "kiriki",
        "expectations": 4,
        "failed": 2,
        "failures": [
            {
                "line": 7,
                "kind": "roll",
                "expected": 25,
                "got": 30,
                "message": "expected 22333 to score 25 in full_house, got 30",
            },
            {
                "line": 16,
                "kind": "game",
                "expected": {"totals": [30, 5], "refused": None},
                "got": {
                    "totals": [30, 0],
                    "refused": {
                        "action": 3,
                        "text": "reroll 1=2",
                        "code": "not-rolled",
                        "reason": "roll the dice first",
                    },
                },
                "message": "expected game 2 to end with totals [30, 5], got action 3, 'reroll 1=2', refused: "
                "not-rolled (roll the dice first)",
            },
        ],
    }


def test_json_of_a_file_that_holds_and_of_an_invalid_one(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_lines(tmp_path, "house.yaml", *HOUSE)
    status, out = check(["house.yaml", "--json"], capsys)
    assert (status, json.loads("\n".join(out))) == (
        0,
        {
            "file": "house.yaml",
            "valid": True,
            "error": None,
            "errors": [],
            "ruleset": "kiriki",
            "game": "kiriki",
            "expectations": 4,
            "failed": 0,
            "failures": [],
        },
    )
    write_lines(tmp_path, "house.yaml", *changed(HOUSE, 4, "  full_house: {pointz: 30}"))
    status, out = check(["house.yaml", "--json"], capsys)
    assert status == 2
    assert json.loads("\n".join(out)) == {
        "file": "house.yaml",
        "valid": False,
        "ruleset": None,
        "game": None,
        "expectations": 0,
        "failed": 0,
        "failures": [],
        "error": {
            "line": 4,
            "message": "rows.full_house.pointz: 30: unknown key; known keys: label, section, rule, first_roll, "
            "requires, points, five_of_a_kind_counts",
        },
        "errors": [
            {
                "line": 4,
                "message": "rows.full_house.pointz: 30: unknown key; known keys: label, section, rule, first_roll, "
                "requires, points, five_of_a_kind_counts",
            }
        ],
    }


# -- the command, as dicespec registers it ----------------------------------------------------------


def test_register_adds_a_documented_check_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    parser = argparse.ArgumentParser(prog="dicespec")
    commands = parser.add_subparsers(dest="command", required=True)
    sub = check_command.register(commands)
    assert "expect:" in (sub.description or "") and "Exit status 0" in (sub.description or "")
    assert sub.epilog == "examples: dicespec check house.yaml   dicespec check --ruleset-file house.yaml"
    write_lines(tmp_path, "house.yaml", *HOUSE)
    args = parser.parse_args(["check", "house.yaml"])
    assert args.run(args) == 0
    assert capsys.readouterr().out == "house.yaml: 4 expectations, all hold\n"


# -- expect is not a rule ------------------------------------------------------------------------------


def test_expect_is_not_a_rule(tmp_path: Path) -> None:
    """The typed ruleset and its data are the same with or without the expectations, and no trace
    is asked of them (nor does a child's expect change what it inherits of its parent's trace)."""
    with_expect = load_ruleset(write_lines(tmp_path, "house.yaml", *HOUSE))
    assert with_expect == load_ruleset(write_lines(tmp_path, "plain.yaml", *HOUSE[:4]))
    assert with_expect.rows["full_house"].rule != find_ruleset("kiriki").rows["full_house"].rule
    assert list(value_keys({"dice": 5, "expect": {"rolls": [{"dice": "22333"}]}})) == ["dice"]
    parent = {"dice": 5, "trace": {"dice": ["a sentence"]}}
    assert inherited_trace(parent, {"expect": {"rolls": []}}) == {"dice": ["a sentence"]}
    assert all("expect" not in ruleset_data(name) for name in rulesets_module.ruleset_names())


def test_extends_does_not_inherit_expect(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A parent's expectations are the parent's: a child that changes the full house is not held to them."""
    shipped = rulesets_module._shipped_files()
    parent = write_lines(
        tmp_path,
        "table.yaml",
        *["extends: kiriki", "name: table", "expect:", "  rolls:", '    - {dice: "22333", row: full_house, score: 25}'],
    )
    monkeypatch.setattr(rulesets_module, "_shipped_files", lambda: {**shipped, "table": parent})
    assert check(["table.yaml"], capsys) == (0, ["table.yaml: 1 expectation, it holds"])
    write_lines(
        tmp_path,
        "child.yaml",
        *[
            "extends: table",
            "rows:",
            "  full_house: {points: 30}",
            "expect:",
            "  games:",
            "    - actions: [roll 22333, score full_house]",
            "      totals: [30]",
        ],
    )
    assert check(["child.yaml"], capsys) == (0, ["child.yaml: 1 expectation, it holds"])
    resolved = rulesets_module._resolve(rulesets_module._chain(tmp_path / "child.yaml"))
    assert resolved["expect"] == {"games": [{"actions": ["roll 22333", "score full_house"], "totals": [30]}]}


def test_the_command_is_part_of_dicespec(tmp_path, capsys) -> None:
    """`dicespec check` is wired into the command line, with its exit status."""
    house = tmp_path / "house.yaml"
    house.write_text(
        "extends: kiriki\nrows:\n  full_house: {points: 30}\nexpect:\n  rolls:\n"
        "    - {dice: '22333', row: full_house, score: 25}\n",
        encoding="utf-8",
    )
    code, out, err = run_cli(["check", str(house)], capsys)
    assert code == 1, (out, err)
    assert f"{house}:6: expected 22333 to score 25 in full_house, got 30" in out
