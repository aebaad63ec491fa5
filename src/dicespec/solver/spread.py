"""The spread of a score-sheet game's final score under optimal play: its exact standard deviation,
the exact chance of each sheet-level event, and games played by the optimal policy.

The solve (:mod:`dicespec.solver.scoresheet`, :mod:`dicespec.solver.firstroll`) gives ``V(s)``, the
expected points still to come from each turn-start state. The play it implies is fixed: at each
roll, the choice of the largest value, which the solution gives as its
:meth:`~dicespec.solver.solved.Solution.play` (:mod:`dicespec.solver.play`). This module follows
that same play again, state by state, and carries along it what the mean leaves out:

- the **second moment** ``W(s)`` of the points still to come. Scoring a roll gains ``g`` points
  (the row's points, a bonus earned, a repeat's) and moves to ``s'``, so the points to come are
  ``g + R'`` and ``E[(g + R')^2] = g^2 + 2 g V(s') + W(s')``; a reroll averages, as for ``V``. The
  standard deviation of the final score is ``sqrt(W(s0) - V(s0)^2)`` from the empty sheet;
- the **chance of each event** from ``s`` on (the upper bonus made, the five-of-a-kind row scored
  above 0, at least one repeat five of a kind): 1 if this turn's choice makes it, else its chance
  from ``s'``.

A repeat kiriki (Kiriki's) comes back to its own state ``s``: with ``p`` the chance that the turn
ends so, each quantity is ``X(s) = c + p X(s)``, solved as ``c / (1 - p)``, ``c`` being the turn's
value with ``X(s)`` taken as 0 on the way back (the repeat itself is the event "a repeat", so its
chance needs no such step).

Where two choices are worth exactly the same, the solve's value does not care which is made, but
the spread may: the earlier row in sheet order is taken, then ending the turn, then a repeat; among
keeps, as the solve's own slope does (:func:`dicespec.solver.keeps.best_keeps`), the
larger keep; at a first roll that scores more on it (Generala's), scoring before keeping.

:func:`simulate` plays games with the same choices and seeded dice, many at once: the histogram and
percentiles of the final score come from it, with their error stated, and its sample variance is a
second, independent check of the exact one.
"""

from __future__ import annotations

import json
import math
import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from dicespec.scoresheet.ruleset import SheetRuleset
from dicespec.solver.cache import table_key, table_path
from dicespec.solver.keeps import KeepTables, best_keeps, reroll_values
from dicespec.solver.play import EVENTS, Play
from dicespec.solver.solved import Solution

__all__ = ["EVENTS", "GAMES", "SEED", "Simulated", "Spread", "distribution", "simulate", "solved_spread", "spread"]

Progress = Callable[[int, int], None]

CHUNK = 512  # states (or games) a batch: the candidates are (choices, rolls, states) arrays


@dataclass(frozen=True, slots=True)
class Spread:
    """The final score of a solitaire game played optimally: its mean, its standard deviation, and the
    chance of each event the ruleset has (by :data:`EVENTS` name)."""

    ruleset: SheetRuleset
    mean: float
    std: float
    events: dict[str, float]


# -- one turn, followed ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Turn:
    """One turn from each state of a batch, as the optimal play plays it: the final choice of each
    roll after the last reroll, the keep of each roll at each reroll, and, where a first roll
    scores otherwise, whether it scores at once and how."""

    final: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]  # value, gain, next state, events
    keeps: list[np.ndarray]  # keeps[r - 1]: the keep of each roll with r rerolls left
    rolls: list[np.ndarray]  # rolls[r]: each roll's value with r rerolls left
    first: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None
    scores_first: np.ndarray | None  # (rolls, states): the first roll is scored at once


def _play(model: Play, states: np.ndarray) -> _Turn:
    final = model.choices(states, False)
    rolls, keeps = [final[0]], []
    for _ in range(model.rerolls):
        value, pick = best_keeps(model.tables, reroll_values(model.tables, rolls[-1]))
        rolls.append(value)
        keeps.append(pick)
    if not model.first_differs:
        return _Turn(final, keeps, rolls, None, None)
    first = model.choices(states, True)
    return _Turn(final, keeps, rolls, first, first[0] >= rolls[-1])


def _companions(
    model: Play, W: np.ndarray, P: np.ndarray, chosen: tuple[np.ndarray, ...], states: np.ndarray
) -> np.ndarray:
    """For each roll and state, what the chosen score carries: the second moment of the points to
    come, each event's chance, and whether the state comes back (rolls, quantities, states)."""
    _, gain, after, made = chosen
    later = model.values[after]
    parts = [gain * gain + 2 * gain * later + W[after]]
    parts += [np.where(made[e], 1.0, P[e][after]) for e in range(len(model.events))]
    parts.append((after == states[None, :]).astype(float))
    return np.stack(parts, axis=1)


def _turn_moments(model: Play, W: np.ndarray, P: np.ndarray, states: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The turn's value from each state and the quantities of :func:`_companions` averaged over it."""
    turn = _play(model, states)
    comps = _companions(model, W, P, turn.final, states)
    rolls, quantities, size = comps.shape
    for r in range(model.rerolls):
        expected = reroll_values(model.tables, comps.reshape(rolls, quantities * size)).reshape(-1, quantities, size)
        pick = np.broadcast_to(turn.keeps[r][:, None, :], comps.shape)
        comps = np.take_along_axis(expected, pick, 0)
    value = turn.rolls[-1]
    if turn.first is not None and turn.scores_first is not None:
        value = np.where(turn.scores_first, turn.first[0], value)
        comps = np.where(turn.scores_first[:, None, :], _companions(model, W, P, turn.first, states), comps)
    p = model.tables.roll_probability
    return p @ value, np.einsum("r,rks->ks", p, comps)


def spread(solved: Solution, *, progress: Progress | None = None) -> Spread:
    """The exact standard deviation of the final score of a solitaire game under ``solved``'s optimal
    play, and the exact chance of each of the ruleset's events (module docstring)."""
    model = solved.play()
    W = np.zeros(model.size + 1)
    P = np.zeros((len(model.events), model.size + 1))
    every = list(model.levels())
    total, done = sum(len(level) + len(shared) for level, shared, _ in every), 0
    looping_free = [e for e, name in enumerate(model.events) if name == "repeat"]
    for level, shared, source in every:
        for start in range(0, len(level), CHUNK):
            states = level[start : start + CHUNK]
            turn, comps = _turn_moments(model, W, P, states)
            if not np.allclose(turn, model.values[states], rtol=0, atol=1e-6):
                worst = float(np.abs(turn - model.values[states]).max())
                raise ArithmeticError(f"{solved.ruleset.name}: the play followed is not the solve's (off by {worst})")
            back = 1.0 - comps[-1]
            W[states] = comps[0] / back
            for e in range(len(model.events)):
                P[e][states] = comps[1 + e] if e in looping_free else comps[1 + e] / back
            done += len(states)
            if progress:
                progress(done, total)
        W[shared], P[:, shared] = W[source], P[:, source]
        done += len(shared)
    mean = float(model.values[model.start])
    variance = float(W[model.start]) - mean * mean
    events = {name: float(P[e][model.start]) for e, name in enumerate(model.events)}
    return Spread(solved.ruleset, mean, math.sqrt(max(variance, 0.0)), events)


# -- games played ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Simulated:
    """Solitaire games played by the optimal play with seeded dice: each game's final score, and how
    many games made each event."""

    ruleset: SheetRuleset
    seed: int
    scores: np.ndarray  # int64, one per game
    events: dict[str, int]

    @property
    def games(self) -> int:
        return len(self.scores)


def _roll_lookup(tables: KeepTables) -> np.ndarray:
    """The roll index of each count of faces, by the code ``sum(count[f] * (dice + 1) ** f)``."""
    base = tables.dice + 1
    lookup = np.full(base**6, -1, dtype=np.int64)
    for i, counts in enumerate(tables.roll_counts()):
        lookup[sum(n * base**f for f, n in enumerate(counts))] = i
    return lookup


def simulate(solved: Solution, games: int, seed: int, *, progress: Progress | None = None) -> Simulated:
    """``games`` solitaire games played by ``solved``'s optimal play, the dice from ``seed``."""
    model = solved.play()
    tables = model.tables
    rng = np.random.default_rng(seed)
    lookup = _roll_lookup(tables)
    keeps = np.array(tables.keeps, dtype=np.int64)
    base = (tables.dice + 1) ** np.arange(6)
    first_roll = tables.rolls.start

    def throw(kept: np.ndarray) -> np.ndarray:
        thrown = tables.dice - kept.sum(axis=1)
        faces = rng.integers(0, 6, size=(len(kept), tables.dice))
        counts = kept.copy()
        for die in range(tables.dice):
            live = die < thrown
            np.add.at(counts, (np.nonzero(live)[0], faces[live, die]), 1)
        found: np.ndarray = lookup[counts @ base]
        return found

    state = np.full(games, model.start, dtype=np.int64)
    scores = np.zeros(games, dtype=np.int64)
    made = np.zeros((len(model.events), games), dtype=bool)
    live = np.nonzero(model.has_turn[state])[0]
    turns = 0
    while len(live):
        for start in range(0, len(live), CHUNK):
            who = live[start : start + CHUNK]
            turn = _play(model, state[who])
            column = np.arange(len(who))
            roll = throw(np.zeros((len(who), 6), dtype=np.int64))
            gain = np.zeros(len(who))
            after = np.zeros(len(who), dtype=np.int64)
            flags = np.zeros((len(model.events), len(who)), dtype=bool)
            done = np.zeros(len(who), dtype=bool)
            if turn.first is not None and turn.scores_first is not None:
                done = turn.scores_first[roll, column]
                gain[done] = turn.first[1][roll[done], column[done]]
                after[done] = turn.first[2][roll[done], column[done]]
                flags[:, done] = turn.first[3][:, roll[done], column[done]]
            for r in reversed(range(1, model.rerolls + 1)):
                keep = turn.keeps[r - 1][roll, column]
                again = ~done & (keep != first_roll + roll)
                roll[again] = throw(keeps[keep[again]])
            rest = ~done
            gain[rest] = turn.final[1][roll[rest], column[rest]]
            after[rest] = turn.final[2][roll[rest], column[rest]]
            flags[:, rest] = turn.final[3][:, roll[rest], column[rest]]
            scores[who] += np.rint(gain).astype(np.int64)
            state[who] = after
            made[:, who] |= flags
        turns += 1
        live = np.nonzero(model.has_turn[state])[0]
        if progress:
            progress(games - len(live), games)
    return Simulated(solved.ruleset, seed, scores, {name: int(made[e].sum()) for e, name in enumerate(model.events)})


# -- kept between runs, and the figures of the games played ------------------------------------


def spread_path(ruleset: SheetRuleset) -> Path:
    """The cache file of ``ruleset``'s spread: named as its table of state values is."""
    return table_path(ruleset).with_name(table_path(ruleset).stem.replace("sheet-values", "sheet-spread") + ".json")


def solved_spread(solved: Solution, *, progress: Progress | None = None) -> Spread:
    """:func:`spread`, read from the cache folder when it was worked out before (it takes some
    seconds, up to a minute for the larger sheets), else worked out and kept there."""
    ruleset = solved.ruleset
    path = spread_path(ruleset)
    try:
        kept = json.loads(path.read_text(encoding="utf-8"))
        if kept.get("key") == table_key(ruleset):
            return Spread(ruleset, kept["mean"], kept["std"], kept["events"])
    except (OSError, ValueError, KeyError, AttributeError):
        pass
    found = spread(solved, progress=progress)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        kept = {"key": table_key(ruleset), "mean": found.mean, "std": found.std, "events": found.events}
        with tempfile.NamedTemporaryFile("w", dir=path.parent, prefix=".tmp-", suffix=".json", delete=False) as out:
            json.dump(kept, out)
        os.replace(out.name, path)
    except OSError:
        pass  # no writable cache: worked out for this process only
    return found


GAMES = 10_000
"""Games played for the distribution of the final score the site shows."""

SEED = 20_261_202
BIN = 10
"""The width of a bar of the distribution, in points."""

PERCENTILES = (5, 50, 95)


def distribution(played: Simulated) -> dict[str, Any]:
    """The figures of games played, JSON-ready: their number and seed, their mean and standard
    deviation, each percentile of :data:`PERCENTILES` with a 95% interval (distribution-free: the
    order statistics whose ranks a binomial count puts 1.96 standard deviations either side), the
    share of games in each bar of :data:`BIN` points from ``start``, and each event's count."""
    scores = np.sort(played.scores)
    n = len(scores)
    percentiles = {}
    for p in PERCENTILES:
        q = p / 100
        middle = q * (n - 1)
        spread_ranks = 1.96 * math.sqrt(n * q * (1 - q))
        low, high = max(0, math.floor(middle - spread_ranks)), min(n - 1, math.ceil(middle + spread_ranks))
        percentiles[str(p)] = {
            "value": float(np.percentile(scores, p)),
            "low": int(scores[low]),
            "high": int(scores[high]),
        }
    start = int(scores[0]) // BIN * BIN
    counts = np.bincount((scores - start) // BIN)
    return {
        "games": n,
        "seed": played.seed,
        "mean": float(scores.mean()),
        "std": float(scores.std(ddof=1)),
        "percentiles": percentiles,
        "bin": BIN,
        "start": start,
        "counts": [int(c) for c in counts],
        "events": played.events,
    }
