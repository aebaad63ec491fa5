"""Replayed score-sheet games (Kiriki, Yahtzee, …): seeded policies, played through the engine."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from dicespec.corpus.case import Case, digits
from dicespec.corpus.record import Record, players_for
from dicespec.dice import FACES, Roll
from dicespec.implementation import sheet_replay_answer
from dicespec.registry import Game
from dicespec.rulesets import find_ruleset_of


def _most_common(dice: Roll, faces: Sequence[int] = FACES) -> int:
    """Among ``faces``, the one shown most often (the highest among equals)."""
    counts = dice.counts
    return max(faces, key=lambda face: (counts[face - 1], face))


def _all_but(dice: Roll, face: int) -> list[int] | None:
    """The positions of the dice not showing ``face`` (``None``: there are none)."""
    return [i for i, die in enumerate(dice) if die != face] or None


def _points(game: Any, row: str) -> int:
    """What scoring the dice in ``row`` (an allowed row) writes now (with its first-roll points
    on the turn's first roll)."""
    from dicespec.scoresheet.game import points_in

    first = game.state.rolls == 1
    return points_in(game.ruleset, game.sheet(game.current_player), game.dice, row, first_roll=first)


def _best_row(rng: random.Random, game: Any, rows: tuple[Any, ...]) -> Any:
    return max(rows, key=lambda row: (_points(game, row), -rows.index(row)))


def _random_row(rng: random.Random, game: Any, rows: tuple[Any, ...]) -> Any:
    return rng.choice(rows)


def _open_upper_faces(game: Any) -> list[int]:
    sheet = game.sheet(game.current_player)
    return [face for face in FACES if (row := game.ruleset.face_row(face)) is not None and sheet.is_open(row)]


def _upper_row(rng: random.Random, game: Any, rows: tuple[Any, ...]) -> Any:
    """The upper row of the face shown most (three times at least), else the best row."""
    faces = _open_upper_faces(game)
    if faces:
        face = _most_common(game.dice, faces)
        if game.dice.counts[face - 1] >= 3 and game.ruleset.face_row(face) in rows:
            return game.ruleset.face_row(face)
    return _best_row(rng, game, rows)


def _some(rng: random.Random, dice: int) -> list[int]:
    return sorted(rng.sample(range(dice), rng.randint(1, dice)))


@dataclass(frozen=True)
class SheetPolicy:
    """What a player rerolls, and where they score."""

    reroll: Callable[[random.Random, Any], list[int] | None]  # positions to reroll now; None: stop
    row: Callable[[random.Random, Any, tuple[Any, ...]], Any]  # the row, among those allowed


POLICIES: dict[str, SheetPolicy] = {
    # rerolls any dice now and then, scores anywhere
    "random": SheetPolicy(lambda rng, game: _some(rng, game.ruleset.dice) if rng.random() < 0.5 else None, _random_row),
    # keeps the first roll, takes the most points
    "greedy": SheetPolicy(lambda rng, game: None, _best_row),
    # keeps the face shown most, rerolls the rest: kirikis and repeat kirikis
    "chaser": SheetPolicy(lambda rng, game: _all_but(game.dice, _most_common(game.dice)), _best_row),
    # fills the upper rows three or more at a time: upper bonuses
    "upper": SheetPolicy(
        lambda rng, game: _all_but(game.dice, _most_common(game.dice, _open_upper_faces(game) or FACES)), _upper_row
    ),
    # chases five of a kind but fills the rows top to bottom, whatever they score
    "in-order": SheetPolicy(
        lambda rng, game: _all_but(game.dice, _most_common(game.dice)), lambda rng, game, rows: rows[0]
    ),
}


def _probe(rng: random.Random, game: Any) -> str:
    """An action the rules most likely refuse now (the engine decides)."""
    rows, lines = game.ruleset.row_ids, game.ruleset.derived_lines
    state = game.state
    sheet = state.players[state.current].sheet
    five = digits(rng.choices(FACES, k=game.ruleset.dice))
    if state.is_over:
        return rng.choice([f"roll {five}", f"score {rows[-1]}", "end"])
    if state.dice is None:
        return rng.choice([f"score {rng.choice(rows)}", "reroll 1=6", "end"])
    used = [row for row in rows if not sheet.is_open(row)]
    choices = [
        f"roll {five}",
        "end",
        "reroll =",
        f"reroll {game.ruleset.dice + 1}=1",
        "reroll 2,2=11",
        "reroll 1,2=6",
        f"score {rng.choice(lines)}",
    ]
    if used:
        choices.append(f"score {rng.choice(used)}")
    if game.rolls_left == 0:
        choices.append("reroll 1=1")
    return rng.choice(choices)


def play(game_: Game, ruleset: str, index: int, seed: int, players: Sequence[int] = ()) -> Iterator[Case]:
    """One seeded replayed game, asked at several points (by one of ``players`` players, if given)."""
    from dicespec.scoresheet.game import SheetActionError, SheetGame, is_joker
    from dicespec.scoresheet.replay import apply_action, parse_action, refusals
    from dicespec.scoresheet.ruleset import SheetRuleset

    rules = find_ruleset_of(SheetRuleset, ruleset)
    rng = random.Random(f"dicespec/{seed}/{game_.name}/{ruleset}/{index}")
    name = list(POLICIES)[index % len(POLICIES)]
    policy = POLICIES[name]
    record = Record(
        game_, ruleset, index, players_for(rng, rules, players), name, lambda result: sheet_replay_answer(rules, result)
    )
    game = SheetGame(rules, record.players, dice=lambda n: [rng.randint(1, 6) for _ in range(n)])
    five_row = f"score {rules.five_of_a_kind.row}" if rules.five_of_a_kind else None

    def probe(chance: float = 0.04, action: Callable[[], str] | None = None) -> None:
        record.probe(
            rng,
            chance,
            game,
            action or (lambda: _probe(rng, game)),
            lambda a: apply_action(game, parse_action(a, rules)),
            SheetActionError,
            lambda a: refusals(game, parse_action(a, rules)),
        )

    while not game.is_over:
        probe()
        player_index = game.state.current
        before = game.state.players[player_index]
        record.actions.append(f"roll {game.roll()}")
        while game.rolls_left:
            probe()
            reroll = policy.reroll(rng, game)
            if reroll is None:
                break
            dice = game.reroll(reroll)
            record.actions.append(f"reroll {','.join(str(p + 1) for p in reroll)}={digits(dice[p] for p in reroll)}")
        probe()
        sheet = game.sheet(game.current_player)
        if game.dice is not None and is_joker(rules, sheet, game.dice):
            # a joker: try it in any open row, where the joker rule decides (the forced one may refuse)
            probe(1.0, lambda: f"score {rng.choice(sheet.open_rows(rules))}")  # noqa: B023  (asked at once, this turn)
        rows = game.scorable_rows()
        if rows:
            row = policy.row(rng, game, rows)
            game.score(row)
            record.actions.append(f"score {row}")
        else:
            game.end_turn()
            record.actions.append("end")
        player = game.state.players[player_index]
        notable = (
            player.extra_turns != before.extra_turns
            or player.sheet.bonus(rules) != before.sheet.bonus(rules)
            or record.actions[-1] in ("end", five_row)
            or game.is_over
        )
        record.turn_end(game.state, notable)
    probe()
    yield from record.cases(rng)
