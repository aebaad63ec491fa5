"""Replayed score-sheet games (Kiriki, Yahtzee, …): seeded policies, played through the engine."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from dicespec.corpus.case import Case, digits
from dicespec.corpus.moves import Move, Moves, OwnDiceGame, play_out
from dicespec.corpus.record import Record, players_for
from dicespec.dice import FACES, Roll
from dicespec.implementation import sheet_replay_answer
from dicespec.registry import Game
from dicespec.replay import no_random_dice
from dicespec.rulesets import find_ruleset_of
from dicespec.scoresheet.ruleset import SheetRuleset


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


def _five_row_first(rng: random.Random, game: Any, rows: tuple[Any, ...]) -> Any:
    """The five-of-a-kind row while it may be scored in, else the first row allowed."""
    five = game.ruleset.five_of_a_kind
    return (
        five.row
        if five is not None and five.row in rows and game.sheet(game.current_player).is_open(five.row)
        else rows[0]
    )


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
    # chases five of a kind, but fills its row first and then the others top to bottom, whatever they
    # score: the five-of-a-kind row is most often scratched with 0, and later ones offered to it
    "five-row-first": SheetPolicy(lambda rng, game: _all_but(game.dice, _most_common(game.dice)), _five_row_first),
}


MIRRORED = 10
"""One game in this many (its index's last digit 9), of several players and a policy that chooses
by the dice and the sheet alone, is mirrored: each player throws the first player's dice, turn by
turn, and so plays the same sheet; the game ends in a tie, which the rules of the winner decide."""


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


def chance_rules(rules: SheetRuleset) -> tuple[str, ...]:
    """The rules of ``rules`` that only particular dice bring up in a game (what an engine that
    rolls its own dice shows of them, it shows by chance), by their keys in a ruleset file."""
    five = rules.five_of_a_kind
    found = {
        "upper_bonus": rules.bonus_more_than is not None,
        "five_of_a_kind": five is not None,
        "five_of_a_kind.repeat": five is not None and five.repeat_adds is not None,
        "five_of_a_kind.extra_turns": five is not None and five.extra_turns != "none",
        "joker": five is not None and rules.joker != "none",
        "first_roll": any(row.first_roll_adds or row.first_roll_wins for row in rules.rows.values()),
    }
    return tuple(rule for rule, applies in found.items() if applies)


def _own_refusals(game: Any, rules: SheetRuleset, action: str) -> tuple[str, ...]:
    """The code of every check of the rules ``action`` (in the own-dice notation: ``roll``,
    ``reroll 1,2``, ``score chance``, ``end``) fails now, in the order they are made."""
    from dicespec.scoresheet.replay import parse_action, refusals

    verb, _, rest = action.partition(" ")
    if verb == "roll":
        found = game.roll_refusals()
    elif verb == "reroll":
        found = game.reroll_refusals(tuple(int(p) - 1 for p in rest.split(",")) if rest else ())
    else:
        return refusals(game, parse_action(action, rules))
    return tuple(dict.fromkeys(refusal.code for refusal in found))


Probe = Callable[..., Iterator[Move]]  # (chance, action, steered): the probes to try here, if any


def _spent_saved_rolls(rules: SheetRuleset, game: Any) -> bool:
    """Has the turn made its own rolls and every saved roll it drew on (under saved rolls)?"""
    return rules.saved_rolls and not game.rolls_left and game.state.rolls > rules.rolls_per_turn


def _steered(
    rng: random.Random, rules: SheetRuleset, sheet: Any, roll: Roll | None, joker: bool
) -> Callable[[], str] | None:
    """The action to try now because a rule that needs particular dice decides it (tried each
    time, beyond a game's few probes): a five of a kind offered to its row scratched with 0 (which
    takes no repeat), or a joker put in any open row (where the joker rule decides: the forced one
    may refuse it), one of the two at random where both come up; ``None`` where neither does."""
    five = rules.five_of_a_kind
    if five is None or roll is None or not rules.five_of_a_kind_fits(roll.counts):
        return None
    actions = []
    if not sheet.is_open(five.row) and sheet.cells.get(five.row) == 0:
        actions.append(lambda: f"score {five.row}")
    if joker:
        actions.append(lambda: f"score {rng.choice(sheet.open_rows(rules))}")
    return rng.choice(actions) if len(actions) > 1 else next(iter(actions), None)


def _moves(
    rules: SheetRuleset,
    game: Any,
    rng: random.Random,
    policy: SheetPolicy,
    record: Record,
    probe: Probe,
    *,
    mirror: bool = False,
) -> Moves:
    """The game's moves, played as ``policy`` plays, the dice of each throw sent in. With
    ``mirror`` (a policy that chooses by the dice and the sheet alone), every other player's turn
    throws the dice of the first player's turn of that number: the same sheets, a tie."""
    from dicespec.scoresheet.game import is_joker, is_repeat

    five = rules.five_of_a_kind
    five_row = f"score {five.row}" if five else None
    first_player: list[list[str]] = []  # with mirror: the dice of each throw of the first player's turns
    while not game.is_over:
        yield from probe()
        player_index = game.state.current
        before = game.state.players[player_index]
        copying = mirror and player_index > 0 and before.turns_taken < len(first_player)
        copied = iter(first_player[before.turns_taken] if copying else ())
        throws: list[str] = []
        dice = yield Move("roll", rules.dice, before=game.state, loaded=next(copied, None))
        throws.append(str(game.roll(dice)))
        record.actions.append(f"roll {throws[-1]}")
        while game.rolls_left:
            yield from probe()
            reroll = policy.reroll(rng, game)
            if reroll is None:
                break
            named = ",".join(str(p + 1) for p in reroll)
            dice = yield Move(
                f"reroll {named}", len(reroll), tuple(reroll), before=game.state, loaded=next(copied, None)
            )
            thrown = game.reroll(reroll, dice)
            throws.append(digits(thrown[p] for p in reroll))
            record.actions.append(f"reroll {named}={throws[-1]}")
        if mirror and player_index == 0:
            first_player.append(throws)
        sheet, roll, first = game.sheet(game.current_player), game.dice, game.state.rolls == 1
        joker = roll is not None and is_joker(rules, sheet, roll)
        steer = _steered(rng, rules, sheet, roll, joker)
        if steer is None and _spent_saved_rolls(rules, game) and not record.probed("no-saved-rolls"):
            # once a game: a turn that spent its saved rolls rolls no more (a reroll of any shape)
            steer = lambda: rng.choice(("reroll 1=6", "reroll =", f"reroll {rules.dice + 1}=1", "reroll 1=66"))  # noqa: E731
        # each time a rule that needs particular dice decides an action, that action is tried
        yield from probe() if steer is None else probe(1.0, steer, True)
        rows = game.scorable_rows()
        if rows:
            row = policy.row(rng, game, rows)
            repeat, spec, ahead = is_repeat(rules, sheet, roll), rules.rows[row], game.state
            points = game.score(row)
            record.actions.append(f"score {row}")
            yield Move(f"score {row}", before=ahead, after=game.state)
            record.came(
                five_of_a_kind=five is not None and row == five.row and sheet.is_open(row) and points > 0,
                joker=joker,
                first_roll=first and bool(spec.first_roll_adds or spec.first_roll_wins) and spec.rule.fits(roll.counts),
                **{"five_of_a_kind.repeat": repeat},
            )
        else:
            ahead = game.state
            game.end_turn()
            record.actions.append("end")
            yield Move("end", before=ahead, after=game.state)
        player = game.state.players[player_index]
        record.came(
            upper_bonus=player.sheet.bonus(rules) != before.sheet.bonus(rules),
            **{"five_of_a_kind.extra_turns": player.extra_turns != before.extra_turns},
        )
        notable = (
            player.extra_turns != before.extra_turns
            or player.sheet.bonus(rules) != before.sheet.bonus(rules)
            or record.actions[-1] in ("end", five_row)
            or game.is_over
        )
        record.turn_end(game.state, notable)
    yield from probe()


def _seeded(
    game_: Game,
    ruleset: str,
    index: int,
    seed: int,
    players: Sequence[int],
    *,
    own_dice: bool,
    seeded_as: str | None = None,
) -> tuple[Record, random.Random, Any, Moves]:
    """One seeded game: its record, its random numbers, the reference's game and its moves (the
    probes tried on the way: on the reference's game and put back, or, with ``own_dice``, asked of
    the implementation where the rules refuse them)."""
    from dicespec.scoresheet.game import SheetActionError, SheetGame
    from dicespec.scoresheet.replay import apply_action, parse_action, refusals

    rules = find_ruleset_of(SheetRuleset, ruleset)
    named = seeded_as or ruleset  # the ruleset whose game of this index it is: its seed, its ids
    rng = random.Random(f"dicespec/{seed}/{game_.name}/{named}/{index}")
    name = list(POLICIES)[index % len(POLICIES)]
    record = Record(
        game_, named, index, players_for(rng, rules, players), name, lambda result: sheet_replay_answer(rules, result)
    )
    game = SheetGame(rules, record.players, dice=no_random_dice)

    def probe(chance: float = 0.04, action: Callable[[], str] | None = None, steered: bool = False) -> Iterator[Move]:
        text = action or (lambda: _probe(rng, game))
        if own_dice:
            return record.own_probe(
                rng, chance, game.state, text, lambda a: _own_refusals(game, rules, a), steered=steered
            )
        record.probe(
            rng,
            chance,
            game,
            text,
            lambda a: apply_action(game, parse_action(a, rules)),
            SheetActionError,
            lambda a: refusals(game, parse_action(a, rules)),
            steered=steered,
        )
        return iter(())

    mirror = record.players > 1 and name != "random" and index % MIRRORED == MIRRORED - 1
    return record, rng, game, _moves(rules, game, rng, POLICIES[name], record, probe, mirror=mirror)


def play(
    game_: Game, ruleset: str, index: int, seed: int, players: Sequence[int] = (), seeded_as: str | None = None
) -> Iterator[Case]:
    """One seeded replayed game, asked at several points (by one of ``players`` players, if given;
    ``seeded_as``: the game of that index of another ruleset, played under these rules)."""
    record, rng, _, moves = _seeded(game_, ruleset, index, seed, players, own_dice=False, seeded_as=seeded_as)
    play_out(moves, lambda n: [rng.randint(1, 6) for _ in range(n)])
    yield from record.cases(rng)


def own_dice_game(game_: Game, ruleset: str, index: int, seed: int, players: Sequence[int] = ()) -> OwnDiceGame:
    """One seeded game, as the replayed game of the same index is played, for an implementation
    that rolls its own dice: its moves, sent the dice it shows."""
    record, _, game, moves = _seeded(game_, ruleset, index, seed, players, own_dice=True)
    return record.own_dice_game(moves, lambda: game.state)
