"""The closing conform run of ``dicespec identify``: the identified rules declared, and the
implementation held to them. The exhaustive part is the answers it already gave, compared with
what the identified rules answer (nothing is asked twice); the games part is the corpus's replayed
games under the identified rules, asked now under the ruleset the questions named (a part of an
answer the protocol gives only under some rules is not held against an answer that lacks it:
the implementation answers as the ruleset it was asked under has it).

What differs is what the fit left unexplained: the summary puts the two counts side by side. A
replay refused for another reason the rules give too (another order of their checks,
:mod:`~dicespec.conformance.run.refusals`) does not differ, and is counted apart; with
``strict_refusals`` it differs.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import yaml

from dicespec import corpus
from dicespec.conformance.run.refusals import other_order
from dicespec.identify.flow import same_answer
from dicespec.progress import ProgressLine
from dicespec.rulesets import declare_document, find_ruleset

SHOWN = 3  # failing games named in the report

NOT_ANSWERED = object()  # a question the implementation gave no usable answer to


class _Renamed(NamedTuple):
    """A case of the identified rules, asked under the ruleset the implementation was asked under."""

    op: str
    args: dict[str, Any]
    case: corpus.Case


@dataclass
class Closing:
    """What the closing conform run found: cases and how many differ, part by part."""

    ruleset: str  # the name the identified rules were declared under for the run
    exhaustive: int = 0
    exhaustive_failed: int = 0  # answered otherwise than the identified rules answer
    exhaustive_unanswered: int = 0  # no usable answer was given (it errored)
    games: int = 0
    games_failed: int = 0
    games_skipped: int = 0
    games_other_order: int = 0  # refused for another reason the rules give too: not failed
    failing: list[str] = field(default_factory=list)  # a few failing games' case ids
    seconds: float = 0.0

    def summary(self, unexplained_answers: int, unexplained_replays: int | None) -> str:
        """One line: each part's differences beside the unexplained answers the fit reported."""
        flow = "" if unexplained_replays is None else f" (unexplained replays: {unexplained_replays:,})"
        skipped = f", {self.games_skipped:,} skipped" if self.games_skipped else ""
        if self.games_other_order:
            skipped += f", {self.games_other_order:,} refused in another order"
        unanswered = f", {self.exhaustive_unanswered:,} not answered" if self.exhaustive_unanswered else ""
        return (
            f"conform under the identified rules: exhaustive {self.exhaustive:,} cases, "
            f"{self.exhaustive_failed:,} differ (unexplained answers: {unexplained_answers:,}){unanswered}; "
            f"games {self.games:,} replays, {self.games_failed:,} differ{skipped}{flow}"
        )


def declare_identified(text: str) -> str:
    """Declare the identified ruleset file's rules for this run, under a name of their own for
    these very rules (the identified name and a digest: another identification in the process
    may name other rules alike), and return that name."""
    document = yaml.safe_load(text)
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:10]
    document["name"] = f"{document['name']}-{digest}"
    return declare_document(document, "dicespec identify").name


def closing_conform(
    transport: Any,
    text: str,
    asked: str,
    given: Mapping[str, Mapping[str, Any]],
    key: Callable[[corpus.Case], str],
    players: Sequence[int] = (),
    *,
    games: int = corpus.GAMES_PER_RULESET,
    progress: bool = False,
    strict_refusals: bool = False,
) -> Closing:
    """Hold the implementation to the rules of the identified file ``text``: its answers
    ``given`` (by ``key(case)``, a row or an operation, then the dice) against the exhaustive
    corpus of those rules, then ``games`` replayed games of them asked under ``asked`` (by one of
    ``players`` players, where it plays only some counts; a refusal in another order differs
    only with ``strict_refusals``)."""
    started = time.perf_counter()
    name = declare_identified(text)
    found = Closing(name)
    rules_game = find_ruleset(name).game
    for case in corpus.exhaustive({rules_game: [name]}):
        found.exhaustive += 1
        answer = given.get(key(case), {}).get(case.args["dice"], NOT_ANSWERED)
        if answer is NOT_ANSWERED:
            found.exhaustive_unanswered += 1
        elif answer != case.expected:
            found.exhaustive_failed += 1
    # kept in the cache folder, as conform keeps them: the name is these very rules'
    players_of = {rules_game: players} if players else None
    cases = corpus.games({rules_game: [name]}, count=games, kept=True, players=players_of)
    requests = (_Renamed(case.op, {**case.args, "ruleset": asked}, case) for case in cases)
    meter = ProgressLine("  conform", unit="replays") if progress else None
    for request, outcome in transport.stream(requests):
        found.games += 1
        if outcome.kind in ("skipped", "cannot"):
            found.games_skipped += 1
        elif outcome.kind != "result" or not same_answer(request.case.expected, outcome.value):
            if outcome.kind == "result" and not strict_refusals and _other_order(request.case, outcome.value):
                found.games_other_order += 1  # the rules refuse it for that reason too
            else:
                found.games_failed += 1
                if len(found.failing) < SHOWN:
                    found.failing.append(request.case.id)
        if meter is not None and not found.games & 255:
            meter.count(found.games, "")
    if meter is not None:
        meter.count(found.games, "", final=True)
    found.seconds = time.perf_counter() - started
    return found


def _other_order(case: corpus.Case, answer: Any) -> bool:
    """Does ``answer`` refuse the case's action for another reason the rules give, and differ in nothing else?"""
    return other_order(case.expected, answer, case.refusals, same=same_answer) is not None


def closing_lines(
    closing: Closing, unexplained_answers: int, unexplained_replays: int | None, *, timings: bool = True
) -> list[str]:
    """The report's lines on the closing run: the summary (``timings``: with how long it took),
    then a few failing games."""
    took = f" ({closing.seconds:.1f} s)" if timings else ""
    lines = [closing.summary(unexplained_answers, unexplained_replays) + took]
    lines += [f"  differs: {case}" for case in closing.failing]
    return lines


def closing_json(closing: Closing) -> dict[str, Any]:
    """The closing run, as JSON."""
    return {
        "ruleset": closing.ruleset,
        "exhaustive": {
            "cases": closing.exhaustive,
            "failed": closing.exhaustive_failed,
            "not_answered": closing.exhaustive_unanswered,
        },
        "games": {
            "cases": closing.games,
            "failed": closing.games_failed,
            "skipped": closing.games_skipped,
            **({"refused_in_another_order": closing.games_other_order} if closing.games_other_order else {}),
            "failing": closing.failing,
        },
        "seconds": closing.seconds,
    }
