"""Optimal play: what each ruleset is worth to a player who plays it perfectly, and so what a
rule change costs or gains; for a set-aside game, when to bank.

The figures come from the solver (:mod:`dicespec.solver`) by way of the committed
``fixtures/optimal-play.json`` (``make optimal``, by game): a full score-sheet solve takes seconds,
too long for a site build, and a test keeps the file in step with the rulesets.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from dicespec.catalog import Words, words
from dicespec.registry import Game, games
from dicespec.rulesets import find_ruleset, find_ruleset_of
from dicespec.scoresheet.ruleset import SheetRuleset
from dicespec.site import layout
from dicespec.site.data import SiteData
from dicespec.site.layout import Page
from dicespec.site.markup import code, link, table, text
from dicespec.site.odds import row_label_with_language, ruleset_title
from dicespec.site.wording import decimal, foreign, grouped, percentage, plural, small_number

FIGURES = ("fixtures", "optimal-play.json")


def _figures(data: SiteData) -> dict[str, Any] | None:
    path = data.root.joinpath(*FIGURES)
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None


# The published optimum of solitaire Yahtzee without its bonuses and jokers (T. Verhoeff, 1999;
# J. Glenn, 2006): a score-sheet ruleset solved to it is named as such.
PLAIN_YAHTZEE_OPTIMUM = 245.87


def _as_noun(label: str, lang: str) -> str:
    """A row's label used as a noun in a sentence: German capitalises nouns, the others write them
    in lower case."""
    return label[:1].upper() + label[1:] if lang == "de" else label.lower()


def _title(entry: dict[str, Any], lang: str) -> str:
    if lang == "en":
        return text(entry["title"])
    return foreign(*ruleset_title(entry["ruleset"], lang), lang)


UNSOLVED = "—"
"""The cell of a figure the solver did not solve (the ruleset's rules are more than it holds)."""


def _sheet(game: Game, entries: list[dict[str, Any]], lang: str) -> list[str]:
    w = words("optimal", lang)
    reference = entries[0]["expected_score"]
    rows = []
    for entry in entries:
        score = entry["expected_score"]  # None: a ruleset the solver refuses (its figures say why)
        if entry is entries[0]:
            change = w["reference"]
        else:
            change = UNSOLVED if score is None or reference is None else decimal(score - reference, lang, sign=True)
        rows.append(
            [code(entry["ruleset"]), _title(entry, lang), UNSOLVED if score is None else decimal(score, lang), change]
        )
    about = [w["sheet_about"]]
    name = entries[0]["ruleset"]
    five = find_ruleset_of(SheetRuleset, name).five_of_a_kind
    if five is not None and five.adds_to_cell and five.extra_turns == "repeat":
        label, label_lang = row_label_with_language(name, five.row, lang)
        about.append(w.format("repeat", label=foreign(_as_noun(label, lang), label_lang, lang)))
        plain = [
            e
            for e in entries
            if e["expected_score"] is not None and round(e["expected_score"], 2) == PLAIN_YAHTZEE_OPTIMUM
        ]
        if plain:
            about.append(
                w.format(
                    "plain",
                    ruleset=code(plain[0]["ruleset"]),
                    game=text(game.title),
                    optimum=decimal(PLAIN_YAHTZEE_OPTIMUM, lang),
                )
            )
    return [
        f"## {text(game.title)} {{#{game.name}}}\n",
        " ".join(about) + "\n",
        table([w["ruleset"], w["ruleset_title"], w["expected_score"], w["against_reference"]], rows) + "\n",
        w.format("hint", game=game.name) + "\n",
    ]


def _dice(w: Words, n: int) -> str:
    return w.format(plural(w, "dice_count", n), n=n)


def _set_aside(game: Game, entries: list[dict[str, Any]], banking: str, lang: str) -> list[str]:
    w = words("optimal", lang)
    dice = find_ruleset(entries[0]["ruleset"]).dice
    out = [
        f"## {text(game.title)} {{#{game.name}}}\n",
        w.format("set_aside_about", dice=small_number(dice, lang)) + "\n",
        table(
            [w["ruleset"], w["ruleset_title"], w["expected_turn"], w["on_board"]],
            [
                [
                    code(e["ruleset"]),
                    _title(e, lang),
                    decimal(e["expected_turn_score"], lang),
                    w.format(
                        "on_board_cell", chance=percentage(e["on_board_chance"], lang), entry=grouped(e["entry"], lang)
                    ),
                ]
                for e in entries
            ],
        )
        + "\n",
        f"### {w['banking']} {{#{banking}}}\n",
        w["banking_intro"] + "\n",
        table(
            [w["ruleset"], *(_dice(w, n) for n in range(1, dice + 1))],
            [
                [code(e["ruleset"]), *(grouped(e["banking_table"][str(n)], lang) for n in range(1, dice + 1))]
                for e in entries
            ],
        )
        + "\n",
    ]
    return out


@dataclass(frozen=True, slots=True)
class _Section:
    """What the page shows of the games of one family."""

    write: Callable[[Game, list[dict[str, Any]], str, str], list[str]]  # game, figures, banking anchor, language
    banks: bool  # it shows a banking table, under the anchor it is given


_SECTIONS: dict[str, _Section] = {
    "score-sheet": _Section(lambda game, entries, banking, lang: _sheet(game, entries, lang), banks=False),
    "set-aside": _Section(_set_aside, banks=True),
}
"""The section of each family of games, by family name."""


def optimal_page(data: SiteData, lang: str = "en") -> Page:
    """The Optimal play page in ``lang``."""
    w = words("optimal", lang)
    page = layout.optimal(lang)
    out = [f"# {w['title']}\n"]
    figures = _figures(data)
    if figures is None:
        out.append(w["no_figures"] + "\n")
        return Page(page, w["title"], "\n".join(out), lang)
    out.append(w.format("intro", rulesets=link(w["rulesets_link"], layout.rulesets(lang), page=page)) + "\n")
    banking = "banking"  # the first set-aside game's anchor; any other's names its game
    for game in games():
        entries = figures.get(game.name)
        if not entries:
            continue
        section = _SECTIONS[game.family_name]
        out += section.write(game, entries, banking, lang)
        if section.banks:
            banking = f"banking-{game.name}"
    return Page(page, w["title"], "\n".join(out), lang)
