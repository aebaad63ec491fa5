"""Exact odds on one roll, by enumerating every roll, game by game of the registry: for a
score-sheet game, the chance that a roll scores in each row; for a set-aside game, the chance that
a roll of 1 to all the dice is a farkle; under every ruleset.

The engines answer; this module only counts. Rolls are enumerated in order (6**n of them),
each scored once per distinct multiset.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from typing import cast

from dicespec.dice import FACES, Roll
from dicespec.registry import Game, games
from dicespec.rulesets import find_ruleset
from dicespec.scoresheet.ruleset import SheetRuleset
from dicespec.setaside.ruleset import SetAsideRuleset
from dicespec.site import layout
from dicespec.site.charts import bar_chart
from dicespec.site.data import SiteData
from dicespec.site.layout import Page
from dicespec.site.markup import anchor_id, number_word, table, text


@dataclass(frozen=True, slots=True)
class Share:
    """How many of ``total`` equally likely rolls have a property."""

    count: int
    total: int

    @property
    def fraction(self) -> Fraction:
        return Fraction(self.count, self.total)

    def cells(self) -> list[str]:
        """The share as a reduced fraction, as ``count / total`` rolls, and as a percentage."""
        f = self.fraction
        return [f"{f.numerator}/{f.denominator}", f"{self.count:,} / {self.total:,}", f"{float(f) * 100:.2f} %"]


def _each_roll(dice: int, answer: Callable[[tuple[int, ...]], object]) -> list[object]:
    """The answer for each of the 6**dice ordered rolls, asked once per multiset."""
    seen: dict[tuple[int, ...], object] = {}
    answers = []
    for dice_shown in product(FACES, repeat=dice):
        key = tuple(sorted(dice_shown))
        if key not in seen:
            seen[key] = answer(dice_shown)
        answers.append(seen[key])
    return answers


def row_odds(name: str) -> list[tuple[str, str, Share, Fraction]]:
    """Per row of a score-sheet ruleset: its id, its label, the share of rolls that score above 0
    in it, the mean score."""
    from dicespec.scoresheet.rows import score_sheet

    ruleset = find_ruleset(name)
    assert isinstance(ruleset, SheetRuleset), f"{name} is not a score-sheet ruleset"
    sheets = cast(list[dict[str, int]], _each_roll(ruleset.dice, lambda dice: dict(score_sheet(ruleset, Roll(dice)))))
    total = len(sheets)
    out = []
    for row in ruleset.rows.values():
        scores = [sheet[row.id] for sheet in sheets]
        hits = sum(1 for s in scores if s > 0)
        out.append((row.id, row.label, Share(hits, total), Fraction(sum(scores), total)))
    return out


def farkle_odds(name: str) -> list[tuple[int, Share]]:
    """Per number of dice, the share of rolls that score nothing."""
    from dicespec.setaside.combos import best

    ruleset = find_ruleset(name)
    assert isinstance(ruleset, SetAsideRuleset), f"{name} is not a set-aside ruleset"
    out = []
    for dice in range(1, ruleset.dice + 1):
        answers = _each_roll(dice, lambda shown: best(ruleset, Roll(shown)) == 0)
        out.append((dice, Share(sum(1 for farkle in answers if farkle), len(answers))))
    return out


def _mean(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value.numerator}/{value.denominator} ≈ {float(value):.2f}"


def _sheet_odds(game: Game, names: tuple[str, ...]) -> list[str]:
    dice = find_ruleset(names[0]).dice
    out = [f"## {text(game.title)}: scoring in each row {{#{anchor_id('odds-' + game.name)}}}\n",
           f"The chance that one roll of the {number_word(dice)} dice scores more than 0 in a row, and the mean "
           f"score of one roll in that row (over all {6 ** dice:,} rolls, zeros included). Rerolls are not "
           "counted.\n"]
    for name in names:
        rows = row_odds(name)
        out.append(f"### {text(name)} {{#{anchor_id(f'odds-{game.name}-{name}')}}}\n")
        out.append(table(
            ["Row", "Chance", "Rolls", "Percent", "Mean score"],
            [[text(label), *(text(c) for c in share.cells()), text(_mean(mean))]
             for _, label, share, mean in rows],
        ) + "\n")
        out.append(bar_chart(f"{game.title}, {name}: chance to score in each row", [
            (label, share.fraction) for _, label, share, _ in rows
        ]) + "\n")
    return out


def _farkle_odds(game: Game, names: tuple[str, ...]) -> list[str]:
    dice = find_ruleset(names[0]).dice
    out = [f"## {text(game.title)}: a farkle with 1 to {dice} dice {{#{anchor_id('odds-' + game.name)}}}\n",
           "The chance that a roll of this many dice has no scoring die at all, which ends the turn.\n"]
    for name in names:
        rows = farkle_odds(name)
        out.append(f"### {text(name)} {{#{anchor_id(f'odds-{game.name}-{name}')}}}\n")
        out.append(table(
            ["Dice", "Chance of a farkle", "Rolls", "Percent"],
            [[str(dice), *(text(c) for c in share.cells())] for dice, share in rows],
        ) + "\n")
        out.append(bar_chart(f"{game.title}, {name}: chance of a farkle", [
            (f"{dice} {'die' if dice == 1 else 'dice'}", share.fraction) for dice, share in rows
        ]) + "\n")
    return out


def odds_page(data: SiteData) -> Page:
    page = layout.ODDS
    out = ["# Odds\n"]
    out.append(
        "Exact chances on a single roll, counted over every equally likely roll of the dice (6 to the "
        "power of the number of dice, in order), each scored by the reference engine under the ruleset "
        "named. Fractions are reduced.\n"
    )
    for game in games():
        names = data.rulesets.get(game.name, ())
        if not names:
            out.append(f"## {text(game.title)} {{#{anchor_id('odds-' + game.name)}}}\n")
            out.append(f"No {text(game.title)} ruleset is shipped yet, so there are no odds to show.\n")
        elif isinstance(find_ruleset(names[0]), SheetRuleset):  # a sheet of rows: the odds of each row
            out += _sheet_odds(game, names)
        else:  # dice set aside: the odds of a farkle
            out += _farkle_odds(game, names)
    return Page(page, "Odds", "\n".join(out))
