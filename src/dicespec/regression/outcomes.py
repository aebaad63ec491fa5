"""The outcomes of one ruleset, as the reference engines give them today.

Three parts, each computed from the same sources as the conformance runner's cases:

- **rolls**: the exhaustive corpus (:mod:`dicespec.corpus`) by distinct roll. Every
  answer depends on the dice, never on their order, so one line per sorted roll holds the answer
  of every ordered roll (the golden test asks every ordered roll all the same). Kiriki: each
  roll of five dice and its score in the 13 rows. 10000, Greed: each roll of none to all the
  dice (six, five), the most it can score (``best``) and what setting exactly those dice aside
  scores (``set-aside``);
- **features**: every case of the game's features, and whether its claim holds under the
  ruleset. The spec's own pytest run decides (its steps, its errata), with every question put to
  the reference engines under this ruleset (:class:`UnderRuleset`): a shipped one, or a ruleset
  file of one's own (:func:`dicespec.conformance.run.holds.ruleset_of`);
- **games**: the seeded replayed games of the corpus, one digest each.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import combinations_with_replacement, permutations
from typing import Any

from dicespec.corpus import Case
from dicespec.dice import FACES, Roll
from dicespec.implementation import (
    ReferenceImplementation,
)
from dicespec.registry import Game
from dicespec.registry import game as registry_game
from dicespec.rulesets import (
    Ruleset,
    find_ruleset,
    find_ruleset_of,
    game_of_ruleset,
    ruleset_data,
)
from dicespec.scoresheet.ruleset import SheetRuleset
from dicespec.setaside.ruleset import SetAsideRuleset

NO_ANSWER = "-"  # the best score of no dice: not a case


def game_of(ruleset: str) -> str:
    name: str = ruleset_data(ruleset)["game"]
    return name


def columns(ruleset: str) -> tuple[str, ...]:
    """The answers a roll line holds, in order: the ruleset's rows, or its family's columns."""
    return game_of_ruleset(ruleset).family.ids(find_ruleset(ruleset))


# -- what the outcomes are of each family ------------------------------------------------------


def _sheet_roll_answers(ruleset: str, dice: str) -> tuple[str, ...]:
    from dicespec.scoresheet.ruleset import SheetRuleset

    reference = ReferenceImplementation()
    rows = find_ruleset_of(SheetRuleset, ruleset).rows
    return tuple(str(reference.score(ruleset, dice, row)) for row in rows)


def _set_aside_roll_answers(ruleset: str, dice: str) -> tuple[str, ...]:
    reference = ReferenceImplementation()
    best = str(reference.best(ruleset, dice)) if dice else NO_ANSWER
    set_aside = reference.set_aside(ruleset, dice)
    return best, str(set_aside.get("points", set_aside.get("rejected")))


def _sheet_answers_of(ruleset: SheetRuleset, dice: str) -> tuple[str, ...]:
    from dicespec.scoresheet.rows import score_sheet

    sheet = score_sheet(ruleset, Roll.parse(dice, count=ruleset.dice))
    return tuple(str(sheet[row]) for row in ruleset.rows)


def _set_aside_answers_of(ruleset: SetAsideRuleset, dice: str) -> tuple[str, ...]:
    from dicespec.setaside.combos import best, score
    from dicespec.setaside.errors import SetAsideError

    most = str(best(ruleset, Roll.parse(dice))) if dice else NO_ANSWER
    try:
        points = str(score(ruleset, Roll.parse(dice)))
    except SetAsideError as exc:
        points = exc.code
    return most, points


def _sheet_golden_answer(case: Case) -> tuple[str, str]:
    return case.row, str(case.expected)


def _set_aside_golden_answer(case: Case) -> tuple[str, str]:
    if case.op == "best":
        return "best", str(case.expected)
    return "set-aside", str(case.expected.get("points", case.expected.get("rejected")))


@dataclass(frozen=True, slots=True)
class FamilyOutcomes:
    """How the outcomes of one family of games are written: a roll's answers, as text, in
    :func:`columns` order, and the column of an exhaustive case."""

    roll_answers: Callable[[str, str], tuple[str, ...]]
    """A shipped ruleset's answers of one roll, asked of the reference implementation."""
    answers_of: Callable[[Any, str], tuple[str, ...]]
    """A ruleset object's answers of one roll, asked of the engines."""
    golden_answer: Callable[[Case], tuple[str, str]]
    """An exhaustive case's column, and its answer as text."""
    diff_group: Callable[[Game, str, str], str]
    """How ``dicespec diff`` heads the changed rolls of one column (and size of roll)."""


FAMILIES: dict[str, FamilyOutcomes] = {
    "score-sheet": FamilyOutcomes(
        _sheet_roll_answers,
        _sheet_answers_of,
        _sheet_golden_answer,
        lambda game, column, dice: f"{game.title.lower()} score, {column}",
    ),
    "set-aside": FamilyOutcomes(
        _set_aside_roll_answers,
        _set_aside_answers_of,
        _set_aside_golden_answer,
        lambda game, column, dice: f"{game.title.lower()} {column}, {len(dice)} dice",
    ),
}
"""The outcomes of each family of games, by family name."""


# -- rolls -----------------------------------------------------------------------------------


def distinct_rolls(ruleset: str) -> Iterator[str]:
    """Every sorted roll the ruleset's corpus asks about, fewest dice first."""
    for size in game_of_ruleset(ruleset).family.roll_sizes(find_ruleset(ruleset)):
        for dice in combinations_with_replacement(FACES, size):
            yield "".join(map(str, dice))


def ordered(dice: str) -> list[str]:
    """Every order of a roll's dice (the corpus's ordered rolls), sorted."""
    return sorted({"".join(p) for p in permutations(dice)})


def roll_answers(ruleset: str, dice: str) -> tuple[str, ...]:
    """The answers of one roll (in any order), as text, in :func:`columns` order."""
    return FAMILIES[game_of_ruleset(ruleset).family_name].roll_answers(ruleset, dice)


def rolls(ruleset: str) -> dict[str, tuple[str, ...]]:
    """Every distinct roll of the ruleset's game and its answers."""
    return {dice: roll_answers(ruleset, dice) for dice in distinct_rolls(ruleset)}


def answers_of(ruleset: Ruleset, dice: str) -> tuple[str, ...]:
    """:func:`roll_answers` of a ruleset object (shipped or read from a file of one's own): the
    engines asked directly, as the reference implementation asks them for a shipped name."""
    return FAMILIES[registry_game(ruleset.game).family_name].answers_of(ruleset, dice)


def rolls_of(ruleset: Ruleset) -> dict[str, tuple[str, ...]]:
    """:func:`rolls` of a ruleset object: every distinct roll of its corpus and its answers."""
    sizes = registry_game(ruleset.game).family.roll_sizes(ruleset)
    return {
        dice: answers_of(ruleset, dice)
        for size in sizes
        for dice in ("".join(map(str, shown)) for shown in combinations_with_replacement(FACES, size))
    }


# -- features ----------------------------------------------------------------------------------


# The spec's run under one ruleset, which the conformance runner asks too, lives beside it:
# dicespec.conformance.run.holds (UnderRuleset, features).


# -- games -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameDigest:
    """One seeded replayed game of the corpus: what it is, and a digest of every answer asked."""

    index: str
    policy: str
    players: int
    actions: int
    asked: int
    digest: str

    def line(self) -> str:
        return f"{self.index} {self.policy} {self.players}p {self.actions} actions {self.asked} asked {self.digest}"


def games(ruleset: str) -> list[GameDigest]:
    """The digest of every seeded game the corpus plays under the ruleset (read back from the
    games the conformance runner keeps, when today's code played them already)."""
    from dicespec import corpus

    by_game: dict[str, list[Any]] = {}
    for case in corpus.games({game_of(ruleset): [ruleset]}, kept=True):
        by_game.setdefault(case.id.rsplit("/", 1)[0], []).append(case)
    digests = []
    sheet = registry_game(game_of(ruleset)).family_name == "score-sheet"
    for prefix, cases in by_game.items():
        # A score-sheet answer's winners follow from its grand totals, digested already: the
        # digest is of the answers without them, as protocol 1 gave them (the files keep theirs).
        answers = [{k: v for k, v in c.expected.items() if k != "winners"} if sheet else c.expected for c in cases]
        text = json.dumps(
            [[c.id, c.args, answer] for c, answer in zip(cases, answers, strict=True)],
            sort_keys=True,
            separators=(",", ":"),
        )
        longest = max(len(c.args["actions"]) for c in cases)
        digests.append(
            GameDigest(
                prefix.rsplit("/", 1)[1],
                cases[0].row,
                cases[0].args["players"],
                longest,
                len(cases),
                hashlib.sha256(text.encode()).hexdigest()[:16],
            )
        )
    return digests


def check_ordered_rolls(ruleset: str, lines: dict[str, tuple[str, ...]]) -> Iterator[tuple[str, str, str, str]]:
    """Every ordered roll of the exhaustive corpus whose answer today differs from its sorted
    roll's line: (ordered roll, column, line's answer, today's answer)."""
    from dicespec import corpus

    found = game_of_ruleset(ruleset)
    place = {name: index for index, name in enumerate(columns(ruleset))}
    golden_answer = FAMILIES[found.family_name].golden_answer
    last, kept = None, None  # a roll's cases come one after another: its line is looked up once
    for case in corpus.exhaustive({found.name: [ruleset]}):
        dice = case.args["dice"]
        if dice != last:
            last, kept = dice, lines.get("".join(sorted(dice)))
        column, answer = golden_answer(case)
        if kept is None:
            yield dice, column, "(no line)", answer
        elif kept[place[column]] != answer:
            yield dice, column, kept[place[column]], answer


def ruleset_title(ruleset: str) -> str:
    return find_ruleset(ruleset).title
