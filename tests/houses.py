"""House ruleset files of the tests' own, as lines to write (``helpers.write_lines``): the page of
a house ruleset (``tests/site/test_house.py``) and ``dicespec report`` (``tests/test_report.py``)
show the same two; ``rulesets.expect`` (``tests/rulesets/test_expect.py``) and ``dicespec check``
(``tests/test_check_command.py``) read the same file's expectations, each line's number beside it."""

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

EXPECTING = (  # Kiriki with a full house worth 30, and what it expects
    "extends: kiriki",  # 1
    "title: Our table",  # 2
    "rows:",  # 3
    "  full_house: {points: 30}",  # 4
    "expect:",  # 5
    "  rolls:",  # 6
    '    - {dice: "22333", row: full_house, score: 30}',  # 7
    "    - {dice: 11111, row: full_house, score: 0}",  # 8
    "  games:",  # 9
    "    - actions: [roll 22333, score full_house]",  # 10
    "      totals: [30]",  # 11
)
TWO_PLAYER_GAME = (  # one more game it expects, after EXPECTING's
    "    - players: 2",  # 12
    "      actions:",  # 13
    "        - roll 22333",  # 14
    "        - score full_house",  # 15
    "        - roll 11111",  # 16
    "        - score ones",  # 17
    "      totals: [30, 5]",  # 18
)


def changed(lines: tuple[str, ...] | list[str], number: int, new: str) -> list[str]:
    """``lines`` with line ``number`` (1-based) replaced."""
    return [new if n == number else line for n, line in enumerate(lines, 1)]
