"""Rulesets: every rule value of every game, kept as YAML data beside this module.

A ruleset file names its ``game`` (or ``extends`` another ruleset and writes only what
differs), is read with ``yaml.safe_load``, merged over its parent, validated against the
game's JSON Schema (``dicespec/schemas/<game>-ruleset.json``) and turned into the game's
typed ruleset object. Look one up by name with :func:`find_ruleset`; load a file of your
own with :func:`load_ruleset`.
"""

from __future__ import annotations

import copy
import importlib
import json
import re
from collections.abc import Mapping
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
import yaml

__all__ = [
    "RulesetError",
    "UnknownRulesetError",
    "find_ruleset",
    "load_ruleset",
    "ruleset_names",
    "ruleset_data",
]

# The typed ruleset class of each game, by import path (no import cycle with the engines).
GAMES: Mapping[str, str] = {
    "kiriki": "dicespec.scoresheet.ruleset:SheetRuleset",
    "ten-thousand": "dicespec.setaside.ruleset:SetAsideRuleset",
}

DEFAULT_RULESET: Mapping[str, str] = {"kiriki": "kiriki", "ten-thousand": "ten-thousand"}


class RulesetError(ValueError):
    """A ruleset file that cannot be used; the message names the file, key path and value."""


class UnknownRulesetError(RulesetError, LookupError):
    """No shipped ruleset has that name."""


def _shipped_files() -> dict[str, Path]:
    folder = resources.files(__name__)
    return {
        Path(entry.name).stem: Path(str(entry))
        for entry in folder.iterdir()
        if entry.name.endswith(".yaml")
    }


def ruleset_names(game: str | None = None) -> list[str]:
    """The names of the shipped rulesets, game by game, each game's default first."""
    games = {name: _ruleset_data(name)["game"] for name in _shipped_files()}
    names = [n for n in games if game is None or games[n] == game]
    return sorted(names, key=lambda n: (games[n], n != DEFAULT_RULESET[games[n]], n))


def _read_yaml(path: Path) -> dict[str, Any]:
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise RulesetError(f"{path}: cannot read the file ({exc.strerror})") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = getattr(exc, "problem", None) or "not valid YAML"
        raise RulesetError(f"{path}: not valid YAML{where}: {problem}") from None
    if not isinstance(data, dict):
        raise RulesetError(f"{path}: a ruleset is a mapping of keys to values, not {type(data).__name__}")
    return data


def _merge(base: Mapping[str, Any], override: Mapping[str, Any]) -> dict[str, Any]:
    """Mappings merge key by key; any other value in ``override`` replaces the base value."""
    merged = dict(base)
    for key, value in override.items():
        if isinstance(value, Mapping) and isinstance(merged.get(key), Mapping):
            merged[key] = _merge(merged[key], value)
        else:
            merged[key] = value
    return merged


def _resolve(path: Path, seen: tuple[Path, ...] = ()) -> dict[str, Any]:
    data = _read_yaml(path)
    parent = data.pop("extends", None)
    if parent is None:
        return data
    if not isinstance(parent, str):
        raise RulesetError(f"{path}: extends: {parent!r} is not a ruleset name")
    shipped = _shipped_files()
    if parent not in shipped:
        raise RulesetError(f"{path}: extends: {parent!r} is not a shipped ruleset ({', '.join(sorted(shipped))})")
    if shipped[parent] in seen + (path,):
        raise RulesetError(f"{path}: extends: {parent!r} extends itself")
    return _merge(_resolve(shipped[parent], seen + (path,)), data)


@cache
def _schema(game: str) -> dict[str, Any]:
    text = resources.files("dicespec.schemas").joinpath(f"{game}-ruleset.json").read_text(encoding="utf-8")
    return json.loads(text)


def _validate(path: Path, data: dict[str, Any]) -> None:
    game = data.get("game")
    if game not in GAMES:
        raise RulesetError(f"{path}: game: {game!r} is not a known game ({', '.join(GAMES)})")
    validator = jsonschema.Draft202012Validator(_schema(game))
    error = jsonschema.exceptions.best_match(validator.iter_errors(data))
    if error is not None:
        raise RulesetError(f"{path}: {_describe(error)}")
    players = data.get("players", {"min": 1, "max": 1})
    if players["min"] > players["max"]:
        raise RulesetError(f"{path}: players.min: {players['min']!r}: more than players.max ({players['max']})")


def _describe(error: jsonschema.ValidationError) -> str:
    """``key.path: value: what is wrong``, pointing at the key itself for unknown and missing keys."""
    keys = [str(p) for p in error.absolute_path]
    if error.validator == "additionalProperties":
        known = error.schema.get("properties", {})
        patterns = error.schema.get("patternProperties", {})
        key = next(k for k in error.instance if k not in known and not any(re.search(p, k) for p in patterns))
        return f"{'.'.join([*keys, key])}: {error.instance[key]!r}: unknown key; known keys: {', '.join(known)}"
    if error.validator == "required":
        key = next(k for k in error.validator_value if k not in error.instance)
        return f"{'.'.join([*keys, key])}: missing; a ruleset needs it"
    return f"{'.'.join(keys) or '(top level)'}: {error.instance!r}: {error.message}"


def _data_from(path: Path) -> dict[str, Any]:
    data = _resolve(path)
    _validate(path, data)
    return data


def ruleset_data(name: str) -> dict[str, Any]:
    """The validated plain data of a shipped ruleset (the parent merged in): a copy of its own."""
    return copy.deepcopy(_ruleset_data(name))


@cache
def _ruleset_data(name: str) -> dict[str, Any]:
    shipped = _shipped_files()
    if name not in shipped:
        raise UnknownRulesetError(f"unknown ruleset {name!r}; shipped rulesets: {', '.join(sorted(shipped))}")
    data = _data_from(shipped[name])
    if data["name"] != name:
        raise RulesetError(f"{shipped[name]}: name: {data['name']!r} differs from the file name {name!r}")
    return data


def _build(data: dict[str, Any]) -> Any:
    module_name, _, class_name = GAMES[data["game"]].partition(":")
    cls = getattr(importlib.import_module(module_name), class_name)
    return cls.from_data(data)


@cache
def find_ruleset(name: str) -> Any:
    """The shipped ruleset called ``name`` (e.g. ``"kiriki-fr"``), as its game's typed object."""
    return _build(_ruleset_data(name))


def load_ruleset(path: str | Path) -> Any:
    """A ruleset from a YAML file of your own; it may ``extends:`` a shipped one."""
    return _build(_data_from(Path(path)))
