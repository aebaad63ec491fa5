"""One page per source text: how the spec transcribes it, passage by passage.

Each passage of the text (an Examples table's or a scenario's description) is quoted beside
the examples that pin it down, each marked as holding, an erratum, a variant, an ambiguity or
a gap, with the findings that say why. The page exists in English and, for its own words only,
in French, German and Polish.
"""

from __future__ import annotations

import re
from collections import Counter

from dicespec.catalog import words
from dicespec.site import layout
from dicespec.site.cases import Passage, case_link, passages, standing_cell, steps_cell
from dicespec.site.data import STATUSES, SiteData, SourceText
from dicespec.site.layout import LANGUAGE_LABELS, LANGUAGES, Page
from dicespec.site.markup import code, link, quoting, table, text, verbatim


def _language_line(source: SourceText, lang: str, page: str) -> str:
    w = words("sources", lang)
    items = []
    for other in LANGUAGES:
        label = text(LANGUAGE_LABELS[other])
        items.append(
            f"<strong>{label}</strong>" if other == lang else link(label, layout.source(source.slug, other), page=page)
        )
    return f"{text(w['other_languages'])}: " + " · ".join(items) + "\n{: .ds-languages }\n"


def in_text_order(found: list[Passage], source_text: str) -> list[Passage]:
    """The passages in the order their quotes appear in the text (the quotes are verbatim);
    a passage whose quote is not found keeps its place after those that are, in file order."""
    haystack = " ".join(source_text.split()).casefold()

    def position(passage: Passage) -> int:
        quoted = re.split(r"…|\.\.\.", " ".join(passage.quote.split()))[0]  # up to an elision
        needle = quoted.strip(" «»\"'„“”").casefold()
        at = haystack.find(needle) if needle else -1  # the whole first part: a prefix can recur
        if at < 0 and needle:
            at = haystack.find(needle[:50])
        return at if at >= 0 else len(haystack)

    return sorted(found, key=position)  # stable: equal positions keep file order


def _quoted(source: SourceText) -> str | None:
    """The language of what the description of a text quotes: the text's own (its first)."""
    return source.languages[0] if source.languages else None


def language_names(codes: tuple[str, ...], lang: str) -> str:
    """The languages ``codes`` as readers of ``lang`` name them ("français et allemand")."""
    from babel import Locale
    from babel.lists import format_list

    names = Locale.parse(lang).languages
    return format_list([names.get(code, code) for code in codes], locale=lang)


def source_page(data: SiteData, source: SourceText, lang: str) -> Page:
    w = words("sources", lang)
    page = layout.source(source.slug, lang)
    cases = [case for case in data.cases if case.source == source.name]
    out = [f"# {text(source.title(lang))}\n", _language_line(source, lang, page), w["intro"] + "\n"]
    facts = [f"- **{text(w['file'])}**: {code(source.name)}"]
    if source.languages:
        facts.append(f"- **{text(w['language'])}**: {text(language_names(source.languages, lang))}")
    if source.about:
        facts.append(f"- **{text(w['about'])}**: {quoting(source.about.get(lang, ''), _quoted(source), data.ids)}")
    standing = Counter(data.status(case) for case in cases)
    counts = ", ".join(f"{text(w[s])}: {standing[s]}" for s in reversed(STATUSES) if standing[s])
    facts.append(f"- **{text(w['counts'])}**: {len(cases)}" + (f" ({counts})" if counts else ""))
    out.append("\n".join(facts) + "\n")

    out.append(f"## {text(w['sections'])} {{#passages}}\n")
    if not cases:
        out.append(text(w["no_cases"]) + "\n")
    several_languages = len({case.language for case in cases}) > 1
    for number_, passage in enumerate(in_text_order(passages(cases), source.text), start=1):
        written_in = passage.cases[0].language
        heading = text(passage.title) or "&#8212;"
        attributes = f"#{passage.anchor}"
        if written_in != lang:  # the contents name the passage by its number
            attributes += f' data-toc-label="{text(w.format("passage_number", number=number_))}"'
        heading = f'<span lang="{written_in}" translate="no">{heading}</span>'  # the text's own words
        if several_languages:
            heading = f"{code(written_in)} · {heading}"
        rows = [
            [case_link(case, page=page), steps_cell(case, page=page), standing_cell(data, case, page=page)]
            for case in passage.cases
        ]
        out.append(
            f"### {heading} {{{attributes}}}\n\n"
            '<div class="ds-passage" markdown>\n\n'
            f'<div class="ds-quote" lang="{written_in}" translate="no" markdown>\n\n'
            f"> {text(passage.quote) or '&#8212;'}\n\n</div>\n\n"
            '<div class="ds-cases" markdown>\n\n'
            + table([text(w["example"]), text(w["checks"]), text(w["standing"])], rows)
            + "\n\n</div>\n\n</div>\n"
        )
    out.append(f"## {text(w['whole_text'])} {{#text}}\n")
    out.append(f"{text(w['whole_text_note'])}\n")
    written = f' lang="{source.languages[0]}"' if len(source.languages) == 1 else ""
    out.append(f'<pre class="ds-source"{written}>{verbatim(source.text)}</pre>\n')
    return Page(page, source.title(lang), "\n".join(out), lang)


def overview_page(data: SiteData, lang: str = "en") -> Page:
    """The list of source texts, with what each is and how many examples transcribe it."""
    w = words("sources", lang)
    page = layout.sources(lang)
    out = [f"# {text(w['overview_title'])}\n", w["overview_intro"] + "\n"]
    rows = []
    for source in data.sources.values():
        cases = [case for case in data.cases if case.source == source.name]
        standing = Counter(data.status(case) for case in cases)
        rows.append(
            [
                link(text(source.title(lang)), layout.source(source.slug, lang), page=page),
                code(source.name),
                text(language_names(source.languages, lang)),
                quoting(source.about.get(lang, ""), _quoted(source), data.ids),
                str(len(cases)),
                ", ".join(f"{text(w[s])}: {standing[s]}" for s in reversed(STATUSES) if standing[s]),
            ]
        )
    if rows:
        out.append(
            table([text(w[k]) for k in ("page", "file", "language", "about", "counts", "standing")], rows) + "\n"
        )
    else:
        out.append(text(w["no_sources"]) + "\n")
    return Page(page, w["overview_title"], "\n".join(out), lang)


def source_pages(data: SiteData, lang: str) -> list[Page]:
    """The overview, then each source text's page, in ``lang``."""
    return [overview_page(data, lang), *(source_page(data, source, lang) for source in data.sources.values())]
