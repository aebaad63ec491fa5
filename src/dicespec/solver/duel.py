"""The exact two-player optimum of a set-aside game (Pig, 10000, Greed, …): the chance of winning
from every state, and the play that maximises it.

:mod:`~dicespec.solver.setaside` plays a turn for its expected points, whatever the scores. Two
players play to win: behind, a player rolls on where the turn policy banks; far ahead, banks
early. Here a state is the scores banked, ``a`` for the player to move and ``b`` for the other,
the turn's points ``t`` and the dice in hand ``n``, all points in the ruleset's step
(:func:`~dicespec.solver.setaside.points_step`). ``W(a, b, t, n)`` is the chance that the player
to move wins with both players playing to win from there:

    W(a, b, t, n) = max(bank, R(a, b, t, n)),   bank = 1 - S(b, a + t)  (1 once a + t reaches the target)
    R(a, b, t, n) = f_n * (1 - S(b, a)) + sum over scoring rolls r of n dice of P(r) * max over
                    the set-asides of r of W(a, b, t + points, dice left)
    S(a, b) = R(a, b, 0, N)   (a turn starts with a roll of all N dice; nothing to bank yet)

where ``f_n`` is the chance that ``n`` dice farkle (the turn's points are lost and the other player
is to move). A bank that reaches the target wins at once: the game ends there, as it does where the
ruleset has no final round.

**Solving it exactly.** Scores never go down, so the states group into *layers* by ``a + b``: a
bank moves to a higher layer, a farkle to the same layer with the players swapped, ``(b, a)``.
The layers are solved from the highest down. Within a layer, for given farkle values
``F = 1 - S(b, a)``, one pass down the turn totals gives every ``W`` of the layer, and ``S(a, b)``
is a convex, piecewise-linear function of ``F``; Newton's method on the pairs ``S(a, b)``,
``S(b, a)`` (each pass also carries ``dS/dF`` along the play it chose) is then policy iteration,
and it ends, exactly, when the play no longer changes: in a few passes a layer.

**What it covers.** The rules that make the state larger are not in it yet: an entry (a player
not on the board), a final round, farkles counted in a row, a target to hit exactly and a roll that
wins at once. A ruleset with one of them is refused, naming it, as is one whose state space is
larger than :data:`MAX_STATES` (more than this machine's memory and ten minutes can hold).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement
from math import ceil

import numpy as np

from dicespec.dice import FACES, Roll
from dicespec.errors import UnsupportedRulesetError
from dicespec.setaside.combos import Option, options
from dicespec.setaside.ruleset import HotDice, SetAsideRuleset
from dicespec.solver.keeps import counts_of, probability
from dicespec.solver.setaside import farkle_chance, points_step

MAX_STATES = 40_000_000
"""The most states (``a, b, t, n``) a two-player solve takes on: two float arrays of this many
entries are 640 MB, and the solve's time grows with them (Pig's 2 million: seconds)."""

TOLERANCE = 1e-13  # a layer is solved when no start value moves by more than this
MAX_PASSES = 60  # Newton passes a layer may take before the solve gives up (it takes a few)
EPSILON = 1e-12  # a roll no better than banking (within rounding) is not taken


class TooLargeError(UnsupportedRulesetError):
    """A ruleset whose two-player state space is larger than the solve takes on."""


@dataclass(frozen=True, slots=True, eq=False)
class _Rolls:
    """Every scoring roll of one to all the ruleset's dice and its set-asides, padded for numpy:
    ``gain[r, o]`` and ``left[r, o]`` for option ``o`` of roll ``r`` (``valid`` marks the real ones)."""

    weights: np.ndarray  # [r, n]: the roll's chance among throws of n dice (0 for other n)
    gain: np.ndarray  # [r, o]: its points, in steps
    left: np.ndarray  # [r, o]: the dice in hand after it (all of them after hot dice)
    valid: np.ndarray  # [r, o]
    farkles: np.ndarray  # [n]: the chance that n dice score nothing (0 for n = 0)


def _rolls(ruleset: SetAsideRuleset, step: int) -> _Rolls:
    found: list[tuple[int, float, tuple[Option, ...]]] = []
    for n in range(1, ruleset.dice + 1):
        for dice in combinations_with_replacement(FACES, n):
            legal = options(ruleset, Roll(dice))
            if legal:
                found.append((n, probability(counts_of(dice)), legal))
    width = max(len(legal) for _, _, legal in found)
    weights = np.zeros((len(found), ruleset.dice + 1))
    gain = np.zeros((len(found), width), dtype=np.int64)
    left = np.zeros((len(found), width), dtype=np.int64)
    valid = np.zeros((len(found), width), dtype=bool)
    for r, (n, chance, legal) in enumerate(found):
        weights[r, n] = chance
        for o, option in enumerate(legal):
            gain[r, o] = option.points // step
            left[r, o] = n - len(option.dice) or ruleset.dice
            valid[r, o] = True
    farkles = np.array([0.0] + [farkle_chance(ruleset, n) for n in range(1, ruleset.dice + 1)])
    return _Rolls(weights, gain, left, valid, farkles)


def unsupported(ruleset: SetAsideRuleset) -> str | None:
    """Why the two-player solve does not take ``ruleset`` on (a rule it does not model yet);
    ``None`` when it does."""
    rules = {
        "hot dice that must be rolled": ruleset.hot_dice is not HotDice.OPTIONAL,
        f"an entry ({ruleset.entry} points)": ruleset.entry > 0,
        "a final round": ruleset.final_round,
        "a target to hit exactly": ruleset.exact_target,
        "a penalty for farkles in a row": ruleset.farkle_penalty is not None,
        "a roll that wins at once": ruleset.instant_win is not None,
    }
    found = [rule for rule, present in rules.items() if present]
    if not found:
        return None
    return f"it has {', '.join(found)}, which the two-player solve does not model yet"


def state_count(ruleset: SetAsideRuleset) -> int:
    """The states ``(a, b, t, n)`` of the two-player solve: both scores and the turn's points below
    the target, in steps, and one to all the dice in hand."""
    goal = ceil(ruleset.target / points_step(ruleset))
    return goal * goal * goal * ruleset.dice


def _require_solvable(ruleset: SetAsideRuleset) -> None:
    """Refuse, in one line, a ruleset the solve does not take on: too many states
    (:class:`TooLargeError`), a rule it does not model, or both, each said."""
    states = state_count(ruleset)
    too_large = states > MAX_STATES
    reasons = [
        f"{states:,} states for two players, more than the {MAX_STATES:,} the two-player solve takes on"
    ] * too_large
    why = unsupported(ruleset)
    if why is not None:
        reasons.append(why)
    if reasons:
        error = TooLargeError if too_large else UnsupportedRulesetError
        raise error(f"ruleset {ruleset.name}: {'; '.join(reasons)}")


@dataclass(frozen=True, slots=True, eq=False)
class Duel:
    """The two-player optimum of a ruleset. ``starts[a, b]`` is ``S(a, b)``; ``values[a, b, t, n]``
    is ``W(a, b, t, n)`` (see the module docstring), scores and points in steps of :attr:`step`,
    each below :attr:`goal` (the target in steps); a state past it is won."""

    ruleset: SetAsideRuleset
    step: int
    goal: int
    starts: np.ndarray
    values: np.ndarray
    passes: int  # Newton passes, over every layer

    @property
    def first_player_chance(self) -> float:
        """The chance that the player who starts wins, both playing to win."""
        return float(self.starts[0, 0])

    def _steps(self, points: int, what: str) -> int:
        if points < 0 or points % self.step:
            raise ValueError(f"{what} {points}: points are a multiple of {self.step} from 0")
        return points // self.step

    def start_chance(self, mine: int, theirs: int) -> float:
        """The chance of winning for the player about to start a turn, with ``mine`` banked against ``theirs``."""
        a, b = self._steps(mine, "a score"), self._steps(theirs, "a score")
        if a >= self.goal:
            return 1.0
        if b >= self.goal:
            return 0.0
        return float(self.starts[a, b])

    def chance(self, mine: int, theirs: int, turn_points: int, dice_left: int) -> float:
        """``W``: the chance of winning from a turn's points and dice in hand, banking or rolling on."""
        a, b, t = self._steps(mine, "a score"), self._steps(theirs, "a score"), self._steps(turn_points, "turn points")
        if a + t >= self.goal:
            return 1.0
        if b >= self.goal:
            return 0.0
        return float(self.values[a, b, t, dice_left])

    def bank_chance(self, mine: int, theirs: int, turn_points: int) -> float:
        """The chance of winning after banking ``turn_points`` now."""
        return 1.0 - self.start_chance(theirs, mine + turn_points)

    def should_bank(self, mine: int, theirs: int, turn_points: int, dice_left: int) -> bool:
        """Is banking at least as likely to win as rolling on?"""
        if turn_points == 0:
            return False  # nothing to bank at the start of a turn
        return (
            self.chance(mine, theirs, turn_points, dice_left) <= self.bank_chance(mine, theirs, turn_points) + EPSILON
        )

    def choices(self, mine: int, theirs: int, turn_points: int, roll: Roll | str) -> list[tuple[Option, float]]:
        """Every legal set-aside of ``roll`` with the chance of winning after it, best first."""
        roll = roll if isinstance(roll, Roll) else Roll.parse(roll)
        scored = [
            (
                option,
                self.chance(
                    mine, theirs, turn_points + option.points, len(roll) - len(option.dice) or self.ruleset.dice
                ),
            )
            for option in options(self.ruleset, roll)
        ]
        return sorted(scored, key=lambda pair: -pair[1])

    def bank_thresholds(self, dice_left: int) -> dict[int, list[int | None]]:
        """For each score of the player to move (in points), and each score of the other player, the
        least turn total at which banking is right with ``dice_left`` dice in hand (``None``: it never
        is below the target), by the other's score in order."""
        table: dict[int, list[int | None]] = {}
        for a in range(self.goal):
            row: list[int | None] = []
            for b in range(self.goal):
                banks = [
                    t
                    for t in range(1, self.goal - a)
                    if self.values[a, b, t, dice_left] <= 1.0 - self.starts[b, a + t] + EPSILON
                ]
                row.append(banks[0] * self.step if banks else None)
            table[a * self.step] = row
        return table


@cache
def duel(ruleset: SetAsideRuleset) -> Duel:
    """The two-player optimum of ``ruleset`` (refused in one line where it has a rule the solve does
    not model, or too many states: :class:`TooLargeError`)."""
    _require_solvable(ruleset)
    step = points_step(ruleset)
    goal = ceil(ruleset.target / step)
    rolls = _rolls(ruleset, step)
    dice = ruleset.dice
    reach = int(rolls.gain.max())
    starts = np.zeros((goal, goal))
    values = np.zeros((goal, goal, goal, dice + 1))
    passes = 0
    for layer in reversed(range(2 * goal - 1)):
        a = np.arange(max(0, layer - goal + 1), min(layer, goal - 1) + 1)
        b = layer - a
        passes += _solve_layer(rolls, starts, values, a, b, goal, dice, reach)
    return Duel(ruleset, step, goal, starts, values, passes)


def _solve_layer(
    rolls: _Rolls,
    starts: np.ndarray,
    values: np.ndarray,
    a: np.ndarray,
    b: np.ndarray,
    goal: int,
    dice: int,
    reach: int,
) -> int:
    """Solve the pairs ``(a, b)`` of one layer (their sum the same), every higher layer solved: fill
    their ``starts`` and ``values``; the Newton passes it took."""
    swap = len(a) - 1 - np.arange(len(a))  # (b, a) is the pair at the other end of the layer
    pairs = len(a)
    totals = np.arange(goal + reach + 1)
    won = a[:, None] + totals[None, :] >= goal  # [p, t]: a bank there reaches the target
    # A bank of t > 0 points moves to a higher layer: the other player then starts a turn at (b, a + t).
    bank = np.ones((pairs, goal + reach + 1))
    for t in range(1, goal):
        open_ = ~won[:, t]
        bank[open_, t] = 1.0 - starts[b[open_], a[open_] + t]
    guess = np.full(pairs, 0.5)
    alone = swap == np.arange(pairs)  # (a, a): its farkle value is its own
    for passes in itertools.count(1):
        layer_values, start, slope = _pass(rolls, bank, won, 1.0 - guess[swap], goal, dice, reach)
        # On the play this pass chose, S(p) = constant - slope * S(swap(p)): solved for both at once.
        constant = start + slope * guess[swap]
        solved = np.where(
            alone, constant / (1.0 + slope), (constant - slope * constant[swap]) / (1.0 - slope * slope[swap])
        )
        if float(np.max(np.abs(solved - guess))) <= TOLERANCE:
            break  # the play no longer changes: this pass's values are the layer's
        if passes == MAX_PASSES:
            raise ArithmeticError(f"a layer of the two-player solve did not settle in {MAX_PASSES} passes")
        guess = solved
    starts[a, b] = start
    values[a, b] = layer_values[:, :goal]
    return passes


def _pass(
    rolls: _Rolls,
    bank: np.ndarray,
    won: np.ndarray,
    farkle: np.ndarray,
    goal: int,
    dice: int,
    reach: int,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """One pass down a layer's turn totals with the farkle values ``farkle`` (per pair): ``W`` of
    every state of the layer, ``S`` of each pair, and ``dS/dF`` along the play chosen."""
    value = np.where(won[:, :, None], 1.0, 0.0) * np.ones((1, 1, dice + 1))  # [p, t, n]
    slope = np.zeros_like(value)
    for t in reversed(range(goal)):
        at = t + rolls.gain  # [r, o]
        option_values = np.where(rolls.valid, value[:, at, rolls.left], -1.0)  # [p, r, o]
        best = option_values.argmax(axis=2)[:, :, None]
        by_roll = np.take_along_axis(option_values, best, axis=2)[:, :, 0]  # [p, r]
        by_roll_slope = np.take_along_axis(slope[:, at, rolls.left], best, axis=2)[:, :, 0]
        roll = by_roll @ rolls.weights + farkle[:, None] * rolls.farkles[None, :]  # [p, n]
        roll_slope = by_roll_slope @ rolls.weights + rolls.farkles[None, :]
        if t == 0:  # the start of the turn: a roll of every die, nothing to bank
            value[:, 0] = roll
            return value, roll[:, dice], roll_slope[:, dice]
        banks = bank[:, t, None] >= roll - EPSILON
        value[:, t] = np.where(banks, bank[:, t, None], roll)
        slope[:, t] = np.where(banks, 0.0, roll_slope)
        value[won[:, t], t] = 1.0
        slope[won[:, t], t] = 0.0
    raise AssertionError("a pass reaches the start of the turn")


@dataclass(frozen=True, slots=True)
class Simulated:
    """Games played on the engine by two players who both play :class:`Duel`'s play."""

    games: int
    first_wins: float  # a shared win counts a half

    @property
    def first_player_chance(self) -> float:
        return self.first_wins / self.games

    @property
    def standard_error(self) -> float:
        """The standard error of :attr:`first_player_chance` (a win or a loss a game)."""
        p = self.first_player_chance
        return float(np.sqrt(p * (1 - p) / self.games))


def simulate(solved: Duel, games: int, seed: int) -> Simulated:
    """Play ``games`` two-player games on the reference engine, its dice seeded by ``seed``, each
    player setting aside and banking as ``solved`` plays: a check of the solve that shares only its
    play with it (the rules, the dice and who wins are the engine's)."""
    from dicespec.setaside.game import SetAsideGame

    first_wins = 0.0
    for index in range(games):
        game = SetAsideGame(solved.ruleset, 2, seed=seed * 1_000_003 + index)
        while not game.is_over:
            state = game.state
            mover = state.current
            mine, theirs = state.players[mover].score, state.players[1 - mover].score
            roll = game.roll()
            if game.is_over or game.state.current != mover or game.state.dice is None:
                continue  # a farkle: the turn is over
            option, _ = solved.choices(mine, theirs, game.state.turn_points, roll)[0]
            game.set_aside(option.dice)
            after = game.state
            if solved.should_bank(mine, theirs, after.turn_points, after.dice_left):
                game.bank()
        winners = game.winners()
        first_wins += winners.count(0) / len(winners)
    return Simulated(games, first_wins)
