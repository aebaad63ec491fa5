"""The score-sheet steps (``dicespec.spec.steps.sheet``), against the reference and against answers
changed on purpose: a row's score of a roll, under the line name a text gives it; the text's own
sum and run checked against the dice; a table of turns written as replay actions, whose player
column is checked; the sheet's lines, extra turns and saved rolls read from the replay; the sheet's
scoring and summary lines counted. Each passes on the reference's answer and fails, saying what
differs, on another."""

from __future__ import annotations

from typing import Any

import pytest

from dicespec.implementation import ReferenceImplementation
from dicespec.spec.steps.common import ScriptedGame
from dicespec.spec.steps.sheet import (
    extra_turns,
    line_empty,
    row_scores,
    saved_rolls,
    scoring_lines,
    sequence_in_dice,
    sheet_line,
    sheet_reads,
    sum_of_dice,
    summary_lines,
    turns,
)

REFERENCE = ReferenceImplementation()


class Scores(ReferenceImplementation):
    """The reference, but every row scores ``points``."""

    def __init__(self, points: int) -> None:
        self.points = points

    def score(self, ruleset: str, dice: str, row: str) -> Any:
        return self.points


def kiriki(players: int = 2, actions: list[str] | None = None) -> ScriptedGame:
    return ScriptedGame("kiriki", REFERENCE, "kiriki", players, list(actions or []))


def test_a_rows_score_under_the_name_a_text_gives_the_row() -> None:
    row_scores(REFERENCE, "kiriki", "66616", "6s", 24)
    row_scores(REFERENCE, "kiriki", "22333", "Full House", 25)
    with pytest.raises(AssertionError, match="66616 in sixes under kiriki: the spec says 18, the implementation 24"):
        row_scores(REFERENCE, "kiriki", "66616", "6s", 18)
    with pytest.raises(AssertionError, match="the implementation 0"):
        row_scores(Scores(0), "kiriki", "66616", "6s", 24)


def test_a_texts_sum_adds_up_and_counts_only_dice_shown() -> None:
    sum_of_dice("66616", "6 + 6 + 6 + 6", 24)
    with pytest.raises(AssertionError, match="6 \\+ 6 \\+ 6 adds up to 18, not 24"):
        sum_of_dice("66616", "6 + 6 + 6", 24)
    with pytest.raises(AssertionError, match=r"counts dice that 66612 does not show: \[6\]"):
        sum_of_dice("66612", "6 + 6 + 6 + 6", 24)


def test_a_texts_run_is_a_run_of_faces_the_dice_hold() -> None:
    sequence_in_dice("14235", "1-2-3-4")
    with pytest.raises(AssertionError, match="is not a run of faces"):
        sequence_in_dice("12345", "1-3-4-5")
    with pytest.raises(AssertionError, match="14235 does not hold 3-4-5-6"):
        sequence_in_dice("14235", "3-4-5-6")


def test_a_table_of_turns_is_written_as_replay_actions_and_reads_back() -> None:
    """Player 1 rolls 66616, rerolls its last two dice to 66 and scores a kiriki; player 2 a large
    straight; player 1 a second kiriki, which adds 50 and earns a turn."""
    game = kiriki()
    table = [
        ["Player", "Roll", "Reroll", "Row"],
        ["1", "66616", "4,5=66", "kiriki"],
        ["2", "12345", "", "Large Straight"],
        ["1", "22222", "", "kiriki"],
    ]
    turns(game, table)
    assert game.actions == [
        "roll 66616",
        "reroll 4,5=66",
        "score kiriki",
        "roll 12345",
        "score large_straight",
        "roll 22222",
        "score kiriki",
    ]
    sheet_line(game, 1, "kiriki", 100)
    sheet_line(game, 2, "Large Straight", 40)
    line_empty(game, 1, "Full House")
    extra_turns(game, 1, 1)
    sheet_reads(game, 2, [["Line", "Value"], ["Large Straight", "40"], ["kiriki", "-"], ["6s", "-"]])
    with pytest.raises(AssertionError, match="player 1's kiriki is 100, not 50"):
        sheet_line(game, 1, "kiriki", 50)
    with pytest.raises(AssertionError, match="player 2's large_straight holds 40"):
        line_empty(game, 2, "Large Straight")
    with pytest.raises(AssertionError, match="player 2's kiriki is None, not 50"):
        sheet_reads(game, 2, [["Line", "Value"], ["kiriki", "50"]])
    with pytest.raises(AssertionError, match="player 1 has earned 1 extra turns"):
        extra_turns(game, 1, 0)


def test_a_turns_player_column_is_checked() -> None:
    game = kiriki()
    with pytest.raises(AssertionError, match="it is player 1's turn, not player 2's"):
        turns(game, [["joueur", "lancer", "ligne"], ["2", "12345", "chance"]])
    alone = kiriki(1)
    turns(alone, [["Roll", "Row"], ["12345", "chance"]])  # no player column: none checked
    assert alone.actions == ["roll 12345", "score chance"]


def test_saved_rolls_are_read_from_the_players_entry() -> None:
    game = ScriptedGame("maxi-yatzy", REFERENCE, "maxi-yatzy", 1, ["roll 123456", "score chance"])
    saved = REFERENCE.replay("maxi-yatzy", 1, game.actions)["players"][0]["saved_rolls"]
    saved_rolls(game, 1, saved)
    with pytest.raises(AssertionError, match=f"player 1 has {saved} saved rolls, not {saved + 1}"):
        saved_rolls(game, 1, saved + 1)


def test_the_sheets_scoring_and_summary_lines_are_counted() -> None:
    """Kiriki's sheet: thirteen rows and the bonus have a score pattern; three totals sum them."""
    scoring_lines(REFERENCE, "kiriki", 14)
    summary_lines(REFERENCE, "kiriki", 3)
    with pytest.raises(AssertionError, match="the sheet has 14 lines with a score pattern"):
        scoring_lines(REFERENCE, "kiriki", 13)
    with pytest.raises(AssertionError, match="the sheet has 3 summary lines"):
        summary_lines(REFERENCE, "kiriki", 2)
