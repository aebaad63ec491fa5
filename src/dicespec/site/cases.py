"""How a case shows on any page: where its anchor is, its passage, its steps, its standing.

Each case has exactly one anchor on the site, named by its id, on the rules page of its game
(:func:`home_of`). Every other mention links there.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache

from dicespec.catalog import words
from dicespec.registry import game as registered_game
from dicespec.registry import game_names
from dicespec.rulesets import prose
from dicespec.site import layout
from dicespec.site.data import SiteData
from dicespec.site.markup import anchor, anchor_id, code, link, quoting, text
from dicespec.site.topics import topics_of
from dicespec.spec.features import Case
from dicespec.spec.glossary import UnknownLineNameError, line_id
from dicespec.spec.phrasebook import PhrasebookError, render_case


@dataclass(frozen=True, slots=True)
class Passage:
    """A passage of a source text and the cases that transcribe it (one Examples table or scenario)."""

    anchor: str  # "p-" and the id of its first case: stable while that case stays first
    title: str  # from the feature (escape it)
    quote: str  # from the feature (escape it)
    cases: tuple[Case, ...]


def home_of(case: Case, lang: str = "en") -> str:
    """The page that holds the case's anchor in ``lang``: its game's rules (the errata page for a case of no game)."""
    return layout.rules(case.game, lang) if case.game in game_names() else layout.errata(lang)


def passages(cases: Iterable[Case]) -> list[Passage]:
    """The cases grouped by passage (feature file, section title and quote), in file order."""
    grouped: dict[tuple[str, str, str], list[Case]] = {}
    for case in sorted(cases, key=lambda c: (c.path, c.line)):
        grouped.setdefault((case.path, case.section, case.quote), []).append(case)
    return [
        Passage(anchor=anchor_id(f"p-{members[0].id}"), title=section, quote=quote, cases=tuple(members))
        for (_, section, quote), members in grouped.items()
    ]


def passage_anchors(data: SiteData) -> dict[int, str]:
    """The passage anchor of each case (by ``id()`` of the case, ids may repeat)."""
    anchors = {}
    for passage in passages(data.cases):
        for case in passage.cases:
            anchors[id(case)] = passage.anchor
    return anchors


def case_link(case: Case, *, page: str) -> str:
    """A link from ``page`` to the case's anchor, labelled with its id."""
    return link(code(case.id or "(no id)"), home_of(case, layout.language_of(page)), fragment=case.id, page=page)


def case_anchor(case: Case) -> str:
    """The case's one anchor, with its id as text (on the page :func:`home_of` names)."""
    return f"{anchor(case.id)}{code(case.id or '(no id)')}"


@cache
def _line_labels(game: str, lang: str) -> dict[str, str]:
    """Each line of the game's sheet (rows and summary lines), by id, as the site names it in ``lang``."""
    labels = {topic.key.replace("-", "_"): topic.title for topic in topics_of(game, lang)}
    labels.update(prose(registered_game(game).default_ruleset, lang).rows)
    return labels


def _names(game: str, lang: str) -> Callable[[str], str]:
    """A case's line names (in its own language) as the site names the lines in ``lang``."""

    def name(written: str) -> str:
        try:
            return _line_labels(game, lang).get(line_id(game, written), written)
        except UnknownLineNameError:
            return written

    return name


def steps_cell(case: Case, *, page: str) -> str:
    """The case's steps in the language of ``page``, one per line: as the case writes them when
    it is in that language, else written with the phrasebook (each line after its keyword, line
    names as the site names them). A case whose lines no phrasing writes shows them as written."""
    lang = layout.language_of(page)
    lines = None
    if case.language != lang and case.game in game_names():
        try:
            lines = render_case(case, lang, name=_names(case.game, lang))
        except PhrasebookError:
            pass
    if lines is None:
        shown = "<br>".join(_ids_as_code(step) for step in case.steps) or text(case.scenario)
        return f'<span lang="{case.language}">{shown}</span>' if case.language != lang else shown
    # A data table's rows stay as the case writes them (dice, actions, line names): in its language.
    return "<br>".join(
        f'<span lang="{case.language}">{text(line)}</span>' if line.startswith("|") else _ids_as_code(line)
        for line in lines
    )


_ID = re.compile(r"\b[a-z0-9]+(?:[-_][a-z0-9]+)+\b")  # an error code or a row id: no-rolls-left, full_house


def _ids_as_code(line: str) -> str:
    """A step line, escaped, with the ids it names (error codes, row ids) as code."""
    out, at = [], 0
    for match in _ID.finditer(line):
        out += [
            text(line[at : match.start()]) + (" " if line[at : match.start()].endswith(" ") else ""),
            code(match.group()),
        ]
        at = match.end()
    out.append((" " if line[at:].startswith(" ") else "") + text(line[at:]))
    return "".join(out).strip()


def standing_cell(data: SiteData, case: Case, *, page: str) -> str:
    """The case's standing (holds, erratum, variant, ambiguity, gap) and the findings that say why,
    in the language of ``page``."""
    lang = layout.language_of(page)
    w = words("sources", lang)
    status = data.status(case)
    label = w[status]
    if status == "variant" and "erratum" in case.flags:
        label = f"{w['erratum']}, {w['variant']}"
    parts = [f'<span class="ds-status ds-{status}">{text(label)}</span>']
    found = data.findings_by_case.get(case.id, ())
    for finding in found:
        reason = quoting(
            finding.prose(lang).truth, finding.text if finding.text in layout.LANGUAGES else None, data.ids
        )
        if finding.holds_under:
            reason += f" ({text(w['holds_under'])} {text(', '.join(finding.holds_under))})"
        parts.append(
            f"{link(code(finding.id), layout.errata(lang), fragment='finding-' + finding.id, page=page)}: {reason}"
        )
    if status != "holding" and not found:
        parts.append(f"<em>{text(w['no_finding'])}</em>")
    return "<br>".join(parts)


def source_cell(data: SiteData, case: Case, passage_anchor: str | None, *, page: str) -> str:
    """Where the case comes from: the passage of its source text, or "normative"."""
    source = data.sources.get(case.source)
    label = f'{code(case.language)} <span lang="{case.language}">{text(case.section)}</span>'
    if source is None:
        return f"{label}<br><em>{text(words('rules_page', layout.language_of(page))['normative'])}</em>"
    return link(label, layout.source(source.slug, layout.language_of(page)), fragment=passage_anchor, page=page)
