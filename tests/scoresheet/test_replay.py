"""Replaying a Kiriki game from written actions: the notation, and where the rules stop a replay."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dicespec import Roll, find_ruleset
from dicespec.scoresheet.replay import (
    Action,
    ActionSyntaxError,
    EndTurnAction,
    RerollAction,
    RollAction,
    ScoreAction,
    parse_action,
    replay,
)
from sheet_rows import REFERENCE, Row
from strategies import dice_values, kiriki_rows, reroll_positions, rolls

# -- the notation ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("roll 12345", RollAction(Roll.parse("12345"))),
        ("reroll 1,2=66", RerollAction((0, 1), Roll.parse("66"))),
        ("reroll 5=1", RerollAction((4,), Roll.parse("1"))),
        ("score full_house", ScoreAction(Row.FULL_HOUSE)),
        ("end", EndTurnAction()),
    ],
)
def test_actions_read_and_write(text: str, action: Action) -> None:
    """Each action reads from its notation and writes back to it; reroll positions are 1-based."""
    assert parse_action(text, REFERENCE) == action
    assert str(action) == text


def test_surrounding_space_is_ignored() -> None:
    """Space around an action is ignored."""
    assert parse_action("  score   chance ", REFERENCE) == ScoreAction(Row.CHANCE)


actions = st.one_of(
    rolls().map(RollAction),
    reroll_positions.flatmap(lambda ps: dice_values(len(ps)).map(lambda d: RerollAction(tuple(ps), Roll.of(d)))),
    kiriki_rows.map(ScoreAction),
    st.just(EndTurnAction()),
)


@given(actions)
def test_every_action_round_trips(action: Action) -> None:
    """Any action written out reads back as the same action."""
    assert parse_action(str(action), REFERENCE) == action


@pytest.mark.parametrize(
    "text",
    ["", "jump 3", "roll 12a45", "reroll 1,2", "reroll a=6", "reroll 1,2=6x", "score yahtzee", "end now", "Roll 12345"],
)
def test_unreadable_actions(text: str) -> None:
    """Text that is not an action is an ActionSyntaxError (a ValueError) quoting it."""
    with pytest.raises(ActionSyntaxError) as caught:
        parse_action(text, REFERENCE)
    assert isinstance(caught.value, ValueError)
    assert repr(text) in str(caught.value)


# -- replays -----------------------------------------------------------------------------------

ONE_GAME = [action for row in Row for action in ("roll 12346", f"score {row}")]


def test_a_whole_game_replays() -> None:
    """Thirteen turns of one player replay to a finished game with no rejection."""
    result = replay(find_ruleset("kiriki"), 1, ONE_GAME)
    assert result.rejected_at is None and result.rejection is None
    assert result.state.is_over
    sheet = result.state.players[0].sheet
    assert sheet.is_full(REFERENCE)
    assert sheet.grand_total(find_ruleset("kiriki")) == 1 + 2 + 3 + 4 + 6 + 30 + 16


def test_a_replay_stops_at_the_first_rejected_action() -> None:
    """A replay stops at the first action the rules refuse, with the state just before it."""
    actions = ["roll 12345", "score large_straight", "roll 23456", "score large_straight", "score chance"]
    result = replay(find_ruleset("kiriki"), 1, actions)
    assert (result.rejected_at, result.rejection) == (3, "row-used")
    assert result.message and "large_straight" in result.message
    assert result.state.dice == Roll.parse("23456")
    assert Row.CHANCE not in result.state.players[0].sheet.cells


def test_replay_with_a_repeat_kiriki() -> None:
    """A replayed repeat kiriki lands in the kiriki cell and gives the player a fourteenth turn."""
    actions = ["roll 44444", "score kiriki", "roll 12345", "reroll 1,2,3,5=4444", "score kiriki"]
    actions += [a for row in Row if row != Row.KIRIKI for a in ("roll 12346", f"score {row}")]
    result = replay(find_ruleset("kiriki"), 1, actions)
    assert result.rejected_at is None and result.state.is_over
    player = result.state.players[0]
    assert (player.turns_taken, player.extra_turns, player.sheet.cells[Row.KIRIKI]) == (14, 1, 100)


@pytest.mark.parametrize(
    ("actions", "code"),
    [
        (["score chance"], "not-rolled"),
        (["reroll 1=6"], "not-rolled"),
        (["end"], "not-rolled"),
        (["roll 12345", "roll 12345"], "already-rolled"),
        (["roll 12345", "reroll 1=6", "reroll 1=6", "reroll 1=6"], "no-rolls-left"),
        (["roll 12345", "reroll 6=1"], "bad-die-index"),
        (["roll 12345", "reroll 0=1"], "bad-die-index"),
        (["roll 12345", "reroll 2,2=11"], "bad-die-index"),
        ([RollAction(Roll.parse("12345")), RerollAction((), Roll.parse(""))], "empty-reroll"),
        (["roll 12345", "end"], "rows-still-open"),
        (["roll 12345", "score kiriki", "roll 55555", "score kiriki"], "row-used"),
        (["roll 1234"], "bad-dice"),
        (["roll 123456"], "bad-dice"),
        (["roll 12345", "reroll 1,2=6"], "bad-dice"),
        (["roll 12345", "score bonus"], "not-playable"),
        ([*ONE_GAME, "roll 12345"], "game-over"),
    ],
)
def test_rejections_carry_their_code(actions: list[str | Action], code: str) -> None:
    """Each kind of refused action is reported by its stable code at its index, the game left as it was."""
    ruleset = find_ruleset("kiriki")
    result = replay(ruleset, 1, actions)
    assert (result.rejected_at, result.rejection) == (len(actions) - 1, code)
    before = replay(ruleset, 1, actions[:-1])
    assert before.rejected_at is None
    assert result.state == before.state


def test_a_syntax_error_is_no_rejection() -> None:
    """An action that cannot be read stops the replay with an ActionSyntaxError, not a rejection."""
    with pytest.raises(ActionSyntaxError):
        replay(find_ruleset("kiriki"), 1, ["roll 12345", "score nothing"])


def test_two_players_alternate_in_a_replay() -> None:
    """In a replay of two players the turns alternate."""
    result = replay(find_ruleset("kiriki"), 2, ["roll 12345", "score chance", "roll 66666", "score kiriki"])
    first, second = result.state.players
    assert first.sheet.cells == {Row.CHANCE: 15}
    assert second.sheet.cells == {Row.KIRIKI: 50}
    assert result.state.current == 0
