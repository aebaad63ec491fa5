"""Adapters that put other implementations of Kiriki-like and 10000-like games behind dicespec's
interface, for ``dicespec conform`` (see ``docs/protocol.md``).

- ``pyhtzee``, ``yahtzee_api``, ``yatzy_solver``: three independent Yahtzee implementations
  (Python packages), asked for the score of a roll in a row (Python objects: ``--python
  examples.adapters.pyhtzee:implementation``);
- ``pyfarkle``: a Farkle implementation (a Python package), asked for set-asides and best scores;
- ``js/dicespec-adapter.mjs``: an independent implementation of every game in JavaScript, speaking
  the stdio protocol (``--impl "node examples/adapters/js/dicespec-adapter.mjs"``); it plays the
  rule families with the values of ``js/rulesets.json`` (``dicespec rulesets --json``).

Each answers what its package can answer and skips the rest (a method that raises
:class:`NotImplementedError`). Where a package's answer differs from the spec, that is a finding
about the package: ``fixtures/conformance/`` holds the findings, the Conformance page shows them.
"""
