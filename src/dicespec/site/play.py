"""The page of each game on which a reader plays it (``play/<game>.md``, beside its rules page), in
every language: any of its rulesets, alone or two to four players at one screen, in the browser.

The game is the list of its actions in the replay notation (``roll 12345``, ``reroll 1,2=66``,
``score chance``; ``roll 111556``, ``set 1115``, ``bank``): the page script, ``js/play.mjs``,
drawing the game session of ``js/session.mjs``, asks the project's JavaScript implementation (the
scorer's module, :mod:`dicespec.site.scorer`, on the same rulesets' data) for the state after them,
throws the dice from a seed (a fresh one, or a shared link's), keeps the game in the browser's
storage and offers it as a replay file, which ``dicespec replay FILE`` reads back
(:mod:`dicespec.replay_file`).

- :func:`play_page`: a game's page in one language: a heading, a sentence, and one HTML block, which
  the script brings to life, holding the page's words, each ruleset's row and line labels and
  player counts as JSON, so that the script needs no catalog of its own.
- :func:`play_block`: that block, which a house ruleset's report holds too
  (:mod:`dicespec.site.house`), offering the house ruleset and its base.

Its words are the ``play`` catalog's; a row's label is its ruleset's, in the page's language
(:func:`dicespec.rulesets.prose`), as the scorer gives it. The styles are
``docs/stylesheets/play.css``.

The coach (``js/coach.mjs``, written apart) is optional: the script imports it only
when the reader turns it on, with the ruleset's coach file (``javascripts/coach/<ruleset>.bin``),
and says in one line when there is none; the site builds without either. Any seat may be the
computer's (the form's boxes, a link's ``computer=2``): it plays the coach's best choice, and only
under rules the site has a coach file of.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from dicespec.catalog import Words, words
from dicespec.registry import game as registered_game
from dicespec.rulesets import of_kind
from dicespec.scoresheet.ruleset import SheetRuleset
from dicespec.site import layout
from dicespec.site.layout import Page
from dicespec.site.markup import code, link, script_json, text
from dicespec.site.markup import escaped as _e
from dicespec.site.scorer import SCORE_SHEET, Offer, checked_offers, offer_row_texts
from dicespec.site.wording import fill

MOST_PLAYERS = 4  # at one screen: alone, or two to four players
STORAGE = "dicespec-play/"  # the browser's storage key of a page's game: this, then the game's name

# The catalog's words the script writes itself (the others are written into the block here).
_SCRIPT_WORDS = (
    "solitaire",
    "players",
    "players_count",
    "player",
    "player_computer",
    "computer_plays_sheet",
    "computer_plays_aside",
    "computer_plays_duel",
    "computer_plays_greedy",
    "computer_failed",
    "computer_no_move",
    "die",
    "roll",
    "reroll",
    "set_aside",
    "bank",
    "end_turn",
    "row",
    "score",
    "on_board",
    "yes",
    "no",
    "turn_points",
    "status_roll",
    "status_rolled_sheet",
    "status_last_roll",
    "status_rolled_aside",
    "status_set",
    "status_farkle",
    "status_over",
    "status_over_shared",
    "refused",
    "score_row",
    "set_option",
    "bad_link",
    "bad_seed",
    "bad_saved",
    "reason_ruleset",
    "reason_players",
    "reason_seed",
    "reason_computer",
    "reason_no_computer",
    "reason_rejected",
    "reason_unreadable",
    "log_summary",
    "load_error",
    "coach_loading",
    "coach_none",
    "coach_failed",
    "coach_ready",
    "coach_ready_aside",
    "coach_ready_duel",
    "coach_best",
    "coach_cost",
    "coach_was_best",
    "coach_unrated",
    "coach_review",
    "coach_total",
    "coach_costliest",
    "choice_keep",
    "choice_keep_none",
    "choice_score",
    "choice_end",
    "choice_set",
    "choice_bank",
    "choice_roll",
)


def player_counts(offer: Offer) -> list[int]:
    """The numbers of players the page offers under a ruleset: those it allows, up to four."""
    ruleset = offer.typed
    return list(range(max(1, ruleset.min_players), min(MOST_PLAYERS, ruleset.max_players) + 1))


def line_labels(ruleset: SheetRuleset, rows: dict[str, str], say: Words) -> dict[str, str]:
    """Every line of a score sheet, top to bottom (id -> label): the rows' labels as given, the
    bonus and the totals in the catalog's words, a repeat five of a kind's bonus line named after
    its row."""
    labels: dict[str, str] = {}
    for line in ruleset.lines:
        if line in rows:
            labels[line] = rows[line]
        elif line == ruleset.bonus_line and ruleset.five_of_a_kind is not None:
            five = ruleset.five_of_a_kind.row
            labels[line] = say.format("line_repeat_bonus", row=rows.get(five, five))
        else:
            labels[line] = say[f"line_{line}"]
    return labels


def _ruleset_entry(
    offer: Offer, lang: str, say: Words, coached: Collection[str] | None, dueled: Collection[str] | None
) -> dict[str, Any]:
    ruleset = offer.typed
    entry: dict[str, Any] = {"name": offer.name, "dice": ruleset.dice, "players": player_counts(offer)}
    if coached is not None:
        entry["coach"] = offer.name in coached
    if dueled is not None:
        entry["duel"] = offer.name in dueled
    if registered_game(ruleset.game).family_name == SCORE_SHEET:
        rows = {row: t.label for row, t in offer_row_texts(offer, lang).items()}
        entry["rows"] = list(rows)
        lines = line_labels(of_kind(SheetRuleset, ruleset), rows, say)
        entry["lines"] = [{"id": line, "label": label} for line, label in lines.items()]
    return entry


def play_block(
    game: str,
    lang: str,
    offers: Sequence[Offer] | None = None,
    *,
    storage: str | None = None,
    coached: Collection[str] | None = None,
    dueled: Collection[str] | None = None,
) -> str:
    """The game of ``game`` in ``lang``: one HTML block, which the page script (``play.mjs``) brings
    to life. It offers ``offers``, the first chosen, or by default the game's shipped rulesets, the
    reference first; the game is kept in the browser under ``storage`` (by default the game's own
    key: one saved game a game page). ``coached`` names the rulesets the site has coach files of
    (the others' coach says there is none without asking); ``None``: the script finds out.
    ``dueled`` names those it has two-player files of (``None``: none)."""
    family = registered_game(game).family_name
    offered = checked_offers(game, lang, offers, "game")
    say = words("play", lang)
    data = {
        "game": game,
        "family": family,
        "lang": lang,
        "storage": storage or STORAGE + game,
        "words": {key: say[key] for key in _SCRIPT_WORDS},
        "rulesets": [_ruleset_entry(offer, lang, say, coached, dueled) for offer in offered],
    }
    options = "".join(f'<option value="{_e(offer.name)}">{_e(offer.label)}</option>' for offer in offered)
    counts = "".join(
        f'<option value="{n}">{_e(say["solitaire"] if n == 1 else say.format("players_count", count=n))}</option>'
        for n in player_counts(offered[0])
    )
    # a box a seat, the script showing those of the chosen number of players
    seats = "".join(
        f'<label><input type="checkbox" name="computer" value="{n}"> {_e(say.format("player", number=n))}</label>'
        for n in range(1, MOST_PLAYERS + 1)
    )
    keys = say["keys_sheet"] if family == SCORE_SHEET else say["keys_set_aside"]
    turn = f'<button type="button" class="ds-play-roll">{_e(say["roll"])}</button>' + (
        f'<button type="button" class="ds-play-end">{_e(say["end_turn"])}</button>'
        if family == SCORE_SHEET
        else f'<button type="button" class="ds-play-set">{_e(say["set_aside"])}</button>'
        f'<button type="button" class="ds-play-bank">{_e(say["bank"])}</button>'
    )
    lines = [
        f'<div class="ds-play" data-game="{_e(game)}" data-family="{_e(family)}">',
        '<form class="ds-play-setup" autocomplete="off">',
        f'<label><span>{_e(say["ruleset"])}</span> <select name="ruleset">{options}</select></label>',
        f'<label><span>{_e(say["players"])}</span> <select name="players">{counts}</select></label>',
        f'<fieldset class="ds-play-seats"><legend>{_e(say["computer"])}</legend>{seats}</fieldset>',
        f'<label><span>{_e(say["seed"])}</span> <input name="seed" type="text" size="10" maxlength="8" '
        f'spellcheck="false" inputmode="text" placeholder="{_e(say["seed_placeholder"])}"></label>',
        f'<button type="submit" class="ds-play-new">{_e(say["new_game"])}</button>',
        f'<label class="ds-play-coach-toggle"><input type="checkbox" name="coach"> {_e(say["coach"])}</label>',
        "</form>",
        '<p class="ds-play-notice" role="alert" hidden></p>',
        '<p class="ds-play-computer" hidden></p>',
        '<p class="ds-play-status" role="status" aria-live="polite"></p>',
        f'<div class="ds-play-dice" role="group" aria-label="{_e(say["dice"])}"></div>',
        f'<div class="ds-play-turn">{turn}</div>',
        '<div class="ds-play-options"></div>',
        # the sheet, and the coach beside it where the page is wide enough (below it where not)
        '<div class="ds-play-main">',
        f'<div class="ds-play-board"><table class="ds-play-sheet"><caption>{_e(say["sheet"])}</caption>'
        "<thead></thead><tbody></tbody></table></div>",
        f'<section class="ds-play-coach" aria-label="{_e(say["coach"])}" hidden>'
        f'<p class="ds-play-coach-title">{_e(say["coach"])}</p>'
        '<p class="ds-play-coach-status" role="status"></p><ol class="ds-play-coach-choices"></ol>'
        '<p class="ds-play-coach-cost"></p><div class="ds-play-coach-review"></div></section>',
        "</div>",
        f'<p class="ds-play-keys">{_e(keys)}</p>',
        f'<p class="ds-play-about"><span>{_e(say["seed"])} <code class="ds-play-seed"></code></span> '
        f'<a class="ds-play-link" href="#">{_e(say["share"])}</a> '
        f'<button type="button" class="ds-play-download">{_e(say["download"])}</button></p>',
        # its summary has words before the script counts the actions, so it is never empty
        f'<details class="ds-play-log"><summary>{_e(say.format("log_summary", count=0))}</summary>'
        "<pre></pre></details>",
        f"<noscript><p>{_e(say['no_script'])}</p></noscript>",
        f'<script type="application/json" class="ds-play-data">{script_json(data)}</script>',
        "</div>",
    ]
    return "\n".join(lines) + "\n"


def play_page(
    game: str, lang: str = "en", coached: Collection[str] | None = None, dueled: Collection[str] | None = None
) -> Page:
    """The page of ``game`` on which a reader plays it, in ``lang``; ``coached`` and ``dueled``, the
    rulesets whose coach files and two-player files the site has (:func:`play_block`)."""
    say = words("play", lang)
    title = say.format("title", game=registered_game(game).title)
    page = layout.play(game, lang)
    rules = link(text(say.format("rules_link", game=registered_game(game).title)), layout.rules(game, lang), page=page)
    out = [
        f"# {text(title)}\n",
        text(say["intro"]) + " " + rules + "\n",
        play_block(game, lang, coached=coached, dueled=dueled),
        fill(say["replay_back"], command=code("dicespec replay FILE")) + "\n",
    ]
    return Page(page, title, "\n".join(out), lang)
