"""The score-sheet solver as it was before it was made fast (issue 17): the baseline of
``benchmarks/sheet_solver.py`` and of the agreement test, kept so that every run measures the
previous implementation next to the current one, on the same machine at the same time.

``keeps.py`` and ``scoresheet.py`` are ``dicespec/solver/keeps.py`` and
``dicespec/solver/scoresheet.py`` of that time, unchanged but for one import (this package's
``keeps`` instead of the solver's) and a first docstring line. Nothing here is used by dicespec.
Import it with the ``benchmarks`` folder on ``sys.path``: ``from baseline.scoresheet import ...``.
"""
