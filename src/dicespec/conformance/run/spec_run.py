"""The one way to run the spec through pytest in a child process: the spec's own plugin
(:mod:`dicespec.spec.steps.plugin`) and this package's (:mod:`.pytest_plugin`: the implementation
under test, the results file), over the scenarios the wheel carries. ``dicespec conform``'s
features part runs it against an implementation; the golden files run it to ask which claims hold
under a ruleset (:mod:`dicespec.regression.outcomes`). Its results are read with
:func:`dicespec.spec.results.read`.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from dicespec.conformance.run import pytest_plugin
from dicespec.spec.results import Result, read
from dicespec.spec.steps import plugin as steps_plugin

# The spec's pytest run: pytest-bdd, the spec's plugin (the steps, markers, rulesets, errata) and
# the conformance plugin (the implementation under test, the results file), named for the child
# process to load, and the test module it collects, found without importing it. No other plugin
# loads: pytest's loading of every installed one is turned off (AUTOLOAD), so a plugin of the
# user's environment (one that shuffles, reruns or times tests) cannot change the run, and none
# is imported for nothing (Hypothesis alone took a second of each run's start).
PLUGINS = ("pytest_bdd.plugin", steps_plugin.__name__, pytest_plugin.__name__)
AUTOLOAD = "PYTEST_DISABLE_PLUGIN_AUTOLOAD"
SCENARIOS = Path(steps_plugin.__file__).resolve().parent / "scenarios.py"


def spec_command(results: Path, options: Sequence[str] = ()) -> list[str]:
    """The pytest command that runs the spec's features, writing ``results``.

    It reads no configuration file (``-c`` the null device) and no conftest above the steps, and
    loads its plugins alone (:class:`SpecRun` turns the loading of installed ones off): the same
    run in a checkout and from an installed wheel, as strict as the repository's (warnings are
    errors, an unknown marker is refused). A failure's traceback is Python's own (``--tb=native``):
    its message is the same, and pytest's long form, which parses each frame's source file, took
    half the time of a run whose claims mostly fail (a ruleset's features under another's).
    """
    return [
        sys.executable,
        "-m",
        "pytest",
        *(part for plugin in PLUGINS for part in ("-p", plugin)),
        str(SCENARIOS),
        "-c",
        os.devnull,
        "--rootdir",
        str(SCENARIOS.parents[3]),  # test ids: dicespec/spec/steps/scenarios.py::…
        "--confcutdir",
        str(SCENARIOS.parent),
        "--strict-markers",
        "-W",
        "error",
        "-o",
        "xfail_strict=true",
        "-ra",
        "--tb=native",  # a failure's report as Python prints it: pytest's own parses the source (half the run)
        "-p",
        "no:cacheprovider",
        "-q",
        "--no-header",
        "-o",
        "console_output_style=classic",
        f"--dicespec-results={results}",
        *options,  # one token: a path after the option could be taken for a test path
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
        environment = {**os.environ, AUTOLOAD: "1", **(env or {})}
        environment.pop("PYTEST_ADDOPTS", None)
        self.process = subprocess.Popen(
            spec_command(results, options), env=environment, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
        )

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
        """End the run as an interrupt does, and kill it if it has not ended ``grace`` seconds later.

        Unless it ends by itself within half a second (a Ctrl-C at a terminal reached its process
        group too), it is sent ``SIGTERM``, which the conformance plugin takes for an interrupt once
        it has started an implementation: pytest then ends the implementation, and everything that
        one started. Not ``SIGINT``: a run started in the background of a non-interactive shell
        inherits ``SIGINT`` ignored, and would wait out ``grace`` to be killed, its implementation
        left behind. A second interrupt leaves nothing behind either: the plugin ends the
        implementation first thing on the first (:class:`.pytest_plugin.InterruptEnds`)."""
        for signum, seconds in ((None, 0.5), (signal.SIGTERM, grace)):
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


def run_spec(
    results: Path, options: Sequence[str] = (), *, env: Mapping[str, str] | None = None, timeout: float | None = None
) -> Finished:
    """Run the spec through pytest in a child process, and read its results."""
    return SpecRun(results, options, env=env).finish(timeout)
