"""Hypothesis strategies shared by the test modules: dice, rulesets, rows, sheets, actions."""

from __future__ import annotations

from hypothesis import strategies as st

from dicespec import Roll, find_ruleset, ruleset_names
from dicespec.scoresheet.families import Face
from dicespec.scoresheet.rows import score_sheet
from dicespec.scoresheet.ruleset import SheetRuleset
from dicespec.scoresheet.sheet import Sheet
from dicespec.setaside.ruleset import SetAsideRuleset
from sheet_rows import UPPER_ROWS, Row

# -- dice ------------------------------------------------------------------------------------

faces = st.integers(min_value=1, max_value=6)
"""One die's face."""

not_faces = st.integers(max_value=0) | st.integers(min_value=7)
"""A whole number no die shows."""


def dice_values(count: int = 5) -> st.SearchStrategy[list[int]]:
    """``count`` die values, in throw order."""
    return st.lists(faces, min_size=count, max_size=count)


def rolls(count: int = 5) -> st.SearchStrategy[Roll]:
    """A throw of ``count`` dice."""
    return dice_values(count).map(Roll.of)


any_size_rolls = st.lists(faces, max_size=12).map(Roll.of)
"""A throw of any number of dice, none included."""

five_of_a_kind = faces.map(lambda face: Roll.of([face] * 5))
"""Five dice showing one face."""


@st.composite
def shuffled(draw: st.DrawFn, roll: Roll) -> Roll:
    """The same dice as ``roll`` in an order of Hypothesis's choosing."""
    return Roll.of(draw(st.permutations(list(roll))))


@st.composite
def rolls_and_shuffles(draw: st.DrawFn) -> tuple[Roll, Roll]:
    """A five-dice roll and the same dice in another order."""
    roll = draw(rolls())
    return roll, draw(shuffled(roll))


# -- rulesets and rows -----------------------------------------------------------------------

kiriki_ruleset_names = st.sampled_from(ruleset_names("kiriki"))
"""The name of a shipped Kiriki ruleset."""

kiriki_rulesets = kiriki_ruleset_names.map(find_ruleset)
"""A shipped Kiriki ruleset, as its typed object."""


kiriki_rows = st.sampled_from(list(Row))
"""One of the 13 playable rows."""


@st.composite
def kiriki_sheets(draw: st.DrawFn) -> Sheet:
    """A partly filled sheet with points each row can really hold (no repeat kirikis)."""
    possible = {row: st.sampled_from([face * n for n in range(6)]) for face, row in enumerate(UPPER_ROWS, 1)}
    possible |= {
        Row.THREE_OF_A_KIND: st.sampled_from([0, *range(5, 31)]),
        Row.FOUR_OF_A_KIND: st.sampled_from([0, *range(5, 31)]),
        Row.FULL_HOUSE: st.sampled_from([0, 25]),
        Row.SMALL_STRAIGHT: st.sampled_from([0, 30]),
        Row.LARGE_STRAIGHT: st.sampled_from([0, 40]),
        Row.KIRIKI: st.sampled_from([0, 50]),
        Row.CHANCE: st.integers(min_value=5, max_value=30),
    }
    filled = draw(st.sets(st.sampled_from(list(Row))))
    return Sheet.from_cells({str(row): draw(possible[row]) for row in Row if row in filled})


@st.composite
def filled_sheets(draw: st.DrawFn, ruleset: SheetRuleset) -> Sheet:
    """A full sheet of any score-sheet ruleset: each upper row a count of its face (so that the
    bonus is earned now and then), each other row what a roll scores there, and, where the ruleset
    has a bonus line, a few repeat five of a kinds on it."""
    cells = {}
    for row in ruleset.rows.values():
        if row.section == "upper" and isinstance(row.rule, Face):
            cells[row.id] = row.rule.face * draw(st.integers(min_value=0, max_value=ruleset.dice))
        else:
            cells[row.id] = score_sheet(ruleset, draw(rolls(ruleset.dice)))[row.id]
    five = ruleset.five_of_a_kind
    repeats = draw(st.integers(min_value=0, max_value=3)) if ruleset.bonus_line and five else 0
    line = repeats * (five.repeat_adds or 0) if five else 0
    return Sheet.from_cells(cells, repeats=repeats, line=line, ruleset=ruleset)


# -- game actions ----------------------------------------------------------------------------

reroll_positions = st.lists(st.integers(min_value=0, max_value=4), min_size=1, max_size=5, unique=True)
"""A legal choice of dice to throw again: one to five distinct 0-based positions."""


# -- 10000 -----------------------------------------------------------------------------------

ten_thousand_ruleset_names = st.sampled_from(ruleset_names("ten-thousand"))
"""The name of a shipped 10000 ruleset."""

ten_thousand_rulesets = ten_thousand_ruleset_names.map(find_ruleset)
"""A shipped 10000 ruleset, as its typed object."""

ten_thousand_rolls = st.integers(min_value=1, max_value=6).flatmap(rolls)
"""A throw of one to six dice, as 10000 rolls them."""


@st.composite
def ten_thousand_roll_and_part(draw: st.DrawFn, dice: int = 6) -> tuple[Roll, Roll]:
    """A 10000 roll of at most ``dice`` dice and a non-empty part of it (some of its dice, in their
    thrown order)."""
    roll = draw(st.integers(min_value=1, max_value=dice).flatmap(rolls))
    positions = draw(st.sets(st.integers(min_value=0, max_value=len(roll) - 1), min_size=1))
    return roll, Roll.of(roll[i] for i in sorted(positions))


@st.composite
def ten_thousand_ruleset_roll_and_part(draw: st.DrawFn) -> tuple[SetAsideRuleset, Roll, Roll]:
    """A shipped 10000 ruleset, a roll of as many dice as it throws at most, and a part of it."""
    ruleset = draw(ten_thousand_rulesets)
    assert isinstance(ruleset, SetAsideRuleset)
    roll, part = draw(ten_thousand_roll_and_part(ruleset.dice))
    return ruleset, roll, part


set_aside_rulesets = st.sampled_from(
    [name for name in ruleset_names() if isinstance(find_ruleset(name), SetAsideRuleset)]
).map(find_ruleset)
"""A shipped ruleset of any set-aside game (10000, Farkle, Greed), as its typed object."""


@st.composite
def set_aside_ruleset_and_roll(draw: st.DrawFn) -> tuple[SetAsideRuleset, Roll]:
    """A shipped set-aside ruleset and a throw of one to all of its dice (six in 10000, five in Greed)."""
    ruleset = draw(set_aside_rulesets)
    return ruleset, draw(st.integers(min_value=1, max_value=ruleset.dice).flatmap(rolls))


ten_thousand_actions = st.one_of(
    st.integers(min_value=1, max_value=7).flatmap(rolls).map(lambda roll: f"roll {roll}"),
    st.integers(min_value=1, max_value=7).flatmap(rolls).map(lambda dice: f"set {dice}"),
    st.just("bank"),
)
"""A 10000 action in the replay notation: well written, but legal or not at any moment."""
