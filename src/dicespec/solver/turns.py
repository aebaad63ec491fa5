"""One turn's dynamic programme for a batch of states at once, in buffers made once.

This is :func:`dicespec.solver.keeps.turn_value` (and ``turn_value_and_slope``) made fast for
the solve, with the same arithmetic (each mean summed face by face, then divided by 6; maxima,
which are exact), so the same numbers but for the last sum, over the first roll, taken in
another order (a difference of about 1e-13):

- **Buffers.** A :class:`TurnBuffers` holds one row per keep and one column per state, and every
  step writes into it (``out=``): a solve allocates no array per batch. Fresh temporaries of a
  megabyte each made the previous solver spend as much time in page faults as in arithmetic.
- **One array for both steps.** Before a reroll, the keeps' expected values are written over the
  smaller keeps' rows (means of their children, down from the rolls), then each keep's row is
  replaced by the best of itself and its parts (up from the empty keep): the rolls' rows end up
  holding the value of the roll before that reroll, ready for the next one.
- **No padding.** Within each size the keeps are ordered by how many distinct faces they show,
  most first. A keep of ``d`` distinct faces has ``d`` parts (one die fewer, of each face it
  shows), so the ``c``-th parts are needed by a prefix of the keeps: each step of the running
  maximum reads a prefix, never a padded column (about a third less work than padded columns).

Keeps are numbered here in that order (:class:`TurnLayout`), not in
:func:`~dicespec.solver.keeps.keep_tables`'s: ``layout.rolls_public`` maps each roll row of the
buffers to the public roll index.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from dicespec.solver.keeps import KeepTables, keep_tables


@dataclass(frozen=True, slots=True, eq=False)
class TurnLayout:
    """The keeps of ``dice`` dice in the buffers' order, and the index tables between them."""

    tables: KeepTables
    sizes: tuple[slice, ...]  # sizes[m]: the rows of keeps of m dice (as in the tables)
    public: np.ndarray  # public keep index of each row
    children: tuple[np.ndarray, ...]  # children[m]: (keeps of m dice, faces) rows, for m < dice
    parts: tuple[tuple[np.ndarray, ...], ...]  # parts[m][c]: the c-th part's row of a prefix of keeps of m dice
    rolls_public: np.ndarray  # public roll index (0..rolls-1) of each roll row
    roll_probability: np.ndarray  # in the buffers' roll order

    @property
    def dice(self) -> int:
        return self.tables.dice

    @property
    def rolls(self) -> slice:
        return self.sizes[self.dice]

    @property
    def keep_count(self) -> int:
        return len(self.public)

    @property
    def roll_count(self) -> int:
        return len(self.rolls_public)


@cache
def turn_layout(dice: int) -> TurnLayout:
    """The buffers' order of the keeps of ``dice`` dice (built once)."""
    tables = keep_tables(dice)
    order: list[int] = []
    for m in range(dice + 1):
        span = range(tables.sizes[m].start, tables.sizes[m].stop)
        order.extend(sorted(span, key=lambda k: -sum(1 for n in tables.keeps[k] if n)))  # stable: ties keep order
    public = np.array(order, dtype=np.intp)
    row = np.empty(len(order), dtype=np.intp)
    row[public] = np.arange(len(order))
    children = tuple(row[tables.children[m][public[tables.sizes[m]] - tables.sizes[m].start]] for m in range(dice))
    parts: list[tuple[np.ndarray, ...]] = [()]
    for m in range(1, dice + 1):
        keeps = [tables.keeps[k] for k in public[tables.sizes[m]]]
        found = [
            [int(row[tables.index[(*keep[:f], keep[f] - 1, *keep[f + 1 :])]]) for f, n in enumerate(keep) if n]
            for keep in keeps
        ]
        columns = []
        for c in range(max(len(p) for p in found)):
            prefix = [p[c] for p in found if len(p) > c]
            assert all(len(p) > c for p in found[: len(prefix)])  # the keeps that need it come first
            columns.append(np.array(prefix, dtype=np.intp))
        parts.append(tuple(columns))
    rolls = tables.sizes[dice]
    rolls_public = public[rolls] - rolls.start
    return TurnLayout(
        tables, tables.sizes, public, children, tuple(parts), rolls_public, tables.roll_probability[rolls_public]
    )


class TurnBuffers:
    """Room for the turns of up to ``width`` states: a value row per keep, a slope row per keep,
    and one scratch row per roll. One per thread: a turn evaluation writes all of it."""

    def __init__(self, layout: TurnLayout, width: int) -> None:
        self.layout = layout
        self.width = width
        # Flat: a batch of any size up to width is a contiguous (rows, size) view of each.
        self._values = np.empty(layout.keep_count * width)
        self._slopes: np.ndarray | None = None
        self._scratch = np.empty(layout.roll_count * width)
        self._chosen = np.empty(layout.roll_count * width)  # 0/1: a part chosen
        self._candidates: np.ndarray | None = None
        self._kept: np.ndarray | None = None
        self._spare: dict[str, np.ndarray] = {}

    def _view(self, flat: np.ndarray, rows: int, size: int) -> np.ndarray:
        if not 0 < size <= self.width:
            raise ValueError(f"a batch of {size} states; these buffers hold 1 to {self.width}")
        return flat[: rows * size].reshape(rows, size)

    def scratch(self, size: int) -> np.ndarray:
        """A scratch row per roll, overwritten by every step."""
        return self._view(self._scratch, self.layout.roll_count, size)

    def candidates(self, count: int, size: int) -> np.ndarray:
        """Room for ``count`` rows of candidates (:mod:`dicespec.solver.finals`)."""
        if self._candidates is None or len(self._candidates) < count * self.width:
            self._candidates = np.empty(count * self.width)
        return self._view(self._candidates, count, size)

    def spare(self, name: str, shape: tuple[int, ...], dtype: type[np.generic] = np.float64) -> np.ndarray:
        """A scratch array of ``shape`` kept under ``name`` (grown when too small): for temporaries
        a batch would otherwise allocate afresh, each time paying the system's page faults."""
        count = int(np.prod(shape))
        found = self._spare.get(name)
        if found is None or found.dtype != dtype or len(found) < count:
            found = self._spare[name] = np.empty(count, dtype=dtype)
        return found[:count].reshape(shape)

    def kept_rolls(self, size: int) -> np.ndarray:
        """Another set of roll rows, which no turn evaluation touches: final values kept for later."""
        if self._kept is None:
            self._kept = np.empty_like(self._scratch)
        return self._view(self._kept, self.layout.roll_count, size)

    def rolls(self, size: int) -> np.ndarray:
        """The rows to write each roll's final value into, one column per state."""
        return self._view(self._values, self.layout.keep_count, size)[self.layout.rolls]

    def roll_slopes(self, size: int) -> np.ndarray:
        """The rows to write each final value's slope into, for :meth:`turn_value_and_slope`."""
        if self._slopes is None:
            self._slopes = np.empty_like(self._values)
        return self._view(self._slopes, self.layout.keep_count, size)[self.layout.rolls]

    def turn_value(self, size: int, rerolls: int) -> np.ndarray:
        """The value of the turn of each of the first ``size`` states, from the final values in
        :meth:`rolls`, each keep chosen to maximise it (the buffers are overwritten)."""
        values = self._view(self._values, self.layout.keep_count, size)
        for _ in range(rerolls):
            self._reroll(values, size)
            self._best_keeps(values, size)
        return self._expectation(values)

    def turn_value_and_slope(self, size: int, rerolls: int) -> tuple[np.ndarray, np.ndarray]:
        """:meth:`turn_value` and its slope along the chosen keeps (on a tie, the larger keep's),
        from the final values in :meth:`rolls` and their slopes in :meth:`roll_slopes`."""
        assert self._slopes is not None, "write the final slopes first"
        values = self._view(self._values, self.layout.keep_count, size)
        slopes = self._view(self._slopes, self.layout.keep_count, size)
        for _ in range(rerolls):
            self._reroll(values, size)
            self._reroll(slopes, size)
            self._best_keeps_and_slopes(values, slopes, size)
        return self._expectation(values), self._expectation(slopes)

    def _expectation(self, values: np.ndarray) -> np.ndarray:
        """The mean over the first roll of each column's roll rows, summed roll after roll whatever
        the batch's size, so that a state's value does not depend on the states beside it
        (einsum does so but for a single column, which it sums in another order; no BLAS threads)."""
        p, rolls = self.layout.roll_probability, values[self.layout.rolls]
        if rolls.shape[1] == 1:
            return np.cumsum(p * rolls[:, 0])[-1:]
        found: np.ndarray = np.einsum("r,rs->s", p, rolls)
        return found

    def _reroll(self, values: np.ndarray, size: int) -> None:
        """Each smaller keep's row: the mean of its children's (adding one die of each face)."""
        layout, scratch = self.layout, self.scratch(size)
        for m in reversed(range(layout.dice)):
            children = layout.children[m]
            mean = values[layout.sizes[m]]
            part = scratch[: len(children)]
            values.take(children[:, 0], axis=0, out=mean, mode="clip")
            for face in range(1, children.shape[1]):
                values.take(children[:, face], axis=0, out=part, mode="clip")
                mean += part
            mean /= children.shape[1]

    def _best_keeps(self, values: np.ndarray, size: int) -> None:
        """Each keep's row: the best of holding it and of holding one of its parts (their best)."""
        layout, scratch = self.layout, self.scratch(size)
        for m in range(1, layout.dice + 1):
            best = values[layout.sizes[m]]
            for column in layout.parts[m]:
                n = len(column)
                part = scratch[:n]
                values.take(column, axis=0, out=part, mode="clip")
                np.maximum(best[:n], part, out=best[:n])

    def _best_keeps_and_slopes(self, values: np.ndarray, slopes: np.ndarray, size: int) -> None:
        """:meth:`_best_keeps`, each slope following its value's choice (a part replaces the
        keep only when strictly better, the earlier part on a tie: as ``turn_value_and_slope``).

        The choice is a 0/1 float ``b``; slopes lie in [0, 1], so the slope becomes
        ``max(slope - b, part * b)``: the part's slope where ``b`` is 1 (``slope - 1`` is at most
        0), the keep's own where it is 0, exactly. A masked copy (``np.copyto(where=)``) would
        do the same some ten times slower."""
        layout, scratch = self.layout, self.scratch(size)
        chosen = self._view(self._chosen, layout.roll_count, size)
        for m in range(1, layout.dice + 1):
            best, best_slope = values[layout.sizes[m]], slopes[layout.sizes[m]]
            for column in layout.parts[m]:
                n = len(column)
                part, better, here, here_slope = scratch[:n], chosen[:n], best[:n], best_slope[:n]
                values.take(column, axis=0, out=part, mode="clip")
                np.greater(part, here, out=better)
                np.maximum(here, part, out=here)
                slopes.take(column, axis=0, out=part, mode="clip")
                np.multiply(part, better, out=part)
                np.subtract(here_slope, better, out=here_slope)
                np.maximum(here_slope, part, out=here_slope)
