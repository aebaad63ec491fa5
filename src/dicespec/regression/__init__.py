"""Rule-change regression: what the reference engines answer, ruleset by ruleset, kept as text.

- :mod:`~dicespec.regression.outcomes`: the outcomes of one ruleset: every distinct roll of the
  exhaustive corpus and its answers, every case of the spec (does its claim hold?), and a digest
  of the seeded replayed games;
- :mod:`~dicespec.regression.golden`: those outcomes as the golden files in ``fixtures/golden/``
  (``make golden`` writes them, a test checks them);
- :mod:`~dicespec.regression.diff`: what changes between two rulesets (``dicespec diff A B``);
  :mod:`~dicespec.regression.sides` reads its two sides (a shipped ruleset, a game's reference,
  a ruleset file), :mod:`~dicespec.regression.figures` what each is worth to play.
"""
