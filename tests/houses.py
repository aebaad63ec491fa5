"""House ruleset files of the tests' own, as lines to write (``helpers.write_lines``): the page of
a house ruleset (``tests/site/test_house.py``) and ``dicespec report`` (``tests/test_report.py``)
show the same two."""

from __future__ import annotations

HOUSE = (  # Kiriki with a full house worth 30
    "extends: kiriki",
    "title: Our Friday Kiriki",
    "description: Kiriki as we play it, a full house is worth 30.",
    "rows:",
    "  full_house: {points: 30}",
)
LOW_STRAIGHT = (  # 10000 with a 2-6 straight worth 1250 as well
    "extends: ten-thousand",
    "title: 10000 with a low straight",
    "straights:",
    "  - {faces: [1, 2, 3, 4, 5], points: 1250}",
    "  - {faces: [2, 3, 4, 5, 6], points: 1250}",
)
