"""The results of a pytest run of the spec, one JSON line per test, and the one way to run the
spec through pytest in a child process.

Every consumer reads the same lines: ``make test`` writes ``artifacts/results.jsonl`` for the
site's conformance page, ``dicespec conform`` runs the spec against an implementation
(:mod:`dicespec.conformance.run.runner`), and the golden files ask which claims hold under a ruleset
(:mod:`dicespec.regression.outcomes`). The lines are written by the pytest plugin
:mod:`dicespec.conformance.run.pytest_plugin` when ``--dicespec-results FILE`` is given, from the
reports' own attributes, never from their text (under pytest-xdist, by the controller alone, from
the reports its workers send it). Each line::

    {"id", "case", "feature", "ruleset", "test", "outcome", "pytest", "message", "start", "duration"}

- ``id``: the case id (:func:`dicespec.spec.items.case_id`), or the test's node id when it runs no
  case; ``case`` says which;
- ``outcome``: passed, failed, errored or skipped, as an implementation under test sees it. An
  expected failure of the errata (the claim fails, as the errata say it does) counts as passed:
  the implementation agrees with the reference; one that passes counts as failed;
- ``pytest``: pytest's own outcome: passed, failed, error, skipped, xfailed or xpassed (an
  expected failure that passed, strict or not);
- ``start``: when the test started (ISO 8601, UTC); ``duration``: its seconds, all phases.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

OUTCOMES = ("passed", "failed", "errored", "skipped")
STATUSES = ("passed", "xfailed", "skipped", "xpassed", "failed", "error")  # pytest's, least worrying first


@dataclass(frozen=True, slots=True)
class Result:
    """One test of a run: one line of the results file."""

    id: str
    case: bool
    feature: str | None
    ruleset: str | None
    test: str
    outcome: str
    pytest: str
    message: str
    start: str = ""
    duration: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Result:
        test = str(data.get("test") or data.get("id") or "")
        return cls(
            id=str(data.get("id") or test), case=bool(data.get("case", True)), feature=data.get("feature"),
            ruleset=data.get("ruleset"), test=test, outcome=str(data.get("outcome") or "errored"),
            pytest=str(data.get("pytest") or ""), message=str(data.get("message") or ""),
            start=str(data.get("start") or ""), duration=float(data.get("duration") or 0.0))


def read(path: Path) -> list[Result]:
    """The results a file holds, in the order the tests ran. A last line cut short (the run was
    stopped while writing it) is left out."""
    found = []
    lines = path.read_text(encoding="utf-8").splitlines()
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError:
            if number == len(lines):
                break
            raise
        found.append(Result.from_json(data))
    return found


# -- running the spec -----------------------------------------------------------------------------


# The spec's pytest run: its plugin (the steps, markers, rulesets, errata) and the conformance
# plugin (the implementation under test, the results file), named for the child process to load,
# and the test module it collects, found without importing it.
PLUGINS = ("dicespec.spec.steps.plugin", "dicespec.conformance.run.pytest_plugin")
SCENARIOS = Path(__file__).resolve().parent / "steps" / "scenarios.py"


def spec_command(results: Path, options: Sequence[str] = ()) -> list[str]:
    """The pytest command that runs the spec's features, writing ``results``.

    It reads no configuration file (``-c`` the null device) and no conftest above the steps: the
    same run in a checkout and from an installed wheel, as strict as the repository's (warnings
    are errors, an unknown marker is refused).
    """
    return [
        sys.executable, "-m", "pytest", *(part for plugin in PLUGINS for part in ("-p", plugin)), str(SCENARIOS),
        "-c", os.devnull, "--rootdir", str(SCENARIOS.parents[3]),  # test ids: dicespec/spec/steps/scenarios.py::…
        "--confcutdir", str(SCENARIOS.parent),
        "--strict-markers", "-W", "error", "-o", "xfail_strict=true", "-ra",
        "-p", "no:cacheprovider", "-q", "--no-header", "-o", "console_output_style=classic",
        f"--dicespec-results={results}", *options,  # one token: a path after the option could be taken for a test path
    ]


@dataclass(frozen=True, slots=True)
class Finished:
    """A spec run that ended: pytest's exit status (``None`` when it was stopped at its time
    limit), what it printed, and its results (``None`` when it wrote no results file)."""

    returncode: int | None
    output: str
    results: list[Result] | None

    def tail(self, lines: int = 15) -> str:
        return "\n".join(self.output.strip().splitlines()[-lines:])


class SpecRun:
    """The spec's pytest run in a child process, started at once; :meth:`finish` waits for it."""

    def __init__(self, results: Path, options: Sequence[str] = (), *, env: Mapping[str, str] | None = None) -> None:
        self.results = results
        environment = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", **(env or {})}
        environment.pop("PYTEST_ADDOPTS", None)
        self.process = subprocess.Popen(spec_command(results, options), env=environment,
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)

    def finish(self, timeout: float | None = None) -> Finished:
        """Wait for the run (stop it after ``timeout`` seconds) and read its results."""
        returncode: int | None
        try:
            output, _ = self.process.communicate(timeout=timeout)
            returncode = self.process.returncode
        except KeyboardInterrupt:
            self.stop()
            raise
        except subprocess.TimeoutExpired:
            self.process.kill()
            output, _ = self.process.communicate()
            returncode = None
        results = read(self.results) if self.results.is_file() else None
        return Finished(returncode, output or "", results)

    def stop(self, grace: float = 15.0) -> None:
        """Interrupt the run as Ctrl-C does (pytest then ends the implementation it started, and
        everything that one started), and kill it if it has not ended after ``grace`` seconds."""
        for signum, seconds in ((None, 0.5), (signal.SIGINT, grace)):  # a Ctrl-C reached it too, maybe
            if signum is not None and self.process.poll() is None:
                self.process.send_signal(signum)
            try:
                self.process.communicate(timeout=seconds)
                return
            except subprocess.TimeoutExpired:
                if self.process.poll() is not None:
                    break  # it ended, but something it left holds its output open
        self.process.kill()
        self.process.wait()
        for stream in (self.process.stdout, self.process.stderr):
            if stream is not None:  # not read to its end: never wait on what a left process holds open
                stream.close()


def run_spec(results: Path, options: Sequence[str] = (), *, env: Mapping[str, str] | None = None,
             timeout: float | None = None) -> Finished:
    """Run the spec through pytest in a child process, and read its results."""
    return SpecRun(results, options, env=env).finish(timeout)
