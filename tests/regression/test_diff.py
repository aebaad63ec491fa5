"""``dicespec diff A B`` with ruleset files of one's own: a house rule (a 30-point full house, a
500 entry) against the shipped ruleset it extends, in either order, file against file, a game's
name for its reference; the changed rolls, the changed cases of the spec, each side's figures
(expected score, row odds, opening flips; banking, entry chance, farkle odds) and ``--json``. The
command line's one-line refusals are tested in ``tests/regression/test_cli.py``."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from dicespec.conformance.run import holds
from dicespec.regression import diff as diff_module
from dicespec.regression import figures as figures_module
from dicespec.regression import sides
from dicespec.regression.diff import Diff, as_json, compare, figures, report
from dicespec.regression.figures import Comparison, SetAsideFigures, SheetFigures
from dicespec.rulesets import RulesetError, find_ruleset, load_ruleset
from dicespec.solver import scoresheet as sheet_solver
from dicespec.spec import cases
from helpers import run_cli, write_lines

FULL_HOUSES = {f"{a}{a}{a}{b}{b}" if a < b else f"{b}{b}{a}{a}{a}" for a in "123456" for b in "123456" if a != b}


# -- the sides ----------------------------------------------------------------------------------------


def test_a_side_is_a_shipped_ruleset_a_game_or_a_file(
    house: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A shipped name is that ruleset; a path (ending in .yaml, or any existing file) is loaded as
    --ruleset-file loads it; a game's name that names no ruleset stands for its reference."""
    shipped = sides.side("kiriki-fr")
    assert (shipped.label, shipped.ruleset, shipped.spec_name, shipped.file) == (
        "kiriki-fr",
        find_ruleset("kiriki-fr"),
        "kiriki-fr",
        None,
    )
    mine = sides.side(str(house))
    assert mine.ruleset == load_ruleset(house) and mine.ruleset != find_ruleset("kiriki")
    assert mine.file == house.resolve() and mine.spec_name == str(house.resolve()) and mine.extends == "kiriki"
    assert mine.title == "a ruleset file extending kiriki"
    write_lines(tmp_path, "house-rules", "extends: kiriki", "title: Our table", "rows:", "  chance: {label: Pot}")
    monkeypatch.chdir(tmp_path)
    assert sides.side("house-rules").title == "Our table"  # an existing file, whatever its name
    monkeypatch.setattr(sides, "ruleset_names", lambda: ["kiriki-fr"])  # as if no ruleset bore the game's name
    assert sides.side("kiriki").ruleset == find_ruleset("kiriki")


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ("mahjong", "unknown ruleset 'mahjong'; shipped rulesets: "),
        ("missing.yaml", "missing.yaml: no such ruleset file"),
    ],
)
def test_a_side_that_is_nothing_is_refused_in_one_line(
    given: str, message: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(RulesetError, match=message):
        sides.side(given)


# -- the corpus and the figures, without the spec's runs ---------------------------------------------


def test_the_house_full_house_moves_exactly_the_full_houses(house: Path, no_spec_run: None) -> None:
    """kiriki → house.yaml: the 30 distinct full houses (300 ordered rolls), 25 → 30, nothing else;
    the other way round, 30 → 25."""
    assert len(FULL_HOUSES) == 30
    diff = compare("kiriki", str(house))
    assert {(c.column, c.before, c.after) for c in diff.rolls} == {("full_house", "25", "30")}
    assert {c.dice for c in diff.rolls} == FULL_HOUSES
    assert sum(c.cases for c in diff.rolls) == 300 and diff.corpus_cases == 7776 * 13
    back = compare(str(house), "kiriki")
    assert {(c.column, c.dice, c.before, c.after) for c in back.rolls} == {
        (c.column, c.dice, c.after, c.before) for c in diff.rolls
    }
    assert (back.before, back.after) == (str(house), "kiriki")


def test_a_file_against_a_file(house: Path, tmp_path: Path, no_spec_run: None) -> None:
    """Two files of one game: only what differs between them (here the large straight)."""
    other = write_lines(tmp_path, "other.yaml", "extends: kiriki-fr", "rows:", "  full_house: {points: 30}")
    diff = compare(str(house), str(other))
    assert {(c.column, c.dice, c.before, c.after) for c in diff.rolls} == {
        ("large_straight", "12345", "40", "30"),
        ("large_straight", "23456", "40", "30"),
    }


def test_a_row_one_side_lacks(tmp_path: Path, no_spec_run: None) -> None:
    """A file that adds a row: each roll's answer in it is '(no row)' on the side without it."""
    added = write_lines(
        tmp_path,
        "pair.yaml",
        "extends: yatzy",
        "rows:",
        "  lucky: {label: Lucky, section: lower, rule: of_a_kind, at_least: 2, points: 7}",
    )
    diff = compare("yatzy", str(added))
    assert {(c.column, c.before) for c in diff.rolls} == {("lucky", diff_module.NO_ROW)}
    assert all(c.after in ("0", "7") for c in diff.rolls)


def test_a_set_aside_house_rule(early_entry: Path, no_spec_run: None, capsys: pytest.CaptureFixture[str]) -> None:
    """ten-thousand → early.yaml (entry 500): no roll scores otherwise, the banking thresholds
    (a player on the board) stay, the chance of getting on the board in one turn rises."""
    diff = compare("ten-thousand", str(early_entry))
    assert diff.rolls == []
    found = figures(diff)
    assert isinstance(found.before, SetAsideFigures) and isinstance(found.after, SetAsideFigures)
    assert (found.before.entry, found.after.entry) == (750, 500)
    assert found.before.banking == found.after.banking and found.difference == pytest.approx(0)
    assert found.before.entry_chance is not None and found.after.entry_chance is not None
    assert 0 < found.before.entry_chance < found.after.entry_chance < 1
    assert found.odds_changes() == []
    text = list(report(diff, found))
    assert "Getting on the board" in text
    assert any(
        line.startswith(f"  {early_entry}:")
        and line.endswith("  entry 500, 57.21% chance of getting on the board in one turn")
        for line in text
    ), text
    assert text[-1] == "0 corpus cases and 0 cases of the spec differ."
    status, out, _ = run_cli(["diff", "ten-thousand", str(early_entry), "--json"], capsys)
    data = json.loads(out)
    assert status == 0 and data["game"] == "ten-thousand"
    assert data["after"] == {
        "label": str(early_entry),
        "ruleset": "ten-thousand",
        "title": "10000, in at 500",
        "file": str(early_entry.resolve()),
        "extends": "ten-thousand",
    }
    assert data["corpus"]["differ"] == 0 and data["spec"] == {"cases": 0, "differ": 0, "changes": []}
    shown = data["figures"]
    assert shown["family"] == "set-aside" and shown["banking_changes"] == [] and shown["odds_changes"] == []
    assert (shown["before"]["entry"], shown["after"]["entry"]) == (750, 500)
    assert shown["after"]["entry_chance"] == pytest.approx(found.after.entry_chance)
    assert set(shown["after"]["banking"]) == {"1", "2", "3", "4", "5", "6"}


def test_farkle_against_ten_thousand_shows_what_moves(no_spec_run: None) -> None:
    """Two shipped set-aside rulesets that differ in scoring: set-asides move, banking thresholds
    and six-dice farkles change (three pairs score in Farkle), and the report says so."""
    diff = compare("ten-thousand", "farkle")
    found = figures(diff)
    assert diff.rolls and [key for key, _, _ in found.odds_changes()] == [6]
    text = "\n".join(report(diff, found))
    assert "  6 dice   3.09% → 2.31%" in text and "changes" in text


@pytest.mark.slow  # two two-player solves of Greed, seconds each when the cache lacks them
def test_a_house_rule_moves_the_first_player_s_chance(
    tmp_path: Path, no_spec_run: None, capsys: pytest.CaptureFixture[str]
) -> None:
    """Greed to 2,500: the first player's chance, both playing to win, moves, and the report and
    --json say by how much; 10000's two-player solve, minutes long and not kept here, is left to
    dicespec solve, and the report says how to make it."""
    short = write_lines(tmp_path, "short.yaml", "extends: greed", "end: {target: 2500, final_round: true}")
    found = figures(compare("greed", str(short)))
    assert isinstance(found.before, SetAsideFigures) and isinstance(found.after, SetAsideFigures)
    assert found.before.first_player is not None and found.after.first_player is not None
    moved = (found.after.first_player - found.before.first_player) * 100
    text = list(report(compare("greed", str(short)), found))
    at = text.index("Two players, each playing to win")
    assert text[at + 1] == (
        f"  the first player's chance: {found.before.first_player:.2%} → {found.after.first_player:.2%} "
        f"({moved:+.2f} percentage points)"
    )
    status, out, _ = run_cli(["diff", "greed", str(short), "--json"], capsys)
    after = json.loads(out)["figures"]["after"]
    assert status == 0 and after["first_player_chance"] == pytest.approx(found.after.first_player)


@pytest.mark.slow
def test_the_solves_report_progress(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, no_spec_run: None) -> None:
    """A side the solver has not solved reports its solve's progress under its label; a solved
    one is read from the cache, silently."""
    monkeypatch.setenv("DICESPEC_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(sheet_solver, "_SOLVED", {})
    quick = write_lines(tmp_path, "quick.yaml", "extends: kiriki-no-extra", "rolls_per_turn: 1")  # a second's solve
    quicker = write_lines(
        tmp_path, "quicker.yaml", "extends: kiriki-no-extra", "rolls_per_turn: 1", "rows:", "  full_house: {points: 30}"
    )
    told: dict[str, list[tuple[int, int]]] = {}

    def progress(label: str) -> figures_module.Progress:
        return lambda done, total: told.setdefault(label, []).append((done, total))

    diff = compare(str(quick), str(quicker))
    found = figures(diff, progress=progress)
    assert set(told) == {str(quick), str(quicker)} and all(calls[-1][0] == calls[-1][1] for calls in told.values())
    assert found.difference is not None and found.difference > 0
    told.clear()
    figures(diff, progress=progress)
    assert told == {}


# -- the whole diff, spec runs and solves included -------------------------------------------------


@pytest.fixture(scope="module")
def house_diff(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Diff, Comparison]]:
    """kiriki against the 30-point full house, spec runs and figures (the house's solve is kept in
    the solver's cache, as the command keeps it)."""
    folder = tmp_path_factory.mktemp("house")
    path = write_lines(folder, "house.yaml", "extends: kiriki", "rows:", "  full_house: {points: 30}")
    diff = compare("kiriki", str(path))
    yield path, diff, figures(diff)


def full_house_cases(points: str) -> set[str]:
    """The kiriki cases of the full house row that claim ``points``."""
    return {
        case.id
        for case in cases()
        if case.game == "kiriki" and "-full-house-" in case.id and points in case.values.values()
    }


@pytest.mark.slow
def test_the_house_diff_names_the_full_house_cases(house_diff: tuple[Path, Diff, Comparison]) -> None:
    """Every case of the spec scoring a full house at 25 holds under kiriki and fails under the
    house file; those scoring a roll 0 in the row do not move; no case starts to hold; no
    large-straight case moves."""
    _, diff, _ = house_diff
    flipped = {case_id: (old, new) for case_id, old, new in diff.features}
    assert len(full_house_cases("25")) >= 8 and full_house_cases("25") <= set(flipped)
    assert full_house_cases("0") and not full_house_cases("0") & set(flipped)
    assert set(flipped.values()) == {("holds", "fails")}
    assert not any("large-straight" in case_id for case_id in flipped)
    assert diff.spec_cases > 200


@pytest.mark.slow
def test_the_house_figures(house_diff: tuple[Path, Diff, Comparison]) -> None:
    """A better full house is worth more: the expected score rises; only the full house's mean
    changes (its chance does not); the text report and --json say so."""
    path, diff, found = house_diff
    assert isinstance(found.before, SheetFigures) and isinstance(found.after, SheetFigures)
    assert found.difference is not None and 0 < found.difference < 10
    assert found.after.expected_score == pytest.approx(found.before.expected_score + found.difference)
    [(row, old, new)] = found.odds_changes()
    assert row == "full_house" and old is not None and new is not None
    assert old.chance == new.chance and new.mean == old.mean * 30 / 25
    assert len(found.before.openings) == 252
    text = list(report(diff, found))
    assert text[0] == f"dicespec diff kiriki {path}: Kiriki (KDE reference) → a ruleset file extending kiriki"
    assert [line.split() for line in text if line.startswith("  difference ")] == [
        ["difference", f"{found.difference:+.2f}"]
    ]
    assert any(line.startswith("  full_house  3.86% → 3.86%;  mean 0.96 → 1.16") for line in text)
    assert text[-1] == f"300 corpus cases and {len(diff.features)} cases of the spec differ."
    data = as_json(diff, found)
    assert json.loads(json.dumps(data)) == data
    assert data["corpus"]["differ"] == 300 and len(data["corpus"]["rolls"]) == 30
    assert data["corpus"]["rolls"][0]["orders"][0] == "11122"
    assert {c["id"] for c in data["spec"]["changes"]} == {case_id for case_id, _, _ in diff.features}
    assert all({"path", "line", "section"} <= set(c) for c in data["spec"]["changes"])
    shown = data["figures"]
    assert shown["family"] == "score-sheet" and shown["difference"] == pytest.approx(found.difference)
    assert shown["odds_changes"][0]["row"] == "full_house" and shown["odds_changes"][0]["label"] == "Full House"
    assert shown["odds_changes"][0]["after"]["mean_exact"] == "125/108"
    assert shown["opening_flips"]["first_rolls"] == 252
    assert shown["opening_flips"]["count"] == len(shown["opening_flips"]["flips"]) == len(found.flips())
    assert len(shown["before"]["opening_best"]) == 252 and shown["before"]["row_odds"]["full_house"]["label"]


@pytest.mark.slow
def test_the_command_on_a_house_file(
    house_diff: tuple[Path, Diff, Comparison], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``dicespec diff kiriki house.yaml`` (a relative path) prints the changed rolls, the changed
    cases and the expected-score difference."""
    path, diff, found = house_diff
    monkeypatch.chdir(path.parent)
    monkeypatch.setattr(
        holds,
        "features",
        lambda names: {  # the fixture's runs, not two more
            names[0]: {case_id: old for case_id, old, _ in diff.features},
            names[1]: {case_id: new for case_id, _, new in diff.features},
        },
    )
    status, out, err = run_cli(["diff", "kiriki", "house.yaml"], capsys)
    assert (status, err) == (0, "")
    assert "  kiriki score, full_house: 300 ordered rolls (30 distinct)" in out
    assert "    22333: 25 → 30, in 10 orders:" in out
    assert "  holds under kiriki, fails under house.yaml: " in out
    assert f"  difference     {found.difference:+.2f}\n" in out  # the labels' width: house.yaml's


@pytest.mark.slow
def test_a_spec_run_under_a_file(early_entry: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The spec runs under a ruleset file as under a shipped ruleset: the entry's cases fail
    under a 500 entry, and the file against itself differs in nothing (its two sides read the
    verdicts of the one run under the file)."""
    run, verdicts = holds.features, {}

    def kept(names: list[str]) -> dict[str, dict[str, str]]:
        verdicts.update(run([name for name in names if name not in verdicts]) if set(names) - set(verdicts) else {})
        return {name: verdicts[name] for name in names}

    monkeypatch.setattr(holds, "features", kept)
    diff = compare("ten-thousand", str(early_entry))
    flipped = {case_id: (old, new) for case_id, old, new in diff.features}
    assert flipped and set(flipped.values()) == {("holds", "fails")}
    assert all("750" in case_id or "entry" in case_id for case_id in flipped), flipped
    same = compare(str(early_entry), str(early_entry))
    assert (same.rolls, same.features) == ([], [])
    assert same.spec_cases == diff.spec_cases > 0
