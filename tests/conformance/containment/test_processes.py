"""Hostile implementations (tests/conformance_fakes/) are contained: each misbehaviour errors the
cases it touches, nothing an implementation starts outlives the run, and neither the runner's
memory nor the implementation's grows past its bound.

Each hostile fake carries a token of its test in its command line and gives it to every process
it starts, so a test finds any survivor in ``/proc``; the fixture kills what a failing test
leaves, and every fake stops by itself after a while.
"""

from __future__ import annotations

import json
import os
import re
import resource
import shlex
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from dicespec.cli import main
from dicespec.conformance.containment import sandbox
from dicespec.conformance.containment.limits import Limits
from dicespec.conformance.containment.processes import (
    end_session,
    has_proc,
    held_memory,
    proportional_memory,
    resident_memory,
    session_members,
)
from dicespec.conformance.run.spec_run import SpecRun
from dicespec.conformance.transports.stdio import StdioTransport
from fakes import TRIGGER, assert_only_trigger_errored, full_house_requests, outcomes, running
from folders import FAKES

pytestmark = pytest.mark.skipif(not has_proc(), reason="finding survivors needs Linux's /proc")

# A test that bounds its own wall time or the runner's memory, or whose fake loads the machine on
# purpose (a fork bomb, a spinning adapter, a gigabyte line, a memory bomb), runs with no other
# test alongside (tests/alone.py). The others (interrupted runs among them) hold beside any load.
ALONE = pytest.mark.alone

MiB = 1 << 20


@pytest.fixture
def token() -> Iterator[str]:
    """A token for the test's fakes; what still runs with it afterwards is killed (the test has
    failed by then)."""
    mark = f"dicespec-test-{uuid.uuid4().hex}"
    yield mark
    for pid, _ in running(mark):
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def hostile(name: str, token: str, **options: Any) -> StdioTransport:
    settings = {"timeout": 5.0, "hello_timeout": 10.0, "max_restarts": 3, "grace": 1.0} | options
    return StdioTransport([sys.executable, str(FAKES / f"{name}.py"), token], **settings)


def fake_command(name: str, *args: str) -> str:
    return shlex.join([sys.executable, str(FAKES / f"{name}.py"), *args])


@contextmanager
def sigint(handler: Callable[[int, Any], Any] | int) -> Iterator[None]:
    """SIGINT handled so in this process for a while, and so in the commands it starts meanwhile
    (a handler of its own is reset to the default action by the command's exec; ``SIG_IGN`` is
    kept).

    A terminal's foreground job has SIGINT at its default action; a test run started in the
    background of a non-interactive shell (``make test &`` in a script) has it ignored, and so
    does everything it starts: a Ctrl-C from a terminal, as a test sends it, must find it at its
    default, and a run started in the background, as a test starts one, ignores it."""
    previous = signal.signal(signal.SIGINT, handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def wait_for(token: str, count: int, process: subprocess.Popen[Any]) -> None:
    """Wait (up to a minute) until ``count`` of the fakes' sleeping processes run with the token."""
    deadline = time.monotonic() + 60
    while sum(" -c import time" in line for _, line in running(token)) < count:
        if process.poll() is not None:  # ended before: what it wrote says why
            pytest.fail(f"it ended with status {process.returncode}:\n{process.communicate()[0][-2000:]!s}")
        assert time.monotonic() < deadline, running(token)
        time.sleep(0.1)


# -- nothing survives ----------------------------------------------------------------------------


def test_an_adapter_that_exits_by_itself_leaves_nothing(token: str) -> None:
    """An adapter that started processes (one in a process group of its own) and exits by itself
    at the end of its input: they are ended with it."""
    transport = hostile("exits_leaving_children", token)
    with transport:
        assert transport.start() is not None
        assert len(running(token)) == 3  # the adapter and the two it started
        assert transport.call("score", {"ruleset": "kiriki", "dice": "12345", "row": "chance"}) == ("result", 15)
    assert running(token) == []


@ALONE
def test_a_leftover_process_holding_stdout(token: str) -> None:
    """An adapter that starts two processes holding its stdout (one in a process group of its
    own) and dies: the request it died on is errored at once rather than at the timeout (less
    than the timeout after it died, said on its stderr, however long its restarts took to start),
    and neither process outlives the run, nor those of the restarts before."""
    transport = hostile("leaves_a_process", token)
    found, errored_at = {}, 0.0
    with transport:
        for ask, outcome in transport.stream(full_house_requests()):
            found[ask.args["dice"]] = outcome
            if ask.args["dice"] == TRIGGER:
                errored_at = time.monotonic()
    assert_only_trigger_errored(found, says="the implementation exited (exit status 0)")
    died = re.search(r"died at ([0-9.]+)", found[TRIGGER].value)  # the tail of its stderr, in the message
    assert died, found[TRIGGER].value
    assert errored_at - float(died[1]) < transport.timeout
    assert transport.restarts == 2
    assert running(token) == []


@ALONE
@pytest.mark.slow
def test_a_timeout_and_each_restart_end_the_process_group(token: str) -> None:
    """An adapter that hangs, having started two processes: each restart ends the old adapter and
    what it started (only the last one's are left before the end), and the end ends the rest."""
    transport = hostile("hangs_leaving_children", token, timeout=0.5)
    with transport:
        found = {ask.args["dice"]: outcome for ask, outcome in transport.stream(full_house_requests())}
        assert transport.restarts == 2
        assert len(running(token)) == 3
    assert_only_trigger_errored(found, says="no reply within 0.5 s")
    assert running(token) == []


@pytest.mark.slow
@pytest.mark.parametrize("ctrl_c", [True, False], ids=["ctrl-c", "sigterm"])
def test_an_interrupted_run_ends_every_adapter(token: str, ctrl_c: bool) -> None:
    """Ctrl-C during a run (a SIGINT to its process group, as a terminal sends it to its
    foreground job), or a SIGTERM to the runner alone, while the spec's pytest run waits on a
    hanging adapter: the run stops with status 130, and neither adapter (the corpus's, the
    features') nor anything they started is left."""
    with sigint(signal.default_int_handler):
        runner = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "dicespec.cli",
                "conform",
                "--impl",
                fake_command("hangs_leaving_children", token),
                "--part",
                "features",
                "--part",
                "exhaustive",
                "--ruleset",
                "kiriki",
                "--timeout",
                "60",
                "--grace",
                "1",
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        wait_for(token, 4, runner)  # two adapters, two each
        time.sleep(1)
        if ctrl_c:
            os.killpg(runner.pid, signal.SIGINT)
        else:
            runner.send_signal(signal.SIGTERM)
        output, _ = runner.communicate(timeout=60)
    finally:
        if runner.poll() is None:
            os.killpg(runner.pid, signal.SIGKILL)
    assert runner.returncode == 130, output.decode()[-2000:]
    assert running(token) == []


CASE = "kiriki-de-ones-1"  # a case the hanging adapter answers


def spec_run(token: str, tmp_path: Path, fake: str, *options: str) -> SpecRun:
    """The spec's pytest run against the fake (with a minute to say hello and to answer), as
    :class:`~dicespec.conformance.run.runner.Features` starts it; the fakes' folder on its path, for a plugin."""
    return SpecRun(
        tmp_path / "features.jsonl",
        [
            f"--dicespec-impl={fake_command(fake, token)}",
            "--dicespec-timeout=60",
            "--dicespec-hello-timeout=60",
            "--dicespec-grace=1",
            "--dicespec-rulesets=kiriki",
            *options,
        ],
        env={
            "PYTHONPATH": os.pathsep.join([str(FAKES), os.environ.get("PYTHONPATH", "")]),
            "DICESPEC_FAKE_NOTES": str(tmp_path / "notes"),
        },
    )


@pytest.mark.slow
def test_a_spec_run_stopped_where_sigint_is_ignored_ends_its_adapter(token: str, tmp_path: Path) -> None:
    """A spec run started where SIGINT is ignored (in the background of a non-interactive shell,
    as its runner may be) is stopped all the same: it ends its adapter and what that one started
    itself (a bare spec run has no run's mark to end what it leaves), rather than being killed
    at the end of the grace with them left running."""
    with sigint(signal.SIG_IGN):
        run = spec_run(token, tmp_path, "hangs_leaving_children")
    try:
        wait_for(token, 2, run.process)
        run.stop()
        assert running(token) == []
    finally:
        run.process.kill()
        run.process.wait()


@pytest.mark.slow
def test_a_spec_run_interrupted_while_its_adapter_starts_leaves_nothing(token: str, tmp_path: Path) -> None:
    """Ctrl-C while the spec run waits for its adapter's hello: the adapter, which has started two
    processes and will never answer, is ended with them, though it was not started yet."""
    with sigint(signal.default_int_handler):
        run = spec_run(token, tmp_path, "no_hello_leaving_children")
    try:
        wait_for(token, 2, run.process)
        run.process.send_signal(signal.SIGINT)
        done = run.finish(timeout=60)
        assert running(token) == []
        assert done.returncode == 2, done.tail()
    finally:
        run.process.kill()
        run.process.wait()


@pytest.mark.slow
def test_an_interrupt_while_the_plugins_unconfigure_leaves_nothing(token: str, tmp_path: Path) -> None:
    """A spec run stopped while pytest unconfigures its plugins, held up by one slow to (as on a
    busy machine: ``slow_unconfigure``), though pytest then ends before the conformance plugin's
    turn: the adapter and what it started are ended all the same, at pytest's cleanup."""
    notes = tmp_path / "notes"
    with sigint(signal.default_int_handler):
        run = spec_run(token, tmp_path, "hangs_leaving_children", f"--dicespec-select={CASE}", "-pslow_unconfigure")
    try:
        deadline = time.monotonic() + 120
        while "unconfiguring" not in (notes.read_text() if notes.exists() else ""):
            assert run.process.poll() is None and time.monotonic() < deadline, running(token)
            time.sleep(0.1)
        started = [pid for pid, _ in running(token) if pid != run.process.pid]
        assert len(started) == 3  # the adapter and the two it started, still there
        run.stop()
        assert running(token) == []
    finally:
        run.process.kill()
        run.process.wait()


# -- what a session's processes hold ------------------------------------------------------------


@ALONE
def test_the_memory_a_session_holds_counts_a_shared_page_once() -> None:
    """A process holding 200 MiB (written) that has forked a child, which shares those pages with
    it: each one's resident memory counts them, so their sum counts them twice; their proportional
    share counts them once. ``held_memory`` gives the sum while it is within its bound, and the
    share past it, where the kernel says it (Linux 4.14 and later)."""
    code = "import os, time\ndata = b'x' * (200 << 20)\nif os.fork():\n    print('forked', flush=True)\ntime.sleep(60)"
    held = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, start_new_session=True)
    try:
        assert held.stdout is not None and held.stdout.readline() == b"forked\n"
        members = session_members(held.pid)
        assert len(members) == 2
        each = resident_memory(held.pid, members)
        print({pid: f"{size / MiB:.0f} MiB" for pid, size in each.items()})
        assert all(size >= 200 * MiB for size in each.values())
        assert held_memory(held.pid, members, 1 << 30) == sum(each.values()) >= 400 * MiB
        shared = proportional_memory(members)
        if shared is None:
            assert not Path("/proc/self/smaps_rollup").exists()
            pytest.skip("this kernel gives no proportional share (smaps_rollup)")
        assert 200 * MiB <= shared < 300 * MiB
        assert 200 * MiB <= held_memory(held.pid, members, 300 * MiB) < 300 * MiB  # the share, measured again
    finally:
        end_session(held.pid, grace=1.0)
        held.communicate()


def test_proc_is_read_through_descriptors_so_an_interrupt_leaves_no_unclosed_file(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The runner reads ``/proc`` while a Ctrl-C may come. A Ctrl-C that landed between ``open``
    and its ``with`` left a file object, and the warning Python gives when it collects one failed
    an interrupted spec run's exit status (2, interrupted, became 1). So ``/proc`` is read through
    file descriptors alone: no file object is made, and none can be left."""

    def no_file_object(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError(f"a file object for {args[0]!r}")

    code = "import os, time\nif os.fork():\n    print('forked', flush=True)\ntime.sleep(60)"
    held = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, start_new_session=True)
    try:
        assert held.stdout is not None and held.stdout.readline() == b"forked\n"
        monkeypatch.setattr("builtins.open", no_file_object)
        members = session_members(held.pid)
        assert len(members) == 2 and held.pid in members
        assert all(size > 0 for size in resident_memory(held.pid, members).values())
        assert proportional_memory(members) is None or proportional_memory(members) > 0
    finally:
        monkeypatch.undo()
        end_session(held.pid, grace=1.0)
        held.communicate()


# -- bounds --------------------------------------------------------------------------------------


@ALONE
@pytest.mark.slow
def test_a_gigabyte_line_is_errored_and_the_runner_stays_small(token: str) -> None:
    """A reply line of a gigabyte errors its request at the 1 MiB cap, and the runner, which
    reads it, stays under 100 MB of resident memory all along (its own peak, measured). (The
    runner runs with 1 GiB of address space here: without the cap it would fail fast.)"""
    # The peak of the runner's own memory: VmHWM, the high-water mark of the program's address space.
    # (getrusage's ru_maxrss would also count the pytest process it was forked from: the child's
    # copy of it before exec, which grows with the test session, not with the runner.)
    measure = (
        "import re, sys\nfrom dicespec.cli import main\ncode = main(sys.argv[1:])\n"
        "status = open('/proc/self/status').read()\n"
        "print('peak', re.search(r'VmHWM:\\s+(\\d+) kB', status)[1], file=sys.stderr)\nsys.exit(code)"
    )
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            measure,
            "conform",
            "--impl",
            fake_command("floods_a_gigabyte", token),
            "--part",
            "exhaustive",
            "--ruleset",
            "kiriki",
            "--select",
            "kiriki/score/kiriki/6666*/chance",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30)),
    )
    found = re.search(r"^peak (\d+)$", done.stderr, re.M)
    assert found, done.stderr[-3000:]
    peak_kib = int(found[1])
    print(f"the runner's peak resident memory: {peak_kib / 1024:.1f} MiB")
    assert peak_kib * 1024 < 100_000_000, done.stderr
    assert done.stdout.rstrip().endswith("5 passed, 0 failed, 1 errored, 0 skipped"), done.stdout[-2000:]
    assert f"kiriki/score/kiriki/{TRIGGER}/chance\n      a reply longer than 1048576 bytes" in done.stdout
    assert running(token) == []


@ALONE
@pytest.mark.slow
def test_a_memory_bomb_is_stopped_past_its_limit(token: str) -> None:
    """An adapter that fills memory and holds it is stopped, with all its processes, once they
    hold more than its memory limit (the runner measures it); the request is errored with the
    limit named, and what they held. (The bomb holds its memory until it is stopped: were the
    limit not enforced, the request would time out instead, and say so.)"""
    transport = hostile("memory_bomb", token, limits=Limits(memory=256 * MiB))
    found = outcomes(transport)
    assert_only_trigger_errored(found, says="over the limit of 256 MiB of memory (--max-memory)")
    held = re.search(r"stopped: its processes held ([0-9.]+) (MiB|GiB),", found[TRIGGER].value)
    assert held, found[TRIGGER].value
    print(f"the memory bomb was stopped holding {held[1]} {held[2]}")
    assert float(held[1]) * (1024 if held[2] == "GiB" else 1) > 256
    assert running(token) == []


@ALONE
def test_a_fork_bomb_is_ended_past_its_process_limit(token: str) -> None:
    """An adapter that forks without end is killed, with all its processes, once it runs more
    than its limit of processes; the request is errored with the limit named."""
    transport = hostile("fork_bomb", token, limits=Limits(processes=16), timeout=20.0)
    started = time.monotonic()
    found = outcomes(transport)
    assert_only_trigger_errored(found, says="more than its limit of 16 (--max-processes)")
    assert time.monotonic() - started < 15  # the limit ended it, not the timeout
    assert running(token) == []


@ALONE
@pytest.mark.slow
def test_a_spinning_adapter_stops_at_its_cpu_limit(token: str) -> None:
    """An adapter that spins is stopped by its CPU time limit (before the request's timeout),
    and the request is errored with the limit named."""
    transport = hostile("spins", token, limits=Limits(cpu=1), timeout=30.0)
    started = time.monotonic()
    found = outcomes(transport)
    assert_only_trigger_errored(found, says="killed by signal 24 (SIGXCPU): it used up its CPU time limit of 1 s")
    assert time.monotonic() - started < 25
    assert running(token) == []


# -- code run in the runner's stead: --python, --function --------------------------------------


@ALONE
@pytest.mark.slow
def test_a_python_object_that_exits_crashes_or_blows_up_is_errored(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """In its worker process, a ``--python`` object's ``sys.exit``, its ``os._exit`` and its
    memory blow-up (stopped past ``--max-memory``) each error the one case they happen in; every
    other case is answered. (The last two end the worker, twice each: once among the requests in
    flight, once when their request is sent again alone; so four restarts.)"""
    monkeypatch.syspath_prepend(str(FAKES))
    status = main(
        [
            "conform",
            "--python",
            "misbehaving_object:MisbehavingObject",
            "--part",
            "exhaustive",
            "--ruleset",
            "kiriki",
            "--select",
            "kiriki/score/kiriki/[456][456]*/chance",
            "--max-memory",
            "512M",
            "--max-restarts",
            "4",
        ]
    )
    out = capsys.readouterr().out
    assert status == 1
    assert out.rstrip().endswith("1941 passed, 0 failed, 3 errored, 0 skipped"), out[-3000:]  # 3 × 3 × 6³ rolls
    assert (
        "kiriki/score/kiriki/66666/chance\n      the implementation failed: the implementation called sys.exit(3)"
        in out
    )
    assert re.search(r"kiriki/score/kiriki/55555/chance\n      the implementation exited \(exit status 4\)", out), out
    assert re.search(
        r"kiriki/score/kiriki/44444/chance\n      stopped: its processes held [0-9.]+ [MG]iB, over the limit of "
        r"512 MiB of memory \(--max-memory\)",
        out,
    ), out


def test_in_process_code_is_trusted(monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``--in-process`` the object runs in the runner: its ``sys.exit`` ends the run."""
    monkeypatch.syspath_prepend(str(FAKES))
    with pytest.raises(SystemExit) as exited:
        main(
            [
                "conform",
                "--python",
                "misbehaving_object:MisbehavingObject",
                "--in-process",
                "--part",
                "exhaustive",
                "--ruleset",
                "kiriki",
                "--select",
                "kiriki/score/kiriki/66666/chance",
            ]
        )
    assert exited.value.code == 3


# -- the sandbox --------------------------------------------------------------------------------


@pytest.fixture
def bwrap() -> None:
    """Skip where bwrap is missing (but under CI, which installs it) or the kernel refuses it
    (the reason is bwrap's own)."""
    why = sandbox.unusable()
    if sandbox.bwrap() is None and os.environ.get("CI") == "true":
        pytest.fail(f"--sandbox cannot run here, and CI must run it: {why}")
    if why:
        pytest.skip(f"--sandbox cannot run here: {why}")


@pytest.mark.usefixtures("bwrap")
def test_a_sandboxed_adapter_cannot_write_outside_its_folder_or_connect(
    token: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under ``--sandbox`` an adapter that tries to get out fails at each attempt, and the case is
    errored: it cannot write in the current directory, the home folder or another temporary
    folder, nor connect to a TCP port or a Unix socket of the machine; it can write in its own
    temporary folder, which is removed afterwards with all it started. (Its folder is the one the
    transport hands the sandbox: other runs on the machine make and remove folders of the same
    kind meanwhile.)"""
    home = Path(os.environ.get("HOME", "/root"))
    listener = socket.create_server(("127.0.0.1", 0))
    unix = socket.socket(socket.AF_UNIX)
    unix.bind(str(tmp_path / "socket"))
    unix.listen()
    port = listener.getsockname()[1]
    escape = {"home": str(home), "folder": str(tmp_path), "port": port, "unix": str(tmp_path / "socket")}
    folders: list[str] = []  # the sandbox's own, as the transport hands it over
    command = sandbox.command

    def recorded(argv: list[str], folder: str, *, cwd: str | None = None) -> list[str]:
        folders.append(folder)
        return command(argv, folder, cwd=cwd)

    monkeypatch.setattr(sandbox, "command", recorded)
    written = [folder / f"written-by-the-sandboxed-fake-{token}" for folder in (Path.cwd(), home, tmp_path)]
    transport = hostile(
        "sandboxed", token, sandbox=True, env={**os.environ, "DICESPEC_FAKE_ESCAPE": json.dumps(escape)}
    )
    connected = []
    try:
        with transport:
            found = transport.call("score", {"ruleset": "kiriki", "dice": TRIGGER, "row": "chance"})
            other = transport.call("score", {"ruleset": "kiriki", "dice": "12345", "row": "chance"})
        for server in (listener, unix):
            server.setblocking(False)
            try:
                connection, _ = server.accept()
            except BlockingIOError:
                continue
            connection.close()
            connected.append(server.family.name)
        escaped = [path for path in [*written, Path(tempfile.gettempdir(), f"mine-{token}")] if path.exists()]
    finally:
        listener.close()
        unix.close()
        for path in written:  # what a broken sandbox let it write
            path.unlink(missing_ok=True)
        Path(tempfile.gettempdir(), f"mine-{token}").unlink(missing_ok=True)
    assert connected == [] and escaped == []
    assert other == ("result", 15)
    assert found.kind == "errored", found
    message = found.value
    assert message.startswith("the implementation failed: contained: "), message
    for path in written:
        assert (
            f"write {path}: Read-only file system" in message or f"write {path}: No such file or directory" in message
        ), message
    assert re.search(rf"connect 127\.0\.0\.1:{port}: (Connection refused|Network is unreachable)", message), message
    assert f"connect {tmp_path / 'socket'}: No such file or directory" in message, message
    assert folders and not any(Path(folder).exists() for folder in folders), folders
    assert running(token) == []


def test_sandbox_without_bwrap_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sandbox, "bwrap", lambda: None)
    assert main(["conform", "--impl", "true", "--sandbox"]) == 2
    assert capsys.readouterr().err.startswith("dicespec: error: --sandbox: bwrap is not installed")


def test_a_run_ends_whatever_carries_its_mark() -> None:
    """What the sessions' own ending misses (a process in a session of its own, started by a part
    of the run that was interrupted before it could end it) carries the run's mark and is ended
    when the run is; a process started outside the run is not."""
    import subprocess as sp

    from dicespec.conformance.containment.processes import MARK, marked_processes, marked_run

    outside = sp.Popen([sys.executable, "-c", "import time; time.sleep(30)"], start_new_session=True)
    try:
        with marked_run(grace=1.0) as mark:
            inside = sp.Popen([sys.executable, "-c", "import time; time.sleep(30)"], start_new_session=True)
            deadline = time.monotonic() + 10
            while inside.pid not in marked_processes(mark):
                assert time.monotonic() < deadline
                time.sleep(0.05)
        assert inside.wait(timeout=10) == -signal.SIGTERM
        assert outside.poll() is None and MARK not in os.environ
    finally:
        outside.kill()
        outside.wait()
