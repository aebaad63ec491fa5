"""``dicespec identify`` for a set-aside game (10000, Farkle, Greed): the implementation asked
every ``best`` and ``set_aside`` question of the exhaustive corpus, its scoring keys fitted
(:mod:`~dicespec.identify.aside_fit`), and the rules it plays written as a ruleset file that
``extends:`` the closest shipped ruleset, with the answers no value explains.

Its game flow (the set-aside rule, the entry, hot dice, a penalty for farkles, the end) is then
found by replays (:mod:`~dicespec.identify.aside_flow`).
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from itertools import combinations_with_replacement
from typing import Any

from dicespec import corpus
from dicespec.dice import FACES
from dicespec.identify.aside_fit import AsideFit, changed_data, closest_ruleset, fit_aside, value_data
from dicespec.identify.aside_flow import aside_flow_values, identify_aside_flow
from dicespec.identify.closing import Closing, closing_lines, conform_json
from dicespec.identify.common import SHOWN, Again, Stops, flow_yaml, is_count, likely_answer, nothing_usable
from dicespec.identify.flow import (
    FlowFit,
    FlowIdentification,
    changed_rules,
    decided,
    flow_json,
    in_words,
    report_lines,
)
from dicespec.identify.sheet_fit import SHARE
from dicespec.progress import ProgressLine
from dicespec.rulesets import find_ruleset_of, ruleset_names
from dicespec.setaside.ruleset import SetAsideRuleset

CHECKED = "a roll after the game is over refused"  # what the closing check of a set-aside game holds


@dataclass
class AsideIdentification:
    """What the answers of a set-aside implementation said: the fit, the closest shipped ruleset,
    and the oddities."""

    implementation: str
    asked: str
    name: str
    fit: AsideFit | None = None
    closest: str = ""
    errored: int = 0
    first_error: str | None = None
    skipped: int = 0  # questions it says it cannot be asked (a score function's set-asides)
    first_skip: str | None = None
    inconsistent: list[str] = field(default_factory=list)
    seconds: dict[str, float] = field(default_factory=dict)
    flow: FlowIdentification = field(default_factory=FlowIdentification)
    closing: Closing | None = None  # the closing conform run, unless skipped
    stops: Stops = field(default_factory=Stops)  # its processes lost meanwhile
    given: dict[str, dict[str, Any]] = field(default_factory=dict, repr=False)  # op → dice → the answer

    @property
    def answers(self) -> int:
        return 0 if self.fit is None else self.fit.answers

    @property
    def unexplained(self) -> int:
        """The answers no rule explains: questions, and replays (those the closing run found too)."""
        here = 0 if self.closing is None else len(self.closing.found_here)
        return (0 if self.fit is None else self.fit.unexplained_answers) + self.flow.unexplained + here

    def changed(self) -> dict[str, Any]:
        """The scoring keys found, where the closest shipped ruleset has another value, as the file writes them."""
        return {} if self.fit is None else changed_data(self.fit, self.closest)

    def changed_flow(self) -> dict[str, FlowFit]:
        """The flow rules found, where the closest shipped ruleset has another."""
        return changed_rules(self.flow, aside_flow_values(find_ruleset_of(SetAsideRuleset, self.closest)))


def _questions(rules: SetAsideRuleset) -> Iterator[corpus.Case | Again]:
    """Every question of the exhaustive corpus, then each distinct roll's best once more, its dice
    in ascending order (to catch an implementation that answers the same question two ways)."""
    yield from corpus.exhaustive({rules.game: [rules.name]})
    for count in range(1, rules.dice + 1):
        for roll in combinations_with_replacement(FACES, count):
            yield Again("best", {"ruleset": rules.name, "dice": "".join(map(str, roll))})


def identify_aside(
    transport: Any,
    implementation: str,
    rules: SetAsideRuleset,
    *,
    name: str,
    share: float = SHARE,
    progress: bool = False,
    players: Sequence[int] = (),
) -> AsideIdentification:
    """Ask ``transport`` every question, fit the scoring keys, replay games for the flow (by
    one of ``players`` players, the counts it plays: default, any the rules allow), and find the
    closest shipped ruleset."""
    found = AsideIdentification(implementation, rules.name, name)
    bests: dict[str, int] = {}
    parts: dict[str, Any] = {}
    meter = ProgressLine("  asking", unit="questions") if progress else None
    started, count = time.perf_counter(), 0
    for ask, outcome in transport.stream(_questions(rules), expect=likely_answer):
        count += 1
        op, dice, value = ask.op, ask.args["dice"], outcome.value
        usable = outcome.kind == "result" and (is_count(value) if op == "best" else isinstance(value, dict))
        if outcome.kind in ("skipped", "cannot"):
            found.skipped += 1
            if found.first_skip is None:
                found.first_skip = f"{op} {dice or '(nothing)'}: {value}"
        elif not usable:
            found.errored += 1
            if found.first_error is None:
                found.first_error = f"{op} {dice or '(nothing)'}: {value if outcome.kind != 'result' else repr(value)}"
        elif isinstance(ask, Again):
            first = bests.get(dice)
            if first is not None and first != value:
                found.inconsistent.append(f"best {dice}: answered {first}, then {value}")
        elif op == "best":
            bests[dice] = value
        else:
            parts[dice] = value
        if meter is not None and not count & 1023:
            meter.count(count, "")
    if meter is not None:
        meter.count(count, "", final=True)
    found.seconds["asking"] = time.perf_counter() - started
    if not bests and not parts and (found.errored or not found.skipped):
        raise nothing_usable(implementation, count, found.first_error, skipped=True)
    # Every question skipped (an engine with no scoring to ask, as OpenSpiel's pig): the asked
    # ruleset's scoring is kept, and the replays decide the flow and play that scoring.
    found.given = {"best": bests, "set_aside": parts}
    started = time.perf_counter()
    found.fit = fit_aside(rules, bests, parts, share)
    found.closest = closest_ruleset(found.fit)
    found.seconds["fit"] = time.perf_counter() - started
    started = time.perf_counter()
    counts = players or range(rules.min_players, rules.max_players + 1)
    found.flow = identify_aside_flow(transport.call, rules.name, found.fit.rules, counts)
    if not found.answers and found.flow.not_probed is not None:  # it replays nothing either
        raise nothing_usable(implementation, count, found.first_error, skipped=True)
    found.closest = _closest(found)
    found.seconds["flow"] = time.perf_counter() - started
    return found


def _closest(found: AsideIdentification) -> str:
    """The shipped ruleset of the asked game, of as many dice, that differs from what was found in
    the fewest scoring keys and flow rules (the scoring fit's closest first among equals)."""
    assert found.fit is not None
    values = found.flow.values()
    best, fewest = found.closest, None
    for name in [found.closest, *ruleset_names(found.fit.asked.game)]:
        rules = find_ruleset_of(SetAsideRuleset, name)
        if rules.dice != found.fit.asked.dice:
            continue
        own = aside_flow_values(rules)
        differ = len(changed_data(found.fit, rules)) + sum(1 for key, value in values.items() if own[key] != value)
        if fewest is None or differ < fewest:
            best, fewest = name, differ
    return best


def aside_ruleset_text(found: AsideIdentification) -> str:
    """The identified rules as a ruleset file: ``extends:`` the closest shipped ruleset, only the
    keys that differ written, each with a comment naming its evidence."""
    assert found.fit is not None
    flow = in_words(found.flow)
    lines = [
        f"# The rules {found.implementation} plays, as dicespec identify found them from its answers",
        f"# under {found.asked}: every best and every set-aside of the exhaustive corpus ({found.answers:,} answers),",
        f"# and {flow}",
        f"extends: {found.closest}",
        f"name: {found.name}",
        f"description: {json.dumps(f'The rules {found.implementation} plays, as identified from its answers.')}",
    ]
    for key, data in found.changed().items():
        fit = found.fit.keys[key]
        lines.append(f"# {key}: {fit.agree:,} of {fit.evidence:,} answers that tell its values apart agree")
        lines.append(f"{key}: {flow_yaml(data)}")
    for key, rule in found.changed_flow().items():
        lines.append(f"# {key}: {decided(rule)}; e.g. {rule.example}")
        lines.append(f"{key}: {flow_yaml(rule.value)}")
    return "\n".join(lines) + "\n"


def aside_report_text(found: AsideIdentification, *, timings: bool = True) -> str:
    """The report: each key's value, then the unexplained answers, a few a key."""
    assert found.fit is not None
    fit = found.fit
    took = f", {found.seconds.get('asking', 0):.1f} s asked, {found.seconds.get('fit', 0):.2f} s fitted"
    lines = [
        f"dicespec identify: {found.implementation}, asked under {found.asked}",
        f"scoring: {fit.answers:,} answers, {fit.candidates} candidate rulesets scored" + (took if timings else ""),
        f"closest shipped ruleset: {found.closest}",
    ]
    changed = found.changed()
    if not fit.answers:
        kept = f"{found.asked}'s scoring kept, and played by the replays"
        lines.append(f"  not asked: it answers no scoring question; {kept}")
    for key, each in fit.keys.items() if fit.answers else ():
        state = "differs" if key in changed else ("no value fits" if each.value is None else f"as {found.closest}")
        lines.append(f"  {key}: {state}: {each.describe().removeprefix(f'{key}: ')}")
    took = f", {found.seconds.get('flow', 0):.2f} s" if timings else ""
    lines += report_lines(found.flow, found.closest, found.changed_flow(), took, CHECKED)
    if found.skipped:
        lines.append(f"not asked: {found.skipped:,} questions it cannot be asked, e.g. {found.first_skip}")
    if found.errored:
        lines.append(f"errored: {found.errored:,} questions, e.g. {found.first_error}")
    lines += found.stops.lines()
    for question in found.inconsistent[:SHOWN]:
        lines.append(f"inconsistent: {question}")
    for mixed in fit.mixed[:SHOWN]:
        lines.append(f"orderings answered unlike: {mixed.describe()}")
    lines.append(f"unexplained answers: {found.unexplained:,}")
    for answer in fit.unexplained[:SHOWN]:
        lines.append(f"  {answer.describe()}")
    if len(fit.unexplained) > SHOWN:
        lines.append(f"  and {len(fit.unexplained) - SHOWN} more questions")
    for rule in found.flow.fits:
        for difference in rule.unexplained[:SHOWN]:
            lines.append(f"  {rule.key}: {difference.describe()}")
    if found.closing is not None:
        lines += closing_lines(found.closing, fit.unexplained_answers, timings=timings)
    return "\n".join(lines)


def aside_json(found: AsideIdentification) -> dict[str, Any]:
    """Everything found, as one JSON object."""
    assert found.fit is not None
    return {
        "implementation": found.implementation,
        "asked": found.asked,
        "name": found.name,
        "extends": found.closest,
        "answers": found.answers,
        "errored": found.errored,
        "stops": found.stops.json(),
        "skipped": found.skipped,
        "inconsistent": found.inconsistent,
        "seconds": found.seconds,
        "keys": [
            {
                "key": key,
                "value": None if each.value is None else value_data(key, each.value),
                "best": value_data(key, each.best),
                "agree": each.agree,
                "evidence": each.evidence,
                "alike": [value_data(key, value) for value in each.alike],
            }
            for key, each in found.fit.keys.items()
        ],
        "mixed": [{"dice": m.dice, "usual": m.usual, "odd": dict(m.odd), "count": m.count} for m in found.fit.mixed],
        "unexplained": found.unexplained,
        "unexplained_answers": [
            {
                "question": u.question,
                "dice": u.dice,
                "expected": u.expected,
                "answers": dict(u.answers),
                "wrong": u.wrong,
            }
            for u in found.fit.unexplained
        ],
        "flow": flow_json(found.flow),
        "conform": None if found.closing is None else conform_json(found.closing),
        "ruleset": aside_ruleset_text(found),
    }
