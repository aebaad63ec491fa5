"""Errata and gaps: every finding about the source texts in one table, and every choice a
ruleset makes where the texts are silent."""

from __future__ import annotations

from collections import Counter

from dicespec.registry import game, game_names, games
from dicespec.rulesets import find_ruleset
from dicespec.site import layout
from dicespec.site.cases import case_anchor, case_link, home_of, standing_cell, steps_cell
from dicespec.site.data import LANGUAGE_NAMES, SiteData
from dicespec.site.layout import Page
from dicespec.site.markup import anchor, anchor_id, code, link, table, text
from dicespec.spec.errata import Finding


def _game_title(name: str) -> str:
    """The title of the game a finding is about (its name, if the registry has no such game)."""
    return game(name).title if name in game_names() else name


def _text_cell(data: SiteData, finding: Finding, page: str) -> str:
    language = text(LANGUAGE_NAMES.get(finding.text, finding.text))
    source = data.sources.get(finding.source)
    if source is None:
        return f"{language}<br>{text(finding.source)}"
    return f"{language}<br>{link(text(finding.source), layout.source(source.slug, layout.language_of(page)), page=page)}"


def _scenarios_cell(data: SiteData, finding: Finding, page: str) -> str:
    known = {case.id: case for case in data.cases}
    cells = []
    for case_id in finding.cases:
        case = known.get(case_id)
        cells.append(case_link(case, page=page) if case else f"{text(case_id)} <em>(no such case)</em>")
    return "<br>".join(cells) or "<em>none</em>"


def errata_page(data: SiteData, lang: str = "en") -> Page:
    page = layout.errata(lang)
    out = ["# Errata and gaps\n"]
    out.append(
        "What the source texts get wrong, leave ambiguous or leave open, and what the spec does about it. "
        "A finding of kind *erratum* is a claim the reference behaviour contradicts; a *variant* is one that "
        "holds under another shipped ruleset; an *ambiguity* admits more than one reading and the decision "
        "says which one the spec takes; a *gap* is a rule the text leaves open. The test suite derives each "
        "example's expected outcome from these findings: an erratum's or a variant's examples are strict "
        "expected failures under every ruleset the claim does not hold under.\n"
    )
    if data.errata_problem:
        out.append(f'!!! warning "The findings could not be read"\n\n    {text(data.errata_problem)}\n')
    kinds = Counter(finding.kind for finding in data.findings)
    out.append(f"## Findings {{#findings}}\n\n{len(data.findings)} findings"
               + (" (" + ", ".join(f"{kind}: {n}" for kind, n in sorted(kinds.items())) + ")" if kinds else "")
               + ".\n")
    if data.findings:
        rows = [[
            f"{anchor('finding-' + finding.id)}{code(finding.id)}<br>{text(finding.kind)}",
            f"{text(_game_title(finding.game))}<br>{_text_cell(data, finding, page)}",
            f"<q>{text(finding.quote)}</q>",
            text(finding.claim),
            text(finding.truth),
            text(finding.decision) + (
                f"<br>Holds under {', '.join(code(n) for n in finding.holds_under)}." if finding.holds_under else ""),
            _scenarios_cell(data, finding, page),
        ] for finding in data.findings]
        out.append('<div class="ds-wide" markdown>\n\n' + table(
            ["Finding", "Text", "Sentence", "Claim", "What holds", "Decision", "Scenarios"], rows
        ) + "\n\n</div>\n")

    flagged = [case for case in data.cases if case.flags and case.id not in data.findings_by_case]
    if flagged:
        out.append("## Flagged examples without a finding {#unexplained}\n")
        out.append("These examples carry a flag, but no finding names them yet.\n")
        out.append(table(["Example", "Flags"], [
            [case_link(case, page=page), text(", ".join(case.flags))] for case in flagged
        ]) + "\n")

    out.append("## Gaps: the rulesets' choices {#gaps}\n")
    out.append("Where the texts are silent, each ruleset records the choice it makes (its `gaps`).\n")
    for game in games():
        for name in data.rulesets.get(game.name, ()):
            gaps = find_ruleset(name).gaps
            out.append(f"### {text(name)} {{#{anchor_id('gaps-' + name)}}}\n")
            if not gaps:
                out.append("No gaps recorded.\n")
                continue
            out.append(table(["Key", "Choice"], [[code(key), text(choice)] for key, choice in gaps]) + "\n")

    homeless = [case for case in data.cases if home_of(case) == page]
    if homeless:
        out.append("## Examples of no known game {#no-game}\n")
        tags = " or ".join(f"`@{game.tag}`" for game in games())
        out.append(f"These examples name no game ({tags}), so no rules page lists them.\n")
        out.append(table(["Example", "What it checks", "Standing"], [
            [case_anchor(case), steps_cell(case), standing_cell(data, case, page=page)] for case in homeless
        ]) + "\n")
    return Page(page, "Errata and gaps", "\n".join(out), lang)
