"""The solver's plain path (issue 27): rows that score differently on the turn's first roll, that win
at once so made, or that require another row (Generala's three rules).

Its figures are checked three ways: against numbers worked out by hand on rulesets of one or two
rows; against a brute-force expectimax written here over sorted dice, the engine's own
``row_points`` and ``wins_at_once`` scoring each choice, which shares no code with the solver; and
against the batched solver on rulesets with none of these rules (both paths solve them).
"""

from __future__ import annotations

from functools import cache
from itertools import combinations_with_replacement, product
from math import factorial, prod
from pathlib import Path

import numpy as np
import pytest

from dicespec import find_ruleset, load_ruleset
from dicespec.dice import Roll
from dicespec.errors import UnsupportedRulesetError
from dicespec.scoresheet.game import row_points, wins_at_once
from dicespec.scoresheet.ruleset import SheetRuleset
from dicespec.scoresheet.sheet import Sheet
from dicespec.solver import firstroll, hint, scoresheet
from dicespec.solver.firstroll import PlainSolution, PlainState, plain_rules_of, uses_row_rules
from dicespec.solver.hint import Action, TurnPlan
from dicespec.solver.keeps import keep_tables, roll_of
from dicespec.solver.report import sheet_report
from dicespec.solver.sheetrules import STATE_BOUND, state_count
from folders import TESTS

GENERALA = TESTS / "solver_rulesets" / "generala-like.yaml"

FACE_ROWS = {
    name: f"{{label: {name.title()}, section: upper, rule: face, face: {face}"
    for face, name in enumerate(["ones", "twos", "threes", "fours", "fives", "sixes"], start=1)
}
STRAIGHT = (
    "{label: Straight, section: lower, rule: straight, any_of: [[1, 2, 3, 4, 5], [2, 3, 4, 5, 6], [1, 3, 4, 5, 6]], "
    "points: 20"
)
POKER = "{label: Poker, section: lower, rule: of_a_kind, at_least: 4, points: 40"
GENERALA_ROW = "{label: Generala, section: lower, rule: of_a_kind, at_least: 5, points: 50"
DOUBLE = "{label: Double Generala, section: lower, rule: of_a_kind, at_least: 5, points: 100"


def ruleset(folder: Path, rows: dict[str, str], *, rolls: int = 2, bonus: str = "null") -> SheetRuleset:
    """A ruleset file of one's own with these rows (YAML flow mappings left open: closed here)."""
    lines = [
        "game: yatzy",
        f"name: mine-{len(list(folder.iterdir()))}",
        "title: Mine",
        "description: A ruleset of the solver's tests.",
        "dice: 5",
        f"rolls_per_turn: {rolls}",
        "players: {min: 1, max: 4}",
        "rows:",
        *(f"  {name}: {row}}}" for name, row in rows.items()),
        f"upper_bonus: {bonus}",
        "five_of_a_kind: null",
        "joker: none",
        "winner: highest_total_ties_share",
        "gaps: []",
    ]
    path = folder / f"mine-{len(list(folder.iterdir()))}.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    found = load_ruleset(path)
    assert isinstance(found, SheetRuleset)
    return found


@pytest.fixture
def empty_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A cache folder of the test's own, and no solution remembered in memory."""
    folder = tmp_path / "cache"
    folder.mkdir()
    monkeypatch.setenv("DICESPEC_CACHE_DIR", str(folder))
    monkeypatch.setattr(scoresheet, "_SOLVED", {})
    return folder


@pytest.fixture
def rulesets(tmp_path: Path) -> Path:
    folder = tmp_path / "rulesets"
    folder.mkdir()
    return folder


# -- a brute force of its own -------------------------------------------------------------------


def _chance(dice: tuple[int, ...]) -> float:
    counts = [dice.count(face) for face in range(1, 7)]
    return factorial(len(dice)) / prod(factorial(n) for n in counts) / 6 ** len(dice)


@cache
def _throws(n: int) -> tuple[tuple[tuple[int, ...], float], ...]:
    """Every throw of ``n`` dice as sorted dice, with its chance."""
    return tuple((dice, _chance(dice)) for dice in combinations_with_replacement(range(1, 7), n))


def _keeps(dice: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The dice one may hold from ``dice``, fewer than all, fewer dice first (as the hint lists them)."""
    counts = [dice.count(face) for face in range(1, 7)]
    found = [
        tuple(face for face, n in zip(range(1, 7), kept, strict=True) for _ in range(n))
        for kept in product(*(range(n + 1) for n in counts))
    ]
    return sorted((keep for keep in found if len(keep) < len(dice)), key=len)


class BruteForce:
    """Optimal solitaire play by plain recursion over sheets and sorted dice: ``value`` (expected
    points still to come) and ``wins`` (the chance of a win at once under that play, ties broken
    as the hint breaks them)."""

    def __init__(self, ruleset: SheetRuleset) -> None:
        self.ruleset = ruleset
        self.rerolls = ruleset.rolls_per_turn - 1
        self._values: dict[tuple[tuple[str, int], ...], float] = {}
        self._wins: dict[tuple[tuple[str, int], ...], float] = {}
        self._turns: dict[tuple[tuple[str, int], ...], object] = {}

    def _sheet(self, cells: tuple[tuple[str, int], ...]) -> Sheet:
        sheet = Sheet()
        for row, points in cells:
            sheet = sheet.with_cell(row, points)
        return sheet

    def _rows(self, cells: tuple[tuple[str, int], ...], dice: tuple[int, ...], first: bool):
        """Each open row for ``dice``: value, wins at once, the cells after."""
        sheet, found = self._sheet(cells), []
        for row in sheet.open_rows(self.ruleset):
            points = row_points(self.ruleset, sheet, Roll(dice), row, first_roll=first)
            after = tuple(sorted((*cells, (row, points))))
            gain = self._sheet(after).grand_total(self.ruleset) - sheet.grand_total(self.ruleset)
            won = wins_at_once(self.ruleset, sheet, Roll(dice), row, first_roll=first)
            found.append((gain + self.value(after), won, after))
        return found

    def _turn(self, cells: tuple[tuple[str, int], ...]):
        """The turn's plan: at each roll, the best choice and its value (made once a sheet)."""
        if cells not in self._turns:
            self._turns[cells] = self._new_turn(cells)
        return self._turns[cells]

    def _new_turn(self, cells: tuple[tuple[str, int], ...]):
        at: dict[tuple[tuple[int, ...], int], tuple[float, tuple[str, object]]] = {}

        def roll_value(dice: tuple[int, ...], left: int) -> float:
            if (dice, left) in at:
                return at[dice, left][0]
            rows = self._rows(cells, dice, left == self.rerolls)
            best = max(value for value, _, _ in rows)
            # on a tie: a winning row first, then sheet order
            chosen = (
                next(r for r in rows if r[0] == best and r[1]) if any(r[0] == best and r[1] for r in rows) else None
            )
            chosen = chosen or next(r for r in rows if r[0] == best)
            choice: tuple[float, tuple[str, object]] = (best, ("score", chosen))
            if left:
                keeps = [(keep_value(keep, left - 1), keep) for keep in _keeps(dice)]
                top = max(value for value, _ in keeps)
                if top > best:
                    choice = (top, ("keep", next(keep for value, keep in keeps if value == top)))
            at[dice, left] = choice
            return choice[0]

        @cache
        def keep_value(keep: tuple[int, ...], left: int) -> float:
            return sum(p * roll_value(tuple(sorted(keep + more)), left) for more, p in _throws(5 - len(keep)))

        return roll_value, keep_value, at

    def value(self, cells: tuple[tuple[str, int], ...] = ()) -> float:
        if len(cells) == len(self.ruleset.rows):
            return 0.0
        if cells not in self._values:
            roll_value, _, _ = self._turn(cells)
            self._values[cells] = sum(p * roll_value(dice, self.rerolls) for dice, p in _throws(5))
        return self._values[cells]

    def wins(self, cells: tuple[tuple[str, int], ...] = ()) -> float:
        """The chance of a win at once from a turn's start with ``cells``, under the optimal play."""
        if len(cells) == len(self.ruleset.rows):
            return 0.0
        if cells in self._wins:
            return self._wins[cells]
        roll_value, _, at = self._turn(cells)

        def from_roll(dice: tuple[int, ...], left: int) -> float:
            roll_value(dice, left)
            kind, what = at[dice, left][1]
            if kind == "score":
                _, won, after = what  # type: ignore[misc]
                return 1.0 if won else self.wins(after)
            keep = what
            assert isinstance(keep, tuple)
            return sum(p * from_roll(tuple(sorted(keep + more)), left - 1) for more, p in _throws(5 - len(keep)))

        self._wins[cells] = sum(p * from_roll(dice, self.rerolls) for dice, p in _throws(5))
        return self._wins[cells]


# -- the path ------------------------------------------------------------------------------------


def test_rulesets_with_these_rules_take_the_plain_path(rulesets: Path, empty_cache: Path) -> None:
    """solve and solution send first-roll and requires rules to the plain path, the others not."""
    generala = load_ruleset(GENERALA)
    assert isinstance(generala, SheetRuleset) and uses_row_rules(generala)
    assert isinstance(scoresheet.solution(generala), PlainSolution)
    plain = ruleset(rulesets, {"sixes": FACE_ROWS["sixes"], "straight": STRAIGHT})
    assert not uses_row_rules(plain)
    assert isinstance(scoresheet.solve(plain), scoresheet.SheetSolution)
    for row in (f"{STRAIGHT}, first_roll: {{adds: 5}}", f"{GENERALA_ROW}, first_roll: {{wins: true}}"):
        assert uses_row_rules(ruleset(rulesets, {"sixes": FACE_ROWS["sixes"], "straight": row}))
    required = ruleset(rulesets, {"generala": GENERALA_ROW, "double": f"{DOUBLE}, requires: generala"})
    assert isinstance(scoresheet.solve(required), PlainSolution)


@pytest.mark.parametrize(
    "rows",
    [
        {"sixes": FACE_ROWS["sixes"], "straight": f"{STRAIGHT}, first_roll: {{adds: 5}}"},
        {"sixes": FACE_ROWS["sixes"], "generala": f"{GENERALA_ROW}, first_roll: {{wins: true}}"},
        {"generala": f"{GENERALA_ROW}, first_roll: {{wins: true}}", "double": f"{DOUBLE}, requires: generala"},
        {"poker": f"{POKER}, first_roll: {{adds: 5}}", "generala": f"{GENERALA_ROW}, first_roll: {{wins: true}}"},
    ],
    ids=["straight-bonus", "sixes-generala", "double-generala", "poker-generala"],
)
def test_the_plain_path_is_the_brute_force(rulesets: Path, rows: dict[str, str]) -> None:
    """Expected score and chance of a win at once, on rulesets of two rows and two rolls, are the
    brute force's (which scores every choice with the engine's own functions)."""
    mine = ruleset(rulesets, rows)
    solved = firstroll.solve(mine)
    brute = BruteForce(mine)
    assert solved.expected_score == pytest.approx(brute.value(), abs=1e-9)
    assert solved.win_chance() == pytest.approx(brute.wins(), abs=1e-12)
    for cells in [((next(iter(rows)), 0),)]:
        sheet = Sheet().with_cell(*cells[0])
        assert solved.value(PlainState.of(mine, sheet)) == pytest.approx(brute.value(cells), abs=1e-9)


def test_the_plain_path_is_the_brute_force_with_all_three_rules_at_once(rulesets: Path) -> None:
    """Three rows, two rolls: a straight +5 on the first roll, a Generala that wins so made, a
    Double Generala that requires it; the expected score and the chance of a win at once are the
    brute force's."""
    mine = ruleset(
        rulesets,
        {
            "straight": f"{STRAIGHT}, first_roll: {{adds: 5}}",
            "generala": f"{GENERALA_ROW}, first_roll: {{wins: true}}",
            "double": f"{DOUBLE}, requires: generala",
        },
    )
    solved, brute = firstroll.solve(mine), BruteForce(mine)
    assert solved.expected_score == pytest.approx(brute.value(), abs=1e-9)
    assert solved.win_chance() == pytest.approx(brute.wins(), abs=1e-12)


@pytest.mark.parametrize("rolls", [2, 3])
def test_the_first_roll_bonus_adds_its_points_times_the_chance_of_a_first_roll_straight(
    rulesets: Path, rolls: int
) -> None:
    """One row, a straight of 20 (three face sets, any of them): a straight is scored at once
    with or without the bonus, so +5 on the first roll adds exactly 5 x 360/7776 to the figure
    (the one without the bonus from the batched solver)."""
    plain = ruleset(rulesets, {"straight": STRAIGHT}, rolls=rolls)
    served = ruleset(rulesets, {"straight": f"{STRAIGHT}, first_roll: {{adds: 5}}"}, rolls=rolls)
    without, with_bonus = scoresheet.solve(plain).expected_score, scoresheet.solve(served).expected_score
    assert with_bonus - without == pytest.approx(5 * 360 / 7776, abs=1e-12)


def test_double_generala_requires_generala_by_hand(rulesets: Path) -> None:
    """One roll a turn, two rows, p = 6/7776 the chance of five of a kind. With Double Generala
    requiring Generala, a first five of a kind goes in Generala (50, then 100 with chance p), any
    other roll fills a row with 0 and Generala may still score 50: p(50 + 100p) + (1 - p)50p =
    100p + 50p^2. Without the rule, Double Generala first: p(100 + 50p) + (1 - p)100p = 200p - 50p^2."""
    p = 6 / 7776
    required = ruleset(rulesets, {"generala": GENERALA_ROW, "double": f"{DOUBLE}, requires: generala"}, rolls=1)
    free = ruleset(rulesets, {"generala": GENERALA_ROW, "double": DOUBLE}, rolls=1)
    assert scoresheet.solve(required).expected_score == pytest.approx(100 * p + 50 * p**2, abs=1e-12)
    assert scoresheet.solve(free).expected_score == pytest.approx(200 * p - 50 * p**2, abs=1e-12)


def test_the_state_records_whether_the_required_row_holds_points(rulesets: Path) -> None:
    """With Generala filled, Double Generala is worth something only if Generala holds points."""
    mine = ruleset(rulesets, {"generala": GENERALA_ROW, "double": f"{DOUBLE}, requires: generala"})
    solved = firstroll.solve(mine)
    scored, zero = Sheet().with_cell("generala", 50), Sheet().with_cell("generala", 0)
    assert PlainState.of(mine, scored).held == 1 and PlainState.of(mine, zero).held == 0
    assert solved.expected_total(zero) == 0.0
    assert solved.expected_total(scored) == pytest.approx(50 + BruteForce(mine).value((("generala", 50),)), abs=1e-9)
    assert solved.expected_total(scored) > 50
    assert state_count(mine) == 4 * 2


def test_a_generala_on_the_first_roll_wins_with_its_own_chance(rulesets: Path) -> None:
    """One row that wins at once: the game is won exactly when the first roll of its one turn is
    five of a kind, 6/7776; its expected score is the row's own (a game played out in full)."""
    mine = ruleset(rulesets, {"generala": f"{GENERALA_ROW}, first_roll: {{wins: true}}"}, rolls=3)
    solved = firstroll.solve(mine)
    assert solved.win_chance() == pytest.approx(6 / 7776, abs=1e-15)
    plain = ruleset(rulesets, {"generala": GENERALA_ROW}, rolls=3)
    assert solved.expected_score == pytest.approx(scoresheet.solve(plain).expected_score, abs=1e-12)


# -- refusals ------------------------------------------------------------------------------------


def test_too_many_states_are_refused_in_one_line(rulesets: Path) -> None:
    """The held bits count in the state bound; past it, one line names the count and the bound."""
    rows = {f"row{i}": f"{{label: Row {i}, section: lower, rule: chance" for i in range(18)}
    rows |= {"ones": FACE_ROWS["ones"], "double": f"{DOUBLE}, requires: row0"}
    mine = ruleset(rulesets, rows, bonus="{more_than: 20, points: 10}")
    assert state_count(mine) == (1 << 20) * 22 * 2 > STATE_BOUND
    with pytest.raises(UnsupportedRulesetError, match=r"^ruleset mine-\d+: 46,137,344 states .* bound of 16,777,216$"):
        scoresheet.solution(mine)


def test_these_rules_with_a_five_of_a_kind_block_are_refused(tmp_path: Path) -> None:
    """The plain path holds no five-of-a-kind block: one line says so."""
    path = tmp_path / "served.yaml"
    path.write_text(
        "extends: yahtzee\nname: served\nrows: {large_straight: {first_roll: {adds: 5}}}\n", encoding="utf-8"
    )
    served = load_ruleset(path)
    assert isinstance(served, SheetRuleset)
    with pytest.raises(UnsupportedRulesetError, match="five_of_a_kind block"):
        scoresheet.solve(served)


# -- the hint and the figures --------------------------------------------------------------------


@pytest.fixture(scope="module")
def generala() -> PlainSolution:
    found = load_ruleset(GENERALA)
    assert isinstance(found, SheetRuleset)
    return firstroll.solve(found)


@pytest.mark.parametrize(
    "cells",
    [{}, {"generala": 0}, {"generala": 50, "ones": 3}, {"straight": 25, "poker": 0, "sixes": 18}],
    ids=["empty", "generala-0", "generala-50", "mid-game"],
)
def test_the_hints_best_first_choices_average_to_the_solved_value(generala: PlainSolution, cells: dict) -> None:
    """Over every first roll, the hint's best choice averages to the sheet's expected total: the
    hint's first-roll values are the solve's."""
    sheet = Sheet()
    for row, points in cells.items():
        sheet = sheet.with_cell(row, points)
    plan, tables = TurnPlan(generala, sheet), keep_tables(5)
    average = sum(
        p * plan.choices(roll_of(counts).dice, 2)[0][1]
        for counts, p in zip(tables.roll_counts(), tables.roll_probability, strict=True)
    )
    assert average == pytest.approx(generala.expected_total(sheet), abs=1e-9)


def test_the_hint_scores_a_first_roll_with_its_bonus_and_a_later_one_without(generala: PlainSolution) -> None:
    """A straight on the first roll is offered at 5 more than the same straight after a reroll."""
    choices = {str(choice): value for choice, value in hint(generala.ruleset, Sheet(), "13456", 2, solved=generala)}
    later = {str(choice): value for choice, value in hint(generala.ruleset, Sheet(), "13456", 1, solved=generala)}
    assert choices["score straight"] - later["score straight"] == pytest.approx(5, abs=1e-9)
    first = hint(generala.ruleset, Sheet(), "44444", 2, solved=generala)[0][0]
    assert first.action is Action.SCORE and first.row == "generala"


@pytest.mark.slow
def test_seeded_games_with_the_hint_average_to_the_expected_score(generala: PlainSolution) -> None:
    """400 seeded solitaire games played by the hint through the real engine, played out in full
    (a win at once is counted and the game goes on, as the figure means): their mean is within four
    standard errors of the expected score, and the share of games won at once within four of its
    chance."""
    ruleset, totals, won = generala.ruleset, [], 0
    for seed in range(400):
        rng = np.random.default_rng(seed)
        sheet = Sheet()
        for _ in ruleset.rows:
            plan, rolls_left = TurnPlan(generala, sheet), 2
            dice = Roll(tuple(int(d) for d in rng.integers(1, 7, size=5)))
            while True:
                choice = plan.best(dice, rolls_left)
                if choice.action is Action.SCORE:
                    assert choice.row is not None
                    first = rolls_left == 2
                    won += wins_at_once(ruleset, sheet, dice, choice.row, first_roll=first)
                    sheet = sheet.with_cell(choice.row, row_points(ruleset, sheet, dice, choice.row, first_roll=first))
                    break
                assert choice.dice is not None
                kept = list(choice.dice.dice)
                dice = Roll(tuple(sorted(kept + [int(d) for d in rng.integers(1, 7, size=5 - len(kept))])))
                rolls_left -= 1
        totals.append(sheet.grand_total(ruleset))
    mean, error = float(np.mean(totals)), float(np.std(totals)) / len(totals) ** 0.5
    assert abs(mean - generala.expected_score) < 4 * error
    chance = generala.win_chance()
    assert abs(won / len(totals) - chance) < 4 * (chance * (1 - chance) / len(totals)) ** 0.5 + 1 / len(totals)


def test_the_engine_game_scores_as_the_plain_paths_rows(generala: PlainSolution) -> None:
    """The solver's points for every roll, row and held state are the engine's row_points."""
    ruleset, rules = generala.ruleset, generala.rules
    for sheet in (Sheet(), Sheet().with_cell("generala", 50), Sheet().with_cell("generala", 0)):
        state = PlainState.of(ruleset, sheet)
        for first in (True, False):
            for i, row in enumerate(rules.rows):
                if not sheet.is_open(row):
                    continue
                _, points, _ = firstroll.row_options(
                    rules,
                    generala.values,
                    *(np.array([n], dtype=np.int64) for n in (state.filled, state.upper, state.held)),
                    i,
                    first=first,
                )
                engine = [
                    row_points(ruleset, sheet, roll_of(counts), row, first_roll=first)
                    for counts in rules.tables.roll_counts()
                ]
                assert points[:, 0].tolist() == engine


@pytest.mark.slow
def test_the_report_says_what_the_score_means_and_gives_the_chance(generala: PlainSolution) -> None:
    from dicespec.solver.spread import spread

    found = spread(generala)
    text = sheet_report(generala, found)
    assert f"expected final grand total: {generala.expected_score:.2f}" in text
    assert f"standard deviation: {found.std:.2f}" in text
    assert "a game played out in full: generala made with a turn's first roll scores its points" in text
    assert f"won at once (generala above 0 with a turn's first roll): {generala.win_chance():.3%}" in text


@pytest.mark.slow
def test_the_generala_figures(generala: PlainSolution) -> None:
    """The figures themselves, for the record (the checks above say why they are right): the tests'
    own file, whose straight takes 1-3-4-5-6 as well, is the shipped generala-one-as-two."""
    assert generala.expected_score == pytest.approx(162.469468, abs=1e-6)
    assert generala.win_chance() == pytest.approx(0.0064968665, abs=1e-9)
    assert plain_rules_of(generala.ruleset).held_sizes == 2
    shipped = scoresheet.solution(find_ruleset("generala-one-as-two"))
    np.testing.assert_array_equal(np.isnan(shipped.values), np.isnan(generala.values))
    np.testing.assert_allclose(shipped.values, generala.values, rtol=0, atol=1e-12)
    reference = scoresheet.solution(find_ruleset("generala"))
    assert isinstance(reference, PlainSolution)
    assert reference.expected_score == pytest.approx(159.618456, abs=1e-6)
    assert reference.win_chance() == pytest.approx(0.0064454195, abs=1e-9)


@pytest.mark.parametrize("cells", [{}, {"sixes": 18, "straight": 0}], ids=["empty", "two-filled"])
def test_the_forward_pass_plays_the_turn_the_hint_advises(generala: PlainSolution, cells: dict) -> None:
    """One turn of the forward pass from a sheet wins at once with the chance of the first rolls
    whose best choice, as the hint lists them, is a winning score; and the chance it carries on
    adds up with that to 1."""
    sheet = Sheet()
    for row, points in cells.items():
        sheet = sheet.with_cell(row, points)
    state, rules = PlainState.of(generala.ruleset, sheet), generala.rules
    reach = np.zeros(generala.values.size)
    states = tuple(np.array([n], dtype=np.int64) for n in (state.filled, state.upper, state.held))
    won = firstroll._turns_forward(rules, generala.values, states, np.array([1.0]), reach)
    plan, tables, expected = TurnPlan(generala, sheet), keep_tables(5), 0.0
    for counts, p in zip(tables.roll_counts(), tables.roll_probability, strict=True):
        best = plan.best(roll_of(counts).dice, 2)
        dice = roll_of(counts)
        if best.action is Action.SCORE and best.row is not None:
            expected += p * wins_at_once(generala.ruleset, sheet, dice, best.row, first_roll=True)
    assert won == pytest.approx(expected, abs=1e-15) and won > 0
    assert won + reach.sum() == pytest.approx(1.0, abs=1e-12)
