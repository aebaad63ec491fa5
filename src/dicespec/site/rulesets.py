"""Every shipped ruleset side by side, game by game, what each changes from the reference, and
where each ruleset's values come from (its traced sentences and its gaps); then each ruleset's test
data to download."""

from __future__ import annotations

import posixpath
from collections.abc import Mapping, Sequence
from typing import Any

from dicespec.registry import games
from dicespec.rulesets import ruleset_data
from dicespec.rulesets.paths import values
from dicespec.spec.trace import sentences
from dicespec.site import layout
from dicespec.site.data import SiteData
from dicespec.site.downloads import Download
from dicespec.site.layout import Page
from dicespec.site.markup import anchor_id, code, link, table, text


def compact(value: Any) -> str:
    """A ruleset value in one short line: ``{faces: [1, 2, 3, 4, 5], points: 1250}``."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{key}: {compact(item)}" for key, item in value.items()) + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(compact(item) for item in value) + "]"
    if value is None:
        return "none"
    return str(value)


def _origins(name: str, data: Mapping[str, Any], page: str) -> list[str]:
    """Where the values of one ruleset come from: the quoted sentences, then the gaps' choices,
    each by the key (and so every value under it) it accounts for."""
    texts = set(data.get("texts") or ())
    rows = [[code(s.key), code(s.source), f"«{text(s.quote)}»"] for s in sentences(data)]
    rows += [[code(gap["key"]), "gap", text(gap["choice"])] for gap in data.get("gaps") or ()]
    return [f"### Where the values of {code(name)} come from {{#{anchor_id(name + '-origins')}}}\n",
            "Each value is stated by a sentence of the texts the ruleset takes at its word "
            f"({', '.join(code(t) for t in sorted(texts)) or 'none stored'}), or chosen by a gap "
            f"(see {link('Errata and gaps', layout.errata(layout.language_of(page)), fragment='gaps', page=page)}); a key "
            "accounts for every value under it.\n",
            table(["Key", "From", "Sentence or choice"], rows) + "\n"]


def _test_data(files: Sequence[Download], page: str) -> list[str]:
    """The test data of each ruleset the build offers, to download."""
    out = ["## Test data to download {#test-data}\n",
           "Each ruleset's cases as language-neutral JSON, for a test framework in any language: every case "
           "of the spec that one call checks (with its source sentence and rule) and every case of the "
           "exhaustive corpus, each with the reference's answer. Each file is what "
           f"{code('dicespec export NAME')} writes, gzipped; the page on the conformance protocol says how "
           "to read it (its section Exported test data).\n"]
    if not files:
        return [*out, "This build of the site offers no file: run the command.\n"]
    rows = [[code(file.ruleset), link(code(posixpath.basename(file.path)), file.path, page=page),
             f"{file.spec:,}", f"{file.corpus:,}", f"{len(file.content) / 1e3:,.0f} kB ({file.size / 1e6:.1f} MB unpacked)"]
            for file in files]
    return [*out, table(["Ruleset", "File", "Spec cases", "Corpus cases", "Size"], rows) + "\n"]


def rulesets_page(data: SiteData, files: Sequence[Download] = (), lang: str = "en") -> Page:
    page = layout.rulesets(lang)
    out = ["# Rulesets\n"]
    out.append(
        "A ruleset is the only place a rule's number lives: the engines, the tests and this site read "
        "them. Each game has a reference ruleset (first column); the others write only what differs, "
        "and state their choices where the texts are silent (see "
        f"{link('Errata and gaps', layout.errata(layout.language_of(page)), fragment='gaps', page=page)}). Bold: a value that "
        "differs from the reference. Each ruleset's cases are also "
        f"{link('test data to download', page, fragment='test-data', page=page)}.\n"
    )
    for game in games():
        names = data.rulesets.get(game.name, ())
        out.append(f"## {text(game.title)} {{#{game.name}}}\n")
        if not names:
            out.append("No ruleset of this game is shipped yet.\n")
            continue
        datas = {name: ruleset_data(name) for name in names}
        out.append(table(["Ruleset", "Title", "Description", "After"], [
            [code(name), text(d.get("title", "")), text(d.get("description", "")), text(d.get("source", ""))]
            for name, d in datas.items()
        ]) + "\n")
        flat = {name: dict(values(d)) for name, d in datas.items()}
        keys = list(dict.fromkeys(key for name in names for key in flat[name]))
        rows, differing = [], []
        for key in keys:
            shown = [compact(flat[name].get(key, "—")) for name in names]
            differs = len(set(shown)) > 1
            if differs:
                differing.append(key)
            rows.append([code(key), *(
                f"<strong>{text(v)}</strong>" if v != shown[0] else text(v) for v in shown
            )])
        out.append(f'<div class="ds-wide" markdown>\n\n{table(["Key", *(code(n) for n in names)], rows)}\n\n</div>\n')
        if len(names) > 1:
            out.append(f"### What differs {{#{anchor_id(game.name + '-differs')}}}\n")
            for name in names[1:]:
                changes = [
                    f"{code(key)} {text(compact(flat[name].get(key, '—')))} (reference: "
                    f"{text(compact(flat[names[0]].get(key, '—')))})"
                    for key in differing
                    if compact(flat[name].get(key, "—")) != compact(flat[names[0]].get(key, "—"))
                ]
                out.append(f"- {code(name)}: " + ("; ".join(changes) if changes else "the same values") + "\n")
        for name, d in datas.items():
            out.extend(_origins(name, d, page))
    out.extend(_test_data(files, page))
    return Page(page, "Rulesets", "\n".join(out), lang)
