"""What an implementation under test may take: the memory its processes hold, each process's CPU
time, and the processes it may run at once.

The memory limit bounds what the processes of the implementation's session *hold* (their
resident memory, together), not the address space they reserve: a JVM, a Go or a .NET runtime
reserves far more than it uses (a JVM holding 2 GiB maps more than 4 GiB), and the kernel's
limits on address space (``RLIMIT_AS``) or on data (``RLIMIT_DATA``, which counts what a JVM
commits but does not touch) would stop it at its defaults. So, on Linux, the runner measures it
(:func:`~dicespec.conformance.containment.processes.held_memory`, see
:class:`~dicespec.conformance.transports.child.ChildProcess`) and, past the limit, ends the whole
session, saying so (:meth:`Limits.over_memory`). Where there is no ``/proc`` to measure it by,
``RLIMIT_AS`` stands in for it, on each process: :meth:`Limits.address_space`.

The CPU time is the kernel's resource limit (``RLIMIT_CPU``), set in the child before the
command starts, so it binds the command and everything it starts (each process has its own).
The processes are counted by the runner, as the memory is measured: the processes of the
implementation's session, on Linux, while the runner talks to it; past the limit the whole
session is ended. The kernel's own process limit (``RLIMIT_NPROC``) backs it up: it counts every
thread of the user's processes, so it is set to what the user already runs plus :data:`BACKSTOP`
times the limit; the kernel does not apply it to root.

Every process also dumps no core (``RLIMIT_CORE`` 0): a core file would land in the current
directory, the user's (see :mod:`~dicespec.conformance.containment.crashes`).

When a limit ends a process, :meth:`Limits.explain` says which, for the ``errored`` reason.
"""

from __future__ import annotations

import os
import re
import resource
import signal
from collections.abc import Callable
from dataclasses import dataclass

from dicespec.conformance.containment import defaults
from dicespec.conformance.containment.processes import has_proc, user_tasks

BACKSTOP = 8
"""The kernel's limit on the user's threads: those already running plus this many per process allowed."""

CPU_HARD_MARGIN = 5
"""Seconds of CPU time after ``SIGXCPU`` (which a process may catch) before the kernel's ``SIGKILL``."""

_UNITS = {"": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30, "t": 1 << 40}
_SIZE = re.compile(r"(\d+(?:\.\d+)?)\s*([kmgt]?)(?:i?b)?", re.IGNORECASE)
_NO_LIMIT = ("none", "unlimited", "0")

# What runtimes print when an allocation fails: Python, V8, C++, Rust, Go, the JVM, glibc.
_OUT_OF_MEMORY = re.compile(
    r"MemoryError|out of memory|OutOfMemoryError|bad_alloc|memory allocation of \d+ bytes "
    r"failed|Cannot allocate memory|Could not reserve enough space",
    re.IGNORECASE,
)


def parse_size(text: str) -> int | None:
    """``"4G"``, ``"512M"``, ``"1.5GiB"``, ``"1048576"`` → bytes; ``"none"`` → ``None`` (no limit)."""
    if text.strip().lower() in _NO_LIMIT:
        return None
    found = _SIZE.fullmatch(text.strip())
    if not found:
        raise ValueError(f"{text!r} is no size: write e.g. 4G, 512M or none")
    return int(float(found[1]) * _UNITS[found[2].lower()])


def parse_count(text: str) -> int | None:
    """``"64"`` → 64; ``"none"`` → ``None`` (no limit)."""
    if text.strip().lower() in _NO_LIMIT:
        return None
    if not text.strip().isdigit():
        raise ValueError(f"{text!r} is no count: write a whole number or none")
    return int(text)


def format_size(size: int) -> str:
    for unit, scale in (("TiB", 1 << 40), ("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if size >= scale:
            return f"{size / scale:.4g} {unit}"
    return f"{size} bytes"


@dataclass(frozen=True, slots=True)
class Limits:
    """The bounds of one implementation under test; ``None`` is no bound."""

    memory: int | None = defaults.MAX_MEMORY  # bytes its processes hold, together
    cpu: int | None = defaults.MAX_CPU  # seconds of CPU time, per process
    processes: int | None = defaults.MAX_PROCESSES  # processes at once in its session

    @classmethod
    def none(cls) -> Limits:
        return cls(None, None, None)

    @property
    def measured_memory(self) -> int | None:
        """The memory limit, where the runner measures what the processes hold (Linux's ``/proc``)."""
        return self.memory if self.memory and has_proc() else None

    @property
    def address_space(self) -> int | None:
        """The memory limit, where it can only bound each process's address space (no ``/proc``)."""
        return self.memory if self.memory and not has_proc() else None

    def preexec(self) -> Callable[[], None]:
        """What the child runs before the command: set the kernel's limits (worked out here, in
        the runner, so that the child only calls ``setrlimit``)."""
        wanted: list[tuple[int, int, int]] = [(resource.RLIMIT_CORE, 0, 0)]  # no core file in the user's folder
        if self.address_space:
            wanted.append((resource.RLIMIT_AS, self.address_space, self.address_space))
        if self.cpu:
            wanted.append((resource.RLIMIT_CPU, self.cpu, self.cpu + CPU_HARD_MARGIN))
        if self.processes and has_proc() and os.getuid() != 0:  # root is not bound by RLIMIT_NPROC
            tasks = user_tasks(os.getuid()) + BACKSTOP * self.processes
            wanted.append((resource.RLIMIT_NPROC, tasks, tasks))
        settings = []
        for which, soft, hard in wanted:
            _, current = resource.getrlimit(which)
            if current != resource.RLIM_INFINITY:  # a limit may be lowered, never raised
                soft, hard = min(soft, current), min(hard, current)
            settings.append((which, soft, hard))

        def apply() -> None:
            for which, soft, hard in settings:
                resource.setrlimit(which, (soft, hard))

        return apply

    def explain(self, returncode: int | None, stderr: str) -> str:
        """Which limit most likely ended a process that exited so (and said so on stderr), as a
        clause for the ``errored`` reason; ``""`` when none did. (A process the runner stops for
        the memory it holds or the processes it runs is named by :meth:`over_memory` and
        :meth:`too_many` instead.)"""
        if self.cpu and returncode == -signal.SIGXCPU:
            return f"it used up its CPU time limit of {self.cpu} s (--max-cpu)"
        if self.address_space and _OUT_OF_MEMORY.search(stderr):
            return (
                f"it ran out of memory under its limit of {format_size(self.address_space)} of address space "
                "(--max-memory)"
            )
        return ""

    def over_memory(self, held: int) -> str:
        limit = format_size(self.memory or 0)
        return f"stopped: its processes held {format_size(held)}, over the limit of {limit} of memory (--max-memory)"

    def too_many(self, count: int) -> str:
        return f"stopped: {count} processes at once, more than its limit of {self.processes} (--max-processes)"


LIMIT_OPTIONS = ("--max-memory", "--max-cpu", "--max-processes")


def names_a_limit(text: str) -> bool:
    """Does a message say that a limit stopped the implementation (it names the limit's option)?"""
    return any(f"({option})" in text for option in LIMIT_OPTIONS)


def describe_exit(returncode: int | None) -> str:
    """``exit status 3`` or ``killed by signal 24 (SIGXCPU)``."""
    if returncode is None:
        return "still running"
    if returncode >= 0:
        return f"exit status {returncode}"
    try:
        name = signal.Signals(-returncode).name
    except ValueError:
        return f"killed by signal {-returncode}"
    return f"killed by signal {-returncode} ({name})"
