"""What the identification of either family shares: its error, a question asked again, and a
value written as a ruleset file writes it on one line."""

from __future__ import annotations

import sys
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
