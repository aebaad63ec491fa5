"""The reference engines as the reference adapter serves them (``python -m dicespec.adapter``):
the same answers as :class:`~dicespec.implementation.ReferenceImplementation`, with less work
repeated from one request to the next.

- **Replays resume the last one.** The runner asks each replayed game at several points, in
  order: the first 12 actions, then the first 40, then the first 40 and one more the rules may
  refuse, then the first 75, and so on. Replaying each from the start plays a game's actions
  again and again. :class:`QuickReference` keeps, for each family of games, the game of the
  last replay and its state after each of its accepted actions; a replay of the same ruleset
  and players whose actions begin as the last one's did starts from the state after the actions
  they share. Its answer is the one a replay from the start gives: states are immutable values,
  and an action the rules refuse changes nothing.
- **Actions, sheets and rulesets are read once.** An action read from its text is an immutable
  value: each ruleset keeps the actions it has read. The exhaustive corpus asks the same dice in
  every row: each ruleset keeps the score of those dice in every row (what the engine's
  :func:`~dicespec.scoresheet.rows.score_sheet` answers, a read-only mapping), and a ruleset
  found by its name is kept. What cannot be read raises each time, as it does in the reference
  (:func:`functools.lru_cache` keeps results, never errors). Rolls read from digits are kept by
  :meth:`~dicespec.dice.Roll.parse` itself.

Arguments of other types than a valid request's are answered by the reference itself, to fail
as it fails. This is the reference adapter's own business; nothing in the protocol asks for it,
and an implementation that replays every request from the start is as conformant.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache, partial
from typing import Any, TypeVar

from dicespec.dice import Roll
from dicespec.implementation import (
    ReferenceImplementation,
    set_aside_replay_answer,
    set_aside_score_answer,
    sheet_replay_answer,
)
from dicespec.replay import ReplayResult, no_random_dice, play_actions
from dicespec.rulesets import find_ruleset
from dicespec.scoresheet import replay as sheet_replay
from dicespec.scoresheet.errors import SheetActionError
from dicespec.scoresheet.game import SheetGame
from dicespec.scoresheet.rows import score_sheet
from dicespec.scoresheet.ruleset import SheetRuleset
from dicespec.setaside import replay as set_aside_replay
from dicespec.setaside.combos import best
from dicespec.setaside.errors import SetAsideRulesError
from dicespec.setaside.game import SetAsideGame
from dicespec.setaside.ruleset import SetAsideRuleset
from dicespec.validation import JSON

MAX_KEPT = 100_000
"""Score sheets or actions kept at most in each table (the least recently used go first)."""

T = TypeVar("T")


@dataclass
class _Chain:
    """The last replay of one operation: its game, its actions, and its states (``states[i]``:
    after the first ``i`` actions, each accepted)."""

    key: tuple[str, int]  # the ruleset and the number of players
    game: Any
    actions: list[Any] = field(default_factory=list)
    states: list[Any] = field(default_factory=list)

    def shared(self, actions: Sequence[Any]) -> int:
        """How many of ``actions``, from the first, this chain has states after."""
        known = min(len(actions), len(self.states) - 1)
        if list(actions[:known]) == self.actions[:known]:
            return known
        same = 0
        for mine, theirs in zip(self.actions, actions[:known], strict=False):
            if mine != theirs:
                break
            same += 1
        return same


def _plain(ruleset: Any, players: Any, actions: Any) -> bool:
    """Arguments of the types a valid request has (anything else is replayed from the start, as
    the reference does, to fail as it fails)."""
    return type(ruleset) is str and type(players) is int and type(actions) is list


class QuickReference(ReferenceImplementation):
    """:class:`~dicespec.implementation.ReferenceImplementation`, doing less work again (see the
    module): replays resume the last replay of the same game when they extend it; actions,
    sheets and rulesets are read once."""

    def __init__(self) -> None:
        self._chains: dict[str, _Chain] = {}
        # by ruleset: the ruleset, and every row's score of the dice written so
        self._sheets: dict[str, tuple[SheetRuleset, Callable[[str], Mapping[str, int]]]] = {}
        self._rulesets: dict[tuple[type, str], Any] = {}  # None: not of that kind
        self._readers: dict[tuple[str, str], Callable[[str], Any]] = {}  # by operation and ruleset

    def _reader(self, op: str, ruleset: str, parse: Callable[[str], Any]) -> Callable[[str], Any]:
        """``parse``, keeping what it has read for the replays of ``op`` under ``ruleset``."""
        reader = self._readers.get((op, ruleset))
        if reader is None:
            reader = self._readers[(op, ruleset)] = lru_cache(maxsize=MAX_KEPT)(parse)
        return reader

    def _ruleset(self, kind: type[T], name: str) -> T | None:
        """The shipped ruleset ``name`` if it is a ``kind`` (found once); ``None`` if it is not
        (the reference then says why)."""
        key = (kind, name)
        if key not in self._rulesets:
            found = find_ruleset(name)
            self._rulesets[key] = found if isinstance(found, kind) else None
        ruleset: T | None = self._rulesets[key]
        return ruleset

    def score(self, ruleset: str, dice: str, row: str) -> int:
        kept = self._sheets.get(ruleset) if type(ruleset) is str and type(dice) is str else None
        if kept is None:
            rules = self._ruleset(SheetRuleset, ruleset) if type(ruleset) is str and type(dice) is str else None
            if rules is None:
                return super().score(ruleset, dice, row)
            kept = self._sheets[ruleset] = (
                rules,
                lru_cache(maxsize=MAX_KEPT)(lambda dice, rules=rules: score_sheet(rules, Roll.parse(dice))),
            )
        rules, sheet_of = kept
        return sheet_of(dice)[rules.parse_row(row)]

    def set_aside(self, ruleset: str, dice: str) -> JSON:
        rules = self._ruleset(SetAsideRuleset, ruleset) if type(ruleset) is str and type(dice) is str else None
        if rules is None:
            return super().set_aside(ruleset, dice)
        return set_aside_score_answer(rules, Roll.parse(dice))

    def best(self, ruleset: str, dice: str) -> int:
        rules = self._ruleset(SetAsideRuleset, ruleset) if type(ruleset) is str and type(dice) is str else None
        if rules is None:
            return super().best(ruleset, dice)
        return best(rules, Roll.parse(dice))

    def replay(self, ruleset: str, players: int, actions: list[str]) -> JSON:
        if not _plain(ruleset, players, actions):
            return super().replay(ruleset, players, actions)
        sheet = self._ruleset(SheetRuleset, ruleset)
        if sheet is not None:
            result = self._replay(
                "sheet",
                (ruleset, players),
                actions,
                lambda: SheetGame(sheet, players, dice=no_random_dice),
                partial(sheet_replay.parse_action, ruleset=sheet),
                sheet_replay.apply_action,
                SheetActionError,
            )
            return sheet_replay_answer(sheet, result)
        rules = self._ruleset(SetAsideRuleset, ruleset)
        if rules is None:
            return super().replay(ruleset, players, actions)
        result = self._replay(
            "set-aside",
            (ruleset, players),
            actions,
            lambda: SetAsideGame(rules, players, dice=no_random_dice),
            set_aside_replay.parse_action,
            set_aside_replay.apply_action,
            SetAsideRulesError,
        )
        return set_aside_replay_answer(result)

    def _replay(
        self,
        op: str,
        key: tuple[str, int],
        actions: Sequence[Any],
        new_game: Callable[[], Any],
        parse: Callable[[str], Any],
        apply: Callable[[Any, Any], None],
        refusals: type[Exception],
    ) -> ReplayResult[Any]:
        """Play ``actions`` from the state after the ones they share with the last replay of
        the family ``op``, each action read once for its ruleset (``key``: the ruleset and the players)."""
        parse = self._reader(op, key[0], parse)
        chain = self._chains.pop(op, None)
        if chain is None or chain.key != key:
            game = new_game()
            chain = _Chain(key, game, [], [game.state])
        start = chain.shared(actions)
        game, states = chain.game, chain.states
        game.state = states[start]
        del states[start + 1 :]

        def apply_and_keep(game: Any, action: Any) -> None:
            apply(game, action)
            states.append(game.state)

        chain.actions = list(actions)
        result = play_actions(game, chain.actions[start:], parse=parse, apply=apply_and_keep, refusals=refusals)
        self._chains[op] = chain  # kept only once the replay is over: a failure mid-way forgets it
        if result.rejected_at is not None and start:
            result = replace(result, rejected_at=result.rejected_at + start)
        return result
