"""The conformance corpus: every case the runner asks an implementation besides the features,
each with the reference engines' answer, generated as it streams (never held in a list).

Exhaustive cases, for each ruleset:

- Kiriki: every ordered roll of the ruleset's dice (7,776 for five) in every one of the 13 rows;
- 10000: every ordered roll of one to six dice (55,986), its best score;
- 10000: every set-aside (every sub-multiset, none included) of every distinct roll of six dice,
  its points or its rejection.

Replayed games, for each ruleset: seeded random complete games played by simple, varied
policies (see :data:`KIRIKI_POLICIES` and :data:`TEN_THOUSAND_POLICIES`), each asked of the
implementation at several points (its first and last turn, turns where something notable
happened, evenly spaced others), and a few actions the rules refuse tried on the way.

Every case has a stable id that says what it is:

==========================================  ===================================================
``kiriki/score/kiriki/66616/sixes``         ``kiriki_score``: dice in a row
``ten-thousand/best/farkle/1156``           ``ten_thousand_best``: a roll
``ten-thousand/set-aside/farkle/111556/115`` ``ten_thousand_score``: part of a six-dice roll
                                            (``-``: none of it)
``kiriki/game/kiriki/017/42``               ``kiriki_replay``: game 17, its first 42 actions
``kiriki/game/kiriki/017/42+``              the same, and then one action the rules may refuse
==========================================  ===================================================
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations_with_replacement, product
from typing import Any, NamedTuple

from dicespec.dice import FACES, Roll
from dicespec.implementation import ReferenceImplementation, kiriki_replay_answer, ten_thousand_replay_answer
from dicespec.rulesets import find_ruleset

GAMES_PER_RULESET = 250
CHECKPOINTS = 8  # at most, per game, besides its refused actions
PROBES = 3  # refused (or accepted) actions tried per game, at most


class Case(NamedTuple):
    """One question for the implementation, and the reference's answer."""

    id: str
    kind: str  # e.g. "kiriki score", "10000 game"
    ruleset: str
    row: str  # the row of the per-row table: a Kiriki row, a number of dice, a policy
    op: str
    args: dict[str, Any]
    expected: Any


KINDS = {
    "kiriki score": "kiriki", "kiriki game": "kiriki",
    "10000 best": "ten-thousand", "10000 set-aside": "ten-thousand", "10000 game": "ten-thousand",
}


# -- exhaustive ----------------------------------------------------------------------------


def _digits(dice: Sequence[int]) -> str:
    return "".join(map(str, dice))


def kiriki_scores(ruleset: str) -> Iterator[Case]:
    """Every ordered roll in every row."""
    from dicespec.scoresheet.rows import score_sheet

    rules = find_ruleset(ruleset)
    for dice in product(FACES, repeat=rules.dice):
        text = _digits(dice)
        for row, points in score_sheet(rules, Roll(dice)).items():
            yield Case(f"kiriki/score/{ruleset}/{text}/{row}", "kiriki score", ruleset, row.value,
                       "kiriki_score", {"ruleset": ruleset, "dice": text, "row": row.value}, points)


def ten_thousand_bests(ruleset: str) -> Iterator[Case]:
    """Every ordered roll of one to six dice: its best score."""
    reference = ReferenceImplementation()
    rules = find_ruleset(ruleset)
    for count in range(1, rules.dice + 1):
        row = f"{count} dice"
        for dice in product(FACES, repeat=count):
            text = _digits(dice)
            yield Case(f"ten-thousand/best/{ruleset}/{text}", "10000 best", ruleset, row, "ten_thousand_best",
                       {"ruleset": ruleset, "dice": text}, reference.ten_thousand_best(ruleset, text))


def ten_thousand_set_asides(ruleset: str) -> Iterator[Case]:
    """Every sub-multiset of every distinct roll of six dice: its points or its rejection."""
    reference = ReferenceImplementation()
    rules = find_ruleset(ruleset)
    for roll in combinations_with_replacement(FACES, rules.dice):
        counts = Roll(roll).counts
        for part in product(*(range(c + 1) for c in counts)):
            text = "".join(str(face) * n for face, n in zip(FACES, part, strict=True))
            yield Case(f"ten-thousand/set-aside/{ruleset}/{_digits(roll)}/{text or '-'}", "10000 set-aside",
                       ruleset, f"{len(text)} dice", "ten_thousand_score", {"ruleset": ruleset, "dice": text},
                       reference.ten_thousand_score(ruleset, text))


EXHAUSTIVE: Mapping[str, tuple[Callable[[str], Iterator[Case]], ...]] = {
    "kiriki": (kiriki_scores,),
    "ten-thousand": (ten_thousand_bests, ten_thousand_set_asides),
}


def exhaustive(rulesets: Mapping[str, Sequence[str]]) -> Iterator[Case]:
    """The exhaustive cases of these rulesets (game → names)."""
    for game, names in rulesets.items():
        for generate in EXHAUSTIVE.get(game, ()):
            for name in names:
                yield from generate(name)


# -- games ---------------------------------------------------------------------------------


@dataclass
class _Record:
    """A game as it is played: its actions, and the answers at the points worth asking."""

    game: str
    ruleset: str
    index: int
    players: int
    policy: str
    actions: list[str] = field(default_factory=list)
    turn_ends: list[tuple[int, Any, bool]] = field(default_factory=list)  # (actions, answer, notable)
    probes: list[tuple[int, str, Any]] = field(default_factory=list)  # (actions, action, answer)

    def may_probe(self, rng: random.Random, chance: float) -> bool:
        """Try a refused action here? At most :data:`PROBES` a game, one after a given action."""
        if len(self.probes) >= PROBES or (self.probes and self.probes[-1][0] == len(self.actions)):
            return False
        return rng.random() <= chance

    def cases(self, rng: random.Random) -> Iterator[Case]:
        ends, last = self.turn_ends, len(self.turn_ends) - 1
        # The first and last turns, some notable ones, and evenly spaced others.
        notable = [i for i, (_, _, flag) in enumerate(ends) if flag]
        must = {0, last, *rng.sample(notable, min(len(notable), CHECKPOINTS // 2))}
        room = max(0, CHECKPOINTS - len(must))
        picks = sorted(must | {round(last * (i + 1) / (room + 1)) for i in range(room)})
        op = "kiriki_replay" if self.game == "kiriki" else "ten_thousand_replay"
        kind = "kiriki game" if self.game == "kiriki" else "10000 game"
        prefix = f"{self.game}/game/{self.ruleset}/{self.index:03d}"
        asked = [(ends[i][0], None, ends[i][1]) for i in picks] + self.probes
        for count, extra, answer in sorted(asked, key=lambda a: (a[0], a[1] is not None)):
            actions = self.actions[:count] + ([extra] if extra is not None else [])
            yield Case(f"{prefix}/{count}{'+' if extra is not None else ''}", kind, self.ruleset, self.policy, op,
                       {"ruleset": self.ruleset, "players": self.players, "actions": actions}, answer)


def _players(rng: random.Random, rules: Any) -> int:
    return max(rules.min_players, min(rules.max_players, rng.choice((1, 1, 2, 2, 3, 4))))


# -- Kiriki: policies and play --


def _most_common(dice: Roll, faces: Sequence[int] = FACES) -> int:
    """Among ``faces``, the one shown most often (the highest among equals)."""
    counts = dice.counts
    return max(faces, key=lambda face: (counts[face - 1], face))


def _all_but(dice: Roll, face: int) -> list[int] | None:
    """The positions of the dice not showing ``face`` (``None``: there are none)."""
    return [i for i, die in enumerate(dice) if die != face] or None


def _points(game: Any, row: Any) -> int:
    """What scoring the dice in ``row`` writes now (a repeat kiriki adds to the kiriki cell)."""
    from dicespec.scoresheet.rows import score

    sheet = game.sheet(game.current_player)
    return score(game.ruleset, game.dice, row) if sheet.is_open(row) else game.ruleset.repeat_kiriki_adds or 0


def _best_row(rng: random.Random, game: Any, rows: tuple[Any, ...]) -> Any:
    return max(rows, key=lambda row: (_points(game, row), -rows.index(row)))


def _random_row(rng: random.Random, game: Any, rows: tuple[Any, ...]) -> Any:
    return rng.choice(rows)


def _open_upper_faces(game: Any) -> list[int]:
    from dicespec.scoresheet.ruleset import UPPER_ROWS

    sheet = game.sheet(game.current_player)
    return [face for face, row in enumerate(UPPER_ROWS, start=1) if sheet.is_open(row)]


def _upper_row(rng: random.Random, game: Any, rows: tuple[Any, ...]) -> Any:
    """The upper row of the face shown most (three times at least), else the best row."""
    from dicespec.scoresheet.ruleset import UPPER_ROWS

    faces = _open_upper_faces(game)
    if faces:
        face = _most_common(game.dice, faces)
        if game.dice.counts[face - 1] >= 3 and UPPER_ROWS[face - 1] in rows:
            return UPPER_ROWS[face - 1]
    return _best_row(rng, game, rows)


def _some(rng: random.Random, dice: int) -> list[int]:
    return sorted(rng.sample(range(dice), rng.randint(1, dice)))


@dataclass(frozen=True)
class SheetPolicy:
    """What a player rerolls, and where they score."""

    reroll: Callable[[random.Random, Any], list[int] | None]  # positions to reroll now; None: stop
    row: Callable[[random.Random, Any, tuple[Any, ...]], Any]  # the row, among those allowed


KIRIKI_POLICIES: dict[str, SheetPolicy] = {
    # rerolls any dice now and then, scores anywhere
    "random": SheetPolicy(
        lambda rng, game: _some(rng, game.ruleset.dice) if rng.random() < 0.5 else None,
        _random_row),
    # keeps the first roll, takes the most points
    "greedy": SheetPolicy(lambda rng, game: None, _best_row),
    # keeps the face shown most, rerolls the rest: kirikis and repeat kirikis
    "chaser": SheetPolicy(lambda rng, game: _all_but(game.dice, _most_common(game.dice)), _best_row),
    # fills the upper rows three or more at a time: upper bonuses
    "upper": SheetPolicy(
        lambda rng, game: _all_but(game.dice, _most_common(game.dice, _open_upper_faces(game) or FACES)),
        _upper_row),
    # chases five of a kind but fills the rows top to bottom, whatever they score
    "in-order": SheetPolicy(lambda rng, game: _all_but(game.dice, _most_common(game.dice)),
                             lambda rng, game, rows: rows[0]),
}


def _kiriki_probe(rng: random.Random, game: Any) -> str:
    """An action the rules most likely refuse now (the engine decides)."""
    from dicespec.scoresheet.ruleset import Row, Total

    state = game.state
    sheet = state.players[state.current].sheet
    five = _digits(rng.choices(FACES, k=game.ruleset.dice))
    if state.is_over:
        return rng.choice([f"roll {five}", "score chance", "end"])
    if state.dice is None:
        return rng.choice([f"score {rng.choice(list(Row))}", "reroll 1=6", "end"])
    used = [row for row in Row if not sheet.is_open(row)]
    choices = [f"roll {five}", "end", "reroll =", f"reroll {game.ruleset.dice + 1}=1", "reroll 2,2=11",
               "reroll 1,2=6", f"score {rng.choice(list(Total))}"]
    if used:
        choices.append(f"score {rng.choice(used)}")
    if game.rolls_left == 0:
        choices.append("reroll 1=1")
    return rng.choice(choices)


def _kiriki_game(ruleset: str, index: int, seed: int) -> Iterator[Case]:
    from dicespec.scoresheet.game import SheetActionError, SheetGame
    from dicespec.scoresheet.replay import ReplayResult, apply_action, parse_action

    rules = find_ruleset(ruleset)
    rng = random.Random(f"dicespec/{seed}/kiriki/{ruleset}/{index}")
    name = list(KIRIKI_POLICIES)[index % len(KIRIKI_POLICIES)]
    policy = KIRIKI_POLICIES[name]
    record = _Record("kiriki", ruleset, index, _players(rng, rules), name)
    game = SheetGame(rules, record.players, dice=lambda n: [rng.randint(1, 6) for _ in range(n)])

    def probe() -> None:
        if not record.may_probe(rng, 0.04):
            return
        action, saved = _kiriki_probe(rng, game), game.state
        try:
            apply_action(game, parse_action(action))
            answer = kiriki_replay_answer(rules, ReplayResult(game.state))
        except SheetActionError as exc:
            answer = kiriki_replay_answer(rules, ReplayResult(saved, len(record.actions), exc.code))
        game.state = saved
        record.probes.append((len(record.actions), action, answer))

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
            record.actions.append(f"reroll {','.join(str(p + 1) for p in reroll)}={_digits(dice[p] for p in reroll)}")
        probe()
        rows = game.scorable_rows()
        if rows:
            row = policy.row(rng, game, rows)
            game.score(row)
            record.actions.append(f"score {row}")
        else:
            game.end_turn()
            record.actions.append("end")
        player = game.state.players[player_index]
        notable = (player.extra_turns != before.extra_turns or player.sheet.bonus(rules) != before.sheet.bonus(rules)
                   or record.actions[-1] in ("end", "score kiriki") or game.is_over)
        record.turn_ends.append((len(record.actions), kiriki_replay_answer(rules, ReplayResult(game.state)), notable))
    probe()
    yield from record.cases(rng)


# -- 10000: policies and play --


@dataclass(frozen=True)
class SetAsidePolicy:
    """How a player sets aside and when they bank."""

    pick: str  # "most" (most points, fewest dice), "fewest" (fewest dice) or "random"
    bank_at: int  # bank once the turn holds this much (and may bank)
    bank_chance: float = 1.0  # ... with this chance
    reckless: bool = False  # bank below the entry when the ruleset lets that score nothing


TEN_THOUSAND_POLICIES: dict[str, SetAsidePolicy] = {
    "greedy-300": SetAsidePolicy("most", 300),
    "greedy-1000": SetAsidePolicy("most", 1000),
    "singles-500": SetAsidePolicy("fewest", 500),
    "random": SetAsidePolicy("random", 200, 0.4),
    "reckless": SetAsidePolicy("most", 250, 0.5, reckless=True),
    "hot-dice-chaser": SetAsidePolicy("most", 2000),
}


def _ten_thousand_probe(rng: random.Random, game: Any) -> str:
    from dicespec.setaside.game import Phase

    state = game.state
    hand = _digits(rng.choices(FACES, k=state.dice_left))
    if state.is_over:
        return rng.choice([f"roll {hand}", "bank", "set 5"])
    if state.phase is Phase.TURN_START:
        return rng.choice(["set 5", "bank", f"roll {hand}1"])
    if state.phase is Phase.ROLLED:
        dice = list(state.dice)
        part = rng.sample(dice, rng.randint(1, len(dice)))
        return rng.choice(["bank", f"roll {hand}", f"set {_digits(part)}", "set 1111111",
                           f"set {_digits(sorted(dice))}{rng.choice(FACES)}"])
    return rng.choice(["set 1", "bank", f"roll {hand}{rng.choice(FACES)}"])


def _ten_thousand_game(ruleset: str, index: int, seed: int) -> Iterator[Case]:
    from dicespec.setaside.combos import options
    from dicespec.setaside.errors import SetAsideRulesError
    from dicespec.setaside.game import Phase, SetAsideGame, is_entry_bank, must_roll
    from dicespec.setaside.replay import ReplayResult, apply_action, parse_action
    from dicespec.setaside.ruleset import BelowEntry

    rules = find_ruleset(ruleset)
    rng = random.Random(f"dicespec/{seed}/ten-thousand/{ruleset}/{index}")
    name = list(TEN_THOUSAND_POLICIES)[index % len(TEN_THOUSAND_POLICIES)]
    policy = TEN_THOUSAND_POLICIES[name]
    record = _Record("ten-thousand", ruleset, index, _players(rng, rules), name)
    game = SetAsideGame(rules, record.players, dice=lambda n: [rng.randint(1, 6) for _ in range(n)])

    def probe() -> None:
        if not record.may_probe(rng, 0.02):
            return
        action, saved = _ten_thousand_probe(rng, game), game.state
        try:
            apply_action(game, parse_action(action))
            answer = ten_thousand_replay_answer(ReplayResult(game.state))
        except SetAsideRulesError as exc:
            answer = ten_thousand_replay_answer(ReplayResult(saved, len(record.actions), exc.code))
        game.state = saved
        record.probes.append((len(record.actions), action, answer))

    turns = 0
    while not game.is_over:
        turns += 1
        assert turns < 5000, f"{record}: the game does not end"
        player_index = game.state.current
        before = game.state.players[player_index]
        hot = False
        while True:  # one turn
            probe()
            record.actions.append(f"roll {game.roll()}")
            if game.state.phase is Phase.TURN_START or game.is_over:
                break  # a farkle: the turn is over
            probe()
            choices = options(rules, game.state.dice)
            if policy.pick == "most":
                option = choices[0]
            elif policy.pick == "fewest":
                option = min(choices, key=lambda o: (len(o.dice), -o.points))
            else:
                option = rng.choice(choices)
            game.set_aside(option.dice)
            record.actions.append(f"set {option.dice}")
            hot = hot or game.state.dice_left == rules.dice
            probe()
            state = game.state
            if must_roll(rules, state):
                continue
            entered = is_entry_bank(rules, state.players[player_index], state.turn_points)
            may_bank = entered or (policy.reckless and rules.below_entry is BelowEntry.SCORES_NOTHING)
            if may_bank and state.turn_points >= policy.bank_at and rng.random() <= policy.bank_chance:
                game.bank()
                record.actions.append("bank")
                break
        after = game.state.players[player_index]
        notable = hot or after.on_board != before.on_board or game.is_over or (
            after.score == before.score and record.actions[-1] == "bank")
        record.turn_ends.append((len(record.actions), ten_thousand_replay_answer(ReplayResult(game.state)), notable))
    probe()
    yield from record.cases(rng)


GAME_PLAYERS: Mapping[str, Callable[[str, int, int], Iterator[Case]]] = {
    "kiriki": _kiriki_game, "ten-thousand": _ten_thousand_game,
}


def games(rulesets: Mapping[str, Sequence[str]], *, count: int = GAMES_PER_RULESET, seed: int = 0) -> Iterator[Case]:
    """``count`` replayed games per ruleset (game → names), each asked at several points."""
    for game, names in rulesets.items():
        play = GAME_PLAYERS.get(game)
        if play is None:
            continue
        for name in names:
            for index in range(count):
                yield from play(name, index, seed)
