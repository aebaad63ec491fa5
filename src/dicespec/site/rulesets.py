"""Every shipped ruleset side by side, game by game, what each changes from the reference, and
where each ruleset's values come from (its traced sentences and its gaps); then each ruleset's test
data to download."""

from __future__ import annotations

import posixpath
from collections.abc import Mapping, Sequence
from typing import Any

from dicespec.catalog import Words, number, words
from dicespec.registry import games
from dicespec.rulesets import prose, ruleset_data
from dicespec.rulesets.paths import values
from dicespec.site import layout
from dicespec.site.data import SiteData
from dicespec.site.downloads import Download
from dicespec.site.layout import Page
from dicespec.site.markup import anchor_id, code, link, quoting, table, text
from dicespec.spec.trace import sentences


def compact(value: Any) -> str:
    """A ruleset value in one short line, as data: ``{faces: [1, 2, 3, 4, 5], points: 1250}``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{key}: {compact(item)}" for key, item in value.items()) + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(compact(item) for item in value) + "]"
    if value is None:
        return "null"
    return str(value)


def _quoted(data: SiteData, source: str, quote: str) -> str:
    """A sentence quoted from a source text, marked with the text's language."""
    known = data.sources.get(source)
    lang = known.languages[0] if known is not None and len(known.languages) == 1 else None
    return f'<q lang="{lang}">{text(quote)}</q>' if lang else f"<q>{text(quote)}</q>"


def _origins(data: SiteData, name: str, ruleset: Mapping[str, Any], w: Words, page: str) -> list[str]:
    """Where the values of one ruleset come from: the quoted sentences, then the gaps' choices,
    each by the key (and so every value under it) it accounts for."""
    texts = set(ruleset.get("texts") or ())
    gaps = link(text(w["gaps_link"]), layout.errata(w.lang), fragment="gaps", page=page)
    rows = [[code(s.key), code(s.source), _quoted(data, s.source, s.quote)] for s in sentences(ruleset)]
    rows += [
        [code(key), text(w["gap"]), quoting(choice, data.quoted_language(name), data.ids)]
        for key, choice in prose(name, w.lang).gaps
    ]
    listed = ", ".join(code(t) for t in sorted(texts)) or text(w["none_stored"])
    return [
        f"### {w.format('origins', name=code(name))} {{#{anchor_id(name + '-origins')}}}\n",
        w.format("origins_intro", texts=listed, gaps=gaps) + "\n",
        table([text(w["key"]), text(w["from"]), text(w["sentence_or_choice"])], rows) + "\n",
    ]


def _test_data(files: Sequence[Download], w: Words, page: str) -> list[str]:
    """The test data of each ruleset the build offers, to download."""
    lang = w.lang
    out = [
        f"## {text(w['test_data'])} {{#test-data}}\n",
        w.format(
            "test_data_intro",
            command=code("dicespec export NAME"),
            protocol=link(text(w["protocol_link"]), layout.protocol(lang), page=page),
        )
        + "\n",
    ]
    if not files:
        return [*out, text(w["no_files"]) + "\n"]
    rows = [
        [
            code(file.ruleset),
            link(code(posixpath.basename(file.path)), file.path, page=page),
            number(file.spec, lang),
            number(file.corpus, lang),
            text(
                w.format(
                    "size_value",
                    packed=number(len(file.content) / 1e3, lang),
                    unpacked=number(file.size / 1e6, lang, 1),
                )
            ),
        ]
        for file in files
    ]
    header = [text(w[key]) for key in ("ruleset", "file", "spec_cases", "corpus_cases", "size")]
    return [*out, table(header, rows) + "\n"]


def rulesets_page(data: SiteData, files: Sequence[Download] = (), lang: str = "en") -> Page:
    w = words("rulesets_page", lang)
    page = layout.rulesets(lang)
    out = [f"# {text(w['title'])}\n"]
    out.append(
        w.format(
            "intro",
            gaps=link(text(w["gaps_link"]), layout.errata(lang), fragment="gaps", page=page),
            download=link(text(w["download_link"]), page, fragment="test-data", page=page),
        )
        + "\n"
    )
    for game in games():
        names = data.rulesets.get(game.name, ())
        out.append(f"## {text(game.title)} {{#{game.name}}}\n")
        if not names:
            out.append(text(w["no_ruleset"]) + "\n")
            continue
        datas = {name: ruleset_data(name) for name in names}
        header = [text(w[key]) for key in ("ruleset", "ruleset_title", "description", "after")]
        out.append(
            table(
                header,
                [
                    [
                        code(name),
                        text(prose(name, lang).title),
                        text(prose(name, lang).description),
                        f'<span lang="en">{text(d.get("source", ""))}</span>',
                    ]
                    for name, d in datas.items()
                ],
            )
            + "\n"
        )
        flat = {name: dict(values(d)) for name, d in datas.items()}
        keys = list(dict.fromkeys(key for name in names for key in flat[name]))
        rows, differing = [], []
        for key in keys:
            shown = [compact(flat[name].get(key, "—")) for name in names]
            differs = len(set(shown)) > 1
            if differs:
                differing.append(key)
            rows.append([code(key), *(f"<strong>{code(v)}</strong>" if v != shown[0] else code(v) for v in shown)])
        out.append(
            f'<div class="ds-wide" markdown>\n\n{table([text(w["key"]), *(code(n) for n in names)], rows)}\n\n</div>\n'
        )
        if len(names) > 1:
            out.append(f"### {text(w['differs'])} {{#{anchor_id(game.name + '-differs')}}}\n")
            for name in names[1:]:
                changes = [
                    f"{code(key)} {code(compact(flat[name].get(key, '—')))} ("
                    + w.format("reference_value", value=code(compact(flat[names[0]].get(key, "—"))))
                    + ")"
                    for key in differing
                    if compact(flat[name].get(key, "—")) != compact(flat[names[0]].get(key, "—"))
                ]
                out.append(f"- {code(name)}: " + ("; ".join(changes) if changes else text(w["same_values"])) + "\n")
        for name, d in datas.items():
            out.extend(_origins(data, name, d, w, page))
    out.extend(_test_data(files, w, page))
    return Page(page, w["title"], "\n".join(out), lang)
