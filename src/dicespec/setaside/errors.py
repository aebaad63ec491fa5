"""Every way the set-aside rules (10000, Farkle, Greed) refuse something, each with a stable ``code`` for reports.

They are :class:`ValueError` subclasses, so the command line reports them in one line. An
engine raises them before it changes anything: a refused action leaves the game as it was.
"""

from __future__ import annotations

from dicespec.errors import PlayerCountError as PlayerCountError  # shared by every game


class SetAsideRulesError(ValueError):
    """Something the set-aside rules do not allow. ``code`` is a stable id for reports."""

    code = "illegal"


# -- set-asides: dice that cannot be set aside together ------------------------------------


class SetAsideError(SetAsideRulesError):
    """Dice that cannot be set aside from one roll."""

    code = "bad-set-aside"


class EmptySetAsideError(SetAsideError):
    code = "empty-set-aside"


class TooManyDiceError(SetAsideError):
    code = "too-many-dice"


class NotInRollError(SetAsideError):
    code = "not-in-roll"


class NotScoringError(SetAsideError):
    code = "not-scoring"


class ScoringDiceLeftError(SetAsideError):
    """Scoring dice left on the table where the ruleset sets every scoring die aside (Greed)."""

    code = "scoring-dice-left"


# -- game actions: the right action at the wrong moment ------------------------------------


class ActionError(SetAsideRulesError):
    """An action the rules do not allow now."""

    code = "illegal-action"


class GameOverError(ActionError):
    code = "game-over"


class NotRolledError(ActionError):
    code = "not-rolled"


class MustSetAsideError(ActionError):
    code = "must-set-aside"


class AlreadySetAsideError(ActionError):
    code = "already-set-aside"


class BadDiceError(ActionError):
    """Dice values given for a roll that are not a throw of the dice in hand (as Kiriki's)."""

    code = "bad-dice"


class BelowEntryError(ActionError):
    code = "below-entry"


class MustRollError(ActionError):
    code = "must-roll"
