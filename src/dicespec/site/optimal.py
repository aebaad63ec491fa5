"""Optimal play: what each ruleset is worth to a player who plays it perfectly, and so what a
rule change costs or gains; for a set-aside game, when to bank.

The figures come from the solver (:mod:`dicespec.solver`) by way of the committed
``fixtures/optimal-play.json`` (``make optimal``, by game): a full score-sheet solve takes seconds,
too long for a site build, and a test keeps the file in step with the rulesets.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from dicespec.catalog import Words, words
from dicespec.registry import Game, games
from dicespec.rulesets import find_ruleset, find_ruleset_of
from dicespec.scoresheet.ruleset import SheetRuleset
from dicespec.site import layout
from dicespec.site.charts import heatmap, histogram
from dicespec.site.data import SiteData
from dicespec.site.layout import Page
from dicespec.site.markup import code, link, table, text
from dicespec.site.odds import row_label_with_language, ruleset_title
from dicespec.site.wording import decimal, foreign, grouped, percentage, plural, small_number
from dicespec.solver.spread import EVENTS, PERCENTILES

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
    header = [w["ruleset"], w["ruleset_title"], w["expected_score"], w["against_reference"]]
    served = [entry for entry in entries if entry.get("winning_rows")]
    if served:  # a row that wins at once (Generala's): what the score means, and the chance of such a win
        header.append(w["won_at_once"])
        for row, entry in zip(rows, entries, strict=True):
            chance = entry.get("win_at_once")
            row.append(UNSOLVED if chance is None else percentage(chance, lang, digits=3))
        about.append(_served_win(served[0], lang))
    return [
        f"## {text(game.title)} {{#{game.name}}}\n",
        " ".join(about) + "\n",
        table(header, rows) + "\n",
        w.format("hint", game=game.name) + "\n",
        *_spread(game, entries, lang),
    ]


def _spread(game: Game, entries: list[dict[str, Any]], lang: str) -> list[str]:
    """The spread of the score of each solved ruleset of ``game``: the exact standard deviation and
    chance of each event, the percentiles and the distribution of the games played."""
    w = words("optimal", lang)
    solved = [entry for entry in entries if entry.get("simulated")]
    if not solved:
        return []
    played = solved[0]["simulated"]
    error = 1.96 * math.sqrt(0.25 / played["games"]) * 100  # the widest 95 % interval of a share
    events = [name for name in EVENTS if any(name in entry["events"] for entry in solved)]
    five = find_ruleset_of(SheetRuleset, solved[0]["ruleset"]).five_of_a_kind
    row = ""
    if five is not None:
        label, label_lang = row_label_with_language(solved[0]["ruleset"], five.row, lang)
        row = foreign(label, label_lang, lang)
    heads = [w.format(f"event_{name}", row=row) for name in events]
    chances = [
        [
            code(entry["ruleset"]),
            decimal(entry["std"], lang),
            *(UNSOLVED if name not in entry["events"] else percentage(entry["events"][name], lang) for name in events),
        ]
        for entry in solved
    ]
    percentiles = [
        [code(entry["ruleset"]), *(_percentile(entry["simulated"]["percentiles"][str(p)], lang) for p in PERCENTILES)]
        for entry in solved
    ]
    out = [
        f"### {w['spread']} {{#spread-{game.name}}}\n",
        w.format(
            "spread_about",
            games=grouped(played["games"], lang),
            seed=code(str(played["seed"])),
            error=decimal(error, lang, 1),
        )
        + "\n",
        table([w["ruleset"], w["std"], *heads], chances) + "\n",
        table([w["ruleset"], *(w[f"percentile_{p}"] for p in PERCENTILES)], percentiles) + "\n",
    ]
    for entry in solved:
        simulated = entry["simulated"]
        first, span = simulated["start"], simulated["bin"]
        last = first + span * len(simulated["counts"]) - 1
        title = w.format(
            "chart_title",
            games=grouped(simulated["games"], lang),
            ruleset=entry["ruleset"],
            bin=span,
            first=grouped(first, lang),
            last=grouped(last, lang),
        )
        out.append(histogram(title, first, span, simulated["counts"], lang) + "\n")
        out.append(
            w.format(
                "chart_caption",
                ruleset=code(entry["ruleset"]),
                mean=decimal(entry["expected_score"], lang),
                std=decimal(entry["std"], lang),
                games=grouped(simulated["games"], lang),
            )
            + "\n"
        )
    return out


def _percentile(found: dict[str, Any], lang: str) -> str:
    w = words("optimal", lang)
    return w.format(
        "percentile_cell",
        value=decimal(found["value"], lang, 1),
        low=grouped(found["low"], lang),
        high=grouped(found["high"], lang),
    )


def _served_win(entry: dict[str, Any], lang: str) -> str:
    """What the expected score of a ruleset with a row that wins at once means, and what the column
    of the chance of such a win under the same play gives (Generala's, made with a turn's first roll)."""
    w = words("optimal", lang)
    labels = [foreign(*row_label_with_language(entry["ruleset"], row, lang), lang) for row in entry["winning_rows"]]
    return w.format("served_win", row=", ".join(labels), column=w["won_at_once"])


def _dice(w: Words, n: int) -> str:
    return w.format(plural(w, "dice_count", n), n=n)


def _set_aside(game: Game, entries: list[dict[str, Any]], banking: str, lang: str) -> list[str]:
    w = words("optimal", lang)
    dice = max(find_ruleset(e["ruleset"]).dice for e in entries)
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
            [[code(e["ruleset"]), *(_banking_cell(e, n, lang) for n in range(1, dice + 1))] for e in entries],
        )
        + "\n",
    ]
    out += [
        w.format("unaccounted", ruleset=code(e["ruleset"]), rules=", ".join(code(key) for key in e["unaccounted"]))
        + "\n"
        for e in entries
        if e.get("unaccounted")
    ]
    return out + _two_players(game, entries, lang)


def _two_players(game: Game, entries: list[dict[str, Any]], lang: str) -> list[str]:
    """The first player's chance of each ruleset, both players playing to win, and why a ruleset
    has none: a rule the solve does not model yet, or too many states."""
    w = words("optimal", lang)
    out = [
        f"### {w['two_players']} {{#{game.name}-two-players}}\n",
        w["two_players_intro"] + "\n",
        table(
            [w["ruleset"], w["first_player"], w["states"]],
            [[code(e["ruleset"]), *_two_player_cells(e["two_players"], lang)] for e in entries],
        )
        + "\n",
    ]
    for e in entries:
        two = e["two_players"]
        if two["unmodelled"]:
            rules = ", ".join(code(key) for key in two["unmodelled"])
            out.append(w.format("two_players_unmodelled", ruleset=code(e["ruleset"]), rules=rules) + "\n")
        elif two["too_large"]:
            states = grouped(two["states"], lang)
            out.append(w.format("two_players_too_large", ruleset=code(e["ruleset"]), states=states) + "\n")
    for e in entries:
        out += _boundaries(e, lang)
    return out


def _boundaries(entry: dict[str, Any], lang: str) -> list[str]:
    """A solved ruleset's roll-or-bank boundary over both scores: a chart a number of dice in hand."""
    two, w = entry["two_players"], words("optimal", lang)
    if "boundary" not in two:
        return []
    ruleset = entry["ruleset"]
    grids = two["boundary"]
    largest = max((value for grid in grids.values() for row in grid for value in row if value is not None), default=0)
    charts = []
    for dice, grid in sorted(grids.items(), key=lambda item: int(item[0])):
        held = _dice(w, int(dice))
        title = w.format("boundary_chart", ruleset=ruleset, dice=held)
        chart = heatmap(title, two["scores"], grid, lang, largest=largest)  # one scale: the charts compare
        charts.append(f'<figure class="ds-heat">{chart}<figcaption>{text(held)}</figcaption></figure>')
    return [
        f"#### {w.format('boundary', ruleset=code(ruleset))} {{#{ruleset}-boundary}}\n",
        w["boundary_intro"] + "\n",
        f'<div class="ds-heatmaps">{"".join(charts)}</div>\n',
    ]


def _two_player_cells(two: dict[str, Any], lang: str) -> list[str]:
    chance = UNSOLVED if two["first_player"] is None else percentage(two["first_player"], lang)
    return [chance, grouped(two["states"], lang)]


def _banking_cell(entry: dict[str, Any], dice: int, lang: str) -> str:
    """A ruleset's banking threshold with so many dice in hand; a dash where it throws fewer dice."""
    threshold = entry["banking_table"].get(str(dice))
    return "—" if threshold is None else grouped(threshold, lang)


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
