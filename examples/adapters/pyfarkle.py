"""pyfarkle (a Farkle game for the terminal, a Python package, MIT) behind dicespec's interface:
the points of a set-aside and the best set-aside of a roll, from the package's player, and
replayed games through its own game objects with the replay's dice injected.

    dicespec conform --python examples.adapters.pyfarkle:implementation

**Scoring.** A set-aside is the dice a player holds: the package scores them (0 when a held die
does not score); the best score of a roll is what its computer player holds (0 when the package
calls the roll a farkle). It runs under ``farkle-linear``, the scoring table the package plays.

**Replays** drive the package's ``FarkleGame`` and ``Player`` (two players, 10,000 to win, 500 to
get on the board, as its app starts them) with the calls its terminal app makes: ``rollem`` for
a roll, ``hold`` for a set-aside, ``bank``, and ``next_player`` after a farkle or a bank, the
game being won as soon as a bank reaches 10,000. The dice are injected by a documented
monkeypatch, for the package has no seam for them: its ``pyfarkle.game`` module rolls with the
``random`` module it imports, and the adapter puts a script of the replay's dice in its place
while it replays (and puts ``random`` back after). The package is neither copied nor changed.
pyfarkle refuses by disabling its buttons, without saying why; the adapter names the refusal
from the button: a hold that scores 0 is ``not-scoring``, a bank it disables ``below-entry``, a
roll it disables ``must-set-aside``. It plays two players (``players`` says so). What it cannot
be asked is skipped, with the reason: games of other than two players, a set-aside before a roll
or of dice not shown, a roll of another number of dice than the player holds, anything after the
game is won.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, ClassVar

from examples.adapters._base import Adapter, faces


class _ScriptedRandom:
    """What ``pyfarkle.game`` rolls with while a replay runs: ``randint`` gives the replay's dice."""

    def __init__(self) -> None:
        self.values: deque[int] = deque()

    def randint(self, low: int, high: int) -> int:
        return self.values.popleft()


@contextmanager
def _scripted_dice() -> Iterator[_ScriptedRandom]:
    """The documented monkeypatch: pyfarkle's game module rolls the script's dice meanwhile."""
    import pyfarkle.game

    script, real = _ScriptedRandom(), pyfarkle.game.random
    pyfarkle.game.random = script  # type: ignore[assignment]
    try:
        yield script
    finally:
        pyfarkle.game.random = real


class Pyfarkle(Adapter):
    name = "pyfarkle"
    package = "pyfarkle"
    rulesets: ClassVar[dict[str, list[str]]] = {"ten-thousand": ["farkle-linear"]}
    players: ClassVar[dict[str, list[int]]] = {"ten-thousand": [2]}  # as its app starts a game

    def _player(self, dice: str) -> Any:
        from pyfarkle.game import PlayerAI

        player = PlayerAI("P0")
        player.roll = faces(dice)
        return player

    def set_aside(self, ruleset: str, dice: str) -> dict[str, Any]:
        if not dice:
            raise NotImplementedError("pyfarkle has no empty hold to score")
        if len(dice) > 6:
            raise NotImplementedError("pyfarkle never holds more than six dice")
        player = self._player(dice)
        points = player.hold(list(range(len(dice))))
        return {"points": points} if points > 0 else {"rejected": "not-scoring"}

    def best(self, ruleset: str, dice: str) -> int:
        player = self._player(dice)
        if player.is_farkle:
            return 0
        held, _ = player.ai_holds()
        return player.hold(list(held))

    # -- replays -------------------------------------------------------------------------------

    def replay(self, ruleset: str, players: int, actions: list[str]) -> dict[str, Any]:
        if players != 2:
            raise NotImplementedError("pyfarkle plays two players")
        from pyfarkle.game import FarkleGame

        with _scripted_dice() as script:
            game = FarkleGame(player1="Human", player2="Human", points=10000, triple_farkle=1000, openthreshold=500)
            replay = _Replay(game, script)
            for at, action in enumerate(actions):
                code = replay.apply(action)
                if code is not None:
                    return replay.answer({"at": at, "code": code})
            return replay.answer(None)


class _Replay:
    """One replayed game of pyfarkle: the app's calls, and the state the protocol asks for."""

    def __init__(self, game: Any, script: _ScriptedRandom) -> None:
        self.game, self.script = game, script
        self.phase = "turn-start"  # turn-start | rolled | set-aside
        self.turns = [0, 0]
        self.winner: int | None = None

    def apply(self, action: str) -> str | None:
        """Carry out one action; the refusal's code if pyfarkle refuses it."""
        if self.winner is not None:
            raise NotImplementedError("pyfarkle's game ends with its app's win screen: nothing is asked after it")
        verb, _, rest = action.partition(" ")
        player = self.game.player
        if verb == "roll":
            if self.phase == "rolled":
                return "must-set-aside"  # the app's roll button is disabled until a scoring hold
            dice = faces(rest)
            in_hand = (player.inplay - len(player.held)) or 6 if self.phase == "set-aside" else 6
            if len(dice) != in_hand:
                raise NotImplementedError("pyfarkle rolls the dice the player holds: another number is not asked")
            self.script.values.extend(dice)
            player.rollem()
            if player.is_farkle:
                if player.triple_farkle > 0 and player.farkles_in_a_row == 3:
                    player.farkles_in_a_row = 0  # as the app does after its triple-farkle message
                self._next()
            else:
                self.phase = "rolled"
            return None
        if verb == "set":
            if self.phase != "rolled":
                raise NotImplementedError("pyfarkle holds only dice of the roll on the table")
            indexes = _positions(player.roll, faces(rest))
            if indexes is None:
                raise NotImplementedError("pyfarkle holds only dice the roll shows")
            if player.hold(indexes) == 0:
                player.hold([])
                return "not-scoring"
            self.phase = "set-aside"
            return None
        if verb == "bank":
            if self.phase != "set-aside":
                raise NotImplementedError("pyfarkle banks only after a hold")
            if not player.can_bank:
                return "below-entry"  # the app's bank button is disabled below the opening threshold
            player.bank()
            self.turns[self.game.current_player] += 1
            if player.totalscore >= self.game.winscore:
                self.winner, self.phase = self.game.current_player, "turn-start"
            else:
                self.game.next_player()
                self.phase = "turn-start"
            return None
        raise NotImplementedError(f"pyfarkle has no action {verb!r}")

    def _next(self) -> None:
        self.turns[self.game.current_player] += 1
        self.game.next_player()
        self.phase = "turn-start"

    def answer(self, rejected: dict[str, Any] | None) -> dict[str, Any]:
        player = self.game.player
        held = player.holdscore if self.phase == "set-aside" else 0
        if self.phase == "rolled":
            left = len(player.roll)
        elif self.phase == "set-aside":
            left = (player.inplay - len(player.held)) or 6
        else:
            left = 6
        return {
            "players": [
                {"score": p.totalscore, "on_board": p.threshold == 0, "turns_taken": turns}
                for p, turns in zip(self.game.players, self.turns, strict=True)
            ],
            "current": self.game.current_player,
            "phase": self.phase,
            "dice": "".join(map(str, player.roll)) if self.phase == "rolled" else None,
            "dice_left": left,
            "turn_points": 0 if self.phase == "turn-start" else player.turnscore + held,
            "over": self.winner is not None,
            "winners": [] if self.winner is None else [self.winner],
            "rejected": rejected,
        }


def _positions(roll: list[int], values: list[int]) -> list[int] | None:
    """The positions in ``roll`` of the dice ``values`` (each position once), or ``None``."""
    free = list(range(len(roll)))
    chosen = []
    for value in values:
        at = next((i for i in free if roll[i] == value), None)
        if at is None:
            return None
        free.remove(at)
        chosen.append(at)
    return chosen


implementation = Pyfarkle()
