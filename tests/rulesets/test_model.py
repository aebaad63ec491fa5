"""The model's rulesets (``rulesets/model/``) hold what they expect of themselves: each file's
``expect`` block, worked out from its rules by hand, against the reference engines.

These are spec cases: a default ``dicespec conform`` run asks them of every implementation that
plays the model's rulesets, as it asks the features. So mutation testing runs this module beside
the features (``[tool.mutmut]`` in ``pyproject.toml``): a rule that only a model ruleset uses
(four of a kind exactly, a penalty's floor, hot dice that must be rolled, a joker on six dice)
counts as pinned when a mutant of it fails one of these expectations."""

from __future__ import annotations

from pathlib import Path

import pytest

from dicespec.rulesets import model_files
from dicespec.rulesets.expect import check_file


@pytest.mark.parametrize("path", model_files(), ids=[path.stem for path in model_files()])
def test_each_model_ruleset_holds_what_it_expects(path: Path) -> None:
    report = check_file(path)
    assert report.expectations > 0, f"{path.name} expects nothing"
    assert report.holds, report.summary()
