"""The normative rules of a game, in English: each topic (row, combination, turn rule) with
its definition, its value under every shipped ruleset, the choices made where the texts are
silent, and its examples, each with a permanent anchor named by its case id."""

from __future__ import annotations

from collections import Counter

from dicespec.registry import game as registered_game
from dicespec.rulesets import find_ruleset
from dicespec.setaside.combos import combinations
from dicespec.setaside.ruleset import SetAsideRuleset
from dicespec.site import layout
from dicespec.site.cases import case_anchor, passage_anchors, source_cell, standing_cell, steps_cell
from dicespec.site.data import SiteData
from dicespec.site.layout import Page
from dicespec.site.markup import code, link, table, text
from dicespec.site.topics import Topic, gap_topic, line_names, topic_of, topics_of
from dicespec.spec.features import Case

def _value_table(topic: Topic, names: tuple[str, ...]) -> str:
    if topic.value is None or not names:
        return ""
    values = [topic.value(find_ruleset(name)) for name in names]
    reference = values[0]
    cells = [f"<strong>{text(v)}</strong>" if v != reference else text(v) for v in values]
    return table([text(name) for name in names], [cells]) + "\n"


def _gaps(topic: Topic, names: tuple[str, ...], topics: tuple[Topic, ...]) -> str:
    choices: dict[str, list[str]] = {}
    for name in names:
        for key, choice in find_ruleset(name).gaps:
            if gap_topic(key, topics) is topic:
                choices.setdefault(choice, []).append(name)
    if not choices:
        return ""
    lines = [f"- {code(', '.join(under))}: {text(choice)}" for choice, under in choices.items()]
    return "Where the texts are silent, the rulesets choose:\n\n" + "\n".join(lines) + "\n"


def _examples(data: SiteData, cases: list[Case], used: Counter[str], *, page: str) -> str:
    anchors = passage_anchors(data)
    rows = []
    for case in cases:
        used[case.id] += 1
        cell = case_anchor(case) if used[case.id] == 1 else code(case.id) + " <em>(duplicate id)</em>"
        rows.append([
            cell,
            source_cell(data, case, anchors.get(id(case)), page=page),
            steps_cell(case),
            standing_cell(data, case, page=page),
        ])
    header = ["Example", "Passage", "What it checks", "Standing"]
    return '<div class="ds-examples" markdown>\n\n' + table(header, rows) + "\n\n</div>\n"


def _combination_table(names: tuple[str, ...]) -> str:
    """Every combination the set-aside engine knows under each ruleset, with its points."""
    points: dict[str, dict[str, int]] = {}
    for name in names:
        for combo in combinations(find_ruleset(name)):
            points.setdefault(combo.name, {})[name] = combo.points
    rows = []
    for combo_name, by_ruleset in points.items():
        values = [by_ruleset.get(name) for name in names]
        differ = len(set(values)) > 1
        rows.append([text(combo_name), *(
            ("<strong>" if differ else "") + text("—" if v is None else v) + ("</strong>" if differ else "")
            for v in values
        )])
    return ("## Every combination {#combinations}\n\n"
            "What one roll's combinations score under each ruleset, as the reference engine lists them "
            "(a dash: no combination of its own). Bold: the rulesets differ.\n\n"
            + table(["Combination", *(text(n) for n in names)], rows) + "\n")


def rules_page(data: SiteData, game: str, lang: str = "en") -> Page:
    page = layout.rules(game, lang)
    names = data.rulesets.get(game, ())
    topics = topics_of(game)
    about = registered_game(game)
    title = about.title
    cases = sorted(data.cases_of(game), key=lambda c: (c.path, c.line))
    by_topic: dict[str | None, list[Case]] = {}
    for case in cases:
        topic = topic_of(case, topics)
        by_topic.setdefault(topic.key if topic else None, []).append(case)

    out = [f"# {title}: the rules\n", about.summary + "\n"]
    if not names:
        out.append("No ruleset of this game is shipped yet, so no value can be shown.\n")
        reference = None
    else:
        reference = find_ruleset(names[0])
        out.append(
            f"The normative rules, in English. Every number comes from a shipped ruleset: the reference is "
            f"{code(names[0])} ({text(reference.title)})"
            + (", the others are " + ", ".join(code(n) for n in names[1:]) if names[1:] else "")
            + f" (see {link('Rulesets', layout.rulesets(lang), page=page)}). Each example is a case of the spec, "
            f"with a permanent anchor named by its id. {len(cases)} examples.\n"
        )
        out.append(table(["Ruleset", "Title", "Description"], [
            [code(n), text(find_ruleset(n).title), text(find_ruleset(n).description)]
            for n in names
        ]) + "\n")
        summary = [(t, t.value) for t in topics if t.value is not None]
        out.append("## At a glance {#at-a-glance}\n")
        out.append("Bold: the value differs from the reference.\n")
        rows = []
        for topic, value in summary:
            values = [value(find_ruleset(n)) for n in names]
            rows.append([link(text(topic.title), page, fragment=topic.key, page=page), *(
                f"<strong>{text(v)}</strong>" if v != values[0] else text(v) for v in values
            )])
        out.append(table(["Rule", *(text(n) for n in names)], rows) + "\n")
        if all(isinstance(find_ruleset(n), SetAsideRuleset) for n in names):  # dice set aside in combinations
            out.append(_combination_table(names))

    used: Counter[str] = Counter()
    for topic in topics:
        out.append(f"## {text(topic.title)} {{#{topic.key}}}\n")
        names_in_texts = line_names(game, topic.key)
        if names_in_texts:
            out.append("Named in the texts: " + " · ".join(
                f"{text(lang)} <q>{text(name)}</q>" for lang, name in names_in_texts.items()) + "\n")
        if reference is not None:
            out.append(text(topic.define(reference)) + "\n")
            out.append(_value_table(topic, names))
            out.append(_gaps(topic, names, topics))
        members = by_topic.get(topic.key, [])
        if members:
            out.append(_examples(data, members, used, page=page))
    others = by_topic.get(None, [])
    if others:
        out.append("## Other rules {#other-rules}\n")
        out.append("Examples whose @rule: tag names none of the topics above.\n")
        out.append(_examples(data, others, used, page=page))
    return Page(page, title, "\n".join(out), lang)
