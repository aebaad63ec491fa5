"""The coach's file: what the browser's optimal coach (``docs/javascripts/coach.mjs``) loads to
give, for the position on the table, every choice with the solver's expected value.

:func:`coach_data` writes it for one ruleset, gzip-compressed; ``None`` for a ruleset the solver
refuses (Maxi Yatzy's saved rolls). The coach reads the rules themselves (row points, the joker,
the sets of dice to set aside) from the JavaScript implementation and ``rulesets.json``; the file
holds the solver's numbers and the layout they are in.

**The format** (version :data:`FORMAT_VERSION`), once decompressed:

1. the line ``dicespec-coach`` (:data:`MAGIC`, with its newline);
2. a header: one line of JSON (UTF-8), then spaces up to a multiple of 8 bytes, then a newline;
3. the values, as many as the header's ``count``: each float64's bits as a little-endian
   64-bit integer, less the previous value's (the first as it is; modulo 2**64), their bytes
   shuffled (all the first bytes, then all the second bytes, …). Neighbouring states have close
   values: their differences are small integers, whose high bytes gzip packs well (about 6 %
   smaller than the plain values shuffled, 20 % smaller than the plain values).

Every header has ``format`` (the version), ``family`` (``score-sheet`` or ``set-aside``),
``ruleset`` (its name), ``rules_key`` (a hash of the rules that decide play:
:func:`dicespec.solver.cache.rules_key` for a score sheet, :func:`set_aside_key` for a set-aside
game; a file whose key differs from the ruleset's is stale), ``rules_digest`` (FNV-1a, 32 bits, of
the ruleset's rule values as ``rulesets.json`` gives them, :func:`values_digest`: the browser
computes it from the data it plays and refuses a file made for other rules), ``layout`` and
``count``.

**Score sheet, batched path** (``layout: "sheet"``): ``V`` of turn-start states
(:mod:`dicespec.solver.scoresheet`), not all of them. The header says ``rows`` (sheet order: bit
``i`` of a filled-rows mask), ``upper_cap``, ``cells`` (per filled five-of-a-kind row, the cells
stored: ``[1]``, scored 0, where a score above 0 plays the same, else ``[1, 2]``; an open row, or
a sheet without one, is cell 0), ``levels`` (the numbers of filled rows whose states are
stored), ``sums`` (per set of filled upper rows, as a 6-bit mask in upper-row order, the upper
sums stored) and ``reach`` (per such mask, the upper sum below which the bonus is out of reach:
every such sum has the value of the mask's lowest sum, which is ``sums[mask][0]``). The values
go level by level (``levels`` order), by mask ascending, by cell, by the stored sums. A state
of a level not stored is one turn of the coach's own from the level after
(:mod:`dicespec.solver.keeps`' arithmetic; a looping state, a repeat five of a kind coming back
to it, is its fixed point): the levels stored are every other one, the set of smaller size, so a
position needs at most one such turn a state it may go to.

**Score sheet, plain path** (``layout: "plain"``, first-roll or requires rules,
:mod:`dicespec.solver.firstroll`): every state's ``V``, by mask, upper sum ``0..upper_cap``,
held bits (``required``: the rows some row requires, in sheet-index order) whose rows are filled.

**Set-aside** (``layout: "turn"``): the turn policy's ``R(t, n)`` (:class:`TurnPolicy.rolls
<dicespec.solver.setaside.TurnPolicy>`), by total ``t = i * step`` below ``cap``, then dice in
hand ``n = 0..dice``. ``V(t, n) = max(t, R(t, n))`` below the cap and ``t`` from it; banking is
right where ``R(t, n) <= t + epsilon``.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from collections.abc import Mapping
from dataclasses import asdict
from typing import Any

import numpy as np

from dicespec.errors import UnsupportedRulesetError
from dicespec.rulesets import Ruleset, published
from dicespec.setaside.ruleset import SetAsideRuleset
from dicespec.solver.cache import rules_key
from dicespec.solver.firstroll import PlainRules, PlainSolution
from dicespec.solver.scoresheet import RepeatCell, Rules, SheetSolution, popcounts, reachable_upper_sums, solution
from dicespec.solver.setaside import EPSILON, TurnPolicy, turn_policy

__all__ = [
    "FORMAT_VERSION",
    "MAGIC",
    "PROSE",
    "coach_data",
    "coach_header",
    "read_coach_data",
    "set_aside_key",
    "values_digest",
]

FORMAT_VERSION = 1
MAGIC = b"dicespec-coach\n"
PROSE = ("title", "description", "translations", "language", "sheet")
"""The keys of a ruleset's published data that are no rule values (the digest leaves them out)."""


# -- what identifies the rules a file was made for -------------------------------------------


def canonical_json(value: Any) -> str:
    """``value`` as JSON with sorted keys and no spaces (the coach writes it the same way)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def fnv1a(data: bytes) -> int:
    """The 32-bit FNV-1a hash of ``data``."""
    found = 0x811C9DC5
    for byte in data:
        found = ((found ^ byte) * 0x01000193) & 0xFFFFFFFF
    return found


def values_digest(values: Mapping[str, Any]) -> str:
    """The FNV-1a hash (8 hex digits) of a ruleset's rule values as ``rulesets.json`` gives them,
    less its :data:`PROSE`: what the browser's coach computes from the data it plays."""
    kept = {key: value for key, value in values.items() if key not in PROSE}
    return f"{fnv1a(canonical_json(kept).encode('utf-8')):08x}"


def set_aside_key(ruleset: SetAsideRuleset) -> str:
    """A hash of everything in a set-aside ruleset that changes its turn policy."""
    rules = {key: value for key, value in asdict(ruleset).items() if key not in ("name", "title", "description")}
    text = json.dumps({"format": "dicespec-turn-policy-1", "rules": rules}, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


# -- the score sheet's states -----------------------------------------------------------------


def _upper_masks(rules: Rules, masks: np.ndarray) -> np.ndarray:
    found = np.zeros_like(masks)
    for k, i in enumerate(rules.upper_index):
        found |= ((masks >> i) & 1) << k
    return found


def reach_thresholds(rules: Rules) -> list[int]:
    """For each set of filled upper rows, the upper sum below which the bonus is out of reach
    (:func:`dicespec.solver.scoresheet.bonus_out_of_reach`); 0 where nothing is ever out of reach."""
    if not rules.upper_index or not rules.bonus_points:
        return [0] * (1 << len(rules.upper_index))
    tables = [rules.scores] if rules.joker_scores is None else [rules.scores, rules.joker_scores]
    tops = [max(int(points[:, i].max()) for points in tables) for i in rules.upper_index]
    found = []
    for upper_mask in range(1 << len(rules.upper_index)):
        most = sum(top for k, top in enumerate(tops) if not upper_mask >> k & 1)
        found.append(max(0, rules.upper_cap - most))
    return found


def stored_sums(rules: Rules) -> list[list[int]]:
    """For each set of filled upper rows, the upper sums whose values the file holds: the
    reachable ones in reach of the bonus, and the lowest, which stands for those out of reach."""
    thresholds = reach_thresholds(rules)
    found = []
    for upper_mask, sums in enumerate(reachable_upper_sums(rules)):
        ordered = [int(s) for s in sums]
        found.append([s for s in ordered if s == ordered[0] or s >= thresholds[upper_mask]])
    return found


def filled_cells(rules: Rules) -> list[int]:
    """The kiriki cells stored for a sheet whose five-of-a-kind row is filled."""
    if rules.distinguishes_kiriki_scores():
        return [int(RepeatCell.ZERO), int(RepeatCell.SCORED)]
    return [int(RepeatCell.ZERO)]


def level_indexes(rules: Rules, count: int, sums: list[list[int]]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The stored states with ``count`` rows filled, in the file's order: (filled, upper, cell)."""
    masks = np.arange(rules.full + 1, dtype=np.int64)
    level = masks[popcounts(masks, len(rules.rows)) == count]
    uppers = _upper_masks(rules, level)
    filled, upper, cell = [], [], []
    for mask, upper_mask in zip(level.tolist(), uppers.tolist(), strict=True):
        cells = filled_cells(rules) if mask & rules.five_bit else [int(RepeatCell.OPEN)]
        for c in cells:
            for s in sums[upper_mask]:
                filled.append(mask)
                upper.append(s)
                cell.append(c)
    return np.array(filled, dtype=np.int64), np.array(upper, dtype=np.int64), np.array(cell, dtype=np.int64)


def stored_levels(rules: Rules, sums: list[list[int]]) -> list[int]:
    """Every other level of filled rows: of the two ways to choose them, the one with fewer states."""
    sizes = [len(level_indexes(rules, count, sums)[0]) for count in range(len(rules.rows) + 1)]
    even = list(range(0, len(sizes), 2))
    odd = list(range(1, len(sizes), 2))
    return min((even, odd), key=lambda chosen: sum(sizes[c] for c in chosen))


def _sheet_payload(solved: SheetSolution) -> tuple[dict[str, Any], np.ndarray]:
    rules = solved.rules
    sums = stored_sums(rules)
    levels = stored_levels(rules, sums)
    parts = []
    for count in levels:
        filled, upper, cell = level_indexes(rules, count, sums)
        found = solved.values[filled, upper, cell]
        if count == len(rules.rows):  # a full sheet without a turn owed is worth 0
            found = np.where(np.isnan(found), 0.0, found)
        if np.isnan(found).any():
            raise ValueError(f"ruleset {solved.ruleset.name}: a stored state has no value (level {count})")
        parts.append(found)
    header = {
        "layout": "sheet",
        "rows": list(rules.rows),
        "upper_cap": rules.upper_cap,
        "cells": filled_cells(rules),
        "levels": levels,
        "sums": sums,
        "reach": reach_thresholds(rules),
    }
    return header, np.concatenate(parts)


def plain_indexes(rules: PlainRules) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every state of the plain path in the file's order: (filled, upper, held)."""
    filled, upper, held = [], [], []
    for mask in range(rules.full + 1):
        on = int(rules.filled_required(np.array([mask]))[0])
        for u in range(rules.upper_sizes):
            for h in range(rules.held_sizes):
                if h & ~on == 0:
                    filled.append(mask)
                    upper.append(u)
                    held.append(h)
    return np.array(filled), np.array(upper), np.array(held)


def _plain_payload(solved: PlainSolution) -> tuple[dict[str, Any], np.ndarray]:
    rules = solved.rules
    filled, upper, held = plain_indexes(rules)
    header = {
        "layout": "plain",
        "rows": list(rules.rows),
        "upper_cap": rules.upper_cap,
        "required": [rules.rows[i] for i in rules.required],
    }
    return header, solved.values[filled, upper, held]


def _turn_payload(policy: TurnPolicy) -> tuple[dict[str, Any], np.ndarray]:
    header = {"layout": "turn", "step": policy.step, "cap": policy.cap, "dice": policy.ruleset.dice, "epsilon": EPSILON}
    return header, policy.rolls.reshape(-1)


# -- the file ---------------------------------------------------------------------------------


def coach_header(ruleset: Ruleset) -> dict[str, Any] | None:
    """The header of the ruleset's coach file (the values left out); ``None`` where the solver
    refuses the ruleset."""
    found = _payload(ruleset)
    return None if found is None else found[0]


def _payload(ruleset: Ruleset, own: Mapping[str, Any] | None = None) -> tuple[dict[str, Any], np.ndarray] | None:
    common: dict[str, Any] = {
        "format": FORMAT_VERSION,
        "ruleset": ruleset.name if own is None else own.get("name", ruleset.name),
        "rules_digest": values_digest(published(ruleset.name) if own is None else own),
    }
    if isinstance(ruleset, SetAsideRuleset):
        try:
            policy = turn_policy(ruleset)
        except UnsupportedRulesetError:
            return None
        header, values = _turn_payload(policy)
        family, key = "set-aside", set_aside_key(ruleset)
    else:
        try:
            solved = solution(ruleset)
        except UnsupportedRulesetError:
            return None
        header, values = _plain_payload(solved) if isinstance(solved, PlainSolution) else _sheet_payload(solved)
        family, key = "score-sheet", rules_key(ruleset)
    return {**common, "family": family, "rules_key": key, **header, "count": len(values)}, values


def coach_data(ruleset: Ruleset, values: Mapping[str, Any] | None = None) -> bytes | None:
    """The ruleset's coach file, gzip-compressed (the module docstring); ``None`` where the solver
    refuses the ruleset. A score sheet is solved first if no solution is cached. ``values`` are the
    ruleset's rule values as the browser reads them, for a ruleset of one's own, under the name
    they give (a shipped one's are its :func:`~dicespec.rulesets.published` data)."""
    found = _payload(ruleset, values)
    if found is None:
        return None
    header, states = found
    line = json.dumps(header, separators=(",", ":")).encode("utf-8")
    padding = -(len(MAGIC) + len(line) + 1) % 8
    bits = np.ascontiguousarray(states, dtype="<f8").view("<i8")
    steps = np.diff(bits, prepend=np.zeros(1, dtype="<i8"))  # wraps round, as the reader's sum does
    body = MAGIC + line + b" " * padding + b"\n" + steps.view(np.uint8).reshape(-1, 8).T.tobytes()
    return gzip.compress(body, compresslevel=9, mtime=0)


def read_coach_data(data: bytes) -> tuple[dict[str, Any], np.ndarray]:
    """A coach file's header and values (the inverse of :func:`coach_data`)."""
    body = gzip.decompress(data)
    if not body.startswith(MAGIC):
        raise ValueError("not a dicespec coach file")
    end = body.index(b"\n", len(MAGIC))
    header: dict[str, Any] = json.loads(body[len(MAGIC) : end])
    count = int(header["count"])
    shuffled = np.frombuffer(body[end + 1 : end + 1 + 8 * count], dtype=np.uint8).reshape(8, count)
    steps = np.ascontiguousarray(shuffled.T).view("<i8").reshape(-1)
    values = np.cumsum(steps, dtype="<i8").view("<f8")
    return header, values
