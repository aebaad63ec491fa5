"""``dicespec identify``: an implementation asked every ordered roll in every row of a score-sheet
game, its rows fitted (:mod:`~dicespec.identify.sheet_fit`), its game flow found by replays
(:mod:`~dicespec.identify.sheet_flow`), and the rules it plays written as a ruleset file that
``extends:`` the closest shipped ruleset, with the answers no rule explains.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from dicespec import corpus
from dicespec.identify.aside import (
    AsideIdentification,
    aside_json,
    aside_report_text,
    aside_ruleset_text,
    identify_aside,
)
from dicespec.identify.aside_flow import aside_flow_values
from dicespec.identify.aside_flow import reference as aside_reference
from dicespec.identify.aside_flow import with_value as aside_with_value
from dicespec.identify.closing import (
    Closing,
    Explained,
    Question,
    closing_conform,
    closing_json,
    closing_lines,
    conform_json,
)
from dicespec.identify.common import (
    SHOWN,
    Again,
    Counting,
    IdentifyError,
    Stops,
    flow_yaml,
    likely_answer,
    nothing_usable,
)
from dicespec.identify.flow import (
    CHECKS,
    FlowFit,
    FlowIdentification,
    changed_rules,
    decided,
    flow_json,
    in_words,
    report_lines,
)
from dicespec.identify.own_dice import NoReplays, needs_chosen_dice
from dicespec.identify.sheet_fit import SHARE, Memo, RowFit, fit_row, rolls
from dicespec.identify.sheet_flow import flow_values, identify_flow
from dicespec.identify.sheet_flow import reference as sheet_reference
from dicespec.identify.sheet_flow import with_value as sheet_with_value
from dicespec.progress import ProgressLine
from dicespec.registry import game
from dicespec.rulesets import Ruleset, find_ruleset, find_ruleset_of, name_from, of_kind, ruleset_data, ruleset_names
from dicespec.scoresheet.families import RowRule, rule_data
from dicespec.scoresheet.ruleset import SheetRuleset
from dicespec.setaside.ruleset import SetAsideRuleset


@dataclass
class Identification:
    """What the answers said: each row's fit, the closest shipped ruleset, and the oddities."""

    implementation: str
    asked: str  # the ruleset the questions named
    name: str  # the identified rules' own name
    closest: str = ""
    rows: list[RowFit] = field(default_factory=list)
    errored: int = 0
    first_error: str | None = None
    inconsistent: list[str] = field(default_factory=list)  # questions answered twice, two ways
    flow: FlowIdentification = field(default_factory=FlowIdentification)
    seconds: dict[str, float] = field(default_factory=dict)
    closing: Closing | None = None  # the closing conform run, unless skipped
    stops: Stops = field(default_factory=Stops)  # its processes lost meanwhile
    given: dict[str, dict[str, Any]] = field(default_factory=dict, repr=False)  # row → dice → the answer

    @property
    def answers(self) -> int:
        return sum(fit.asked for fit in self.rows)

    @property
    def unexplained(self) -> int:
        """The answers no rule explains: rolls, and replays (those the closing run found too)."""
        here = 0 if self.closing is None else len(self.closing.found_here)
        return sum(fit.unexplained_rolls for fit in self.rows) + self.flow.unexplained + here

    def changed(self) -> dict[str, RowRule]:
        """The rows whose fitted rule is not the closest shipped ruleset's."""
        base = find_ruleset_of(SheetRuleset, self.closest)
        rules = {row.id: row.rule for row in base.rows.values()}
        return {fit.row: fit.rule for fit in self.rows if fit.rule is not None and rules.get(fit.row) != fit.rule}

    def changed_flow(self) -> dict[str, FlowFit]:
        """The flow rules found, where the closest shipped ruleset has another."""
        return changed_rules(self.flow, flow_values(find_ruleset_of(SheetRuleset, self.closest)))


def ruleset_text(found: Identification | AsideIdentification) -> str:
    """The identified rules as a ruleset file: ``extends:`` the closest shipped ruleset, only what
    differs written, each row with a comment naming its evidence."""
    if isinstance(found, AsideIdentification):
        return aside_ruleset_text(found)
    changed = found.changed()
    by_row = {fit.row: fit for fit in found.rows}
    flow = in_words(found.flow)
    lines = [
        f"# The rules {found.implementation} plays, as dicespec identify found them from its answers",
        f"# under {found.asked}: every ordered roll in every row ({found.answers:,} answers), and",
        f"# {flow}",
        f"extends: {found.closest}",
        f"name: {found.name}",
        f"description: {json.dumps(f'The rules {found.implementation} plays, as identified from its answers.')}",
    ]
    if changed:
        lines.append("rows:")
        width = max(len(row) for row in changed)
        for row, rule in changed.items():
            lines.append(f"  # {_evidence(by_row[row])}")
            lines.append(f"  {row + ':':<{width + 1}} {flow_yaml(rule_data(rule))}")
    for key, fit in found.changed_flow().items():
        lines.append(f"# {key}: {decided(fit)}; e.g. {fit.example}")
        lines.append(f"{key}: {flow_yaml(_as_written(key, fit.value, found.closest))}")
    return "\n".join(lines) + "\n"


def _as_written(key: str, value: Any, closest: str) -> Any:
    """A flow rule's value as the file writes it: the bonus in the words the extended ruleset
    uses (``at_least`` or ``more_than``), since a file's mapping merges over its parent's."""
    if key == "upper_bonus" and value is not None and "at_least" in (ruleset_data(closest).get(key) or {}):
        return {"at_least": value["more_than"] + 1, "points": value["points"]}
    return value


def _evidence(fit: RowFit) -> str:
    example = "" if fit.example is None else f"; e.g. {fit.example[0]} scores {fit.example[1]}"
    return f"{fit.row}: {fit.agree:,} of {fit.asked:,} answers agree{example}"


def report_text(found: Identification | AsideIdentification, *, timings: bool = True) -> str:
    """The report: each row's rule, then the unexplained answers, shrunk to a few rolls a row
    (``timings``: with how long the asking and the fit took)."""
    if isinstance(found, AsideIdentification):
        return aside_report_text(found, timings=timings)
    took = f", {found.seconds.get('asking', 0):.1f} s asked, {found.seconds.get('fit', 0):.2f} s fitted"
    lines = [
        f"dicespec identify: {found.implementation}, asked under {found.asked}",
        f"scoring: {found.answers:,} answers in {len(found.rows)} rows" + (took if timings else ""),
        f"closest shipped ruleset: {found.closest}",
    ]
    changed = found.changed()
    for fit in found.rows:
        if fit.rule is None:
            best = (
                ""
                if fit.best is None
                else f"; the nearest, {flow_yaml(rule_data(fit.best))}, explains {fit.agree / fit.asked:.2%}"
            )
            state = f"no rule of the model explains {fit.share:.0%} of its rolls{best}"
        elif fit.row in changed:
            state = f"differs: {flow_yaml(rule_data(fit.rule))}"
        else:
            state = f"as {found.closest}"
        lines.append(f"  {fit.row}: {state} ({fit.agree:,} of {fit.asked:,} agree)")
        if fit.alike:
            lines.append(
                f"    no roll tells it from {len(fit.alike)} other rule(s), e.g. {flow_yaml(rule_data(fit.alike[0]))}"
            )
    lines += _flow_report(found, timings)
    if found.errored:
        lines.append(f"errored: {found.errored:,} questions, e.g. {found.first_error}")
    lines += found.stops.lines()
    for question in found.inconsistent[:SHOWN]:
        lines.append(f"inconsistent: {question}")
    lines.append(f"unexplained answers: {found.unexplained:,}")
    for fit in found.rows:
        if fit.unexplained:
            agree = "agree with no rule of the model" if fit.rule is None else "disagree with its rule"
            shown = "; ".join(each.describe() for each in fit.unexplained[:SHOWN])
            more = f"; and {len(fit.unexplained) - SHOWN} more rolls" if len(fit.unexplained) > SHOWN else ""
            lines.append(f"  {fit.row}: {fit.unexplained_rolls:,} of {fit.asked:,} rolls {agree}; {shown}{more}")
    for flow in found.flow.fits:
        for difference in flow.unexplained[:SHOWN]:
            lines.append(f"  {flow.key}: {difference.describe()}")
    if found.closing is not None:
        lines += closing_lines(found.closing, sum(fit.unexplained_rolls for fit in found.rows), timings=timings)
    return "\n".join(lines)


CHECKED = "a filled row refused, the game over"  # what the closing checks of a score-sheet game hold


def _flow_report(found: Identification, timings: bool) -> list[str]:
    """The flow part of the report: each rule found, as the closest shipped ruleset has it or not."""
    took = f", {found.seconds.get('flow', 0):.2f} s" if timings else ""
    return report_lines(found.flow, found.closest, found.changed_flow(), took, CHECKED)


def as_json(found: Identification | AsideIdentification) -> dict[str, Any]:
    """Everything found, as one JSON object."""
    if isinstance(found, AsideIdentification):
        return aside_json(found)
    return {
        "implementation": found.implementation,
        "asked": found.asked,
        "name": found.name,
        "extends": found.closest,
        "answers": found.answers,
        "errored": found.errored,
        "stops": found.stops.json(),
        "inconsistent": found.inconsistent,
        "seconds": found.seconds,
        "rows": [
            {
                "row": fit.row,
                "rule": None if fit.rule is None else rule_data(fit.rule),
                "best": None if fit.best is None else rule_data(fit.best),
                "agree": fit.agree,
                "asked": fit.asked,
                "alike": [rule_data(rule) for rule in fit.alike],
                "unexplained": [
                    {"roll": each.roll, "expected": each.expected, "answers": dict(each.answers)}
                    for each in fit.unexplained
                ],
            }
            for fit in found.rows
        ],
        "flow": flow_json(found.flow),
        "unexplained": found.unexplained,
        "conform": None if found.closing is None else conform_json(found.closing),
        "ruleset": ruleset_text(found),
    }


def summary(found: Identification | AsideIdentification) -> dict[str, Any]:
    """What identify found, in short (no timings): the closest shipped ruleset, the keys that
    differ from it, the unexplained answers, and the closing conform run; for a record of it."""
    if isinstance(found, AsideIdentification):
        changed = list(found.changed()) + list(found.changed_flow())
    else:
        changed = [f"rows.{row}" for row in found.changed()] + list(found.changed_flow())
    closing = (
        None if found.closing is None else {k: v for k, v in closing_json(found.closing).items() if k != "seconds"}
    )
    return {
        "implementation": found.implementation,
        "asked": found.asked,
        "extends": found.closest,
        "changed": changed,
        "answers": found.answers,
        "unexplained": found.unexplained,
        "errored": found.errored,
        "flow_not_probed": found.flow.not_probed,
        "conform": closing,
    }


def _questions(rules: SheetRuleset) -> Iterator[corpus.Case | Again]:
    """Every ordered roll in every row (the exhaustive corpus's questions), then each roll once
    more in ascending order (to catch an implementation that answers the same question two ways)."""
    yield from corpus.exhaustive({rules.game: [rules.name]})
    for row in rules.rows.values():
        for roll in rolls(rules.dice):
            yield Again("score", {"ruleset": rules.name, "dice": roll, "row": row.id})


def closest_ruleset(fits: Sequence[RowFit], asked: SheetRuleset, flow: Mapping[str, Any] | None = None) -> str:
    """The shipped ruleset of the game, of as many dice, that differs from the fit in the fewest
    rows and flow rules (``flow``: the flow rules found, if any; the asked one first among equals)."""
    names = [asked.name, *(n for n in ruleset_names(asked.game) if n != asked.name)]
    best, fewest = asked.name, None
    for name in names:
        if name not in ruleset_names(asked.game):
            continue
        rules = find_ruleset_of(SheetRuleset, name)
        if rules.dice != asked.dice:
            continue
        own = {row.id: row.rule for row in rules.rows.values()}
        if set(own) != {fit.row for fit in fits}:
            continue
        differ = sum(1 for fit in fits if fit.rule is not None and own[fit.row] != fit.rule)
        if flow:
            values = flow_values(rules)
            differ += sum(1 for key, value in flow.items() if values[key] != value)
        if fewest is None or differ < fewest:
            best, fewest = name, differ
    return best


def identify_sheet(
    transport: Any,
    implementation: str,
    rules: SheetRuleset,
    *,
    name: str,
    share: float = SHARE,
    progress: bool = False,
) -> Identification:
    """Ask ``transport`` every question, fit each row, and find the closest shipped ruleset."""
    found = Identification(implementation, rules.name, name)
    answers: dict[str, dict[str, int]] = {row.id: {} for row in rules.rows.values()}
    meter = ProgressLine("  asking", unit="questions") if progress else None
    started = time.perf_counter()
    count = 0
    for ask, outcome in transport.stream(_questions(rules), expect=likely_answer):
        count += 1
        args, value = ask.args, outcome.value
        if type(value) is not int or outcome.kind != "result":  # (a bool is no count of points)
            found.errored += 1
            if found.first_error is None:
                shown = value if outcome.kind != "result" else repr(value)
                found.first_error = f"score {args['dice']} in {args['row']}: {shown}"
            continue
        if type(ask) is Again:
            row, dice = args["row"], args["dice"]
            first = answers[row].get(dice)
            if first is not None and first != value:
                found.inconsistent.append(f"score {dice} in {row}: answered {first}, then {value}")
        else:
            answers[args["row"]][args["dice"]] = value
        if meter is not None and not count & 1023:
            meter.count(count, "")
    if meter is not None:
        meter.count(count, "", final=True)
    found.seconds["asking"] = time.perf_counter() - started
    if not any(answers.values()):
        raise nothing_usable(implementation, count, found.first_error)
    started = time.perf_counter()
    others, memo = _others(rules), Memo()
    for row in rules.rows.values():
        if answers[row.id]:
            fit = fit_row(row.id, rules.dice, answers[row.id], row.rule, others.get(row.id, ()), share, memo)
            found.rows.append(fit)
    found.closest = closest_ruleset(found.rows, rules)
    found.seconds["fit"] = time.perf_counter() - started
    started = time.perf_counter()
    found.given = answers
    found.flow = identify_flow(transport.call, rules.name, _with_rows(rules.name, found.rows))
    found.closest = closest_ruleset(found.rows, rules, found.flow.values())
    found.seconds["flow"] = time.perf_counter() - started
    return found


def _with_rows(name: str, fits: Sequence[RowFit]) -> SheetRuleset:
    """The ruleset ``name`` (the asked one: flow probing starts from the rules the implementation
    was asked to play) with the rows found (each row no rule fits kept as it is)."""
    base = find_ruleset_of(SheetRuleset, name)
    found = {fit.row: fit.rule for fit in fits if fit.rule is not None}
    rows = {row.id: replace(row, rule=found.get(row.id, row.rule)) for row in base.rows.values()}
    return replace(base, rows=MappingProxyType(rows))


def _others(rules: SheetRuleset) -> Mapping[str, list[RowRule]]:
    """Each row id's rules in the other shipped rulesets of the game (tried before the model's)."""
    found: dict[str, list[RowRule]] = {}
    for name in ruleset_names(rules.game):
        for row in find_ruleset_of(SheetRuleset, name).rows.values():
            found.setdefault(row.id, []).append(row.rule)
    return found


def _identify_sheet(
    transport: Any,
    implementation: str,
    rules: Ruleset,
    *,
    name: str,
    share: float,
    progress: bool,
    players: Sequence[int],
) -> Identification:
    """:func:`identify_sheet` (its replays take the players the rules allow)."""
    sheet = of_kind(SheetRuleset, rules)
    return identify_sheet(transport, implementation, sheet, name=name, share=share, progress=progress)


def _identify_aside(
    transport: Any,
    implementation: str,
    rules: Ruleset,
    *,
    name: str,
    share: float,
    progress: bool,
    players: Sequence[int],
) -> AsideIdentification:
    aside = of_kind(SetAsideRuleset, rules)
    return identify_aside(transport, implementation, aside, name=name, share=share, progress=progress, players=players)


@dataclass(frozen=True, slots=True)
class FamilyIdentification:
    """How ``dicespec identify`` finds the rules of the games of one family."""

    identify: Callable[..., Identification | AsideIdentification]
    """``(transport, implementation, rules, *, name, share, progress, players)``: ask ``transport``
    every question under ``rules``, fit the rules and find the closest shipped ruleset (the games it
    replays, of one of ``players`` players: the counts the implementation plays)."""
    case_key: Callable[[corpus.Case], str]
    """What the closing conform run reads a case's given answers by (a row, or an operation)."""
    flow_values: Callable[[Any], dict[str, Any]]
    """Each flow rule of typed rules, as a ruleset file writes it."""
    with_value: Callable[[Any, str, Any], Any]
    """Typed rules with one flow rule set to a value (as :attr:`flow_values` writes it)."""
    reference: Callable[[Any, int, Sequence[str]], Any]
    """The reference's answer to a replay under typed rules."""
    questions: Callable[[str, Any], Sequence[Question]]
    """The exhaustive questions (by :attr:`case_key`, and the dice) whose answers an action's
    outcome reads, given the answer before it."""


def _row_of(case: corpus.Case) -> str:
    row: str = case.args["row"]
    return row


def _operation_of(case: corpus.Case) -> str:
    return case.op


def _scored(action: str, before: Any) -> Sequence[Question]:
    """``score ROW``: that row's score of the dice shown."""
    verb, _, row = action.partition(" ")
    dice = before.get("dice") if isinstance(before, dict) else None
    return [(row, dice)] if verb == "score" and isinstance(dice, str) else []


def _set_aside_or_rolled(action: str, before: Any) -> Sequence[Question]:
    """``set DICE``: what those dice score set aside; ``roll DICE``: the best of that roll (a farkle)."""
    verb, _, dice = action.partition(" ")
    if verb == "set":
        return [("set_aside", "".join(sorted(dice)))]
    return [("best", dice)] if verb == "roll" else []


FAMILIES: dict[str, FamilyIdentification] = {
    "score-sheet": FamilyIdentification(
        _identify_sheet, _row_of, flow_values, sheet_with_value, sheet_reference, _scored
    ),
    "set-aside": FamilyIdentification(
        _identify_aside, _operation_of, aside_flow_values, aside_with_value, aside_reference, _set_aside_or_rolled
    ),
}
"""How each family's rules are identified, by family name."""


def explained(found: Identification | AsideIdentification, family: FamilyIdentification, asked: Ruleset) -> Explained:
    """What the identification found, for its closing run to attribute each differing replay to:
    its flow, and each flow rule found with its other values (those no replay told from it, and
    the asked ruleset's)."""
    asked_values = family.flow_values(asked)
    others: dict[str, list[Any]] = {}
    for fit in found.flow.fits:
        if fit.key == CHECKS or not fit.fitted or fit.not_asked is not None:
            continue
        values = [*fit.alike, asked_values.get(fit.key, fit.value)]
        others[fit.key] = [v for i, v in enumerate(values) if v != fit.value and v not in values[:i]]
    return Explained(found.flow, others, family.with_value, family.reference, family.questions)


def identified_name(implementation: str) -> str:
    """A name of its own for the identified rules (lowercase words and -), not a shipped one's."""
    return f"{name_from(implementation, 'implementation')}-identified"


def identify(
    target: Any,
    options: Any,
    *,
    name_of_game: str | None,
    asked: str | None,
    name: str | None,
    share: float = SHARE,
    conform: bool = True,
    ask_as: str | None = None,
) -> Identification | AsideIdentification:
    """Start the target (a :class:`~dicespec.conformance.run.target.Target`), check what its hello
    declares, identify the rules it plays of one game, and (``conform``) hold it to them in a
    closing conform run (:mod:`~dicespec.identify.closing`). With ``ask_as``, every question about
    ``asked`` (rules of one's own) is asked under ``ask_as``, a ruleset the implementation
    declares: an engine of fixed rules, whose identification starts from ``asked``. What it found
    says how often the implementation stopped meanwhile, and whether the result depends on it
    (:class:`~dicespec.identify.common.Stops`)."""
    from dicespec.conformance.run.declared import check_asked_as, check_games, declare_hello
    from dicespec.conformance.run.target import open_transport

    if ask_as is not None and asked is None:
        raise IdentifyError(f"--ask-as {ask_as} goes with --ruleset-file: the rules it is held to")
    transport = Counting(open_transport(target, options, {asked: ask_as} if ask_as and asked else None))
    try:
        hello = transport.start()
        if hello is None:
            raise IdentifyError(f"{target.describe()} could not be started: {transport.failure}")
        declare_hello(hello)
        check_games(hello)
        if ask_as is not None and asked is not None:
            check_asked_as(hello, {asked: ask_as})
        games = [g for g, names in hello.games.items() if names]
        if name_of_game is None:
            if asked is not None:
                name_of_game = find_ruleset(asked).game
            elif len(games) == 1:
                name_of_game = games[0]
            else:
                raise IdentifyError(
                    f"{hello.name} declares {len(games)} games ({', '.join(games)}): name one with --game"
                )
        if not hello.games.get(name_of_game):
            raise IdentifyError(f"{hello.name} declares no ruleset of {name_of_game}")
        chosen = asked or (
            game(name_of_game).default_ruleset
            if hello.supports(name_of_game, game(name_of_game).default_ruleset)
            else hello.games[name_of_game][0]
        )
        if not hello.supports(name_of_game, ask_as or chosen):
            raise IdentifyError(f"{hello.name} does not declare the ruleset {ask_as or chosen} of {name_of_game}")
        rules = find_ruleset(chosen)
        if rules.game != name_of_game:
            raise IdentifyError(f"ruleset {chosen!r} is for {rules.game}, not {name_of_game}")
        own = name or identified_name(hello.name)
        family = FAMILIES[game(name_of_game).family_name]
        plays = hello.players.get(name_of_game, ())
        own_dice = hello.rolls_own_dice(name_of_game)  # no replay: its flow needs chosen dice
        found = family.identify(
            NoReplays(transport) if own_dice else transport,
            hello.name,
            rules,
            name=own,
            share=share,
            progress=options.progress,
            players=plays,
        )
        if own_dice:
            found.flow.not_probed = needs_chosen_dice(game(name_of_game).family_name, rules)
        if ask_as is not None:
            found.asked = f"{chosen} as {ask_as}"  # the report and the file name both
        if conform:
            found.closing = closing_conform(
                transport,
                ruleset_text(found),
                chosen,
                found.given,
                family.case_key,
                hello.players.get(name_of_game, ()),
                progress=options.progress,
                strict_refusals=options.strict_refusals,
                explained=explained(found, family, rules),
                own_dice=own_dice,
            )
            found.seconds["conform"] = found.closing.seconds
        found.stops = transport.stops()
        return found
    finally:
        transport.close()
