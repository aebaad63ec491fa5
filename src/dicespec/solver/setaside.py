"""Optimal play of one turn of a set-aside game (10000, Greed, …): when to bank, what to set
aside, and what a turn is worth.

A turn's state between rolls is ``(t, n)``: the turn's points so far and the dice in hand (all
``N`` of the ruleset's dice again after hot dice: six in 10000, five in Greed). ``V(t, n)`` is the
turn's expected banked points with optimal play from there, for a player already on the board:

    V(t, n) = max(t, R(t, n)),   R(t, n) = sum over rolls r of n dice of P(r) * best(r),

where ``best(r)`` is 0 for a farkle and otherwise the largest ``V(t + points, n')`` over the
legal set-asides of ``r`` (``n'`` the dice left, ``N`` after hot dice; where the ruleset sets
every scoring die aside, as Greed does, a roll has one legal set-aside and the only choice is
to bank or roll on). A turn starts with a roll of all ``N`` dice: its expected score is
``R(0, N)``.

**The cap.** Turn totals are unbounded, but past a total ``T0`` banking is always right. Let
``A_n`` be the most one roll of ``n`` dice scores and ``f_n`` its chance of a farkle, and
``T0 = max over n of (1 - f_n) * A_n / f_n`` (rounded up to the points' step). Claim: for every
``t >= T0`` and every ``n``, ``V(t, n) = t``. Let ``V_k`` be the value when at most ``k`` more
rolls are allowed; ``V_0(t, n) = t``. If ``V_k(t', n') <= t'`` for all ``t' >= T0``, then from
``t >= T0`` a roll is worth at most ``(1 - f_n) * (t + A_n)``, since every total it leads to is
at least ``T0`` and at most ``t + A_n``; and ``(1 - f_n)(t + A_n) <= t`` exactly when
``t >= (1 - f_n) A_n / f_n``, which holds. So ``V_{k+1}(t, n) <= t``, and ``V``, the limit of the
``V_k``, is at most ``t`` too; banking gets ``t``. The dynamic programme therefore runs down
from ``T0`` (every gain is at least one step, so each total needs only larger ones) and is
exact, not truncated.

**Getting on the board.** A player not yet on the board scores a turn only by banking at least
the entry. The entry policy maximises that chance: ``P(t, n) = 1`` for ``t >= entry`` (bank),
otherwise a roll, each set-aside chosen to maximise ``P``.

Hot dice are optional in every shipped ruleset; a ruleset that makes them compulsory is refused.

**What the policies leave out.** Both policies look at one turn alone, so the rules that depend
on the game around the turn are not in them (:func:`unaccounted`): a penalty after so many farkles
in a row (a farkle costs the turn's points only, here), an end that must hit the target exactly
(a bank is worth its points whatever the score), and a roll that wins at once (it scores as its
combination). The figures of such a ruleset say so, rather than pretend to be its optimal play.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, reduce
from itertools import combinations_with_replacement
from math import ceil, gcd

import numpy as np

from dicespec.dice import FACES, Roll
from dicespec.errors import UnsupportedRulesetError
from dicespec.setaside.combos import Option, best, combinations, options
from dicespec.setaside.ruleset import HotDice, SetAsideRuleset
from dicespec.solver.keeps import counts_of, probability

EPSILON = 1e-9  # a roll worth no more than banking (within rounding) is not worth the risk


@dataclass(frozen=True, slots=True, eq=False)
class _Moves:
    """Every roll of one to all the ruleset's dice and its legal set-asides, flattened for numpy.

    Only rolls that score are listed (a farkle is worth 0); each has a run of options.
    """

    dice: np.ndarray  # per roll: how many dice are thrown
    chance: np.ndarray  # per roll: its probability among the throws of that many dice
    starts: np.ndarray  # per roll: where its options start
    gain: np.ndarray  # per option: its points, in steps
    left: np.ndarray  # per option: the dice in hand afterwards (all of them after hot dice)


def _rolls(n: int) -> list[Roll]:
    return [Roll(dice) for dice in combinations_with_replacement(FACES, n)]


def points_step(ruleset: SetAsideRuleset) -> int:
    """The greatest common divisor of every combination's points and the entry: every turn
    total is a multiple of it."""
    return reduce(gcd, [combo.points for combo in combinations(ruleset)] + [ruleset.entry])


def farkle_chance(ruleset: SetAsideRuleset, n: int) -> float:
    """The chance that ``n`` dice show no scoring die."""
    return sum(probability(counts_of(roll.dice)) for roll in _rolls(n) if best(ruleset, roll) == 0)


def most_points(ruleset: SetAsideRuleset, n: int) -> int:
    """The most one roll of ``n`` dice can score."""
    return max(best(ruleset, roll) for roll in _rolls(n))


def banking_cap(ruleset: SetAsideRuleset) -> int:
    """A turn total at and past which banking is always right (see the module docstring)."""
    step = points_step(ruleset)
    bound = max(
        (1 - farkle_chance(ruleset, n)) * most_points(ruleset, n) / farkle_chance(ruleset, n)
        for n in range(1, ruleset.dice + 1)
    )
    return ceil(bound / step) * step


@cache
def _moves(ruleset: SetAsideRuleset) -> _Moves:
    step = points_step(ruleset)
    dice: list[int] = []
    chance: list[float] = []
    starts: list[int] = []
    gain: list[int] = []
    left: list[int] = []
    for n in range(1, ruleset.dice + 1):
        for roll in _rolls(n):
            legal = options(ruleset, roll)
            if not legal:
                continue
            dice.append(n)
            chance.append(probability(counts_of(roll.dice)))
            starts.append(len(gain))
            for option in legal:
                gain.append(option.points // step)
                left.append(n - len(option.dice) or ruleset.dice)
    return _Moves(*(np.array(a) for a in (dice, chance, starts, gain, left)))


UNACCOUNTED_RULES = ("farkle_penalty", "end.exact", "instant_win")
"""The keys of the rules the turn and entry policies leave out, in this order."""


def unaccounted(ruleset: SetAsideRuleset) -> tuple[str, ...]:
    """The keys of the ruleset's rules that the turn and entry policies do not account for (see
    the module docstring): none for a ruleset without them."""
    present = {
        "farkle_penalty": ruleset.farkle_penalty is not None,
        "end.exact": ruleset.exact_target,
        "instant_win": ruleset.instant_win is not None,
    }
    return tuple(key for key in UNACCOUNTED_RULES if present[key])


def _require_supported(ruleset: SetAsideRuleset) -> None:
    if ruleset.hot_dice is not HotDice.OPTIONAL:
        raise UnsupportedRulesetError(
            f"ruleset {ruleset.name}: hot dice are {ruleset.hot_dice}; the solver handles optional hot dice"
        )


def _roll_values(moves: _Moves, later: np.ndarray, at: int, dice: int) -> np.ndarray:
    """``R`` at total index ``at`` for 0..dice dice in hand, given the values ``later`` at larger totals."""
    by_option = later[at + moves.gain, moves.left]
    by_roll = np.maximum.reduceat(by_option, moves.starts)
    return np.bincount(moves.dice, weights=moves.chance * by_roll, minlength=dice + 1)


@dataclass(frozen=True, slots=True, eq=False)
class TurnPolicy:
    """The turn policy that maximises a turn's expected banked points (player on the board).

    ``values[i, n]`` is ``V(i * step, n)`` and ``rolls[i, n]`` is ``R(i * step, n)``, for
    totals below ``cap``; at and past ``cap`` banking is right and ``V(t, n) = t``.
    """

    ruleset: SetAsideRuleset
    step: int
    cap: int
    values: np.ndarray
    rolls: np.ndarray

    def _index(self, turn_points: int) -> int:
        if turn_points < 0 or turn_points % self.step:
            raise ValueError(f"turn points {turn_points}: a turn total is a multiple of {self.step} from 0")
        return turn_points // self.step

    def roll_value(self, turn_points: int, dice_left: int) -> float:
        """``R``: the expected banked points of rolling ``dice_left`` dice now, then playing on well."""
        if turn_points >= self.cap:
            raise ValueError(f"past {self.cap} banking is always right; a roll's value is not kept")
        return float(self.rolls[self._index(turn_points), dice_left])

    def value(self, turn_points: int, dice_left: int) -> float:
        """``V``: the expected banked points from here, banking or rolling, whichever is better."""
        if turn_points >= self.cap:
            return float(turn_points)
        return float(self.values[self._index(turn_points), dice_left])

    def should_bank(self, turn_points: int, dice_left: int) -> bool:
        """Is banking at least as good as rolling on?"""
        return turn_points >= self.cap or self.roll_value(turn_points, dice_left) <= turn_points + EPSILON

    def choices(self, turn_points: int, roll: Roll | str) -> list[tuple[Option, float]]:
        """Every legal set-aside of ``roll`` with the turn's expected banked points after it, best first."""
        roll = roll if isinstance(roll, Roll) else Roll.parse(roll)
        scored = [
            (option, self.value(turn_points + option.points, len(roll) - len(option.dice) or self.ruleset.dice))
            for option in options(self.ruleset, roll)
        ]
        return sorted(scored, key=lambda pair: -pair[1])

    def set_aside(self, turn_points: int, roll: Roll | str) -> Option:
        """The best set-aside of ``roll`` (a farkle has none: :class:`ValueError`)."""
        found = self.choices(turn_points, roll)
        if not found:
            raise ValueError(f"{roll} is a farkle: nothing to set aside")
        return found[0][0]

    @property
    def expected_turn_score(self) -> float:
        """A whole turn's expected banked points: a first roll of every die, then optimal play."""
        return float(self.rolls[0, self.ruleset.dice])

    def banking_table(self) -> dict[int, int]:
        """For each number of dice in hand, the smallest total from which banking is right at
        every larger total too."""
        table = {}
        for n in range(1, self.ruleset.dice + 1):
            rolling = np.flatnonzero(self.rolls[:, n] > np.arange(len(self.rolls)) * self.step + EPSILON)
            table[n] = int(rolling[-1] + 1) * self.step if len(rolling) else 0
        return table

    def banks_below_threshold(self) -> dict[int, list[int]]:
        """Totals below each threshold of :meth:`banking_table` at which banking is right all the same."""
        table = self.banking_table()
        found = {}
        for n, threshold in table.items():
            totals = np.arange(threshold // self.step) * self.step
            found[n] = [int(t) for t in totals if self.rolls[t // self.step, n] <= t + EPSILON]
        return found


@cache
def turn_policy(ruleset: SetAsideRuleset) -> TurnPolicy:
    """The expected-points turn policy of ``ruleset`` (computed once, in about a second)."""
    _require_supported(ruleset)
    step = points_step(ruleset)
    cap = banking_cap(ruleset)
    moves = _moves(ruleset)
    size = cap // step
    reach = int(moves.gain.max())
    totals = np.arange(size + reach + 1) * step
    values = np.repeat(totals[:, None].astype(float), ruleset.dice + 1, axis=1)  # V = t from the cap on
    rolls = np.zeros((size, ruleset.dice + 1))
    for at in reversed(range(size)):
        rolls[at] = _roll_values(moves, values, at, ruleset.dice)
        values[at] = np.maximum(totals[at], rolls[at])
    return TurnPolicy(ruleset, step, cap, values[:size].copy(), rolls)


@dataclass(frozen=True, slots=True, eq=False)
class EntryPolicy:
    """The turn policy that maximises the chance of banking at least the entry in one turn.

    ``chances[i, n]`` is that chance from a total of ``i * step`` with ``n`` dice in hand.
    """

    ruleset: SetAsideRuleset
    step: int
    chances: np.ndarray

    def chance(self, turn_points: int, dice_left: int) -> float:
        """The chance of getting on the board this turn from here (1 once the entry is reached)."""
        if turn_points >= self.ruleset.entry:
            return 1.0
        return float(self.chances[turn_points // self.step, dice_left])

    def should_bank(self, turn_points: int, dice_left: int) -> bool:
        """Bank as soon as the entry is reached; below it, a bank gets nothing."""
        return turn_points >= self.ruleset.entry

    def set_aside(self, turn_points: int, roll: Roll | str) -> Option:
        """The set-aside of ``roll`` that keeps the best chance of getting on the board."""
        roll = roll if isinstance(roll, Roll) else Roll.parse(roll)
        legal = options(self.ruleset, roll)
        if not legal:
            raise ValueError(f"{roll} is a farkle: nothing to set aside")
        return max(
            legal,
            key=lambda o: self.chance(turn_points + o.points, len(roll) - len(o.dice) or self.ruleset.dice),
        )

    @property
    def on_board_chance(self) -> float:
        """The chance that a whole turn, played this way, gets a player on the board."""
        return self.chance(0, self.ruleset.dice)


@cache
def entry_policy(ruleset: SetAsideRuleset) -> EntryPolicy:
    """The policy that maximises the chance of getting on the board in one turn."""
    _require_supported(ruleset)
    step = points_step(ruleset)
    moves = _moves(ruleset)
    size = ruleset.entry // step
    chances = np.ones((size + int(moves.gain.max()) + 1, ruleset.dice + 1))  # 1 from the entry on
    for at in reversed(range(size)):
        chances[at] = _roll_values(moves, chances, at, ruleset.dice)
    return EntryPolicy(ruleset, step, chances[:size].copy())
