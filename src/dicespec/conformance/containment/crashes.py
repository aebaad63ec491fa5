"""Where the crash files of an implementation under test go: not into the user's folder.

The command runs in the current directory (the protocol says so), which is the user's, and a
process that crashes may write its files there: a JVM its error report (``hs_err_pid<pid>.log``),
the replay data of a compiler crash (``replay_pid<pid>.log``) and, where asked, a heap dump
(``java_pid<pid>.hprof``); any process, a core file. So each process of the implementation:

- dumps no core (``RLIMIT_CORE`` 0, set with the other limits:
  :meth:`~dicespec.conformance.containment.limits.Limits.preexec`);
- finds ``-XX:ErrorFile``, ``-XX:ReplayDataFile`` and ``-XX:HeapDumpPath`` in
  ``JAVA_TOOL_OPTIONS``, after what the user set there (:func:`environment`): they name a
  temporary folder of its own, which the transport keeps where a crash wrote something in it,
  naming it in the reason it gives for the process it lost, and removes otherwise. A JVM reads
  them at start, and says so on its standard error (``Picked up JAVA_TOOL_OPTIONS: …``), which
  the protocol leaves free. A flag the user sets, in ``JAVA_TOOL_OPTIONS`` or on the command
  line (which a JVM reads after it), wins.

(A JVM that crashes prints its own account of it, the report's path among it, on its standard
output, not its standard error: the runner reads it as replies that are not JSON.)
"""

from __future__ import annotations

import os
from collections.abc import Mapping

JAVA_TOOL_OPTIONS = "JAVA_TOOL_OPTIONS"

JVM_FILES = {
    "ErrorFile": "hs_err_pid%p.log",
    "ReplayDataFile": "replay_pid%p.log",
    "HeapDumpPath": "",  # a folder: the JVM names the dump in it
}
"""The JVM's options that name where it writes a crash's files, and the name given in the folder."""


def java_options(folder: str, current: str = "") -> str:
    """``current`` (the user's ``JAVA_TOOL_OPTIONS``) with each of :data:`JVM_FILES` it does not
    set yet, in ``folder``; quoted where the folder's path has a space (a JVM since Java 9 reads
    quotes there)."""
    added = []
    for option, name in JVM_FILES.items():
        if f"-XX:{option}=" in current:
            continue
        value = f"-XX:{option}={os.path.join(folder, name) if name else folder}"
        added.append(f"'{value}'" if any(c.isspace() for c in value) else value)
    return " ".join([current.strip(), *added]).strip()


def environment(env: Mapping[str, str] | None, folder: str) -> dict[str, str]:
    """The environment the implementation runs with (``env``, or the runner's own where it is
    ``None``), its crash files sent to ``folder``."""
    found = dict(os.environ if env is None else env)
    found[JAVA_TOOL_OPTIONS] = java_options(folder, found.get(JAVA_TOOL_OPTIONS, ""))
    return found
