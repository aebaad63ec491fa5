"""The spec's pytest run against any implementation: options, the implementation under test,
and the results as JSON lines.

It is loaded beside the spec's own plugin, :mod:`dicespec.spec.steps.plugin` (by
:func:`dicespec.conformance.run.spec_run.spec_command`, and by the repository's ``tests/conftest.py``);
without its options nothing changes (the steps ask the reference engines). With them (in the
checkout; ``dicespec conform --part features`` runs the same from an installed wheel)::

    pytest tests/test_spec.py --dicespec-impl "python -m dicespec.adapter"
    pytest tests/test_spec.py --dicespec-python mypackage.kiriki:Implementation

every step asks the named implementation instead: a command speaking the stdio protocol
(started once for the session), or a Python object or function, served by a worker process
(:mod:`~dicespec.conformance.run.worker`; called in process with ``--dicespec-in-process``), each
contained as ``dicespec conform`` contains it (the limits, ``--dicespec-sandbox``). A case under a
ruleset the implementation does not declare is skipped; a case the implementation cannot
answer (a crash, a timeout, a broken reply, an error reply) is reported as *errored* in the
results, not as failed. ``--dicespec-results FILE`` writes one JSON line per case:
``{"id", "feature", "ruleset", "test", "outcome", "message"}``, the outcome one of passed, failed,
errored, skipped (an expected failure of the errata counts as passed: the implementation
agrees with the reference).

A step that finds an action refused with the code of another check of the rules than the spec's
(:class:`~dicespec.spec.steps.common.AnotherOrder`: the implementation makes its checks in another
order) passes here, the two codes noted in its result's ``refusal``; with
``--dicespec-strict-refusals`` it fails. A step that reads a part of an answer where it carries no
rule (:class:`~dicespec.spec.steps.common.CarriesNoRule`: the player to act once the game is over)
passes here whatever the implementation answers there. Against the reference engines (no
implementation named), the spec stays exact.

``--dicespec-under BASE=RULES`` asks every case of the shipped ruleset BASE under RULES, rules of
one's own that extend it (``--dicespec-not-under``: the cases whose outcome they change, skipped);
``--dicespec-ask-as RULES=NAME`` asks the implementation under NAME, a ruleset it declares, where a
case is under RULES: an engine of fixed rules held to a file's (``dicespec conform --ask-as``).
"""

from __future__ import annotations

import fnmatch
import json
import shlex
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

import pytest

from dicespec.conformance.containment import defaults
from dicespec.conformance.containment.limits import parse_count, parse_size
from dicespec.conformance.run.report import NOT_UNDER
from dicespec.conformance.transports.client import (
    ImplementationError,
    ImplementationSkipped,
    ProtocolImplementation,
)
from dicespec.spec.items import case_id, labels, ruleset_of
from dicespec.spec.results import STATUSES, Result
from dicespec.spec.steps.common import AnotherOrder, CarriesNoRule

# A report attribute that marks a phase as errored: the implementation under test could not answer.
ERRORED = "dicespec_errored"
# A report attribute of a phase passed with a refusal in another order: the spec's code and the implementation's.
REFUSAL = "dicespec_refusal"

_IMPLEMENTATION = pytest.StashKey[ProtocolImplementation | None]()
_RESULTS = pytest.StashKey[Any]()


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("dicespec", "dicespec conformance: the implementation under test")
    group.addoption(
        "--dicespec-impl",
        metavar="CMD",
        help="run the spec against this command (split like a shell line), speaking the stdio protocol",
    )
    group.addoption(
        "--dicespec-python", metavar="MOD:OBJ", help="run the spec against this Python object (in a worker process)"
    )
    group.addoption(
        "--dicespec-function",
        metavar="MOD:FUNC",
        help="run the spec's single-roll cases against this scoring function (with --dicespec-rulesets)",
    )
    group.addoption(
        "--dicespec-categories",
        metavar="FILE",
        help="a YAML file mapping row ids to what the function takes as the category",
    )
    group.addoption(
        "--dicespec-timeout",
        type=float,
        default=defaults.TIMEOUT,
        metavar="S",
        help=f"seconds an implementation may take to answer one request (default {defaults.TIMEOUT:g})",
    )
    group.addoption(
        "--dicespec-hello-timeout",
        type=float,
        default=defaults.HELLO_TIMEOUT,
        metavar="S",
        help=f"seconds an implementation may take to answer hello (default {defaults.HELLO_TIMEOUT:g})",
    )
    group.addoption(
        "--dicespec-max-restarts",
        type=int,
        default=defaults.MAX_RESTARTS,
        metavar="N",
        help=f"restarts of an implementation that dies or stops answering (default {defaults.MAX_RESTARTS})",
    )
    group.addoption(
        "--dicespec-max-line",
        type=int,
        default=defaults.MAX_LINE,
        metavar="BYTES",
        help=f"bytes of one reply line (default {defaults.MAX_LINE})",
    )
    group.addoption(
        "--dicespec-grace",
        type=float,
        default=defaults.GRACE,
        metavar="S",
        help=f"seconds the implementation has to end before it is killed (default {defaults.GRACE:g})",
    )
    group.addoption(
        "--dicespec-max-memory",
        type=parse_size,
        default=defaults.MAX_MEMORY,
        metavar="SIZE",
        help=f"memory its processes may hold together (default {defaults.MAX_MEMORY >> 30}G; none: no limit)",
    )
    group.addoption(
        "--dicespec-max-cpu",
        type=parse_count,
        default=defaults.MAX_CPU,
        metavar="S",
        help=f"CPU seconds of each of its processes (default {defaults.MAX_CPU}; none: no limit)",
    )
    group.addoption(
        "--dicespec-max-processes",
        type=parse_count,
        default=defaults.MAX_PROCESSES,
        metavar="N",
        help=f"processes it may run at once (default {defaults.MAX_PROCESSES}; none: no limit)",
    )
    group.addoption("--dicespec-sandbox", action="store_true", help="run it in a bubblewrap sandbox")
    group.addoption(
        "--dicespec-in-process",
        action="store_true",
        help="call a Python object or function in this process (trusting it), not in a worker",
    )
    group.addoption("--dicespec-select", metavar="GLOB", help="only the cases whose id matches")
    group.addoption("--dicespec-rulesets", metavar="NAMES", help="only cases under these rulesets (comma-separated)")
    group.addoption("--dicespec-results", metavar="FILE", help="write one JSON line per case to FILE")
    group.addoption(
        "--dicespec-strict-refusals",
        action="store_true",
        help="fail an action refused with another code than the spec's even where the rules refuse it for that "
        "reason too (by default such a case passes, its two codes noted)",
    )
    group.addoption(
        "--dicespec-under",
        metavar="BASE=RULES",
        help="ask the implementation every question of a case under the shipped ruleset BASE under the declared "
        "ruleset RULES instead (rules of one's own that extend BASE)",
    )
    group.addoption(
        "--dicespec-ask-as",
        metavar="RULES=NAME",
        help="ask the implementation every question under the ruleset RULES (rules of one's own) under NAME, a "
        "ruleset it declares, instead: a fixed-rules engine held to RULES",
    )
    group.addoption(
        "--dicespec-not-under",
        metavar="FILE",
        help="with --dicespec-under: a JSON object of the case ids whose outcome RULES changes, each with why: "
        "they are skipped as not under these rules",
    )


def _start(config: pytest.Config) -> ProtocolImplementation | None:
    command, python = config.getoption("dicespec_impl"), config.getoption("dicespec_python")
    function = config.getoption("dicespec_function")
    if sum(map(bool, (command, python, function))) > 1:
        raise pytest.UsageError("--dicespec-impl, --dicespec-python and --dicespec-function: name one implementation")
    if not (command or python or function):
        return None
    from dicespec.conformance.containment.limits import Limits
    from dicespec.conformance.containment.processes import terminate_as_interrupt
    from dicespec.conformance.run.target import Options, Target, open_transport

    rulesets = tuple(name for name in (config.getoption("dicespec_rulesets") or "").split(",") if name)
    renamed, asked_as = _renamed(config), _asked_as(config)
    rulesets = tuple(
        asked_as.get(renamed.get(name, name), renamed.get(name, name)) for name in rulesets
    )  # a function's
    if command:
        argv = shlex.split(command)
        if not argv:
            raise pytest.UsageError("--dicespec-impl: an empty command")
        target = Target(command=tuple(argv))
    else:
        target = Target(
            python=python, function=function, rulesets=rulesets, categories=config.getoption("dicespec_categories")
        )
    options = Options(
        timeout=config.getoption("dicespec_timeout"),
        hello_timeout=config.getoption("dicespec_hello_timeout"),
        max_restarts=config.getoption("dicespec_max_restarts"),
        max_line=config.getoption("dicespec_max_line"),
        grace=config.getoption("dicespec_grace"),
        sandbox=config.getoption("dicespec_sandbox"),
        in_process=config.getoption("dicespec_in_process"),
        limits=Limits(
            config.getoption("dicespec_max_memory"),
            config.getoption("dicespec_max_cpu"),
            config.getoption("dicespec_max_processes"),
        ),
    )
    terminate_as_interrupt()  # a killed run still ends the implementation (InterruptEnds)
    try:
        transport = open_transport(target, options, asked_as)
    except ValueError as exc:  # a function's problems, in process
        raise pytest.UsageError(str(exc)) from None
    try:
        implementation = ProtocolImplementation(transport)  # started, and greeted
    except BaseException:  # an interrupt while it starts: it is in no stash yet, so end it here
        transport.close()
        raise
    # Ended at the run's very end (pytest's cleanup, which an interrupt while the plugins unconfigure
    # does not skip), unless an interrupt ended it before (InterruptEnds).
    config.add_cleanup(implementation.close)
    implementation.renamed = renamed
    fatal = getattr(implementation.transport, "fatal", None)
    if fatal:  # a worker that cannot build the object or function
        implementation.close()
        raise pytest.UsageError(fatal)
    return implementation


def _renamed(config: pytest.Config) -> dict[str, str]:
    """``--dicespec-under BASE=RULES``: the ruleset the steps name → the rules it is asked under."""
    base, _, rules = (config.getoption("dicespec_under") or "").partition("=")
    return {base: rules} if base else {}


def _asked_as(config: pytest.Config) -> dict[str, str]:
    """``--dicespec-ask-as RULES=NAME``: the rules of one's own → the ruleset asked in their place."""
    rules, _, name = (config.getoption("dicespec_ask_as") or "").partition("=")
    return {rules: name} if rules else {}


def under_test(config: pytest.Config) -> ProtocolImplementation | None:
    """The implementation the options name (started once per session), or ``None``."""
    if _IMPLEMENTATION not in config.stash:
        config.stash[_IMPLEMENTATION] = _start(config)
    return config.stash[_IMPLEMENTATION]


@pytest.hookimpl(optionalhook=True)
def pytest_dicespec_implementation(config: pytest.Config) -> ProtocolImplementation | None:
    """The implementation the spec's steps ask (the hook of :mod:`dicespec.spec.steps.plugin`):
    the one the options name, or ``None`` (then the reference engines answer)."""
    return under_test(config)


def pytest_configure(config: pytest.Config) -> None:
    config.pluginmanager.register(InterruptEnds(config), "dicespec-interrupt-ends")
    path = config.getoption("dicespec_results", None)
    if not path:
        return
    config.pluginmanager.register(ResultsReporter(), "dicespec-results-reporter")
    if hasattr(config, "workerinput"):
        return  # a pytest-xdist worker: its reports go to the controller, which writes the file
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    stream = open(path, "w", encoding="utf-8")  # noqa: SIM115  (closed at unconfigure)
    config.stash[_RESULTS] = stream
    config.pluginmanager.register(ResultsWriter(stream), "dicespec-results")


def pytest_unconfigure(config: pytest.Config) -> None:
    if _RESULTS in config.stash:
        config.stash[_RESULTS].close()


class InterruptEnds:
    """Ends the implementation under test as soon as the run is interrupted (Ctrl-C, or ``SIGTERM``
    once an implementation is started), before pytest reports the interrupt.

    Otherwise it is ended at pytest's cleanup, the run's very end, once pytest has written the
    interrupt's traceback and its summary (seconds, on a busy machine), all the while running. A
    second interrupt while it is being ended kills what is left at once
    (:func:`~dicespec.conformance.containment.processes.end_session`)."""

    def __init__(self, config: pytest.Config) -> None:
        self.config = config

    @pytest.hookimpl(tryfirst=True)
    def pytest_keyboard_interrupt(self) -> None:
        implementation = self.config.stash.get(_IMPLEMENTATION, None)
        if implementation is not None:
            implementation.close()  # closing again at the cleanup does nothing


# -- choosing and skipping -------------------------------------------------------------------


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    select = config.getoption("dicespec_select")
    rulesets = config.getoption("dicespec_rulesets")
    wanted = set(rulesets.split(",")) if rulesets else None
    if select or wanted:
        keep: list[pytest.Item] = []
        drop: list[pytest.Item] = []
        for item in items:
            case, ruleset = case_id(item), ruleset_of(item)
            chosen = (not select or (case is not None and fnmatch.fnmatchcase(case, select))) and (
                wanted is None or ruleset is None or ruleset in wanted
            )
            (keep if chosen else drop).append(item)
        if drop:
            config.hook.pytest_deselected(items=drop)
            items[:] = keep
    implementation = under_test(config) if items else None
    if implementation is None:
        return
    hello = implementation.hello
    if hello is None:
        return  # every case will error, saying why
    from dicespec.rulesets import ruleset_data

    not_under, asked_as = _not_under(config), _asked_as(config)
    for item in items:
        ruleset = ruleset_of(item)
        case = case_id(item)
        if case is not None and case in not_under:
            item.add_marker(pytest.mark.skip(reason=f"{NOT_UNDER}: {not_under[case]}"))
            continue
        asked = implementation.renamed.get(ruleset, ruleset) if ruleset is not None else None
        asked = asked_as.get(asked, asked) if asked is not None else None
        if asked is not None and not hello.supports(ruleset_data(asked)["game"], asked):
            item.add_marker(pytest.mark.skip(reason=f"{hello.name} does not declare the ruleset {asked}"))


def _not_under(config: pytest.Config) -> dict[str, str]:
    path = config.getoption("dicespec_not_under")
    if not path:
        return {}
    found: dict[str, str] = json.loads(Path(path).read_text(encoding="utf-8"))
    return found


# -- outcomes --------------------------------------------------------------------------------


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    excinfo = call.excinfo
    if excinfo is not None and excinfo.errisinstance(ImplementationSkipped):
        report.outcome = "skipped"
        report.longrepr = (str(item.path), item.location[1] or 0, f"Skipped: {excinfo.value}")
        if hasattr(report, "wasxfail"):
            del report.wasxfail
    elif excinfo is not None and excinfo.errisinstance(ImplementationError):
        report.outcome = "failed"
        setattr(report, ERRORED, str(excinfo.value))
        if hasattr(report, "wasxfail"):
            del report.wasxfail
    elif excinfo is not None and isinstance(excinfo.value, AnotherOrder) and _in_another_order_passes(item, report):
        report.outcome = "passed"
        report.longrepr = None
        setattr(report, REFUSAL, {"expected": excinfo.value.expected, "actual": excinfo.value.actual})
    elif excinfo is not None and isinstance(excinfo.value, CarriesNoRule) and _not_held(item, report):
        report.outcome = "passed"
        report.longrepr = None
    return report


def _not_held(item: pytest.Item, report: pytest.TestReport) -> bool:
    """Is an implementation under test not held to a part of an answer that carries no rule here
    (the spec's own run holds the reference to its answer), in a case not expected to fail?"""
    return not hasattr(report, "wasxfail") and under_test(item.config) is not None


def _in_another_order_passes(item: pytest.Item, report: pytest.TestReport) -> bool:
    """Does a refusal in another order pass here: an implementation under test (the spec's own run
    stays exact), not held to the spec's codes, in a case not expected to fail?"""
    config = item.config
    strict = config.getoption("dicespec_strict_refusals")
    return not strict and not hasattr(report, "wasxfail") and under_test(config) is not None


# -- the results file -----------------------------------------------------------------------


def _phase(item: pytest.Item, call: pytest.CallInfo[Any], report: pytest.TestReport) -> tuple[str, str, str]:
    """One phase's (outcome, pytest outcome, message), from the report's attributes."""
    errored = getattr(report, ERRORED, None)
    if errored:
        return "errored", "failed" if report.when == "call" else "error", str(errored)
    wasxfail = getattr(report, "wasxfail", None)
    if wasxfail is not None:
        if report.skipped:  # failed as the errata expect: the implementation agrees with the reference
            return "passed", "xfailed", ""
        return "failed", "xpassed", f"passes, but the errata expect it to fail: {wasxfail}"
    if report.failed and report.when == "call" and call.excinfo is None:
        # A call that raised nothing yet failed: pytest's strict expected failure that passed.
        marker = item.get_closest_marker("xfail")
        reason = str(marker.kwargs.get("reason", "")) if marker is not None else ""
        return "failed", "xpassed", f"passes, but the errata expect it to fail: {reason}"
    if report.failed:
        if report.when == "call":
            return "failed", "failed", _message(report)
        return "errored", "error", _message(report)
    if report.skipped:
        longrepr = report.longrepr
        reason = longrepr[2] if isinstance(longrepr, tuple) else str(longrepr)
        return "skipped", "skipped", reason.removeprefix("Skipped: ")
    return "passed", "passed", ""


def _message(report: pytest.TestReport) -> str:
    crash = getattr(report.longrepr, "reprcrash", None)
    if crash is not None:
        return str(crash.message)
    return str(report.longrepr).strip().splitlines()[-1] if report.longrepr else ""


_RANK = {"passed": 0, "skipped": 1, "failed": 2, "errored": 3}


def _rank(phase: tuple[str, str, str]) -> tuple[int, int]:
    return _RANK[phase[0]], STATUSES.index(phase[1])


RESULT = "dicespec_result"
"""A report attribute: what the results file says of the phase (a plain dict, so that pytest-xdist
carries it from the worker that ran the test to the controller that writes the file)."""


class ResultsReporter:
    """A pytest plugin that puts on each phase's report what the results file says of it, where
    the test runs: its outcomes (:func:`_phase`, from the item and the call) and its case."""

    @pytest.hookimpl(wrapper=True, tryfirst=True)
    def pytest_runtest_makereport(self, item: pytest.Item, call: pytest.CallInfo[Any]) -> Any:
        report = yield  # outermost: the other plugins (xfail, the conformance plugin) have had their say
        outcome, status, message = _phase(item, call, report)
        found = labels(item)
        setattr(
            report,
            RESULT,
            {
                "outcome": outcome,
                "pytest": status,
                "message": message,
                "id": found.id,
                "feature": found.feature,
                "ruleset": found.ruleset,
                "refusal": getattr(report, REFUSAL, None),
            },
        )
        return report


class ResultsWriter:
    """A pytest plugin writing one JSON line per test, when its teardown is reported: its worst
    phase. It reads the reports (:data:`RESULT`), so it writes the same lines whether the tests
    ran in this process or in pytest-xdist's workers."""

    def __init__(self, stream: IO[str]) -> None:
        self.stream = stream
        self.worst: dict[str, tuple[str, str, str]] = {}
        self.case: dict[str, dict[str, Any]] = {}
        self.refusal: dict[str, dict[str, str]] = {}  # a case passed with a refusal in another order
        self.start: dict[str, float] = {}
        self.duration: dict[str, float] = {}

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        node = report.nodeid
        result = getattr(report, RESULT, None)
        if result is None:  # made where no test ran: pytest-xdist's report of a worker that crashed
            if not report.failed:
                return
            phase = ("errored", "error", _message(report))
        else:
            phase = (result["outcome"], result["pytest"], result["message"])
            self.case.setdefault(node, result)
            if result.get("refusal"):
                self.refusal[node] = result["refusal"]
        current = self.worst.get(node)
        if current is None or _rank(phase) > _rank(current):
            self.worst[node] = phase
        self.start.setdefault(node, report.start)
        self.duration[node] = self.duration.get(node, 0.0) + report.duration
        if report.when == "teardown" or result is None:
            self.write(node)

    def write(self, node: str) -> None:
        outcome, status, message = self.worst.pop(node)
        start = self.start.pop(node, 0.0)
        case = self.case.pop(node, {})
        refusal = self.refusal.pop(node, None)
        result = Result(
            id=case.get("id") or node,
            case=case.get("id") is not None,
            feature=case.get("feature"),
            ruleset=case.get("ruleset"),
            test=node,
            outcome=outcome,
            pytest=status,
            message=message,
            start=datetime.fromtimestamp(start, UTC).isoformat(timespec="seconds") if start else "",
            duration=round(self.duration.pop(node, 0.0), 3),
            refusal=refusal if outcome == "passed" else None,
        )
        self.stream.write(json.dumps(result.to_json(), ensure_ascii=False) + "\n")
        self.stream.flush()
