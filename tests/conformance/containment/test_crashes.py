"""A crash of the implementation writes no file into the user's folder (``containment/crashes.py``):
no process dumps core, and a JVM's crash files go to a temporary folder of the process's own,
kept where a crash wrote in it (the JVM names the file on its standard error)."""

from __future__ import annotations

import os
import re
import resource
import shutil
import signal
import sys
import time
from pathlib import Path

import pytest

from dicespec.conformance.containment import defaults
from dicespec.conformance.containment.crashes import JAVA_TOOL_OPTIONS, environment, java_options
from dicespec.conformance.containment.limits import Limits
from dicespec.conformance.transports.child import ChildProcess
from dicespec.conformance.transports.stdio import StdioTransport
from fakes import java_fake

SENT = "-XX:ErrorFile=/f/hs_err_pid%p.log -XX:ReplayDataFile=/f/replay_pid%p.log -XX:HeapDumpPath=/f"


def test_the_jvm_s_crash_files_are_sent_to_the_folder_after_the_user_s_options() -> None:
    assert java_options("/f") == SENT
    assert java_options("/f", " -Xss2m ") == f"-Xss2m {SENT}"


def test_an_option_the_user_sets_wins() -> None:
    assert java_options("/f", "-XX:ErrorFile=/logs/%p.log") == (
        "-XX:ErrorFile=/logs/%p.log -XX:ReplayDataFile=/f/replay_pid%p.log -XX:HeapDumpPath=/f"
    )


def test_a_folder_with_a_space_is_quoted() -> None:
    assert java_options("/a b").startswith("'-XX:ErrorFile=/a b/hs_err_pid%p.log' ")


def test_the_environment_is_the_runner_s_unless_one_is_given(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(JAVA_TOOL_OPTIONS, "-Xss2m")
    inherited = environment(None, "/f")
    assert inherited == {**os.environ, JAVA_TOOL_OPTIONS: f"-Xss2m {SENT}"}
    assert environment({"HOME": "/h"}, "/f") == {"HOME": "/h", JAVA_TOOL_OPTIONS: SENT}


def child(argv: list[str], cwd: Path) -> ChildProcess:
    return ChildProcess(
        argv, env=None, cwd=str(cwd), max_line=defaults.MAX_LINE, stderr_tail=defaults.STDERR_TAIL, limits=Limits()
    )


def test_a_process_that_dumps_core_writes_no_core_file(tmp_path: Path) -> None:
    """A process that aborts, run where a core file would land in its working directory (the
    runner's own limit on core files raised as far as it goes): it runs with no core file allowed,
    and leaves its working directory empty."""
    pattern = Path("/proc/sys/kernel/core_pattern")
    if not pattern.exists() or pattern.read_text().startswith("|"):
        pytest.skip("here a core file goes to a program, not to the working directory")
    soft, hard = resource.getrlimit(resource.RLIMIT_CORE)
    if hard == 0:
        pytest.skip("here no process may dump core anyway")
    resource.setrlimit(resource.RLIMIT_CORE, (hard, hard))
    try:
        code = "import os, resource; print(resource.getrlimit(resource.RLIMIT_CORE), flush=True); os.abort()"
        aborts = child([sys.executable, "-c", code], tmp_path)
    finally:
        resource.setrlimit(resource.RLIMIT_CORE, (soft, hard))
    lines: list[bytes] = []
    deadline = time.monotonic() + 60
    while not aborts.exited:
        assert time.monotonic() < deadline
        lines += aborts.poll(0.5)
    assert aborts.end() == -signal.SIGABRT
    assert lines == [b"(0, 0)"]
    assert list(tmp_path.iterdir()) == []


@pytest.mark.slow  # a JDK's javac, then a JVM
def test_a_jvm_s_crash_report_lands_in_a_folder_of_its_own(tmp_path: Path) -> None:
    """The Java fake told to hold more than its heap, in a JVM that crashes when it runs out of it:
    its crash report is not in its working directory, the user's, but in a folder of its own,
    kept, which the reason it was given up for names."""
    classes = java_fake("jvm_holds_memory", tmp_path / "classes")
    here = tmp_path / "here"
    here.mkdir()
    argv = ["java", "-Xmx32m", "-XX:+CrashOnOutOfMemoryError", "-cp", str(classes), "JvmHoldsMemory", "256", "peak"]
    transport = StdioTransport(argv, cwd=str(here), max_restarts=0)
    kept = None
    try:
        with transport:
            assert transport.start() is None
        found = re.search(r"; it left crash files in ([^;\s]+)", transport.failure or "")
        assert found, transport.failure
        kept = Path(found[1])
        assert [path.name.startswith("hs_err_pid") for path in kept.iterdir()] == [True]
        assert list(here.iterdir()) == []
    finally:
        if kept is not None:
            shutil.rmtree(kept)
