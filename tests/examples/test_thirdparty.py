"""The compared implementations (fixtures/conformance/): their committed results are current, and
a sample of the recorded cases answers today as recorded."""

from __future__ import annotations

import os
import shutil
from typing import Any

import pytest
from tools import comparison

from dicespec.conformance.run import compared
from dicespec.rulesets import model_files
from dicespec.site import markup
from dicespec.site.conformance import implementations_section

ENTRIES = compared.entries()
PYTHON_ENTRIES = [entry for entry in ENTRIES if entry.python]


def _require(entry: compared.Entry) -> None:
    """Skip, with a message, when what runs the implementation is missing (never under CI)."""
    missing = None
    if entry.package and entry.package_version() is None:
        missing = f"the package {entry.package} is not installed (make installs the extra 'thirdparty')"
    elif entry.impl and shutil.which(entry.impl.split()[0]) is None:
        missing = f"{entry.impl.split()[0]} is not installed"
    if missing and os.environ.get("CI") == "true":
        pytest.fail(f"{entry.id}: {missing}")
    if missing:
        pytest.skip(f"{entry.id}: {missing}")


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.id)
def test_the_results_are_current(entry: compared.Entry) -> None:
    """Each implementation's results were made from today's spec, errata, rulesets, reference
    outcomes (the golden files), steps, corpus, adapter and package version."""
    _require(entry)
    data = compared.read(entry)
    assert data is not None, f"no {entry.results_path.name}: run `make conformance`"
    changed = comparison.stale_inputs(entry, data)
    assert not changed, (
        f"{entry.results_path.name} is stale ({', '.join(changed)} changed since it was made): run `make conformance`"
    )
    assert data["failure"] is None


@pytest.mark.slow
@pytest.mark.parametrize("entry", PYTHON_ENTRIES, ids=lambda e: e.id)
def test_a_sample_answers_as_recorded(entry: compared.Entry) -> None:
    """Every corpus case recorded as differing, and one in a hundred others, answer today as the
    results say."""
    _require(entry)
    data = compared.read(entry)
    assert data is not None
    wrong = comparison.recheck(entry, data)
    assert not wrong, f"{entry.id} answers otherwise than {entry.results_path.name} says:\n" + "\n".join(wrong[:10])


def test_the_findings() -> None:
    """What the results say about the packages.

    Scoring: yahtzee-api scores four and five of a kind as no three of a kind, and five of a kind
    as no four of a kind; pyhtzee and yatzy-solver agree on every roll in every row; pyfarkle
    plays the farkle-linear table. Replayed games, with the dice injected: pyhtzee's differ (its
    upper bonus, a third reroll, Yatzy's end, its joker), pyfarkle's too (its triple-farkle
    penalty takes scores below 0, which the protocol allows; it ends at the first 10,000), each
    group's first failing replays shrunk."""
    results = {entry.id: compared.read(entry) for entry in ENTRIES}
    groups = {(key, g[1], g[3]): g[4:] for key, data in results.items() if data for g in data["groups"]}
    assert groups[("yahtzee-api", "kiriki score", "three_of_a_kind")] == [7620, 156, 0, 0]
    assert groups[("yahtzee-api", "kiriki score", "four_of_a_kind")] == [7770, 6, 0, 0]
    for name in ("pyhtzee", "yatzy-solver", "pyfarkle"):
        scoring = [
            (kind, counts)
            for (key, kind, _), counts in groups.items()
            if key == name and kind.endswith((" score", " best", " set-aside"))
        ]
        assert scoring and all(counts[1:3] == [0, 0] for _, counts in scoring), name
    assert all(counts[1:3] == [0, 0] for (key, _, _), counts in groups.items() if key == "yatzy-solver")
    assert comparison.totals(results["dicespec-js"])[1:3] == [0, 0]
    # its skipped cases: the spec's scenarios that the model's rules it plays cannot ask, or make false
    skipped = {(g[0], g[2]) for g in results["dicespec-js"]["groups"] if g[7]}
    assert skipped and {part for part, _ in skipped} == {"features"}
    assert {ruleset for _, ruleset in skipped} <= {path.stem for path in model_files()}
    for name, kinds in (("pyhtzee", {"yahtzee game", "yatzy game"}), ("pyfarkle", {"10000 game"})):
        played = {g[1] for g in results[name]["groups"] if g[0] == "games" and g[4]}  # some replays pass
        assert played == kinds, name
        failing = [g for g in results[name]["not_passing"] if g["part"] == "games" and g["count"]]
        assert failing, name
        firsts = [
            next(c for c in g["cases"] if c["outcome"] == "failed")
            for g in failing
            if any(c["outcome"] == "failed" for c in g["cases"])
        ]
        assert firsts and all(c.get("message", "").startswith("shortest failing replay, ") for c in firsts), name
    # OpenSpiel's yacht: four of a kind scores all five dice, and five of a kind is a full house
    # (156 and 6 rolls, as yahtzee-api's three and four of a kind); every other row as the spec
    openspiel = {
        row: counts for (key, kind, row), counts in groups.items() if (key, kind) == ("openspiel", "yacht score")
    }
    assert openspiel["four_of_a_kind"] == [7620, 156, 0, 0] and openspiel["full_house"] == [7770, 6, 0, 0]
    assert all(
        counts == [7776, 0, 0, 0] for row, counts in openspiel.items() if row not in ("four_of_a_kind", "full_house")
    )
    # OpenSpiel's pig differs in two rules, and in nothing else: a stop before the turn's first roll
    # is accepted (the spec refuses it, not-rolled), and a game ends with no winner at the horizon
    # of 1,000 moves (no text of Pig has one)
    pig = [
        case
        for group in results["openspiel"]["not_passing"]
        if group["kind"] == "pig game"
        for case in group["cases"]
        if case["outcome"] == "failed"
    ]

    def why(case: dict[str, Any]) -> str:
        expected, actual = case["expected"], case["actual"]
        if (expected["rejected"] or {}).get("code") == "not-rolled" and actual["rejected"] is None:
            return "a stop before the first roll"
        if actual["over"] and actual["winners"] == [] and (not expected["over"] or expected["winners"] != []):
            return "the horizon"
        return "other"

    assert {why(case) for case in pig} == {"a stop before the first roll", "the horizon"}
    # its triple-farkle penalty takes scores below 0, which protocol 2 allows: those replays fail
    cases = [case for g in results["pyfarkle"]["not_passing"] for case in g["cases"]]
    assert not [case for case in cases if case.get("outcome") == "errored"]
    below = [c for c in cases if c.get("outcome") == "failed" and "players" in (c.get("actual") or {})]
    assert any(player["score"] < 0 for case in below for player in case["actual"]["players"])


def test_the_page_compares_them() -> None:
    """The Conformance page has a comparison table per game, one column per implementation (a row
    per part and per row of the sheet), with the package versions, and the first differing cases
    with their dice."""
    text = "\n".join(implementations_section("conformance.md"))
    assert all(f"### {title}" in text for title in ("Kiriki", "10000", "Yahtzee", "Yatzy", "Yacht", "Greed", "Pig"))
    for needle in (
        "yahtzee-api 1.1.1",
        "pyhtzee 1.2.7",
        "yatzy-solver 1.0.0",
        "pyfarkle 0.1",
        "dicespec-js 2.0.0",
        "openspiel 2.0.2",
    ):
        assert markup.text(needle) in text, needle
    assert markup.text("✗ 156 differ of 7,776") in text
    kiriki = [line for line in text.split("### Kiriki")[1].split("###")[0].splitlines() if line.startswith("|")]
    header, rows = kiriki[0].split(" | "), [line.split(" | ")[0].strip("| ") for line in kiriki[2:]]
    playing = [
        data for entry in compared.entries() if (data := compared.read(entry)) and data["rulesets"].get("kiriki")
    ]
    assert len(header) == 1 + len(playing) > 2, header  # the corner, then an implementation each
    assert rows[:3] == ["Language", "Ruleset", "Spec cases"] and markup.code("large_straight") in rows, rows
    assert markup.text("kiriki/score/kiriki/11111/three_of_a_kind: 5 expected, 0 given") in text


def test_the_page_shows_the_rules_each_was_identified_as_playing_beside_its_results_under_them() -> None:
    """Below each implementation's findings, the rules dicespec identify found it plays (from
    fixtures/identified/*.json), game by game: the closest shipped ruleset, what differs, the
    answers no rule explains, and its results held to those rules."""
    text = "\n".join(implementations_section("conformance.md"))
    pyfarkle = text.split(markup.text("pyfarkle 0.1"))[-1].split("**[")[0]
    row = next(line for line in pyfarkle.splitlines() if line.startswith("| 10000 |"))
    cells = [cell.strip() for cell in row.strip("|").split(" | ")]
    assert cells[:4] == [
        "10000",
        markup.code("farkle-linear"),
        markup.verbatim(", ").join([markup.code("farkle_penalty"), markup.code("end")]),
        "0",
    ]
    assert cells[5] == "0 of 2,160 differ"  # 2,691 replays, 531 skipped (fixtures/identified)
    # one table an implementation (each has its identifications recorded)
    assert text.count(markup.code("dicespec identify")) == len(compared.entries())
