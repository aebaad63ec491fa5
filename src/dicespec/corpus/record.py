"""A replayed game as the corpus records it, and the points at which it asks the implementation."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from dicespec.corpus.case import Case
from dicespec.corpus.moves import Move, Moves, OwnDiceGame, own_notation
from dicespec.implementation import replay_operation
from dicespec.registry import Game
from dicespec.replay import ReplayResult

if TYPE_CHECKING:
    from dicespec.rulesets import Ruleset

CHECKPOINTS = 8  # at most, per game, besides its refused actions
PROBES = 3  # refused (or accepted) actions tried per game, at most


@dataclass
class Record:
    """A game as it is played: its actions, and the answers at the points worth asking."""

    game: Game
    ruleset: str
    index: int
    players: int
    policy: str
    answer: Callable[[ReplayResult[Any]], Any]  # the replay answer of a result (a state, a refusal)
    actions: list[str] = field(default_factory=list)
    turn_ends: list[tuple[int, Any, bool]] = field(default_factory=list)  # (actions, state, notable)
    probes: list[tuple[int, str, Any, tuple[str, ...]]] = field(
        default_factory=list
    )  # (actions, action, answer, codes)
    came_up: dict[str, int] = field(default_factory=dict)  # rules that particular dice brought up: how often

    def came(self, **rules: bool) -> None:
        """Count each of ``rules`` (by its key in a ruleset file) that came up now."""
        for rule, now in rules.items():
            if now:
                self.came_up[rule] = self.came_up.get(rule, 0) + 1

    def may_probe(self, rng: random.Random, chance: float, *, steered: bool = False) -> bool:
        """Try a refused action here? One after a given action, and at most :data:`PROBES` a game
        but the ``steered`` ones: an action chosen because a rule that needs particular dice
        decides it now (a joker, a scratched five-of-a-kind row), tried each time it comes up."""
        if self.probes and self.probes[-1][0] == len(self.actions):
            return False
        if len(self.probes) >= PROBES and not steered:
            return False
        return rng.random() <= chance

    def probed(self, code: str) -> bool:
        """Has an action tried in this game been refused by a check of ``code``?"""
        return any(code in codes for *_, codes in self.probes)

    def probe(
        self,
        rng: random.Random,
        chance: float,
        game: Any,
        action: Callable[[], str],
        carry_out: Callable[[str], None],
        refusals: type[Exception],
        reasons: Callable[[str], tuple[str, ...]],
        *,
        steered: bool = False,
    ) -> None:
        """Now and then, try ``action()`` on ``game`` (an action the rules most likely refuse), note
        the answer it gets (accepted, or refused with its code, and the code of every check of the
        rules it fails: ``reasons(action)``), and put the game back as it was (``steered``: see
        :meth:`may_probe`)."""
        if not self.may_probe(rng, chance, steered=steered):
            return
        text, saved = action(), game.state
        codes: tuple[str, ...] = ()
        try:
            carry_out(text)
            found = self.answer(ReplayResult(game.state))
        except refusals as exc:
            codes = reasons(text)  # the game is as it was: a refused action changes nothing
            found = self.answer(ReplayResult(saved, len(self.actions), getattr(exc, "code", None), refusals=codes))
        game.state = saved
        self.probes.append((len(self.actions), text, found, codes))

    def own_probe(
        self,
        rng: random.Random,
        chance: float,
        state: Any,
        action: Callable[[], str],
        reasons: Callable[[str], tuple[str, ...]],
        *,
        steered: bool = False,
    ) -> Iterator[Move]:
        """Now and then, as :meth:`probe` does, an action the rules most likely refuse, for an
        implementation that rolls its own dice: in the own-dice notation (its dice left out), and
        tried only where the rules refuse it (``reasons(action)``: the code of every check it fails),
        since an action they allow changes a game that cannot be put back (``state``: the game's, which
        it leaves as it is)."""
        if not self.may_probe(rng, chance, steered=steered):
            return
        text = own_notation(action())
        codes = reasons(text)
        if codes:
            self.probes.append((len(self.actions), text, None, codes))
            yield Move(text, refusals=codes, before=state, after=state)

    def own_dice_game(self, moves: Moves, final: Callable[[], Any]) -> OwnDiceGame:
        """This game, for an implementation that rolls its own dice: ``moves`` (this record's
        game's), and ``final()``, the state of its game."""
        return OwnDiceGame(
            f"{self.game.name}/own-dice/{self.ruleset}/{self.index:03d}",
            f"{self.game.title.lower()} game (own dice)",
            self.ruleset,
            self.policy,
            self.players,
            moves,
            lambda state: self.answer(ReplayResult(state)),
            final,
            self.actions,
            self.came_up,
        )

    def turn_end(self, state: Any, notable: bool) -> None:
        """A turn is over, leaving the game in ``state`` (its answer is worked out only if it is
        asked: :meth:`cases` asks a few turns of many)."""
        self.turn_ends.append((len(self.actions), state, notable))

    def cases(self, rng: random.Random) -> Iterator[Case]:
        ends, last = self.turn_ends, len(self.turn_ends) - 1
        # The first and last turns, some notable ones, and evenly spaced others.
        notable = [i for i, (_, _, flag) in enumerate(ends) if flag]
        must = {0, last, *rng.sample(notable, min(len(notable), CHECKPOINTS // 2))}
        room = max(0, CHECKPOINTS - len(must))
        picks = sorted(must | {round(last * (i + 1) / (room + 1)) for i in range(room)})
        op = replay_operation(self.game.family_name)
        kind = f"{self.game.title.lower()} game"
        prefix = f"{self.game.name}/game/{self.ruleset}/{self.index:03d}"
        asked = [(ends[i][0], None, self.answer(ReplayResult(ends[i][1])), ()) for i in picks] + self.probes
        for count, extra, answer, codes in sorted(asked, key=lambda a: (a[0], a[1] is not None)):
            actions = self.actions[:count] + ([extra] if extra is not None else [])
            yield Case(
                f"{prefix}/{count}{'+' if extra is not None else ''}",
                kind,
                self.ruleset,
                self.policy,
                op,
                {"ruleset": self.ruleset, "players": self.players, "actions": actions},
                answer,
                codes,
            )


def players_for(rng: random.Random, rules: Ruleset, allowed: Sequence[int] = ()) -> int:
    """A game's number of players: one of ``allowed`` (the counts an implementation plays), or
    else 1 to 4, within what the ruleset allows."""
    if allowed:
        return rng.choice(sorted(allowed))
    return max(rules.min_players, min(rules.max_players, rng.choice((1, 1, 2, 2, 3, 4))))
