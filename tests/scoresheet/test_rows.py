"""What each row of the Kiriki sheet scores: hand-checked rolls, properties, and every roll."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dicespec import DiceCountError, Roll, find_ruleset, ruleset_names
from dicespec.scoresheet.families import FullHouse, OfAKind, RowRule, Straight, rule_from_data
from dicespec.scoresheet.rows import score, score_sheet
from dicespec.scoresheet.ruleset import SheetRuleset
from sheet_rows import LOWER_ROWS, UPPER_ROWS, Row
from strategies import five_of_a_kind, kiriki_rows, kiriki_rulesets, rolls, rolls_and_shuffles

KIRIKI_RULESETS = ruleset_names("kiriki")


@pytest.fixture(params=KIRIKI_RULESETS)
def ruleset(request: pytest.FixtureRequest) -> SheetRuleset:
    """Every shipped Kiriki ruleset in turn."""
    return find_ruleset(request.param)


# -- hand-checked rolls under the reference rules --------------------------------------------

ROW_ORDER = tuple(Row)

# The 13 rows in sheet order: ones twos threes fours fives sixes | 3k 4k fh ss ls kiriki chance.
# Each line was worked out by hand from the reference rules, not by running the engine.
HAND_CHECKED: dict[str, tuple[int, ...]] = {
    "66616": (1, 0, 0, 0, 0, 24, 25, 25, 0, 0, 0, 0, 25),
    "22522": (0, 8, 0, 0, 5, 0, 13, 13, 0, 0, 0, 0, 13),
    "12345": (1, 2, 3, 4, 5, 0, 0, 0, 0, 30, 40, 0, 15),
    "65432": (0, 2, 3, 4, 5, 6, 0, 0, 0, 30, 40, 0, 20),
    "33333": (0, 0, 15, 0, 0, 0, 15, 15, 0, 0, 0, 50, 15),
    "22333": (0, 4, 9, 0, 0, 0, 13, 0, 25, 0, 0, 0, 13),
    "55566": (0, 0, 0, 0, 15, 12, 27, 0, 25, 0, 0, 0, 27),
    "13456": (1, 0, 3, 4, 5, 6, 0, 0, 0, 30, 0, 0, 19),
    "43231": (1, 2, 6, 4, 0, 0, 0, 0, 0, 30, 0, 0, 13),
    "12356": (1, 2, 3, 0, 5, 6, 0, 0, 0, 0, 0, 0, 17),
    "11112": (4, 2, 0, 0, 0, 0, 6, 6, 0, 0, 0, 0, 6),
    "34366": (0, 0, 6, 4, 0, 12, 0, 0, 0, 0, 0, 0, 22),
    "11111": (5, 0, 0, 0, 0, 0, 5, 5, 0, 0, 0, 50, 5),
}


@pytest.mark.parametrize("dice", HAND_CHECKED)
def test_hand_checked_rolls(dice: str) -> None:
    """Each hand-checked roll scores as worked out on paper, in every row."""
    sheet = score_sheet(find_ruleset("kiriki"), Roll.parse(dice))
    expected = dict(zip(ROW_ORDER, HAND_CHECKED[dice], strict=True))
    wrong = {str(row): f"expected {expected[row]}, got {sheet[row]}" for row in Row if sheet[row] != expected[row]}
    assert not wrong, f"dice {dice}: {wrong}"


@pytest.mark.parametrize(
    ("dice", "row", "points"),
    [
        ("66616", Row.SIXES, 24),
        ("22522", Row.FOUR_OF_A_KIND, 13),
        ("12345", Row.SMALL_STRAIGHT, 30),
        ("12345", Row.LARGE_STRAIGHT, 40),
        ("23456", Row.LARGE_STRAIGHT, 40),
        ("33333", Row.FULL_HOUSE, 0),
        ("33333", Row.KIRIKI, 50),
        ("22333", Row.FULL_HOUSE, 25),
        ("22334", Row.FULL_HOUSE, 0),
        ("22223", Row.FULL_HOUSE, 0),
        ("12334", Row.SMALL_STRAIGHT, 30),
        ("34566", Row.SMALL_STRAIGHT, 30),
        ("12456", Row.SMALL_STRAIGHT, 0),
        ("12346", Row.LARGE_STRAIGHT, 0),
        ("13456", Row.LARGE_STRAIGHT, 0),
        ("66612", Row.THREE_OF_A_KIND, 21),
        ("66612", Row.FOUR_OF_A_KIND, 0),
        ("11223", Row.THREE_OF_A_KIND, 0),
    ],
)
def test_single_rows(dice: str, row: Row, points: int) -> None:
    """A few rows on their own, the reference rules' edge cases among them."""
    assert score(find_ruleset("kiriki"), Roll.parse(dice), row) == points


def test_kiriki_fr_large_straight() -> None:
    """Under kiriki-fr a large straight scores 30; everything else scores as in the reference."""
    fr, reference = find_ruleset("kiriki-fr"), find_ruleset("kiriki")
    assert score(fr, Roll.parse("12345"), Row.LARGE_STRAIGHT) == 30
    assert score(fr, Roll.parse("23456"), Row.LARGE_STRAIGHT) == 30
    for dice in HAND_CHECKED:
        roll = Roll.parse(dice)
        for row in Row:
            if row != Row.LARGE_STRAIGHT:
                assert score(fr, roll, row) == score(reference, roll, row), (dice, row)


def test_full_house_needs_exactly_three_and_two() -> None:
    """Five of a kind is no full house; three and two of different faces is."""
    counts = Roll.parse("33333").counts
    assert not FullHouse("sum", five_of_a_kind_counts=False).fits(counts)
    assert FullHouse("sum", five_of_a_kind_counts=True).fits(counts)
    assert FullHouse("sum", five_of_a_kind_counts=False).fits(Roll.parse("32323").counts)
    assert not FullHouse("sum", five_of_a_kind_counts=True).fits(Roll.parse("33332").counts)


def test_predicates() -> None:
    """The n-of-a-kind and straight predicates read the counts."""
    counts = Roll.parse("66616").counts
    assert OfAKind(4, "sum").fits(counts) and not OfAKind(5, "sum").fits(counts)
    assert Straight(4, None, "sum").fits(Roll.parse("65431").counts)
    assert not Straight(5, None, "sum").fits(Roll.parse("65431").counts)
    assert Straight(3, None, "sum").fits(Roll.parse("12356").counts)
    assert not Straight(4, None, "sum").fits(Roll.parse("12356").counts)
    assert Straight(None, ((2, 3, 4, 5, 6),), "sum").fits(Roll.parse("65432").counts)
    assert not Straight(None, ((2, 3, 4, 5, 6),), "sum").fits(Roll.parse("12345").counts)


def test_score_sheet_is_in_sheet_order() -> None:
    """A roll's sheet lists all 13 rows, in sheet order."""
    assert tuple(score_sheet(find_ruleset("kiriki"), Roll.parse("12345"))) == ROW_ORDER


@pytest.mark.parametrize("dice", ["6661", "666166", ""])
def test_score_sheet_needs_five_dice(ruleset: SheetRuleset, dice: str) -> None:
    """A roll of another number of dice than five is refused."""
    with pytest.raises(DiceCountError):
        score_sheet(ruleset, Roll.parse(dice))


# -- rule families read their numbers from the rule ------------------------------------------


@pytest.mark.parametrize(
    ("rule", "dice", "points"),
    [
        ({"rule": "full_house", "points": 25, "five_of_a_kind_counts": True}, "44444", 25),
        ({"rule": "full_house", "points": "sum", "five_of_a_kind_counts": False}, "22333", 13),
        ({"rule": "full_house", "points": "sum", "five_of_a_kind_counts": False}, "44444", 0),
        ({"rule": "straight", "length": 3, "points": 20}, "12356", 20),
        ({"rule": "straight", "length": 3, "points": 20}, "12456", 20),
        ({"rule": "straight", "length": 3, "points": 20}, "11356", 0),
        ({"rule": "straight", "faces": [1, 2, 3, 4, 5], "points": 15}, "54321", 15),
        ({"rule": "straight", "faces": [1, 2, 3, 4, 5], "points": 15}, "23456", 0),
        ({"rule": "straight", "faces": [2, 3, 4, 5, 6], "points": "sum"}, "62345", 20),
        ({"rule": "of_a_kind", "at_least": 2, "points": 5}, "12236", 5),
        ({"rule": "of_a_kind", "at_least": 5, "points": "sum"}, "44444", 20),
        ({"rule": "of_a_kind", "at_least": 3, "points": "matching"}, "44454", 12),
        ({"rule": "of_a_kind", "at_least": 4, "points": "matching"}, "66666", 24),
        ({"rule": "of_a_kind", "at_least": 3, "points": "matching"}, "44553", 0),
        ({"rule": "pairs", "pairs": 1}, "33441", 8),
        ({"rule": "pairs", "pairs": 1}, "12345", 0),
        ({"rule": "pairs", "pairs": 1}, "66666", 12),
        ({"rule": "pairs", "pairs": 2}, "33441", 14),
        ({"rule": "pairs", "pairs": 2}, "33331", 0),
        ({"rule": "pairs", "pairs": 2}, "33322", 10),
        ({"rule": "face", "face": 4}, "44414", 16),
        ({"rule": "chance"}, "44414", 17),
    ],
)
def test_rule_families(rule: dict[str, object], dice: str, points: int) -> None:
    """Each rule family scores with the parameters its rule gives it."""
    assert rule_from_data(rule).points(Roll.parse(dice).counts) == points


# -- properties --------------------------------------------------------------------------------


@given(kiriki_rulesets, rolls_and_shuffles())
def test_order_of_dice_never_matters(ruleset: SheetRuleset, pair: tuple[Roll, Roll]) -> None:
    """The same dice in any order score the same in every row."""
    a, b = pair
    assert dict(score_sheet(ruleset, a)) == dict(score_sheet(ruleset, b))
    for row in ruleset.rows.values():
        assert row.rule.points(a.counts) == row.rule.points(b.counts), row


@given(kiriki_rulesets, rolls())
def test_no_row_is_negative(ruleset: SheetRuleset, roll: Roll) -> None:
    """No row ever scores below 0."""
    assert min(score_sheet(ruleset, roll).values()) >= 0


@given(kiriki_rulesets, rolls())
def test_chance_is_the_sum(ruleset: SheetRuleset, roll: Roll) -> None:
    """Chance scores the sum of the dice, and so do the six upper rows together."""
    sheet = score_sheet(ruleset, roll)
    assert sheet[Row.CHANCE] == sum(roll)
    assert sum(sheet[row] for row in UPPER_ROWS) == sheet[Row.CHANCE]


@given(kiriki_rulesets, rolls())
def test_face_rows_count_their_face(ruleset: SheetRuleset, roll: Roll) -> None:
    """Each upper row scores its face times the number of dice showing it."""
    sheet = score_sheet(ruleset, roll)
    for face, row in enumerate(UPPER_ROWS, start=1):
        assert sheet[row] == face * list(roll).count(face)


@given(kiriki_rulesets, rolls())
def test_of_a_kind_rows_score_all_or_nothing(ruleset: SheetRuleset, roll: Roll) -> None:
    """Three and four of a kind score 0 or the sum of all five dice; four of a kind implies three."""
    sheet = score_sheet(ruleset, roll)
    assert sheet[Row.THREE_OF_A_KIND] in (0, roll.total)
    assert sheet[Row.FOUR_OF_A_KIND] in (0, roll.total)
    if sheet[Row.FOUR_OF_A_KIND]:
        assert sheet[Row.THREE_OF_A_KIND] == sheet[Row.FOUR_OF_A_KIND]


@given(kiriki_rulesets, five_of_a_kind)
def test_kiriki_implies_three_and_four_of_a_kind(ruleset: SheetRuleset, roll: Roll) -> None:
    """Five of a kind scores the kiriki row, both of-a-kind rows, and no full house."""
    sheet = score_sheet(ruleset, roll)
    assert sheet[Row.KIRIKI] == ruleset.rows[Row.KIRIKI].rule.points_rule == 50
    assert sheet[Row.THREE_OF_A_KIND] == sheet[Row.FOUR_OF_A_KIND] == roll.total
    assert sheet[Row.FULL_HOUSE] == 0


@given(kiriki_rulesets, rolls())
def test_a_large_straight_always_scores_as_a_small_straight(ruleset: SheetRuleset, roll: Roll) -> None:
    """A large straight also scores as a small straight."""
    sheet = score_sheet(ruleset, roll)
    if sheet[Row.LARGE_STRAIGHT]:
        assert sheet[Row.SMALL_STRAIGHT] == ruleset.rows[Row.SMALL_STRAIGHT].rule.points_rule


@given(kiriki_rulesets, rolls())
def test_patterns_exclude_each_other(ruleset: SheetRuleset, roll: Roll) -> None:
    """A straight holds no three of a kind, so no full house or kiriki; a full house is no kiriki."""
    sheet = score_sheet(ruleset, roll)
    if sheet[Row.SMALL_STRAIGHT]:
        assert sheet[Row.THREE_OF_A_KIND] == sheet[Row.FULL_HOUSE] == sheet[Row.KIRIKI] == 0
    if sheet[Row.FULL_HOUSE]:
        assert sheet[Row.KIRIKI] == sheet[Row.FOUR_OF_A_KIND] == 0
        assert sheet[Row.THREE_OF_A_KIND] == roll.total


@given(kiriki_rulesets, rolls(), kiriki_rows)
def test_fixed_point_rows_score_their_points_or_zero(ruleset: SheetRuleset, roll: Roll, row: Row) -> None:
    """A row worth fixed points scores exactly those points or 0."""
    points = getattr(ruleset.rows[row].rule, "points_rule", "sum")
    if points != "sum":
        assert score(ruleset, roll, row) in (0, points)


@given(kiriki_rulesets, rolls())
def test_one_roll_scores_at_most_fifty_in_a_row(ruleset: SheetRuleset, roll: Roll) -> None:
    """One roll scores at most 50 in any lower row and at most 30 in any upper row."""
    sheet = score_sheet(ruleset, roll)
    assert max(sheet[row] for row in LOWER_ROWS) <= 50
    assert max(sheet[row] for row in UPPER_ROWS) <= 30


@given(kiriki_rulesets, rolls(), kiriki_rows)
def test_score_agrees_with_the_sheet(ruleset: SheetRuleset, roll: Roll, row: Row) -> None:
    """Scoring one row gives that row's entry of the whole sheet, and the row's own rule agrees."""
    assert score(ruleset, roll, row) == score_sheet(ruleset, roll)[row] == ruleset.rows[row].rule.points(roll.counts)


@given(st.sampled_from([r for r in KIRIKI_RULESETS if r != "kiriki"]).map(find_ruleset), rolls())
def test_variants_differ_only_where_their_data_differs(ruleset: SheetRuleset, roll: Roll) -> None:
    """A shipped variant scores a roll like the reference in every row whose rule it leaves alone."""
    reference = find_ruleset("kiriki")
    for row in Row:
        if ruleset.rows[row] == reference.rows[row]:
            assert score(ruleset, roll, row) == score(reference, roll, row), row


# -- every roll, against a second formulation of the rules ------------------------------------
#
# Written apart from dicespec.scoresheet.rows: it works on the list of dice with set and count
# logic, where the engine reads a table of counts. Only the rule's numbers come from the ruleset.


def _oracle(rule: RowRule, dice: tuple[int, ...]) -> int:
    distinct = set(dice)
    params = vars(rule) if hasattr(rule, "__dict__") else {k: getattr(rule, k) for k in rule.__slots__}
    family, points = rule.family, params.get("points_rule", "sum")
    matching = 0
    if family == "face":
        return sum(d for d in dice if d == params["face"])
    if family == "chance":
        return sum(dice)
    if family == "pairs":
        paired = sorted((d for d in distinct if dice.count(d) >= 2), reverse=True)[: params["pairs"]]
        return 2 * sum(paired) if len(paired) == params["pairs"] else 0
    if family == "of_a_kind":
        kinds = [d for d in distinct if dice.count(d) >= params["at_least"]]
        matched = bool(kinds)
        matching = max(kinds) * params["at_least"] if kinds else 0
    elif family == "full_house":
        two_faces = len(distinct) == 2 and dice.count(dice[0]) in (2, 3)
        matched = two_faces or (params["five_of_a_kind_counts"] and len(distinct) == 1)
    elif family == "straight" and params["faces"] is not None:
        matched = set(params["faces"]) <= distinct
    elif family == "straight":
        length = params["length"]
        runs = (set(range(low, low + length)) for low in range(1, 8 - length))
        matched = any(run <= distinct for run in runs)
    else:
        raise AssertionError(f"the oracle knows no rule family {family!r}")
    if not matched:
        return 0
    return sum(dice) if points == "sum" else matching if points == "matching" else int(points)


ALL_ROLLS = tuple(itertools.product(range(1, 7), repeat=5))


@pytest.mark.slow
def test_every_roll_in_every_row(ruleset: SheetRuleset) -> None:
    """All 7,776 ordered rolls score in all 13 rows as the second formulation says."""
    assert len(ALL_ROLLS) == 6**5
    wrong: list[tuple[Row, str, int, int]] = []
    for dice in ALL_ROLLS:
        roll = Roll(dice)
        sheet = score_sheet(ruleset, roll)
        for row, declared in ruleset.rows.items():
            expected = _oracle(declared.rule, dice)
            for got in (sheet[row], declared.rule.points(roll.counts)):
                if got != expected:
                    wrong.append((row, str(roll), expected, got))
    if wrong:
        by_row = Counter(str(row) for row, *_ in wrong)
        examples = "\n".join(f"  {row}: dice {d} expected {e}, got {g}" for row, d, e, g in wrong[:12])
        pytest.fail(f"{ruleset.name}: {len(wrong)} wrong scores, by row {dict(by_row)}\n{examples}")


@pytest.mark.slow
def test_the_oracle_agrees_with_the_hand_checked_rolls() -> None:
    """The second formulation itself gives the hand-checked scores (it is no copy of a bug)."""
    reference = find_ruleset("kiriki")
    for dice, expected in HAND_CHECKED.items():
        values = tuple(int(c) for c in dice)
        got = tuple(_oracle(reference.rows[row].rule, values) for row in Row)
        assert got == expected, dice


@pytest.mark.slow
def test_how_many_rolls_fit_each_pattern() -> None:
    """Of the 7,776 ordered rolls, 6 are kirikis, 240 large straights, 1,200 small, 300 full houses."""
    reference = find_ruleset("kiriki")
    fitting = Counter(row for dice in ALL_ROLLS for row, points in score_sheet(reference, Roll(dice)).items() if points)
    assert fitting[Row.KIRIKI] == 6
    assert fitting[Row.LARGE_STRAIGHT] == 240
    assert fitting[Row.SMALL_STRAIGHT] == 1200
    assert fitting[Row.FULL_HOUSE] == 300
    # at least four: five of a kind, or a face four times and one of 5 other faces in 5 places
    assert fitting[Row.FOUR_OF_A_KIND] == 6 + 6 * 5 * 5
    # at least three: the above, or a face in 3 of the 5 places and the other two dice not it
    assert fitting[Row.THREE_OF_A_KIND] == 6 + 6 * 5 * 5 + 6 * 10 * 5 * 5
