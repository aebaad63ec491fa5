"""What changes between two rulesets of a game: every case of the conformance corpus and every
case of the spec whose outcome differs, grouped and counted (``dicespec diff A B``).

The corpus is compared roll by roll: each distinct roll whose answer differs is listed with its
answers under both rulesets and every ordered roll of the corpus it stands for (for a set-aside,
the number of distinct rolls of all the dice it is part of: six in 10000, five in Greed). A case of the spec differs when its
claim holds under one ruleset and not under the other. The replayed games are not compared:
each ruleset's seeded games are other games.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from math import comb

from dicespec.registry import game_of_ruleset
from dicespec.regression import outcomes
from dicespec.rulesets import find_ruleset, ruleset_data

PER_LINE = 12  # ordered rolls per output line


class DiffError(ValueError):
    """Two rulesets that cannot be compared (of different games)."""


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
    before: str
    after: str
    rolls: list[RollChange]
    corpus_cases: int  # cases of the corpus, under one ruleset
    features: list[tuple[str, str, str]]  # (case id, verdict before, verdict after)
    spec_cases: int


def corpus_size(ruleset: str) -> int:
    """The cases of the exhaustive corpus under one ruleset."""
    return game_of_ruleset(ruleset).family.corpus_size(find_ruleset(ruleset))


def compare(before: str, after: str) -> Diff:
    game = ruleset_data(before)["game"]
    if ruleset_data(after)["game"] != game:
        raise DiffError(f"{before} is a ruleset of {game}, {after} of {ruleset_data(after)['game']}: "
                        "compare two rulesets of one game")
    columns = outcomes.columns(before)
    old, new = outcomes.rolls(before), outcomes.rolls(after)
    hand = find_ruleset(before).dice
    changes = [
        RollChange(column, dice, a, b, hand)
        for i, column in enumerate(columns)
        for dice in old
        if (a := old[dice][i]) != (b := new[dice][i]) and not (column == "best" and not dice)
    ]
    features = outcomes.features([before, after])
    verdicts_before, verdicts_after = features[before], features[after]
    flipped = [(case_id, verdict, verdicts_after.get(case_id, "(no case)"))
               for case_id, verdict in verdicts_before.items() if verdict != verdicts_after.get(case_id)]
    return Diff(before, after, changes, corpus_size(before), flipped, len(verdicts_before))


def report(diff: Diff) -> Iterator[str]:
    """The diff as text lines."""
    from dicespec.spec import cases

    game = game_of_ruleset(diff.before)
    titles = {name: ruleset_data(name)["title"] for name in (diff.before, diff.after)}
    yield f"dicespec diff {diff.before} {diff.after}: {titles[diff.before]} → {titles[diff.after]}"
    yield ""
    moved = sum(change.cases for change in diff.rolls)
    yield f"Corpus: {moved:,} of {diff.corpus_cases:,} cases differ"
    groups: dict[str, list[RollChange]] = {}
    for change in diff.rolls:
        groups.setdefault(game.family.diff_group(game, change.column, change.dice), []).append(change)
    for title, changes in groups.items():
        count = sum(c.cases for c in changes)
        unit = "set-asides" if changes[0].column == "set-aside" else "ordered rolls"
        yield f"  {title}: {count:,} {unit} ({len(changes):,} distinct)"
        for change in changes:
            if change.column == "set-aside":
                yield (f"    {change.dice or '-'}: {change.before} → {change.after}, "
                       f"in {change.cases:,} rolls of {change.hand} dice")
                continue
            orders = change.orders
            yield f"    {change.dice}: {change.before} → {change.after}, in {len(orders):,} orders:"
            for start in range(0, len(orders), PER_LINE):
                yield "      " + " ".join(orders[start:start + PER_LINE])
    yield ""
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
    yield ""
    yield f"{moved:,} corpus cases and {len(diff.features):,} cases of the spec differ."
