"""The sheet's line names in each source language (``glossary.yaml``), and their ids."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

import yaml

from dicespec.validation import check


class UnknownLineNameError(ValueError):
    """A line name no text uses."""


class GlossaryError(ValueError):
    """glossary.yaml is not in the expected shape (``schemas/glossary.json``); the message names
    the file, the key path and the value."""


@cache
def glossary() -> dict[str, dict[str, dict[str, str]]]:
    """game -> language -> line id -> the name that language's text gives it."""
    return read_glossary(resources.files("dicespec.spec").joinpath("glossary.yaml"))


def read_glossary(path: Traversable | Path) -> dict[str, dict[str, dict[str, str]]]:
    """A glossary file, checked against ``schemas/glossary.json``."""
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        raise GlossaryError(f"{path}: not YAML: {' '.join(str(exc).split())}") from None
    check(data, "glossary", path, GlossaryError, owner="the glossary")
    names: dict[str, dict[str, dict[str, str]]] = data
    return names


def _sheet_line_names(ruleset: Any) -> dict[str, str]:
    """A score sheet's lines: each id, and each row's label, casefolded, naming its row."""
    return {**{line: line for line in ruleset.lines}, **{row.label.casefold(): row.id for row in ruleset.rows.values()}}


LINE_NAMES: dict[str, Callable[[Any], dict[str, str]]] = {
    "score-sheet": _sheet_line_names,
    "set-aside": lambda ruleset: {},  # a set-aside game has no sheet: its texts name no line
}
"""The names a ruleset of each family gives its lines, by family name."""


@cache
def _ids(game: str) -> dict[str, str]:
    """Every name of a line of ``game``: its id and its label in each of the game's rulesets, and
    the names the glossary gives it in each language (a game whose texts name the lines as its
    rulesets label them needs no glossary entry)."""
    from dicespec.registry import game as registered_game
    from dicespec.rulesets import find_ruleset, ruleset_names

    names_of = LINE_NAMES[registered_game(game).family_name]
    ids: dict[str, str] = {}
    for name in ruleset_names(game):
        ids.update(names_of(find_ruleset(name)))
    for names in glossary().get(game, {}).values():
        for line_id, name in names.items():
            ids[name.casefold()] = line_id
            ids[line_id] = line_id
    return ids


def line_id(game: str, name: str) -> str:
    """The stable id of a line named in any language: ``line_id("kiriki", "Kareta") == "four_of_a_kind"``."""
    try:
        return _ids(game)[name.strip().casefold()]
    except KeyError:
        raise UnknownLineNameError(f"no text names a {game} line {name!r}") from None
