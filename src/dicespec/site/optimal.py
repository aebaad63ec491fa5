"""Optimal play: what each ruleset is worth to a player who plays it perfectly, and so what a
rule change costs or gains; for a set-aside game, when to bank.

The figures come from the solver (:mod:`dicespec.solver`) by way of the committed
``fixtures/optimal-play.json`` (``make optimal``, by game): a full score-sheet solve takes about a minute,
too long for a site build, and a test keeps the file in step with the rulesets.
"""

from __future__ import annotations

import json
from typing import Any

from dicespec.registry import Game, games
from dicespec.rulesets import find_ruleset
from dicespec.scoresheet.ruleset import SheetRuleset
from dicespec.site import layout
from dicespec.site.data import SiteData
from dicespec.site.layout import Page
from dicespec.site.markup import code, link, number_word, table, text

FIGURES = ("fixtures", "optimal-play.json")


def _figures(data: SiteData) -> dict[str, Any] | None:
    path = data.root.joinpath(*FIGURES)
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None


# The published optimum of solitaire Yahtzee without its bonuses and jokers (T. Verhoeff, 1999;
# J. Glenn, 2006): a score-sheet ruleset solved to it is named as such.
PLAIN_YAHTZEE_OPTIMUM = 245.87


def _sheet(game: Game, entries: list[dict[str, Any]]) -> list[str]:
    reference = entries[0]["expected_score"]
    rows = []
    for entry in entries:
        score = entry["expected_score"]
        change = "reference" if entry is entries[0] else f"{score - reference:+.2f}"
        rows.append([code(entry["ruleset"]), text(entry["title"]), f"{score:.2f}", change])
    about = [
        "The expected final grand total of one player (solitaire) who plays every turn to maximise it, "
        "computed exactly by dynamic programming over every sheet the game can reach, and within "
        "each turn over every roll and keep."
    ]
    ruleset = find_ruleset(entries[0]["ruleset"])
    five = ruleset.five_of_a_kind if isinstance(ruleset, SheetRuleset) else None
    if isinstance(ruleset, SheetRuleset) and five is not None and five.adds_to_cell and five.extra_turns == "repeat":
        label = ruleset.rows[five.row].label.lower()
        about.append(f"Repeat {label}s, which fill no row and give one more turn, are solved as the fixed "
                     "point they are, not by a limit on their number.")
        plain = [e for e in entries if round(e["expected_score"], 2) == PLAIN_YAHTZEE_OPTIMUM]
        if plain:
            about.append(f"With them switched off ({code(plain[0]['ruleset'])}), {text(game.title)} scores as "
                         "Yahtzee without its bonuses and jokers, whose optimum is 245.87 (T. Verhoeff, 1999; "
                         "J. Glenn, 2006); the solver's test checks it.")
    return [
        f"## {text(game.title)} {{#{game.name}}}\n",
        " ".join(about) + "\n",
        table(["Ruleset", "Title", "Expected score", "Against the reference"], rows) + "\n",
        "In the terminal game, `hint` shows the best keep or row for the dice on the table with the "
        f"expected score of each choice (`dicespec play {game.name}`); the library function is "
        "`dicespec.solver.hint`.\n",
    ]


def _set_aside(game: Game, entries: list[dict[str, Any]], banking: str) -> list[str]:
    dice = find_ruleset(entries[0]["ruleset"]).dice
    out = [
        f"## {text(game.title)} {{#{game.name}}}\n",
        "One turn played to maximise its expected points, for a player already on the board: after "
        "each roll, the set-aside and the choice to roll on or bank that give the most on average "
        f"(a farkle loses the turn's points; hot dice give all {number_word(dice)} back). Banking is right "
        "from a turn total that depends only on the dice in hand; the table gives it. The chance of "
        "getting on the board is that of banking the entry minimum in one turn, playing for it.\n",
        table(["Ruleset", "Title", "Expected points a turn", "On the board in one turn"], [
            [code(e["ruleset"]), text(e["title"]), f"{e['expected_turn_score']:.2f}",
             f"{e['on_board_chance'] * 100:.2f} % (at least {e['entry']:,})"]
            for e in entries
        ]) + "\n",
        f"### When to bank {{#{banking}}}\n",
        "Bank once the turn stands at or above this total, with this many dice in hand:\n",
        table(["Ruleset", *(f"{n} {'die' if n == 1 else 'dice'}" for n in range(1, dice + 1))], [
            [code(e["ruleset"]), *(f"{e['banking_table'][str(n)]:,}" for n in range(1, dice + 1))]
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
    banking = "banking"  # the first set-aside game's anchor; any other's names its game
    for game in games():
        entries = figures.get(game.name)
        if not entries:
            continue
        if isinstance(find_ruleset(entries[0]["ruleset"]), SheetRuleset):
            out += _sheet(game, entries)
        else:
            out += _set_aside(game, entries, banking)
            banking = f"banking-{game.name}"
    return Page(page, "Optimal play", "\n".join(out))
