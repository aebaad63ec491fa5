"""The exhaustive corpus: every roll a ruleset's answers depend on, with the reference's answer."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations_with_replacement, product

from dicespec.corpus.case import Case, digits
from dicespec.dice import FACES, Roll
from dicespec.implementation import operations
from dicespec.registry import Game
from dicespec.rulesets import find_ruleset_of


def sheet_scores(game: Game, ruleset: str) -> Iterator[Case]:
    """Every ordered roll in every row."""
    from dicespec.scoresheet.rows import score_sheet
    from dicespec.scoresheet.ruleset import SheetRuleset

    rules = find_ruleset_of(SheetRuleset, ruleset)
    kind, op = f"{game.title.lower()} score", operations(game.family_name)[0]
    for dice in product(FACES, repeat=rules.dice):
        text = digits(dice)
        for row, points in score_sheet(rules, Roll(dice)).items():
            yield Case(
                f"{game.name}/score/{ruleset}/{text}/{row}",
                kind,
                ruleset,
                row,
                op,
                {"ruleset": ruleset, "dice": text, "row": row},
                points,
            )


def set_aside_bests(game: Game, ruleset: str) -> Iterator[Case]:
    """Every ordered roll of one to all the ruleset's dice (six in 10000, five in Greed): its best score
    (what :meth:`~dicespec.implementation.ReferenceImplementation.best` answers, asked
    of the engine with the dice as they are, not read back from digits)."""
    from dicespec.setaside.combos import best
    from dicespec.setaside.ruleset import SetAsideRuleset

    rules = find_ruleset_of(SetAsideRuleset, ruleset)
    kind = f"{game.title.lower()} best"
    for count in range(1, rules.dice + 1):
        row = f"{count} dice"
        for dice in product(FACES, repeat=count):
            text = digits(dice)
            yield Case(
                f"{game.name}/best/{ruleset}/{text}",
                kind,
                ruleset,
                row,
                "best",
                {"ruleset": ruleset, "dice": text},
                best(rules, Roll(dice)),
            )


def set_aside_parts(game: Game, ruleset: str) -> Iterator[Case]:
    """Every sub-multiset of every distinct roll of all the dice: its points or its rejection (what
    :meth:`~dicespec.implementation.ReferenceImplementation.set_aside` answers)."""
    from dicespec.implementation import set_aside_score_answer
    from dicespec.setaside.ruleset import SetAsideRuleset

    rules = find_ruleset_of(SetAsideRuleset, ruleset)
    kind = f"{game.title.lower()} set-aside"
    for roll in combinations_with_replacement(FACES, rules.dice):
        counts = Roll(roll).counts
        for part in product(*(range(c + 1) for c in counts)):
            dice = tuple(face for face, n in zip(FACES, part, strict=True) for _ in range(n))
            text = digits(dice)
            yield Case(
                f"{game.name}/set-aside/{ruleset}/{digits(roll)}/{text or '-'}",
                kind,
                ruleset,
                f"{len(text)} dice",
                "set_aside",
                {"ruleset": ruleset, "dice": text},
                set_aside_score_answer(rules, Roll(dice)),
            )
