"""One running process of an implementation under test, with non-blocking pipes, bounded and
cleaned up.

:class:`ChildProcess` writes what it is given to the child's stdin as the pipe takes it, reads
complete lines from its stdout, and drains its stderr as it comes, keeping only the tail for the
report. It never blocks: :meth:`ChildProcess.poll` waits on the three pipes at once for at most
the time it is given.

It also contains the child:

- the command runs in a session of its own, under the kernel's resource limits of its
  :class:`~dicespec.conformance.containment.limits.Limits` (and, with ``sandbox``, in a bubblewrap sandbox:
  :mod:`~dicespec.conformance.containment.sandbox`);
- while it is polled, the processes of that session are counted (on Linux, at most every
  :data:`COUNT_EVERY` seconds, and never taking more than a twentieth of the runner's time);
  past the limit, the whole session is killed and :attr:`ChildProcess.over_limit` says why;
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

from dicespec.conformance.containment import defaults, sandbox
from dicespec.conformance.containment.limits import Limits
from dicespec.conformance.containment.processes import end_session, has_proc, session_members, signal_session

COUNT_EVERY = 0.05
"""Seconds between two counts of the implementation's processes, at least."""

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
        self.folder = tempfile.mkdtemp(prefix="dicespec-sandbox-") if sandboxed else None
        try:
            command = sandbox.command(argv, self.folder, cwd=cwd) if self.folder else list(argv)
            self.process = subprocess.Popen(
                command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                env=None if env is None else dict(env),
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
        self.over_limit: str | None = None  # why it was killed for running too many processes
        self.ended = False  # every process of its session is gone, and the command reaped
        self._counting = bool(self.limits.processes) and has_proc()
        self._next_count = 0.0
        self._own = SANDBOX_PROCESSES if sandboxed else 0

    def send(self, data: bytes) -> None:
        self.out += data

    def poll(self, timeout: float) -> list[bytes]:
        """Write what can be written, read what has come; the complete lines read. Afterwards
        ``exited`` says whether the implementation has ended, ``too_long`` whether a line outgrew
        ``max_line``, ``over_limit`` whether it was killed for running too many processes."""
        if self.out and self.stdin_open and not self.writing:
            self.selector.register(self.stdin, selectors.EVENT_WRITE)
            self.writing = True
        gone = not self.exited and self.returncode() is not None  # all it wrote is in the pipes now
        wait = max(timeout, 0)
        if self._counting:
            wait = min(wait, max(self._next_count - time.monotonic(), 0))
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
        if self._counting and time.monotonic() >= self._next_count:
            self._count()
        return lines

    def _count(self) -> None:
        """Count the session's processes; past the limit, kill them all."""
        started = time.monotonic()
        running = len(session_members(self.session)) - self._own
        self._next_count = time.monotonic() + max(COUNT_EVERY, 20 * (time.monotonic() - started))
        if self.limits.processes is not None and running > self.limits.processes and not self.ended:
            self.over_limit = self.limits.too_many(running)
            self._counting = False
            signal_session(self.session, signal.SIGKILL)  # no grace: it may still be forking

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
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None
