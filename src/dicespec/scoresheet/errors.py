"""Every way the score-sheet rules refuse something, each with a stable ``code`` for reports.

An engine raises them before it changes anything: a refused action leaves the game as it was.
"""

from __future__ import annotations

from dicespec.errors import PlayerCountError as PlayerCountError  # shared by every game


class UnknownRowError(ValueError):
    """A row id that is not a playable row of the ruleset."""


class SheetActionError(Exception):
    """An action the rules do not allow now. ``code`` is a stable id for reports."""

    code = "illegal-action"


class GameOverError(SheetActionError):
    code = "game-over"


class NotRolledError(SheetActionError):
    code = "not-rolled"


class AlreadyRolledError(SheetActionError):
    code = "already-rolled"


class NoRollsLeftError(SheetActionError):
    code = "no-rolls-left"


class NoSavedRollsError(NoRollsLeftError):
    """A reroll past the turn's own rolls and every saved roll the turn drew on, under saved rolls
    (a player with none saved to draw on is refused as having no rolls left, as without them)."""

    code = "no-saved-rolls"


class EmptyRerollError(SheetActionError):
    code = "empty-reroll"


class DieIndexError(SheetActionError):
    code = "bad-die-index"


class RowUsedError(SheetActionError):
    code = "row-used"


class JokerRowError(SheetActionError):
    """An open row that the forced joker rule does not allow for this five of a kind."""

    code = "joker-row"


class RowsStillOpenError(SheetActionError):
    code = "rows-still-open"


class NotPlayableError(SheetActionError):
    """Scoring in a derived line (bonus or a total), which no player fills."""

    code = "not-playable"


class BadDiceError(SheetActionError):
    """Dice values given for a roll that are not a valid throw of that many dice."""

    code = "bad-dice"
