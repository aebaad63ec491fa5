"""Conformance: validating any implementation of Kiriki and 10000 against the spec.

- :mod:`~dicespec.conformance.protocol`: the stdio protocol, its version and JSON Schema.
- :mod:`~dicespec.conformance.adapter`: serving an implementation over the protocol
  (``python -m dicespec.adapter`` serves the reference engines).
- :mod:`~dicespec.conformance.transport`: talking to an implementation: a subprocess
  (:mod:`~dicespec.conformance.stdio`, pipelined, with timeouts and restarts, over one
  :mod:`~dicespec.conformance.child` process) or a Python object
  (:mod:`~dicespec.conformance.in_process`); :mod:`~dicespec.conformance.client` turns either
  back into the interface.
- :mod:`~dicespec.corpus`: the exhaustive and replayed-game cases, streamed.
- :mod:`~dicespec.conformance.runner`: running features and corpus against an implementation.
- :mod:`~dicespec.conformance.report`: results as JSON lines, summaries, JUnit, tracking.
- :mod:`~dicespec.conformance.pytest_plugin`: the spec's pytest run against an implementation.
"""
