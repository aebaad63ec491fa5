"""The reference engines, with one bug: a game that ends in a tie names only the first of the tied
players as its winner (``winners`` holds one index where the rules share the win).

The replayed games end in a tie where they are mirrored (one game in ten of several players: under
kiriki, at the default seed, 16 of its 250), and no replay identify chooses to decide a rule ends in one:
``dicespec conform`` fails exactly the games that end in a tie, and ``dicespec identify``'s closing
run, which replays the same games, finds the same ones and attributes them to a tie
(``tests/conformance/run/test_runner.py``, ``tests/identify/test_closing.py``).

As a Python object (this folder on ``sys.path``): ``tie_bug:implementation``; as a program:
``python tests/conformance_fakes/tie_bug.py``.
"""

from __future__ import annotations

from typing import Any

from dicespec.implementation import ReferenceImplementation
from dicespec.validation import JSON


class TieBug(ReferenceImplementation):
    """The reference implementation, but a tie's winners cut to the first."""

    name = "tie-bug"

    def replay(self, ruleset: str, players: int, actions: list[str]) -> JSON:
        answer: Any = super().replay(ruleset, players, actions)
        if isinstance(answer, dict) and len(answer.get("winners") or []) > 1:
            return {**answer, "winners": answer["winners"][:1]}
        return answer


implementation = TieBug()


if __name__ == "__main__":
    from _fake import run

    from dicespec.conformance.serving.adapter import Server, reference_games

    run(Server(implementation, games=reference_games()))
