"""Binding the phrasebook's phrasings to the step logic: a section's logic gathered by decorating
functions, and a section whose keys and logic disagree refused before anything is bound."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from dicespec.spec.phrasebook import phrasebook
from dicespec.spec.steps.phrasebook import StepLogic, register


def test_step_logic_gathers_its_functions_by_name_and_leaves_them_as_they_are() -> None:
    logic = StepLogic()

    @logic
    def dice_show() -> str:
        return "shown"

    assert logic == {"dice_show": dice_show} and dice_show() == "shown"


def test_a_section_whose_keys_and_logic_disagree_is_refused() -> None:
    keys = sorted(phrasebook()["common"])
    logic: dict[str, Callable[..., Any]] = dict.fromkeys(keys[1:], print)
    logic["no_such_step"] = print
    with pytest.raises(LookupError, match=rf"disagree in common: \['{keys[0]}', 'no_such_step'\]"):
        register("common", logic)
