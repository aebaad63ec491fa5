"""The games in the terminal (``dicespec score`` and ``dicespec play``): one front end per family.

- :mod:`.sheet`: a score-sheet game: the score table of one roll, a playable game with hints;
- :mod:`.setaside`: a set-aside game: the legal set-asides of one roll, a playable game;
- :mod:`.commands`: what they share, reading one typed command.

Only formatting and reading input live here; every rule is asked of the engine, every hint of the
solver. Which front end a game has is this unit's own table, :data:`FRONT_ENDS`, keyed by the
family name the registry gives each game.
"""

from __future__ import annotations

from types import ModuleType

from dicespec.registry import Game
from dicespec.terminal import setaside, sheet

FRONT_ENDS: dict[str, ModuleType] = {"score-sheet": sheet, "set-aside": setaside}
"""Each family's front end: a module with ``score_report(ruleset, roll, *, as_json)`` and
``play(ruleset, players, seed)``."""


def front_end(game: Game) -> ModuleType:
    """The terminal front end of a game's family."""
    return FRONT_ENDS[game.family_name]


__all__ = ["FRONT_ENDS", "front_end"]
