"""The spec's set-aside refusal step, ``setting aside DICE is refused as CODE``: exact against the
spec's code, but another code of a reason the rules give is a refusal in another order
(:class:`AnotherOrder`); any other answer fails it."""

from __future__ import annotations

from typing import Any

import pytest

from dicespec.implementation import ReferenceImplementation
from dicespec.spec.steps.common import AnotherOrder
from dicespec.spec.steps.setaside import set_aside_refused


class Answers(ReferenceImplementation):
    def __init__(self, answer: Any) -> None:
        self.answer = answer

    def set_aside(self, ruleset: str, dice: str) -> Any:
        return self.answer


def test_the_reference_s_code_passes() -> None:
    set_aside_refused(ReferenceImplementation(), "greed", "111555", "too-many-dice")


def test_another_code_the_rules_give_is_a_refusal_in_another_order() -> None:
    """Six dice of Greed's five, not all of them scoring: too many, and not scoring."""
    with pytest.raises(AnotherOrder) as caught:
        set_aside_refused(Answers({"rejected": "not-scoring"}), "greed", "111555", "too-many-dice")
    assert (caught.value.expected, caught.value.actual) == ("too-many-dice", "not-scoring")


@pytest.mark.parametrize("answer", [{"rejected": "empty-set-aside"}, {"points": 1000}, 1000])
def test_anything_else_fails(answer: Any) -> None:
    with pytest.raises(AssertionError) as caught:
        set_aside_refused(Answers(answer), "greed", "111555", "too-many-dice")
    assert not isinstance(caught.value, AnotherOrder)
