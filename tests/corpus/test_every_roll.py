"""The exhaustive corpus (corpus/every_roll.py): every ordered roll in every row of a score sheet,
every roll of one to all the dice with its best score, every part of every distinct roll of all
the dice with its points or its refusal; as many cases as the dice make, under unique ids that say
what they ask, each expecting the reference's answer."""

from __future__ import annotations

from itertools import islice

import pytest

from corpus_parts import kiriki_scores, ten_thousand_bests, ten_thousand_set_asides
from dicespec.corpus import every_roll
from dicespec.implementation import ReferenceImplementation
from dicespec.registry import game

REFERENCE = ReferenceImplementation()


@pytest.mark.slow
@pytest.mark.parametrize(
    ("generate", "ruleset", "size"),
    [
        (kiriki_scores, "kiriki", 6**5 * 13),
        (ten_thousand_bests, "ten-thousand", sum(6**n for n in range(1, 7))),
        (ten_thousand_set_asides, "farkle", 12_376),
    ],
)
def test_exhaustive_sizes_and_unique_ids(generate, ruleset: str, size: int) -> None:
    """Every ordered roll in every row (101,088), every roll of one to six dice (55,986), every
    part of every distinct six-dice roll (12,376): one case each, under a unique id."""
    ids = [case.id for case in generate(ruleset)]
    assert len(ids) == len(set(ids)) == size


@pytest.mark.slow
def test_exhaustive_answers_are_the_reference_answers() -> None:
    """Each exhaustive case expects what the reference implementation answers to its request."""
    for generate, ruleset in (
        (kiriki_scores, "kiriki-fr"),
        (ten_thousand_bests, "farkle"),
        (ten_thousand_set_asides, "ten-thousand"),
    ):
        for case in islice(generate(ruleset), 0, None, 97):
            assert getattr(REFERENCE, case.op)(**case.args) == case.expected, case.id


def test_case_ids_say_what_they_ask() -> None:
    cases = {case.id: case for case in islice(kiriki_scores("kiriki"), 13 * 10)}
    case = cases["kiriki/score/kiriki/11115/full_house"]
    assert case.args == {"ruleset": "kiriki", "dice": "11115", "row": "full_house"} and case.expected == 0
    parts = {case.id: case for case in islice(ten_thousand_set_asides("farkle"), 4)}
    assert parts["ten-thousand/set-aside/farkle/111111/-"].expected == {"rejected": "empty-set-aside"}
    assert parts["ten-thousand/set-aside/farkle/111111/1"].expected == {"points": 100}


def test_a_set_aside_of_the_exhaustive_corpus_is_refused_for_one_reason_at_most() -> None:
    """A part of a roll of all the dice is never too many dice and always in the roll: no dice,
    or a die that scores nothing, is the one reason that applies, and the corpus keeps none beside
    the answer (a replay's refusal may have several)."""
    refused = [case for case in every_roll.set_aside_parts(game("greed"), "greed") if "rejected" in case.expected]
    assert refused and all(case.refusals == () for case in refused)
    assert {len(REFERENCE.set_aside_refusals("greed", case.args["dice"])) for case in refused} == {1}


def test_the_bests_go_from_one_die_to_all_the_dice_in_order() -> None:
    """Greed's five dice: 6 + 36 + … + 7,776 rolls, one die first, each with its best score."""
    cases = list(every_roll.set_aside_bests(game("greed"), "greed"))
    assert len(cases) == sum(6**n for n in range(1, 6)) == 9_330
    first = cases[:7]
    assert [(case.args["dice"], case.row, case.expected) for case in first] == [
        ("1", "1 dice", 100),
        ("2", "1 dice", 0),
        ("3", "1 dice", 0),
        ("4", "1 dice", 0),
        ("5", "1 dice", 50),
        ("6", "1 dice", 0),
        ("11", "2 dice", 200),
    ]
    assert cases[-1].id == "greed/best/greed/66666" and cases[-1].op == "best"
