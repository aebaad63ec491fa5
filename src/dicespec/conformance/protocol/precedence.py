"""Which rejection code a replay answers when the rules refuse an action for more than one reason.

The engines check an action in a fixed order and answer the first check it fails
(``scoresheet/game.py``, ``setaside/game.py`` and ``setaside/combos.py``, after the replay has read
the action: ``replay.py``). :data:`PRECEDENCE` is that order, one list per family of games, each
check with the actions it is made for; two codes compete only for an action both are made for.
The protocol page (``docs/protocol.md``, "Rejections, and which one wins") states these lists, and
the tests check the page against them and them against the engines.

``bad-dice`` stands twice in each list: dice that are not dice (a digit other than 1 to 6) are
refused as the replay reads the action, before any rule is checked; a roll of the wrong number of
dice only once the rules before it have let the roll be made.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Check:
    """One check of the rules: the code it refuses with, and the actions (verbs) it is made for."""

    code: str
    actions: tuple[str, ...]
    cause: str = ""  # for a code checked at two moments: which one this is

    @property
    def key(self) -> str:
        """The check's name: its code, and its cause where the code is checked twice."""
        return f"{self.code}/{self.cause}" if self.cause else self.code


NOT_DICE = "not-dice"  # a die that is not 1 to 6: refused as the action is read
COUNT = "count"  # the wrong number of dice: refused when the roll is made

PRECEDENCE: dict[str, tuple[Check, ...]] = {
    "score-sheet": (
        Check("bad-dice", ("roll", "reroll"), NOT_DICE),
        Check("game-over", ("roll", "reroll", "score", "end")),
        Check("not-rolled", ("reroll", "score", "end")),
        Check("already-rolled", ("roll",)),
        Check("no-rolls-left", ("reroll",)),
        Check("no-saved-rolls", ("reroll",)),
        Check("empty-reroll", ("reroll",)),
        Check("bad-die-index", ("reroll",)),
        Check("not-playable", ("score",)),
        Check("row-used", ("score",)),
        Check("joker-row", ("score",)),
        Check("rows-still-open", ("end",)),
        Check("bad-dice", ("roll", "reroll"), COUNT),
    ),
    "set-aside": (
        Check("bad-dice", ("roll", "set"), NOT_DICE),
        Check("game-over", ("roll", "set", "bank")),
        Check("not-rolled", ("set", "bank")),
        Check("must-set-aside", ("roll", "bank")),
        Check("already-set-aside", ("set",)),
        Check("bad-dice", ("roll",), COUNT),
        Check("must-roll", ("bank",)),
        Check("below-entry", ("bank",)),
        Check("empty-set-aside", ("set",)),
        Check("too-many-dice", ("set",)),
        Check("not-in-roll", ("set",)),
        Check("not-scoring", ("set",)),
        Check("scoring-dice-left", ("set",)),
    ),
}
"""Each family's checks, in the order the engines make them: of two that refuse one action, the
earlier one's code is the answer."""

ACTIONS: dict[str, tuple[str, ...]] = {
    "score-sheet": ("roll", "reroll", "score", "end"),
    "set-aside": ("roll", "set", "bank"),
}
"""Each family's actions (verbs of the replay notation)."""


def checks(family: str, action: str) -> tuple[Check, ...]:
    """The checks made for ``action`` (a verb) in a game of ``family``, in order."""
    return tuple(check for check in PRECEDENCE[family] if action in check.actions)


def winner(family: str, action: str, *keys: str) -> str:
    """The code answered for ``action`` when the checks named by ``keys`` (:attr:`Check.key`) all
    refuse it: the earliest one's."""
    made = checks(family, action)
    names = [check.key for check in made]
    missing = [key for key in keys if key not in names]
    if missing:
        raise KeyError(f"{family} {action}: no check {', '.join(missing)}")
    return min((check for check in made if check.key in keys), key=made.index).code
