"""Finding game-flow rules by replays: the machinery either family's flow probing shares.

A flow rule has candidate values; each candidate is a ruleset (the rules found so far, with that
value). Replays (:class:`Probe`) are built by the family's module to tell the candidates apart.
:func:`decide` asks next the replay whose reference answers split the standing candidates into
the most groups, and keeps the candidates that agree with the answer on the parts of it they give
differently, until no replay splits them; :func:`fit` then asks the rest of the replays too, to
check the rules found, and reports the value, the values no replay tells from it (*alike*), and
the answer no candidate explains, if any. :func:`checks` holds the rules found to replays whole.

What no value of a rule changes is not its evidence (a line another rule adds, say): a rule is
decided by the parts of the answers its candidates give differently. A part of an answer the
protocol gives only under some rules (:data:`OPTIONAL`) is not evidence either where the answer
does not carry it at all: the implementation answers as the ruleset it was asked under has it. Nor
is a part that carries no rule in an answer (``current`` once the game is over:
:func:`~dicespec.implementation.held`), in the implementation's answers or the candidates', nor a
line of the sheet asked under that a candidate's rules lack, which the implementation holds at 0
(:func:`~dicespec.implementation.lines_lacked`: a ``yahtzee_bonus`` with no Yahtzee bonus).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from dicespec.conformance.protocol.messages import Outcome
from dicespec.conformance.run.report import differences
from dicespec.conformance.run.shrink import shortest_failing
from dicespec.identify.common import flow_yaml
from dicespec.implementation import held, held_to

REPLAY = "replay"
CHECKS = "refusals and the end"  # the flow rules the model has one way of: reported as a key of their own
OPTIONAL = ("farkles_in_a_row", "saved_rolls")
"""Parts of a replay's answer the protocol gives only where the ruleset counts them."""

Reference = Callable[[Any, int, Sequence[str]], Any]
"""The reference's answer to a replay: (rules, players, actions) → the answer."""

Ask = Callable[[str, dict[str, Any]], Outcome]


@dataclass(frozen=True)
class Probe:
    """One replay: its players and actions."""

    actions: tuple[str, ...]
    players: int = 1

    def describe(self) -> str:
        return "; ".join(self.actions)


@dataclass(frozen=True)
class Difference:
    """An answer to a replay that no candidate explains: the replay (shrunk where it could be) and
    the first part of the answer that differs from the nearest candidate's."""

    actions: tuple[str, ...]
    path: str
    expected: Any
    actual: Any

    def describe(self) -> str:
        return f"{_replay(self.actions)}: {self.path} is {_show(self.actual)}, not {_show(self.expected)}"


ACTIONS_SHOWN = 40  # a longer replay is shown by its count and its last ENDING_SHOWN actions
ENDING_SHOWN = 6


def _replay(actions: Sequence[str]) -> str:
    """A replay as the report shows it: its actions, or, past :data:`ACTIONS_SHOWN`, their count
    and the last of them (a Pig game runs to thousands)."""
    if len(actions) <= ACTIONS_SHOWN:
        return "; ".join(actions)
    return f"{len(actions):,} actions, ending … " + "; ".join(actions[-ENDING_SHOWN:])


def _show(value: Any) -> str:
    """A part of an answer as the report shows it: JSON, or ``(missing)``."""
    return repr(value) if _missing(value) else json.dumps(value)


def _missing(value: Any) -> bool:
    """Is a part of an answer one the answer lacks (what :func:`~dicespec.conformance.run.report.differences`
    gives for it)?"""
    return type(value).__name__ == "_Missing"


def difference_json(difference: Difference) -> dict[str, Any]:
    """A difference as JSON: a part an answer lacks is left out (no ``expected``, or no ``actual``)."""
    found: dict[str, Any] = {"actions": list(difference.actions), "path": difference.path}
    for key, value in (("expected", difference.expected), ("actual", difference.actual)):
        if not _missing(value):
            found[key] = value
    return found


@dataclass
class FlowFit:
    """One flow rule: the value found (as a ruleset file writes it), and what decided it."""

    key: str
    value: Any  # the value found; the base's where no candidate explains the answers
    base: Any  # the base ruleset's value
    fitted: bool  # some candidate explains every answer
    replays: int = 0  # the replays that decided it
    checked: int = 0  # the replays asked after, to check it
    alike: list[Any] = field(default_factory=list)  # other values no replay tells from ``value``
    example: str | None = None  # a replay and what it showed
    unexplained: list[Difference] = field(default_factory=list)
    decided_with: str | None = None  # the rule decided by the same replays, if any
    not_asked: str | None = None  # why its replays could not be asked, if none could


@dataclass
class FlowIdentification:
    """Every flow rule found, or why the flow could not be probed."""

    fits: list[FlowFit] = field(default_factory=list)
    not_probed: str | None = None  # why, if the implementation replays no game
    notes: list[str] = field(default_factory=list)  # what the probing left out, and why

    @property
    def replays(self) -> int:
        """The replays asked: those that decided a rule, and those that checked it."""
        return sum(fit.replays + fit.checked for fit in self.fits if fit.decided_with is None)

    @property
    def unexplained(self) -> int:
        return sum(len(fit.unexplained) for fit in self.fits)

    def values(self) -> dict[str, Any]:
        """The value found of each flow rule of the model (not the checks)."""
        return {fit.key: fit.value for fit in self.fits if fit.key != CHECKS}


def _key(answer: Any) -> str:
    return json.dumps(answer, sort_keys=True)


MISSING = "(missing)"  # a part of an answer that the other answer has and this one lacks

Flat = dict[str, str]  # an answer's leaves: path → the value as JSON text


def _flat(value: Any, path: str = "") -> Flat:
    """An answer's leaves, by path (``players[0].lines.bonus``), each as JSON text."""
    if isinstance(value, dict) and value:
        found: Flat = {}
        for key, each in value.items():
            found.update(_flat(each, f"{path}.{key}" if path else str(key)))
        return found
    if isinstance(value, list) and value:
        found = {}
        for index, each in enumerate(value):
            found.update(_flat(each, f"{path}[{index}]"))
        return found
    return {path or "(answer)": json.dumps(value, sort_keys=True)}


_LINE = re.compile(r"players\[\d+\]\.lines\.[^.\[]+")


def _alike(path: str, expected: str, answer: str) -> bool:
    """A part of an answer as the rules give it: the same, or a line of the sheet they lack that the
    answer holds at 0 (the implementation answers the sheet it was asked under)."""
    return expected == answer or (expected == MISSING and answer == "0" and _LINE.fullmatch(path) is not None)


def _informative(flats: Sequence[Flat], answer: Flat) -> frozenset[str]:
    """The parts of the answers ``flats`` on which they do not all agree, but for an
    :data:`OPTIONAL` part that ``answer`` does not carry."""
    paths = {path for flat in flats for path in flat}
    return frozenset(
        p for p in paths if len({flat.get(p, MISSING) for flat in flats}) > 1 and not _optional_missing(p, answer)
    )


def _optional_missing(path: str, answer: Flat) -> bool:
    return path.rsplit(".", 1)[-1] in OPTIONAL and path not in answer


def _same(expected: Flat, answer: Flat) -> bool:
    """Whole answers alike, but for an :data:`OPTIONAL` part ``answer`` does not carry."""
    paths = expected.keys() | answer.keys()
    return all(
        _alike(p, expected.get(p, MISSING), answer.get(p, MISSING)) for p in paths if not _optional_missing(p, answer)
    )


def _agrees(expected: Flat, answer: Flat, paths: frozenset[str]) -> bool:
    return all(_alike(p, expected.get(p, MISSING), answer.get(p, MISSING)) for p in paths)


class Asker:
    """Asks the implementation replays (each once), and works out candidates' answers (each once).

    A rule is decided by the parts of the answers that its candidates give differently: what no
    value of the rule changes (a line another rule adds, say) is not its evidence, and is held to
    the rules found by the checks that follow (:func:`_checks`)."""

    def __init__(self, ask: Ask, asked: str, reference: Reference) -> None:
        self.ask, self.asked, self.reference = ask, asked, reference
        self.answers: dict[Probe, Any] = {}
        self._flat_answers: dict[Probe, Flat] = {}
        self._expected: dict[tuple[int, Probe], Flat] = {}  # by the rules' identity (see _identity)
        self._rules: dict[int, Any] = {}
        self.failure: str | None = None  # why an answer was not a result

    def args(self, probe: Probe) -> dict[str, Any]:
        return {"ruleset": self.asked, "players": probe.players, "actions": list(probe.actions)}

    def answer(self, probe: Probe) -> Any:
        if probe not in self.answers:
            outcome = self.ask(REPLAY, self.args(probe))
            if outcome.kind != "result":
                self.failure = f"{outcome.kind}: {outcome.value}"
            self.answers[probe] = held(outcome.value) if outcome.kind == "result" else None
            self._flat_answers[probe] = _flat(self.answers[probe])
        return self.answers[probe]

    def carries(self, key: str) -> bool:
        """Has an answer so far carried a part named ``key``?"""
        return any(path.rsplit(".", 1)[-1] == key for flat in self._flat_answers.values() for path in flat)

    def flat_answer(self, probe: Probe) -> Flat:
        self.answer(probe)
        return self._flat_answers[probe]

    def _identity(self, rules: Any) -> int:
        """A key for ``rules`` as the object it is: hashing a ruleset and comparing it with another
        of the same hash walks every row, and the candidates are asked about thousands of times.
        The object is held, so that no other takes its id."""
        key = id(rules)
        self._rules.setdefault(key, rules)
        return key

    def expected(self, rules: Any, probe: Probe) -> Flat:
        key = (self._identity(rules), probe)
        found = self._expected.get(key)
        if found is None:
            found = self._expected[key] = _flat(held(self.reference(rules, probe.players, probe.actions)))
        return found

    def differs(self, rules: Any, probe: Probe, among: Sequence[Any]) -> Difference | None:
        """Where the answer to ``probe`` is not what ``rules`` give, on the parts the rulesets
        ``among`` give differently (``rules`` among them); None if it is."""
        expected, answer = self.expected(rules, probe), self.flat_answer(probe)
        paths = _informative([self.expected(each, probe) for each in among], answer)
        wrong = [p for p in paths if not _alike(p, expected.get(p, MISSING), answer.get(p, MISSING))]
        if not wrong:
            return None
        # shown as the answers' first difference at or above one of those parts (a refusal whole)
        whole = self.reference(rules, probe.players, probe.actions)
        found = [
            d
            for d in differences(held(whole), held_to(whole, self.answers[probe]))
            if any(p == d[0] or p.startswith((f"{d[0]}.", f"{d[0]}[")) for p in wrong)
        ]
        path, exp, act = sorted(found, key=lambda d: _order(d[0]))[0] if found else (wrong[0], None, None)
        return Difference(probe.actions, path, exp, act)


def _order(path: str) -> tuple[bool, str]:
    return (not path.startswith("rejected"), path)


def decide(
    asker: Asker, candidates: Sequence[tuple[Any, Any]], probes: Sequence[Probe]
) -> tuple[list[tuple[Any, Any]], list[Probe], Probe | None]:
    """Ask the probe that splits the standing candidates most, keep those that agree (on the parts
    of the answer they give differently), until no probe splits them. Returns the candidates left
    (none: the last probe asked has an answer no candidate gives), the probes asked, and the probe
    that no candidate explains, if any."""
    standing = list(candidates)
    asked: list[Probe] = []
    while len(standing) > 1:
        best, groups = None, 1
        for probe in probes:
            if probe in asked:
                continue
            split = len({_key(asker.expected(rules, probe)) for _, rules in standing})
            if split > groups:
                best, groups = probe, split
        if best is None:
            break
        asked.append(best)
        answer = asker.flat_answer(best)
        if asker.answers[best] is None:  # not asked (it cannot be): no evidence either way
            continue
        paths = _informative([asker.expected(r, best) for _, r in standing], answer)
        agree = [(v, r) for v, r in standing if _agrees(asker.expected(r, best), answer, paths)]
        if not agree:
            return standing, asked, best
        standing = agree
    return standing, asked, None


def _shortest(asker: Asker, rules: Any, probe: Probe) -> Difference | None:
    """The shortest part of a replay the implementation cannot be asked whole that differs from
    what ``rules`` give, if one does."""
    carried = {key for key in OPTIONAL if asker.carries(key)}

    def reference(**asked: Any) -> Any:
        return _without(asker.reference(rules, asked["players"], asked["actions"]), set(OPTIONAL) - carried)

    found = shortest_failing(REPLAY, asker.args(probe), _held_to(asker.ask, reference), reference)
    if found is None or found.expected is None:
        return None
    paths = sorted(differences(held(found.expected), held(found.actual)), key=lambda d: _order(d[0]))
    path, exp, act = paths[0] if paths else ("(answer)", found.expected, found.actual)
    return Difference(found.actions, path, exp, act)


def _without(answer: Any, keys: set[str]) -> Any:
    """An answer without the parts named ``keys``, at any depth."""
    if isinstance(answer, dict):
        return {k: _without(v, keys) for k, v in answer.items() if k not in keys}
    if isinstance(answer, list):
        return [_without(v, keys) for v in answer]
    return answer


def _held_to(ask: Ask, reference: Callable[..., Any]) -> Ask:
    """``ask``, its replay answers held to ``reference``'s (:func:`~dicespec.implementation.held_to`):
    a line of the sheet asked under that the rules lack, held at 0, differs in nothing."""

    def held_ask(op: str, args: dict[str, Any]) -> Outcome:
        outcome = ask(op, args)
        if outcome.kind != "result":
            return outcome
        return outcome._replace(value=held_to(reference(**args), outcome.value))

    return held_ask


def shrunk(asker: Asker, rules: Any, probe: Probe) -> Difference:
    """The difference a probe shows against ``rules``, on the shortest replay that still shows it."""

    def reference(**asked: Any) -> Any:
        return asker.reference(rules, asked["players"], asked["actions"])

    shrunk = shortest_failing(REPLAY, asker.args(probe), _held_to(asker.ask, reference), reference)
    actions = probe.actions if shrunk is None or shrunk.expected is None else shrunk.actions
    whole = asker.reference(rules, probe.players, actions)
    expected = held(whole)
    actual = held_to(whole, asker.answers[probe]) if shrunk is None or shrunk.expected is None else held(shrunk.actual)
    found = sorted(differences(expected, actual), key=lambda d: not d[0].startswith("rejected"))
    path, exp, act = found[0] if found else ("(answer)", expected, actual)
    return Difference(actions, path, exp, act)


def fit(
    asker: Asker,
    keys: Sequence[str],
    base: Any,
    candidates: Sequence[tuple[Any, Any]],
    probes: Sequence[Probe],
    values: Callable[[Any], dict[str, Any]],
    summary: Callable[[Any], str],
) -> tuple[list[FlowFit], Any]:
    """Decide one or more flow rules together (``candidates``' values: a tuple, one a key), then
    ask the other probes too: the rules found must explain every answer, or they are not found."""
    standing, asked, failed = decide(asker, candidates, probes)
    base_values = tuple(values(base)[key] for key in keys)
    preferred = next((c for c in standing if c[0] == base_values), standing[0])
    every = [rules for _, rules in candidates]
    difference = None if failed is None else asker.differs(preferred[1], failed, every)
    for probe in probes:  # the rest asked too: the rules found must explain every answer
        if difference is not None:
            break
        if probe not in asked and asker.answer(probe) is not None:
            difference = asker.differs(preferred[1], probe, every)
    checked = sum(1 for p in probes if p in asker.answers) - len(asked)
    answered = [p for p in probes if asker.answers.get(p) is not None]
    not_asked = None if answered or not probes else f"not asked: {asker.failure}"
    found = difference is None and failed is None and not_asked is None
    unexplained = [] if difference is None else [difference]
    shown = next((p for p in asked if asker.answers.get(p) is not None), None)
    example = not_asked if shown is None else f"{shown.describe()}: {summary(asker.answers[shown])}"
    fits = []
    for i, key in enumerate(keys):
        seen = list({_key(value[i]): value[i] for value, _ in reversed(standing)}.items())[::-1]
        fits.append(
            FlowFit(
                key,
                preferred[0][i] if found else base_values[i],
                base_values[i],
                found,
                len(asked),
                checked,
                [v for k, v in seen if k != _key(preferred[0][i])] if found else [],
                example,
                unexplained if i == 0 else [],
                None if i == 0 else keys[0],
                not_asked,
            )
        )
    return fits, preferred[1] if found else base


def checks(asker: Asker, rules: Any, probes: Sequence[Probe], summary: Callable[[Any], str]) -> FlowFit:
    """The rules the model has one way of: each of ``probes`` asked, its answer compared whole
    with what ``rules`` give (``summary``: a replay's answer in a few words, for the example)."""
    answered = [p for p in probes if asker.answer(p) is not None]
    wrong = [p for p in answered if not _same(asker.expected(rules, p), asker.flat_answer(p))]
    # a replay it cannot be asked whole may still differ in part: the shortest part that does
    cut = [d for p in probes if p not in answered and (d := _shortest(asker, rules, p)) is not None]
    not_asked = None if answered or cut or not probes else f"not asked: {asker.failure}"
    return FlowFit(
        CHECKS,
        None,
        None,
        not wrong and not cut and not_asked is None,
        checked=len(probes),
        example=f"{answered[0].describe()}: {summary(asker.answers[answered[0]])}" if answered else not_asked,
        unexplained=[*(shrunk(asker, rules, p) for p in wrong), *cut],
        not_asked=not_asked,
    )


# -- the report -------------------------------------------------------------------------------


def changed_rules(flow: FlowIdentification, base: Mapping[str, Any]) -> dict[str, FlowFit]:
    """The flow rules found whose value is not ``base``'s (a ruleset's flow values)."""
    return {fit.key: fit for fit in flow.fits if fit.fitted and fit.key in base and base[fit.key] != fit.value}


def in_words(flow: FlowIdentification) -> str:
    """How the flow was found, for an identified file's header."""
    if flow.not_probed is None:
        return f"its game flow by {replays(flow.replays)}."
    return f"its game flow was not probed ({flow.not_probed.splitlines()[0]}): it is the extended ruleset's."


def refusal(answer: Any) -> str | None:
    """A replay's answer in a few words where it is not one (its JSON) or is a refusal."""
    if not isinstance(answer, dict):
        return json.dumps(answer)
    rejected = answer.get("rejected")
    return f"action {rejected.get('at', 0) + 1} refused ({rejected.get('code')})" if rejected else None


def replays(count: int) -> str:
    return f"{count} replay" + ("" if count == 1 else "s")


def decided(fit: FlowFit) -> str:
    """How many replays decided a rule, and checked it."""
    if fit.not_asked is not None:
        return fit.not_asked
    if fit.key == CHECKS:
        wrong = len(fit.unexplained)
        return f"{replays(fit.checked)}, {wrong} of them not as the model has it" if wrong else replays(fit.checked)
    verb = "decides" if fit.replays == 1 else "decide"
    more = f", {fit.checked} more asked to check it" if fit.checked else ""
    return f"{replays(fit.replays)} {verb} it{more}" + (f"; with {fit.decided_with}" if fit.decided_with else "")


def report_lines(
    flow: FlowIdentification, closest: str, changed: Mapping[str, FlowFit], took: str, checked: str
) -> list[str]:
    """The flow part of a report: each rule found, as ``closest`` has it or not (``changed``),
    how it was decided, and what no replay tells it from; ``checked``: what the checks hold."""
    if flow.not_probed is not None:
        return [f"game flow: not probed: {flow.not_probed.splitlines()[0]}"]
    lines = [f"game flow: {replays(flow.replays)}{took}", *(f"  note: {note}" for note in flow.notes)]
    for fit in flow.fits:
        if fit.not_asked is not None:
            state = "not probed" if fit.key == CHECKS else f"as {closest}, not probed"
        elif fit.key == CHECKS:
            state = ("as" if fit.fitted else "not as") + f" the model has them ({checked})"
        elif not fit.fitted:
            state = "no rule of the model explains its answers"
        elif fit.key in changed:
            state = f"differs: {flow_yaml(fit.value)}"
        else:
            state = f"as {closest}"
        lines.append(f"  {fit.key}: {state} ({decided(fit)})")
        if fit.alike:
            lines.append(f"    no replay tells it from {len(fit.alike)} other value(s), e.g. {flow_yaml(fit.alike[0])}")
    return lines


def flow_json(flow: FlowIdentification) -> dict[str, Any]:
    """The flow found, as JSON."""
    return {
        "not_probed": flow.not_probed,
        "replays": flow.replays,
        "notes": flow.notes,
        "rules": [
            {
                "key": fit.key,
                "value": fit.value,
                "fitted": fit.fitted,
                "replays": fit.replays,
                "checked": fit.checked,
                "decided_with": fit.decided_with,
                "not_asked": fit.not_asked,
                "alike": fit.alike,
                "example": fit.example,
                "unexplained": [difference_json(d) for d in fit.unexplained],
            }
            for fit in flow.fits
        ],
    }


def same_answer(expected: Any, actual: Any) -> bool:
    """Are two answers alike, but for an :data:`OPTIONAL` part ``actual`` does not carry, a part
    that carries no rule (:func:`~dicespec.implementation.held`) and a line ``expected`` lacks that
    ``actual`` holds at 0 (:func:`~dicespec.implementation.held_to`)?"""
    return _same_parts(held(expected), held_to(expected, actual))


def _same_parts(expected: Any, actual: Any) -> bool:
    if isinstance(expected, dict) and isinstance(actual, dict):
        keys = (expected.keys() | actual.keys()) - {k for k in OPTIONAL if k not in actual}
        return all(_same_parts(expected.get(k, MISSING), actual.get(k, MISSING)) for k in keys)
    if isinstance(expected, list) and isinstance(actual, list):
        return len(expected) == len(actual) and all(map(_same_parts, expected, actual))
    return bool(expected == actual)
