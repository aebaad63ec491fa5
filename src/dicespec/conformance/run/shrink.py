"""The shortest replay that still fails: a failing replayed game, shrunk to the few actions that
show the difference (``dicespec conform`` reports it with the case).

A replayed game of the corpus is tens of actions; the mistake it exposes usually needs a handful.
:func:`shortest_failing` first cuts the replay after the first action at which the
implementation's answer differs from the reference's (in a part that carries a rule:
:func:`~dicespec.implementation.answers_alike`), then drops every run of the actions
before it that the difference does not need (the longest runs first, halving their length, as
delta debugging does, but trying a run at every start so that a turn goes whole). Each
candidate is asked of the implementation and of the reference engines; a candidate the
implementation skips or errors on does not count as failing, nor does one the rules refuse
before its last action: every shrunk replay is a game the rules let be played.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from dicespec.conformance.protocol.messages import Outcome
from dicespec.implementation import answers_alike

ASKS = 2_000  # the most replays asked of the implementation while shrinking one case


@dataclass(frozen=True)
class Shrunk:
    """A failing replay, shrunk: its actions, and both answers to them."""

    actions: tuple[str, ...]
    expected: Any
    actual: Any
    of: int  # the number of actions of the replay it was shrunk from

    def describe(self) -> str:
        return f"shortest failing replay, {len(self.actions)} of {self.of} actions: " + "; ".join(self.actions)


def shortest_failing(
    op: str, args: dict[str, Any], ask: Callable[[str, dict[str, Any]], Outcome], reference: Callable[..., Any]
) -> Shrunk | None:
    """The shortest replay found that fails as the case ``op(**args)`` does; ``None`` if no part
    of it fails on its own (the implementation skips or errors on each)."""
    actions: list[str] = list(args["actions"])
    budget = [ASKS]

    def answers(candidate: list[str]) -> tuple[Any, Any] | None:
        """Both answers, if the implementation's differs from the reference's."""
        if budget[0] <= 0:
            return None
        budget[0] -= 1
        asked = {**args, "actions": candidate}
        outcome = ask(op, asked)
        if outcome.kind != "result":
            return None
        expected = reference(**asked)
        refused = (expected.get("rejected") or {}).get("at") if isinstance(expected, dict) else None
        if refused is not None and refused < len(candidate) - 1:
            return None  # not a game the rules let be played to its end: it shows another difference
        return None if answers_alike(expected, outcome.value) else (expected, outcome.value)

    first = next((n for n in range(1, len(actions) + 1) if answers(actions[:n]) is not None), None)
    if first is None:
        return None
    kept = actions[:first]
    chunk = max(1, (len(kept) - 1) // 2)
    while chunk >= 1:
        dropped, start = False, 0
        while start < len(kept) - 1:  # the last action stays: the difference shows there
            candidate = kept[:start] + kept[min(start + chunk, len(kept) - 1) :]
            if answers(candidate) is not None:
                kept, dropped = candidate, True
            else:
                start += 1  # every start, not every chunk: a turn is dropped whole wherever it begins
        if not dropped:
            chunk //= 2
    budget[0] = max(budget[0], 1)
    final = answers(kept)  # it failed when kept; asked again for its answers
    if final is None:  # an implementation that answers differently each time: the replay as cut
        return Shrunk(tuple(actions[:first]), None, None, len(actions))
    return Shrunk(tuple(kept), final[0], final[1], len(actions))
