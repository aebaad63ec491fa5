"""``dicespec identify`` of an engine that rolls its own dice (its hello's ``dice``: ``own``).

Its scoring needs no dice of a game: every roll in every row (or every best and every set-aside)
is asked and fitted as any engine's. Its game flow is found by replays whose dice are chosen to
tell the rules apart, which cannot be asked of it: none is asked (:class:`NoReplays`), and the
report lists the rules of its flow as undecided, needing chosen dice (:func:`needs_chosen_dice`,
each family's flow rules by this module's own table, :data:`FLOW_RULES`). The closing conform run
then plays the identified rules' games with it move by move, its own dice thrown
(:func:`own_dice_games`, as ``dicespec conform`` does: :mod:`dicespec.conformance.run.own_dice`),
so that its flow is checked against the extended ruleset's where its dice bring each rule up.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from dicespec.conformance.protocol.messages import Outcome
from dicespec.conformance.run.own_dice import play
from dicespec.conformance.run.report import Recorder
from dicespec.conformance.run.target import AskedAs, Options
from dicespec.identify.aside_flow import aside_flow_values
from dicespec.identify.sheet_flow import flow_values

REPLAY = "replay"

FLOW_RULES: dict[str, Callable[[Any], dict[str, Any]]] = {
    "score-sheet": flow_values,
    "set-aside": aside_flow_values,
}
"""Each family's rules of game flow, by family name: what identify finds by replays."""


class NoReplays:
    """A transport that asks no replay: an engine that rolls its own dice cannot be given the dice
    of one (answered as it would answer, ``cannot_ask``); anything else is the transport's own."""

    WHY = "it rolls its own dice: the dice of a replay cannot be given to it"

    def __init__(self, transport: Any) -> None:
        self.transport = transport

    def __getattr__(self, name: str) -> Any:
        return getattr(self.transport, name)

    def call(self, op: str, args: dict[str, Any]) -> Outcome:
        if op == REPLAY:
            return Outcome("cannot", self.WHY)
        outcome: Outcome = self.transport.call(op, args)
        return outcome


def needs_chosen_dice(family: str, rules: Any) -> str:
    """Why the game flow of an engine that rolls its own dice is not probed: the rules it would
    decide, each needing chosen dice."""
    keys = ", ".join(FLOW_RULES[family](rules))
    return (
        f"it rolls its own dice, and these rules need chosen dice: {keys} (undecided; the closing "
        "conform run plays its games move by move)"
    )


class Played(NamedTuple):
    """The closing run's games played with the engine's own dice: how many, and how they went."""

    games: int
    failed: int
    skipped: int
    other_order: int
    failing: list[str]


def own_dice_games(
    transport: Any,
    name: str,
    asked: str,
    game: str,
    players: Sequence[int],
    *,
    games: int,
    strict_refusals: bool,
    shown: int,
) -> Played:
    """``games`` games of the rules ``name`` (of ``game``), asked under ``asked`` and played move by
    move with the engine's own dice, as ``dicespec conform`` plays them (by one of ``players``
    players, where it plays only some counts); the first ``shown`` failing games' ids."""
    recorder = Recorder()
    options = Options(games=games, strict_refusals=strict_refusals)
    play(
        {game: [name]},
        AskedAs(transport, {name: asked}),
        options,
        recorder,
        players={game: players} if players else None,
    )
    passed, failed, errored, skipped = recorder.totals()
    failing = list(recorder.not_passing)[:shown]
    return Played(
        passed + failed + errored + skipped, failed + errored, skipped, sum(recorder.other_orders.values()), failing
    )
