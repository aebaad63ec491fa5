"""The coach's file: what the browser's optimal coach (``js/coach.mjs``) loads to
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
``count``. A score sheet's solution writes its own layout, whichever path solved it
(:meth:`Solution.coach_states <dicespec.solver.solved.Solution.coach_states>`); this module asks
each family for its part by the family's name (:data:`PAYLOADS`).

**Score sheet, batched path** (``layout: "sheet"``): ``V`` of turn-start states
(:mod:`dicespec.solver.scoresheet`; written by :func:`dicespec.solver.sheetplay.coach_states`), not
all of them. The header says ``rows`` (sheet order: bit
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
from collections.abc import Callable, Mapping
from dataclasses import asdict
from typing import Any

import numpy as np

from dicespec.errors import UnsupportedRulesetError
from dicespec.registry import game
from dicespec.rulesets import Ruleset, of_kind, published
from dicespec.scoresheet.ruleset import SheetRuleset
from dicespec.setaside.ruleset import SetAsideRuleset
from dicespec.solver.cache import rules_key
from dicespec.solver.scoresheet import solution
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


def _turn_payload(policy: TurnPolicy) -> tuple[dict[str, Any], np.ndarray]:
    header = {"layout": "turn", "step": policy.step, "cap": policy.cap, "dice": policy.ruleset.dice, "epsilon": EPSILON}
    return header, policy.rolls.reshape(-1)


# -- the file ---------------------------------------------------------------------------------


def coach_header(ruleset: Ruleset) -> dict[str, Any] | None:
    """The header of the ruleset's coach file (the values left out); ``None`` where the solver
    refuses the ruleset."""
    found = _payload(ruleset)
    return None if found is None else found[0]


def _sheet_payload(ruleset: Ruleset) -> tuple[str, dict[str, Any], np.ndarray]:
    """A score sheet's rules key, and its solution's layout and values (either path's)."""
    sheet = of_kind(SheetRuleset, ruleset)
    header, values = solution(sheet).coach_states()
    return rules_key(sheet), header, values


def _set_aside_payload(ruleset: Ruleset) -> tuple[str, dict[str, Any], np.ndarray]:
    """A set-aside game's rules key, and its turn policy's layout and values."""
    rules = of_kind(SetAsideRuleset, ruleset)
    header, values = _turn_payload(turn_policy(rules))
    return set_aside_key(rules), header, values


PAYLOADS: dict[str, Callable[[Ruleset], tuple[str, dict[str, Any], np.ndarray]]] = {
    "score-sheet": _sheet_payload,
    "set-aside": _set_aside_payload,
}
"""What each family of games puts in its coach file, by family name: the rules key, the layout and
the values (an :class:`~dicespec.errors.UnsupportedRulesetError` where the solver refuses the rules)."""


def _payload(ruleset: Ruleset, own: Mapping[str, Any] | None = None) -> tuple[dict[str, Any], np.ndarray] | None:
    common: dict[str, Any] = {
        "format": FORMAT_VERSION,
        "ruleset": ruleset.name if own is None else own.get("name", ruleset.name),
        "rules_digest": values_digest(published(ruleset.name) if own is None else own),
    }
    family = game(ruleset.game).family_name
    try:
        key, header, values = PAYLOADS[family](ruleset)
    except UnsupportedRulesetError:
        return None
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
