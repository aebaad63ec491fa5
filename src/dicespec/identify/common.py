"""What the identification of either family shares: its error, a question asked again, a value
written as a ruleset file writes it on one line, and the implementation's stops counted."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import yaml

from dicespec.conformance.transports.stdio import expected_reply

SHOWN = 3  # unexplained answers shown per row or key in the text report (--json has them all)


class IdentifyError(ValueError):
    """What stops an identification: one line, exit status 2."""


class Again(NamedTuple):
    """A question asked a second time (to catch an implementation that answers it two ways)."""

    op: str
    args: dict[str, Any]


def flow_yaml(value: Any) -> str:
    """A value in YAML's flow style, on one line."""
    text: str = yaml.safe_dump(value, default_flow_style=True, sort_keys=False, width=sys.maxsize)
    return text.strip().removesuffix("\n...")  # a lone scalar is a document of its own: no end marker


def is_count(value: Any) -> bool:
    """Is an answer a number of points (an int, not a bool)?"""
    return isinstance(value, int) and not isinstance(value, bool)


def likely_answer(question: Any) -> tuple[Any, bytes | None]:
    """What a question's answer most likely is: the asked ruleset's own answer, for a case of the
    corpus (the stdio transport takes a reply that is exactly it without parsing it); nothing
    for a question asked again."""
    expected = getattr(question, "expected", None)
    return (None, None) if isinstance(question, Again) else (expected, expected_reply(expected))


def nothing_usable(implementation: str, count: int, first_error: str | None, *, skipped: bool = False) -> IdentifyError:
    """The error of an implementation none of whose ``count`` answers could be used."""
    how = "errored or was skipped" if skipped else "errored"
    example = f" (e.g. {first_error})" if first_error else ""
    return IdentifyError(f"{implementation} answered nothing usable: every one of {count:,} questions {how}{example}")


@dataclass
class Stops:
    """The processes of the implementation that were lost while it was identified (a crash, a
    timeout, a limit: the transport's reasons, one line each), and how many of the questions and
    replays asked meanwhile errored: where some did, the rules found were found without those
    answers, and may change from run to run."""

    reasons: list[str] = field(default_factory=list)
    errored: int = 0  # questions and replays that errored, all told
    asked: int = 0  # questions and replays asked, all told

    def lines(self) -> list[str]:
        """The report's lines: none where nothing was lost."""
        if not self.reasons:
            return []
        times = "once" if len(self.reasons) == 1 else f"{len(self.reasons)} times"
        lines = [f"the implementation stopped {times}:"]
        lines += [f"  {reason}" for reason in self.reasons[: SHOWN * 3]]
        if len(self.reasons) > SHOWN * 3:
            lines.append(f"  and {len(self.reasons) - SHOWN * 3} more")
        if self.errored:
            lines.append(
                f"the result depends on them: {self.errored:,} of {self.asked:,} questions and replays errored, "
                "and the rules were found without their answers"
            )
        else:
            lines.append("every question and replay was answered after them: the result does not depend on them")
        return lines

    def json(self) -> dict[str, Any]:
        return {"reasons": self.reasons, "errored": self.errored, "asked": self.asked}


class Counting:
    """A transport whose answers are counted, asked and errored, for :class:`Stops`; anything
    else is the transport's own."""

    def __init__(self, transport: Any) -> None:
        self.transport = transport
        self.asked = 0
        self.errored = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.transport, name)

    def stream(self, requests: Iterable[Any], expect: Any = None) -> Iterator[tuple[Any, Any]]:
        for request, outcome in self.transport.stream(requests, expect):
            self._count(outcome)
            yield request, outcome

    def call(self, op: str, args: dict[str, Any]) -> Any:
        outcome = self.transport.call(op, args)
        self._count(outcome)
        return outcome

    def _count(self, outcome: Any) -> None:
        self.asked += 1
        self.errored += outcome.kind == "errored"

    def stops(self) -> Stops:
        """The transport's stops so far (none for one that calls the implementation in process)."""
        return Stops(list(getattr(self.transport, "stops", ())), self.errored, self.asked)
