"""The closing conform run of ``dicespec identify``: the identified rules declared, and the
implementation held to them. The exhaustive part is the answers it already gave, compared with
what the identified rules answer (nothing is asked twice); the games part replays the games
``dicespec conform`` replays under the ruleset the questions named (the same seeds, the same case
ids, asked under that ruleset), played by the identified rules: where those are the asked
ruleset's, the very games conform replays. A part of an answer the protocol gives only under some
rules is not held against an answer that lacks it (the implementation answers as the ruleset it
was asked under has it), nor is a line of that ruleset's sheet the identified rules lack, held at 0.

Every replay that differs is attributed, at the first action at which it differs (found by asking
the implementation the replay cut shorter, halving), to one cause:

- **a tie**: only the winners differ, between players tied on the totals;
- **an unexplained answer** the report lists: the action refused or accepted as in a flow rule's
  unexplained answer, a roll scored in a row as no rule explains (the exhaustive part's
  difference), or the same part of the answer differing as in a flow rule's unexplained answer;
- **a refusal**: the action accepted where the rules refuse it (a die named twice), refused where
  they allow it, or refused for another reason (a reason the rules give too, under
  ``strict_refusals``);
- **a rule found**: another value of a flow rule found (one no replay told from it, or the asked
  ruleset's) answers as the implementation does: the rule found does not hold there;
- else **unexplained, found here**: an answer no rule explains that the fit did not see, kept with
  the replay cut where it differs, and counted with the unexplained answers.

A replay refused for another reason the rules give too (another order of their checks,
:mod:`~dicespec.conformance.run.refusals`) does not differ, and is counted apart; with
``strict_refusals`` it differs. A replay the implementation errored on (a crash, a timeout) is
counted apart, as errored.
"""

from __future__ import annotations

import hashlib
import re
import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import yaml

from dicespec import corpus
from dicespec.conformance.run.refusals import other_order
from dicespec.conformance.run.report import differences
from dicespec.identify.common import flow_yaml
from dicespec.identify.flow import Difference, FlowIdentification, difference_json, same_answer
from dicespec.identify.own_dice import own_dice_games
from dicespec.implementation import ReferenceImplementation, held, held_to
from dicespec.progress import ProgressLine
from dicespec.rulesets import declare_document, find_ruleset

SHOWN = 3  # failing games named in the report, and differences shown per cause

NOT_ANSWERED = object()  # a question the implementation gave no usable answer to

TIE, UNEXPLAINED, REFUSAL, RULE, FOUND_HERE = "tie", "unexplained", "refusal", "rule", "found here"
CAUSES = {
    UNEXPLAINED: "by an unexplained answer",
    RULE: "by a rule found",
    REFUSAL: "by a refusal",
    TIE: "by a tie",
    FOUND_HERE: "unexplained, found here",
}
"""The causes a differing replay is attributed to, as the report counts them, in its order."""

Question = tuple[str, str]  # an exhaustive question: what the given answers are read by (a row, an operation), the dice


def _no_questions(action: str, before: Any) -> Sequence[Question]:
    return ()


@dataclass(frozen=True)
class Explained:
    """What the identification found, for the closing run to attribute each differing replay to."""

    flow: FlowIdentification = field(default_factory=FlowIdentification)
    others: Mapping[str, Sequence[Any]] = field(default_factory=dict)
    """Each flow rule found, and the other values it may have: those no replay told from it, and
    the asked ruleset's."""
    with_value: Callable[[Any, str, Any], Any] | None = None
    """(typed rules, a flow rule, a value) → those rules with that value of it."""
    reference: Callable[[Any, int, Sequence[str]], Any] | None = None
    """(typed rules, players, actions) → the reference's answer to that replay under those rules."""
    questions: Callable[[str, Any], Sequence[Question]] = _no_questions
    """(an action, the answer before it) → the exhaustive questions whose answers its outcome reads
    (``score chance`` with the dice shown: that row's score of those dice)."""


@dataclass(frozen=True)
class Attributed:
    """A differing replay of the closing run, and its cause (one of :data:`CAUSES`): what it is
    attributed to (a rule, a row, a refusal), and, for an answer no rule explains, where it
    differs."""

    case: str
    cause: str
    to: str
    difference: Difference | None = None


@dataclass
class Closing:
    """What the closing conform run found: cases and how many differ, part by part, and each
    differing replay's cause."""

    ruleset: str  # the name the identified rules were declared under for the run
    exhaustive: int = 0
    exhaustive_failed: int = 0  # answered otherwise than the identified rules answer
    exhaustive_unanswered: int = 0  # no usable answer was given (it errored)
    games: int = 0
    games_failed: int = 0
    own_dice: bool = False  # the games were played move by move with the engine's own dice
    games_skipped: int = 0
    games_errored: int = 0  # the implementation errored on (a crash, a timeout): not compared
    games_other_order: int = 0  # refused for another reason the rules give too: not failed
    failing: list[str] = field(default_factory=list)  # a few failing games' case ids
    attributed: list[Attributed] = field(default_factory=list)  # every failing game, and its cause
    seconds: float = 0.0

    def causes(self) -> Counter[str]:
        """How many differing replays each cause explains."""
        return Counter(each.cause for each in self.attributed)

    @property
    def found_here(self) -> list[Difference]:
        """The answers no rule explains that the closing run found, and the fit did not."""
        return [each.difference for each in self.attributed if each.difference is not None]

    def summary(self, unexplained_answers: int) -> str:
        """One line: each part's differences, the exhaustive part's beside the unexplained answers
        the fit reported, the games' by cause."""
        skipped = f", {self.games_skipped:,} skipped" if self.games_skipped else ""
        if self.games_errored:
            skipped += f", {self.games_errored:,} errored"
        if self.games_other_order:
            skipped += f", {self.games_other_order:,} refused in another order"
        causes = self.causes()
        attributed = ", ".join(f"{causes[cause]:,} {words}" for cause, words in CAUSES.items() if causes[cause])
        unanswered = f", {self.exhaustive_unanswered:,} not answered" if self.exhaustive_unanswered else ""
        return (
            f"conform under the identified rules: exhaustive {self.exhaustive:,} cases, "
            f"{self.exhaustive_failed:,} differ (unexplained answers: {unexplained_answers:,}){unanswered}; "
            f"games {self.games:,} {'own-dice games' if self.own_dice else 'replays'}, {self.games_failed:,} differ"
            + (f" ({attributed})" if attributed else "")
            + skipped
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
    explained: Explained | None = None,
    own_dice: bool = False,
) -> Closing:
    """Hold the implementation to the rules of the identified file ``text``: its answers
    ``given`` (by ``key(case)``, a row or an operation, then the dice) against the exhaustive
    corpus of those rules, then the ``games`` replayed games conform replays under ``asked``,
    played by those rules and asked under ``asked`` (by one of ``players`` players, where it plays
    only some counts; a refusal in another order differs only with ``strict_refusals``). Each
    replay that differs is attributed to its cause, by what the identification ``explained``. An
    engine that rolls its own dice (``own_dice``) plays those games move by move instead, with its
    own dice (:func:`~dicespec.identify.own_dice.own_dice_games`): a game that differs is counted,
    not attributed."""
    started = time.perf_counter()
    explained = explained or Explained()
    name = declare_identified(text)
    found = Closing(name)
    rules_game = find_ruleset(name).game
    differ: set[Question] = set()
    for case in corpus.exhaustive({rules_game: [name]}):
        found.exhaustive += 1
        answer = given.get(key(case), {}).get(case.args["dice"], NOT_ANSWERED)
        if answer is NOT_ANSWERED:
            found.exhaustive_unanswered += 1
        elif answer != case.expected:
            found.exhaustive_failed += 1
            differ.add((key(case), case.args["dice"]))
    if own_dice:
        played = own_dice_games(
            transport, name, asked, rules_game, players, games=games, strict_refusals=strict_refusals, shown=SHOWN
        )
        found.own_dice = True
        found.games, found.games_failed, found.games_skipped = played.games, played.failed, played.skipped
        found.games_other_order, found.failing = played.other_order, played.failing
        found.seconds = time.perf_counter() - started
        return found
    # conform's games under the asked ruleset, played by these rules; kept in the cache folder, as
    # conform keeps them (under a name of these very rules)
    players_of = {rules_game: players} if players else None
    cases = corpus.games({rules_game: [name]}, count=games, kept=True, players=players_of, seeded_as={name: asked})
    meter = ProgressLine("  conform", unit="replays") if progress else None
    replays = _Replays(transport, name)
    failed: list[tuple[corpus.Case, Any]] = []
    for case, outcome in transport.stream(cases):
        found.games += 1
        if outcome.kind in ("skipped", "cannot"):
            found.games_skipped += 1
        elif outcome.kind != "result":
            found.games_errored += 1
        elif same_answer(case.expected, outcome.value):
            replays.note(case.args, False)
        elif not strict_refusals and _other_order(case, outcome.value):
            found.games_other_order += 1  # the rules refuse it for that reason too
        else:
            found.games_failed += 1
            replays.note(case.args, True, case.expected, outcome.value)
            failed.append((case, outcome.value))
            if len(found.failing) < SHOWN:
                found.failing.append(case.id)
        if meter is not None and not found.games & 255:
            meter.count(found.games, "")
    if meter is not None:
        meter.count(found.games, "", final=True)
    cause = _Causes(explained, find_ruleset(name), differ)
    found.attributed = [cause.of(case.id, case.args, replays) for case, _ in failed]
    found.seconds = time.perf_counter() - started
    return found


def _other_order(case: corpus.Case, answer: Any) -> bool:
    """Does ``answer`` refuse the case's action for another reason the rules give, and differ in nothing else?"""
    return other_order(case.expected, answer, case.refusals, same=same_answer) is not None


Key = tuple[int, tuple[str, ...]]  # a replay: its players and actions


class _Replays:
    """The replays of the closing run, asked and worked out: whether each differs, and both
    answers where it does; a replay cut shorter is asked of the implementation when it is needed."""

    def __init__(self, transport: Any, rules: str) -> None:
        self.transport, self.rules = transport, rules
        self.asked = ""  # the ruleset the implementation is asked under
        self.known: dict[Key, tuple[bool, Any, Any]] = {}
        self.reference = ReferenceImplementation()

    def note(self, args: Mapping[str, Any], differs: bool, expected: Any = None, actual: Any = None) -> None:
        self.asked = args["ruleset"]
        self.known[args["players"], tuple(args["actions"])] = (differs, expected, actual)

    def expected(self, players: int, actions: Sequence[str]) -> Any:
        """The identified rules' answer to a replay."""
        return self.reference.replay(self.rules, players, list(actions))

    def answers(self, players: int, actions: Sequence[str]) -> tuple[bool, Any, Any]:
        """Whether the replay differs (an answer that is no result counts as differing, with
        ``None``), and both answers."""
        key = (players, tuple(actions))
        if key not in self.known:
            outcome = self.transport.call(
                "replay", {"ruleset": self.asked, "players": players, "actions": list(actions)}
            )
            expected = self.expected(players, actions)
            actual = outcome.value if outcome.kind == "result" else None
            self.known[key] = (actual is None or not same_answer(expected, actual), expected, actual)
        return self.known[key]

    def first_differing(self, players: int, actions: Sequence[str]) -> int:
        """How many of ``actions`` the shortest replay that differs plays: halving between the
        longest known part that does not differ (none played, at least) and the shortest that does."""
        low, high = 0, len(actions)
        for count in range(1, len(actions)):
            known = self.known.get((players, tuple(actions[:count])))
            if known is not None:
                if known[0]:
                    high = min(high, count)
                    break
                low = count
        while high - low > 1:
            middle = (low + high) // 2
            if self.answers(players, actions[:middle])[0]:
                high = middle
            else:
                low = middle
        return high


_INDEX = re.compile(r"\[\d+\]")


def _part(path: str) -> str:
    """A part of an answer, whichever player's (``players[*].lines.bonus``)."""
    return _INDEX.sub("[*]", path)


def _code(rejected: Any) -> str | None:
    """A refusal's code (a replay's, or a set-aside's), or ``None``."""
    if isinstance(rejected, dict):
        code = rejected.get("code")
        return code if isinstance(code, str) else None
    return rejected if isinstance(rejected, str) else None


def _codes(expected: Any, actual: Any) -> tuple[str | None, str | None]:
    return _code(expected), _code(actual)


class _Causes:
    """What a differing replay of the closing run is attributed to."""

    def __init__(self, explained: Explained, rules: Any, differ: set[Question]) -> None:
        self.explained, self.rules, self.differ = explained, rules, differ
        self.alternatives: list[tuple[str, Any, Any]] = []
        if explained.with_value is not None and explained.reference is not None:
            for rule, values in explained.others.items():
                self.alternatives += [(rule, value, explained.with_value(rules, rule, value)) for value in values]

    def of(self, case: str, args: Mapping[str, Any], replays: _Replays) -> Attributed:
        """The cause of a differing replay, read at its first differing action."""
        players, actions = args["players"], list(args["actions"])
        count = replays.first_differing(players, actions)
        _, expected, actual = replays.answers(players, actions[:count])
        if actual is None:  # that part errored: read the whole replay instead
            count = len(actions)
            _, expected, actual = replays.answers(players, actions)
        cut = actions[:count]
        if _tie(expected, actual):
            return Attributed(case, TIE, "the winners of a tie")
        paths = sorted(differences(held(expected), held_to(expected, actual)), key=lambda d: _order(d[0]))
        refused = _refusal(expected, actual, count - 1)
        if refused is not None:
            rule = self._unexplained(paths, refusal=True)
            return Attributed(case, UNEXPLAINED, rule) if rule else Attributed(case, REFUSAL, refused)
        before = replays.expected(players, actions[: count - 1])
        for question, dice in self.explained.questions(cut[-1], before):
            if (question, dice) in self.differ:
                return Attributed(case, UNEXPLAINED, question)
        rule = self._unexplained(paths, refusal=False)
        if rule is not None:
            return Attributed(case, UNEXPLAINED, rule)
        for key, value, other in self.alternatives:
            if self._answers_as(other, players, cut, actual):
                return Attributed(case, RULE, f"{key}: {flow_yaml(value)}")
        path, exp, act = paths[0] if paths else ("(answer)", expected, actual)
        return Attributed(case, FOUND_HERE, "", Difference(tuple(cut), path, exp, act))

    def _answers_as(self, rules: Any, players: int, actions: Sequence[str], actual: Any) -> bool:
        assert self.explained.reference is not None
        try:
            return same_answer(self.explained.reference(rules, players, actions), actual)
        except Exception:  # noqa: BLE001  (rules the engines cannot play with that value: no answer)
            return False

    def _unexplained(self, paths: Sequence[tuple[str, Any, Any]], *, refusal: bool) -> str | None:
        """The flow rule whose unexplained answer differs in the same part (a refusal: with the
        same codes), if one does."""
        parts = {_part(path) for path, _, _ in paths}
        refused = next(((e, a) for path, e, a in paths if path == "rejected"), None)
        for fit in self.explained.flow.fits:
            for difference in fit.unexplained:
                if difference.path.startswith("rejected") != refusal:
                    continue
                if not refusal and _part(difference.path) in parts:
                    return fit.key
                codes = (_code(difference.expected), _code(difference.actual))
                if refusal and difference.path == "rejected" and refused is not None and codes == _codes(*refused):
                    return fit.key
        return None


def _order(path: str) -> tuple[bool, str]:
    return (not path.startswith("rejected"), path)


def _tie(expected: Any, actual: Any) -> bool:
    """Do two answers differ only in their winners, where one of them names several (a tie)?"""
    if not isinstance(expected, dict) or not isinstance(actual, dict):
        return False
    wanted, given = expected.get("winners"), actual.get("winners")
    if not isinstance(wanted, list) or not isinstance(given, list) or wanted == given:
        return False
    return max(len(wanted), len(given)) > 1 and same_answer(expected, {**actual, "winners": wanted})


def _refusal(expected: Any, actual: Any, at: int) -> str | None:
    """How the action at ``at`` is refused or accepted otherwise than the rules have it, in words,
    if it is."""
    if not isinstance(expected, dict) or not isinstance(actual, dict):
        return None
    wanted, given = expected.get("rejected"), actual.get("rejected")
    wanted = wanted if isinstance(wanted, dict) and wanted.get("at") == at else None
    given = given if isinstance(given, dict) and given.get("at") == at else None
    if wanted == given:
        return None
    if given is None:
        return f"accepted where the rules refuse it ({_code(wanted)})"
    if wanted is None:
        return f"refused ({_code(given)}) where the rules allow it"
    return f"refused as {_code(given)} where the rules say {_code(wanted)}"


def closing_lines(closing: Closing, unexplained_answers: int, *, timings: bool = True) -> list[str]:
    """The report's lines on the closing run: the summary (``timings``: with how long it took),
    each cause with what it counts, the answers no rule explains found here, then a few failing
    games."""
    took = f" ({closing.seconds:.1f} s)" if timings else ""
    lines = [closing.summary(unexplained_answers) + took]
    for cause, words in CAUSES.items():
        of = [each for each in closing.attributed if each.cause == cause]
        if not of or cause == FOUND_HERE:
            continue
        counted = Counter(each.to for each in of)
        lines.append(f"  {words}: " + "; ".join(f"{to}: {n:,}" for to, n in counted.most_common()))
    here = closing.found_here
    for difference in here[:SHOWN]:
        lines.append(f"  unexplained, found here: {difference.describe()}")
    if len(here) > SHOWN:
        lines.append(f"  and {len(here) - SHOWN:,} more found here")
    lines += [f"  differs: {case}" for case in closing.failing]
    return lines


def closing_json(closing: Closing) -> dict[str, Any]:
    """The closing run, as JSON."""
    causes = closing.causes()
    return {
        "ruleset": closing.ruleset,
        "exhaustive": {
            "cases": closing.exhaustive,
            "failed": closing.exhaustive_failed,
            "not_answered": closing.exhaustive_unanswered,
        },
        "games": {
            "cases": closing.games,
            **({"own_dice": True} if closing.own_dice else {}),
            "failed": closing.games_failed,
            "skipped": closing.games_skipped,
            **({"errored": closing.games_errored} if closing.games_errored else {}),
            **({"refused_in_another_order": closing.games_other_order} if closing.games_other_order else {}),
            "causes": {cause: causes[cause] for cause in CAUSES if causes[cause]},
            "failing": closing.failing,
        },
        "seconds": closing.seconds,
    }


def conform_json(closing: Closing) -> dict[str, Any]:
    """The closing run as ``--json`` gives it: its counts, and every differing replay's cause."""
    return {**closing_json(closing), "attributed": list(attributed_json(closing))}


def attributed_json(closing: Closing) -> Iterator[dict[str, Any]]:
    """Every differing replay of the closing run and its cause, as JSON."""
    for each in closing.attributed:
        found: dict[str, Any] = {"case": each.case, "cause": each.cause, "to": each.to}
        if each.difference is not None:
            found["difference"] = difference_json(each.difference)
        yield found
