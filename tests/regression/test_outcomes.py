"""``dicespec.regression.outcomes`` through its own API: a ruleset's columns, its distinct sorted
rolls and the ordered rolls of each, each roll's answers as text (a score-sheet's rows; a
set-aside's best and set-aside, or the code that refuses it), a ruleset object answered as its
shipped name is, a game digest's line, and the ordered rolls that disagree with a roll's line."""

from __future__ import annotations

from itertools import permutations

from dicespec.regression import outcomes
from dicespec.regression.outcomes import GameDigest
from dicespec.rulesets import find_ruleset

KIRIKI_ROWS = (
    "ones",
    "twos",
    "threes",
    "fours",
    "fives",
    "sixes",
    "three_of_a_kind",
    "four_of_a_kind",
    "full_house",
    "small_straight",
    "large_straight",
    "kiriki",
    "chance",
)


def test_a_score_sheet_s_columns_are_its_rows_a_set_aside_s_best_and_set_aside() -> None:
    assert outcomes.columns("kiriki") == KIRIKI_ROWS
    assert outcomes.columns("ten-thousand") == ("best", "set-aside")
    assert outcomes.game_of("greed") == "greed"


def test_the_distinct_rolls_are_every_sorted_roll_fewest_dice_first() -> None:
    kiriki = list(outcomes.distinct_rolls("kiriki"))
    assert len(kiriki) == 252 and kiriki[0] == "11111" and kiriki[-1] == "66666"
    assert all(list(dice) == sorted(dice) for dice in kiriki)
    greed = list(outcomes.distinct_rolls("greed"))  # none to five dice: 1 + 6 + 21 + 56 + 126 + 252
    assert greed[:3] == ["", "1", "2"] and len(greed) == 462


def test_ordered_gives_every_order_of_a_roll_once_sorted() -> None:
    assert outcomes.ordered("112") == ["112", "121", "211"]
    assert outcomes.ordered("22333") == sorted({"".join(p) for p in permutations("22333")})
    assert len(outcomes.ordered("22333")) == 10


def test_a_sheet_roll_answers_each_row_in_column_order() -> None:
    answers = dict(zip(KIRIKI_ROWS, outcomes.roll_answers("kiriki", "22333"), strict=True))
    assert answers["twos"] == "4" and answers["threes"] == "9" and answers["full_house"] == "25"
    assert answers["three_of_a_kind"] == answers["chance"] == "13" and answers["kiriki"] == "0"


def test_a_set_aside_roll_answers_its_best_and_its_points_or_the_refusal() -> None:
    assert outcomes.roll_answers("ten-thousand", "1115") == ("1050", "1050")
    assert outcomes.roll_answers("ten-thousand", "2346") == ("0", "not-scoring")
    assert outcomes.roll_answers("ten-thousand", "") == (outcomes.NO_ANSWER, "empty-set-aside")


def test_a_ruleset_object_answers_as_its_shipped_name() -> None:
    for name, dice in (("kiriki", "22333"), ("ten-thousand", "1115"), ("ten-thousand", "")):
        assert outcomes.answers_of(find_ruleset(name), dice) == outcomes.roll_answers(name, dice), (name, dice)


def test_object_answers_are_the_golden_answers() -> None:
    """The corpus of a ruleset object is answered as the golden files answer a shipped name."""
    for name in ("kiriki", "ten-thousand", "greed"):
        assert outcomes.rolls_of(find_ruleset(name)) == outcomes.rolls(name), name


def test_a_game_digest_is_one_line() -> None:
    digest = GameDigest("007", "random", 2, 71, 11, "f0998a53113c945c")
    assert digest.line() == "007 random 2p 71 actions 11 asked f0998a53113c945c"


def test_the_ordered_rolls_that_disagree_with_their_line_are_named() -> None:
    lines = outcomes.rolls("kiriki")
    assert list(outcomes.check_ordered_rolls("kiriki", lines)) == []
    answers = list(lines["22333"])
    answers[KIRIKI_ROWS.index("full_house")] = "30"
    lines["22333"] = tuple(answers)
    del lines["66666"]
    found = list(outcomes.check_ordered_rolls("kiriki", lines))
    moved = [row for row in found if row[2] != "(no line)"]
    assert sorted(moved) == [(dice, "full_house", "30", "25") for dice in outcomes.ordered("22333")]
    missing = [row for row in found if row[2] == "(no line)"]
    assert {row[0] for row in missing} == {"66666"} and len(missing) == len(KIRIKI_ROWS)
