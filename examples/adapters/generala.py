"""generala (a Python package, MIT: the best keeps in a turn of Generala, by expected score)
behind dicespec's interface: the score of a roll in a category, under the package's own rules.

    dicespec conform --python examples.adapters.generala:implementation

Its categories (``generala.categories``) score the variant its author plays, which is not
dicespec's reference Generala: the adapter declares those rules in its hello, as the ruleset
file ``generala-pypi.yaml`` beside it, and the runner checks the package under them. The
package keeps no sheet, turns or players: replays are skipped. A roll is scored as the
``score`` operation asks it, as after a reroll on an empty sheet: ``roll=3``, every category open.

Its Double Generala never scores: ``(self._generala in open_categories) & counts == 5`` reads
as ``((generala in open) & counts) == 5`` (``&`` binds tighter than ``==``), and ``True &
count`` is 0 or 1, never 5.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

import yaml

from examples.adapters._base import Adapter, faces

RULES = Path(__file__).with_name("generala-pypi.yaml")
NAME = "generala-pypi"
CATEGORIES = {  # dicespec's row ids of Generala → the package's category names in generala.categories
    "ones": "ONES",
    "twos": "TWOS",
    "threes": "THREES",
    "fours": "FOURS",
    "fives": "FIVES",
    "sixes": "SIXES",
    "straight": "STRAIGHT",
    "full_house": "FULL_HOUSE",
    "four_of_a_kind": "FOUR_OF_A_KIND",
    "generala": "GENERALA",
    "double_generala": "DOUBLE_GENERALA",
}


class GeneralaPackage(Adapter):
    name = "generala"
    package = "generala"
    rulesets: ClassVar[dict[str, list[str]]] = {"generala": [NAME]}
    own_rulesets: ClassVar[list[dict[str, Any]]] = [yaml.safe_load(RULES.read_text(encoding="utf-8"))]
    skips: ClassVar[dict[str, str]] = {
        "replay": "the generala package scores a roll in a category; it keeps no sheet, turns or players",
    }

    def __init__(self) -> None:
        import generala
        from generala import categories

        self._counts = generala.counts
        self._categories = {row: getattr(categories, name) for row, name in CATEGORIES.items()}
        self._open = categories.ALL

    def score(self, ruleset: str, dice: str, row: str) -> int:
        points = self._categories[row].score(self._counts(faces(dice)), 3, self._open)
        return int(points)


implementation = GeneralaPackage()
