"""The conformance corpus: it streams; its replayed games: the reference's answers, stable unique
ids, and games that reach what the rules are about."""

from __future__ import annotations

import inspect
from collections import Counter
from itertools import pairwise
from pathlib import Path

import pytest

from dicespec import corpus
from dicespec.conformance.serving.adapter import reference_games
from dicespec.implementation import ReferenceImplementation
from dicespec.rulesets import declare_file

REFERENCE = ReferenceImplementation()


def test_the_corpus_streams() -> None:
    """The corpus is generated as it is consumed, never held in a list."""
    assert inspect.isgenerator(corpus.exhaustive(reference_games()))
    assert inspect.isgenerator(corpus.games(reference_games()))


@pytest.mark.slow
def test_game_answers_are_the_reference_replays() -> None:
    """A game case expects what the reference answers when it replays the case's actions, and
    holds the code of every check of the rules its refused action fails, the answered one first,
    though the corpus computes them from the game as it is played."""
    several = 0
    for case in corpus.games(reference_games(), count=4):
        assert getattr(REFERENCE, case.op)(**case.args) == case.expected, case.id
        rejected = case.expected["rejected"]
        assert (rejected is None) == (case.refusals == ()), case.id
        if rejected is not None:
            assert list(case.refusals) == REFERENCE.replay_refusals(**case.args), case.id
            assert rejected["code"] == case.refusals[0], case.id
        several += len(case.refusals) > 1
    assert several, "no action refused for more than one reason"


@pytest.fixture(scope="module")
def thirty_games() -> list[corpus.Case]:
    """The corpus's first 30 games of every reference ruleset, played once for the code that plays
    them and kept (``corpus.kept_games``: read back, the same cases), as conform keeps them."""
    return list(corpus.games(reference_games(), count=30, kept=True))


@pytest.mark.slow
def test_game_case_ids_are_unique(thirty_games: list[corpus.Case]) -> None:
    ids = [case.id for case in thirty_games]
    assert len(ids) == len(set(ids))


def test_games_are_the_same_for_a_seed() -> None:
    first = [(c.id, c.args, c.expected) for c in corpus.games({"kiriki": ["kiriki"]}, count=3, seed=7)]
    again = [(c.id, c.args, c.expected) for c in corpus.games({"kiriki": ["kiriki"]}, count=3, seed=7)]
    other = [(c.id, c.args, c.expected) for c in corpus.games({"kiriki": ["kiriki"]}, count=3, seed=8)]
    assert first == again != other


def test_rules_seeded_as_a_ruleset_play_its_games(tmp_path: Path) -> None:
    # rules alike under another name: that ruleset's very games (ids, requests, answers); other
    # rules (no extra kirikis): from the same seeds, the games those rules let be played
    path = tmp_path / "rules.yaml"
    path.write_text("extends: kiriki\nname: kiriki-again\n", encoding="utf-8")
    declare_file(path)
    shipped = list(corpus.games({"kiriki": ["kiriki"]}, count=4))
    again = list(corpus.games({"kiriki": ["kiriki-again"]}, count=4, seeded_as={"kiriki-again": "kiriki"}))
    assert again == shipped
    other = list(corpus.games({"kiriki": ["kiriki-no-extra"]}, count=4, seeded_as={"kiriki-no-extra": "kiriki"}))
    assert [c.id.rsplit("/", 1)[0] for c in other][:1] == ["kiriki/game/kiriki/000"]
    assert {c.args["ruleset"] for c in other} == {"kiriki"}
    reference = ReferenceImplementation()
    assert all(reference.replay("kiriki-no-extra", c.args["players"], c.args["actions"]) == c.expected for c in other)
    assert other != shipped


def _hot_dice(actions: list[str]) -> bool:
    """Does a roll of six dice follow a set-aside within a turn (every die had scored)?"""
    return any(a.startswith("set ") and b.startswith("roll ") and len(b) == 11 for a, b in pairwise(actions))


def test_games_reach_what_the_rules_are_about(thirty_games: list[corpus.Case]) -> None:
    """Over a few dozen games: upper bonuses, extra kirikis, turns ending with no score, games
    over, hot dice, farkles, players getting on the board, ties, Yahtzee bonuses, jokers the forced
    rule refuses, Greed's partial set-asides, and refused actions of each kind."""
    seen: Counter[str] = Counter()
    for case in thirty_games:
        answer, actions = case.expected, case.args["actions"]
        if "lines" in answer["players"][0]:  # a score-sheet game
            seen["bonus"] += any(p["lines"].get("bonus") for p in answer["players"])
            seen["yahtzee bonus"] += any(p["lines"].get("yahtzee_bonus") for p in answer["players"])
            seen["extra turn"] += any(p["extra_turns"] for p in answer["players"])
            seen["end"] += "end" in actions
        else:
            seen["on board"] += any(p["on_board"] for p in answer["players"])
            seen["hot dice"] += _hot_dice(actions)
            seen["farkle"] += any(a.startswith("roll") and b.startswith("roll") for a, b in pairwise(actions))
        seen[f"{case.kind} over"] += answer["over"]
        if answer["rejected"]:
            seen[f"{case.kind} refused {answer['rejected']['code']}"] += 1
    wanted = [
        "bonus",
        "extra turn",
        "end",
        "on board",
        "hot dice",
        "farkle",
        "kiriki game over",
        "10000 game over",
        *(
            f"kiriki game refused {code}"
            for code in (
                "not-rolled",
                "already-rolled",
                "no-rolls-left",
                "empty-reroll",
                "bad-die-index",
                "row-used",
                "rows-still-open",
                "not-playable",
                "bad-dice",
            )
        ),
        *(
            f"10000 game refused {code}"
            for code in (
                "not-rolled",
                "must-set-aside",
                "already-set-aside",
                "bad-dice",
                "below-entry",
                "not-scoring",
                "too-many-dice",
            )
        ),
        "yahtzee bonus",
        "yahtzee game refused joker-row",
        "greed game refused scoring-dice-left",
    ]
    assert [what for what in wanted if not seen[what]] == []
