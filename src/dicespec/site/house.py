"""The page of a house ruleset: a ruleset file of one's own, shown to the players who use it
(``dicespec report``, :mod:`dicespec.report`).

It is made of the site's own pieces: the rules in words as the rules pages state them (the
topics of :mod:`dicespec.site.topics`, built from the house ruleset itself), what differs from
the ruleset it is based on (the topics' values side by side, and the figures of
:mod:`dicespec.regression.figures`: the optimal expected score of each, the odds that change, the
first rolls whose best choice flips, or the banking thresholds, the entry and the farkle odds),
the odds of one roll, and the scorer of :mod:`dicespec.site.scorer` offering the house ruleset
first and its base second, and the game of :mod:`dicespec.site.play` under either. Its own words
are the ``house`` catalog's.

A house file has no translations: the page is English by default. In another language of the
site, its own words (title, description, row labels) stay as the file writes them, but for the rows
of the rules section, which take the translated labels of the shipped ruleset whose name it
inherits, if any.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from dicespec.catalog import Words, words
from dicespec.registry import game as registered_game
from dicespec.regression.figures import Comparison, Odds, SetAsideFigures, SheetFigures, compare
from dicespec.rulesets import (
    Ruleset,
    RulesetError,
    file_data,
    find_ruleset,
    find_ruleset_of,
    load_ruleset,
    of_kind,
    rule_values,
    ruleset_names,
)
from dicespec.scoresheet.ruleset import SheetRuleset
from dicespec.site.layout import Page
from dicespec.site.markup import code, link, table, text, verbatim
from dicespec.site.odds import Share
from dicespec.site.play import play_block
from dicespec.site.scorer import Offer, scorer_block
from dicespec.site.topics import Topic, topics_for
from dicespec.site.wording import data, decimal, fill, grouped, percentage, plural, small_number

PAGE = "index.md"  # the report is one page, at the top of its folder
FLIPS_SHOWN = 20  # first rolls listed whose best choice flips
REFUSED = "refused"  # the rules pages' topic of refused actions, which points at their examples: not shown here


# -- the house ruleset --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class House:
    """A ruleset file of one's own, as its page shows it.

    ``name`` is the name the scorer's data gives it: the file's own ``name`` when it writes one,
    else the file's name without ``.yaml``; never a shipped ruleset's (``-house`` is added then).
    ``base`` is the shipped ruleset it is compared with: the one it ``extends``, else its game's
    reference. ``title`` and ``description`` are what the file itself writes (``None``: nothing,
    for it would inherit its base's). ``values`` are its rule values, ``extends`` resolved, in
    the shape ``dicespec rulesets --json`` writes a shipped ruleset's.
    """

    path: Path
    name: str
    ruleset: Ruleset
    base: str
    extends: str | None
    title: str | None
    description: str | None
    values: dict[str, Any]

    @property
    def game(self) -> str:
        return self.ruleset.game

    def offer(self, label: str) -> Offer:
        """The house ruleset as the scorer offers it."""
        return Offer(self.name, label, self.ruleset, self.values)


def _house_name(own: object, path: Path) -> str:
    """The file's own name (a ruleset's name, as the schema says), else its file name made one."""
    stem = path.name.removesuffix(".yml").removesuffix(".yaml")
    name = own if isinstance(own, str) else re.sub(r"[^a-z0-9]+", "-", stem.lower()).strip("-") or "house"
    while name in ruleset_names():
        name += "-house"
    return name


def read_house(path: str | Path) -> House:
    """The house ruleset in the file ``path``: loaded as ``--ruleset-file`` loads one (its errors
    name the file and the line or key, in one line)."""
    file = Path(path)
    if not file.is_file():
        raise RulesetError(f"{path}: no such ruleset file")
    ruleset = load_ruleset(file)  # its errors name the file, and the line or key
    resolved = file_data(file)
    raw = yaml.safe_load(file.read_text(encoding="utf-8"))  # read fine just now: a mapping
    extends = raw.get("extends") if isinstance(raw.get("extends"), str) else None
    base = extends or registered_game(ruleset.game).default_ruleset
    name = _house_name(raw.get("name"), file)
    title, description = raw.get("title"), raw.get("description")
    values = rule_values(resolved)
    values["name"] = name
    return House(
        file,
        name,
        ruleset,
        base,
        extends,
        title if isinstance(title, str) else None,
        description if isinstance(description, str) else None,
        values,
    )


def page_title(house: House, lang: str = "en") -> str:
    """The page's title: the file's own, else one naming the file and the game."""
    if house.title:
        return house.title
    return words("house", lang).format("untitled", file=house.path.name, game=registered_game(house.game).title)


# -- the pieces ------------------------------------------------------------------------------


def _topics(ruleset: Ruleset, lang: str) -> tuple[Topic, ...]:
    return topics_for(ruleset, lang)


def _value(topic: Topic, ruleset: Ruleset) -> str | None:
    """A topic's value under ``ruleset``; ``None`` where the topic has none, or none the ruleset can give."""
    if topic.value is None:
        return None
    try:
        return topic.value(ruleset)
    except (AttributeError, KeyError, TypeError):  # a sheet-level rule the ruleset does not have
        return None


def differing(house: House, lang: str = "en") -> list[tuple[Topic, str | None, str | None]]:
    """The topics whose value differs between the base and the house ruleset: each topic (the
    house's, then any only the base has) with the base's value and the house's."""
    base = find_ruleset(house.base)
    topics = list(_topics(house.ruleset, lang))
    keys = {topic.key for topic in topics}
    topics += [topic for topic in _topics(base, lang) if topic.key not in keys]
    found = []
    for topic in topics:
        old, new = _value(topic, base), _value(topic, house.ruleset)
        if old != new:
            found.append((topic, old, new))
    return found


def _row_label(house: House, row: str) -> str:
    for sheet in (of_kind(SheetRuleset, house.ruleset), find_ruleset_of(SheetRuleset, house.base)):
        if row in sheet.rows:
            return sheet.rows[row].label
    return row


def _choice(house: House, choice: str, w: Words) -> str:
    """A choice of the solver (``keep 66``, ``keep nothing``, ``score chance``) in the page's words."""
    if choice == "keep nothing":
        return text(w["keep_nothing"])
    if choice.startswith("keep "):
        return fill(w["keep"], dice=code(choice.removeprefix("keep ")))
    if choice.startswith("score "):
        return fill(w["score_in"], row=text(_row_label(house, choice.removeprefix("score "))))
    return data(choice, w.lang)


def _headline(house: House, found: Comparison, w: Words) -> str:
    new, old = found.after, found.before
    if new.unsolved or old.unsolved:
        return fill(w["unsolved"], reason=data(new.unsolved or old.unsolved, w.lang))
    difference = found.difference
    assert difference is not None
    values = {"base": code(house.base), "difference": decimal(difference, w.lang, sign=True)}
    if isinstance(new, SheetFigures) and isinstance(old, SheetFigures):
        assert new.expected_score is not None and old.expected_score is not None
        return fill(
            w["headline_sheet"],
            score=decimal(new.expected_score, w.lang),
            base_score=decimal(old.expected_score, w.lang),
            **values,
        )
    assert isinstance(new, SetAsideFigures) and isinstance(old, SetAsideFigures)
    assert new.expected_turn_score is not None and old.expected_turn_score is not None
    return fill(
        w["headline_set_aside"],
        points=decimal(new.expected_turn_score, w.lang),
        base_points=decimal(old.expected_turn_score, w.lang),
        **values,
    )


def _values_table(house: House, w: Words) -> str:
    changed = differing(house, w.lang)
    if not changed:
        return fill(w["no_difference"], base=code(house.base)) + "\n"
    missing = text(w["no_value"])
    rows = [
        [
            link(text(topic.title), PAGE, fragment=topic.key, page=PAGE),
            text(old) if old is not None else missing,
            f"<strong>{text(new)}</strong>" if new is not None else missing,
        ]
        for topic, old, new in changed
    ]
    return table([text(w["rule"]), code(house.base), code(house.name)], rows) + "\n"


def _score_table(house: House, found: Comparison, w: Words) -> list[str]:
    """Each side's expected score (and, for a set-aside game, its entry and banking thresholds)."""
    old, new = found.before, found.after
    lang = w.lang
    best = words("optimal", lang)  # the Optimal play page's words
    if isinstance(old, SheetFigures) and isinstance(new, SheetFigures):
        if old.expected_score is None or new.expected_score is None:
            return []
        rows = [
            [code(house.base), decimal(old.expected_score, lang)],
            [code(house.name), decimal(new.expected_score, lang)],
        ]
        if found.difference is not None:
            rows.append([text(w["difference"]), decimal(found.difference, lang, sign=True)])
        return [
            text(w["expected_sheet_intro"]) + "\n",
            table([text(best["ruleset"]), text(best["expected_score"])], rows) + "\n",
        ]
    assert isinstance(old, SetAsideFigures) and isinstance(new, SetAsideFigures)

    def on_board(side: SetAsideFigures) -> str:
        if side.entry_chance is None:
            return text(w["no_entry"])
        return fill(best["on_board_cell"], chance=percentage(side.entry_chance, lang), entry=grouped(side.entry, lang))

    def turn(side: SetAsideFigures) -> str:
        return text(w["no_value"]) if side.expected_turn_score is None else decimal(side.expected_turn_score, lang)

    def first(side: SetAsideFigures) -> str:  # two players playing to win; none where not at hand
        return text(w["no_value"]) if side.first_player is None else percentage(side.first_player, lang)

    out = [
        text(w["expected_set_aside_intro"]) + "\n",
        table(
            [text(best["ruleset"]), text(best["expected_turn"]), text(best["on_board"]), text(best["first_player"])],
            [
                [code(house.base), turn(old), on_board(old), first(old)],
                [code(house.name), turn(new), on_board(new), first(new)],
            ],
        )
        + "\n",
    ]
    out += [  # the rules of the game around a turn that the one-turn policy does not play
        fill(best["unaccounted"], ruleset=code(name), rules=", ".join(code(key) for key in side.unaccounted)) + "\n"
        for name, side in ((house.base, old), (house.name, new))
        if side.unaccounted
    ]
    if old.banking or new.banking:
        dice = sorted({*old.banking, *new.banking})
        cells = []
        for n in dice:
            a, b = old.banking.get(n), new.banking.get(n)
            shown = [text(w["no_value"]) if v is None else grouped(v, lang) for v in (a, b)]
            if a != b:
                shown[1] = f"<strong>{shown[1]}</strong>"
            cells.append([str(n), *shown])
        out += [
            f"### {text(best['banking'])} {{#banking}}\n",
            text(best["banking_intro"]) + "\n",
            table([text(w["dice_in_hand"]), code(house.base), code(house.name)], cells) + "\n",
        ]
    return out


def _chance(odds: Odds | None, w: Words) -> str:
    return text(w["no_value"]) if odds is None else percentage(float(odds.chance), w.lang)


def _mean(odds: Odds | None, w: Words) -> str:
    return text(w["no_value"]) if odds is None or odds.mean is None else decimal(float(odds.mean), w.lang)


def _odds_changes(house: House, found: Comparison, w: Words) -> list[str]:
    changes = found.odds_changes()
    base, name = code(house.base), code(house.name)
    odds_words = words("odds", w.lang)
    out = [f"### {text(w['odds_changes'])} {{#odds-changes}}\n"]
    if isinstance(found.after, SheetFigures):
        if not changes:
            return [*out, fill(w["odds_same_sheet"], base=base) + "\n"]
        out.append(text(w["odds_changes_sheet_intro"]) + "\n")
        header = [
            text(odds_words["row"]),
            *(
                fill(w["of_ruleset"], what=text(what), ruleset=r)
                for what in (odds_words["chance"], odds_words["mean_score"])
                for r in (base, name)
            ),
        ]
        rows = [
            [text(_row_label(house, str(row))), _chance(old, w), _chance(new, w), _mean(old, w), _mean(new, w)]
            for row, old, new in changes
        ]
        return [*out, table(header, rows) + "\n"]
    if not changes:
        return [*out, fill(w["odds_same_set_aside"], base=base) + "\n"]
    out.append(text(w["odds_changes_set_aside_intro"]) + "\n")
    header = [
        text(odds_words["dice"]),
        *(fill(w["of_ruleset"], what=text(odds_words["farkle_chance"]), ruleset=r) for r in (base, name)),
    ]
    return [*out, table(header, [[str(dice), _chance(old, w), _chance(new, w)] for dice, old, new in changes]) + "\n"]


def _openings(house: House, found: Comparison, w: Words) -> list[str]:
    old, new = found.before, found.after
    if not isinstance(old, SheetFigures) or not isinstance(new, SheetFigures):
        return []
    out = [f"### {text(w['openings'])} {{#opening-decisions}}\n"]
    if old.unsolved or new.unsolved:
        return [*out, text(w["openings_unsolved"]) + "\n"]
    flips = found.flips()
    total = len(old.openings)
    if not flips:
        return [*out, fill(w["openings_same"], base=code(house.base), count=grouped(total, w.lang)) + "\n"]
    share = sum((flip.chance for flip in flips), 0.0)
    out.append(
        fill(
            w["openings_changed"],
            count=grouped(len(flips), w.lang),
            total=grouped(total, w.lang),
            share=percentage(share, w.lang),
        )
        + "\n"
    )
    rows = [
        [code(flip.dice), _choice(house, flip.before, w), f"<strong>{_choice(house, flip.after, w)}</strong>"]
        for flip in flips[:FLIPS_SHOWN]
    ]
    out.append(table([text(w["first_roll"]), code(house.base), code(house.name)], rows) + "\n")
    if len(flips) > FLIPS_SHOWN:
        more = len(flips) - FLIPS_SHOWN
        out.append(fill(w[plural(w, "openings_more", more)], count=grouped(more, w.lang)) + "\n")
    return out


def _rules(house: House, w: Words) -> list[str]:
    base = find_ruleset(house.base)
    out = [f"## {text(w['rules'])} {{#rules}}\n", text(w["rules_intro"]) + "\n"]
    for topic in _topics(house.ruleset, w.lang):
        if topic.key == REFUSED:
            continue
        out.append(f"### {text(topic.title)} {{#{topic.key}}}\n")
        out.append(text(topic.define(house.ruleset)) + "\n")
        value = _value(topic, house.ruleset)
        if value is not None:
            line = fill(w["value"], value=text(value))
            was = _value(topic, base)
            if was != value:
                line += " " + fill(
                    w["value_was"], base=code(house.base), value=text(was) if was is not None else text(w["no_value"])
                )
            out.append(line + "\n")
    return out


def _odds(house: House, found: Comparison, w: Words) -> list[str]:
    odds_words = words("odds", w.lang)
    new = found.after
    out = [f"## {text(w['odds'])} {{#odds}}\n"]
    if isinstance(new, SheetFigures):
        out.append(
            fill(
                odds_words["sheet_intro"],
                dice=text(small_number(house.ruleset.dice, w.lang)),
                rolls=grouped(6**house.ruleset.dice, w.lang),
            )
            + "\n"
        )
        rows = [
            [text(_row_label(house, row)), *Share(odds.count, odds.total).cells(w.lang), _exact_mean(odds, w.lang)]
            for row, odds in new.odds.items()
        ]
        header = [odds_words[key] for key in ("row", "chance", "rolls", "percent", "mean_score")]
        return [*out, table([text(h) for h in header], rows) + "\n"]
    assert isinstance(new, SetAsideFigures)
    out.append(text(odds_words["farkle_intro"]) + "\n")
    header = [odds_words[key] for key in ("dice", "farkle_chance", "rolls", "percent")]
    rows = [[str(n), *Share(odds.count, odds.total).cells(w.lang)] for n, odds in new.farkles.items()]
    return [*out, table([text(h) for h in header], rows) + "\n"]


def _exact_mean(odds: Odds, lang: str) -> str:
    """A mean as the Odds page writes it: whole, or the reduced fraction and its decimal value."""
    mean = odds.mean
    if mean is None:
        return ""
    if mean.denominator == 1:
        return str(mean.numerator)
    return verbatim(f"{mean.numerator}/{mean.denominator} ≈ {decimal(float(mean), lang)}")


# -- the page --------------------------------------------------------------------------------


def house_page(house: House, lang: str = "en", *, found: Comparison | None = None) -> Page:
    """The page of ``house`` in ``lang`` (English by default: the house file has no translations),
    at ``index.md``. ``found`` is the base's and the house's figures
    (:func:`dicespec.regression.figures.compare`); without it they are computed here, the house
    ruleset's solve read from the solver's cache or done now (a few seconds)."""
    w = words("house", lang)
    base = find_ruleset(house.base)
    if base.game != house.game:
        raise RulesetError(
            f"{house.path}: a ruleset of {house.game} cannot be compared with {house.base}, a ruleset of {base.game}"
        )
    if found is None:
        found = compare(base, house.ruleset)
    game_title = registered_game(house.game).title
    title = page_title(house, lang)
    basis = "base_extends" if house.extends else "base_reference"
    out = [f"# {text(title)}\n"]
    if house.description:
        out.append(text(house.description) + "\n")
    out.append(
        fill(
            w["intro"],
            game=text(game_title),
            file=code(house.path.name),
            name=code(house.name),
            base=fill(w[basis], base=code(house.base), title=text(base.title)),
        )
        + "\n"
    )
    out.append(_headline(house, found, w) + "\n")
    out.append(f"## {fill(w['differences'], base=code(house.base))} {{#differences}}\n")
    out.append(_values_table(house, w))
    out.append(f"### {text(w['expected_heading'])} {{#expected-score}}\n")
    out += _score_table(house, found, w) or [_headline(house, found, w) + "\n"]
    out += _odds_changes(house, found, w)
    out += _openings(house, found, w)
    offers = [
        house.offer(w.format("scorer_house", name=house.name)),
        Offer(house.base, w.format("scorer_base", name=house.base)),
    ]
    out.append(scorer_block(house.game, lang, offers))
    out.append(f"## {text(words('play', lang)['nav'])} {{#play}}\n")
    out.append(play_block(house.game, lang, offers, storage=f"dicespec-report/{house.name}"))
    replay = f"dicespec replay --ruleset-file {house.path.name} FILE"
    out.append(fill(words("play", lang)["replay_back"], command=code(replay)) + "\n")
    out += _rules(house, w)
    out += _odds(house, found, w)
    out.append(fill(w["made_by"], command=code(f"dicespec report {house.path.name}")) + "\n")
    return Page(PAGE, title, "\n".join(out), lang)
