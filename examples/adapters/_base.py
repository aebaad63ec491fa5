"""What the Python adapters share: the interface's methods, each skipping by default."""

from __future__ import annotations

from importlib.metadata import version
from typing import Any, ClassVar

KIRIKI_ROWS = (
    "ones",
    "twos",
    "threes",
    "fours",
    "fives",
    "sixes",
    "three_of_a_kind",
    "four_of_a_kind",
    "full_house",
    "small_straight",
    "large_straight",
    "kiriki",
    "chance",
)


class Adapter:
    """An implementation of :class:`dicespec.implementation.Implementation` over a package that
    answers only some questions; every other question is skipped with a reason."""

    name: str
    package: str  # the distribution whose version the hello reports
    rulesets: ClassVar[dict[str, list[str]]]
    players: ClassVar[dict[str, list[int]]] = {}  # game → the player counts its game plays (none: every count)
    skips: ClassVar[dict[str, str]] = {}  # operation → why the package cannot answer it

    @property
    def version(self) -> str:
        return version(self.package)

    def _skip(self, op: str) -> Any:
        raise NotImplementedError(self.skips.get(op, f"{self.name} does not answer {op}"))

    def score(self, ruleset: str, dice: str, row: str) -> int:
        return self._skip("score")

    def replay(self, ruleset: str, players: int, actions: list[str]) -> dict[str, Any]:
        return self._skip("replay")

    def set_aside(self, ruleset: str, dice: str) -> dict[str, Any]:
        return self._skip("set_aside")

    def best(self, ruleset: str, dice: str) -> int:
        return self._skip("best")


def faces(dice: str) -> list[int]:
    return [int(d) for d in dice]
