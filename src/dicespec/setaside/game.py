"""The set-aside turn and game (10000, Farkle, Greed): an explicit state machine over immutable states.

A turn goes:

1. **roll** the dice in hand: all the ruleset's dice at the start of a turn (six in 10000, five
   in Greed). A roll in which no die scores is a *farkle*: the turn ends at once and its points
   are lost.
2. **set aside** at least one die of that roll, every one of them scoring; the set-aside scores
   its best split into combinations of that roll (:func:`~dicespec.setaside.combos.score`).
   Where the ruleset sets every scoring die aside (Greed), the set-aside must be exactly the
   roll's scoring dice (:func:`~dicespec.setaside.combos.scoring_dice`); otherwise the player
   chooses. When the set-aside leaves no die in hand, every die of the turn has scored: *hot
   dice*, and the player has all the dice in hand again.
3. **roll** the dice in hand again (back to 1), or **bank** the turn's points (the turn ends).

A player is *on the board* after a first turn that banks at least the ruleset's entry points;
before that, a smaller bank is refused or scores nothing, as the ruleset says. A bank reaching
the target ends the game at once, or starts a final round in which every other player has one
more turn; where the ruleset's end must hit the target exactly, a bank that would pass it scores
nothing. The highest score wins; equal scores share the win. Where the ruleset says so, a roll
wins the game at once (so many dice of a kind), and so many farkles in a row cost a penalty.

Every action is checked before anything changes: an illegal one raises an
:class:`~dicespec.setaside.errors.ActionError` (or a
:class:`~dicespec.setaside.errors.SetAsideError`) and leaves the game as it was. Each action's
checks are made in a fixed order (:meth:`SetAsideGame.roll_refusals` and the like give every one
it fails, in that order); it raises the first.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from dicespec.dice import DiceError, Roll
from dicespec.setaside.combos import is_farkle, refusals, score, scoring_dice
from dicespec.setaside.errors import (
    AlreadySetAsideError,
    BadDiceError,
    BelowEntryError,
    GameOverError,
    MustRollError,
    MustSetAsideError,
    NotRolledError,
    PlayerCountError,
    ScoringDiceLeftError,
    SetAsideRulesError,
)
from dicespec.setaside.ruleset import BelowEntry, HotDice, SetAsideRule, SetAsideRuleset

DiceSource = Callable[[int], Sequence[int]]
"""Gives ``n`` die values on request: a seeded RNG, or scripted values for a replay."""


class Phase(StrEnum):
    """Where the current turn stands, i.e. which actions it allows."""

    TURN_START = "turn-start"  # roll
    ROLLED = "rolled"  # set aside
    SET_ASIDE = "set-aside"  # roll or bank


# -- state -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayerState:
    score: int = 0
    on_board: bool = False
    turns_taken: int = 0
    farkles_in_a_row: int | None = None  # counted where the ruleset has a farkle penalty (None otherwise)


@dataclass(frozen=True, slots=True)
class GameState:
    """Everything about a game at one moment. ``current`` is a 0-based player index.

    ``dice`` is the roll on the table waiting for its set-aside (``None`` otherwise);
    ``dice_left`` is how many dice the player has not set aside since the turn began or the
    last hot dice: the dice on the table, or the dice the next roll throws.
    """

    players: tuple[PlayerState, ...]
    dice_left: int
    current: int = 0
    phase: Phase = Phase.TURN_START
    dice: Roll | None = None
    turn_points: int = 0
    final_round_by: int | None = None  # who reached the target, while the final round is played
    is_over: bool = False
    won_at_once_by: int | None = None  # who threw a roll that wins at once (the ruleset's instant win)

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(p.score for p in self.players)


# -- rules about actions ---------------------------------------------------------------------


def is_hot_dice(ruleset: SetAsideRuleset, state: GameState) -> bool:
    """Has every die scored since the turn began or the last hot dice (all the dice in hand again)?"""
    return state.phase is Phase.SET_ASIDE and state.dice_left == ruleset.dice


def must_roll(ruleset: SetAsideRuleset, state: GameState) -> bool:
    """Must the player roll on rather than bank, because the ruleset makes hot dice compulsory?"""
    return ruleset.hot_dice is HotDice.COMPULSORY and is_hot_dice(ruleset, state)


def leaves_scoring_dice(ruleset: SetAsideRuleset, roll: Roll, chosen: Roll) -> bool:
    """Does setting aside ``chosen`` leave scoring dice of ``roll`` on the table, where the
    ruleset sets every scoring die aside?"""
    if ruleset.set_aside is not SetAsideRule.ALL_SCORING:
        return False
    every = scoring_dice(ruleset, roll)
    return every is not None and chosen.counts != every.dice.counts


def is_entry_bank(ruleset: SetAsideRuleset, player: PlayerState, points: int) -> bool:
    """Does banking ``points`` put a player on the board (or are they on it already)?"""
    return player.on_board or points >= ruleset.entry


def has_reached_target(ruleset: SetAsideRuleset, player: PlayerState) -> bool:
    """Has the player's score reached the target?"""
    return player.score >= ruleset.target


def passes_target(ruleset: SetAsideRuleset, player: PlayerState, points: int) -> bool:
    """Would banking ``points`` pass the target, where the ruleset's end must hit it exactly?"""
    return ruleset.exact_target and player.score + points > ruleset.target


def wins_at_once(ruleset: SetAsideRuleset, state: GameState, roll: Roll) -> bool:
    """Does ``roll`` win the game at once (the ruleset's instant win; a turn's first roll, where it says so)?"""
    instant = ruleset.instant_win
    return instant is not None and instant.wins(roll.counts, first_roll=state.phase is Phase.TURN_START)


def after_farkle(ruleset: SetAsideRuleset, player: PlayerState) -> PlayerState:
    """The player after a farkle: one more farkle in a row, and the penalty once they reach the
    ruleset's number (the count then starts again)."""
    penalty = ruleset.farkle_penalty
    if penalty is None:
        return player
    count = (player.farkles_in_a_row or 0) + 1
    if count < penalty.farkles:
        return replace(player, farkles_in_a_row=count)
    return replace(player, score=penalty.applied(player.score), farkles_in_a_row=0)


def winners(state: GameState) -> tuple[int, ...]:
    """The 0-based indexes of the winners: who won at once, else the players with the highest
    score (ties share the win)."""
    if state.won_at_once_by is not None:
        return (state.won_at_once_by,)
    top = max(state.scores)
    return tuple(i for i, points in enumerate(state.scores) if points == top)


def bad_throw(count: int, dice: Roll | Iterable[int] | str | None) -> Iterator[BadDiceError]:
    """Why ``dice``, when given, are not a throw of the ``count`` dice in hand (nothing when they
    are, or when the game's dice source throws them)."""
    if dice is None:
        return
    try:
        roll = Roll.of(dice)
    except DiceError as exc:
        yield BadDiceError(str(exc))
        return
    if len(roll) != count:
        yield BadDiceError(f"{roll or 'no dice'}: {len(roll)} dice, but the player rolls {count}")


def raise_first(reasons: Iterable[SetAsideRulesError]) -> None:
    """Raise the first of an action's refusals (``reasons``), if there is one (the rest are not checked)."""
    for refusal in reasons:
        raise refusal


# -- the game --------------------------------------------------------------------------------


def random_dice(seed: int | None = None) -> DiceSource:
    """A dice source drawing from ``random.Random(seed)``."""
    rng = random.Random(seed)
    return lambda n: [rng.randint(1, 6) for _ in range(n)]


class SetAsideGame:
    """A set-aside game (10000, Farkle, Greed) for ``players`` players under ``ruleset``.

    Dice come from ``dice`` (a :data:`DiceSource`; a seeded RNG by default), or are given to
    :meth:`roll` directly, as a replay does.
    """

    def __init__(
        self,
        ruleset: SetAsideRuleset,
        players: int = 1,
        *,
        dice: DiceSource | None = None,
        seed: int | None = None,
    ) -> None:
        if type(players) is not int or not ruleset.min_players <= players <= ruleset.max_players:
            raise PlayerCountError(
                f"{players} players: ruleset {ruleset.name} allows {ruleset.min_players} to {ruleset.max_players}"
            )
        self.ruleset = ruleset
        self._dice = dice if dice is not None else random_dice(seed)
        counted = 0 if ruleset.farkle_penalty is not None else None
        player = PlayerState(farkles_in_a_row=counted)
        self.state = GameState(players=(player,) * players, dice_left=ruleset.dice)

    # -- views -------------------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        """The 0-based index of the player whose turn it is (the last to play, once over)."""
        return self.state.current

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    def winners(self) -> tuple[int, ...]:
        """The winners once the game is over; none before."""
        return winners(self.state) if self.state.is_over else ()

    # -- actions -----------------------------------------------------------------------------

    def roll(self, dice: Roll | Iterable[int] | str | None = None) -> Roll:
        """Roll the dice in hand (all the ruleset's dice at the start of a turn or after hot dice).

        ``dice``, when given, are the values the roll shows. A farkle ends the turn: its points
        are lost and the next player is up. Returns the roll.
        """
        raise_first(self.roll_refusals(dice))
        state = self.state
        roll = self._draw(state.dice_left, dice)
        if wins_at_once(self.ruleset, state, roll):
            self._end_turn(state.players[state.current], won=True)
        elif is_farkle(self.ruleset, roll):
            self._end_turn(after_farkle(self.ruleset, state.players[state.current]), farkled=True)
        else:
            self.state = replace(state, phase=Phase.ROLLED, dice=roll)
        return roll

    def set_aside(self, selection: Roll | Iterable[int] | str) -> int:
        """Set aside these dice (by value) from the roll on the table; returns their points."""
        raise_first(self.set_aside_refusals(selection))
        state = self.state
        chosen = Roll.of(selection)
        points = score(self.ruleset, chosen, roll=state.dice)
        assert state.dice is not None
        left = len(state.dice) - len(chosen)
        self.state = replace(
            state,
            phase=Phase.SET_ASIDE,
            dice=None,
            dice_left=left or self.ruleset.dice,  # none left: hot dice, all the dice in hand again
            turn_points=state.turn_points + points,
        )
        return points

    def bank(self) -> int:
        """Bank the turn's points and end the turn; returns the points added to the score."""
        raise_first(self.bank_refusals())
        state = self.state
        player = state.players[state.current]
        if not is_entry_bank(self.ruleset, player, state.turn_points):
            self._end_turn(player)  # below the entry, where that scores nothing: the turn scores nothing
            return 0
        if passes_target(self.ruleset, player, state.turn_points):
            self._end_turn(player)  # past the target that must be hit exactly: the turn scores nothing
            return 0
        banked = replace(player, score=player.score + state.turn_points, on_board=True)
        self._end_turn(banked, reached=has_reached_target(self.ruleset, banked))
        return state.turn_points

    # -- why the rules refuse an action --------------------------------------------------------
    # Each action's checks, in the order they are made: an action is refused with the first it
    # fails, and every check it fails is a reason the rules refuse it (a check that needs the
    # roll on the table applies only while it is there).

    def roll_refusals(self, dice: Roll | Iterable[int] | str | None = None) -> Iterator[SetAsideRulesError]:
        """Every reason the rules refuse :meth:`roll` now, in the order they are checked."""
        state = self.state
        if state.is_over:
            yield GameOverError("the game is over")
        if state.phase is Phase.ROLLED:
            yield MustSetAsideError("set aside at least one scoring die before rolling again")
        yield from bad_throw(state.dice_left, dice)

    def set_aside_refusals(self, selection: Roll | Iterable[int] | str) -> Iterator[SetAsideRulesError]:
        """Every reason the rules refuse :meth:`set_aside` of ``selection`` now, in the order they
        are checked."""
        state = self.state
        if state.is_over:
            yield GameOverError("the game is over")
        if state.phase is Phase.TURN_START:
            yield NotRolledError("roll the dice first")
        if state.phase is Phase.SET_ASIDE:
            yield AlreadySetAsideError("this roll's dice are already set aside; roll again or bank")
        chosen = Roll.of(selection)
        yield from refusals(self.ruleset, chosen, roll=state.dice)
        if state.dice is not None and leaves_scoring_dice(self.ruleset, state.dice, chosen):
            every = scoring_dice(self.ruleset, state.dice)
            assert every is not None
            yield ScoringDiceLeftError(
                f"every scoring die of {state.dice} is set aside: set {every.dice}, not {chosen}"
            )

    def bank_refusals(self) -> Iterator[SetAsideRulesError]:
        """Every reason the rules refuse :meth:`bank` now, in the order they are checked."""
        state = self.state
        if state.is_over:
            yield GameOverError("the game is over")
        if state.phase is Phase.TURN_START:
            yield NotRolledError("roll the dice first: there is nothing to bank yet")
        if state.phase is Phase.ROLLED:
            yield MustSetAsideError("set aside at least one scoring die before banking")
        if must_roll(self.ruleset, state):
            yield MustRollError(f"every die has scored: roll all {self.ruleset.dice} again")
        player = state.players[state.current]
        refused_below = self.ruleset.below_entry is BelowEntry.REFUSED  # else a bank below it scores nothing
        if refused_below and not is_entry_bank(self.ruleset, player, state.turn_points):
            yield BelowEntryError(
                f"{state.turn_points} points: a first bank needs {self.ruleset.entry} to get on the board"
            )

    # -- helpers -----------------------------------------------------------------------------

    def _draw(self, n: int, given: Roll | Iterable[int] | str | None) -> Roll:
        values = self._dice(n) if given is None else given
        raise_first(bad_throw(n, values))
        return Roll.of(values)

    def _end_turn(
        self, player: PlayerState, *, reached: bool = False, farkled: bool = False, won: bool = False
    ) -> None:
        """Record the player's turn and pass the dice on; end the game when it is over. A turn
        that ends other than by a farkle starts the player's farkles in a row again."""
        state = self.state
        players = list(state.players)
        in_a_row = player.farkles_in_a_row if farkled or player.farkles_in_a_row is None else 0
        players[state.current] = replace(player, turns_taken=player.turns_taken + 1, farkles_in_a_row=in_a_row)
        final_round_by = state.final_round_by
        if reached and final_round_by is None:
            final_round_by = state.current
        following = (state.current + 1) % len(players)
        over = won or (reached and not self.ruleset.final_round) or following == final_round_by
        self.state = GameState(
            players=tuple(players),
            dice_left=self.ruleset.dice,
            current=state.current if over else following,
            final_round_by=final_round_by,
            is_over=over,
            won_at_once_by=state.current if won else None,
        )
