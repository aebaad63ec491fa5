"""What changes between two rulesets of a game: every case of the conformance corpus and every
case of the spec whose outcome differs, grouped and counted, and what each ruleset is worth to
play (``dicespec diff A B``). A side is a shipped ruleset, a game's reference, or a ruleset file
of one's own (:mod:`dicespec.regression.sides`).

The corpus is compared roll by roll: each distinct roll whose answer differs is listed with its
answers under both rulesets and every ordered roll of the corpus it stands for (for a set-aside,
the number of distinct rolls of all the dice it is part of: six in 10000, five in Greed). A case
of the spec differs when its claim holds under one ruleset and not under the other: the spec is
run as under the game's reference ruleset, every question answered under the side's ruleset
(:class:`~dicespec.conformance.run.holds.UnderRuleset`), so a ruleset file needs no finding of the
errata to name it. The replayed games are not compared: each ruleset's seeded games are other
games. The figures (expected scores, odds, opening decisions, banking) are
:mod:`dicespec.regression.figures`'.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from math import comb
from typing import Any

from dicespec import corpus
from dicespec.conformance.run import holds
from dicespec.registry import game
from dicespec.regression import outcomes
from dicespec.regression.figures import Comparison, Odds, Progress, SetAsideFigures, SheetFigures
from dicespec.regression.figures import compare as compare_figures
from dicespec.regression.sides import DiffError, Side, sides
from dicespec.rulesets import Ruleset, find_ruleset

__all__ = ["Diff", "DiffError", "RollChange", "as_json", "compare", "corpus_size", "figures", "report"]

PER_LINE = 12  # ordered rolls per output line
FLIPS_SHOWN = 20  # opening flips listed in the text report (--json has them all)
NO_ROW = "(no row)"  # the answer of a row, or roll, one side does not have


@dataclass(frozen=True, slots=True)
class RollChange:
    column: str  # a Kiriki row, "best" or "set-aside"
    dice: str  # sorted
    before: str
    after: str
    hand: int = 6  # the dice of a whole roll of the ruleset (a set-aside is part of such rolls)

    @property
    def orders(self) -> list[str]:
        return outcomes.ordered(self.dice)

    @property
    def cases(self) -> int:
        """How many cases of the corpus this change moves."""
        if self.column == "set-aside":
            return comb(self.hand - len(self.dice) + 5, 5)  # the distinct whole rolls it is part of
        return len(self.orders)


@dataclass(frozen=True, slots=True)
class Diff:
    sides: tuple[Side, Side]
    rolls: list[RollChange]
    corpus_cases: int  # cases of the corpus, under the first ruleset
    features: list[tuple[str, str, str]]  # (case id, verdict before, verdict after)
    spec_cases: int

    @property
    def before(self) -> str:
        """How reports name the first side."""
        return self.sides[0].label

    @property
    def after(self) -> str:
        return self.sides[1].label


def corpus_size(ruleset: str | Ruleset) -> int:
    """The cases of the exhaustive corpus under one ruleset (a shipped name, or a ruleset)."""
    found = find_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    return corpus.size(found)


def _roll_changes(first: Ruleset, second: Ruleset) -> list[RollChange]:
    family = game(first.game).family
    old_columns, new_columns = family.ids(first), family.ids(second)
    columns = [*old_columns, *(column for column in new_columns if column not in old_columns)]
    old, new = outcomes.rolls_of(first), outcomes.rolls_of(second)
    missing = (NO_ROW,) * len(columns)

    def answer(answers: tuple[str, ...], names: tuple[str, ...], column: str) -> str:
        return answers[names.index(column)] if column in names else NO_ROW

    return [
        RollChange(column, dice, a, b, first.dice)
        for column in columns
        for dice in [*old, *(dice for dice in new if dice not in old)]
        if (a := answer(old.get(dice, missing), old_columns, column))
        != (b := answer(new.get(dice, missing), new_columns, column))
        and not (column == "best" and not dice)
    ]


def compare(before: str | Side, after: str | Side) -> Diff:
    """The corpus and spec cases that differ between two rulesets of one game (each a shipped
    name, a game's name, a ruleset file's path, or a :class:`Side`); the spec runs take seconds."""
    first, second = sides(before, after)
    changes = _roll_changes(first.ruleset, second.ruleset)
    found = holds.features([first.spec_name, second.spec_name])
    verdicts_before, verdicts_after = found[first.spec_name], found[second.spec_name]
    flipped = [
        (case_id, verdict, verdicts_after.get(case_id, "(no case)"))
        for case_id, verdict in verdicts_before.items()
        if verdict != verdicts_after.get(case_id)
    ]
    return Diff((first, second), changes, corpus_size(first.ruleset), flipped, len(verdicts_before))


def figures(diff: Diff, *, progress: Callable[[str], Progress | None] | None = None) -> Comparison:
    """Both sides' figures (:mod:`dicespec.regression.figures`); ``progress(label)`` gives what to
    tell of a side's solve, when one is needed (a score-sheet ruleset not in the solver's cache)."""
    first, second = diff.sides
    told = (progress(first.label), progress(second.label)) if progress else (None, None)
    return compare_figures(first.ruleset, second.ruleset, progress=told)


# -- the report as text ------------------------------------------------------------------------------


def report(diff: Diff, found: Comparison | None = None) -> Iterator[str]:
    """The diff as text lines; with ``found``, each side's figures before the last line."""
    first, second = diff.sides
    yield f"dicespec diff {first.label} {second.label}: {first.title} → {second.title}"
    yield ""
    yield from _corpus_lines(diff)
    yield ""
    yield from _spec_lines(diff)
    yield ""
    if found is not None:
        yield from _figure_lines(diff, found)
        yield ""
    moved = sum(change.cases for change in diff.rolls)
    yield f"{moved:,} corpus cases and {len(diff.features):,} cases of the spec differ."


def _corpus_lines(diff: Diff) -> Iterator[str]:
    found = game(diff.sides[0].game)
    moved = sum(change.cases for change in diff.rolls)
    yield f"Corpus: {moved:,} of {diff.corpus_cases:,} cases differ"
    groups: dict[str, list[RollChange]] = {}
    for change in diff.rolls:
        groups.setdefault(
            outcomes.FAMILIES[found.family_name].diff_group(found, change.column, change.dice), []
        ).append(change)
    for title, changes in groups.items():
        count = sum(c.cases for c in changes)
        unit = "set-asides" if changes[0].column == "set-aside" else "ordered rolls"
        yield f"  {title}: {count:,} {unit} ({len(changes):,} distinct)"
        for change in changes:
            if change.column == "set-aside":
                yield (
                    f"    {change.dice or '-'}: {change.before} → {change.after}, "
                    f"in {change.cases:,} rolls of {change.hand} dice"
                )
                continue
            orders = change.orders
            yield f"    {change.dice}: {change.before} → {change.after}, in {len(orders):,} orders:"
            for start in range(0, len(orders), PER_LINE):
                yield "      " + " ".join(orders[start : start + PER_LINE])


def _spec_lines(diff: Diff) -> Iterator[str]:
    from dicespec.spec import cases

    yield f"Spec: {len(diff.features):,} of {diff.spec_cases:,} cases differ"
    by_id = {case.id: case for case in cases()}
    for verdict in ("holds", "fails"):
        flipped = [f for f in diff.features if f[1] == verdict]
        if not flipped:
            continue
        other = "fails" if verdict == "holds" else "holds"
        yield f"  {verdict} under {diff.before}, {other} under {diff.after}: {len(flipped)}"
        width = max(len(case_id) for case_id, _, _ in flipped)
        for case_id, _, _ in flipped:
            case = by_id.get(case_id)
            where = f"{case.path}:{case.line}  {case.section}" if case else ""
            yield f"    {case_id:<{width}}  {where}".rstrip()


def _percent(odds: Odds | None) -> str:
    return "-" if odds is None else f"{float(odds.chance):.2%}"


def _mean(odds: Odds | None) -> str:
    return "-" if odds is None or odds.mean is None else f"{float(odds.mean):.2f}"


def _value(value: float | None) -> str:
    return "not solved" if value is None else f"{value:.2f}"


def _figure_lines(diff: Diff, found: Comparison) -> Iterator[str]:
    if isinstance(found.before, SheetFigures) and isinstance(found.after, SheetFigures):
        yield from _sheet_lines(diff, found.before, found.after, found)
    elif isinstance(found.before, SetAsideFigures) and isinstance(found.after, SetAsideFigures):
        yield from _set_aside_lines(diff, found.before, found.after, found)


def _sheet_lines(diff: Diff, before: SheetFigures, after: SheetFigures, found: Comparison) -> Iterator[str]:
    width = max(len(diff.before), len(diff.after), len("difference"))
    yield "Optimal solitaire play: expected final grand total"
    for label, side in ((diff.before, before), (diff.after, after)):
        yield f"  {label:<{width}}  {_value(side.expected_score):>8}" + (
            f"  ({side.unsolved})" if side.unsolved else ""
        )
    if found.difference is not None:
        yield f"  {'difference':<{width}}  {found.difference:>+8.2f}"
    yield ""
    changes = found.odds_changes()
    total = next(iter(before.odds.values())).total if before.odds else 0
    yield (
        f"Odds of one roll: {len(changes)} of {len(before.odds)} rows change "
        f"(share of the {total:,} ordered rolls that score above 0; mean points)"
    )
    if changes:
        width = max(len(str(row)) for row, _, _ in changes)
        for row, old, new in changes:
            yield f"  {row!s:<{width}}  {_percent(old)} → {_percent(new)};  mean {_mean(old)} → {_mean(new)}"
    yield ""
    if before.unsolved or after.unsolved:
        yield "Opening decisions: not compared (a ruleset the solver cannot solve)"
        return
    flips = found.flips()
    share = sum((flip.chance for flip in flips), 0.0)
    if not flips:
        yield (
            f"Opening decisions: the best choice at the empty sheet is the same for all {len(before.openings)} "
            "distinct first rolls"
        )
        return
    yield (
        f"Opening decisions: the best choice at the empty sheet changes for {len(flips)} of "
        f"{len(before.openings)} distinct first rolls ({share:.2%} of first rolls)"
    )
    for flip in flips[:FLIPS_SHOWN]:
        yield f"  {flip.dice}: {flip.before} → {flip.after}"
    if len(flips) > FLIPS_SHOWN:
        yield f"  … and {len(flips) - FLIPS_SHOWN} more (--json lists them all)"


def _dice(n: int) -> str:
    return f"{n} {'die' if n == 1 else 'dice'}"


def _set_aside_lines(diff: Diff, before: SetAsideFigures, after: SetAsideFigures, found: Comparison) -> Iterator[str]:
    yield "Optimal turn of a player on the board"
    change = f" ({found.difference:+.2f})" if found.difference is not None else ""
    yield (
        f"  expected points of a turn: {_value(before.expected_turn_score)} → "
        f"{_value(after.expected_turn_score)}{change}"
    )
    for label, side in ((diff.before, before), (diff.after, after)):
        if side.unsolved:
            yield f"  {label}: {side.unsolved}"
        if side.unaccounted:
            yield f"  {label}: the one-turn policy leaves out {', '.join(side.unaccounted)}"
    if before.banking or after.banking:
        width = max(len(diff.before), len(diff.after), 6)
        yield "  bank once the turn's points reach (by dice in hand; below it, roll on):"
        yield f"    {'':<7}  {diff.before:>{width}}  {diff.after:>{width}}"
        for n in sorted({*before.banking, *after.banking}):
            old, new = before.banking.get(n), after.banking.get(n)
            cells = [f"{'-' if v is None else f'{v:,}':>{width}}" for v in (old, new)]
            yield f"    {_dice(n):<7}  {cells[0]}  {cells[1]}" + ("  changes" if old != new else "")
    yield ""
    yield from _two_player_lines(diff, before, after)
    yield "Getting on the board"
    width = max(len(diff.before), len(diff.after)) + 1
    for label, side in ((diff.before, before), (diff.after, after)):
        chance = (
            "no entry minimum"
            if side.entry_chance is None
            else (f"entry {side.entry:,}, {side.entry_chance:.2%} chance of getting on the board in one turn")
        )
        yield f"  {label + ':':<{width}}  {chance}"
    yield ""
    changes = found.odds_changes()
    yield (
        f"Farkle odds: the chance that a roll scores nothing changes for {len(changes)} of "
        f"{len(before.farkles)} numbers of dice"
    )
    for dice, was, now in changes:
        yield f"  {_dice(int(dice)):<7}  {_percent(was)} → {_percent(now)}"


def _two_player_lines(diff: Diff, before: SetAsideFigures, after: SetAsideFigures) -> Iterator[str]:
    """How the change moves the first player's chance, both playing to win; or why a side has none."""
    yield "Two players, each playing to win"
    if before.first_player is not None and after.first_player is not None:
        moved = (after.first_player - before.first_player) * 100
        yield (
            f"  the first player's chance: {before.first_player:.2%} → {after.first_player:.2%} "
            f"({moved:+.2f} percentage points)"
        )
    for label, side in ((diff.before, before), (diff.after, after)):
        if side.two_players:
            yield f"  {label}: {side.two_players}"
    yield ""


# -- the report as data ----------------------------------------------------------------------------


def as_json(diff: Diff, found: Comparison | None = None) -> dict[str, Any]:
    """Everything the text report says, as plain data (``dicespec diff --json``)."""
    from dicespec.spec import cases

    by_id = {case.id: case for case in cases()}
    first, second = diff.sides
    data: dict[str, Any] = {
        "game": first.game,
        "before": first.describe(),
        "after": second.describe(),
        "corpus": {
            "cases": diff.corpus_cases,
            "differ": sum(change.cases for change in diff.rolls),
            "rolls": [
                {
                    "column": c.column,
                    "dice": c.dice,
                    "before": c.before,
                    "after": c.after,
                    "cases": c.cases,
                    **({} if c.column == "set-aside" else {"orders": c.orders}),
                }
                for c in diff.rolls
            ],
        },
        "spec": {
            "cases": diff.spec_cases,
            "differ": len(diff.features),
            "changes": [
                {
                    "id": case_id,
                    "before": old,
                    "after": new,
                    **(
                        {"path": case.path, "line": case.line, "section": case.section}
                        if (case := by_id.get(case_id))
                        else {}
                    ),
                }
                for case_id, old, new in diff.features
            ],
        },
    }
    if found is not None:
        data["figures"] = _figures_json(found)
    return data


def _odds_json(odds: Odds | None) -> dict[str, object] | None:
    return None if odds is None else odds.as_json()


def _side_json(side: SheetFigures | SetAsideFigures) -> dict[str, Any]:
    if isinstance(side, SheetFigures):
        return {
            "expected_score": side.expected_score,
            "unsolved": side.unsolved,
            "row_odds": {row: {"label": side.labels[row], **odds.as_json()} for row, odds in side.odds.items()},
            "opening_best": {dice: opening.best for dice, opening in side.openings.items()},
        }
    return {
        "expected_turn_score": side.expected_turn_score,
        "first_player_chance": side.first_player,
        "two_players": side.two_players,
        "unsolved": side.unsolved,
        "banking": {str(n): total for n, total in side.banking.items()},
        "banking_cap": side.cap,
        "entry": side.entry,
        "entry_chance": side.entry_chance,
        "farkle_odds": {str(n): odds.as_json() for n, odds in side.farkles.items()},
        **({"unaccounted": list(side.unaccounted)} if side.unaccounted else {}),
    }


def _figures_json(found: Comparison) -> dict[str, Any]:
    data: dict[str, Any] = {
        "family": "score-sheet" if isinstance(found.before, SheetFigures) else "set-aside",
        "before": _side_json(found.before),
        "after": _side_json(found.after),
        "difference": found.difference,
        "odds_changes": [
            {
                **({"row": key, "label": _label(found, key)} if isinstance(key, str) else {"dice": key}),
                "before": _odds_json(old),
                "after": _odds_json(new),
            }
            for key, old, new in found.odds_changes()
        ],
    }
    if isinstance(found.before, SheetFigures):
        flips = found.flips()
        data["opening_flips"] = {
            "first_rolls": len(found.before.openings),
            "count": len(flips),
            "chance": sum((flip.chance for flip in flips), 0.0),
            "flips": [
                {"dice": flip.dice, "chance": flip.chance, "before": flip.before, "after": flip.after} for flip in flips
            ],
        }
    elif isinstance(found.after, SetAsideFigures):
        old, new = found.before.banking, found.after.banking
        data["banking_changes"] = sorted(n for n in {*old, *new} if old.get(n) != new.get(n))
    return data


def _label(found: Comparison, row: str) -> str | None:
    """A row's label, as the first side that has the row gives it."""
    for side in (found.before, found.after):
        if isinstance(side, SheetFigures) and row in side.labels:
            return side.labels[row]
    return None
