"""An engine that rolls its own dice: the reference engines throwing their own seeded dice, as
``python -m dicespec.adapter --own-dice`` serves them (``--seed N``, 0 by default), with one bug
where it is asked for:

- ``--turn-stays-after-a-farkle``, a bug of game flow: after a farkle (a set-aside game's roll in
  which no die scores) the same player rolls again; the turn passes to no one. In a game of one
  player that changes nothing; in a game of more, it shows at the game's first farkle.
- ``--illegal face``: the game's third throw shows a 7 for its first die.
- ``--illegal count``: the game's third throw throws one die fewer than it should.
- ``--illegal kept``: the game's first reroll (a score-sheet game's) turns the first die it keeps
  over to the next face (a 6 to a 1).
- ``--last-refusal``: no bug, but its checks in another order: where the rules refuse an action for
  more than one reason, it names the last of them, where the reference names the first.
- ``--always DICE``: no bug, but dice with which a game may never end: every throw shows these
  (as many of them as it throws, from the first).

Its answers are otherwise the reference's, every die it throws its seeded source's.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from typing import Any

from _fake import run

from dicespec.conformance.serving.adapter import Server, reference_games
from dicespec.conformance.serving.own_dice import DiceSource, OwnDiceReference
from dicespec.replay import ReplayResult
from dicespec.scoresheet.game import SheetGame
from dicespec.scoresheet.replay import parse_action as sheet_action
from dicespec.scoresheet.replay import refusals as sheet_refusals
from dicespec.setaside.replay import parse_action as set_aside_action
from dicespec.setaside.replay import refusals as set_aside_refusals
from dicespec.validation import JSON

ILLEGAL = ("face", "count", "kept")


class Buggy(OwnDiceReference):
    """The reference rolling its own dice, with the bug asked for (none: it is the reference)."""

    name = "own-dice"

    def __init__(
        self,
        seed: int = 0,
        *,
        turn_stays: bool = False,
        illegal: str | None = None,
        last_refusal: bool = False,
        always: str | None = None,
    ) -> None:
        super().__init__(seed)
        self.always = always
        self.turn_stays = turn_stays
        self.illegal = illegal
        self.last_refusal = last_refusal
        self.throws: dict[int, int] = {}  # by game: the throws it has made
        self.rerolls: dict[int, int] = {}  # by game: the rerolls it has made

    def act(self, ruleset: str, players: int, game: int, action: str) -> JSON:
        before = self.games[game].game.state if game in self.games else None
        codes = refusal_codes(self.games[game].game, action) if self.last_refusal and game in self.games else ()
        answer: dict[str, Any] = super().act(ruleset, players, game, action)
        if answer["state"]["rejected"] is not None and len(codes) > 1:
            return {
                **answer,
                "state": {**answer["state"], "rejected": {**answer["state"]["rejected"], "code": codes[-1]}},
            }
        if answer["rolled"] is None:
            return answer
        kept = self.games[game]
        if self.turn_stays and before is not None and _farkled(before, kept.game.state):
            kept.game.state = replace(kept.game.state, current=before.current)  # the bug: the turn stays
            return {"state": kept.family.answer(kept.rules, ReplayResult(kept.game.state)), "rolled": answer["rolled"]}
        self.throws[game] = throws = self.throws.get(game, 0) + 1
        if action.startswith("reroll"):
            self.rerolls[game] = self.rerolls.get(game, 0) + 1
        return self._illegal(answer, action, throws, self.rerolls.get(game, 0))

    def dice_source(self, game: int) -> DiceSource:
        if self.always is None:
            return super().dice_source(game)
        faces = [int(face) for face in self.always]
        return lambda n: faces[:n]

    def _illegal(self, answer: dict[str, Any], action: str, throws: int, rerolls: int) -> dict[str, Any]:
        """The answer with the illegal dice asked for, where they are due."""
        state, rolled = answer["state"], answer["rolled"]
        if self.illegal == "face" and throws == 3:
            shown = "7" + rolled[1:]
            dice = state["dice"] if state["dice"] != rolled else shown
            return {"state": {**state, "dice": dice}, "rolled": shown}
        if self.illegal == "count" and throws == 3:
            return {"state": state, "rolled": rolled[:-1]}
        if self.illegal == "kept" and action.startswith("reroll") and rerolls == 1:
            named = {int(p) - 1 for p in action.split()[1].split(",")}
            dice = list(state["dice"])
            first_kept = next(i for i in range(len(dice)) if i not in named)
            dice[first_kept] = str(int(dice[first_kept]) % 6 + 1)
            return {"state": {**state, "dice": "".join(dice)}, "rolled": rolled}
        return answer


def refusal_codes(game: Any, action: str) -> tuple[str, ...]:
    """The code of every check of the rules ``action`` (the own-dice notation) fails in ``game``, in
    the order the reference makes them."""
    verb, _, rest = action.partition(" ")
    if isinstance(game, SheetGame):
        if verb == "roll":
            found = list(game.roll_refusals())
        elif verb == "reroll":
            found = list(game.reroll_refusals([int(p) - 1 for p in rest.split(",")] if rest else []))
        else:
            return sheet_refusals(game, sheet_action(action, game.ruleset))
    elif verb == "roll":
        found = list(game.roll_refusals())
    else:
        return set_aside_refusals(game, set_aside_action(action))
    return tuple(dict.fromkeys(refusal.code for refusal in found))


def _farkled(before: Any, after: Any) -> bool:
    """Did a roll of a set-aside game farkle: the turn over and passed on, the game not over?"""
    return (
        hasattr(after, "phase")
        and str(after.phase) == "turn-start"
        and not after.is_over
        and after.current != before.current
    )


def engine(argv: list[str]) -> Buggy:
    """The engine its command line asks for."""
    seed = int(argv[argv.index("--seed") + 1]) if "--seed" in argv[:-1] else 0
    illegal = argv[argv.index("--illegal") + 1] if "--illegal" in argv[:-1] else None
    if illegal is not None and illegal not in ILLEGAL:
        raise SystemExit(f"--illegal {illegal}: one of {', '.join(ILLEGAL)}")
    always = argv[argv.index("--always") + 1] if "--always" in argv[:-1] else None
    return Buggy(
        seed,
        turn_stays="--turn-stays-after-a-farkle" in argv,
        illegal=illegal,
        last_refusal="--last-refusal" in argv,
        always=always,
    )


if __name__ == "__main__":
    run(Server(engine(sys.argv[1:]), games=reference_games(), dice="own"))
