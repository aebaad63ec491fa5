"""Conformance: validating any implementation of the games against the spec, the score-sheet
games (Kiriki, Yahtzee, Yatzy, Yacht) and the set-aside games (10000, Greed) alike.

Its parts, from the bottom up; each imports only parts above it in this list (``protocol`` and
``containment`` import no other part):

- :mod:`~dicespec.conformance.protocol`: the wire format. ``messages.py``, the protocol's
  version, its operations, and requests and replies checked against its JSON Schema
  (``dicespec/schemas/protocol-2.json``, ``protocol-1.json``); ``schema_check.py``, the schema's definitions compiled
  into quick checks; ``precedence.py``, which rejection code a replay answers when several
  apply (the engines' order of checks, as the protocol page lists it).
- :mod:`~dicespec.conformance.containment`: what an implementation under test may take, and
  that it leaves nothing behind. ``defaults.py``, the run's defaults in one place (timeouts,
  window, limits; the command line and the pytest plugin take theirs from it); ``limits.py``,
  the limits on the memory its processes hold, their CPU time and their number;
  ``processes.py``, a session's every process found, measured and ended, and a run's mark;
  ``crashes.py``, its crash files kept out of the user's folder; ``sandbox.py``, bubblewrap.
- :mod:`~dicespec.conformance.serving`: answering the protocol. ``adapter.py``, the serving loop
  (``python -m dicespec.adapter`` serves the reference engines); ``quick_reference.py``, the
  reference engines as the adapter serves them; ``own_dice.py``, the reference engines rolling
  their own dice (``--own-dice``).
- :mod:`~dicespec.conformance.transports`: talking to an implementation. ``wire.py``, what every
  transport shares (the hello, a request, JSON on the wire); ``child.py``, one child process;
  ``stdio.py``, a command, pipelined, with timeouts and restarts; ``in_process.py``, a Python
  object called in process; ``client.py``, either one turned back into the interface.
- :mod:`~dicespec.conformance.run`: a run against an implementation. ``target.py``, what a run
  is pointed at, its options and the transport that reaches it; ``runner.py``, the features
  and the corpus (:mod:`dicespec.corpus`, a unit of its own below this one, since regression
  reads it too); ``declared.py``, a run under rules of one's own (a ruleset file's, or those an
  implementation declares in its hello: their ``expect`` entries, its player counts);
  ``holds.py``, whether each case of the spec holds under one ruleset, as the reference plays it
  (for ``dicespec diff``, the golden files, and rules of one's own); ``spec_run.py``, the spec's
  pytest run in a child process, with the spec's own
  plugin and this part's; ``worker.py``, a Python object or function in a process of its own;
  ``function.py``, a plain scoring function behind the interface (``--function``);
  ``own_dice.py``, the games of an implementation that rolls its own dice, played move by move;
  ``shrink.py``, a failing replay shrunk to the shortest that still fails; ``refusals.py``, a
  refusal for another reason the rules give (another order of their checks) told from a
  difference; ``report.py``, results as JSON lines, summaries, JUnit, tracking;
  ``pytest_plugin.py``, the spec's pytest run against an implementation; ``compared.py``, the
  compared implementations' list and results files, as the Conformance page reads them;
  ``cli.py``, the ``dicespec conform`` command: its arguments, and the run they ask for.

The maintainer's tools that use it stay out of the package (the wheel does not carry them):
``tools/comparison.py`` runs the compared implementations (``make conformance``), and
``benchmarks/ceiling.py`` is the fastest adapter there can be, which ``make bench`` measures
the reference adapter against.
"""
