"""The game registry: every game dicespec knows, declared once in ``dicespec/games.yaml``.

A game is a name, a title, the tag of its cases and its reference ruleset, and a *family* of
engine: ``score-sheet`` (a sheet of rows, as Kiriki, Yahtzee, Yatzy, Yacht) or ``set-aside``
(dice set aside for points, as 10000, Farkle, Greed). The family is the engine code: its
ruleset type and schema, its row or column ids, its replay notation and its roll sizes
(:class:`Family`). A game that fits a family is data: an entry in ``games.yaml`` and its rulesets.

Everything that needs to know about games asks here: :func:`games`, :func:`game`,
:func:`game_of_tag` (and :func:`dicespec.rulesets.game_of_ruleset`, which reads the ruleset);
:func:`game_summary` gives a game's summary in each language of the site (``games.yaml`` is
written in English and gives the others in ``translations``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources
from pkgutil import resolve_name
from typing import Any, Protocol

import yaml

from dicespec.catalog import LANGUAGES
from dicespec.validation import JSON, check

# The families of engine, by name: where each one's implementation lives.
FAMILIES = {
    "score-sheet": "dicespec.scoresheet.family:FAMILY",
    "set-aside": "dicespec.setaside.family:FAMILY",
}


class UnknownGameError(LookupError, ValueError):
    """No game of the registry has that name (or tag)."""


class RegistryError(ValueError):
    """``games.yaml`` declares a game it cannot give: its default ruleset has no file."""


class UntranslatedError(LookupError, ValueError):
    """A game's text asked in a language the site lacks, or that ``games.yaml`` does not give."""


class Family(Protocol):
    """What a family of engine provides to every game of the family: engine concerns only.

    What a layer above needs of a family (the corpus its generators, the solver its solve, the
    golden files their answers, the site its pages, the terminal its game) that layer keeps in a
    table of its own, keyed by the family's :attr:`name`, as python-chess's engine and PGN readers
    read what they need of a variant.
    """

    name: str
    schema: str  # its rulesets' JSON Schema: dicespec/schemas/<schema>.json
    ruleset_type: type  # its typed rulesets' class

    def ruleset_from_data(self, data: JSON) -> Any:
        """The typed ruleset of schema-valid data."""

    def ids(self, ruleset: Any) -> tuple[str, ...]:
        """The row ids (score-sheet) or answer columns (set-aside) of a ruleset's outcomes."""

    def parse_action(self, ruleset: Any, action: str) -> Any:
        """One action of the family's replay notation, read (an ``ActionSyntaxError`` if it is not one)."""

    def replay(self, ruleset: Any, players: int, actions: Any) -> Any:
        """The engine's :class:`~dicespec.replay.ReplayResult` of replaying ``actions``."""

    def roll_sizes(self, ruleset: Any) -> range:
        """How many dice the rolls a ruleset's outcomes are given for have."""


@dataclass(frozen=True, slots=True)
class Game:
    """One entry of the registry."""

    name: str
    title: str
    family_name: str
    tag: str
    default_ruleset: str
    summary: str

    @property
    def family(self) -> Family:
        return family(self.family_name)

    def __str__(self) -> str:
        return self.name


@cache
def family(name: str) -> Family:
    """The family of engine called ``name``."""
    if name not in FAMILIES:
        raise UnknownGameError(f"unknown family {name!r}; families: {', '.join(FAMILIES)}")
    found: Family = resolve_name(FAMILIES[name])
    return found


def family_of_type(kind: type) -> Family:
    """The family whose typed rulesets are of the class ``kind``."""
    for name in FAMILIES:
        if family(name).ruleset_type is kind:
            return family(name)
    raise UnknownGameError(f"no family has rulesets of type {kind.__name__}")


@cache
def _entries() -> list[JSON]:
    """The entries of ``games.yaml``, checked against ``schemas/games.json``."""
    folder = resources.files("dicespec")
    entries: list[JSON] = yaml.safe_load(folder.joinpath("games.yaml").read_text(encoding="utf-8"))
    check(entries, "games", "dicespec/games.yaml")
    return entries


def _words(text: str) -> str:
    return " ".join(text.split())


def _check_defaults(entries: list[JSON]) -> None:
    """Every game's ``default`` names a ruleset file beside the registry (``rulesets/<default>.yaml``):
    a game whose reference is missing is refused at load, in one line naming the game and the
    file to write, not left out of every list of rulesets without a word."""
    folder = resources.files("dicespec").joinpath("rulesets")
    for entry in entries:
        if not folder.joinpath(f"{entry['default']}.yaml").is_file():
            raise RegistryError(
                f"dicespec/games.yaml: game {entry['name']!r}: default: {entry['default']!r}: "
                f"no ruleset file; write src/dicespec/rulesets/{entry['default']}.yaml (game: {entry['name']})"
            )


@cache
def _registry() -> dict[str, Game]:
    _check_defaults(_entries())
    return {
        entry["name"]: Game(
            entry["name"], entry["title"], entry["family"], entry["tag"], entry["default"], _words(entry["summary"])
        )
        for entry in _entries()
    }


@cache
def _summaries() -> dict[str, dict[str, str]]:
    """Each game's summary by language: English as written, the others as translated."""
    return {
        entry["name"]: {
            "en": _words(entry["summary"]),
            **{lang: _words(words["summary"]) for lang, words in (entry.get("translations") or {}).items()},
        }
        for entry in _entries()
    }


def game_summary(name: str, lang: str) -> str:
    """The summary of the game ``name`` in the site language ``lang`` (``game_summary("yatzy",
    "pl")``); a language the site lacks, or a summary ``games.yaml`` does not translate, is an
    :class:`UntranslatedError` naming the game, the language and the missing key."""
    summaries = _summaries().get(game(name).name, {})
    if lang not in LANGUAGES:
        raise UntranslatedError(f"game {name!r}: the site has no language {lang!r} (it has {', '.join(LANGUAGES)})")
    if lang not in summaries:
        raise UntranslatedError(
            f"game {name!r} has no {lang} text for translations.{lang}.summary in dicespec/games.yaml"
        )
    return summaries[lang]


def games() -> tuple[Game, ...]:
    """Every game, in registry order."""
    return tuple(_registry().values())


def game_names() -> tuple[str, ...]:
    """Every game's name, in registry order."""
    return tuple(_registry())


def game(name: str) -> Game:
    """The game called ``name``; a clear :class:`UnknownGameError` otherwise."""
    try:
        return _registry()[name]
    except KeyError:
        raise UnknownGameError(f"unknown game {name!r}; games: {', '.join(_registry())}") from None


def game_of_tag(tag: str) -> Game | None:
    """The game whose cases carry the feature tag ``tag`` (``@kiriki``), if any."""
    return next((g for g in _registry().values() if g.tag == tag), None)
