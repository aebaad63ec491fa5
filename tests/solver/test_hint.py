"""Hints: every choice for the dice on the table with its expected final score, consistent with the
solved state values; and the ``hint`` command of the terminal game."""

from __future__ import annotations

import pytest

from dicespec import Roll, find_ruleset
from dicespec.scoresheet.sheet import Sheet
from dicespec.solver import Action, Choice, TurnPlan, hint, solution
from dicespec.solver.hint import reroll_positions
from dicespec.solver.keeps import keep_tables, roll_of
from dicespec.solver.scoresheet import NoTurnLeftError
from dicespec.terminal.sheet import HELP, play
from sheet_rows import REFERENCE, Row

MID_GAME = {"ones": 3, "twos": 6, "threes": 9, "full_house": 25, "kiriki": 50, "chance": 21}


def reference():
    return find_ruleset("kiriki")


@pytest.mark.slow
@pytest.mark.parametrize("cells", [{}, MID_GAME, {"kiriki": 0, "sixes": 24}])
def test_the_best_first_choices_average_to_the_sheets_expected_total(cells: dict[str, int]) -> None:
    """Averaged over the 252 first rolls, the best choice's expected score is the sheet's expected total."""
    solved = solution(reference())
    sheet = Sheet.from_cells(cells)
    plan = TurnPlan(solved, sheet)
    tables = keep_tables(5)
    average = sum(
        p * plan.choices(roll_of(counts), 2)[0][1]
        for p, counts in zip(tables.roll_probability, tables.roll_counts(), strict=True)
    )
    assert average == pytest.approx(solved.expected_total(sheet), rel=1e-12)


@pytest.mark.slow
@pytest.mark.parametrize(("dice", "kept", "rolls_left"), [("66123", "66", 2), ("12346", "1234", 1), ("55552", "", 2)])
def test_a_keeps_value_is_the_average_of_the_best_choices_after_it(dice: str, kept: str, rolls_left: int) -> None:
    """A keep is worth the average, over the throws of the other dice, of the best choice one roll later."""
    sheet = Sheet.from_cells(MID_GAME)
    plan = TurnPlan(solution(reference()), sheet)
    value = dict(plan.choices(dice, rolls_left))[Choice(Action.KEEP, dice=Roll.parse(kept))]
    thrown = keep_tables(5 - len(kept))
    average = sum(
        p * plan.choices(Roll.parse(kept + str(roll_of(counts))), rolls_left - 1)[0][1]
        for p, counts in zip(thrown.roll_probability, thrown.roll_counts(), strict=True)
    )
    assert value == pytest.approx(average, rel=1e-12)


@pytest.mark.slow
def test_hint_lists_every_keep_and_every_open_row_best_first() -> None:
    """With rerolls left, the choices are every keep of fewer than five of the dice and every open row, best first."""
    sheet = Sheet.from_cells(MID_GAME)
    choices = hint(reference(), sheet, "61532", 2)
    keeps = [c for c, _ in choices if c.action is Action.KEEP]
    rows = [c.row for c, _ in choices if c.action is Action.SCORE]
    assert len(keeps) == 2**5 - 1  # five different dice: every subset but all five
    assert sorted(rows, key=list(Row).index) == list(sheet.open_rows(REFERENCE))
    values = [v for _, v in choices]
    assert values == sorted(values, reverse=True)
    assert all(v >= sheet.grand_total(reference()) for v in values)


@pytest.mark.slow
def test_hint_of_a_straight_in_the_first_roll_is_to_score_it() -> None:
    """On an empty sheet, a large straight in the first roll is scored at once, as a large straight."""
    best, _ = hint(reference(), Sheet(), "23456", 2)[0]
    assert best == Choice(Action.SCORE, row=Row.LARGE_STRAIGHT)


@pytest.mark.slow
def test_hint_without_rerolls_offers_only_rows() -> None:
    """With no reroll left, the only choices are the open rows."""
    sheet = Sheet.from_cells(MID_GAME)
    choices = hint(reference(), sheet, "44431", 0)
    assert {c.action for c, _ in choices} == {Action.SCORE}
    assert len(choices) == len(sheet.open_rows(REFERENCE))


@pytest.mark.slow
def test_a_repeat_kiriki_is_offered_at_fifty_plus_the_sheets_value() -> None:
    """A five of a kind over a kiriki of 50 may go in the kiriki cell: its score is 50 more than the sheet's
    expected total (the state comes back, with a turn more), and it is the best choice."""
    solved = solution(reference())
    sheet = Sheet.from_cells(MID_GAME)
    choices = dict(hint(reference(), sheet, "55555", 0, solved=solved))
    repeat = choices[Choice(Action.SCORE, row=Row.KIRIKI)]
    assert repeat == pytest.approx(50 + solved.expected_total(sheet), rel=1e-12)
    assert repeat == max(choices.values())


@pytest.mark.slow
def test_no_repeat_kiriki_without_a_kiriki_above_zero() -> None:
    """A kiriki cell scored 0 takes no five of a kind."""
    sheet = Sheet.from_cells({"kiriki": 0})
    rows = [c.row for c, _ in hint(reference(), sheet, "55555", 0)]
    assert Row.KIRIKI not in rows and Row.FIVES in rows


@pytest.mark.slow
def test_the_row_values_are_the_dynamic_programmes() -> None:
    """The best row for the last roll is worth what the solver's turn values say, for every roll."""
    solved = solution(reference())
    sheet = Sheet.from_cells(MID_GAME)
    plan = TurnPlan(solved, sheet)
    total = sheet.grand_total(reference())
    tables = keep_tables(5)
    assert len(plan.keep_values(0)) == 252 and len(plan.keep_values(2)) == 462
    for counts, final in zip(tables.roll_counts(), plan.keep_values(0), strict=True):
        assert plan.choices(roll_of(counts), 0)[0][1] == pytest.approx(total + final, rel=1e-12)


@pytest.mark.slow
def test_a_finished_sheet_has_no_hint() -> None:
    """A full sheet with no turn owed has nothing to advise."""
    full = Sheet.from_cells(dict.fromkeys(Row, 0))
    with pytest.raises(NoTurnLeftError):
        hint(reference(), full, "12345", 0)


@pytest.mark.slow
def test_bad_dice_or_rolls_left_are_refused() -> None:
    """Dice must be five; rolls left 0 to 2."""
    with pytest.raises(ValueError, match="expected 5"):
        hint(reference(), Sheet(), "1234", 1)
    with pytest.raises(ValueError, match="0 to 2 rerolls"):
        hint(reference(), Sheet(), "12345", 3)


def test_a_choice_reads_and_types() -> None:
    """A choice prints as what it does, and as the terminal command that does it with these dice."""
    dice = Roll.parse("61636")
    keep = Choice(Action.KEEP, dice=Roll.parse("666"))
    assert str(keep) == "keep 666" and keep.command(dice) == "keep 1 3 5"
    assert Choice(Action.KEEP, dice=Roll.parse("")).command(dice) == "reroll 1 2 3 4 5"
    assert str(Choice(Action.KEEP, dice=Roll.parse(""))) == "keep nothing"
    assert Choice(Action.SCORE, row=Row.SIXES).command(dice) == "score sixes"
    assert Choice(Action.END).command(dice) == "end" and str(Choice(Action.END)) == "end the turn"
    assert reroll_positions(dice, Roll.parse("16")) == [2, 3, 4]
    with pytest.raises(ValueError, match="not among the dice"):
        reroll_positions(dice, Roll.parse("55"))


@pytest.mark.slow
def test_the_terminal_game_gives_hints() -> None:
    """'hint' in the terminal game prints the best choices with their expected scores; 'help' lists it."""
    assert "hint" in HELP
    solution(reference())  # solved before the game: no note about working it out
    commands = iter(["hint", "quit"])
    out: list[str] = []
    status = play(reference(), 1, 3, read=lambda _: next(commands), write=out.append)
    assert status == 0
    shown = out[3:8]
    assert out[8].startswith("  dice: ")
    assert all("(keep " in line or "(score " in line or "(reroll " in line for line in shown)
    values = [float(line.split()[0]) for line in shown]
    assert values == sorted(values, reverse=True) and 200 < values[0] < 300


@pytest.mark.slow
def test_hints_follow_the_game_in_the_terminal() -> None:
    """The commands a hint prints can be typed: asking for a hint and typing the first one plays a game to the end."""
    out: list[str] = []
    reads, hinted = 0, 0

    def read(_: str) -> str:
        nonlocal reads, hinted
        reads += 1
        assert reads < 200, "the game does not end"
        if reads % 2:
            hinted = len(out)
            return "hint"
        return out[hinted].rsplit("(", 1)[1].rstrip(")")  # the first line of the hint

    assert play(reference(), 1, 7, read=read, write=out.append) == 0
    text = "\n".join(out)
    assert "Game over." in text and "not allowed" not in text and "unknown command" not in text
