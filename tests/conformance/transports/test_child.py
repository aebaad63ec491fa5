"""One process of an implementation under test (conformance/transports/child.py): its lines read
whole and bounded, its stderr's tail kept, its exit seen without reaping it, and its whole session
ended however it ends."""

from __future__ import annotations

import os
import re
import signal
import sys
import time
from collections.abc import Callable, Iterator

import pytest

from dicespec.conformance.containment.limits import Limits
from dicespec.conformance.containment.processes import has_proc, session_members
from dicespec.conformance.transports.child import ChildProcess

ECHO = "import sys\nfor line in sys.stdin:\n    sys.stdout.write(line); sys.stdout.flush()"


@pytest.fixture
def started() -> Iterator[Callable[..., ChildProcess]]:
    """Start a child (a Python program, or an argument list); each is ended after the test."""
    children: list[ChildProcess] = []

    def start(program: str | list[str], **options: object) -> ChildProcess:
        argv = [sys.executable, "-c", program] if isinstance(program, str) else program
        settings: dict[str, object] = {"env": None, "cwd": None, "max_line": 1000, "stderr_tail": 1000, "grace": 1.0}
        child = ChildProcess(argv, **(settings | options))
        children.append(child)
        return child

    yield start
    for child in children:
        child.end()


def poll_until(child: ChildProcess, done: Callable[[list[bytes]], bool], seconds: float = 30) -> list[bytes]:
    """Poll the child until ``done`` holds of the lines read so far (a minute at most)."""
    lines: list[bytes] = []
    deadline = time.monotonic() + seconds
    while not done(lines):
        assert time.monotonic() < deadline, lines
        lines += child.poll(0.1)
    return lines


def test_lines_are_read_whole_and_a_partial_one_waits_for_its_end(started: Callable[..., ChildProcess]) -> None:
    child = started(ECHO)
    child.send(b'{"id":1}\n{"id":2}\n{"id":')
    assert poll_until(child, lambda lines: len(lines) == 2) == [b'{"id":1}', b'{"id":2}']
    child.send(b"3}\n")
    assert poll_until(child, lambda lines: len(lines) == 1) == [b'{"id":3}']
    assert not child.exited and not child.too_long


def test_a_line_longer_than_its_bound_is_too_long(started: Callable[..., ChildProcess]) -> None:
    """Whether it comes whole, or in pieces that never end it."""
    whole = started(ECHO, max_line=100)
    whole.send(b"x" * 101 + b"\n")
    poll_until(whole, lambda _: whole.too_long)
    endless = started("import sys, time\nsys.stdout.write('y' * 500); sys.stdout.flush(); time.sleep(30)", max_line=100)
    poll_until(endless, lambda _: endless.too_long)


def test_the_tail_of_stderr_is_kept_and_bounded(started: Callable[..., ChildProcess]) -> None:
    child = started(
        "import sys\nfor n in range(2000):\n    print(f'line {n}', file=sys.stderr)\nprint('done', flush=True)",
        stderr_tail=200,
    )
    poll_until(child, lambda lines: lines == [b"done"])
    child.returncode(10)
    assert child.stderr_text(3) == "line 1997\nline 1998\nline 1999"
    assert len(child.tail) <= 2 * 200


def test_its_exit_is_seen_without_reaping_it(started: Callable[..., ChildProcess]) -> None:
    """The exit status is read, but the process stays unreaped (its id names its session, which may
    still be signalled) until it is ended."""
    child = started("import sys; sys.exit(3)")
    poll_until(child, lambda _: child.exited)
    assert child.returncode(10) == 3
    assert child.process.returncode is None  # not reaped: a zombie
    assert child.end() == 3
    assert child.ended and child.process.returncode == 3


def test_an_exit_is_seen_though_what_it_started_holds_its_stdout(started: Callable[..., ChildProcess]) -> None:
    """A command that exits leaving a process with its stdout open has exited all the same."""
    child = started("import subprocess; subprocess.Popen(['sleep', '30'])")
    poll_until(child, lambda _: child.exited)
    assert child.returncode(10) == 0


def test_finish_lets_it_leave_at_the_end_of_its_input(started: Callable[..., ChildProcess]) -> None:
    child = started(ECHO)
    assert child.finish() == 0
    assert child.ended


def test_finish_ends_one_that_stays_past_the_grace(started: Callable[..., ChildProcess]) -> None:
    child = started("import time; time.sleep(30)", grace=0.2)
    assert child.finish() == -signal.SIGTERM


@pytest.mark.skipif(not has_proc(), reason="listing a session's processes needs Linux's /proc")
def test_its_session_is_its_own_and_ends_with_it(started: Callable[..., ChildProcess]) -> None:
    """The command leads a session of its own; ending it ends what it started there, in a process
    group of its own too."""
    program = (
        "import os, subprocess, time\n"
        "subprocess.Popen(['sleep', '30'])\n"
        "subprocess.Popen(['sleep', '30'], process_group=0)\n"
        "print('started', flush=True)\n"
        "time.sleep(30)"
    )
    child = started(program)
    poll_until(child, lambda lines: lines == [b"started"])
    assert os.getsid(child.process.pid) == child.process.pid == child.session
    assert len(session_members(child.session)) == 3
    child.end()
    assert session_members(child.session) == []


@pytest.mark.skipif(not has_proc(), reason="counting a session's processes needs Linux's /proc")
def test_past_its_limit_of_processes_the_session_is_killed(started: Callable[..., ChildProcess]) -> None:
    program = "import subprocess, time\nfor _ in range(4):\n    subprocess.Popen(['sleep', '30'])\ntime.sleep(30)"
    child = started(program, limits=Limits(processes=2))
    poll_until(child, lambda _: child.over_limit is not None)
    limit = r"stopped: [345] processes at once, more than its limit of 2 \(--max-processes\)"
    assert re.fullmatch(limit, child.over_limit or "")
    poll_until(child, lambda _: child.exited)
    assert child.returncode(10) == -signal.SIGKILL
