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
from functools import cache
from itertools import product
from typing import cast

from dicespec.catalog import Words, words
from dicespec.dice import FACES, Roll
from dicespec.registry import Game, games
from dicespec.rulesets import RulesetError, find_ruleset, find_ruleset_of, prose
from dicespec.rulesets.prose import RulesetProse
from dicespec.scoresheet.ruleset import SheetRuleset
from dicespec.setaside.ruleset import SetAsideRuleset
from dicespec.site import layout
from dicespec.site.charts import Bar, bar_chart
from dicespec.site.data import SiteData
from dicespec.site.layout import Page
from dicespec.site.markup import anchor_id, table, text, verbatim
from dicespec.site.wording import decimal, foreign, grouped, percentage, plural, small_number


@dataclass(frozen=True, slots=True)
class Share:
    """How many of ``total`` equally likely rolls have a property."""

    count: int
    total: int

    @property
    def fraction(self) -> Fraction:
        return Fraction(self.count, self.total)

    def cells(self, lang: str = "en") -> list[str]:
        """The share as table cells: a reduced fraction, ``count / total`` rolls, and a percentage,
        numbers in the convention of ``lang``."""
        f = self.fraction
        return [
            verbatim(f"{f.numerator}/{f.denominator}"),
            verbatim(f"{grouped(self.count, lang)} / {grouped(self.total, lang)}"),
            verbatim(percentage(float(f), lang)),
        ]


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
    return _row_odds(find_ruleset_of(SheetRuleset, name))


# The odds of a ruleset are worked out once a process, by the ruleset's rules (the pages of every
# language show the same numbers: a build asked for each four times).
@cache
def _row_odds(ruleset: SheetRuleset) -> list[tuple[str, str, Share, Fraction]]:
    from dicespec.scoresheet.rows import score_sheet

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
    return _farkle_odds_of(find_ruleset_of(SetAsideRuleset, name))


@cache
def _farkle_odds_of(ruleset: SetAsideRuleset) -> list[tuple[int, Share]]:
    from dicespec.setaside.combos import best

    out = []
    for dice in range(1, ruleset.dice + 1):
        answers = _each_roll(dice, lambda shown: best(ruleset, Roll(shown)) == 0)
        out.append((dice, Share(sum(1 for farkle in answers if farkle), len(answers))))
    return out


def _translated(name: str, lang: str) -> RulesetProse | None:
    """The ruleset's words in ``lang`` (title, row labels), when its files give them; ``None`` for
    English (the pages show the rulesets' own English words, as they always have) or while a
    translation is missing."""
    if lang == "en":
        return None
    try:
        return prose(name, lang)
    except RulesetError:
        return None


def row_label_with_language(name: str, row_id: str, lang: str) -> tuple[str, str]:
    """A row's label in ``lang`` and the language it is in (English when it has no translation)."""
    words = _translated(name, lang)
    if words is not None and words.rows.get(row_id):
        return words.rows[row_id], lang
    return find_ruleset_of(SheetRuleset, name).rows[row_id].label, "en"


def row_label(name: str, row_id: str, lang: str) -> str:
    """The label of the row ``row_id`` of the ruleset ``name`` in ``lang``: the ruleset's own words
    in that language where its files give them, its English label otherwise."""
    return row_label_with_language(name, row_id, lang)[0]


def ruleset_title(name: str, lang: str) -> tuple[str, str]:
    """A ruleset's title in ``lang`` and the language it is in (English when it has no translation)."""
    words = _translated(name, lang)
    if words is not None and words.title:
        return words.title, lang
    return find_ruleset(name).title, "en"


def _mean(value: Fraction, lang: str) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value.numerator}/{value.denominator} ≈ {decimal(float(value), lang)}"


def _dice(w: Words, n: int) -> str:
    return w.format(plural(w, "dice_count", n), n=n)


def _heading(title: str, game: Game, name: str | None = None) -> str:
    key = f"odds-{game.name}" if name is None else f"odds-{game.name}-{name}"
    return f"{title} {{#{anchor_id(key)}}}\n"


def _sheet_odds(game: Game, names: tuple[str, ...], lang: str) -> list[str]:
    w = words("odds", lang)
    dice = find_ruleset(names[0]).dice
    out = [
        _heading("## " + w.format("sheet_heading", game=text(game.title)), game),
        w.format("sheet_intro", dice=small_number(dice, lang), rolls=grouped(6**dice, lang)) + "\n",
    ]
    for name in names:
        rows = row_odds(name)
        labels = [row_label_with_language(name, row_id, lang) for row_id, _, _, _ in rows]
        out.append(_heading(f"### {text(name)}", game, name))
        out.append(
            table(
                [w["row"], w["chance"], w["rolls"], w["percent"], w["mean_score"]],
                [
                    [foreign(label, label_lang, lang), *share.cells(lang), verbatim(_mean(mean, lang))]
                    for (label, label_lang), (_, _, share, mean) in zip(labels, rows, strict=True)
                ],
            )
            + "\n"
        )
        out.append(
            bar_chart(
                w.format("chart_rows", game=game.title, ruleset=name),
                [
                    Bar(label, share.fraction, label_lang)
                    for (label, label_lang), (_, _, share, _) in zip(labels, rows, strict=True)
                ],
                lang,
            )
            + "\n"
        )
    return out


def _farkle_odds(game: Game, names: tuple[str, ...], lang: str) -> list[str]:
    w = words("odds", lang)
    dice = find_ruleset(names[0]).dice
    out = [
        _heading("## " + w.format("farkle_heading", game=text(game.title), dice=dice), game),
        w["farkle_intro"] + "\n",
    ]
    for name in names:
        rows = farkle_odds(name)
        out.append(_heading(f"### {text(name)}", game, name))
        out.append(
            table(
                [w["dice"], w["farkle_chance"], w["rolls"], w["percent"]],
                [[str(dice), *share.cells(lang)] for dice, share in rows],
            )
            + "\n"
        )
        out.append(
            bar_chart(
                w.format("chart_farkle", game=game.title, ruleset=name),
                [Bar(_dice(w, dice), share.fraction) for dice, share in rows],
                lang,
            )
            + "\n"
        )
    return out


_ODDS: dict[str, Callable[[Game, tuple[str, ...], str], list[str]]] = {
    "score-sheet": _sheet_odds,  # a sheet of rows: the odds of each row
    "set-aside": _farkle_odds,  # dice set aside: the odds of a farkle
}
"""The odds each family of games shows, by family name."""


def odds_page(data: SiteData, lang: str = "en") -> Page:
    """The Odds page in ``lang``."""
    w = words("odds", lang)
    page = layout.odds(lang)
    out = [f"# {w['title']}\n", w["intro"] + "\n"]
    for game in games():
        names = data.rulesets.get(game.name, ())
        if not names:
            out.append(_heading(f"## {text(game.title)}", game))
            out.append(w.format("no_ruleset", game=text(game.title)) + "\n")
        else:
            out += _ODDS[game.family_name](game, names, lang)
    return Page(page, w["title"], "\n".join(out), lang)
