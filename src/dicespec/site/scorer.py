"""The scorer of each rules page: a form that scores one roll under the game's rulesets, in the
reader's browser, with the project's JavaScript implementation (the code the conformance suite
checks on every case) reading the rulesets' data.

- :func:`scorer_files`: the files the site ships for it, by path below the site root: the
  implementation's browser-safe module ``js/dicespec-games.mjs``, unchanged, and
  the rulesets' data, as ``dicespec rulesets --json`` prints it (with the rule values of any
  ruleset of one's own that a page offers, under the name it is offered by: :class:`Offer`).
- :func:`scorer_block`: the block a game's rules page holds, in the page's language: a heading,
  the form (dice, ruleset), a live summary and the table, and the page's words and row texts as
  JSON data, so that the script needs no catalog of its own. It offers the game's shipped
  rulesets, the reference first, or the :class:`Offer` list it is given (a house ruleset's
  report: ``dicespec report``, :mod:`dicespec.site.house`).

The page script is ``js/scorer.mjs``, a module of the project's JavaScript package, which the build
hands to MkDocs with the package's others (:mod:`dicespec.site.scripts`; ``mkdocs.yml`` loads the
script, as a module, on every page; it does nothing where there is no block), and its styles
``docs/stylesheets/scorer.css``, which MkDocs copies like any other file of the docs. The script
imports ``dicespec-games.mjs`` and fetches ``rulesets.json`` beside itself.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from dicespec.catalog import Words, words
from dicespec.registry import game as registered_game
from dicespec.rulesets import (
    Ruleset,
    find_ruleset,
    find_ruleset_of,
    of_kind,
    prose,
    published,
    ruleset_names,
)
from dicespec.scoresheet.ruleset import SheetRuleset
from dicespec.site.markup import escaped as _e
from dicespec.site.markup import script_json, text
from dicespec.site.scripts import FOLDER, PACKAGE
from dicespec.site.topics import row_rules

GAMES_MODULE = PACKAGE / "dicespec-games.mjs"
SCORE_SHEET = "score-sheet"


@dataclass(frozen=True, slots=True)
class RowText:
    """How the scorer names a row of the sheet, and the rule it states for it, in one language."""

    label: str
    rule: str


def row_texts(ruleset: str, lang: str) -> dict[str, RowText]:
    """Each row of a score-sheet ruleset (id -> label and rule), in sheet order, in ``lang``: the
    ruleset's label in that language and the rule family's description, with what the row does
    beyond its pattern (first-roll points or win, a row it requires), as the rules page gives them."""
    sheet = find_ruleset_of(SheetRuleset, ruleset)
    labels = prose(ruleset, lang).rows
    return {
        row.id: RowText(labels.get(row.id, row.label), _rule_text(sheet, row.id, lang)) for row in sheet.rows.values()
    }


def _rule_text(ruleset: SheetRuleset, row: str, lang: str) -> str:
    """A row's rule in sentences: its pattern's, then what it does beyond it. The scorer scores one
    roll, not a turn's first, on no sheet: a row's first-roll points are not in its score, and a
    row that requires another scores its dice; these sentences say what a game adds."""
    return " ".join([ruleset.rows[row].rule.describe(ruleset.dice, lang), *row_rules(ruleset, row, lang, "define")])


@dataclass(frozen=True, slots=True)
class Offer:
    """A ruleset the scorer offers, and how its list of rulesets names it.

    ``name`` is a shipped ruleset's name, or, for a ruleset of one's own (a file), the name the
    scorer's data gives it; then ``ruleset`` is its typed ruleset and ``values`` its rule values,
    ``extends`` resolved, in the shape ``dicespec rulesets --json`` writes a shipped one's. A
    ruleset of one's own has no translations: its row labels are its own, in every language.
    """

    name: str
    label: str
    ruleset: Ruleset | None = None
    values: Mapping[str, Any] | None = None

    def __post_init__(self) -> None:
        if (self.ruleset is None) != (self.values is None):
            raise ValueError(f"offer {self.name!r}: a ruleset of one's own gives both its typed ruleset and its values")
        if self.ruleset is None and self.name not in ruleset_names():
            raise ValueError(f"offer {self.name!r}: no shipped ruleset has that name")
        if self.ruleset is not None and self.name in ruleset_names():
            raise ValueError(f"offer {self.name!r}: a ruleset of one's own cannot take a shipped ruleset's name")

    @property
    def typed(self) -> Ruleset:
        """The typed ruleset: one's own, or the shipped one of that name."""
        return self.ruleset if self.ruleset is not None else find_ruleset(self.name)


def rulesets_json(own: Sequence[Offer] = ()) -> str:
    """The rulesets' data the JavaScript implementation reads: what ``dicespec rulesets --json``
    prints, then the rule values of each ruleset of one's own in ``own``, under its name."""
    data: dict[str, Any] = {name: published(name) for name in ruleset_names()}
    data.update({offer.name: dict(offer.values) for offer in own if offer.values is not None})
    return json.dumps(data, indent=2) + "\n"


def scorer_files(own: Sequence[Offer] = ()) -> dict[str, bytes]:
    """The files the scorer needs besides the docs' own, by path below the site root; the rulesets'
    data holds the rulesets of one's own in ``own`` too."""
    try:
        module = GAMES_MODULE.read_bytes()
    except FileNotFoundError:
        raise FileNotFoundError(
            f"{GAMES_MODULE}: the scorer's JavaScript is read from a checkout of the "
            "repository (js/), which this is not"
        ) from None
    return {
        f"{FOLDER}/dicespec-games.mjs": module,
        f"{FOLDER}/rulesets.json": rulesets_json(own).encode("utf-8"),
    }


# -- the block ----------------------------------------------------------------------------------

# The catalog's words the script writes itself (the others are written into the block here).
_SCRIPT_WORDS = (
    "best",
    "need_dice_sheet",
    "need_dice_set_aside",
    "summary_sheet",
    "summary_set_aside",
    "farkle",
    "load_error",
)


def own_row_texts(ruleset: SheetRuleset, lang: str) -> dict[str, RowText]:
    """Each row of a score-sheet ruleset of one's own, as :func:`row_texts` gives a shipped one's:
    its label as the file writes it (it has no translations) and the rule family's description in
    ``lang``, with what the row does beyond its pattern."""
    return {row.id: RowText(row.label, _rule_text(ruleset, row.id, lang)) for row in ruleset.rows.values()}


def offer_row_texts(offer: Offer, lang: str) -> dict[str, RowText]:
    """The rows of a score-sheet ruleset offered, named and stated in ``lang``: a shipped one's as
    :func:`row_texts` gives them, one's own as :func:`own_row_texts` does."""
    if offer.ruleset is None:
        return row_texts(offer.name, lang)
    return own_row_texts(of_kind(SheetRuleset, offer.ruleset), lang)


def _ruleset_entry(offer: Offer, family: str, lang: str) -> dict[str, Any]:
    entry: dict[str, Any] = {"name": offer.name, "dice": offer.typed.dice}
    if family == SCORE_SHEET:
        texts = offer_row_texts(offer, lang)
        entry["rows"] = [{"id": row, "label": t.label, "rule": t.rule} for row, t in texts.items()]
    return entry


def _header(family: str, say: Words) -> list[str]:
    return [say["row"], say["score"], say["rule"]] if family == SCORE_SHEET else [say["set_aside"], say["points"]]


def shipped_offers(game: str, lang: str) -> list[Offer]:
    """The game's shipped rulesets, the reference first, named as a rules page's scorer names them."""
    say = words("scorer", lang)
    return [
        Offer(name, say.format("reference", name=name) if i == 0 else name)
        for i, name in enumerate(ruleset_names(game))
    ]


def checked_offers(game: str, lang: str, offers: Sequence[Offer] | None, block: str) -> list[Offer]:
    """What a ``block`` of ``game`` (the scorer, the game) offers: ``offers``, or by default the
    game's shipped rulesets, the reference first; each a ruleset of ``game``, none twice."""
    found = list(offers) if offers is not None else shipped_offers(game, lang)
    if not found:
        raise ValueError(f"the {block} of {game} has no ruleset to offer")
    for offer in found:
        if offer.typed.game != game:
            raise ValueError(f"ruleset {offer.name!r} is a ruleset of {offer.typed.game}, not of {game}")
    if len({offer.name for offer in found}) != len(found):
        raise ValueError(f"the {block} of {game} offers a ruleset twice: {', '.join(o.name for o in found)}")
    return found


def scorer_block(game: str, lang: str, offers: Sequence[Offer] | None = None) -> str:
    """The scorer of ``game``'s rules page in ``lang``: Markdown (its heading, ``#scorer``) then one
    HTML block, which the page script (``scorer.mjs``) brings to life. It offers ``offers``, the
    first chosen, or by default the game's shipped rulesets, the reference first."""
    family = registered_game(game).family_name
    offered = checked_offers(game, lang, offers, "scorer")
    say = words("scorer", lang)
    dice = max(offer.typed.dice for offer in offered)
    data = {
        "game": game,
        "family": family,
        "lang": lang,
        "words": {key: say[key] for key in _SCRIPT_WORDS},
        "rulesets": [_ruleset_entry(offer, family, lang) for offer in offered],
    }
    intro = say["intro_sheet"] if family == SCORE_SHEET else say["intro_set_aside"]
    dice_inputs = "".join(
        f'<label class="ds-scorer-die"><span class="ds-scorer-hidden">{_e(say.format("die", number=n))}</span>'
        '<input type="number" name="die" min="1" max="6" step="1" inputmode="numeric" autocomplete="off"></label>'
        for n in range(1, dice + 1)
    )
    options = "".join(f'<option value="{_e(offer.name)}">{_e(offer.label)}</option>' for offer in offered)
    header = "".join(f'<th scope="col">{_e(cell)}</th>' for cell in _header(family, say))
    lines = [
        f'<div class="ds-scorer" data-game="{_e(game)}" data-family="{_e(family)}">',
        f"<p>{_e(intro)}</p>",
        '<form class="ds-scorer-form" autocomplete="off">',
        f'<fieldset class="ds-scorer-dice"><legend>{_e(say["dice"])}</legend>{dice_inputs}'
        f'<button type="button" class="ds-scorer-roll">{_e(say["roll"])}</button></fieldset>',
        f'<label class="ds-scorer-ruleset"><span>{_e(say["ruleset"])}</span> '
        f'<select name="ruleset">{options}</select></label>',
        "</form>",
        '<p class="ds-scorer-summary" role="status" aria-live="polite"></p>',
        f'<table class="ds-scorer-table"><thead><tr>{header}</tr></thead><tbody></tbody></table>',
        f"<noscript><p>{_e(say['no_script'])}</p></noscript>",
        f'<script type="application/json" class="ds-scorer-data">{script_json(data)}</script>',
        "</div>",
    ]
    return f"## {text(say['heading'])} {{#scorer}}\n\n" + "\n".join(lines) + "\n"
