"""What several benchmarks time: parts of conform's corpus through one adapter process, from its
hello on."""

from __future__ import annotations

import time
from collections.abc import Sequence

from dicespec.conformance.run.report import Recorder
from dicespec.conformance.run.runner import Options, Run, Target, run_corpus
from dicespec.conformance.transports.stdio import StdioTransport
from dicespec.rulesets import declared_rulesets


def pipelined(
    parts: tuple[str, ...], adapter: Sequence[str], options: Options | None = None
) -> tuple[int, float, Recorder]:
    """The corpus's ``parts`` through one process of ``adapter`` (handed the rulesets declared in
    this process), timed from its hello on: (cases, seconds, results)."""
    recorder = Recorder()
    transport = StdioTransport(list(adapter), rulesets=[d.data for d in declared_rulesets()])
    run = Run(Target(command=tuple(adapter)), declared=declared_rulesets())
    run.hello = transport.start()
    start = time.perf_counter()
    count = sum(run_corpus(part, transport, options or Options(), recorder, run) for part in parts)
    elapsed = time.perf_counter() - start
    transport.close()
    return count, elapsed, recorder
