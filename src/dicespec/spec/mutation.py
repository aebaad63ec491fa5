"""What a mutation run's record says (``fixtures/mutation/``, written by the repository's
``tools/mutation.py``, ``make mutation``): the verdicts a mutant may get, and the score.

The rules site reads the record with these (:mod:`dicespec.site.mutation`); the driver that runs
mutmut and judges its mutants is a maintainer's tool, not part of the package.
"""

from __future__ import annotations

from collections.abc import Mapping

FOLDER = ("fixtures", "mutation")
VERDICTS = ("killed", "equivalent", "unreached", "survived")  # the ones that count, in that order
NOT_COUNTED = ("out of scope", "message")


def counted(counts: Mapping[str, int]) -> int:
    """The mutants that count toward the score: killed, unreached and survived."""
    return sum(counts.get(v, 0) for v in ("killed", "unreached", "survived"))


def score(counts: Mapping[str, int]) -> float:
    """Killed / (killed + unreached + survived); 1 when none count."""
    return counts.get("killed", 0) / counted(counts) if counted(counts) else 1.0
