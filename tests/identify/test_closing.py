"""The closing conform run of ``dicespec identify`` judges refusals by the rules, as ``dicespec
conform`` does: a replay refused for another reason the rules give too (the shape-first fake's,
``tests/conformance_fakes/shape_first.py``) is counted apart, not as a difference, unless the run
holds the implementation to the reference's codes."""

from __future__ import annotations

from dicespec.conformance.transports.in_process import InProcessTransport
from dicespec.identify.closing import closing_conform, closing_json
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
    assert found.summary(0, 0).endswith(
        f"games {found.games:,} replays, 0 differ, {found.games_other_order:,} refused in another order"
        " (unexplained replays: 0)"
    )
    assert closing_json(found)["games"]["refused_in_another_order"] == found.games_other_order


def test_held_to_the_reference_s_codes_those_replays_differ() -> None:
    loose, strict = closing(strict_refusals=False), closing(strict_refusals=True)
    assert strict.games == loose.games
    assert (strict.games_failed, strict.games_other_order) == (loose.games_other_order, 0)
    assert "refused in another order" not in strict.summary(0, 0)
    assert "refused_in_another_order" not in closing_json(strict)["games"]
