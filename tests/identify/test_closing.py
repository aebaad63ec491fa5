"""The closing conform run of ``dicespec identify`` judges refusals by the rules, as ``dicespec
conform`` does: a replay refused for another reason the rules give too (the shape-first fake's,
``tests/conformance_fakes/shape_first.py``) is counted apart, not as a difference, unless the run
holds the implementation to the reference's codes. Nor is the player to act once a game is over,
which carries no rule. A tie bug (``tests/conformance_fakes/tie_bug.py``) differs in the very games
``dicespec conform`` fails it on, each attributed to a tie and counted so in the summary."""

from __future__ import annotations

from typing import ClassVar

import pytest

from dicespec import corpus
from dicespec.conformance.transports.in_process import InProcessTransport
from dicespec.identify.closing import SHOWN, TIE, closing_conform, closing_json, closing_lines
from fakes import fake_module

RULES = "extends: yacht\nname: yacht-again\n"  # the rules identified: yacht's own
GAMES = 40


def closing(*, strict_refusals: bool):
    shape_first = fake_module("shape_first").ShapeFirst()
    return closing_conform(
        InProcessTransport(shape_first),
        RULES,
        "yacht",
        {},
        lambda case: case.args["row"],
        games=GAMES,
        strict_refusals=strict_refusals,
    )


def test_a_refusal_in_another_order_is_counted_apart_not_as_a_difference() -> None:
    found = closing(strict_refusals=False)
    assert found.games > 0 and found.games_failed == 0 and found.games_other_order > 0
    assert found.summary(0).endswith(
        f"games {found.games:,} replays, 0 differ, {found.games_other_order:,} refused in another order"
    )
    assert closing_json(found)["games"]["refused_in_another_order"] == found.games_other_order


def test_held_to_the_reference_s_codes_those_replays_differ() -> None:
    loose, strict = closing(strict_refusals=False), closing(strict_refusals=True)
    assert strict.games == loose.games
    assert (strict.games_failed, strict.games_other_order) == (loose.games_other_order, 0)
    assert "refused in another order" not in strict.summary(0)
    assert "refused_in_another_order" not in closing_json(strict)["games"]


class NextInTurn:
    """The reference adapter's engine, but once a game is over its answer names the next player in
    turn as the one to act (a part of the answer that carries no rule then)."""

    name = "next-in-turn"
    rulesets: ClassVar[dict[str, list[str]]] = {"yacht": ["yacht"]}

    def __init__(self) -> None:
        from dicespec.implementation import ReferenceImplementation

        self.reference = ReferenceImplementation()
        self.moved_on = 0  # answers whose player to act is not the reference's

    def replay(self, ruleset: str, players: int, actions: list[str]) -> dict:
        answer = self.reference.replay(ruleset, players, actions)
        if not answer["over"] or players == 1:
            return answer
        self.moved_on += 1
        return {**answer, "current": (answer["current"] + 1) % players}


def test_the_player_to_act_once_over_is_no_difference() -> None:
    engine = NextInTurn()
    found = closing_conform(InProcessTransport(engine), RULES, "yacht", {}, lambda case: case.args["row"], games=GAMES)
    assert found.games > 0 and (found.games_failed, found.games_skipped) == (0, 0)
    assert engine.moved_on > 0


def conform_s_games() -> tuple[int, set[str]]:
    """The replayed games conform replays under kiriki (every one, at the default seed): how many,
    and those that end in a tie, where the tie bug shows."""
    cases = list(corpus.games({"kiriki": ["kiriki"]}, kept=True))
    return len(cases), {case.id for case in cases if len(case.expected["winners"]) > 1}


@pytest.mark.slow  # seconds: Kiriki's every game (the ties are in the mirrored ones), and its exhaustive corpus
def test_a_tie_bug_differs_in_the_games_conform_fails_it_on_each_attributed_to_a_tie() -> None:
    """The rules identified are kiriki's own; the closing run replays conform's games under kiriki
    (the same case ids), and the games that differ are the tied ones, each attributed to a tie."""
    engine = fake_module("tie_bug").implementation
    found = closing_conform(
        InProcessTransport(engine), "extends: kiriki\nname: kiriki-again\n", "kiriki", {}, lambda case: case.op
    )
    games, ties = conform_s_games()
    assert ties and found.games == games
    assert {each.case for each in found.attributed} == ties
    assert len(ties) > SHOWN and len(found.failing) == SHOWN and set(found.failing) <= ties  # a few named
    assert {(each.cause, each.to) for each in found.attributed} == {(TIE, "the winners of a tie")}
    assert found.games_failed == len(ties) and found.found_here == []
    assert found.summary(0).endswith(f"{len(ties):,} differ ({len(ties):,} by a tie)")
    assert f"  by a tie: the winners of a tie: {len(ties)}" in closing_lines(found, 0, timings=False)
    assert closing_json(found)["games"]["causes"] == {TIE: len(ties)}
