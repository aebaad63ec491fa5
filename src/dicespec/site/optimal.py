"""Optimal play: what each ruleset is worth to a player who plays it perfectly, and so what a
rule change costs or gains; for 10000, when to bank.

The figures come from the solver (:mod:`dicespec.solver`) by way of the committed
``fixtures/optimal-play.json`` (``make optimal``): a full Kiriki solve takes about a minute,
too long for a site build, and a test keeps the file in step with the rulesets.
"""

from __future__ import annotations

import json
from typing import Any

from dicespec.site import layout
from dicespec.site.data import SiteData
from dicespec.site.layout import Page
from dicespec.site.markup import code, link, table, text

FIGURES = ("fixtures", "optimal-play.json")


def _figures(data: SiteData) -> dict[str, Any] | None:
    path = data.root.joinpath(*FIGURES)
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None


def _kiriki(entries: list[dict[str, Any]]) -> list[str]:
    reference = entries[0]["expected_score"]
    rows = []
    for entry in entries:
        score = entry["expected_score"]
        change = "reference" if entry is entries[0] else f"{score - reference:+.2f}"
        rows.append([code(entry["ruleset"]), text(entry["title"]), f"{score:.2f}", change])
    return [
        "## Kiriki {#kiriki}\n",
        "The expected final grand total of one player (solitaire) who plays every turn to maximise it, "
        "computed exactly by dynamic programming over every sheet the game can reach, and within "
        "each turn over every roll and keep. Repeat kirikis, which fill no row and give one more "
        "turn, are solved as the fixed point they are, not by a limit on their number. With them "
        "switched off (`kiriki-no-extra`), Kiriki scores as Yahtzee without its bonuses and jokers, "
        "whose optimum is 245.87 (T. Verhoeff, 1999; J. Glenn, 2006); the solver's test checks it.\n",
        table(["Ruleset", "Title", "Expected score", "Against the reference"], rows) + "\n",
        "In the terminal game, `hint` shows the best keep or row for the dice on the table with the "
        "expected score of each choice (`dicespec play kiriki`); the library function is "
        "`dicespec.solver.hint`.\n",
    ]


def _ten_thousand(entries: list[dict[str, Any]]) -> list[str]:
    out = [
        "## 10000 {#ten-thousand}\n",
        "One turn played to maximise its expected points, for a player already on the board: after "
        "each roll, the set-aside and the choice to roll on or bank that give the most on average "
        "(a farkle loses the turn's points; hot dice give all six back). Banking is right from a "
        "turn total that depends only on the dice in hand; the table gives it. The chance of "
        "getting on the board is that of banking the entry minimum in one turn, playing for it.\n",
        table(["Ruleset", "Title", "Expected points a turn", "On the board in one turn"], [
            [code(e["ruleset"]), text(e["title"]), f"{e['expected_turn_score']:.2f}",
             f"{e['on_board_chance'] * 100:.2f} % (at least {e['entry']:,})"]
            for e in entries
        ]) + "\n",
        "### When to bank {#banking}\n",
        "Bank once the turn stands at or above this total, with this many dice in hand:\n",
        table(["Ruleset", *(f"{n} {'die' if n == 1 else 'dice'}" for n in range(1, 7))], [
            [code(e["ruleset"]), *(f"{e['banking_table'][str(n)]:,}" for n in range(1, 7))]
            for e in entries
        ]) + "\n",
    ]
    return out


def optimal_page(data: SiteData) -> Page:
    page = layout.OPTIMAL
    out = ["# Optimal play\n"]
    figures = _figures(data)
    if figures is None:
        out.append("No figures yet: run `make optimal` to compute them.\n")
        return Page(page, "Optimal play", "\n".join(out))
    out.append(
        "What a ruleset is worth to a player who plays it perfectly, and so what a rule change costs "
        f"or gains. The rulesets themselves are compared on {link('Rulesets', layout.RULESETS, page=page)}.\n"
    )
    out += _kiriki(figures["kiriki"])
    out += _ten_thousand(figures["ten-thousand"])
    return Page(page, "Optimal play", "\n".join(out))
