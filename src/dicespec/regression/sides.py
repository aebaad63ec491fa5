"""The two sides of ``dicespec diff A B``: each a shipped ruleset, a game's reference ruleset, or
a ruleset file of one's own, and the ruleset it stands for.

A side is read as a file when it ends in ``.yaml`` or ``.yml`` or names a folder (``./house``);
otherwise as a shipped ruleset's name, then as a game's name (its reference ruleset), and last as
an existing file. A file is loaded with :func:`dicespec.rulesets.load_ruleset` (it may
``extends:`` a shipped ruleset and write only what differs); its errors name the file, the line
and the key as ``--ruleset-file``'s do (:mod:`dicespec.ruleset_option`). ``dicespec diff A
--ruleset-file B`` takes B as a file whatever its name (:func:`file_side`).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from dicespec.registry import game, game_names
from dicespec.rulesets import Ruleset, RulesetError, UnknownRulesetError, find_ruleset, load_ruleset, ruleset_names
from dicespec.rulesets.expect import located

FILE_ENDINGS = (".yaml", ".yml")


class DiffError(ValueError):
    """Two rulesets that cannot be compared (of different games)."""


@dataclass(frozen=True, slots=True)
class Side:
    """One side of a diff.

    ``label`` is how reports name it: the shipped ruleset's name, or the file's path as given.
    ``spec_name`` is what a spec run is told to play under (:mod:`dicespec.regression.outcomes`):
    the shipped name, or the file's absolute path. ``extends`` is the shipped ruleset a file
    extends, if it does; ``own_title`` is the title a file writes itself, if it does.
    """

    label: str
    ruleset: Ruleset
    spec_name: str
    file: Path | None = None
    extends: str | None = None
    own_title: str | None = None

    @property
    def game(self) -> str:
        return self.ruleset.game

    @property
    def title(self) -> str:
        """The ruleset's title; for a file that gives none, what it extends."""
        if self.file is None or self.own_title is not None:
            return self.ruleset.title
        return f"a ruleset file extending {self.extends}" if self.extends else "a ruleset file"

    def describe(self) -> dict[str, Any]:
        """The side as plain data (for ``--json``)."""
        return {
            "label": self.label,
            "ruleset": self.ruleset.name,
            "title": self.title,
            "file": None if self.file is None else str(self.file),
            "extends": self.extends,
        }


def _looks_like_a_file(given: str) -> bool:
    return given.endswith(FILE_ENDINGS) or os.sep in given or "/" in given


def file_side(given: str) -> Side:
    """The side of the ruleset file ``given``, whatever its name; a one-line
    :class:`~dicespec.rulesets.RulesetError` naming the file, the line and the key otherwise."""
    path = Path(given)
    if not path.is_file():
        raise RulesetError(f"{given}: no such ruleset file")
    try:
        ruleset = load_ruleset(path)
    except RulesetError as exc:  # named as every command names it: the file, the line, the key
        raise located(path, exc) from None
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))  # read fine just now: a mapping
    extends, title = raw.get("extends"), raw.get("title")
    return Side(
        given,
        ruleset,
        str(path.resolve()),
        path.resolve(),
        extends if isinstance(extends, str) else None,
        title if isinstance(title, str) else None,
    )


def side(given: str) -> Side:
    """The side ``given`` stands for (see the module's description); a one-line
    :class:`~dicespec.rulesets.RulesetError` naming what is wrong otherwise."""
    if _looks_like_a_file(given):
        return file_side(given)
    if given in ruleset_names():
        return Side(given, find_ruleset(given), given)
    if given in game_names():
        reference = game(given).default_ruleset
        return Side(reference, find_ruleset(reference), reference)
    if Path(given).is_file():
        return file_side(given)
    raise UnknownRulesetError(
        f"unknown ruleset {given!r}; shipped rulesets: {', '.join(ruleset_names())}; or a ruleset file (.yaml)"
    )


def sides(before: str | Side, after: str | Side) -> tuple[Side, Side]:
    """Both sides, which must be rulesets of one game (a :class:`DiffError` otherwise)."""
    first = before if isinstance(before, Side) else side(before)
    second = after if isinstance(after, Side) else side(after)
    if first.game != second.game:
        raise DiffError(
            f"{first.label} is a ruleset of {first.game}, {second.label} of {second.game}: "
            "compare two rulesets of one game"
        )
    return first, second
