"""Refusals judged by the rules: when an implementation refuses an action with another code than
the reference's, and the rules refuse it for that reason too.

An action may break more than one rule (``reroll =`` after the turn's last roll: no rolls are
left, and no die is named). The reference answers the code of the first check it fails, in the
order of :data:`~dicespec.conformance.protocol.precedence.PRECEDENCE`; an engine that makes its
checks in another order answers another of them. Such a refusal matches when it comes at the same
action, with a code of a check the action fails there (a case's
:attr:`~dicespec.corpus.Case.refusals`, from the reference engines), and the rest of the answer is
the reference's: the case passes, and the report counts it apart, by pair of codes. Under
``--strict-refusals`` it fails, as any other answer that differs.

An action accepted that the rules refuse, one refused that they allow, a refusal at another
action, or a code of no check the action fails there stay failures.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class OtherOrder:
    """A refusal in another order than the reference's: the reference's code, and the
    implementation's, a code of another check the action fails."""

    expected: str
    actual: str

    def describe(self) -> str:
        return f"{self.actual} where the reference says {self.expected}"

    def to_json(self) -> dict[str, str]:
        return {"expected": self.expected, "actual": self.actual}


def other_order(
    expected: Any,
    actual: Any,
    refusals: tuple[str, ...],
    *,
    same: Callable[[Any, Any], bool] = operator.eq,
) -> OtherOrder | None:
    """The refusal in another order that ``actual`` gives where the reference answers
    ``expected``, if that is all they differ by: the same action refused (a replay's ``at``),
    with a code of ``refusals`` (the codes of the checks the action fails) other than the
    reference's, and the rest of the answer ``same(expected, rest)``. ``None`` otherwise, or where
    ``actual`` is ``expected``.

    The answers are a replay's (``"rejected": {"at": 3, "code": "row-used"}``) or a set-aside's
    (``"rejected": "not-scoring"``)."""
    if type(expected) is not dict or type(actual) is not dict or "rejected" not in actual:
        return None
    wanted, given = expected.get("rejected"), actual["rejected"]
    if type(wanted) is dict and type(given) is dict:  # a replay's: the action and the code
        code, reference = given.get("code"), wanted.get("code")
        same_refusal = {**given, "code": reference} == wanted
    else:  # a set-aside's: the code
        code, reference, same_refusal = given, wanted, True
    if not (same_refusal and type(code) is str and type(reference) is str):
        return None
    if code == reference or code not in refusals or not same(expected, {**actual, "rejected": wanted}):
        return None
    return OtherOrder(reference, code)
