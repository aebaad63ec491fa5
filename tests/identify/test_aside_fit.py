"""The set-aside scoring fit (:mod:`dicespec.identify.aside_fit`), on answers made by the
reference engine under a shipped or modified ruleset, then perturbed: a pure variant (identified
exactly, nothing unexplained), a pure bug (the asked rules, the bug alone unexplained), a variant
plus a bug, a key no value of the model fits, and two values no answer tells apart. The fitted
keys are compared exactly, and what differs from a shipped ruleset is read back by the loader.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from itertools import combinations_with_replacement, product
from pathlib import Path
from typing import Any

import pytest
import yaml

from dicespec.dice import FACES, Roll
from dicespec.identify.aside_fit import (
    KEYS,
    AsideFit,
    changed_data,
    closest_ruleset,
    fit_aside,
)
from dicespec.identify.aside_fit import _Lattice as Lattice
from dicespec.implementation import set_aside_score_answer
from dicespec.rulesets import file_data, find_ruleset, find_ruleset_of, ruleset_names
from dicespec.setaside import combos
from dicespec.setaside.ruleset import MoreOfAKind, MoreOfAKindRule, SetAsideRuleset

Plays = Callable[[str], SetAsideRuleset]  # the dice (ascending) → the rules their answer follows


def rules(name: str) -> SetAsideRuleset:
    return find_ruleset_of(SetAsideRuleset, name)


def answers(
    plays: SetAsideRuleset | Plays,
    dice: int,
    best_bug: Callable[[str, int], int] | None = None,
) -> tuple[dict[str, int], dict[str, Any]]:
    """The exhaustive corpus's questions answered by the engine under ``plays`` (one ruleset, or
    one per roll), an ordered roll's best passed through ``best_bug`` (ordering, right → given)."""
    chosen: Plays = plays if callable(plays) else (lambda _dice: plays)  # type: ignore[assignment,return-value]
    right: dict[str, int] = {}
    bests = {}
    for count in range(1, dice + 1):
        for roll in product(FACES, repeat=count):
            ordered = "".join(map(str, roll))
            key = "".join(sorted(ordered))
            if key not in right:
                right[key] = combos.best(chosen(key), Roll.parse(key))
            bests[ordered] = right[key] if best_bug is None else best_bug(ordered, right[key])
    parts = {}
    for size in range(dice + 1):
        for part in combinations_with_replacement(FACES, size):
            text = "".join(map(str, part))
            parts[text] = set_aside_score_answer(chosen(text), Roll(part))
    return bests, parts


def values(ruleset: SetAsideRuleset) -> dict[str, Any]:
    """A ruleset's scoring keys as the fit holds them (straights and patterns in one order)."""
    found = fit_aside(ruleset, {}, {}).values  # nothing asked: the asked ruleset's own values
    return dict(found)


def differing(a: SetAsideRuleset, b: SetAsideRuleset) -> set[str]:
    left, right = values(a), values(b)
    return {key for key in KEYS if left[key] != right[key]}


def read_back(fit: AsideFit, base: str, tmp_path: Path) -> SetAsideRuleset:
    """The fit written as a ruleset file that extends ``base``, read by the real loader."""
    document = {"extends": base, "name": "aside-fit-test", **changed_data(fit, base)}
    path = tmp_path / "identified.yaml"
    path.write_text(yaml.safe_dump(document, sort_keys=False), encoding="utf-8")
    return SetAsideRuleset.from_data(file_data(path))


def same_play(a: SetAsideRuleset, b: SetAsideRuleset) -> bool:
    """Do two rulesets answer every best and every set-aside alike?"""
    every = [Roll(d) for n in range(1, a.dice + 1) for d in combinations_with_replacement(FACES, n)]
    return all(
        combos.best(a, roll) == combos.best(b, roll)
        and set_aside_score_answer(a, roll) == set_aside_score_answer(b, roll)
        for roll in every
    )


def test_a_pure_variant_is_identified_exactly(tmp_path: Path) -> None:
    """farkle's answers asked as ten-thousand: farkle's values, the keys farkle changes found
    changed, nothing unexplained, and the file that extends ten-thousand loads as farkle plays."""
    farkle, ten = rules("farkle"), rules("ten-thousand")
    bests, parts = answers(farkle, 6)
    fit = fit_aside(ten, bests, parts)
    assert fit.values == values(farkle)
    assert (
        set(changed_data(fit, "ten-thousand"))
        == differing(farkle, ten)
        == {
            "more_of_a_kind",
            "straights",
            "patterns",
        }
    )
    assert fit.unexplained == [] and fit.mixed == []
    assert fit.agree == fit.answers == len(bests) + len(parts)
    assert closest_ruleset(fit) == "farkle"
    assert changed_data(fit, "farkle") == {}
    loaded = read_back(fit, "ten-thousand", tmp_path)
    assert values(loaded) == values(farkle)
    assert same_play(loaded, farkle)


def _no_one_but_two_to_six(ordered: str, right: int) -> int:
    return 0 if set("23456") <= set(ordered) and "1" not in ordered else right


def test_a_pure_bug_is_left_unexplained() -> None:
    """ten-thousand's answers but for one bug (a roll holding 2, 3, 4, 5 and 6 but no 1 scores 0
    at best): ten-thousand identified, and the bug's rolls, all of them and only them, unexplained."""
    ten = rules("ten-thousand")
    bests, parts = answers(ten, 6, best_bug=_no_one_but_two_to_six)
    fit = fit_aside(ten, bests, parts)
    assert fit.values == values(ten)
    assert all(each.value is not None for each in fit.keys.values())
    wrong = {ordered for ordered, given in bests.items() if given == 0 and _no_one_but_two_to_six(ordered, 1) == 0}
    assert {each.dice for each in fit.unexplained} == {"23456", "223456", "233456", "234456", "234556", "234566"}
    assert fit.unexplained_answers == len(wrong) == 120 + 5 * 360
    assert {each.question for each in fit.unexplained} == {"best"}
    assert all(each.expected == combos.best(ten, each.dice) for each in fit.unexplained)
    assert fit.unexplained[0].describe() == "every ordering of 23456 scores 0 at best, not 50 (e.g. 23456, 23465)"
    assert changed_data(fit, "ten-thousand") == {}
    assert closest_ruleset(fit) == "ten-thousand"


def test_a_variant_with_a_bug_that_depends_on_the_order() -> None:
    """farkle-linear's answers asked as ten-thousand, but 1-1-3-4-5-6 thrown with its 5 first
    scores 50 less: farkle-linear's values, those orderings unexplained and set apart as
    orderings of one roll answered two ways."""
    linear, ten = rules("farkle-linear"), rules("ten-thousand")

    def bug(ordered: str, right: int) -> int:
        return right - 50 if "".join(sorted(ordered)) == "113456" and ordered[0] == "5" else right

    bests, parts = answers(linear, 6, best_bug=bug)
    fit = fit_aside(ten, bests, parts)
    assert fit.values == values(linear)
    buggy = {ordered for ordered in bests if bug(ordered, 0) == -50}
    assert fit.unexplained_answers == len(buggy)
    assert sum(each.wrong for each in fit.unexplained) == len(buggy)
    assert {each.dice for each in fit.unexplained} == {"".join(sorted(o)) for o in buggy}
    assert {each.dice for each in fit.mixed} == {"".join(sorted(o)) for o in buggy}
    assert sum(each.count for each in fit.mixed) == len(buggy) == 60
    assert fit.unexplained[0].describe() == "60 orderings of 113456 scores 200 at best, not 250 (e.g. 511346, 511364)"
    assert set(changed_data(fit, "ten-thousand")) == differing(linear, ten)
    assert closest_ruleset(fit) == "farkle-linear"  # a ruleset of ten-thousand's game


def test_a_key_no_value_of_the_model_fits() -> None:
    """farkle-five-dice's answers, but four or five of an even face score by doubling: no value of
    more_of_a_kind explains 99% of its evidence, so it is None, with its answers; the others fit."""
    five = rules("farkle-five-dice")
    doubling = replace(five, name="farkle-five-doubling", more_of_a_kind=MoreOfAKind(MoreOfAKindRule.DOUBLING, 5))

    def plays(dice: str) -> SetAsideRuleset:
        even = [face for face in (2, 4, 6) if dice.count(str(face)) >= 4]
        return doubling if even else five

    bests, parts = answers(plays, 5)
    fit = fit_aside(five, bests, parts)
    more = fit.keys["more_of_a_kind"]
    assert fit.values == {**values(five), "more_of_a_kind": None}
    # the nearest: doubling, which also gives four 5s farkle's 1000
    assert more.best == doubling.more_of_a_kind and more.agree < 0.99 * more.evidence
    # unexplained against the nearest: rolls of four or five of an odd face, played by fixed points
    assert more.unexplained and all(
        any(each.dice.count(str(face)) >= 4 for face in (1, 3, 5)) for each in more.unexplained
    )
    assert more.describe().startswith("more_of_a_kind: no value of the model explains 99% of its answers")
    assert {each.dice for each in fit.unexplained} == {each.dice for each in more.unexplained}
    assert "more_of_a_kind" not in changed_data(fit, "farkle")


def test_values_no_answer_tells_apart_keep_the_shipped_one() -> None:
    """Five dice never show six of a kind: farkle-five-dice's fixed points up to six and the
    points read off the answers (up to five) are alike, and farkle-five-dice's own is kept, and said."""
    five = rules("farkle-five-dice")
    fit = fit_aside(five, *answers(five, 5))
    more = fit.keys["more_of_a_kind"]
    read = MoreOfAKind(MoreOfAKindRule.FIXED, largest=5, fixed=((4, 1000), (5, 2000)))
    assert five.more_of_a_kind != read
    assert more.value == five.more_of_a_kind and more.alike == [read] and more.kept_from == "farkle-five-dice"
    assert more.describe().endswith("; kept farkle-five-dice's")
    assert fit.values == values(five) and fit.unexplained == []
    assert changed_data(fit, "farkle-five-dice") == {}


def test_a_key_changed_over_fixed_points_reads_back(tmp_path: Path) -> None:
    """farkle-five-dice plays five of a kind as 4000: the file that extends farkle-five-dice writes
    the fit's fixed points, gives its six of a kind 0, and loads as the fit plays."""
    five = rules("farkle-five-dice")
    changed = replace(
        five, name="five-4000", more_of_a_kind=MoreOfAKind(MoreOfAKindRule.FIXED, 5, ((4, 1000), (5, 4000)))
    )
    fit = fit_aside(five, *answers(changed, 5))
    assert fit.values == values(changed)
    assert changed_data(fit, "farkle-five-dice") == {
        "more_of_a_kind": {"rule": "fixed", "largest": 5, "points": {"four": 1000, "five": 4000, "six": 0}}
    }
    assert same_play(read_back(fit, "farkle-five-dice", tmp_path), changed)


@pytest.mark.parametrize("name", [n for n in ruleset_names() if isinstance(find_ruleset(n), SetAsideRuleset)])
def test_the_fits_table_is_the_engines(name: str) -> None:
    """The table the fit fills in for each candidate gives the engine's answer for every roll."""
    ruleset = rules(name)
    lattice = Lattice.of(ruleset.dice)
    exact, best = lattice.tables(ruleset)
    for at, counts in enumerate(lattice.multisets[1:], start=1):
        roll = Roll(tuple(face for face, n in zip(FACES, counts, strict=True) for _ in range(n)))
        assert best[at] == combos.best(ruleset, roll)
        expected = set_aside_score_answer(ruleset, roll)
        assert (expected == {"points": exact[at]}) if exact[at] is not None else ("rejected" in expected)
