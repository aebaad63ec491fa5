"""The maintainer's tools: what rewrites the project's committed data, run by ``make``, and not
carried by the wheel (the runtime package is ``src/dicespec``).

- :mod:`tools.comparison`: the compared implementations run through the whole suite, their
  results written to ``fixtures/conformance/`` (``make conformance``);
- :mod:`tools.mutation`: the engines mutation-tested with the features as the only tests, the
  score recorded in ``fixtures/mutation/`` (``make mutation``).
"""
