"""The normative rules of a game, in each language of the site: each topic (row, combination,
turn rule) with its definition, its value under every shipped ruleset, the choices made where the
texts are silent, what the reader's own source text says where it is wrong, and its examples, each
with a permanent anchor named by its case id (the same in every language)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from dicespec.catalog import Words, words
from dicespec.registry import game as registered_game
from dicespec.registry import game_summary
from dicespec.rulesets import find_ruleset, find_ruleset_of, prose
from dicespec.scoresheet.ruleset import SheetRuleset
from dicespec.setaside.combos import Kind, combinations
from dicespec.setaside.ruleset import SetAsideRuleset
from dicespec.site import layout
from dicespec.site.cases import case_anchor, passage_anchors, source_cell, standing_cell, steps_cell
from dicespec.site.data import SiteData
from dicespec.site.layout import Page
from dicespec.site.markup import code, link, quoting, table, text
from dicespec.site.scorer import scorer_block
from dicespec.site.topics import Topic, gap_topic, line_names, topic_of, topics_of
from dicespec.spec.errata import Finding
from dicespec.spec.features import Case


def _value_table(topic: Topic, names: tuple[str, ...]) -> str:
    if topic.value is None or not names:
        return ""
    values = [topic.value(find_ruleset(name)) for name in names]
    reference = values[0]
    cells = [f"<strong>{text(v)}</strong>" if v != reference else text(v) for v in values]
    return table([code(name) for name in names], [cells]) + "\n"


def _gaps(data: SiteData, topic: Topic, names: tuple[str, ...], topics: tuple[Topic, ...], w: Words) -> str:
    choices: dict[str, list[str]] = {}
    quoted: dict[str, str | None] = {}
    for name in names:
        for key, choice in prose(name, w.lang).gaps:
            if gap_topic(key, topics) is topic:
                choices.setdefault(choice, []).append(name)
                quoted.setdefault(choice, data.quoted_language(name))
    if not choices:
        return ""
    lines = [
        f"- {code(', '.join(under))}: {quoting(choice, quoted[choice], data.ids)}" for choice, under in choices.items()
    ]
    return text(w["gaps_intro"]) + "\n\n" + "\n".join(lines) + "\n"


def _your_text(data: SiteData, findings: list[Finding], w: Words, page: str) -> str:
    """Where the reader's own source text is wrong or unclear about the topic, and what holds."""
    if not findings:
        return ""
    out = [f'!!! warning "{text(w["your_text"])}"\n']
    for finding in findings:
        said = finding.prose(w.lang)
        out.append(f"    <q{_lang_attribute(finding.text)}>{text(finding.quote)}</q>\n")
        quoted = finding.text if finding.text in layout.LANGUAGES else None
        out.append(f"    {w.format('your_text_claims', claim=quoting(said.claim, quoted, data.ids))}\n")
        finding_link = link(
            w.format("finding_link", id=code(finding.id)),
            layout.errata(w.lang),
            fragment="finding-" + finding.id,
            page=page,
        )
        out.append(f"    {w.format('what_holds', truth=quoting(said.truth, quoted, data.ids))} ({finding_link})\n")
    return "\n".join(out) + "\n"


def _lang_attribute(code_: str) -> str:
    """A ``lang`` attribute for text quoted in that language (none for an unknown one)."""
    return f' lang="{code_}"' if code_ in layout.LANGUAGES else ""


def _examples(data: SiteData, cases: list[Case], used: Counter[str], w: Words, *, page: str, game: str) -> str:
    anchors = passage_anchors(data)
    rows = []
    for case in cases:
        used[case.id] += 1
        cell = case_anchor(case) if used[case.id] == 1 else code(case.id) + f" <em>{text(w['duplicate_id'])}</em>"
        rows.append(
            [
                cell,
                source_cell(data, case, anchors.get(id(case)), page=page),
                steps_cell(case, page=page),
                standing_cell(data, case, page=page),
            ]
        )
    header = [text(w[key]) for key in ("example", "passage", "checks", "standing")]
    return '<div class="ds-examples" markdown>\n\n' + table(header, rows) + "\n\n</div>\n"


def _combination_table(names: tuple[str, ...], w: Words) -> str:
    """Every combination the set-aside engine knows under each ruleset, with its points."""
    points: dict[str, dict[str, int]] = {}
    shown: dict[str, str] = {}  # a combination's dice, or a pattern's name in the page's language
    for name in names:
        ruleset = find_ruleset_of(SetAsideRuleset, name)  # the caller shows combinations of set-aside games only
        labels = {pattern.name: pattern.label(w.lang) for pattern in ruleset.patterns}
        for combo in combinations(ruleset):
            points.setdefault(combo.name, {})[name] = combo.points
            shown.setdefault(combo.name, text(labels[combo.name]) if combo.kind is Kind.PATTERN else code(combo.dice))
    rows = []
    for combo_name, by_ruleset in points.items():
        values = [by_ruleset.get(name) for name in names]
        differ = len(set(values)) > 1
        rows.append(
            [
                shown[combo_name],
                *(
                    ("<strong>" if differ else "") + text("—" if v is None else v) + ("</strong>" if differ else "")
                    for v in values
                ),
            ]
        )
    return (
        f"## {text(w['combinations'])} {{#combinations}}\n\n{text(w['combinations_intro'])}\n\n"
        + table([text(w["combination"]), *(code(n) for n in names)], rows)
        + "\n"
    )


def _row_ids_table(names: tuple[str, ...], w: Words) -> str:
    """Each ruleset's row ids, top to bottom of its sheet, as the protocol names its rows."""
    rows = [[code(name), " ".join(code(row) for row in find_ruleset_of(SheetRuleset, name).row_ids)] for name in names]
    intro = w.format(
        "row_ids_intro", score=code("score"), replay=code("replay"), command=code("dicespec rulesets NAME")
    )
    return (
        f"## {text(w['row_ids'])} {{#row-ids}}\n\n{intro}\n\n"
        + table([text(w["ruleset"]), text(w["row_ids_column"])], rows)
        + "\n"
    )


_ROW_IDS: dict[str, Callable[[tuple[str, ...], Words], str] | None] = {
    "score-sheet": _row_ids_table,  # a sheet of rows: each ruleset's row ids
    "set-aside": None,
}
"""The table of the rulesets' row ids a rules page of each family of games shows, if any, by family name."""


_COMBINATIONS: dict[str, Callable[[tuple[str, ...], Words], str] | None] = {
    "score-sheet": None,
    "set-aside": _combination_table,  # dice set aside in combinations: each one's points under each ruleset
}
"""The table of combinations a rules page of each family of games shows, if any, by family name."""


def rules_page(data: SiteData, game: str, lang: str = "en") -> Page:
    w = words("rules_page", lang)
    page = layout.rules(game, lang)
    names = data.rulesets.get(game, ())
    topics = topics_of(game, lang)
    about = registered_game(game)
    title = about.title
    cases = sorted(data.cases_of(game), key=lambda c: (c.path, c.line))
    by_topic: dict[str | None, list[Case]] = {}
    for case in cases:
        topic = topic_of(case, topics)
        by_topic.setdefault(topic.key if topic else None, []).append(case)
    # The findings about the reader's own text, by the topics of the cases that carry them.
    own: dict[str | None, list[Finding]] = {}
    for finding in data.findings:
        if finding.game == game and finding.text == lang and finding.kind in ("erratum", "variant"):
            keys = {topic.key if (topic := topic_of(c, topics)) else None for c in cases if c.id in finding.cases}
            for key in keys or {None}:
                own.setdefault(key, []).append(finding)

    out = [f"# {text(w.format('title', game=title))}\n", text(game_summary(game, lang)) + "\n"]
    if not names:
        out.append(text(w["no_ruleset"]) + "\n")
        reference = None
    else:
        reference = find_ruleset(names[0])
        others = w.format("others", names=", ".join(code(n) for n in names[1:])) if names[1:] else ""
        out.append(
            w.format(
                "intro",
                reference=code(names[0]),
                title=text(prose(names[0], lang).title),
                others=others,
                rulesets=link(text(w["rulesets_link"]), layout.rulesets(lang), page=page),
                count=len(cases),
            )
            + "\n"
        )
        out.append(
            table(
                [text(w[key]) for key in ("ruleset", "ruleset_title", "description")],
                [[code(n), text(prose(n, lang).title), text(prose(n, lang).description)] for n in names],
            )
            + "\n"
        )
        out.append(link(text(w.format("play_link", game=title)), layout.play(game, lang), page=page) + "\n")
        out.append(scorer_block(game, lang))
        out.append(f"## {text(w['at_a_glance'])} {{#at-a-glance}}\n")
        out.append(text(w["bold_differs"]) + "\n")
        rows = []
        for topic in topics:
            if topic.value is None:
                continue
            values = [topic.value(find_ruleset(n)) for n in names]
            rows.append(
                [
                    link(text(topic.title), page, fragment=topic.key, page=page),
                    *(f"<strong>{text(v)}</strong>" if v != values[0] else text(v) for v in values),
                ]
            )
        out.append(table([text(w["rule"]), *(code(n) for n in names)], rows) + "\n")
        if (combinations_of := _COMBINATIONS[registered_game(game).family_name]) is not None:
            out.append(combinations_of(names, w))
        if (row_ids_of := _ROW_IDS[registered_game(game).family_name]) is not None:
            out.append(row_ids_of(names, w))

    used: Counter[str] = Counter()
    for topic in topics:
        out.append(f"## {text(topic.title)} {{#{topic.key}}}\n")
        names_in_texts = line_names(game, topic.key)
        if names_in_texts:
            out.append(
                text(w["named_in_texts"])
                + " "
                + " · ".join(
                    f"{code(lang_of_text)} <q{_lang_attribute(lang_of_text)}>{text(name)}</q>"
                    for lang_of_text, name in names_in_texts.items()
                )
                + "\n"
            )
        if reference is not None:
            out.append(text(topic.define(reference)) + "\n")
            out.append(_value_table(topic, names))
            out.append(_gaps(data, topic, names, topics, w))
        out.append(_your_text(data, own.get(topic.key, []), w, page))
        members = by_topic.get(topic.key, [])
        if members:
            out.append(_examples(data, members, used, w, page=page, game=game))
    others_cases = by_topic.get(None, [])
    if others_cases or own.get(None):
        out.append(f"## {text(w['other_rules'])} {{#other-rules}}\n")
        out.append(_your_text(data, own.get(None, []), w, page))
        if others_cases:
            out.append(text(w["other_rules_intro"]) + "\n")
            out.append(_examples(data, others_cases, used, w, page=page, game=game))
    return Page(page, title, "\n".join(out), lang)
