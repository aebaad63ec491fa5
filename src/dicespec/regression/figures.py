"""What a ruleset is worth to play, side by side: the figures ``dicespec diff`` adds to the cases
that differ. Every figure takes a ruleset object, so a ruleset file of one's own has them too.

- **score-sheet**: the optimal solitaire expected final grand total (:mod:`dicespec.solver`);
  the odds of each row on one roll, as the website's Odds page counts them (over every ordered
  roll of the dice: the share that scores above 0 in the row, and the mean points); and the
  opening decisions: for each distinct first roll, the solver's best choice at the empty sheet
  with every reroll still to come (a keep, or, keeping all the dice, a row to score in);
- **set-aside**: the optimal turn of a player on the board (its expected points, and from which
  turn total to bank with each number of dice in hand), the entry and the chance of getting on
  the board in one turn, and the chance that a roll of 1 to all the dice scores nothing.

:func:`compare` lines two rulesets' figures up: the expected scores and their difference, the rows
(or numbers of dice) whose odds change, and the first rolls whose optimal choice flips.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations_with_replacement
from math import factorial, prod
from typing import TYPE_CHECKING, Any

from dicespec.dice import FACES, Roll
from dicespec.errors import UnsupportedRulesetError
from dicespec.registry import game
from dicespec.rulesets import Ruleset
from dicespec.scoresheet.ruleset import SheetRuleset
from dicespec.setaside.ruleset import SetAsideRuleset

if TYPE_CHECKING:
    from dicespec.solver.scoresheet import Solution

Progress = Callable[[int, int], None]
"""Told ``(states solved, states in all)`` while a score-sheet ruleset is solved."""

TIE = 1e-9  # expected scores closer than this are equal (a choice tied for best is no flip)


# -- odds on one roll ----------------------------------------------------------------------------


def _rolls(dice: int) -> list[tuple[tuple[int, ...], int]]:
    """Every distinct roll of ``dice`` dice, ascending, with the number of ordered rolls it stands for."""
    return [
        (shown, factorial(dice) // prod(factorial(shown.count(face)) for face in FACES))
        for shown in combinations_with_replacement(FACES, dice)
    ]


@dataclass(frozen=True, slots=True)
class Odds:
    """``count`` of ``total`` equally likely ordered rolls have a property; ``mean``: a row's mean points."""

    count: int
    total: int
    mean: Fraction | None = None

    @property
    def chance(self) -> Fraction:
        return Fraction(self.count, self.total)

    def as_json(self) -> dict[str, object]:
        found: dict[str, object] = {"count": self.count, "total": self.total, "chance": float(self.chance)}
        if self.mean is not None:
            found["mean"] = float(self.mean)
            found["mean_exact"] = str(self.mean)
        return found


def row_odds(ruleset: SheetRuleset) -> dict[str, Odds]:
    """Per row, in sheet order: the ordered rolls that score above 0 in it, and its mean points."""
    from dicespec.scoresheet.rows import score_sheet

    rolls = _rolls(ruleset.dice)
    sheets = [(score_sheet(ruleset, Roll(shown)), orders) for shown, orders in rolls]
    total = len(FACES) ** ruleset.dice
    return {
        row: Odds(
            sum(orders for sheet, orders in sheets if sheet[row] > 0),
            total,
            Fraction(sum(sheet[row] * orders for sheet, orders in sheets), total),
        )
        for row in ruleset.rows
    }


def farkle_odds(ruleset: SetAsideRuleset) -> dict[int, Odds]:
    """Per number of dice thrown (1 to all), the ordered rolls that score nothing."""
    from dicespec.setaside.combos import best

    return {
        n: Odds(sum(orders for shown, orders in _rolls(n) if best(ruleset, Roll(shown)) == 0), len(FACES) ** n)
        for n in range(1, ruleset.dice + 1)
    }


# -- one side's figures --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Opening:
    """A first roll at the empty sheet: every choice's expected final grand total, and the best."""

    dice: str
    chance: float  # of this roll among all first rolls
    choices: dict[str, float]  # by the choice as words: "keep 66", "keep nothing", "score chance"
    best: str

    def value(self, choice: str) -> float:
        """The expected total of ``choice`` (minus infinity where the ruleset has no such choice)."""
        return self.choices.get(choice, float("-inf"))


@dataclass(frozen=True, slots=True)
class SheetFigures:
    """A score-sheet ruleset's figures. ``unsolved`` says why the solver could not solve it (then
    ``expected_score`` is ``None`` and there are no openings)."""

    expected_score: float | None
    odds: dict[str, Odds]
    labels: dict[str, str]
    openings: dict[str, Opening] = field(default_factory=dict)
    unsolved: str | None = None


@dataclass(frozen=True, slots=True)
class SetAsideFigures:
    """A set-aside ruleset's figures. ``banking`` maps dice in hand to the turn total from which
    banking is right (at every larger total too); ``entry_chance`` is ``None`` without an entry;
    ``unaccounted`` names the rules the one-turn policy leaves out (a farkle penalty, an exact end,
    an instant win)."""

    expected_turn_score: float | None
    banking: dict[int, int]
    cap: int | None
    entry: int
    entry_chance: float | None
    farkles: dict[int, Odds]
    unsolved: str | None = None
    unaccounted: tuple[str, ...] = ()
    first_player: float | None = None  # two players playing to win: the first player's chance
    two_players: str | None = None  # why there is no such chance: refused, or not solved here yet


Figures = SheetFigures | SetAsideFigures


def openings(ruleset: SheetRuleset, solved: Solution) -> dict[str, Opening]:
    """The solver's choices for every distinct first roll at the empty sheet, rerolls all to come."""
    from dicespec.scoresheet.sheet import Sheet
    from dicespec.solver.hint import TurnPlan

    plan = TurnPlan(solved, Sheet())
    found = {}
    for shown, orders in _rolls(ruleset.dice):
        dice = "".join(map(str, shown))
        choices = plan.choices(dice, ruleset.rolls_per_turn - 1)
        found[dice] = Opening(
            dice,
            orders / len(FACES) ** ruleset.dice,
            {str(choice): value for choice, value in choices},
            str(choices[0][0]),
        )
    return found


def sheet_figures(ruleset: SheetRuleset, *, progress: Progress | None = None) -> SheetFigures:
    """The figures of a score-sheet ruleset; its solve is read from the solver's cache, or done
    now (a few seconds) and kept there."""
    from dicespec.solver import solution

    odds, labels = row_odds(ruleset), {row.id: row.label for row in ruleset.rows.values()}
    try:
        solved = solution(ruleset, progress=progress)
    except UnsupportedRulesetError as exc:
        return SheetFigures(None, odds, labels, unsolved=str(exc))
    return SheetFigures(solved.expected_score, odds, labels, openings(ruleset, solved))


def set_aside_figures(ruleset: SetAsideRuleset) -> SetAsideFigures:
    """The figures of a set-aside ruleset (about a second; a quick two-player solve not kept yet,
    seconds more)."""
    from dicespec.solver import entry_policy, turn_policy
    from dicespec.solver.setaside import unaccounted
    from dicespec.solver.twoplayer import at_hand, duel

    farkles = farkle_odds(ruleset)
    try:
        turn = turn_policy(ruleset)
        chance = entry_policy(ruleset).on_board_chance if ruleset.entry > 0 else None
    except UnsupportedRulesetError as exc:
        return SetAsideFigures(None, {}, None, ruleset.entry, None, farkles, unsolved=str(exc))
    left_out = unaccounted(ruleset)
    why = at_hand(ruleset)
    first = duel(ruleset).first_player_chance if why is None else None
    return SetAsideFigures(
        turn.expected_turn_score,
        turn.banking_table(),
        turn.cap,
        ruleset.entry,
        chance,
        farkles,
        unaccounted=left_out,
        first_player=first,
        two_players=why,
    )


FIGURES: dict[str, Callable[[Any, Progress | None], Figures]] = {
    "score-sheet": lambda ruleset, progress: sheet_figures(ruleset, progress=progress),
    "set-aside": lambda ruleset, progress: set_aside_figures(ruleset),
}
"""The figures of each family of games, by family name."""


def figures(ruleset: Ruleset, *, progress: Progress | None = None) -> Figures:
    """The figures of a ruleset of either family."""
    return FIGURES[game(ruleset.game).family_name](ruleset, progress)


# -- two sides -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Flip:
    """A first roll whose optimal choice differs: the best under each side."""

    dice: str
    chance: float
    before: str
    after: str


def flipped_openings(before: dict[str, Opening], after: dict[str, Opening]) -> list[Flip]:
    """The first rolls whose optimal choice differs: one side's best is not among the other's best
    (a choice tied for best within :data:`TIE` is as good as the best)."""
    found = []
    for dice, old in before.items():
        new = after.get(dice)
        if new is None or old.best == new.best:
            continue
        worse_after = new.value(old.best) < new.value(new.best) - TIE
        worse_before = old.value(new.best) < old.value(old.best) - TIE
        if worse_after or worse_before:
            found.append(Flip(dice, old.chance, old.best, new.best))
    return found


@dataclass(frozen=True, slots=True)
class Comparison:
    """Two sides' figures lined up."""

    before: Figures
    after: Figures

    @property
    def difference(self) -> float | None:
        """After minus before: the expected final grand total (score-sheet) or expected points of a
        turn (set-aside); ``None`` when a side is unsolved."""
        old, new = _headline(self.before), _headline(self.after)
        return None if old is None or new is None else new - old

    def odds_changes(self) -> list[tuple[str | int, Odds | None, Odds | None]]:
        """The rows (score-sheet) or numbers of dice (set-aside) whose odds differ, each side's odds
        (``None`` where a side has no such row), in the order of the sides."""
        old, new = _odds(self.before), _odds(self.after)
        keys = [*old, *(key for key in new if key not in old)]
        return [(key, old.get(key), new.get(key)) for key in keys if old.get(key) != new.get(key)]

    def flips(self) -> list[Flip]:
        if isinstance(self.before, SheetFigures) and isinstance(self.after, SheetFigures):
            return flipped_openings(self.before.openings, self.after.openings)
        return []


def _headline(found: Figures) -> float | None:
    return found.expected_score if isinstance(found, SheetFigures) else found.expected_turn_score


def _odds(found: Figures) -> dict[str | int, Odds]:
    odds: dict[str | int, Odds] = {}
    for key, value in (found.odds if isinstance(found, SheetFigures) else found.farkles).items():
        odds[key] = value
    return odds


def compare(
    before: Ruleset, after: Ruleset, *, progress: tuple[Progress | None, Progress | None] = (None, None)
) -> Comparison:
    """Both rulesets' figures; ``progress`` is told how each one's solve goes, if there is one."""
    return Comparison(figures(before, progress=progress[0]), figures(after, progress=progress[1]))
