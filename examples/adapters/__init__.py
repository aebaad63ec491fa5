"""Adapters that put other implementations of Kiriki-like and 10000-like games behind dicespec's
interface, for ``dicespec conform`` (see ``docs/protocol.md``).

- ``pyhtzee``, ``yahtzee_api``, ``yatzy_solver``: three independent Yahtzee implementations
  (Python packages), asked for the score of a roll in a row (Python objects: ``--python
  examples.adapters.pyhtzee:implementation``);
- ``pyfarkle``: a Farkle implementation (a Python package), asked for set-asides and best scores;
- ``js/dicespec-adapter.mjs``: the stdio protocol, version 2, in front of the project's own
  implementation of every game in JavaScript (the package ``js/`` at the top of the repository:
  ``--impl "node examples/adapters/js/dicespec-adapter.mjs"``); it plays the rule families with the
  values of the package's ``rulesets.json`` (``dicespec rulesets --json``) and of the rulesets a
  hello hands over; ``js/read-export.mjs`` checks the implementation against exported test data.

Each answers what its package can answer and skips the rest, with the reason: a method raises
:class:`NotImplementedError` for what the package does not play, and pyhtzee's raise
:class:`~dicespec.implementation.CannotAsk` for what its engine cannot be asked (an action it
takes by itself, such as its own roll). ``players`` names the player counts a package's game
plays, where it plays only some. Where a package's answer differs from the spec, that is a
finding about the package: ``fixtures/conformance/`` holds the findings, the Conformance page
shows them.
"""
