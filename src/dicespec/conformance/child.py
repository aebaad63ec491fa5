"""One running process of an implementation under test, with non-blocking pipes.

:class:`ChildProcess` writes what it is given to the child's stdin as the pipe takes it, reads
complete lines from its stdout, and drains its stderr as it comes, keeping only the tail for the
report. It never blocks: :meth:`ChildProcess.poll` waits on the three pipes at once for at most
the time it is given. The child runs in its own process group, so killing it kills whatever it
started too.
"""

from __future__ import annotations

import os
import selectors
import signal
import subprocess
from collections.abc import Mapping, Sequence

from dicespec.conformance import defaults


class ChildProcess:
    """One running process of the implementation, with non-blocking pipes."""

    def __init__(self, argv: Sequence[str], *, env: Mapping[str, str] | None, cwd: str | None,
                 max_line: int, stderr_tail: int) -> None:
        self.process = subprocess.Popen(
            list(argv), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            env=None if env is None else dict(env), cwd=cwd, start_new_session=True, bufsize=0,
        )
        assert self.process.stdin and self.process.stdout and self.process.stderr
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
        self.exited = False
        self.too_long = False

    def send(self, data: bytes) -> None:
        self.out += data

    def poll(self, timeout: float) -> list[bytes]:
        """Write what can be written, read what has come; the complete lines read. Afterwards
        ``exited`` says whether stdout has ended, ``too_long`` whether a line outgrew ``max_line``."""
        if self.out and self.stdin_open and not self.writing:
            self.selector.register(self.stdin, selectors.EVENT_WRITE)
            self.writing = True
        lines: list[bytes] = []
        for key, _ in self.selector.select(max(timeout, 0)):
            fd = key.fd
            if fd == self.stdout:
                data = os.read(fd, 1 << 18)
                if not data:
                    self.exited = True
                    self.selector.unregister(fd)
                elif b"\n" in data:
                    *complete, rest = (self.inbuf + data).split(b"\n")
                    lines += complete
                    self.inbuf = rest
                else:
                    self.inbuf += data
                if len(self.inbuf) > self.max_line:
                    self.too_long = True
            elif fd == self.stderr:
                data = os.read(fd, 1 << 16)
                if not data:
                    self.selector.unregister(fd)
                else:
                    self.tail += data
                    if len(self.tail) > 2 * self.stderr_tail:
                        del self.tail[:-self.stderr_tail]
            elif fd == self.stdin:
                try:
                    written = os.write(fd, self.out[:1 << 18])
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
        return lines

    def stderr_text(self, lines: int = defaults.STDERR_LINES) -> str:
        text = bytes(self.tail[-self.stderr_tail:]).decode("utf-8", "replace").rstrip()
        return "\n".join(text.splitlines()[-lines:])

    def finish(self, grace: float = 2.0) -> int | None:
        """Close stdin and wait a little for the child to leave, then kill its process group."""
        try:
            self.process.stdin.close()  # type: ignore[union-attr]
        except OSError:
            pass
        try:
            return self.process.wait(grace)
        except subprocess.TimeoutExpired:
            return self.kill()

    def kill(self) -> int | None:
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        try:
            return self.process.wait(5)
        except subprocess.TimeoutExpired:
            return None
        finally:
            self.close_pipes()

    def close_pipes(self) -> None:
        self.selector.close()
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            try:
                stream.close()  # type: ignore[union-attr]
            except OSError:
                pass
