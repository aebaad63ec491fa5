"""Every shipped ruleset side by side, game by game, and what each changes from the reference."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from dicespec.registry import games
from dicespec.rulesets import ruleset_data
from dicespec.site import layout
from dicespec.site.data import SiteData
from dicespec.site.layout import Page
from dicespec.site.markup import anchor_id, code, link, table, text

ABOUT = ("name", "title", "description", "source", "game", "gaps")  # shown apart, or not compared


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


def flatten(data: Mapping[str, Any], prefix: str = "") -> Iterator[tuple[str, Any]]:
    """``(dotted key, value)`` for every leaf of a ruleset's data; lists stay whole."""
    for key, value in data.items():
        dotted = f"{prefix}{key}"
        if isinstance(value, Mapping) and value:
            yield from flatten(value, dotted + ".")
        else:
            yield dotted, value


def rulesets_page(data: SiteData) -> Page:
    page = layout.RULESETS
    out = ["# Rulesets\n"]
    out.append(
        "A ruleset is the only place a rule's number lives: the engines, the tests and this site read "
        "them. Each game has a reference ruleset (first column); the others write only what differs, "
        "and state their choices where the texts are silent (see "
        f"{link('Errata and gaps', layout.ERRATA, fragment='gaps', page=page)}). Bold: a value that "
        "differs from the reference.\n"
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
        flat = {name: dict(flatten({k: v for k, v in d.items() if k not in ABOUT})) for name, d in datas.items()}
        keys = list(dict.fromkeys(key for name in names for key in flat[name]))
        rows, differing = [], []
        for key in keys:
            values = [compact(flat[name].get(key, "—")) for name in names]
            differs = len(set(values)) > 1
            if differs:
                differing.append(key)
            rows.append([code(key), *(
                f"<strong>{text(v)}</strong>" if v != values[0] else text(v) for v in values
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
    return Page(page, "Rulesets", "\n".join(out))
