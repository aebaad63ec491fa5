"""The sheet's line names in each source language (``glossary.yaml``), and their ids."""

from __future__ import annotations

from functools import cache
from importlib import resources

import yaml


class UnknownLineNameError(ValueError):
    """A line name no text uses."""


@cache
def glossary() -> dict[str, dict[str, dict[str, str]]]:
    """game -> language -> line id -> the name that language's text gives it."""
    return yaml.safe_load(resources.files("dicespec.spec").joinpath("glossary.yaml").read_text(encoding="utf-8"))


@cache
def _ids(game: str) -> dict[str, str]:
    ids: dict[str, str] = {}
    for names in glossary()[game].values():
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
