"""The exact two-player optimum of a set-aside game (Pig, 10000, Greed, …): the chance of winning
from every state, and the play that maximises it.

:mod:`~dicespec.solver.setaside` plays a turn for its expected points, whatever the scores. Two
players play to win: behind, a player rolls on where the turn policy banks; far ahead, banks
early. Here a state is the scores banked, ``a`` for the player to move and ``b`` for the other,
the turn's points ``t`` and the dice in hand ``n``, all points in the ruleset's step
(:func:`~dicespec.solver.setaside.points_step`). ``W(a, b, t, n)`` is the chance that the player
to move wins (a shared win counts a half) with both players playing to win from there:

    W(a, b, t, n) = max(bank, R(a, b, t, n)),   bank = 1 - S(b, a + t)  (below the target)
    R(a, b, t, n) = f_n * (1 - S(b, a)) + sum over scoring rolls r of n dice of P(r) * max over
                    the set-asides of r of W(a, b, t + points, dice left)
    S(a, b) = R(a, b, 0, N)   (a turn starts with a roll of all N dice; nothing to bank yet)

where ``f_n`` is the chance that ``n`` dice farkle (the turn's points are lost and the other player
is to move). A bank that reaches the target wins, where the ruleset has no final round. With one,
the other player has a last turn to pass the score banked, played for exactly that (bank once
ahead; level, bank for the tie or roll on): banking is worth 1 less that turn's chance, and the
player at or past the target may roll on to set the bar higher. An entry needs no state of its
own: a player not on the board has 0, and may not bank below the entry (a bank that scores
nothing is never better than rolling on, which farkles at worst).

**Solving it exactly.** Scores never go down, so the states group into *layers* by ``a + b``: a
bank moves to a higher layer, a farkle to the same layer with the players swapped, ``(b, a)``.
The layers are solved from the highest down. Within a layer, for given farkle values
``F = 1 - S(b, a)``, one pass down the turn totals gives every ``W`` of the layer, and ``S(a, b)``
is a convex, piecewise-linear function of ``F``; Newton's method on the pairs ``S(a, b)``,
``S(b, a)`` (each pass also carries ``dS/dF`` along the play it chose) is then policy iteration,
and it ends, exactly, when the play no longer changes: in about five passes a layer. Rolls that
leave the same choices are one (their chances added), and of the set-asides of a roll that leave
as many dice only the one that gains most is weighed: ``W`` never falls as ``t`` rises. A state
whose bank is won for certain is not weighed; past the target with a final round, a bank so far
ahead that the last turn's chance of catching up is below :data:`NEGLIGIBLE` counts as won.

Only the chances at the start of a turn, ``S``, are kept (in the cache folder, named by the rules
and the code); a pair of scores' ``W`` is worked out again in one pass when it is asked.

**What it covers.** Farkles counted in a row, a target to hit exactly and a roll that wins at once
would make the state larger, and are not modelled yet: a ruleset with one of them is refused,
naming it, as is one whose solve would weigh more than :data:`MAX_WEIGHED` choices a pass (about
ten minutes here) or need more than :data:`MAX_BYTES` of memory.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import os
import tempfile
import zipfile
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from functools import cache
from itertools import combinations_with_replacement
from math import ceil
from pathlib import Path

import numpy as np

from dicespec.caches import cache_dir, code_digest
from dicespec.dice import FACES, Roll
from dicespec.errors import UnsupportedRulesetError
from dicespec.setaside.combos import Option, options
from dicespec.setaside.ruleset import BelowEntry, HotDice, SetAsideRuleset
from dicespec.solver.keeps import counts_of, probability
from dicespec.solver.setaside import farkle_chance, points_step

Progress = Callable[[int, int], None]  # told (states solved, states in all) as a solve goes on

MAX_WEIGHED = 9_000_000_000
"""The most choices a two-player solve weighs in one pass over its states (every set-aside a roll
leaves, at every state still played): a solve takes about five passes a layer, and 10000's 3.3
billion a pass took 3 min 33 s in all on a 2-core machine of 2026, so this is about ten minutes."""

MAX_BYTES = 4 * 2**30
"""The most memory a two-player solve may take: the start chances, and one layer's chances and
slopes with a pass's choices (:func:`memory`)."""

NO_BANK = -1.0  # what banking is worth where the rules do not allow it
NEGLIGIBLE = 1e-17  # a last turn's chance of catching up this small is taken as none
MAX_FINAL = 100_000  # the most steps behind a last turn's chance is worked out for
TOLERANCE = 1e-13  # a layer is solved when no start value moves by more than this
MAX_PASSES = 60  # Newton passes a layer may take before the solve gives up (it takes a few)
EPSILON = 1e-12  # a roll no better than banking (within rounding) is not taken


class TooLargeError(UnsupportedRulesetError):
    """A ruleset whose two-player state space is larger than the solve takes on."""


@dataclass(frozen=True, slots=True, eq=False)
class _Rolls:
    """The scoring rolls of one to all the ruleset's dice by the choices they leave, padded for
    numpy: ``gain[r, o]`` and ``left[r, o]`` for option ``o`` of roll ``r`` (``valid`` marks the
    real ones), and the chance of such a roll among the throws of each number of dice."""

    weights: np.ndarray  # [r, n]: the chance of such a roll among throws of n dice
    gain: np.ndarray  # [r, o]: its points, in steps
    left: np.ndarray  # [r, o]: the dice in hand after it (all of them after hot dice)
    valid: np.ndarray  # [r, o]
    farkles: np.ndarray  # [n]: the chance that n dice score nothing (0 for n = 0)


def _rolls(ruleset: SetAsideRuleset, step: int) -> _Rolls:
    """The scoring rolls as the solve needs them: of a roll's set-asides that leave as many dice in
    hand, only the one that gains most (a chance of winning never falls as the turn's points
    rise, all else the same), and the rolls that leave the same choices as one, their chances added."""
    choices: dict[frozenset[tuple[int, int]], np.ndarray] = {}
    for n in range(1, ruleset.dice + 1):
        for dice in combinations_with_replacement(FACES, n):
            most: dict[int, int] = {}  # dice left → the most points leaving them
            for option in options(ruleset, Roll(dice)):
                kept = n - len(option.dice) or ruleset.dice
                most[kept] = max(most.get(kept, 0), option.points // step)
            if most:
                key = frozenset((points, kept) for kept, points in most.items())
                choices.setdefault(key, np.zeros(ruleset.dice + 1))[n] += probability(counts_of(dice))
    width = max(len(key) for key in choices)
    gain = np.ones((len(choices), width), dtype=np.int64)  # a padding option's: 1, to index with
    left = np.zeros((len(choices), width), dtype=np.int64)
    valid = np.zeros((len(choices), width), dtype=bool)
    for r, key in enumerate(choices):
        for o, (points, remaining) in enumerate(sorted(key)):
            gain[r, o], left[r, o], valid[r, o] = points, remaining, True
    weights = np.array(list(choices.values()))
    farkles = np.array([0.0] + [farkle_chance(ruleset, n) for n in range(1, ruleset.dice + 1)])
    return _Rolls(weights, gain, left, valid, farkles)


UNMODELLED = {
    "hot_dice": "hot dice that must be rolled",
    "end.exact": "a target to hit exactly",
    "farkle_penalty": "a penalty for farkles in a row",
    "instant_win": "a roll that wins at once",
}
"""The rules the two-player solve does not model yet, by ruleset key, as its refusal names them."""


def unmodelled(ruleset: SetAsideRuleset) -> tuple[str, ...]:
    """The keys of ``ruleset``'s rules the two-player solve does not model yet, in the order of
    :data:`UNMODELLED` (none: it models them all)."""
    present = {
        "hot_dice": ruleset.hot_dice is not HotDice.OPTIONAL,
        "end.exact": ruleset.exact_target,
        "farkle_penalty": ruleset.farkle_penalty is not None,
        "instant_win": ruleset.instant_win is not None,
    }
    return tuple(key for key in UNMODELLED if present[key])


def unsupported(ruleset: SetAsideRuleset) -> str | None:
    """Why the two-player solve does not take ``ruleset`` on (a rule it does not model yet);
    ``None`` when it does."""
    found = [UNMODELLED[key] for key in unmodelled(ruleset)]
    if not found:
        return None
    return f"it has {', '.join(found)}, which the two-player solve does not model yet"


def too_large(ruleset: SetAsideRuleset) -> str | None:
    """Why ``ruleset``'s two-player solve is beyond this machine (its states, and the bound its work
    or its memory passes); ``None`` when it is not."""
    states, work, needs = state_count(ruleset), weighed(ruleset), memory(ruleset)
    if work > MAX_WEIGHED:
        return (
            f"{states:,} states for two players, and {work:,} choices to weigh a pass: more than the "
            f"{MAX_WEIGHED:,} the two-player solve takes on (about ten minutes)"
        )
    if needs > MAX_BYTES:
        return (
            f"{states:,} states for two players, {needs / 2**30:.1f} GB: more than the "
            f"{MAX_BYTES // 2**30} GB the two-player solve takes on"
        )
    return None


def memory(ruleset: SetAsideRuleset) -> int:
    """The bytes a two-player solve holds at most (8 a number): the start chances of every pair of
    scores, and, for the largest layer, the chances and slopes of its states and a pass's choices
    at one turn total."""
    setup = _setup(ruleset)
    pairs, rolls = setup.goal, setup.rolls.gain.size
    layer = pairs * (setup.limit + setup.reach + 1) * (setup.dice + 1) * 2 + pairs * rolls * 3
    return (setup.goal * setup.goal + layer) * 8


@dataclass(frozen=True, slots=True, eq=False)
class _Setup:
    """What the solve of one ruleset works with, points in steps."""

    rolls: _Rolls
    dice: int
    goal: int  # the target
    entry: int  # the least first bank (0: none)
    reach: int  # the most one set-aside gains
    limit: int  # the turn totals kept, 0 to limit - 1: a bank from at or past it is as good as won
    last_turn: np.ndarray  # [m, n]: the last player's chance m behind, n dice in hand (see _final_turn)
    reached: np.ndarray  # [d]: the mover's chance banking d ahead at or past the target (its last: 1, and on)


def _final_turn(rolls: _Rolls, dice: int, reach: int) -> tuple[np.ndarray, np.ndarray]:
    """The last player's chance in a final round (a win 1, a tie a half): starting a turn ``d``
    behind the leader, for each ``d`` from 0 until it is below :data:`NEGLIGIBLE`; and ``m`` behind
    with ``n`` dice in hand after a set-aside, ``[m, n]``. A turn that needs more than ``d`` points
    is played for exactly that: bank once ahead; level, bank for the tie or roll on for the win."""
    # chance[m + reach, n]: m behind (a negative m: ahead, so bank: certain), n dice in hand, after a set-aside.
    chance = [np.ones(dice + 1) for _ in range(reach)]
    starts: list[float] = []
    for m in itertools.count():
        later = np.array(chance[-reach:])
        option_values = np.where(rolls.valid, later[reach - rolls.gain, rolls.left], -1.0)
        roll = option_values.max(axis=1) @ rolls.weights  # a farkle: lost
        starts.append(float(roll[dice]))
        chance.append(np.maximum(0.5 if m == 0 else 0.0, roll))
        if m >= reach and max(starts[-reach:]) < NEGLIGIBLE:
            return np.array(starts), np.array(chance[reach:])
        if m > MAX_FINAL:
            raise ArithmeticError(f"a final turn's chance is not negligible {MAX_FINAL} steps behind")
    raise AssertionError("unreachable")


@cache
def _setup(ruleset: SetAsideRuleset) -> _Setup:
    step = points_step(ruleset)
    rolls = _rolls(ruleset, step)
    goal = ceil(ruleset.target / step)
    reach = int(rolls.gain.max())
    if ruleset.final_round:
        final, last_turn = _final_turn(rolls, ruleset.dice, reach)
        reached = np.append(1.0 - final, 1.0)
        limit = goal + len(final)
    else:
        last_turn, reached = np.zeros((0, ruleset.dice + 1)), np.ones(1)
        limit = goal
    return _Setup(rolls, ruleset.dice, goal, ceil(ruleset.entry / step), reach, limit, last_turn, reached)


def state_count(ruleset: SetAsideRuleset) -> int:
    """The states ``(a, b, t, n)`` of the two-player solve: both scores below the target, the
    turn's points kept (below the target without a final round; with one, as far past it as a
    last turn's chance of catching up is not negligible), in steps, and one to all the dice in hand."""
    setup = _setup(ruleset)
    return setup.goal * setup.goal * setup.limit * setup.dice


def _open(setup: _Setup, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``[p, t]``: is the mover of pair ``(a, b)`` still playing at a turn total of ``t``? Not once
    a bank there is won for certain: at or past the target, and, where a final round follows, so far
    ahead that the other's last turn is as good as lost."""
    ahead = len(setup.reached) - 1  # from there on a bank past the target is worth 1
    won_from = np.maximum(setup.goal, b + ahead)
    playing: np.ndarray = a[:, None] + np.arange(setup.limit)[None, :] < won_from[:, None]
    return playing


def weighed(ruleset: SetAsideRuleset) -> int:
    """The choices a two-player solve weighs in one pass over its states: at each state still
    played, every set-aside of every roll the dice in hand could show, as the solve groups them."""
    setup = _setup(ruleset)
    scores = np.arange(setup.goal)
    playing = sum(int(_open(setup, scores, np.full(setup.goal, b)).sum()) for b in range(setup.goal))
    return playing * int(setup.rolls.valid.sum())


def _reasons(ruleset: SetAsideRuleset) -> tuple[bool, list[str]]:
    """Why the solve does not take ``ruleset`` on: is it too large for this machine, and each
    reason (none: it takes it on)."""
    reasons = [why for why in (too_large(ruleset), unsupported(ruleset)) if why is not None]
    return too_large(ruleset) is not None, reasons


def solvable(ruleset: SetAsideRuleset) -> str | None:
    """Why the two-player solve does not take ``ruleset`` on, in one line (``None``: it does)."""
    return "; ".join(_reasons(ruleset)[1]) or None


def _require_solvable(ruleset: SetAsideRuleset) -> None:
    """Refuse, in one line, a ruleset the solve does not take on: too large for this machine
    (:class:`TooLargeError`: naming its states and the bound it passes), a rule it does not
    model, or both, each said."""
    too_large, reasons = _reasons(ruleset)
    if reasons:
        error = TooLargeError if too_large else UnsupportedRulesetError
        raise error(f"ruleset {ruleset.name}: {'; '.join(reasons)}")


def _banks(setup: _Setup, starts: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``[p, t]``: what banking ``t`` is worth to the mover of each pair ``(a, b)`` (:data:`NO_BANK`
    where it may not bank: nothing to bank yet, or below the entry; a bank below it that scores
    nothing is never better than rolling on, which farkles at worst)."""
    totals = np.arange(setup.limit)
    reaches = a[:, None] + totals[None, :]  # the mover's score after the bank
    bank = np.full((len(a), setup.limit), NO_BANK)
    short = reaches < setup.goal
    pair, total = np.nonzero(short)
    bank[pair, total] = 1.0 - starts[b[pair], reaches[pair, total]]  # the other starts a turn at (b, a + t)
    pair, total = np.nonzero(~short)  # past the target: as good as won, or the other's last turn
    ahead = np.minimum(reaches[pair, total] - b[pair], len(setup.reached) - 1)
    bank[pair, total] = setup.reached[ahead]
    bank[:, 0] = NO_BANK
    if setup.entry:
        bank[(a == 0)[:, None] & (totals[None, :] < setup.entry)] = NO_BANK
    return bank


@dataclass(frozen=True, slots=True, eq=False)
class Duel:
    """The two-player optimum of a ruleset: ``starts[a, b]`` is ``S(a, b)`` (see the module
    docstring), scores in steps of :attr:`step`, both below :attr:`goal` (the target). The chances
    within a turn, ``W``, are worked out from them for one pair of scores at a time, as they are
    asked (one pass down that pair's turn totals), and kept."""

    ruleset: SetAsideRuleset
    step: int
    goal: int
    starts: np.ndarray
    passes: int  # Newton passes, over every layer (0: read from the cache)
    _pairs: dict[tuple[int, int], np.ndarray] = field(default_factory=dict)

    @property
    def first_player_chance(self) -> float:
        """The chance that the player who starts wins, both playing to win (a tie a half)."""
        return float(self.starts[0, 0])

    def _steps(self, points: int, what: str) -> int:
        if points < 0 or points % self.step:
            raise ValueError(f"{what} {points}: points are a multiple of {self.step} from 0")
        return points // self.step

    def _scores(self, mine: int, theirs: int) -> tuple[int, int]:
        """Both scores in steps: the mover's below the target; the other's too, or, in a final
        round, at or past it (the mover's last turn)."""
        a, b = self._steps(mine, "a score"), self._steps(theirs, "a score")
        if a >= self.goal or (b >= self.goal and not self.ruleset.final_round):
            raise ValueError(
                f"{mine} against {theirs}: a turn is played with both scores below {self.ruleset.target:,}"
                + (", or in the final round" if self.ruleset.final_round else "")
            )
        return a, b

    def pair(self, a: int, b: int) -> np.ndarray:
        """``W(a, b, t, n)`` of one pair of scores (in steps), ``[t, n]``."""
        found = self._pairs.get((a, b))
        if found is None:
            setup = _setup(self.ruleset)
            mine, theirs = np.array([a]), np.array([b])
            open_ = _open(setup, mine, theirs).sum(axis=0)
            values, _, _ = _pass(setup, _banks(setup, self.starts, mine, theirs), 1.0 - self.starts[[b], [a]], open_)
            found = self._pairs[(a, b)] = values[0, : setup.limit]
        return found

    def every_pair(self) -> None:
        """Work out ``W`` of every pair of scores at once, layer by layer (one pass each: about a
        fifth of the solve), for play that visits many of them."""
        setup = _setup(self.ruleset)
        for layer in range(2 * self.goal - 1):
            a = np.arange(max(0, layer - self.goal + 1), min(layer, self.goal - 1) + 1)
            b = layer - a
            values, _, _ = _pass(
                setup, _banks(setup, self.starts, a, b), 1.0 - self.starts[b, a], _open(setup, a, b).sum(axis=0)
            )
            for p, pair in enumerate(zip(a.tolist(), b.tolist(), strict=True)):
                self._pairs[pair] = values[p, : setup.limit]

    def start_chance(self, mine: int, theirs: int) -> float:
        """The chance of winning for the player about to start a turn, with ``mine`` banked against ``theirs``."""
        a, b = self._scores(mine, theirs)
        if b >= self.goal:  # the last turn of a final round
            return self._last_turn(b - a, self.ruleset.dice, start=True)
        return float(self.starts[a, b])

    def _last_turn(self, behind: int, dice_left: int, *, start: bool = False) -> float:
        """The last player's chance ``behind`` steps behind the leader (ahead where negative)."""
        if behind < 0:
            return 1.0
        setup = _setup(self.ruleset)
        if start:
            return 1.0 - float(setup.reached[min(behind, len(setup.reached) - 1)])
        return float(setup.last_turn[behind, dice_left]) if behind < len(setup.last_turn) else 0.0

    def chance(self, mine: int, theirs: int, turn_points: int, dice_left: int) -> float:
        """``W``: the chance of winning from a turn's points and dice in hand, banking or rolling on."""
        (a, b), t = self._scores(mine, theirs), self._steps(turn_points, "turn points")
        if b >= self.goal:
            return self._last_turn(b - a - t, dice_left)
        values = self.pair(a, b)
        return float(values[t, dice_left]) if t < len(values) else 1.0

    def bank_chance(self, mine: int, theirs: int, turn_points: int) -> float | None:
        """The chance of winning after banking ``turn_points`` now; ``None`` where the rules do not
        let the player bank (nothing to bank yet, or below the entry where that is refused)."""
        (a, b), t = self._scores(mine, theirs), self._steps(turn_points, "turn points")
        if t == 0:
            return None
        if b >= self.goal:  # the last turn: ahead wins, level ties
            return 1.0 if a + t > b else 0.5 if a + t == b else 0.0
        if a == 0 and turn_points < self.ruleset.entry:
            return None if self.ruleset.below_entry is BelowEntry.REFUSED else 1.0 - float(self.starts[b, a])
        if a + t < self.goal:
            return 1.0 - float(self.starts[b, a + t])  # the other starts a turn
        reached = _setup(self.ruleset).reached  # the target reached: won, or the other's last turn
        return float(reached[min(a + t - b, len(reached) - 1)])

    def should_bank(self, mine: int, theirs: int, turn_points: int, dice_left: int) -> bool:
        """Is banking at least as likely to win as rolling on (and allowed)?"""
        bank = self.bank_chance(mine, theirs, turn_points)
        return bank is not None and self.chance(mine, theirs, turn_points, dice_left) <= bank + EPSILON

    def choices(self, mine: int, theirs: int, turn_points: int, roll: Roll | str) -> list[tuple[Option, float]]:
        """Every legal set-aside of ``roll`` with the chance of winning after it, best first."""
        roll = roll if isinstance(roll, Roll) else Roll.parse(roll)
        in_hand, dice = len(roll), self.ruleset.dice
        scored = [
            (option, self.chance(mine, theirs, turn_points + option.points, in_hand - len(option.dice) or dice))
            for option in options(self.ruleset, roll)
        ]
        return sorted(scored, key=lambda pair: -pair[1])

    def bank_threshold(self, mine: int, theirs: int, dice_left: int) -> int | None:
        """The least turn total at which banking is right with ``dice_left`` dice in hand, for the
        player with ``mine`` against ``theirs`` (``None``: not below the target)."""
        a, b = self._scores(mine, theirs)
        setup = _setup(self.ruleset)
        bank = _banks(setup, self.starts, np.array([a]), np.array([b]))[0, : self.goal - a]
        banks = (self.pair(a, b)[: self.goal - a, dice_left] <= bank + EPSILON) & (bank != NO_BANK)
        return int(np.argmax(banks)) * self.step if banks.any() else None

    def shown_scores(self, count: int = 10) -> list[int]:
        """About ``count`` scores, evenly spaced from 0 to below the target, for a table or a chart."""
        every = max(1, self.goal // count)
        return [score * self.step for score in range(0, self.goal, every)]

    def boundary(self, dice_left: int, scores: list[int]) -> list[list[int | None]]:
        """Where banking starts (:meth:`bank_threshold`) with ``dice_left`` dice in hand, for each of
        ``scores`` as the mover's (rows) against each as the other's (columns)."""
        return [[self.bank_threshold(mine, theirs, dice_left) for theirs in scores] for mine in scores]


_SOLVED: dict[SetAsideRuleset, Duel] = {}


def duel(ruleset: SetAsideRuleset, progress: Progress | None = None) -> Duel:
    """The two-player optimum of ``ruleset``: solved once a process, and kept in the cache folder
    (refused in one line where it has a rule the solve does not model, or is too large:
    :class:`TooLargeError`). ``progress`` is told ``(states solved, states in all)``."""
    found = _SOLVED.get(ruleset)
    if found is None:
        found = _SOLVED[ruleset] = _solve(ruleset, progress)
    return found


def _solve(ruleset: SetAsideRuleset, progress: Progress | None) -> Duel:
    _require_solvable(ruleset)
    step = points_step(ruleset)
    kept = _load(ruleset)
    if kept is not None:
        return Duel(ruleset, step, len(kept), kept, 0)
    setup = _setup(ruleset)
    goal = setup.goal
    starts = np.zeros((goal, goal))
    passes = solved = 0
    for layer in reversed(range(2 * goal - 1)):
        a = np.arange(max(0, layer - goal + 1), min(layer, goal - 1) + 1)
        passes += _solve_layer(setup, starts, a, layer - a)
        solved += len(a)
        if progress is not None:
            progress(solved * setup.limit * setup.dice, goal * goal * setup.limit * setup.dice)
    _save(ruleset, starts)
    return Duel(ruleset, step, goal, starts, passes)


# -- the cache ----------------------------------------------------------------------------------

FORMAT = "dicespec-duel-1"  # change it when what a file holds changes


def rules_key(ruleset: SetAsideRuleset) -> str:
    """A hash of the rules that decide the two-player optimum (not the ruleset's name, title or
    notes), and of what the solve's result holds."""
    rules = {
        key: value
        for key, value in asdict(ruleset).items()
        if key not in ("name", "title", "description", "gaps", "game", "min_players", "max_players")
    }
    text = json.dumps([FORMAT, rules], sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def _key(ruleset: SetAsideRuleset) -> str:
    """:func:`rules_key`, and a hash of the code that solves it."""
    return f"{rules_key(ruleset)}-{code_digest(__name__)[:12]}"


def _path(ruleset: SetAsideRuleset) -> Path:
    return cache_dir() / f"duel-{_key(ruleset)}.npz"


QUICK = 1_000_000_000
"""The most work (choices weighed a pass) of a two-player solve that is made on the spot where a
figure or a game needs it (Greed's 67 million: seconds); a larger one is left to
``dicespec solve RULESET --players 2`` until it is kept."""


def quick(ruleset: SetAsideRuleset) -> bool:
    """Is ``ruleset``'s two-player solve taken on and quick (:data:`QUICK`): made on the spot where
    it is needed, whatever the cache holds?"""
    return solvable(ruleset) is None and weighed(ruleset) <= QUICK


def at_hand(ruleset: SetAsideRuleset) -> str | None:
    """Why ``ruleset``'s two-player optimum is not at hand: refused (:func:`solvable`), or neither
    kept nor quick to solve; ``None`` when it is."""
    why = solvable(ruleset)
    if why is None and not is_kept(ruleset) and not quick(ruleset):
        why = (
            f"not solved here yet: 'dicespec solve {ruleset.game} --ruleset {ruleset.name} --players 2' "
            "solves it once, in minutes"
        )
    return why


def is_kept(ruleset: SetAsideRuleset) -> bool:
    """Has ``ruleset``'s two-player optimum been solved by today's code, and kept?"""
    return ruleset in _SOLVED or _path(ruleset).exists()


def _load(ruleset: SetAsideRuleset) -> np.ndarray | None:
    try:
        with np.load(_path(ruleset), allow_pickle=False) as stored:
            starts: np.ndarray = stored["starts"]
            return starts
    except (OSError, KeyError, ValueError, zipfile.BadZipFile):
        return None


def _save(ruleset: SetAsideRuleset, starts: np.ndarray) -> None:
    """Keep the start chances (atomically: a reader never sees half a file); drop those older code
    solved for the same rules."""
    path = _path(ruleset)
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile(dir=path.parent, prefix=".tmp-", suffix=".npz", delete=False) as out:
        np.savez_compressed(out, starts=starts)
    os.replace(out.name, path)
    rules = path.name.rsplit("-", 1)[0]
    for older in path.parent.glob(f"{rules}-*.npz"):
        if older != path:
            older.unlink(missing_ok=True)


def _solve_layer(setup: _Setup, starts: np.ndarray, a: np.ndarray, b: np.ndarray) -> int:
    """Solve the pairs ``(a, b)`` of one layer (their sum the same), every higher layer solved:
    fill their ``starts``; the Newton passes it took."""
    pairs = len(a)
    swap = pairs - 1 - np.arange(pairs)  # (b, a) is the pair at the other end of the layer
    alone = swap == np.arange(pairs)  # (a, a): its farkle value is its own
    bank = _banks(setup, starts, a, b)
    open_ = _open(setup, a, b).sum(axis=0)  # the pairs still playing are the first ones (a rising, b falling)
    guess = np.full(pairs, 0.5)
    for passes in itertools.count(1):
        _, start, slope = _pass(setup, bank, 1.0 - guess[swap], open_)
        # On the play this pass chose, S(p) = constant - slope * S(swap(p)): solved for both at once.
        constant = start + slope * guess[swap]
        solved = np.where(
            alone, constant / (1.0 + slope), (constant - slope * constant[swap]) / (1.0 - slope * slope[swap])
        )
        if float(np.max(np.abs(solved - guess))) <= TOLERANCE:
            break  # the play no longer changes
        if passes == MAX_PASSES:
            raise ArithmeticError(f"a layer of the two-player solve did not settle in {MAX_PASSES} passes")
        guess = solved
    starts[a, b] = solved
    return passes


def _pass(
    setup: _Setup, bank: np.ndarray, farkle: np.ndarray, open_: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """One pass down a layer's turn totals with the farkle values ``farkle`` (per pair): ``W`` of
    every state of the layer, ``S`` of each pair, and ``dS/dF`` along the play chosen. ``open_[t]``:
    how many of the pairs (the first ones) are still playing at a turn total of ``t`` (:func:`_open`);
    the others have won (1, as the arrays start)."""
    rolls, dice = setup.rolls, setup.dice
    value = np.ones((len(farkle), setup.limit + setup.reach + 1, dice + 1))  # past the limit: won
    slope = np.zeros_like(value)
    for t in reversed(range(setup.limit)):
        k = open_[t]
        at = t + rolls.gain  # [r, o]
        option_values = np.where(rolls.valid, value[:k, at, rolls.left], -1.0)  # [p, r, o]
        best = option_values.argmax(axis=2)[:, :, None]
        by_roll = np.take_along_axis(option_values, best, axis=2)[:, :, 0]  # [p, r]
        by_roll_slope = np.take_along_axis(slope[:k, at, rolls.left], best, axis=2)[:, :, 0]
        roll = by_roll @ rolls.weights + farkle[:k, None] * rolls.farkles[None, :]  # [p, n]
        roll_slope = by_roll_slope @ rolls.weights + rolls.farkles[None, :]
        if t == 0:  # the start of the turn: a roll of every die, nothing to bank
            value[:, 0] = roll
            return value, roll[:, dice], roll_slope[:, dice]
        banks = bank[:k, t, None] >= roll - EPSILON
        value[:k, t] = np.where(banks, bank[:k, t, None], roll)
        slope[:k, t] = np.where(banks, 0.0, roll_slope)
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

    solved.every_pair()
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
