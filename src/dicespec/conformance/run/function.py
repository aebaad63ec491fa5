"""A plain scoring function as the implementation under test: ``dicespec conform --function MOD:FUNC``.

The commonest implementation of these games is a function, not a program: an exercise's
``score(dice, category)`` (Exercism's Yacht), a kata's Greed ``score(dice)``. This module puts
such a function behind the interface, so it runs with no adapter:

- **Score-sheet rulesets:** ``FUNC(dice, category)``, ``dice`` a list of ints. The category of a
  row is, in this order: what a ``--categories`` YAML file maps the row id to; the module's
  attribute named as the row id in upper case (``YACHT``, ``LITTLE_STRAIGHT``: the Exercism
  convention, so an unchanged solution runs); else the row id itself (``"little_straight"``).
- **Set-aside rulesets:** ``FUNC(dice)``, the most points the roll can give (``best``).

A function scores single rolls: the spec's single-roll cases and the exhaustive corpus run, and
everything else (replayed games, what one set-aside scores) is skipped with the reason.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

import yaml

from dicespec.conformance.transports.in_process import load_object


class FunctionSpecError(ValueError):
    """A ``--function`` target, its rulesets or its ``--categories`` file that cannot be used (one line)."""


def read_categories(path: str | Path) -> dict[str, Any]:
    """A ``--categories`` file: a YAML mapping of row ids to what the function takes for them."""
    try:
        data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise FunctionSpecError(f"--categories {path}: cannot read the file ({exc.strerror})") from None
    except yaml.YAMLError as exc:
        raise FunctionSpecError(f"--categories {path}: not YAML: {' '.join(str(exc).split())}") from None
    if not isinstance(data, dict) or not all(isinstance(key, str) for key in data):
        raise FunctionSpecError(f"--categories {path}: write a mapping of row ids to categories, e.g. 'yacht: 11'")
    return data


class FunctionImplementation:
    """``function`` behind the interface, for ``rulesets`` (game → names, one family)."""

    version = None

    def __init__(
        self,
        target: str,
        function: Callable[..., Any],
        module: ModuleType | None,
        rulesets: Mapping[str, Iterable[str]],
        categories: Mapping[str, Any] | None = None,
    ) -> None:
        self.name = f"function {target}"
        self.function = function
        self.module = module
        self.rulesets = {game: list(names) for game, names in rulesets.items()}
        self.categories = dict(categories or {})

    def category(self, row: str) -> Any:
        """What the function is given for ``row`` (see the module docstring)."""
        if row in self.categories:
            return self.categories[row]
        if self.module is not None and hasattr(self.module, row.upper()):
            return getattr(self.module, row.upper())
        return row

    # -- the interface -------------------------------------------------------------------------

    def score(self, ruleset: str, dice: str, row: str) -> int:
        return _points(self.function([int(d) for d in dice], self.category(row)))

    def best(self, ruleset: str, dice: str) -> int:
        return _points(self.function([int(d) for d in dice]))

    def set_aside(self, ruleset: str, dice: str) -> dict[str, Any]:
        raise NotImplementedError("a score function gives the most a roll can give, not what one set-aside scores")

    def replay(self, ruleset: str, players: int, actions: list[str]) -> dict[str, Any]:
        raise NotImplementedError("a score function plays no game: replays are skipped")


def _points(value: Any) -> int:
    """A function's answer as points: an int (a bool, a float with a fraction or anything else is
    the function's mistake, which the case reports)."""
    if isinstance(value, bool) or not isinstance(value, int | float) or value != int(value):
        raise TypeError(f"the function returned {value!r}, not a whole number of points")
    return int(value)


def function_implementation(
    target: str, rulesets: Iterable[str], categories: str | None = None
) -> FunctionImplementation:
    """The function ``MOD:FUNC`` behind the interface for the shipped ``rulesets`` (all of one
    family); every problem is a :class:`FunctionSpecError` of one line."""
    from dicespec.rulesets import game_of_ruleset

    names = list(rulesets)
    if not names:
        raise FunctionSpecError(f"--function {target}: name the ruleset(s) it scores with --ruleset NAME")
    try:
        games = [game_of_ruleset(name) for name in names]
    except LookupError as exc:
        raise FunctionSpecError(f"--function {target}: {exc}") from None
    families = {found.family.name for found in games}
    if len(families) > 1:
        raise FunctionSpecError(
            f"--function {target}: its rulesets are of {' and '.join(sorted(families))} games; "
            "a function scores one kind"
        )
    try:
        function = load_object(target) if ":" in target else None
    except ValueError as exc:
        raise FunctionSpecError(f"--function {exc}") from None
    if not callable(function):
        raise FunctionSpecError(f"--function {target!r}: name a function as module:function")
    module = importlib.import_module(target.partition(":")[0])
    by_game: dict[str, list[str]] = {}
    for name, found in zip(names, games, strict=True):
        by_game.setdefault(found.name, []).append(name)
    return FunctionImplementation(
        target, function, module, by_game, read_categories(categories) if categories else None
    )
