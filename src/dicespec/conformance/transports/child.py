"""One running process of an implementation under test, with non-blocking pipes, bounded and
cleaned up.

:class:`ChildProcess` writes what it is given to the child's stdin as the pipe takes it, reads
complete lines from its stdout, and drains its stderr as it comes, keeping only the tail for the
report. It never blocks: :meth:`ChildProcess.poll` waits on the three pipes at once for at most
the time it is given.

It also contains the child:

- the command runs in a session of its own, under the kernel's resource limits of its
  :class:`~dicespec.conformance.containment.limits.Limits` (and, with ``sandbox``, in a bubblewrap sandbox:
  :mod:`~dicespec.conformance.containment.sandbox`), its crash files sent to a temporary folder of
  its own (:mod:`~dicespec.conformance.containment.crashes`), kept only where a crash wrote in it;
- while it is polled, on Linux, the processes of that session are listed (at most every
  :data:`COUNT_EVERY` seconds) and the memory they hold is measured (at most every
  :data:`MEASURE_EVERY` seconds), each never taking more than a twentieth of the runner's time;
  past either limit, the whole session is killed and :attr:`ChildProcess.over_limit` says why;
- however it ends (:meth:`~ChildProcess.finish` after the last request, :meth:`~ChildProcess.end`
  after a timeout, a crash or a broken reply, an interrupt of the runner), every process of the
  session is ended: ``SIGTERM``, then ``SIGKILL`` after the grace period;
- the command is reaped only once its session is over, so its process id, which names the
  session, cannot be given to another process while the runner may still signal it.
"""

from __future__ import annotations

import os
import selectors
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Mapping, Sequence

from dicespec.conformance.containment import crashes, defaults, sandbox
from dicespec.conformance.containment.limits import Limits
from dicespec.conformance.containment.processes import (
    end_session,
    has_proc,
    held_memory,
    session_members,
    signal_session,
)

COUNT_EVERY = 0.05
"""Seconds between two listings of the implementation's processes, at least."""

MEASURE_EVERY = 0.05
"""Seconds between two measures of the memory they hold, at least (the processes of the last
listing: one read of ``/proc`` each)."""

SHARE = 20
"""Listing and measuring take at most one part in this many of the runner's time: the pause
after each is at least this many times what it took."""

SANDBOX_PROCESSES = 2
"""Processes of bubblewrap itself in a sandboxed session (not counted against the limit)."""


class ChildProcess:
    """One running process of the implementation, with non-blocking pipes."""

    def __init__(
        self,
        argv: Sequence[str],
        *,
        env: Mapping[str, str] | None,
        cwd: str | None,
        max_line: int,
        stderr_tail: int,
        limits: Limits | None = None,
        sandboxed: bool = False,
        grace: float = defaults.GRACE,
    ) -> None:
        self.limits = limits or Limits.none()
        self.grace = grace
        self.sandboxed = sandboxed
        # its /tmp in a sandbox; else where its crash files go (kept if a crash writes one there)
        folder = tempfile.mkdtemp(prefix="dicespec-sandbox-" if sandboxed else "dicespec-crashes-")
        self.folder: str | None = folder
        self.kept: str | None = None  # the folder, kept for the crash files in it
        try:
            command = sandbox.command(argv, folder, cwd=cwd) if sandboxed else list(argv)
            self.process = subprocess.Popen(
                command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                env=crashes.environment(env, sandbox.TMP if sandboxed else folder),
                cwd=cwd,
                start_new_session=True,
                bufsize=0,
                preexec_fn=self.limits.preexec(),
            )
        except BaseException:
            self._remove_folder()
            raise
        assert self.process.stdin and self.process.stdout and self.process.stderr
        self.session = self.process.pid  # the command leads its own session and process group
        self.stdin = self.process.stdin.fileno()
        self.stdout = self.process.stdout.fileno()
        self.stderr = self.process.stderr.fileno()
        for fd in (self.stdin, self.stdout, self.stderr):
            os.set_blocking(fd, False)
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.stdout, selectors.EVENT_READ)
        self.selector.register(self.stderr, selectors.EVENT_READ)
        self.out = bytearray()  # requests not yet written
        self.inbuf = b""  # the start of a reply line
        self.tail = bytearray()  # the end of stderr
        self.max_line = max_line
        self.stderr_tail = stderr_tail
        self.writing = False
        self.stdin_open = True
        self.exited = False  # its stdout has ended, or the command has exited
        self.too_long = False
        self.over_limit: str | None = None  # why it was killed for the memory or the processes it took
        self.ended = False  # every process of its session is gone, and the command reaped
        self.peak_memory = 0  # the most memory its processes were measured to hold together (bytes)
        self._watching = has_proc() and bool(self.limits.processes or self.limits.measured_memory)
        self._members: list[int] = []  # its processes, as last listed
        self._next_count = 0.0
        self._next_measure = 0.0 if self.limits.measured_memory else float("inf")
        self._own = SANDBOX_PROCESSES if sandboxed else 0

    def send(self, data: bytes) -> None:
        self.out += data

    def poll(self, timeout: float) -> list[bytes]:
        """Write what can be written, read what has come; the complete lines read. Afterwards
        ``exited`` says whether the implementation has ended, ``too_long`` whether a line outgrew
        ``max_line``, ``over_limit`` whether it was killed for the memory its processes held or
        for running too many of them."""
        if self.out and self.stdin_open and not self.writing:
            self.selector.register(self.stdin, selectors.EVENT_WRITE)
            self.writing = True
        gone = not self.exited and self.returncode() is not None  # all it wrote is in the pipes now
        wait = max(timeout, 0)
        if self._watching:
            wait = min(wait, max(min(self._next_count, self._next_measure) - time.monotonic(), 0))
        lines: list[bytes] = []
        heard = False
        for key, _ in self.selector.select(wait):
            fd = key.fd
            if fd == self.stdout:
                heard = True
                data = os.read(fd, 1 << 18)
                if not data:
                    self.exited = True
                    self.selector.unregister(fd)
                elif b"\n" in data:
                    *complete, rest = (self.inbuf + data).split(b"\n")
                    lines += complete
                    self.inbuf = rest
                    if any(len(line) > self.max_line for line in complete):
                        self.too_long = True
                else:
                    self.inbuf += data
                if len(self.inbuf) > self.max_line:
                    self.too_long = True
            elif fd == self.stderr:
                self._read_stderr()
            elif fd == self.stdin:
                try:
                    written = os.write(fd, self.out[: 1 << 18])
                except BlockingIOError:
                    written = 0
                except OSError:  # a broken pipe: the child has closed its stdin
                    self.stdin_open = False
                    self.out.clear()
                    written = 0
                del self.out[:written]
                if not self.out:
                    self.selector.unregister(fd)
                    self.writing = False
        if gone and not heard:
            self.exited = True  # the command is over, though something it started may hold its stdout
        if self._watching and time.monotonic() >= min(self._next_count, self._next_measure):
            self._watch()
        return lines

    def _watch(self) -> None:
        """List the session's processes and measure the memory they hold, each when it is due;
        past a limit, kill them all."""
        started = time.monotonic()
        if started >= self._next_count:
            self._members = session_members(self.session)
            now = time.monotonic()
            self._next_count = now + max(COUNT_EVERY, SHARE * (now - started))
            running = len(self._members) - self._own
            if self.limits.processes is not None and running > self.limits.processes:
                self._stop(self.limits.too_many(running))
                return
        limit = self.limits.measured_memory
        if limit is not None and time.monotonic() >= self._next_measure:
            started = time.monotonic()
            held = held_memory(self.session, self._members, limit)
            self.peak_memory = max(self.peak_memory, held)
            now = time.monotonic()
            self._next_measure = now + max(MEASURE_EVERY, SHARE * (now - started))
            if held > limit:
                self._stop(self.limits.over_memory(held))

    def _stop(self, why: str) -> None:
        """Kill every process of the session, for ``why``: no grace, since it may still be forking
        or growing."""
        if self.ended:
            return
        self.over_limit = why
        self._watching = False
        signal_session(self.session, signal.SIGKILL)

    def _read_stderr(self) -> bool:
        """Read what stderr has; whether there was anything."""
        try:
            data = os.read(self.stderr, 1 << 16)
        except (BlockingIOError, OSError):
            return False
        if not data:
            self.selector.unregister(self.stderr)
            return False
        self.tail += data
        if len(self.tail) > 2 * self.stderr_tail:
            del self.tail[: -self.stderr_tail]
        return True

    def drain_stderr(self) -> None:
        """Read what is left on stderr now (a bounded amount: something may still be writing)."""
        registered = self.selector.get_map()  # None once the pipes are closed
        if registered is not None and self.stderr in registered:
            for _ in range(4 * self.stderr_tail >> 16):
                if not self._read_stderr():
                    break

    def stderr_text(self, lines: int = defaults.STDERR_LINES) -> str:
        self.drain_stderr()
        text = bytes(self.tail[-self.stderr_tail :]).decode("utf-8", "replace").rstrip()
        return "\n".join(text.splitlines()[-lines:])

    def returncode(self, wait: float = 0.0) -> int | None:
        """The command's exit status once it has exited (waiting at most ``wait`` seconds), like
        :attr:`subprocess.Popen.returncode`; the command is left unreaped (see the module)."""
        if self.process.returncode is not None:
            return self.process.returncode
        deadline = time.monotonic() + wait
        pause = 0.001
        while True:
            try:
                info = os.waitid(os.P_PID, self.process.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
            except ChildProcessError:
                return self.process.returncode
            if info is not None:
                return info.si_status if info.si_code == os.CLD_EXITED else -info.si_status
            if time.monotonic() >= deadline:
                return None
            time.sleep(pause)
            pause = min(pause * 2, 0.05)

    def finish(self) -> int | None:
        """Close stdin, give the command the grace period to leave, then end its whole session;
        the command's exit status."""
        try:
            self.process.stdin.close()  # type: ignore[union-attr]
        except OSError:
            pass
        try:
            self.returncode(self.grace)
        finally:
            code = self.end()
        return code

    def end(self) -> int | None:
        """End every process of the session (``SIGTERM``, then ``SIGKILL`` after the grace
        period), reap the command and close the pipes; the command's exit status."""
        if self.ended:
            return self.process.returncode
        try:
            end_session(self.session, grace=self.grace)
        finally:
            self.drain_stderr()
            try:
                code: int | None = self.process.wait(5)
            except subprocess.TimeoutExpired:  # stuck in the kernel: left for the system to reap
                code = None
            self.ended = True
            self.close_pipes()
            self._remove_folder()
        return code

    kill = end

    def close_pipes(self) -> None:
        self.selector.close()
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            try:
                stream.close()  # type: ignore[union-attr]
            except OSError:
                pass

    def _remove_folder(self) -> None:
        """Remove the temporary folder, but keep one that holds crash files (not a sandbox's /tmp:
        the sandbox promises it is removed)."""
        if self.folder is None:
            return
        if not self.sandboxed and _holds_files(self.folder):
            self.kept = self.folder
        else:
            shutil.rmtree(self.folder, ignore_errors=True)
        self.folder = None


def _holds_files(folder: str) -> bool:
    try:
        with os.scandir(folder) as entries:
            return any(True for _ in entries)
    except OSError:
        return False
