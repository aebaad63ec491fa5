"""Errors shared by every game: each defined once, here."""

from __future__ import annotations


class PlayerCountError(ValueError):
    """A number of players the ruleset does not allow."""

    code = "player-count"


class UnsupportedRulesetError(ValueError):
    """A ruleset whose rules a tool (a solver, a report) cannot handle; the message says which rule."""
