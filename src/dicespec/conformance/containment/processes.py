"""The processes an implementation under test runs as, found and ended.

The runner starts each implementation in a session of its own (``setsid``): the command and
everything it starts belong to that session, unless one of them starts a session of its own.
:func:`end_session` ends all of them: politely first (``SIGTERM``), then, after a grace period,
by force (``SIGKILL``). On Linux the members are read from ``/proc`` (a process that moved to
another group of the session is found too); elsewhere the process group is signalled.

On Linux, :func:`held_memory` says how much memory the members hold: their resident memory, and
where that passes a bound, their proportional share of it (a page several of them share counted
once), which the memory limit is held to (see :mod:`~dicespec.conformance.containment.limits`).
"""

from __future__ import annotations

import os
import re
import signal
import threading
import time
import uuid
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from types import FrameType

PROC = "/proc"


def has_proc() -> bool:
    """Can the processes of a session be listed (Linux's ``/proc``)?"""
    return os.path.isfile(f"{PROC}/self/stat")


def _read(path: str) -> bytes:
    """A small file of ``/proc``, whole (:class:`OSError` where it cannot be read: its process
    gone meanwhile, or not ours to read).

    Read through the file descriptor itself, not a file object: the runner reads these while a
    Ctrl-C may come, and an interrupt that lands between ``open`` and its ``with`` leaves a file
    object that Python warns of when it collects it (an unclosed file), which a run holding
    warnings as errors (the spec's pytest run) turned into its exit status. A descriptor that an
    interrupt leaves open is closed with the process, and warns of nothing."""
    descriptor = os.open(path, os.O_RDONLY)
    try:
        chunks = []
        while chunk := os.read(descriptor, 65536):
            chunks.append(chunk)
        return b"".join(chunks)
    finally:
        os.close(descriptor)


def _stat(pid: str) -> list[bytes] | None:
    """The fields of ``/proc/PID/stat`` after the command's name (state first), or ``None``."""
    try:
        data = _read(f"{PROC}/{pid}/stat")
    except OSError:  # gone meanwhile, or not ours to read
        return None
    return data[data.rfind(b")") + 2 :].split()


def session_members(session: int) -> list[int]:
    """The live processes of a session (zombies left out: they run no more), from ``/proc``;
    ``[]`` where there is no ``/proc``."""
    if not has_proc():
        return []
    found = []
    for name in os.listdir(PROC):
        if name.isdigit():
            fields = _stat(name)
            if fields is not None and int(fields[3]) == session and fields[0] != b"Z":
                found.append(int(name))
    return found


PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def resident_memory(session: int, pids: Iterable[int]) -> dict[int, int]:
    """The bytes of memory each of ``pids`` still in the session holds in RAM (its resident set,
    ``/proc/PID/stat``), by process id; a page several of them share is in each one's."""
    found = {}
    for pid in pids:
        fields = _stat(str(pid))
        if fields is not None and int(fields[3]) == session and fields[0] != b"Z":  # not gone, nor another's
            found[pid] = int(fields[21]) * PAGE
    return found


def proportional_memory(pids: Iterable[int]) -> int | None:
    """The bytes of memory ``pids`` hold in RAM, together, a page several processes share divided
    among them (their proportional set sizes, ``/proc/PID/smaps_rollup``, Linux 4.14 and later);
    ``None`` where the kernel does not say. Slower than :func:`resident_memory`: it walks each
    process's pages (a tenth of a second for 2 GiB, on a busy machine)."""
    total = 0
    for pid in pids:
        try:
            text = _read(f"{PROC}/{pid}/smaps_rollup")
        except FileNotFoundError:
            if os.path.exists(f"{PROC}/{pid}"):
                return None  # a kernel without it
            continue  # gone meanwhile
        except OSError:  # not ours to read
            return None
        found = re.search(rb"^Pss:\s+(\d+) kB", text, re.MULTILINE)
        if found is None:
            if text:
                return None
            continue  # gone meanwhile: a zombie's rollup is empty
        total += int(found[1]) << 10
    return total


def held_memory(session: int, pids: Iterable[int], bound: int) -> int:
    """The bytes of memory the session's processes among ``pids`` hold together: the sum of their
    resident sets, and where that is over ``bound`` (a page they share is in each one's), their
    proportional share, which counts such a page once (:func:`proportional_memory`), wherever the
    kernel gives it."""
    resident = resident_memory(session, pids)
    total = sum(resident.values())
    if total <= bound:
        return total
    shared = proportional_memory(resident)
    return total if shared is None else min(total, shared)


def user_tasks(uid: int) -> int:
    """How many threads the processes of this real user run (what ``RLIMIT_NPROC`` counts), from
    ``/proc``; 0 where there is none."""
    if not has_proc():
        return 0
    count = 0
    for name in os.listdir(PROC):
        if not name.isdigit():
            continue
        try:
            text = _read(f"{PROC}/{name}/status")
        except OSError:
            continue
        fields = dict(line.split(b":", 1) for line in text.splitlines() if b":" in line)
        if int(fields.get(b"Uid", b"-1 ").split()[0]) == uid:
            count += int(fields.get(b"Threads", b"1").strip() or 1)
    return count


def signal_session(session: int, signum: int) -> None:
    """Send a signal to every process of the session: its process group, and on Linux every
    other member too."""
    try:
        os.killpg(session, signum)
    except (ProcessLookupError, PermissionError):
        pass
    for pid in session_members(session):
        try:
            os.kill(pid, signum)
        except (ProcessLookupError, PermissionError):
            pass


def session_alive(session: int) -> bool:
    """Does any process of the session still run?"""
    if has_proc():
        return bool(session_members(session))
    try:
        os.killpg(session, 0)
    except (ProcessLookupError, PermissionError):
        return False
    return True


def end_session(session: int, *, grace: float) -> bool:
    """End every process of the session: ``SIGTERM``, then ``SIGKILL`` to what is left after
    ``grace`` seconds. Whether nothing is left (a process stuck in the kernel may outlive even
    ``SIGKILL`` for a while). A second Ctrl-C while waiting kills at once."""
    if not session_alive(session):
        return True
    try:
        signal_session(session, signal.SIGTERM)
        if _wait_gone(session, grace):
            return True
    finally:  # also when interrupted: nothing may stay behind
        if session_alive(session):
            signal_session(session, signal.SIGKILL)
    return _wait_gone(session, 5.0, kill=True)


def _wait_gone(session: int, seconds: float, *, kill: bool = False) -> bool:
    deadline = time.monotonic() + seconds
    pause = 0.005
    while session_alive(session):
        if time.monotonic() >= deadline:
            return False
        if kill:  # a process forked while the others were being killed
            signal_session(session, signal.SIGKILL)
        time.sleep(pause)
        pause = min(pause * 2, 0.05)
    return True


def _interrupt(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt(f"signal {signal.Signals(signum).name}")


def terminate_as_interrupt() -> dict[int, object]:
    """From now on, ``SIGTERM`` and ``SIGHUP`` interrupt as Ctrl-C does: ``finally`` blocks run
    and end what the runner started, instead of the runner dying at once. The handlers replaced
    (nothing, outside the main thread)."""
    if threading.current_thread() is not threading.main_thread():
        return {}
    return {signum: signal.signal(signum, _interrupt) for signum in (signal.SIGTERM, signal.SIGHUP)}


@contextmanager
def termination_as_interrupt() -> Iterator[None]:
    """:func:`terminate_as_interrupt` for the time of a ``with`` block."""
    previous = terminate_as_interrupt()
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)  # type: ignore[arg-type]


# -- a run's mark ---------------------------------------------------------------------------------

MARK = "DICESPEC_CONFORM_RUN"
"""The environment variable that marks every process a run starts: the runner's own children (the
spec's pytest run, workers, adapters) and theirs inherit it."""


def marked_processes(mark: str) -> list[int]:
    """The live processes (this one left out) whose environment carries the run's ``mark``."""
    if not has_proc():
        return []
    needle, found = f"{MARK}={mark}".encode(), []
    for name in os.listdir(PROC):
        if not name.isdigit() or int(name) == os.getpid():
            continue
        try:
            carries = needle in _read(f"{PROC}/{name}/environ").split(b"\0")
        except OSError:  # gone meanwhile, or not ours to read
            continue
        fields = _stat(name)
        if carries and fields is not None and fields[0] != b"Z":
            found.append(int(name))
    return found


def end_marked(mark: str, *, grace: float) -> None:
    """End every live process carrying the run's mark: ``SIGTERM``, then ``SIGKILL`` after ``grace``."""
    for signum, wait in ((signal.SIGTERM, grace), (signal.SIGKILL, 5.0)):
        pids = marked_processes(mark)
        if not pids:
            return
        for pid in pids:
            try:
                os.kill(pid, signum)
            except OSError:
                pass
        deadline = time.monotonic() + wait
        while marked_processes(mark) and time.monotonic() < deadline:
            time.sleep(0.05)


@contextmanager
def marked_run(*, grace: float) -> Iterator[str]:
    """Mark everything started inside the ``with`` block, and on the way out (whatever the way)
    end what is still running with the mark: what the sessions' own ending missed (an adapter the
    spec's pytest run could not end because it was interrupted while ending it, say). A process
    that starts with an emptied environment escapes the mark."""
    mark, previous = uuid.uuid4().hex, os.environ.get(MARK)
    os.environ[MARK] = mark
    try:
        yield mark
    finally:
        if previous is None:
            del os.environ[MARK]
        else:
            os.environ[MARK] = previous
        end_marked(mark, grace=grace)
