"""One case of the corpus (corpus/case.py): a question, the reference's answer, and the dice as the
protocol writes them."""

from __future__ import annotations

from dicespec.corpus.case import Case, digits


def test_dice_are_written_as_the_protocol_writes_them() -> None:
    assert digits([6, 6, 6, 1, 6]) == "66616"
    assert digits(()) == ""


def test_a_case_refuses_nothing_unless_told() -> None:
    """Its refusals are the codes of every check a refused action fails, the reference's first; a
    case whose answer refuses nothing has none."""
    case = Case("kiriki/score/kiriki/12345/chance", "kiriki score", "kiriki", "chance", "score", {}, 15)
    assert case.refusals == ()
    refused = case._replace(refusals=("no-rolls-left", "game-over"))
    assert refused.refusals[0] == "no-rolls-left" and refused.expected == 15
