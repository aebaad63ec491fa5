"""The Roll value type: reading dice from text, writing them back, and refusing what is not dice."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dicespec import DiceCountError, DiceError, DiceTypeError, DieValueError, Roll
from strategies import any_size_rolls, faces, not_faces, rolls, rolls_and_shuffles

# -- reading and writing -------------------------------------------------------------------


def test_parse_keeps_the_throw_order() -> None:
    """A roll keeps its dice in the order they were written."""
    roll = Roll.parse("66616")
    assert roll.dice == (6, 6, 6, 1, 6)
    assert list(roll) == [6, 6, 6, 1, 6]
    assert roll[3] == 1
    assert len(roll) == 5


def test_parse_ignores_spaces_and_commas() -> None:
    """Spaces and commas between the digits are ignored."""
    assert Roll.parse("6, 6 6,1 6") == Roll.parse("66616")


def test_str_and_repr() -> None:
    """A roll prints as its digits, and its repr is the expression that rebuilds it."""
    roll = Roll.parse("66616")
    assert str(roll) == "66616"
    assert repr(roll) == "Roll.parse('66616')"


def test_of_takes_values_or_digits() -> None:
    """``Roll.of`` takes die values, or digits as text."""
    assert Roll.of([6, 6, 6, 1, 6]) == Roll.parse("66616")
    assert Roll.of((6, 6, 6, 1, 6)) == Roll.parse("66616")
    assert Roll.of("66616") == Roll.parse("66616")


def test_a_roll_is_read_once_and_bad_text_refused_every_time() -> None:
    """Text read twice gives the same roll (kept: a roll is immutable); a roll given to
    ``Roll.of`` is itself; text that is not dice raises on every reading, and a count is
    checked on every reading."""
    assert Roll.parse("6, 6616") is Roll.parse("6, 6616")
    roll = Roll.parse("12345")
    assert Roll.of(roll) is roll
    for _ in range(2):
        with pytest.raises(DiceTypeError):
            Roll.parse("12a45")
        with pytest.raises(DieValueError):
            Roll.parse("12745")
        with pytest.raises(DiceCountError):
            Roll.parse("12345", count=6)
        with pytest.raises(DiceCountError):
            Roll.of(roll, count=6)


def test_counts_sorted_and_total() -> None:
    """Counts go ones first; ``sorted`` is the multiset; ``total`` the sum of the dice."""
    roll = Roll.parse("66616")
    assert roll.counts == (1, 0, 0, 0, 0, 4)
    assert roll.sorted == (1, 6, 6, 6, 6)
    assert roll.total == 25


def test_equality_is_by_throw_order() -> None:
    """Two rolls of the same dice in another order differ as rolls but agree as multisets."""
    a, b = Roll.parse("12345"), Roll.parse("54321")
    assert a != b
    assert a.sorted == b.sorted and a.counts == b.counts


def test_a_roll_is_immutable_and_hashable() -> None:
    """A roll cannot be changed, and equal rolls hash alike."""
    roll = Roll.parse("12345")
    with pytest.raises(dataclasses.FrozenInstanceError):
        roll.dice = (6, 6, 6, 6, 6)  # type: ignore[misc]
    assert {Roll.parse("12345"), Roll.of([1, 2, 3, 4, 5])} == {roll}


def test_an_empty_roll_is_a_roll() -> None:
    """No dice at all is a roll of zero dice; only a required count refuses it."""
    assert len(Roll.parse("")) == 0
    with pytest.raises(DiceCountError, match="empty roll"):
        Roll.parse("", count=5)


@given(any_size_rolls)
def test_text_round_trip(roll: Roll) -> None:
    """Writing a roll and reading it back gives the same roll."""
    assert Roll.parse(str(roll)) == roll


@given(any_size_rolls)
def test_repr_round_trip(roll: Roll) -> None:
    """A roll's repr evaluates back to an equal roll."""
    assert eval(repr(roll), {"Roll": Roll}) == roll


@given(rolls())
def test_counts_describe_the_dice(roll: Roll) -> None:
    """The counts add up to the number of dice and weigh up to the total."""
    assert sum(roll.counts) == len(roll)
    assert sum(face * n for face, n in enumerate(roll.counts, 1)) == roll.total == sum(roll)


@given(rolls_and_shuffles())
def test_order_never_changes_the_multiset(pair: tuple[Roll, Roll]) -> None:
    """The same dice in any order have the same counts, sorted dice and total."""
    a, b = pair
    assert (a.counts, a.sorted, a.total) == (b.counts, b.sorted, b.total)


# -- refusing what is not dice ----------------------------------------------------------------


def test_errors_are_value_errors() -> None:
    """Every dice error is a ValueError; a type error is also a TypeError."""
    for error in (DiceCountError, DieValueError, DiceTypeError):
        assert issubclass(error, DiceError)
        assert issubclass(error, ValueError)
    assert issubclass(DiceTypeError, TypeError)


@pytest.mark.parametrize(
    ("text", "count", "message"),
    [
        ("6661", 5, "6661 has 4 dice; expected 5"),
        ("666166", 5, "666166 has 6 dice; expected 5"),
        ("6661666", range(1, 7), "expected 1 to 6"),
    ],
)
def test_wrong_count(text: str, count: int | range, message: str) -> None:
    """A roll with another number of dice than required is a DiceCountError that says both."""
    with pytest.raises(DiceCountError, match=message):
        Roll.parse(text, count=count)


def test_count_in_range() -> None:
    """A count may be a range of allowed numbers of dice."""
    assert len(Roll.parse("123", count=range(1, 7))) == 3
    assert len(Roll.of([1, 2, 3], count=3)) == 3
    with pytest.raises(DiceCountError):
        Roll.of([1, 2, 3], count=5)


@pytest.mark.parametrize(("text", "message"), [("66606", "die 4 shows 0"), ("76616", "die 1 shows 7")])
def test_value_out_of_range_in_text(text: str, message: str) -> None:
    """A digit no die shows is a DieValueError naming the die and its value."""
    with pytest.raises(DieValueError, match=message):
        Roll.parse(text)


@given(st.lists(faces, max_size=4), not_faces, st.lists(faces, max_size=4))
def test_value_out_of_range(before: list[int], bad: int, after: list[int]) -> None:
    """Any whole number outside 1 to 6 is a DieValueError naming its position."""
    with pytest.raises(DieValueError, match=f"die {len(before) + 1} shows {bad}"):
        Roll.of([*before, bad, *after])


@pytest.mark.parametrize("text", ["66a16", "6-616", "6.616", "12345\n", "1234²", "１２３４５"])  # noqa: RUF001  (full-width digits, deliberately: not 0-9)
def test_non_digit_text(text: str) -> None:
    """Text with anything but the digits 0-9, spaces and commas is a DiceTypeError."""
    with pytest.raises(DiceTypeError):
        Roll.parse(text)


@pytest.mark.parametrize("dice", [[1.0, 2, 3, 4, 5], [True, 2, 3, 4, 5], ["1", 2, 3, 4, 5], [None]])
def test_non_integer_values(dice: list[object]) -> None:
    """A die value that is not a whole number (a float, a bool, a string) is a DiceTypeError."""
    with pytest.raises(DiceTypeError, match="die 1 is"):
        Roll.of(dice)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [None, 12345, 6.5])
def test_parse_wants_text(value: object) -> None:
    """Only text can be parsed."""
    with pytest.raises(DiceTypeError):
        Roll.parse(value)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [None, 12345, 6.5])
def test_of_wants_dice(value: object) -> None:
    """Something that is not a sequence of dice is a DiceTypeError, not a bare TypeError."""
    with pytest.raises(DiceTypeError):
        Roll.of(value)  # type: ignore[arg-type]


@given(st.text(max_size=12))
def test_any_text_is_a_roll_or_a_dice_error(text: str) -> None:
    """Reading any text gives a roll or a DiceError, never another exception."""
    try:
        roll = Roll.parse(text)
    except DiceError:
        return
    assert str(roll) == "".join(c for c in text if c not in " ,")
