"""The Kiriki turn and game: legal and illegal actions, turn order, extra kiriki turns, whole games."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dicespec import Roll, find_ruleset, ruleset_names
from dicespec.scoresheet.errors import UnknownRowError
from dicespec.scoresheet.game import (
    AlreadyRolledError,
    BadDiceError,
    DieIndexError,
    EmptyRerollError,
    GameOverError,
    GameState,
    NoRollsLeftError,
    NotPlayableError,
    NotRolledError,
    PlayerCountError,
    PlayerState,
    RowsStillOpenError,
    RowUsedError,
    SheetActionError,
    SheetGame,
    random_dice,
    winners,
)
from dicespec.scoresheet.rows import score
from dicespec.scoresheet.ruleset import SheetRuleset
from dicespec.scoresheet.sheet import Sheet
from sheet_rows import REFERENCE, Row
from strategies import dice_values, kiriki_rulesets, reroll_positions, rolls

PLAIN = "12346"  # no pattern but a small straight: a roll for filling any row
ALL_ROWS_BUT_KIRIKI = [row for row in Row if row != Row.KIRIKI]


def given_dice_only(n: int) -> list[int]:
    raise AssertionError("these tests give every die value themselves")


def new_game(ruleset: str = "kiriki", players: int = 1) -> SheetGame:
    return SheetGame(find_ruleset(ruleset), players, dice=given_dice_only)


def fill(rows: list[Row], dice: str = PLAIN) -> list[tuple[str, Row]]:
    """Turns that score ``dice`` in each of ``rows``."""
    return [(dice, row) for row in rows]


def play(game: SheetGame, turns_by_player: list[list[tuple[str, Row]]]) -> list[int]:
    """Play each player's turns (first roll and a row) in whatever order the game asks; the players in turn order."""
    queues = [list(turns) for turns in turns_by_player]
    order = []
    while not game.is_over:
        player = game.current_player
        order.append(player)
        assert queues[player], f"player {player + 1} is asked for a turn they do not have"
        dice, row = queues[player].pop(0)
        game.roll(dice)
        game.score(row)
    assert not any(queues), f"turns left unplayed: {queues}"
    return order


def finished_game() -> SheetGame:
    game = new_game()
    play(game, [fill(list(Row))])
    return game


# -- a turn ----------------------------------------------------------------------------------


def test_a_turn_rolls_rerolls_and_scores() -> None:
    """A turn is a first roll of five dice, up to two rerolls of chosen dice, and one score."""
    game = new_game()
    assert game.rolls_left == 3 and game.dice is None
    assert game.roll("12345") == Roll.parse("12345")
    assert game.reroll([0, 2], "66") == Roll.parse("62645")
    assert game.reroll([4], [6]) == Roll.parse("62646")
    assert game.rolls_left == 0
    assert game.score("sixes") == 18
    assert game.sheet(0).cells == {Row.SIXES: 18}
    assert game.dice is None and game.state.rolls == 0


def test_score_after_any_roll() -> None:
    """The dice may be scored after the first roll or after one reroll."""
    game = new_game()
    game.roll("55555")
    assert game.score(Row.KIRIKI) == 50
    game.roll("12345")
    game.reroll([0], "6")
    assert game.score("large_straight") == 40


@given(kiriki_rulesets, rolls(), st.sampled_from(list(Row)))
def test_any_open_row_takes_any_roll(ruleset: SheetRuleset, roll: Roll, row: Row) -> None:
    """Any open row takes any roll, and writes what the row scores for it (0 when it does not fit)."""
    game = SheetGame(ruleset, dice=given_dice_only)
    game.roll(roll)
    assert game.scorable_rows() == tuple(Row)
    assert game.score(row) == score(ruleset, roll, row) == game.sheet(0).cells[row]


def test_dice_come_from_the_source() -> None:
    """Without given dice, the game draws from its dice source: all five, then the rerolled ones only."""
    draws: list[int] = []

    def source(n: int) -> list[int]:
        draws.append(n)
        return [6] * n

    game = SheetGame(find_ruleset("kiriki"), dice=source)
    game.roll()
    game.reroll([1, 3], None)
    assert draws == [5, 2]
    assert game.dice == Roll.parse("66666")


@given(dice_values(), reroll_positions, st.data())
def test_a_reroll_keeps_the_other_dice(first: list[int], positions: list[int], data: st.DataObject) -> None:
    """A reroll changes only the chosen dice, each to its new value in the order chosen."""
    game = new_game()
    game.roll(first)
    new = data.draw(dice_values(len(positions)))
    after = game.reroll(positions, new)
    for i in range(5):
        assert after[i] == (new[positions.index(i)] if i in positions else first[i])


def test_seeded_dice_repeat() -> None:
    """The same seed gives the same dice."""
    a, b = random_dice(11), random_dice(11)
    assert [a(5) for _ in range(20)] == [b(5) for _ in range(20)]
    one, two = SheetGame(find_ruleset("kiriki"), seed=4), SheetGame(find_ruleset("kiriki"), seed=4)
    assert one.roll() == two.roll()


# -- illegal actions: a typed error, and the game as it was -------------------------------------

Setup = Callable[[SheetGame], object]
Act = Callable[[SheetGame], object]


def rolled(dice: str = PLAIN) -> Setup:
    return lambda g: g.roll(dice)


def rerolled_twice(g: SheetGame) -> None:
    g.roll(PLAIN)
    g.reroll([0], "1")
    g.reroll([1], "1")


def ones_used_then_rolled(g: SheetGame) -> None:
    g.roll("11111")
    g.score(Row.ONES)
    g.roll(PLAIN)


def kiriki_scratched_then_five_of_a_kind(g: SheetGame) -> None:
    g.roll(PLAIN)
    g.score(Row.KIRIKI)
    g.roll("66666")


ILLEGAL: dict[str, tuple[Setup, Act, type[Exception]]] = {
    "fourth roll": (rerolled_twice, lambda g: g.reroll([2], "1"), NoRollsLeftError),
    "reroll of nothing": (rolled(), lambda g: g.reroll([]), EmptyRerollError),
    "reroll die 5 (0-based)": (rolled(), lambda g: g.reroll([5], "1"), DieIndexError),
    "reroll die -1": (rolled(), lambda g: g.reroll([-1], "1"), DieIndexError),
    "reroll one good, one bad": (rolled(), lambda g: g.reroll([0, 9], "11"), DieIndexError),
    "reroll a die twice": (rolled(), lambda g: g.reroll([1, 1], "11"), DieIndexError),
    "reroll by text index": (rolled(), lambda g: g.reroll(["1"], "1"), DieIndexError),
    "reroll by bool index": (rolled(), lambda g: g.reroll([True], "1"), DieIndexError),
    "reroll with too few values": (rolled(), lambda g: g.reroll([0, 1], "1"), BadDiceError),
    "score a used row": (ones_used_then_rolled, lambda g: g.score(Row.ONES), RowUsedError),
    "kiriki after a scratched kiriki": (
        kiriki_scratched_then_five_of_a_kind,
        lambda g: g.score("kiriki"),
        RowUsedError,
    ),
    "score an unknown row": (rolled(), lambda g: g.score("yahtzee"), UnknownRowError),
    "score the bonus": (rolled(), lambda g: g.score("bonus"), NotPlayableError),
    "score a total": (rolled(), lambda g: g.score("grand_total"), NotPlayableError),
    "score before rolling": (lambda g: None, lambda g: g.score(Row.CHANCE), NotRolledError),
    "reroll before rolling": (lambda g: None, lambda g: g.reroll([0], "1"), NotRolledError),
    "end before rolling": (lambda g: None, lambda g: g.end_turn(), NotRolledError),
    "roll twice": (rolled(), lambda g: g.roll(PLAIN), AlreadyRolledError),
    "roll after a reroll": (rerolled_twice, lambda g: g.roll(PLAIN), AlreadyRolledError),
    "roll four dice": (lambda g: None, lambda g: g.roll("1234"), BadDiceError),
    "roll a seven": (lambda g: None, lambda g: g.roll("12347"), BadDiceError),
    "roll a non-digit": (lambda g: None, lambda g: g.roll("1234x"), BadDiceError),
    "end the turn with rows open": (rolled(), lambda g: g.end_turn(), RowsStillOpenError),
}


@pytest.mark.parametrize("case", ILLEGAL)
def test_an_illegal_action_changes_nothing(case: str) -> None:
    """An illegal action raises its typed error and leaves the game exactly as it was."""
    setup, act, error = ILLEGAL[case]
    game = new_game()
    setup(game)
    before = game.state
    with pytest.raises(error):
        act(game)
    assert game.state == before
    assert game.state is before


@pytest.mark.parametrize(
    "act",
    [
        lambda g: g.roll(PLAIN),
        lambda g: g.reroll([0], "1"),
        lambda g: g.score(Row.CHANCE),
        lambda g: g.end_turn(),
        lambda g: g.scorable_rows(),
    ],
    ids=["roll", "reroll", "score", "end", "scorable_rows"],
)
def test_nothing_is_allowed_after_the_game(act: Act) -> None:
    """Once every player has played every turn, each action is a GameOverError and changes nothing."""
    game = finished_game()
    assert game.is_over
    before = game.state
    with pytest.raises(GameOverError):
        act(game)
    assert game.state == before


@pytest.mark.parametrize("players", [0, 7, -1])
def test_wrong_number_of_players(players: int) -> None:
    """A game needs one to six players; any other number is a PlayerCountError naming the range."""
    with pytest.raises(PlayerCountError, match="allows 1 to 6"):
        SheetGame(find_ruleset("kiriki"), players)


def test_error_codes_are_distinct() -> None:
    """Each kind of illegal action has its own stable code."""
    kinds = [
        AlreadyRolledError,
        BadDiceError,
        DieIndexError,
        EmptyRerollError,
        GameOverError,
        NoRollsLeftError,
        NotPlayableError,
        NotRolledError,
        RowsStillOpenError,
        RowUsedError,
    ]
    assert all(issubclass(kind, SheetActionError) for kind in kinds)
    assert len({kind.code for kind in kinds}) == len(kinds)


# -- turn order ------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 3])
def test_players_take_turns_in_fixed_order(players: int) -> None:
    """Players take turns in fixed order from player 1, 13 turns each, and then the game is over."""
    game = new_game(players=players)
    order = play(game, [fill(list(Row)) for _ in range(players)])
    assert order == list(range(players)) * 13
    assert all(p.sheet.is_full(REFERENCE) and p.turns_taken == 13 for p in game.state.players)


def test_a_repeat_kiriki_earns_a_turn_at_the_end() -> None:
    """A repeat kiriki fills no row, so its player plays once more after everyone else has finished."""
    game = new_game(players=2)
    p1 = [("66666", Row.KIRIKI), ("55555", Row.KIRIKI), *fill(ALL_ROWS_BUT_KIRIKI)]
    order = play(game, [p1, fill(list(Row))])
    assert order == [0, 1] * 13 + [0]
    first = game.state.players[0]
    assert (first.turns_taken, first.extra_turns, first.sheet.repeats) == (14, 1, 1)
    assert first.sheet.cells[Row.KIRIKI] == 100


TWO_REPEATS = [("11111", Row.KIRIKI), ("22222", Row.KIRIKI), ("33333", Row.KIRIKI), *fill(ALL_ROWS_BUT_KIRIKI)]
ONE_REPEAT = [("44444", Row.KIRIKI), ("55555", Row.KIRIKI), *fill(ALL_ROWS_BUT_KIRIKI)]


def test_two_players_owed_extra_turns_alternate() -> None:
    """Two players owed two extra turns each take them alternately."""
    game = new_game(players=2)
    order = play(game, [TWO_REPEATS, TWO_REPEATS])
    assert order == [0, 1] * 13 + [0, 1, 0, 1]


def test_extra_turns_skip_a_full_sheet() -> None:
    """Players owed extra turns take them in turn order, skipping a player whose sheet is full."""
    game = new_game(players=3)
    order = play(game, [TWO_REPEATS, fill(list(Row)), ONE_REPEAT])
    assert order == [0, 1, 2] * 13 + [0, 2, 0]


def test_a_repeat_kiriki_in_an_extra_turn_earns_another() -> None:
    """A repeat kiriki rolled in an extra turn earns one more turn in its turn."""
    game = new_game(players=2)
    p1 = [
        ("66666", Row.KIRIKI),
        *fill(ALL_ROWS_BUT_KIRIKI[:-1]),
        ("55555", Row.KIRIKI),
        ("44444", Row.KIRIKI),
        ("33333", Row.KIRIKI),
        *fill(ALL_ROWS_BUT_KIRIKI[-1:]),
    ]
    p2 = [
        ("22222", Row.KIRIKI),
        *fill(ALL_ROWS_BUT_KIRIKI[:-1]),
        ("11111", Row.KIRIKI),
        *fill(ALL_ROWS_BUT_KIRIKI[-1:]),
    ]
    order = play(game, [p1, p2])
    assert order == [0, 1] * 13 + [0, 1, 0, 0]
    assert game.sheet(0).cells[Row.KIRIKI] == 200
    assert game.sheet(1).cells[Row.KIRIKI] == 100


# -- kirikis -----------------------------------------------------------------------------------------


def test_a_scratched_kiriki_cell_takes_no_later_kiriki() -> None:
    """A kiriki cell scored with 0 refuses a later five of a kind, which may go in another row."""
    game = new_game()
    game.roll(PLAIN)
    assert game.score(Row.KIRIKI) == 0
    game.roll("66666")
    assert Row.KIRIKI not in game.scorable_rows()
    with pytest.raises(RowUsedError):
        game.score(Row.KIRIKI)
    assert game.score(Row.SIXES) == 30
    assert game.state.players[0].extra_turns == 0


def test_a_repeat_kiriki_is_added_to_the_kiriki_cell() -> None:
    """A five of a kind after a kiriki cell above 0 adds 50 to it and earns one extra turn."""
    game = new_game()
    game.roll("33333")
    game.score(Row.KIRIKI)
    assert game.state.players[0].extra_turns == 0  # the first kiriki earns nothing more
    game.roll("12345")
    game.reroll([0, 1, 2, 3, 4], "44444")
    assert Row.KIRIKI in game.scorable_rows()
    assert game.score(Row.KIRIKI) == 50
    player = game.state.players[0]
    assert player.sheet.cells[Row.KIRIKI] == 100
    assert (player.turns_taken, player.extra_turns, len(player.sheet.cells)) == (2, 1, 1)


def test_a_repeat_kiriki_may_go_in_another_open_row() -> None:
    """A repeat five of a kind may instead be scored normally in any open row; then it earns no extra turn."""
    game = new_game()
    game.roll("33333")
    game.score(Row.KIRIKI)
    game.roll("44444")
    assert set(game.scorable_rows()) == set(Row)
    assert game.score(Row.FOURS) == 20
    game.roll("44444")
    assert game.score(Row.FULL_HOUSE) == 0
    player = game.state.players[0]
    assert player.sheet.cells[Row.KIRIKI] == 50
    assert player.extra_turns == 0 and player.sheet.repeats == 0


def test_only_five_of_a_kind_is_a_repeat_kiriki() -> None:
    """Four of a kind cannot be added to a filled kiriki cell."""
    game = new_game()
    game.roll("33333")
    game.score(Row.KIRIKI)
    game.roll("33334")
    with pytest.raises(RowUsedError):
        game.score(Row.KIRIKI)


def test_no_repeat_kiriki_where_the_ruleset_has_none() -> None:
    """A ruleset without repeat kirikis refuses a second five of a kind in the kiriki cell."""
    reference = find_ruleset("kiriki")
    assert reference.five_of_a_kind is not None
    ruleset = dataclasses.replace(
        reference, name="no-repeats", five_of_a_kind=dataclasses.replace(reference.five_of_a_kind, repeat_adds=None)
    )
    game = SheetGame(ruleset, dice=given_dice_only)
    game.roll("33333")
    game.score(Row.KIRIKI)
    game.roll("33333")
    assert Row.KIRIKI not in game.scorable_rows()
    with pytest.raises(RowUsedError):
        game.score(Row.KIRIKI)


def test_kiriki_fr_first_kiriki_earns_a_turn() -> None:
    """Under kiriki-fr the first kiriki earns an extra turn too; under the reference it does not."""
    for name, extra in (("kiriki-fr", 1), ("kiriki", 0)):
        game = new_game(name)
        game.roll("22222")
        game.score(Row.KIRIKI)
        assert game.state.players[0].extra_turns == extra, name


def test_kiriki_fr_scratched_kiriki_earns_nothing() -> None:
    """Under kiriki-fr a kiriki cell scored with 0 earns no extra turn."""
    game = new_game("kiriki-fr")
    game.roll(PLAIN)
    game.score(Row.KIRIKI)
    assert game.state.players[0].extra_turns == 0


def test_kiriki_fr_turn_with_a_full_sheet() -> None:
    """Under kiriki-fr a turn with a full sheet may add a repeat kiriki, or end with no score."""
    game = new_game("kiriki-fr", players=2)
    # Player 1: a kiriki first (one extra turn), then 12 rows; player 2: 13 rows.
    queues = [[("66666", Row.KIRIKI), *fill(ALL_ROWS_BUT_KIRIKI)], fill(list(Row))]
    for _ in range(26):
        dice, row = queues[game.current_player].pop(0)
        game.roll(dice)
        game.score(row)
    assert game.current_player == 0 and game.sheet(0).is_full(REFERENCE) and not game.is_over
    # The extra turn: a repeat kiriki is added and earns one more turn ...
    game.roll("11111")
    assert game.scorable_rows() == (Row.KIRIKI,)
    assert game.score(Row.KIRIKI) == 50
    assert game.current_player == 0 and not game.is_over
    # ... and in that one, any other roll fits no row: the turn ends with no score.
    game.roll(PLAIN)
    assert game.scorable_rows() == ()
    before = game.state
    with pytest.raises(RowUsedError):
        game.score(Row.CHANCE)
    assert game.state == before
    game.end_turn()
    assert game.is_over
    player = game.state.players[0]
    assert (player.turns_taken, player.extra_turns, player.sheet.cells[Row.KIRIKI]) == (15, 2, 100)


def test_reference_never_gives_a_turn_with_a_full_sheet() -> None:
    """Under the reference rules a player has a turn left exactly while a row is open."""
    game = new_game(players=2)
    play(game, [[("66666", Row.KIRIKI), ("66666", Row.KIRIKI), *fill(ALL_ROWS_BUT_KIRIKI)], fill(list(Row))])
    assert all(p.sheet.is_full(REFERENCE) for p in game.state.players)


# -- whole games ---------------------------------------------------------------------------------------


def play_greedily(game: SheetGame) -> int:
    """Play to the end: keep the most common face, then score the best row; returns the number of turns."""
    turns = 0
    while not game.is_over:
        turns += 1
        roll = game.roll()
        for _ in range(game.rolls_left):
            counts = roll.counts
            keep = counts.index(max(counts)) + 1
            others = [i for i, die in enumerate(roll) if die != keep]
            if not others:
                break
            roll = game.reroll(others)
        rows = game.scorable_rows()
        if not rows:
            game.end_turn()
            continue
        best = max(
            rows,
            key=lambda row: (
                row == Row.KIRIKI and not game.sheet(game.current_player).is_open(row),
                game_score(game, row),
            ),
        )
        game.score(best)
    return turns


def game_score(game: SheetGame, row: Row) -> int:
    assert game.dice is not None
    return score(game.ruleset, game.dice, row)


@pytest.mark.parametrize("name", ruleset_names("kiriki"))
@pytest.mark.parametrize("seed", [3, 2024])
def test_a_seeded_game_runs_to_the_end(name: str, seed: int) -> None:
    """A seeded game of three players runs to the end with every sheet full and a winner."""
    game = SheetGame(find_ruleset(name), 3, seed=seed)
    turns = play_greedily(game)
    players = game.state.players
    assert turns == sum(p.turns_taken for p in players)
    for p in players:
        assert p.sheet.is_full(REFERENCE)
        assert p.turns_taken == 13 + p.extra_turns
    assert winners(game.ruleset, game.state)


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.large_base_example])
@given(kiriki_rulesets, st.integers(min_value=1, max_value=3), st.randoms(use_true_random=False), st.data())
def test_any_game_keeps_its_books(ruleset: SheetRuleset, players: int, rng: random.Random, data: st.DataObject) -> None:
    """Whatever the dice and choices, turns and extra turns add up and the game ends with full sheets."""
    game = SheetGame(ruleset, players, dice=lambda n: [rng.randint(1, 6) for _ in range(n)])
    first_kiriki = [False] * players
    while not game.is_over:
        me = game.current_player
        assert game.state.players[me].has_turn_left()
        game.roll()
        while game.rolls_left and data.draw(st.booleans()):
            game.reroll(data.draw(reroll_positions))
        rows = game.scorable_rows()
        if not rows:
            assert ruleset.five_of_a_kind.extra_turns == "every" and game.sheet(me).is_full(REFERENCE)
            game.end_turn()
            continue
        row = data.draw(st.sampled_from(rows))
        was_open = game.sheet(me).is_open(row)
        points = game.score(row)
        if row == Row.KIRIKI and was_open and points:
            first_kiriki[me] = True
    for me, player in enumerate(game.state.players):
        assert player.sheet.is_full(REFERENCE)
        assert player.turns_taken == 13 + player.extra_turns
        repeats = player.sheet.repeats
        if ruleset.five_of_a_kind.extra_turns == "every":
            assert player.extra_turns == repeats + first_kiriki[me]
        else:
            assert player.extra_turns == repeats
        assert player.sheet.cells[Row.KIRIKI] == (50 * (1 + repeats) if first_kiriki[me] else 0)


def test_winners_share_a_tie() -> None:
    """The highest grand total wins, and equal highest totals share the win."""
    ruleset = find_ruleset("kiriki")
    a, b, c = Sheet.from_cells({"chance": 20}), Sheet.from_cells({"chance": 25}), Sheet.from_cells({"sixes": 25})

    def over(*sheets: Sheet) -> GameState:
        return GameState(players=tuple(PlayerState(turns=0, sheet=sheet) for sheet in sheets))

    assert winners(ruleset, over(a, b)) == (1,)
    assert winners(ruleset, over(a, b, c)) == (1, 2)
    assert winners(
        ruleset, over(Sheet.from_cells({"sixes": 18, "fives": 15, "fours": 12, "threes": 9, "twos": 6, "ones": 3}), b)
    ) == (0,)
