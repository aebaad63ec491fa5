"""``dicespec identify``: which rules an implementation plays, inferred from its answers, and the
answers that no rule of the model explains (its bugs), set apart.

A layer above the conformance runner (it asks through the runner's transports) and beside it:

- :mod:`~dicespec.identify.sheet_fit`: a score-sheet game's rows fitted, row by row, to the rule
  families of :mod:`dicespec.scoresheet.families` from the answers to every ordered roll (pure: no
  implementation is asked there);
- :mod:`~dicespec.identify.sheet_flow`: a score-sheet game's flow rules (the rolls of a turn, saved
  rolls, the upper bonus, five of a kind, the joker) found by replays chosen to tell them apart;
- :mod:`~dicespec.identify.aside_fit`: a set-aside game's scoring keys (singles, three and more of a
  kind, straights, patterns) fitted together from the answers to every ``best`` and ``set_aside``
  question (pure as well);
- :mod:`~dicespec.identify.command` and :mod:`~dicespec.identify.aside`: the implementation asked,
  the fit written out as a ruleset file that ``extends:`` the closest shipped ruleset, and the
  report (:mod:`~dicespec.identify.common`: what the two share).
"""
