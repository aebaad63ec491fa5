"""Replayed set-aside games (10000, Farkle, Greed, …): seeded policies, played through the engine."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from dicespec.corpus.case import Case, digits
from dicespec.corpus.moves import Move, Moves, OwnDiceGame, play_out
from dicespec.corpus.record import Record, players_for
from dicespec.dice import FACES
from dicespec.implementation import set_aside_replay_answer
from dicespec.registry import Game
from dicespec.replay import no_random_dice
from dicespec.rulesets import find_ruleset_of

if TYPE_CHECKING:
    from dicespec.setaside.combos import Option
    from dicespec.setaside.game import GameState
    from dicespec.setaside.ruleset import SetAsideRuleset


@dataclass(frozen=True)
class SetAsidePolicy:
    """How a player sets aside and when they bank."""

    pick: str  # "most" (most points, fewest dice), "fewest" (fewest dice) or "random"
    bank_at: int  # bank once the turn holds this much (and may bank)
    bank_chance: float = 1.0  # ... with this chance
    reckless: bool = False  # bank below the entry when the ruleset lets that score nothing


POLICIES: dict[str, SetAsidePolicy] = {
    "greedy-300": SetAsidePolicy("most", 300),
    "greedy-1000": SetAsidePolicy("most", 1000),
    "singles-500": SetAsidePolicy("fewest", 500),
    "random": SetAsidePolicy("random", 200, 0.4),
    "reckless": SetAsidePolicy("most", 250, 0.5, reckless=True),
    "hot-dice-chaser": SetAsidePolicy("most", 2000),
}


def _probe(rng: random.Random, game: Any) -> str:
    from dicespec.setaside.game import Phase

    state = game.state
    hand = digits(rng.choices(FACES, k=state.dice_left))
    if state.is_over:
        return rng.choice([f"roll {hand}", "bank", "set 5"])
    if state.phase is Phase.TURN_START:
        return rng.choice(["set 5", "bank", f"roll {hand}1"])
    if state.phase is Phase.ROLLED:
        dice = list(state.dice)
        part = rng.sample(dice, rng.randint(1, len(dice)))
        return rng.choice(
            [
                "bank",
                f"roll {hand}",
                f"set {digits(part)}",
                "set 1111111",
                f"set {digits(sorted(dice))}{rng.choice(FACES)}",
            ]
        )
    return rng.choice(["set 1", "bank", f"roll {hand}{rng.choice(FACES)}"])


# Where the game around a turn matters, every policy also plays as a player would, so that a
# seeded game ends: under an end that must hit the target exactly, it takes the set-aside that
# lands on the target and banks there; one farkle short of a farkle penalty, it banks as soon as
# it may. Neither applies (nor draws a random number) under any other ruleset.


def _hitting_target(rules: SetAsideRuleset, state: GameState, choices: Sequence[Option]) -> Option | None:
    """The set-aside that makes the turn land on a target to hit exactly, if there is one."""
    if not rules.exact_target:
        return None
    needed = rules.target - state.players[state.current].score - state.turn_points
    return next((option for option in choices if option.points == needed), None)


def _hits_target(rules: SetAsideRuleset, state: GameState) -> bool:
    """Does banking now hit a target to hit exactly?"""
    return rules.exact_target and state.players[state.current].score + state.turn_points == rules.target


def _plays_safe(rules: SetAsideRuleset, state: GameState) -> bool:
    """Is the player one farkle short of the ruleset's farkle penalty?"""
    penalty = rules.farkle_penalty
    return penalty is not None and (state.players[state.current].farkles_in_a_row or 0) + 1 >= penalty.farkles


def _bank_at(rules: SetAsideRuleset, policy: SetAsidePolicy) -> int:
    """The turn's points at which ``policy`` banks under ``rules``: its own figure, made for dice
    whose best single die scores 100 (10000, Farkle, Greed), scaled to the ruleset's best single
    die (Pig's 6: greedy-300 banks at 18), and never past the target (a turn that reaches it wins)."""
    best_single = max(rules.singles)
    scaled = policy.bank_at if best_single >= 100 else policy.bank_at * best_single // 100
    return min(scaled, rules.target)


def chance_rules(rules: SetAsideRuleset) -> tuple[str, ...]:
    """The rules of ``rules`` that only particular dice bring up in a game (what an engine that
    rolls its own dice shows of them, it shows by chance), by their keys in a ruleset file."""
    found = {
        "hot_dice": True,
        "farkle_penalty": rules.farkle_penalty is not None,
        "instant_win": rules.instant_win is not None,
        "end.exact": rules.exact_target,
    }
    return tuple(rule for rule, applies in found.items() if applies)


def _own_refusals(game: Any, action: str) -> tuple[str, ...]:
    """The code of every check of the rules ``action`` (in the own-dice notation: ``roll``,
    ``set 15``, ``bank``) fails now, in the order they are made."""
    from dicespec.setaside.replay import parse_action, refusals

    if action == "roll":
        return tuple(dict.fromkeys(refusal.code for refusal in game.roll_refusals()))
    return refusals(game, parse_action(action))


LOADED = 0.01
"""How often a roll that may throw the instant win's dice of a kind after the turn's first roll
(after hot dice) throws them, once a game at most: whether they win at once there is the rule."""


def _of_a_kind_now(rules: SetAsideRuleset, state: Any, rng: random.Random) -> str | None:
    """Now and then, the dice of a kind that win at once (and the others at random) for a roll
    that is not the turn's first, where the ruleset has an instant win: ``None`` else."""
    from dicespec.setaside.game import Phase

    instant = rules.instant_win
    if instant is None or state.phase is Phase.TURN_START or state.dice_left < instant.of_a_kind:
        return None
    if rng.random() >= LOADED:
        return None
    face = rng.randint(1, 6)
    return digits([face] * instant.of_a_kind + [rng.randint(1, 6) for _ in range(state.dice_left - instant.of_a_kind)])


def _moves(
    rules: SetAsideRuleset,
    game: Any,
    rng: random.Random,
    policy: SetAsidePolicy,
    record: Record,
    probe: Callable[[], Iterator[Move]],
) -> Moves:
    """The game's moves, played as ``policy`` plays, the dice of each throw sent in."""
    from dicespec.setaside.combos import options
    from dicespec.setaside.game import Phase, is_entry_bank, must_roll
    from dicespec.setaside.ruleset import BelowEntry

    bank_at = _bank_at(rules, policy)
    turns = 0
    loaded = False  # a roll of dice of a kind thrown yet (once a game at most)
    while not game.is_over:
        turns += 1
        assert turns < 5000, f"{record}: the game does not end"
        player_index = game.state.current
        before = game.state.players[player_index]
        hot = False
        while True:  # one turn
            yield from probe()
            of_a_kind = None if loaded else _of_a_kind_now(rules, game.state, rng)
            loaded = loaded or of_a_kind is not None
            dice = yield Move("roll", game.state.dice_left, before=game.state, loaded=of_a_kind)
            record.actions.append(f"roll {game.roll(dice)}")
            if game.state.phase is Phase.TURN_START or game.is_over:
                break  # a farkle: the turn is over
            yield from probe()
            assert game.state.dice is not None  # rolled, and no farkle
            choices = options(rules, game.state.dice)
            hitting = _hitting_target(rules, game.state, choices)
            if hitting is not None:
                option = hitting
            elif policy.pick == "most":
                option = choices[0]
            elif policy.pick == "fewest":
                option = min(choices, key=lambda o: (len(o.dice), -o.points))
            else:
                option = rng.choice(choices)
            ahead = game.state
            game.set_aside(option.dice)
            record.actions.append(f"set {option.dice}")
            yield Move(f"set {option.dice}", before=ahead, after=game.state)
            hot = hot or game.state.dice_left == rules.dice
            yield from probe()
            state = game.state
            if must_roll(rules, state):
                continue
            entered = is_entry_bank(rules, state.players[player_index], state.turn_points)
            may_bank = entered or (policy.reckless and rules.below_entry is BelowEntry.SCORES_NOTHING)
            if may_bank and (_hits_target(rules, state) or _plays_safe(rules, state)):
                game.bank()
                record.actions.append("bank")
                yield Move("bank", before=state, after=game.state)
                break
            if may_bank and state.turn_points >= bank_at and rng.random() <= policy.bank_chance:
                game.bank()
                record.actions.append("bank")
                yield Move("bank", before=state, after=game.state)
                break
        after = game.state.players[player_index]
        banked_nothing = after.score == before.score and record.actions[-1] == "bank"
        record.came(
            hot_dice=hot,
            instant_win=game.state.won_at_once_by is not None,
            farkle_penalty=rules.farkle_penalty is not None  # a farkle that starts the count again
            and record.actions[-1].startswith("roll")
            and game.state.won_at_once_by is None
            and after.farkles_in_a_row == 0,
            **{"end.exact": rules.exact_target and banked_nothing and before.on_board},
        )
        notable = hot or after.on_board != before.on_board or game.is_over or banked_nothing
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
    from dicespec.setaside.errors import SetAsideRulesError
    from dicespec.setaside.game import SetAsideGame
    from dicespec.setaside.replay import apply_action, parse_action, refusals
    from dicespec.setaside.ruleset import SetAsideRuleset

    rules = find_ruleset_of(SetAsideRuleset, ruleset)
    named = seeded_as or ruleset  # the ruleset whose game of this index it is: its seed, its ids
    rng = random.Random(f"dicespec/{seed}/{game_.name}/{named}/{index}")
    name = list(POLICIES)[index % len(POLICIES)]
    record = Record(game_, named, index, players_for(rng, rules, players), name, set_aside_replay_answer)
    game = SetAsideGame(rules, record.players, dice=no_random_dice)

    def probe() -> Iterator[Move]:
        if own_dice:
            return record.own_probe(rng, 0.02, game.state, lambda: _probe(rng, game), lambda a: _own_refusals(game, a))
        record.probe(
            rng,
            0.02,
            game,
            lambda: _probe(rng, game),
            lambda a: apply_action(game, parse_action(a)),
            SetAsideRulesError,
            lambda a: refusals(game, parse_action(a)),
        )
        return iter(())

    return record, rng, game, _moves(rules, game, rng, POLICIES[name], record, probe)


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
