"""The score-sheet solver as it was before it was made fast (issue 17): the baseline of
``benchmarks/sheet_solver.py`` and of the agreement test, kept so that every run measures the
previous implementation next to the current one, on the same machine at the same time.

``scoresheet.py`` holds the previous solve (``dicespec/solver/scoresheet.py``'s levels, turns,
fixed points and batches of that time, unchanged). What the faster solver left as it was, it
imports: the within-turn programme (``dicespec.solver.keeps``) and the rules as arrays with
``final_values`` (moved unchanged to ``dicespec.solver.sheetrules``). Nothing here is used by
dicespec. Import it with the ``benchmarks`` folder on ``sys.path``: ``from baseline.scoresheet
import ...``.
"""
