"""The limits of an implementation under test (``containment/limits.py``): on Linux, the memory
its processes hold, measured by the runner, and not the address space they reserve (a JVM, Go or
.NET runtime reserves far more than it holds); elsewhere the address space stands in. A process a
limit stops is named, with the limit and its option, in conform's report and in identify's output.

The Java fake (``tests/conformance_fakes/jvm_holds_memory.java``), compiled here with javac, holds
2 GB in a JVM: it runs under the default limit, and is stopped under a lower one.
"""

from __future__ import annotations

import json
import re
import resource
import shlex
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from dicespec.cli import main
from dicespec.conformance.containment import defaults, limits
from dicespec.conformance.containment.limits import Limits, names_a_limit
from dicespec.conformance.containment.processes import has_proc, held_memory, session_members
from dicespec.conformance.protocol.messages import hello_request
from dicespec.conformance.transports.child import ChildProcess
from dicespec.conformance.transports.wire import dumps
from fakes import java_fake, running, totals
from folders import FAKES

MiB, GiB = 1 << 20, 1 << 30


def test_a_stop_names_the_limit_and_its_option() -> None:
    found = Limits(memory=GiB, processes=16)
    assert found.over_memory(3 * GiB // 2) == (
        "stopped: its processes held 1.5 GiB, over the limit of 1 GiB of memory (--max-memory)"
    )
    assert found.too_many(17) == "stopped: 17 processes at once, more than its limit of 16 (--max-processes)"
    assert names_a_limit(found.over_memory(2 * GiB)) and names_a_limit(found.too_many(17))
    assert not names_a_limit("the implementation exited (exit status 1)")


def limits_in_a_child(found: Limits) -> dict[str, list[int]]:
    """The kernel's limits a command started under ``found`` runs with."""
    code = (
        "import json, resource\n"
        "print(json.dumps({name: resource.getrlimit(getattr(resource, 'RLIMIT_' + name)) "
        "for name in ('AS', 'CORE', 'CPU')}))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, preexec_fn=found.preexec()
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, list[int]] = json.loads(done.stdout)
    return result


@pytest.mark.skipif(not has_proc(), reason="the runner measures memory through Linux's /proc")
def test_where_the_runner_measures_memory_no_address_space_is_limited() -> None:
    """Where the runner measures what the processes hold, their address space is left as it was,
    however low the memory limit; every process dumps no core, and has its CPU time limit."""
    found = limits_in_a_child(Limits(memory=64 * MiB, cpu=100))
    assert found["AS"] == list(resource.getrlimit(resource.RLIMIT_AS))
    assert found["CORE"] == [0, 0]
    assert found["CPU"] == [100, 100 + limits.CPU_HARD_MARGIN]
    assert Limits(memory=64 * MiB).measured_memory == 64 * MiB and Limits(memory=64 * MiB).address_space is None


def test_without_proc_the_address_space_stands_in(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where there is no ``/proc`` to measure by, each process's address space is limited instead,
    and a process that says it ran out of memory is said to have hit that limit."""
    monkeypatch.setattr(limits, "has_proc", lambda: False)
    found = Limits(memory=512 * MiB)
    assert found.measured_memory is None and found.address_space == 512 * MiB
    assert limits_in_a_child(found)["AS"] == [512 * MiB, 512 * MiB]
    assert found.explain(1, "java.lang.OutOfMemoryError: Java heap space") == (
        "it ran out of memory under its limit of 512 MiB of address space (--max-memory)"
    )


@pytest.mark.skipif(not has_proc(), reason="the runner measures memory through Linux's /proc")
def test_an_out_of_memory_of_its_own_is_not_blamed_on_the_limit() -> None:
    """Where the runner measures memory, a process that ran out of memory did so under bounds of
    its own (a JVM's heap, -Xmx): the reason does not name --max-memory."""
    assert Limits().explain(1, "java.lang.OutOfMemoryError: Java heap space") == ""


@pytest.mark.skipif(not has_proc(), reason="the runner measures memory through Linux's /proc")
def test_memory_reserved_and_not_held_counts_for_nothing() -> None:
    """An adapter that reserves 64 GiB of address space, as a runtime reserves its heap, and holds
    next to none of it, runs under a limit of 256 MiB: what its processes hold is measured, well
    under the limit, and it answers."""
    child = ChildProcess(
        [sys.executable, str(FAKES / "reserves_address_space.py")],
        env=None,
        cwd=None,
        max_line=defaults.MAX_LINE,
        stderr_tail=defaults.STDERR_TAIL,
        limits=Limits(memory=256 * MiB),
    )
    try:
        score = {"id": 2, "op": "score", "ruleset": "kiriki", "dice": "12345", "row": "chance"}
        child.send(f"{dumps(hello_request(1, 2))}\n{dumps(score)}\n".encode())
        lines: list[bytes] = []
        deadline = time.monotonic() + 60
        while len(lines) < 2 and not child.exited and time.monotonic() < deadline:
            lines += child.poll(0.5)
        assert [json.loads(line)["id"] for line in lines] == [1, 2], child.stderr_text()
        assert json.loads(lines[1]) == {"id": 2, "result": 15}
        status = Path(f"/proc/{child.process.pid}/status").read_text()
        reserved = int(re.search(r"^VmPeak:\s+(\d+) kB", status, re.M)[1]) << 10  # type: ignore[index]
        held = held_memory(child.session, session_members(child.session), 256 * MiB)
        print(f"reserved {reserved / GiB:.1f} GiB, held {held / MiB:.0f} MiB")
        assert reserved >= 64 * GiB and 0 < held < 256 * MiB
        assert child.over_limit is None and 0 < child.peak_memory < 256 * MiB
    finally:
        child.finish()


# -- a JVM: holding 2 GB, reserving more ----------------------------------------------------------

needs_proc = pytest.mark.skipif(not has_proc(), reason="the runner measures memory through Linux's /proc")


@pytest.fixture(scope="module")
def jvm_fake(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Java fake's classes."""
    return java_fake("jvm_holds_memory", tmp_path_factory.mktemp("java"))


@pytest.fixture
def token(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> str:
    """A token for the fake's command line, to find any process of it left; the test runs in a
    folder of its own, the user's (where a crash file would land)."""
    monkeypatch.chdir(tmp_path)
    return f"dicespec-test-{uuid.uuid4().hex}"


def jvm_command(classes: Path, megabytes: int, notes: Path, token: str) -> str:
    """The Java fake holding ``megabytes``, its peak written to ``notes``, with ``token`` in its
    command line. Its heap is given as 3 GiB, which holds 2,000 MiB on any machine (a JVM's
    default heap is a quarter of the machine's memory: 2 GiB on one of 8 GiB)."""
    return shlex.join(["java", "-Xmx3g", "-cp", str(classes), "JvmHoldsMemory", str(megabytes), str(notes), token])


def peak(notes: Path) -> tuple[int, int]:
    """The fake's own peak address space and resident memory, in bytes, as it wrote them."""
    found = dict(re.findall(r"^(VmPeak|VmHWM): (\d+) kB$", notes.read_text(), re.M))
    return int(found["VmPeak"]) << 10, int(found["VmHWM"]) << 10


STOPPED = r"stopped: its processes held [0-9.]+ GiB, over the limit of 1 GiB of memory \(--max-memory\)"


@pytest.mark.slow
@pytest.mark.alone  # a JVM holding 2 GB
@needs_proc
def test_a_jvm_holding_2_gb_passes_under_the_default_limit(
    jvm_fake: Path, token: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The Java fake holding 2,000 MiB, in a JVM that reserves more than the default limit's 4 GiB
    of address space (which stopped such a JVM when the limit was on address space), passes a
    short conform run under the default limit, and leaves nothing behind."""
    notes = tmp_path / "peak"
    command = jvm_command(jvm_fake, 2000, notes, token)
    status = main(
        [
            "conform",
            "--impl",
            command,
            "--part",
            "exhaustive",
            "--ruleset",
            "yacht",
            "--select",
            "yacht/score/yacht/66*/*",
        ]
    )
    out = capsys.readouterr().out
    assert status == 0, out[-3000:]
    assert totals(out) == (216 * 12, 0, 0, 0)
    reserved, resident = peak(notes)
    print(f"the JVM's peak: {reserved / GiB:.2f} GiB of address space, {resident / GiB:.2f} GiB resident")
    assert resident >= 2000 * MiB and reserved > defaults.MAX_MEMORY
    assert running(token) == []
    assert list(tmp_path.iterdir()) == [notes]


@pytest.mark.slow
@pytest.mark.alone  # a JVM holding more than 1 GiB
@needs_proc
def test_a_jvm_holding_more_than_its_limit_is_stopped_and_named(
    jvm_fake: Path, token: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The Java fake told to hold 1,500 MiB under ``--max-memory 1G`` is stopped once it holds more
    than 1 GiB (before it says hello): the report names the stop, with the limit and its option,
    among the misbehaviours and as why it could not be started, and every case is errored so."""
    command = jvm_command(jvm_fake, 1500, tmp_path / "peak", token)
    status = main(
        [
            "conform",
            "--impl",
            command,
            "--part",
            "exhaustive",
            "--ruleset",
            "yacht",
            "--select",
            "yacht/score/yacht/66*/*",
            "--max-memory",
            "1G",
            "--max-restarts",
            "0",
        ]
    )
    out = capsys.readouterr().out
    assert status == 1
    assert totals(out) == (0, 0, 216 * 12, 0)
    assert re.search(rf"^could not be started: gave up after 0 restarts; last: {STOPPED}$", out, re.M), out[-3000:]
    assert re.search(rf"^The implementation misbehaved:\n  {STOPPED}", out, re.M), out[-3000:]
    assert running(token) == []
    assert not list(tmp_path.glob("hs_err*"))


@pytest.mark.slow
@pytest.mark.alone  # a JVM holding more than 1 GiB, started four times
@needs_proc
def test_identify_names_the_limit_that_stopped_a_jvm(
    jvm_fake: Path, token: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """identify, with ``--max-memory 1G``, against the Java fake told to hold 1,500 MiB: it cannot
    start it, and says why in one line naming the limit and its option (exit status 2)."""
    command = jvm_command(jvm_fake, 1500, tmp_path / "peak", token)
    status = main(["identify", "--impl", command, "--max-memory", "1G", "--no-conform"])
    err = capsys.readouterr().err
    assert status == 2
    assert re.fullmatch(
        rf"dicespec: error: .* could not be started: gave up after 3 restarts; last: {STOPPED}\n", err
    ), err
    assert running(token) == []
