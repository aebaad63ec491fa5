"""The golden files (fixtures/golden/) and ``dicespec diff``: what the reference engines answer,
ruleset by ruleset, and what changes between two rulesets."""

from __future__ import annotations

from functools import cache

import pytest

from dicespec.conformance.run import holds
from dicespec.regression import golden, outcomes
from dicespec.regression.diff import RollChange, compare, corpus_size, report
from dicespec.rulesets import ruleset_names

pytestmark = pytest.mark.early(250)  # every ruleset's outcomes: handed out early under xdist (tests/order.py)


@cache
def today(ruleset: str) -> golden.Golden:
    """A ruleset's outcomes today, worked out once a process (the spec's run under it, seconds,
    among them): each ruleset's test pays for its own, and the tests after it read them."""
    return golden.compute([ruleset])[ruleset]


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", ruleset_names())
def test_the_golden_file_is_current(ruleset: str) -> None:
    """Every roll, case of the spec and replayed game answers as the golden file says, every
    ordered roll included: an outcome that moves needs `make golden`."""
    problems = golden.problems(ruleset, today(ruleset))
    assert not problems, (
        f"fixtures/golden/{ruleset}.txt is stale; if the change is meant, run `make golden`:\n" + "\n".join(problems)
    )


def test_a_golden_file_reads_back() -> None:
    """A golden file's text parses back into the same outcomes."""
    kept = golden.read("kiriki")
    assert kept is not None
    assert golden.Golden.parse("kiriki", kept.text()) == kept
    assert kept.rolls["12345"][outcomes.columns("kiriki").index("large_straight")] == "40"
    assert len(kept.rolls) == 252 and len(kept.games) == 250


@pytest.mark.slow
def test_a_moved_outcome_is_named() -> None:
    """A stale golden file's breakdown names the roll, its column, and the kept and new answers."""
    kiriki = today("kiriki")
    changed = golden.Golden("kiriki", dict(kiriki.rolls), kiriki.features, kiriki.games)
    answers = list(changed.rolls["66666"])
    answers[outcomes.columns("kiriki").index("full_house")] = "25"
    changed.rolls["66666"] = tuple(answers)
    assert golden.problems("kiriki", changed)[:2] == [
        "rolls: 1 distinct rolls answer otherwise",
        "  66666: full_house 0 → 25",
    ]


def test_the_corpus_sizes() -> None:
    """The diff counts out of the runner's exhaustive corpus: 101,088 Kiriki cases, 68,362 for 10000,
    13,698 for Greed's five dice."""
    assert corpus_size("kiriki") == 7776 * 13
    assert corpus_size("ten-thousand") == 55_986 + 12_376
    assert corpus_size("greed") == 9_330 + 4_368


def test_a_set_aside_counts_the_rolls_of_its_games_dice() -> None:
    """A changed set-aside stands for every distinct roll of all the game's dice it is part of:
    126 rolls of six dice hold a 1 and a 5, 56 rolls of five."""
    assert RollChange("set-aside", "15", "150", "0").cases == 126
    assert RollChange("set-aside", "15", "150", "0", hand=5).cases == 56


@pytest.mark.slow
def test_kiriki_against_kiriki_fr(monkeypatch: pytest.MonkeyPatch) -> None:
    """kiriki → kiriki-fr moves exactly the 240 ordered large straights (40 → 30), and the cases
    of the spec about the large straight and the first kiriki's extra turn."""
    # The spec runs under both rulesets are the module's (holds.features, run once for `today`).
    verdicts = {name: today(name).features for name in ("kiriki", "kiriki-fr")}
    monkeypatch.setattr(holds, "features", lambda rulesets: {name: verdicts[name] for name in rulesets})
    diff = compare("kiriki", "kiriki-fr")
    assert {(c.column, c.dice, c.before, c.after) for c in diff.rolls} == {
        ("large_straight", "12345", "40", "30"),
        ("large_straight", "23456", "40", "30"),
    }
    assert sum(c.cases for c in diff.rolls) == 240
    flipped = {case_id: (before, after) for case_id, before, after in diff.features}
    assert flipped["kiriki-fr-large-straight-1"] == ("fails", "holds")
    assert flipped["kiriki-fr-kiriki-extra-turn"] == ("fails", "holds")
    assert flipped["kiriki-en-first-kiriki-no-extra-turn"] == ("holds", "fails")
    assert "kiriki-en-full-house-1" not in flipped
    text = list(report(diff))
    orders = [roll for line in text if line.startswith("      ") for roll in line.split()]
    assert len(orders) == len(set(orders)) == 240
    assert text[-1] == f"240 corpus cases and {len(diff.features)} cases of the spec differ."
