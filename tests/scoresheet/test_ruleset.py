"""The sheet-level rules a score-sheet ruleset may declare, beyond Kiriki's: the forced and the free
joker, repeat five of a kinds added to a bonus line, rows of the Yatzy kind, a sheet of any
length, and an upper bonus from "at least". Each ruleset here is a file of the tests' own."""

from __future__ import annotations

from pathlib import Path

import pytest

from dicespec import Roll, load_ruleset
from dicespec.rulesets import find_ruleset_of
from dicespec.scoresheet.errors import JokerRowError, RowUsedError
from dicespec.scoresheet.game import SheetGame
from dicespec.scoresheet.rows import score_sheet
from dicespec.scoresheet.ruleset import SheetRuleset
from dicespec.scoresheet.sheet import Sheet
from dicespec.solver import solve
from dicespec.solver.hint import Action, hint
from dicespec.terminal.sheet import offer_lines

JOKER = """\
extends: kiriki
name: {name}
five_of_a_kind:
  row: kiriki
  repeat: {{adds: 100, to: yahtzee_bonus}}
  extra_turns: none
joker: {joker}
"""

YATZY_ROWS = """\
game: kiriki
name: yatzy-like
title: Yatzy-like
description: Fifteen rows of the Scandinavian kind.
dice: 5
rolls_per_turn: 3
players: {min: 1, max: 4}
rows:
  ones:            {label: Ones, section: upper, rule: face, face: 1}
  twos:            {label: Twos, section: upper, rule: face, face: 2}
  threes:          {label: Threes, section: upper, rule: face, face: 3}
  fours:           {label: Fours, section: upper, rule: face, face: 4}
  fives:           {label: Fives, section: upper, rule: face, face: 5}
  sixes:           {label: Sixes, section: upper, rule: face, face: 6}
  one_pair:        {label: One pair, section: lower, rule: pairs, pairs: 1}
  two_pairs:       {label: Two pairs, section: lower, rule: pairs, pairs: 2}
  three_of_a_kind: {label: Three of a kind, section: lower, rule: of_a_kind, at_least: 3, points: matching}
  four_of_a_kind:  {label: Four of a kind, section: lower, rule: of_a_kind, at_least: 4, points: matching}
  small_straight:  {label: Small straight, section: lower, rule: straight, faces: [1, 2, 3, 4, 5], points: 15}
  large_straight:  {label: Large straight, section: lower, rule: straight, faces: [2, 3, 4, 5, 6], points: 20}
  full_house:      {label: Full house, section: lower, rule: full_house, points: sum, five_of_a_kind_counts: false}
  chance:          {label: Chance, section: lower, rule: chance}
  yatzy:           {label: Yatzy, section: lower, rule: of_a_kind, at_least: 5, points: 50}
upper_bonus: {at_least: 63, points: 50}
five_of_a_kind: null
joker: none
winner: highest_total_ties_share
gaps: []
"""

CHANCE_ONLY = """\
game: kiriki
name: chance-only
title: One row of chance
description: A game of one turn, scored in chance.
dice: 5
rolls_per_turn: 3
players: {min: 1, max: 1}
rows:
  chance: {label: Chance, section: lower, rule: chance}
upper_bonus: null
five_of_a_kind: null
joker: none
winner: highest_total_ties_share
gaps: []
"""


def ruleset_file(tmp_path: Path, name: str, text: str) -> SheetRuleset:
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    ruleset = load_ruleset(path)
    assert isinstance(ruleset, SheetRuleset)
    return ruleset


@pytest.fixture
def forced(tmp_path: Path) -> SheetRuleset:
    return ruleset_file(tmp_path, "forced", JOKER.format(name="forced", joker="forced"))


@pytest.fixture
def free(tmp_path: Path) -> SheetRuleset:
    return ruleset_file(tmp_path, "free", JOKER.format(name="free", joker="free"))


def play(game: SheetGame, *turns: tuple[str, str]) -> None:
    """Each turn: one roll, scored in one row."""
    for dice, row in turns:
        game.roll(dice)
        game.score(row)


# -- the forced joker and the bonus line ----------------------------------------------------------


def test_a_repeat_goes_to_the_bonus_line_and_the_roll_to_its_own_upper_row(forced: SheetRuleset) -> None:
    """With 50 in the five-of-a-kind row, 44444 must go in the fours and adds 100 to the bonus line."""
    game = SheetGame(forced)
    play(game, ("33333", "kiriki"))
    game.roll("44444")
    assert game.scorable_rows() == ("fours",)
    assert game.score("fours") == 20
    lines = game.sheet(0).lines(forced)
    assert (lines["kiriki"], lines["fours"], lines["yahtzee_bonus"]) == (50, 20, 100)
    assert list(lines)[-3:] == ["yahtzee_bonus", "lower_total", "grand_total"]
    assert lines["lower_total"] == 150 and lines["grand_total"] == 170
    assert game.state.players[0].extra_turns == 0  # a repeat here earns no turn


def test_with_its_upper_row_filled_a_joker_takes_any_lower_row_at_full_value(forced: SheetRuleset) -> None:
    """Fours filled: 44444 may go in any open lower row, a full house or a straight at full value."""
    game = SheetGame(forced)
    play(game, ("33333", "kiriki"), ("44412", "fours"))
    game.roll("44444")
    assert set(game.scorable_rows()) == {
        "three_of_a_kind",
        "four_of_a_kind",
        "full_house",
        "small_straight",
        "large_straight",
        "chance",
    }
    with pytest.raises(JokerRowError) as refused:
        game.score("ones")
    assert refused.value.code == "joker-row"
    assert game.score("large_straight") == 40
    assert game.sheet(0).line == 100


def test_with_no_lower_row_open_a_joker_scores_0_in_an_upper_row(forced: SheetRuleset) -> None:
    """Fours and every lower row filled: 44444 goes in an open upper row, for 0."""
    game = SheetGame(forced)
    play(
        game,
        ("33333", "kiriki"),
        ("44412", "fours"),
        ("12346", "three_of_a_kind"),
        ("12346", "four_of_a_kind"),
        ("12346", "full_house"),
        ("12346", "small_straight"),
        ("12346", "large_straight"),
        ("12346", "chance"),
    )
    game.roll("44444")
    assert game.scorable_rows() == ("ones", "twos", "threes", "fives", "sixes")
    assert game.score("sixes") == 0
    assert game.sheet(0).line == 100


def test_a_five_of_a_kind_row_scored_0_gives_no_bonus_but_the_joker_still_applies(forced: SheetRuleset) -> None:
    """With 0 in the five-of-a-kind row, 55555 earns no bonus, yet must still go in the fives."""
    game = SheetGame(forced)
    play(game, ("12346", "kiriki"))
    game.roll("55555")
    assert game.scorable_rows() == ("fives",)
    game.score("fives")
    assert game.sheet(0).line == 0 and game.sheet(0).repeats == 0


def test_the_five_of_a_kind_row_is_not_scored_again(forced: SheetRuleset) -> None:
    """Where repeats go to a bonus line, the five-of-a-kind row is filled once, like any row."""
    game = SheetGame(forced)
    play(game, ("33333", "kiriki"), ("44412", "fours"))
    game.roll("44444")
    with pytest.raises(RowUsedError):
        game.score("kiriki")


def test_without_a_prior_five_of_a_kind_there_is_no_joker(forced: SheetRuleset) -> None:
    """An open five-of-a-kind row: 44444 may go anywhere, and a full house scores 0 for it."""
    game = SheetGame(forced)
    game.roll("44444")
    assert game.scorable_rows() == forced.row_ids
    assert game.score("full_house") == 0


# -- the free joker -------------------------------------------------------------------------------


def test_a_free_joker_takes_any_open_row_at_full_value_once_its_upper_row_is_filled(free: SheetRuleset) -> None:
    """Under the free joker, 44444 after a five of a kind may go in any open row; with the fours
    filled it scores a full house at full value."""
    game = SheetGame(free)
    play(game, ("33333", "kiriki"), ("44412", "fours"))
    game.roll("44444")
    assert game.scorable_rows() == tuple(row for row in free.row_ids if row not in ("kiriki", "fours"))
    assert game.score("full_house") == 25
    assert game.sheet(0).line == 100


def test_a_free_joker_whose_upper_row_is_open_scores_as_it_is(free: SheetRuleset) -> None:
    """With the fours open, 44444 may still go in the full house, but it scores 0 there (and the
    bonus line gets its 100 all the same)."""
    game = SheetGame(free)
    play(game, ("33333", "kiriki"))
    game.roll("44444")
    assert "full_house" in game.scorable_rows()
    assert game.score("full_house") == 0
    assert game.sheet(0).line == 100


def test_a_repeat_to_a_bonus_line_may_earn_a_turn(tmp_path: Path) -> None:
    """extra_turns: repeat with a bonus line: the repeat fills its row and earns one more turn."""
    text = JOKER.format(name="turns", joker="free").replace("extra_turns: none", "extra_turns: repeat")
    game = SheetGame(ruleset_file(tmp_path, "turns", text))
    play(game, ("33333", "kiriki"), ("44444", "chance"))
    player = game.state.players[0]
    assert (player.extra_turns, player.sheet.line, player.sheet.cells["chance"]) == (1, 100, 20)


# -- rows of another sheet --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "expected"),
    [
        ("33441", {"one_pair": 8, "two_pairs": 14, "three_of_a_kind": 0, "full_house": 0, "chance": 15}),
        ("44454", {"one_pair": 8, "two_pairs": 0, "three_of_a_kind": 12, "four_of_a_kind": 16, "full_house": 0}),
        ("12345", {"small_straight": 15, "large_straight": 0, "one_pair": 0}),
        ("65432", {"small_straight": 0, "large_straight": 20}),
        ("22666", {"full_house": 22, "three_of_a_kind": 18, "two_pairs": 16, "one_pair": 12}),
        ("66666", {"yatzy": 50, "full_house": 0, "four_of_a_kind": 24, "two_pairs": 0, "one_pair": 12}),
    ],
)
def test_a_fifteen_row_sheet_scores_by_its_own_rows(tmp_path: Path, dice: str, expected: dict[str, int]) -> None:
    """A ruleset of fifteen rows (pairs, matching dice, straights by their faces) scores each as declared."""
    sheet = score_sheet(ruleset_file(tmp_path, "yatzy-like", YATZY_ROWS), Roll.parse(dice))
    assert tuple(sheet)[6:8] == ("one_pair", "two_pairs")
    assert {row: sheet[row] for row in expected} == expected


def test_a_fifteen_row_game_takes_fifteen_turns_and_an_upper_bonus_from_at_least(tmp_path: Path) -> None:
    """One turn a row, fifteen in all; the upper bonus comes at 63 exactly ("at least")."""
    ruleset = ruleset_file(tmp_path, "yatzy-like", YATZY_ROWS)
    game = SheetGame(ruleset)
    upper = [
        ("11124", "ones"),
        ("22215", "twos"),
        ("33312", "threes"),
        ("44412", "fours"),
        ("55512", "fives"),
        ("66612", "sixes"),
    ]  # 3 + 6 + 9 + 12 + 15 + 18 = 63
    lower = [("12346", row) for row in ruleset.lower_rows]
    play(game, *upper, *lower)
    assert game.is_over and game.state.players[0].turns_taken == 15
    lines = game.sheet(0).lines(ruleset)
    assert (lines["upper_total"], lines["bonus"]) == (113, 50)


def test_the_solver_takes_its_rows_from_the_ruleset(tmp_path: Path) -> None:
    """A one-row sheet (chance) played optimally expects 5 x 14/3 = 70/3: each die is kept from
    the first roll at 5 or 6, then at 4 or more (4.25 expected), else rolled a last time."""
    solved = solve(ruleset_file(tmp_path, "chance-only", CHANCE_ONLY))
    assert solved.expected_score == pytest.approx(70 / 3, abs=1e-9)


# -- the solver plays the joker and the bonus line --------------------------------------------------


NO_JOKER = JOKER.format(name="no-joker", joker="none")
NO_LINE = JOKER.format(name="no-line", joker="free").replace(
    "  repeat: {adds: 100, to: yahtzee_bonus}\n", "  repeat: {adds: null}\n"
)


@pytest.mark.slow
def test_the_solver_values_the_joker_and_the_bonus_line_by_the_choices_they_give(tmp_path: Path) -> None:
    """Each rule only adds choices or points, so optimal play is worth at least as much with it:
    the free joker (any open row, full value) offers every choice of the forced one, and every
    choice of no joker at as many points or more; the bonus line adds 100 to some of them. The
    gaps are strict: a solver that ignored the joker or the bonus line would tie."""
    value = {
        name: solve(ruleset_file(tmp_path, name, text)).expected_score
        for name, text in [
            ("free", JOKER.format(name="free", joker="free")),
            ("forced", JOKER.format(name="forced", joker="forced")),
            ("no-joker", NO_JOKER),
            ("no-line", NO_LINE),
        ]
    }
    assert value["free"] > value["forced"]
    assert value["free"] > value["no-joker"]
    assert value["free"] > value["no-line"]


@pytest.mark.slow
def test_the_hint_offers_a_forced_joker_only_its_own_upper_row(tmp_path: Path, forced: SheetRuleset) -> None:
    """44444 after a Yahtzee of 50, with fours open: the forced joker's only row is fours, and its
    value counts the 100 of the bonus line; the free joker may also take the large straight."""
    sheet = Sheet.from_cells({"kiriki": 50})
    forced_rows = {c.row for c, _ in hint(forced, sheet, "44444", 0) if c.action is Action.SCORE}
    assert forced_rows == {"fours"}
    free = ruleset_file(tmp_path, "free", JOKER.format(name="free", joker="free"))
    free_rows = {c.row for c, _ in hint(free, sheet, "44444", 0) if c.action is Action.SCORE}
    assert {"fours", "large_straight", "chance"} <= free_rows


# -- the terminal's rows command --------------------------------------------------------------------


def test_the_rows_command_shows_a_forced_jokers_one_row_and_its_bonus() -> None:
    """Under the publisher's Yahtzee, a second 33333 with the threes open offers only the threes,
    and the terminal says it is a forced joker and what the repeat adds."""
    game = SheetGame(find_ruleset_of(SheetRuleset, "yahtzee"))
    play(game, ("33333", "yahtzee"))
    game.roll("33333")
    lines = list(offer_lines(game))
    assert lines[0] == (
        "  33333 is a forced joker: it goes only where the joker rule allows, "
        "as the dice are, until the upper row of its face is filled"
    )
    assert lines[1] == "  a repeat five of a kind: +100 to yahtzee_bonus, whichever row it goes in"
    assert lines[2:] == ["  threes            15"]


def test_the_rows_command_shows_a_free_jokers_full_value() -> None:
    """Under the free joker with the threes filled, 33333 scores 40 in the large straight, as offered."""
    game = SheetGame(find_ruleset_of(SheetRuleset, "yahtzee-free-joker"))
    play(game, ("33333", "yahtzee"), ("33312", "threes"))
    game.roll("33333")
    offered = dict(game.offers())
    assert offered["large_straight"] == 40 and offered["full_house"] == 25 and offered["ones"] == 0
    assert "at full value" in next(offer_lines(game))
    assert game.score("large_straight") == offered["large_straight"]
