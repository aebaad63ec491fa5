"""Errata and gaps: every finding about the source texts as a block a reader can read (its kind,
the sentence quoted, what the text claims, what holds, the decision, its cases), with a filter by
game, language and kind; and every choice a ruleset makes where the texts are silent."""

from __future__ import annotations

from collections import Counter

from dicespec.catalog import Words, words
from dicespec.registry import game, game_names, games
from dicespec.rulesets import prose
from dicespec.site import layout
from dicespec.site.cases import case_anchor, case_link, home_of, standing_cell, steps_cell
from dicespec.site.data import SiteData
from dicespec.site.layout import LANGUAGES, Page
from dicespec.site.markup import anchor_id, code, link, quoting, table, text
from dicespec.site.sources import language_names
from dicespec.spec.errata import Finding

KINDS = ("erratum", "variant", "ambiguity", "gap")


def _game_title(name: str) -> str:
    """The title of the game a finding is about (its name, if the registry has no such game)."""
    return game(name).title if name in game_names() else name


def _language(code_: str, lang: str, w: Words) -> str:
    return language_names((code_,), lang) if code_ in LANGUAGES else w["all_texts"]


def _text_line(data: SiteData, finding: Finding, w: Words, page: str) -> str:
    language = text(_language(finding.text, w.lang, w))
    source = data.sources.get(finding.source)
    if source is None:
        return f"{language} · {code(finding.source)}"
    return f"{language} · {link(text(source.title(w.lang)), layout.source(source.slug, w.lang), page=page)}"


def _cases_line(data: SiteData, finding: Finding, w: Words, page: str) -> str:
    known = {case.id: case for case in data.cases}
    cells = []
    for case_id in finding.cases:
        case = known.get(case_id)
        cells.append(case_link(case, page=page) if case else f"{code(case_id)} <em>{text(w['no_such_case'])}</em>")
    return " · ".join(cells) or f"<em>{text(w['no_case'])}</em>"


def _block(data: SiteData, finding: Finding, w: Words, page: str) -> str:
    """One finding, as a block of its own."""
    said = finding.prose(w.lang)
    kind = words("sources", w.lang).get(finding.kind, finding.kind)
    quoted = finding.text if finding.text in LANGUAGES else None  # what its prose quotes is that text's
    quote_lang = f' lang="{quoted}"' if quoted else ""
    decision = quoting(said.decision, quoted, data.ids)
    if finding.holds_under:
        decision += " " + w.format("holds_under", names=", ".join(code(n) for n in finding.holds_under))
    attributes = (
        f'id="{anchor_id("finding-" + finding.id)}" data-game="{anchor_id(finding.game)}" '
        f'data-text="{anchor_id(finding.text)}" data-kind="{anchor_id(finding.kind)}"'
    )
    described = [  # a definition list: each term, then its definition
        (w["claim"], quoting(said.claim, quoted, data.ids)),
        (w["truth"], quoting(said.truth, quoted, data.ids)),
        (w["decision"], decision),
        (w["cases"], _cases_line(data, finding, w, page)),
    ]
    return "\n".join(
        [
            f'<div class="ds-finding" {attributes} markdown>',
            "",
            f'<span class="ds-status ds-{anchor_id(finding.kind)}">{text(kind)}</span> {code(finding.id)} · '
            f"**{text(_game_title(finding.game))}** · {_text_line(data, finding, w, page)}",
            "",
            f"<blockquote{quote_lang}><p>{text(finding.quote)}</p></blockquote>",
            "",
            *(line for term, definition in described for line in (text(term), f":   {definition}", "")),
            "</div>",
            "",
        ]
    )


def _option(value: str, label: str) -> str:
    """An option of the filter: ``value`` as the blocks' data attributes write it ("" for all)."""
    return f'<option value="{anchor_id(value) if value else ""}">{text(label)}</option>'


def _filter(findings: tuple[Finding, ...], w: Words) -> str:
    """The filter's form (the site's script findings.mjs makes it work; without it every finding shows)."""
    kinds = words("sources", w.lang)
    selects = [
        ("game", w["game"], [(name, _game_title(name)) for name in dict.fromkeys(f.game for f in findings)]),
        (
            "text",
            w["text_language"],
            [(code_, _language(code_, w.lang, w)) for code_ in dict.fromkeys(f.text for f in findings)],
        ),
        ("kind", w["kind"], [(kind, kinds[kind]) for kind in KINDS if any(f.kind == kind for f in findings)]),
    ]
    out = [
        '<form class="ds-filter" data-filter=".ds-finding" hidden>',
        f"<fieldset><legend>{text(w['filter'])}</legend>",
    ]
    for name, label, options in selects:
        out.append(
            f'<label>{text(label)} <select name="{name}">{_option("", w["any"])}'
            + "".join(_option(value, shown) for value, shown in options)
            + "</select></label>"
        )
    out.append(f'<output aria-live="polite" data-template="{text(w["shown"])}"></output>')
    out.append("</fieldset></form>")
    return "".join(out) + "\n"


def errata_page(data: SiteData, lang: str = "en") -> Page:
    w = words("errata_page", lang)
    page = layout.errata(lang)
    out = [f"# {text(w['title'])}\n", w["intro"] + "\n"]
    if data.errata_problem:
        out.append(f'!!! warning "{text(w["unreadable"])}"\n\n    {text(data.errata_problem)}\n')
    kinds = Counter(finding.kind for finding in data.findings)
    names = words("sources", lang)
    out.append(
        f"## {text(w['findings'])} {{#findings}}\n\n{text(w.format('count', count=len(data.findings)))}"
        + (
            " (" + ", ".join(f"{text(names.get(kind, kind))}: {n}" for kind, n in sorted(kinds.items())) + ")"
            if kinds
            else ""
        )
        + ".\n"
    )
    if data.findings:
        out.append(_filter(data.findings, w))
        out.extend(_block(data, finding, w, page) for finding in data.findings)

    flagged = [case for case in data.cases if case.flags and case.id not in data.findings_by_case]
    if flagged:
        out.append(f"## {text(w['unexplained'])} {{#unexplained}}\n")
        out.append(text(w["unexplained_intro"]) + "\n")
        out.append(
            table(
                [text(w["example"]), text(w["flags"])],
                [[case_link(case, page=page), code(", ".join(case.flags))] for case in flagged],
            )
            + "\n"
        )

    out.append(f"## {text(w['gaps'])} {{#gaps}}\n")
    out.append(text(w["gaps_intro"]) + "\n")
    for each in games():
        for name in data.rulesets.get(each.name, ()):
            gaps = prose(name, lang).gaps
            out.append(f"### {text(name)} {{#{anchor_id('gaps-' + name)}}}\n")
            if not gaps:
                out.append(text(w["no_gaps"]) + "\n")
                continue
            out.append(
                table(
                    [text(w["key"]), text(w["choice"])],
                    [[code(key), quoting(choice, data.quoted_language(name), data.ids)] for key, choice in gaps],
                )
                + "\n"
            )

    homeless = [case for case in data.cases if home_of(case, lang) == page]
    if homeless:
        out.append(f"## {text(w['no_game'])} {{#no-game}}\n")
        tags = " / ".join(f"`@{each.tag}`" for each in games())
        out.append(text(w.format("no_game_intro", tags="\0")).replace("\0", tags) + "\n")
        out.append(
            table(
                [text(w["example"]), text(w["checks"]), text(w["standing"])],
                [
                    [case_anchor(case), steps_cell(case, page=page), standing_cell(data, case, page=page)]
                    for case in homeless
                ],
            )
            + "\n"
        )
    return Page(page, w["title"], "\n".join(out), lang)
