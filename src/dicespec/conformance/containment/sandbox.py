"""``--sandbox``: the implementation under test in a bubblewrap sandbox (``bwrap``, Linux).

Inside it, the implementation has:

- no network: a network namespace of its own, with only its own loopback;
- a read-only view of the filesystem, but for one temporary folder, its ``/tmp`` (also its
  ``HOME`` and ``TMPDIR``), made for it and removed once it has ended; ``/run`` is hidden (the
  sockets of the machine's services live there), ``/dev`` holds only the usual devices and a
  ``/dev/shm`` of its own, which vanishes with it;
- no view of the user's home folder, but for the current directory, the runner's Python
  environment and the paths named on its command line (read-only), which it may need to run;
- its own process namespace (it sees only its own processes, and all of them die when it
  ends, even if the runner is killed) and no capabilities, even when the runner is root.

:func:`unusable` says why the sandbox cannot run here (``bwrap`` missing, or refused by the
kernel: it needs user namespaces unless run as root).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

TMP = "/tmp"


def bwrap() -> str | None:
    return shutil.which("bwrap")


def unusable() -> str | None:
    """Why ``--sandbox`` cannot work here, or ``None`` when it can (a trial run answers)."""
    program = bwrap()
    if program is None:
        return "bwrap is not installed (Debian: apt-get install bubblewrap)"
    try:
        done = subprocess.run(
            [program, *_isolation(), "--ro-bind", "/", "/", "--", "true"], capture_output=True, text=True, timeout=30
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"bwrap does not run: {exc}"
    if done.returncode != 0:
        return f"bwrap refuses to run here: {done.stderr.strip() or f'exit status {done.returncode}'}"
    return None


def _isolation() -> list[str]:
    return ["--unshare-all", "--die-with-parent", "--cap-drop", "ALL"]


def _home() -> Path | None:
    home = os.environ.get("HOME")
    if not home:
        return None
    path = Path(home).resolve()
    return path if path.is_dir() and path != Path("/") else None


def _under(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


def _exists(path: Path) -> bool:
    try:
        return path.exists()
    except OSError:  # e.g. an argument too long to be a file name
        return False


def _links(path: Path) -> list[Path]:
    """The path, each symbolic link it goes through (a virtual environment's python is one), and
    where they end: all of them must be in view for the path to work."""
    found = [path.absolute()]
    for _ in range(40):  # as the kernel, give up on a loop
        last = found[-1]
        parent = last.parent.resolve()
        if not (parent / last.name).is_symlink():
            found[-1] = parent / last.name
            break
        found[-1] = parent / last.name
        found.append(parent / os.readlink(parent / last.name))
    return [*found, path.resolve()]


def command(argv: Sequence[str], folder: str, *, cwd: str | None = None) -> list[str]:
    """``argv`` run in a sandbox whose only writable folder is ``folder`` (seen as ``/tmp``)."""
    program = bwrap()
    if program is None:
        raise OSError("--sandbox: bwrap is not installed")
    here = Path(cwd or os.getcwd()).resolve()
    hidden = [Path(TMP).resolve()]  # replaced by the sandbox's own folder
    mounts = ["--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/run", "--remount-ro", "/run"]
    home = _home()
    if home is not None:
        hidden.append(home)
        mounts += ["--tmpfs", str(home)]
    mounts += ["--bind", folder, TMP]
    found = shutil.which(argv[0]) if argv else None
    named = [
        here,
        *map(Path, {sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix}),
        *(Path(entry) for entry in sys.path if entry),
        *([Path(found)] if found else []),
    ]
    arguments = [Path(here, arg) for arg in argv[1:] if not arg.startswith("-")]
    named += [path for path in arguments if path.resolve() not in hidden]  # a path in them, not all of them
    steps = {step for path in named if _exists(path) for step in _links(path)}
    shown = sorted(path for path in steps if path != hidden[0] and any(_under(path, root) for root in hidden))
    for path in shown:  # back in view, read-only (a folder once, not also each path under it)
        if not any(_under(path, other) for other in shown if other != path):
            mounts += ["--ro-bind", str(path), str(path)]
    if home is not None:
        mounts += ["--remount-ro", str(home)]  # once the folders shown in it are mounted
    settings = ["--chdir", str(here), "--setenv", "TMPDIR", TMP, "--setenv", "HOME", TMP]
    return [program, *_isolation(), *mounts, *settings, "--", *argv]
