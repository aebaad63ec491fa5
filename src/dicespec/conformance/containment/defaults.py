"""The conformance run's defaults, in one place: the transports, the runner, the pytest plugin
and the command line's options read them from here.

They bound how long and how much an implementation under test may take; the run's whole time
is bounded by them (see :mod:`~dicespec.conformance.transports.stdio`), and what the implementation's
processes may use too (see :mod:`~dicespec.conformance.containment.limits`). They sit with the
containment, at the bottom of the conformance package, because the transports and the limits
read them as well as the run.
"""

from __future__ import annotations

from dicespec import corpus

TIMEOUT = 10.0
"""Seconds an implementation may take to answer one request (``--timeout``)."""

HELLO_TIMEOUT = 30.0
"""Seconds it may take to start and answer hello (``--hello-timeout``)."""

MAX_RESTARTS = 3
"""Restarts of an implementation that dies or stops answering, before the rest is errored (``--max-restarts``)."""

WINDOW = 512
"""Requests in flight at once: written before their replies are read (``--window``)."""

MAX_LINE = 1 << 20
"""Bytes of one reply line (1 MiB); a longer reply errors its request and restarts the
implementation (``--max-line``)."""

GRACE = 2.0
"""Seconds an implementation has to end by itself, once its stdin is closed and again after ``SIGTERM``,
before what is left of it is killed (``--grace``)."""

MAX_MEMORY = 4 << 30
"""Bytes of memory the processes of an implementation may hold together (4 GiB; ``--max-memory``):
what they hold, not the address space they reserve (see
:mod:`~dicespec.conformance.containment.limits`)."""

MAX_CPU = 3600
"""Seconds of CPU time each process of an implementation may use (``--max-cpu``)."""

MAX_PROCESSES = 64
"""Processes an implementation may run at once (``--max-processes``)."""

STDERR_TAIL = 1 << 16
"""Bytes of the end of the implementation's standard error kept for the report."""

STDERR_LINES = 12
"""Lines of that tail quoted when a request errors."""

MAX_STRAY_LINES = 100
"""Lines of output nobody asked for before the implementation is restarted."""

MAX_EVENTS = 200
"""Stray lines noted for the report, at most (every restart, and what caused it, is noted)."""

GAMES_PER_RULESET = corpus.GAMES_PER_RULESET
"""Replayed games per ruleset in the corpus (``--games``): the corpus's own default."""

SEED = 0
"""Seed of the replayed games (``--seed``)."""

SHOW = 5
"""Differing cases shown per part, kind and outcome in the summary (``--show``)."""
