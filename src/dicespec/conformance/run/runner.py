"""Running the spec and the corpus against an implementation, every result into a
:class:`~dicespec.conformance.run.report.Recorder`.

Three parts, each optional:

- **features**: every scenario of ``features/``, through the spec's own steps, in a pytest run
  of the spec (the plugin :mod:`dicespec.spec.steps.plugin`, shipped in the package, see
  :func:`dicespec.conformance.run.spec_run.spec_command`) with the implementation under test swapped in by
  :mod:`~dicespec.conformance.run.pytest_plugin`. It runs in a child process of its own, started
  first, alongside the corpus (:class:`Features`); its results are recorded when it ends;
- **exhaustive** and **games**: the corpus (:mod:`~dicespec.corpus`), streamed
  through the implementation and compared answer by answer with the reference's.

Cases under a shipped ruleset the implementation does not declare are skipped.

The implementation runs contained: a command as it is, a Python object or function in a worker
process (:mod:`~dicespec.conformance.run.worker`) unless ``in_process`` trusts it, each under the
``limits`` of :class:`Options` and, with ``sandbox``, in a bubblewrap sandbox.
"""

from __future__ import annotations

import fnmatch
import json
import shutil
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from dicespec import corpus
from dicespec.conformance.containment import defaults
from dicespec.conformance.protocol.messages import PROTOCOL_VERSION
from dicespec.conformance.run import own_dice
from dicespec.conformance.run.declared import (
    HelloError,
    check_asked_as,
    check_games,
    check_players,
    declare_hello,
    expect_cases,
)
from dicespec.conformance.run.holds import alike
from dicespec.conformance.run.refusals import other_order
from dicespec.conformance.run.report import (
    NOT_UNDER,
    PARTS,
    Recorder,
    load_track,
    save_track,
    summary,
    write_junit,
)
from dicespec.conformance.run.spec_run import SpecRun
from dicespec.conformance.run.target import CannotLoad, Options, Target, open_transport
from dicespec.conformance.transports.stdio import expected_reply
from dicespec.conformance.transports.wire import Hello
from dicespec.export import based_on
from dicespec.implementation import answers_alike, held
from dicespec.progress import ProgressLine
from dicespec.rulesets import Declared, declare_file, declared_environment, game_of_ruleset, model_files

__all__ = ["HelloError", "Run", "conform", "conform_and_report", "parse_parts", "run_rulesets", "shipped_rulesets"]


@dataclass
class Run:
    """What a run found out about the implementation besides the results."""

    target: Target
    hello: Hello | None = None
    declared: list[Declared] = field(default_factory=list)  # the rules of one's own it ran under
    failure: str | None = None  # why it could not be started, if it could not
    events: list[str] = field(default_factory=list)
    seconds: dict[str, float] = field(default_factory=dict)
    cases_per_second: dict[str, float] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    not_declared: dict[str, dict[str, list[str]]] = field(default_factory=dict)  # part → the rulesets left out
    asked_as: dict[str, str] = field(default_factory=dict)  # rules of one's own → the ruleset asked in their place

    def asked(self, ruleset: str) -> str:
        """The ruleset the implementation is asked under for a case under ``ruleset``."""
        return self.asked_as.get(ruleset, ruleset)

    def declares(self, game: str, ruleset: str) -> bool:
        """Does the implementation declare what a case under ``ruleset`` is asked under (before its
        hello: as if it did)?"""
        return self.hello is None or self.hello.supports(game, self.asked(ruleset))

    def rules(self, declared: Declared) -> str:
        """Where rules of one's own come from, and the ruleset they are asked under in their place."""
        asked = self.asked_as.get(declared.name)
        return declared.describe() + (f", asked as {asked}" if asked else "")

    def header(self) -> list[str]:
        name = self.hello.describe() if self.hello else "(no hello)"
        spoken = f", protocol {self.hello.protocol}" if self.hello and self.hello.protocol != PROTOCOL_VERSION else ""
        lines = [f"dicespec conform: {self.target.describe()}", f"implementation: {name}{spoken}"]
        if self.hello:
            games = "; ".join(f"{game}: {', '.join(names)}" for game, names in self.hello.games.items())
            lines.append(f"declares: {games or 'nothing'}")
            if self.hello.players:
                counts = "; ".join(f"{game}: {', '.join(map(str, n))}" for game, n in self.hello.players.items())
                lines.append(f"players: {counts}")
            own = [game for game in self.hello.games if self.hello.rolls_own_dice(game)]
            if own:
                lines.append(f"dice: its own, thrown by its engine ({', '.join(own)}): games played move by move")
        lines += [f"rules: {declared.name} = {self.rules(declared)}" for declared in self.declared]
        if self.failure:
            lines.append(f"could not be started: {self.failure}")
        for part in sorted(self.seconds, key=lambda p: PARTS.index(p) if p in PARTS else len(PARTS)):
            seconds, rate = self.seconds[part], self.cases_per_second.get(part)
            lines.append(f"{part}: {seconds:.1f} s" + (f", {rate:,.0f} cases/s" if rate else ""))
        return lines + self.notes


def shipped_rulesets(options: Options) -> dict[str, list[str]]:
    """The shipped rulesets the run is about (game → names)."""
    from dicespec.registry import game_names
    from dicespec.rulesets import ruleset_names

    chosen = {
        game: [n for n in ruleset_names(game) if options.rulesets is None or n in options.rulesets]
        for game in game_names()
    }
    return {game: names for game, names in chosen.items() if names}


def run_rulesets(options: Options, declared: Sequence[Declared]) -> dict[str, list[str]]:
    """The rulesets the run is about (game → names): the shipped ones chosen, and the rules of
    one's own declared for it (a file's, or the implementation's)."""
    chosen = shipped_rulesets(options)
    for rules in declared:
        if options.rulesets is None or rules.name in options.rulesets:
            names = chosen.setdefault(rules.data["game"], [])
            if rules.name not in names:
                names.append(rules.name)
    return chosen


def conform(target: Target, options: Options, recorder: Recorder) -> Run:
    """Run the chosen parts against the target; every result goes to ``recorder``.

    A ruleset file that cannot be used, an implementation that cannot be started at all, or a
    hello whose games, rulesets, rules or player counts cannot be run under, raises
    (:class:`~dicespec.rulesets.RulesetError`, :class:`~dicespec.conformance.run.target.CannotLoad`,
    :class:`HelloError`) before any case."""
    run = Run(target, declared=[declare_file(path) for path in options.ruleset_files])
    models = model_rulesets(options)
    run.declared += models
    if options.ask_as is not None:
        if len(run.declared) != 1:
            raise ValueError(f"--ask-as {options.ask_as} goes with one --ruleset-file: the rules it is held to")
        run.asked_as = {run.declared[0].name: options.ask_as}
    transport = open_transport(target, options, run.asked_as)
    features: list[Features] = []  # the spec's pytest runs, alongside the corpus
    try:
        run.hello = transport.start()
        run.failure = transport.failure
        if getattr(transport, "fatal", None):  # no program, or a worker that cannot build the implementation
            raise CannotLoad(transport.fatal)
        if run.hello is not None:
            run.declared += [d for d in declare_hello(run.hello) if d not in run.declared]
            played = [d for d in models if run.declares(d.data["game"], d.name)]
            run.declared = [d for d in run.declared if d not in models or d in played]
            if models:
                run.notes.append(model_note(models, played))
            check_games(run.hello)
            known = {n for names in run_rulesets(Options(), run.declared).values() for n in names}
            check_asked_as(run.hello, run.asked_as)
            own_dice.check_hello(run.hello)
            check_players(run.hello, run_rulesets(options, run.declared))
            missing = sorted(set(options.rulesets or ()) - known)
            if missing:
                raise HelloError(
                    f"unknown ruleset {missing[0]!r}: not shipped, in no --ruleset-file, "
                    f"not declared by {run.hello.name}"
                )
        recorder.rules = {declared.name: run.rules(declared) for declared in run.declared}
        if "features" in options.parts:
            if shipped_rulesets(options):
                features.append(Features.start(target, options, run))
            features += [
                Features.start_under(target, options, d, run.asked(d.name)) for d in chosen_declared(options, run)
            ]
            run_expected(transport, options, recorder, run)
        # The games first: their slow side is the implementation's (it plays every game), which
        # leaves a core to the features; then the exhaustive corpus, which keeps both sides busy.
        for part in ("games", "exhaustive"):
            if part in options.parts:
                started = time.perf_counter()
                count = run_corpus(part, transport, options, recorder, run)
                run.seconds[part] = elapsed = time.perf_counter() - started
                if count and elapsed > 0:
                    run.cases_per_second[part] = count / elapsed
                record_not_declared(part, options, recorder, run)
        for each in features:
            each.finish(recorder, run)
    finally:
        for each in features:
            each.stop()
        transport.close()
        run.events = list(getattr(transport, "events", []))
    return run


def model_rulesets(options: Options) -> list[Declared]:
    """The model's rulesets (``rulesets/model/``), declared for a run that names no ruleset, file
    or ``--ask-as`` and asks for them: hello hands them over, and those the implementation plays
    (it lists them in ``games``) are run as rules of one's own, so that an implementation that
    plays rules as data is asked every rule of the model; the others are left out, not skipped."""
    if not options.model_rulesets or options.rulesets is not None or options.ruleset_files or options.ask_as:
        return []
    return [declare_file(path) for path in model_files()]


def model_note(models: Sequence[Declared], played: Sequence[Declared]) -> str:
    """The report's line on the model's rulesets: which it played, or that it played none."""
    if not played:
        return (
            f"model rulesets: none played of the {len(models)} handed over (it plays no rules it is handed): "
            "the rules of the model that no game's ruleset uses are not asked"
        )
    names = ", ".join(d.name for d in played)
    return f"model rulesets: {len(played)} of {len(models)} played ({names}): every rule of the model asked"


def chosen_declared(options: Options, run: Run) -> list[Declared]:
    """The rules of one's own declared for the run that it is about."""
    chosen = {n for names in run_rulesets(options, run.declared).values() for n in names}
    return [declared for declared in run.declared if declared.name in chosen]


def run_expected(transport: Any, options: Options, recorder: Recorder, run: Run) -> None:
    """A ruleset file's own ``expect`` entries, as cases of the features part."""
    cases = [case for declared in chosen_declared(options, run) for case in expect_cases(declared)]
    if options.select:
        cases = [case for case in cases if fnmatch.fnmatchcase(case.id, options.select)]
    if cases:
        run_cases("features", iter(cases), transport, options, recorder, run)


# -- the corpus --------------------------------------------------------------------------------


def corpus_cases(
    part: str, options: Options, run: Run | None = None, rulesets: dict[str, list[str]] | None = None
) -> Iterator[corpus.Case]:
    """One part of the corpus under ``rulesets`` (game → names; default: every ruleset of the run)."""
    if rulesets is None:
        rulesets = run_rulesets(options, run.declared if run else ())
    players = dict(run.hello.players) if run and run.hello else None
    cases = (
        corpus.exhaustive(rulesets)
        if part == "exhaustive"
        else corpus.games(rulesets, count=options.games, seed=options.seed, kept=True, players=players)
    )
    if options.select:
        pattern = options.select
        return (case for case in cases if fnmatch.fnmatchcase(case.id, pattern))
    return cases


def run_corpus(part: str, transport: Any, options: Options, recorder: Recorder, run: Run) -> int:
    """Stream one part of the corpus through the implementation; the number of cases.

    The cases of the rulesets the implementation does not declare are recorded as skipped once
    the others have been asked, so that making them never holds up the replies in flight (a
    corpus of six dice is large: Maxi Yatzy's holds 933,120 rolls in rows)."""
    rulesets = run_rulesets(options, run.declared)
    asked: dict[str, list[str]] = {}
    left: dict[str, list[str]] = {}
    for game, names in rulesets.items():
        for name in names:
            (asked if run.declares(game, name) else left).setdefault(game, []).append(name)
    own = own_dice.own_dice_rulesets(asked, run.hello) if part == "games" else {}  # played move by move
    replayed = {game: names for game, names in asked.items() if game not in own}
    count = run_cases(part, corpus_cases(part, options, run, replayed), transport, options, recorder, run)
    if own:
        recorder.own_dice.update(name for names in own.values() for name in names)
        players = dict(run.hello.players) if run.hello else None
        played, shown = own_dice.play(own, transport, options, recorder, players=players)
        count += played
        run.notes += shown.lines()
    run.not_declared[part] = left
    return count


def record_not_declared(part: str, options: Options, recorder: Recorder, run: Run) -> None:
    """The cases of one part of the corpus under the rulesets the implementation does not
    declare, recorded as skipped (after the timed run of the others)."""
    for case in corpus_cases(part, options, run, run.not_declared.pop(part, {})):
        message = f"the implementation does not declare the ruleset {case.ruleset}"
        recorder.record(case.id, part, case.kind, case.ruleset, case.row, "skipped", message=message)


def run_cases(
    part: str, source: Iterator[corpus.Case], transport: Any, options: Options, recorder: Recorder, run: Run
) -> int:
    """Stream cases through the implementation, each result recorded; the number of cases."""
    skipped: list[corpus.Case] = []
    passed, record = recorder.passed, recorder.record
    progress = ProgressLine(f"  {part}", unit="cases") if options.progress else None
    deadline = None if options.time_limit is None else time.monotonic() + options.time_limit
    late: list[corpus.Case] = []

    declared: dict[str, bool] = {}  # ruleset → declared (a ruleset belongs to one game)

    def record_skipped() -> None:
        """The cases held back as of a ruleset the implementation does not declare, recorded."""
        for case in skipped:
            message = f"the implementation does not declare the ruleset {case.ruleset}"
            record(case.id, part, case.kind, case.ruleset, case.row, "skipped", message=message)
        skipped.clear()

    def to_send() -> Iterator[corpus.Case]:
        for case in source:
            supported = declared.get(case.ruleset)
            if supported is None:
                supported = declared[case.ruleset] = run.declares(game_of_ruleset(case.ruleset).name, case.ruleset)
            if not supported:
                skipped.append(case)
                continue
            if deadline is not None and time.monotonic() > deadline:
                late.append(case)
                return
            yield case

    count = 0
    to_shrink: dict[tuple[str, str], list[tuple[corpus.Case, Any]]] = {}  # failed replays, by kind and row
    for case, outcome in transport.stream(to_send(), expect=_expected):
        count += 1
        kind = outcome.kind
        if kind == "result":
            if answers_alike(case.expected, outcome.value):  # in every part that carries a rule
                passed(case.id, part, case.kind, case.ruleset, case.row)
            elif (order := other_order(case.expected, outcome.value, case.refusals, same=answers_alike)) is not None:
                if options.strict_refusals:
                    message = (
                        f"refused as {order.actual}, not {order.expected}: both apply, in another order than the "
                        "reference's (--strict-refusals)"
                    )
                    record(
                        case.id,
                        part,
                        case.kind,
                        case.ruleset,
                        case.row,
                        "failed",
                        expected=case.expected,
                        actual=outcome.value,
                        message=message,
                    )
                else:
                    passed(case.id, part, case.kind, case.ruleset, case.row, order)
            elif "actions" in case.args:  # recorded after the stream, the first ones shrunk
                to_shrink.setdefault((case.kind, case.row), []).append((case, outcome.value))
            else:
                record(
                    case.id,
                    part,
                    case.kind,
                    case.ruleset,
                    case.row,
                    "failed",
                    expected=case.expected,
                    actual=outcome.value,
                )
        elif kind == "cannot":
            why = outcome.value
            record(case.id, part, case.kind, case.ruleset, case.row, "skipped", message=why, skip="cannot-ask")
        else:
            record(case.id, part, case.kind, case.ruleset, case.row, kind, message=outcome.value)
        record_skipped()
        if progress is not None and not count & 1023:
            progress.count(count, lambda: _tally(recorder, part))
    record_skipped()
    for kept in to_shrink.values():
        for index, (case, actual) in enumerate(kept):
            record(
                case.id,
                part,
                case.kind,
                case.ruleset,
                case.row,
                "failed",
                expected=case.expected,
                actual=actual,
                message=shrunk_message(case, transport) if index < SHRUNK_PER_GROUP else None,
            )
    for case in [*late, *source]:
        record(
            case.id,
            part,
            case.kind,
            case.ruleset,
            case.row,
            "errored",
            message=f"not run: the time limit ({options.time_limit:g} s) was reached",
        )
    if progress is not None:
        progress.count(count, _tally(recorder, part), final=True)
    return count


def _expected(case: corpus.Case) -> tuple[Any, bytes]:
    """A case's expected result and its JSON text, for the transport's quick way with replies."""
    return case.expected, expected_reply(case.expected)


SHRUNK_PER_GROUP = 2  # failed replays shrunk per kind and row of the corpus (the first ones)


def shrunk_message(case: corpus.Case, transport: Any) -> str | None:
    """The shortest replay that fails as this failed replay does, and where it differs."""
    from dicespec.conformance.run.report import differences
    from dicespec.conformance.run.shrink import shortest_failing
    from dicespec.implementation import ReferenceImplementation

    shrunk = shortest_failing(case.op, case.args, transport.call, getattr(ReferenceImplementation(), case.op))
    if shrunk is None:
        return None
    found = sorted(  # not what carries no rule
        differences(held(shrunk.expected), held(shrunk.actual)), key=lambda d: not d[0].startswith("rejected")
    )[:3]
    return "\n".join(
        [
            shrunk.describe(),
            *(f"  then {path}: expected {expected!r}, got {actual!r}" for path, expected, actual in found),
        ]
    )


def _tally(recorder: Recorder, part: str) -> str:
    _, failed, errored, _ = recorder.totals(part)
    return f"{failed:,} failed, {errored:,} errored"


# -- the features ------------------------------------------------------------------------------


def features_options(target: Target, options: Options) -> list[str]:
    """The pytest options that run the spec against the target (see
    :func:`dicespec.conformance.run.spec_run.spec_command`)."""
    command = [
        "--dicespec-timeout",
        str(options.timeout),
        "--dicespec-hello-timeout",
        str(options.hello_timeout),
        "--dicespec-max-restarts",
        str(options.max_restarts),
        "--dicespec-max-line",
        str(options.max_line),
        "--dicespec-grace",
        str(options.grace),
        "--dicespec-max-memory",
        str(options.limits.memory or "none"),
        "--dicespec-max-cpu",
        str(options.limits.cpu or "none"),
        "--dicespec-max-processes",
        str(options.limits.processes or "none"),
    ]
    if options.sandbox:
        command += ["--dicespec-sandbox"]
    if options.in_process:
        command += ["--dicespec-in-process"]
    if target.function:
        command += ["--dicespec-function", target.function]
        if target.categories:
            command += ["--dicespec-categories", target.categories]
    elif target.python:
        command += ["--dicespec-python", target.python]
    else:
        command += ["--dicespec-impl", target.describe()]
    if options.select:
        command += ["--dicespec-select", options.select]
    if options.rulesets:
        command += ["--dicespec-rulesets", ",".join(options.rulesets)]
    if options.strict_refusals:
        command += ["--dicespec-strict-refusals"]
    return command


class Features:
    """The features part: the spec's pytest run in a child process of its own, started at once so
    that it runs alongside the corpus (on another core), its results recorded when it ends."""

    def __init__(self, options: Options, spec: SpecRun | None, folder: str | None, under: str | None = None) -> None:
        self.options = options
        self.spec = spec
        self.folder = folder
        self.under = under  # the declared ruleset its cases are asked under, if any
        self.started = time.perf_counter()

    @classmethod
    def start(cls, target: Target, options: Options, run: Run) -> Features:
        """The spec's run under the shipped rulesets chosen."""
        return cls._start(options, features_options(target, options))

    @classmethod
    def start_under(cls, target: Target, options: Options, declared: Declared, asked: str | None = None) -> Features:
        """The spec's run of the cases of the shipped ruleset ``declared`` is based on, asked
        under ``declared`` (the implementation asked under ``asked`` in its place, if another);
        those whose outcome it changes are skipped as not under these rules."""
        chosen = replace(options, rulesets=None)
        base = based_on(declared.name)
        arguments = [*features_options(target, chosen), "--dicespec-rulesets", base]
        if asked is not None and asked != declared.name:
            arguments += ["--dicespec-ask-as", f"{declared.name}={asked}"]
        return cls._start(chosen, arguments, declared.name)

    @classmethod
    def _start(cls, options: Options, arguments: list[str], under: str | None = None) -> Features:
        folder = tempfile.mkdtemp(prefix="dicespec-conform-")
        try:
            if under is not None:
                base = based_on(under)
                not_under = Path(folder) / "not-under.json"
                not_under.write_text(json.dumps(alike(base, under)[1]), encoding="utf-8")
                arguments = [*arguments, "--dicespec-under", f"{base}={under}", "--dicespec-not-under", str(not_under)]
            results = Path(folder) / "features.jsonl"
            spec = SpecRun(results, arguments, env=declared_environment())
        except BaseException:
            shutil.rmtree(folder, ignore_errors=True)
            raise
        return cls(options, spec, folder, under)

    def finish(self, recorder: Recorder, run: Run) -> None:
        """Wait for the run (until the time limit, and a minute more, from its start) and record its results."""
        if self.spec is None:
            return
        limit = self.options.time_limit
        timeout = None if limit is None else max(0.0, limit + 60 - (time.perf_counter() - self.started))
        done = self.spec.finish(timeout)
        self.spec = None
        run.seconds["features"] = time.perf_counter() - self.started
        if done.returncode is None:
            run.notes.append("features: stopped at the time limit")
        for result in done.results or []:
            recorder.feature(self._result(result.to_json()))
        if done.returncode not in (None, 0, 1, 5):
            recorder.record(
                "features",
                "features",
                "(the spec run)",
                None,
                "",
                "errored",
                message=f"the spec's pytest run failed (exit status {done.returncode}):\n{done.tail()}",
            )

    def _result(self, found: dict[str, Any]) -> dict[str, Any]:
        """A result of the run, under the rules it was asked under."""
        if self.under is None:
            return found
        message = found.get("message") or ""
        if message.startswith(NOT_UNDER):
            return {**found, "ruleset": self.under, "skip": "not-under-rules", "message": message[len(NOT_UNDER) + 2 :]}
        return {**found, "ruleset": self.under}

    def stop(self) -> None:
        """End the run if it has not ended (the corpus was interrupted), and remove its folder."""
        if self.spec is not None:
            self.spec.stop()
            self.spec = None
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None


def parse_parts(values: Sequence[str] | None) -> tuple[str, ...]:
    if not values:
        return PARTS
    unknown = [v for v in values if v not in PARTS]
    if unknown:
        raise ValueError(f"unknown part {unknown[0]!r}: the parts are {', '.join(PARTS)}")
    return tuple(p for p in PARTS if p in values)


def conform_and_report(
    target: Target,
    options: Options,
    *,
    report: Path | None = None,
    junit: Path | None = None,
    track: Path | None = None,
    show: int = defaults.SHOW,
) -> tuple[int, str]:
    """A whole ``dicespec conform``: run, write the files asked for; the exit status (0 when
    nothing failed or errored) and the text report."""
    previous = load_track(track) if track is not None else None
    stream = None
    if report is not None:
        report.parent.mkdir(parents=True, exist_ok=True)
        stream = report.open("w", encoding="utf-8")
    try:
        recorder = Recorder(show=show, report=stream, previous=previous)
        run = conform(target, options, recorder)
    finally:
        if stream is not None:
            stream.close()
    name = run.hello.name if run.hello else target.describe()
    if junit is not None:
        write_junit(recorder, junit, name=name)
    if track is not None:
        save_track(track, recorder, name=name)
    text = summary(recorder, header=run.header(), events=run.events)
    return (0 if recorder.ok() else 1), text
