"""pyfarkle (a Farkle game for the terminal, a Python package, MIT) behind dicespec's interface:
the points of a set-aside, and the best set-aside of a roll, from the package's player.

    dicespec conform --python examples.adapters.pyfarkle:implementation

A set-aside is the dice a player holds: the package scores them (0 when a held die does not
score); the best score of a roll is what its computer player holds (0 when the package calls the
roll a farkle). Its games roll their own dice, play two players, take 1,000 points for a third
farkle in a row and end as soon as a player reaches 10,000: replays are skipped. It runs under
``farkle-linear``, the scoring table the package plays.
"""

from __future__ import annotations

from typing import Any

from examples.adapters._base import Adapter, faces


class Pyfarkle(Adapter):
    name = "pyfarkle"
    package = "pyfarkle"
    rulesets = {"ten-thousand": ["farkle-linear"]}
    skips = {"ten_thousand_replay": "pyfarkle rolls its own dice, plays two players and has a triple-farkle penalty"}

    def _player(self, dice: str) -> Any:
        from pyfarkle.game import PlayerAI

        player = PlayerAI("P0")
        player.roll = faces(dice)
        return player

    def ten_thousand_score(self, ruleset: str, dice: str) -> dict[str, Any]:
        if not dice:
            raise NotImplementedError("pyfarkle has no empty hold to score")
        if len(dice) > 6:
            raise NotImplementedError("pyfarkle never holds more than six dice")
        player = self._player(dice)
        points = player.hold(list(range(len(dice))))
        return {"points": points} if points > 0 else {"rejected": "not-scoring"}

    def ten_thousand_best(self, ruleset: str, dice: str) -> int:
        player = self._player(dice)
        if player.is_farkle:
            return 0
        held, _ = player.ai_holds()
        return player.hold(list(held))


implementation = Pyfarkle()
