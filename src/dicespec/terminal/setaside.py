"""Set-aside games (10000, Greed, …) in the terminal: the legal set-asides of one roll, and a playable game.

Only formatting and reading input live here; every rule is asked of the engine, and every move of
a computer seat of the solver (:class:`Computer`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Iterator
from functools import partial
from typing import Any

from dicespec.dice import Roll
from dicespec.errors import UnsupportedRulesetError
from dicespec.setaside.combos import best, is_farkle, options, scoring_dice, split
from dicespec.setaside.errors import SetAsideRulesError
from dicespec.setaside.game import GameState, Phase, SetAsideGame, is_hot_dice, must_roll, winners
from dicespec.setaside.ruleset import BelowEntry, SetAsideRule, SetAsideRuleset
from dicespec.terminal.commands import QUIT, next_command


def score_report(ruleset: SetAsideRuleset, roll: Roll, *, as_json: bool = False) -> str:
    """Every legal set-aside of ``roll`` and the best one: a table, or JSON
    ``{"best": N, "options": [{"dice": "1115", "points": N}, ...]}``."""
    found = options(ruleset, roll)  # checks the number of dice
    top = best(ruleset, roll)
    if as_json:
        payload = {
            "game": ruleset.game,
            "ruleset": ruleset.name,
            "dice": str(roll),
            "best": top,
            "options": [{"dice": str(o.dice), "points": o.points} for o in found],
        }
        return json.dumps(payload)
    lines = [f"{ruleset.title} ({ruleset.name}), dice {roll}"]
    if not found:
        lines.append("  farkle: no die scores")
        return "\n".join(lines)
    width = max(len("set aside"), *(len(o.dice) for o in found))
    lines.append(f"  {'set aside':<{width}}  points  combinations")
    for option in found:
        parts = " + ".join(combo.name for combo in split(ruleset, option.dice))
        lines.append(f"  {option.dice!s:<{width}}  {option.points:>6}  {parts}")
    lines.append(f"best: {found[0].dice} for {top} points")
    return "\n".join(lines)


def scores_table(state: GameState) -> str:
    """Every player's score, and whether they are on the board."""
    return "\n".join(
        f"  player {i + 1}: {p.score:>5}{'' if p.on_board else '  (not on the board)'}"
        for i, p in enumerate(state.players)
    )


def help_text(ruleset: SetAsideRuleset) -> str:
    """The game's commands, as the ruleset plays them."""
    if ruleset.set_aside is SetAsideRule.ALL_SCORING:
        set_aside = "set 115      set aside the roll's scoring dice (by value): every one of them"
    else:
        set_aside = "set 1115     set aside these dice (by value) from the roll; each must score"
    return f"""\
commands:
  {set_aside}
  roll         roll the dice in hand (all {ruleset.dice} again after hot dice)
  bank         add the turn's points to your score and end the turn
  options      every legal set-aside of the roll, with its points
  hint         the best choices now, each with what the computer weighs it by (see the first line)
  scores       every player's score
  help         this list
  quit         stop the game"""


def _status(ruleset: SetAsideRuleset, state: GameState) -> str:
    if state.phase is Phase.ROLLED:
        assert state.dice is not None
        every = scoring_dice(ruleset, state.dice)
        todo = (
            f"set aside every scoring die: set {every.dice}"
            if ruleset.set_aside is SetAsideRule.ALL_SCORING and every is not None
            else "set aside scoring dice"
        )
        return f"  dice: {state.dice}   turn: {state.turn_points}   {todo}"
    left = f"{state.dice_left} {'die' if state.dice_left == 1 else 'dice'}"
    hot = "hot dice! " if is_hot_dice(ruleset, state) else ""
    choice = "roll" if must_roll(ruleset, state) else "roll or bank"
    return f"  turn: {state.turn_points}   {hot}{left} in hand: {choice}"


def _roll(game: SetAsideGame, write: Callable[[str], None]) -> None:
    before = game.state
    roll = game.roll()
    if is_farkle(game.ruleset, roll):
        lost = f"; the turn's {before.turn_points} points are lost" if before.turn_points else ""
        write(f"  rolled {roll}: farkle{lost}")


class Computer:
    """A computer seat: the exact two-player optimum where a game has two players and it is
    solved (kept, or quick to solve), else each turn for its expected points, and its chance of
    getting on the board while it is not."""

    def __init__(self, ruleset: SetAsideRuleset, players: int) -> None:
        from dicespec.solver import entry_policy, turn_policy  # numpy and the solver: only when asked
        from dicespec.solver.twoplayer import at_hand, duel

        self.ruleset = ruleset
        self.turn, self.entry = turn_policy(ruleset), entry_policy(ruleset)
        self.duel: Any = None
        why = at_hand(ruleset) if players == 2 else f"{players} players (it is solved for two)"
        if why is None:
            self.duel = duel(ruleset)
            self.plays = "to win: the exact two-player optimum"
        else:
            self.plays = f"each turn for its expected points (the two-player optimum: {why})"

    def _last_turn(self, state: GameState) -> int | None:
        """The score to pass when this is the player's last turn of a final round that the
        computer plays without the two-player optimum (``None``: it is not)."""
        leader = max((p.score for i, p in enumerate(state.players) if i != state.current), default=None)
        if leader is None or self.duel is not None or not self.ruleset.final_round:
            return None  # alone, or played to win, or no final round
        return leader if leader >= self.ruleset.target else None

    def hints(self, state: GameState, shown: int = 5) -> Iterator[str]:
        """The best few choices of the player to move, best first, each with its worth as the
        computer weighs it; the first line says by what."""
        player = state.players[state.current]
        on_board = player.on_board or not self.ruleset.entry
        other = state.players[1 - state.current] if self.duel is not None else None
        t, leader = state.turn_points, self._last_turn(state)
        if leader is not None:
            yield f"  (your last turn: set aside the most, and bank once past {leader})"
        elif other is not None:
            yield "  (each choice's chance of winning, both playing to win: the exact two-player optimum)"
        elif on_board:
            yield "  (each choice's expected points banked this turn: the turn played for its points)"
        else:
            yield f"  (each choice's chance of getting on the board this turn: {self.ruleset.entry} in one turn)"
        chance = leader is None and (other is not None or not on_board)  # a chance, not points
        if state.phase is Phase.ROLLED:
            assert state.dice is not None
            for option, worth in self._ranked(state, leader, other, on_board)[:shown]:
                yield f"  {_worth(worth, chance)}  set {option.dice} ({option.points} points)"
            return
        if must_roll(self.ruleset, state) or state.phase is Phase.TURN_START:
            yield "  roll (the rules allow nothing else)"
            return
        if leader is not None:
            yield "  bank" if player.score + t > leader else "  roll"
            return
        n = state.dice_left
        bank: float | None
        if other is not None:
            bank = self.duel.bank_chance(player.score, other.score, t)
            best = self.duel.chance(player.score, other.score, t, n)
            roll = best if bank is None or best > bank else None  # a roll's chance is known where it is the best
        elif on_board:
            bank = float(t)
            roll = self.turn.roll_value(t, n) if t < self.turn.cap else None
        else:
            bank = 1.0 if t >= self.ruleset.entry else None
            roll = self.entry.chance(t, n)
        lines = {
            "bank": None if bank is None else f"  {_worth(bank, chance)}  bank",
            "roll": f"  {_worth(roll, chance) if roll is not None else '  (less)'}  roll",
        }
        first = self.move(state)
        for verb in (first, "roll" if first == "bank" else "bank"):
            if lines[verb] is not None:
                yield lines[verb]  # type: ignore[misc]

    def _ranked(self, state: GameState, leader: int | None, other: Any, on_board: bool) -> list[tuple[Any, float]]:
        """Each set-aside of the roll on the table with its worth, best first."""
        assert state.dice is not None
        player, t, dice = state.players[state.current], state.turn_points, state.dice
        if leader is not None:
            return [(option, float(option.points)) for option in options(self.ruleset, dice)]
        if other is not None:
            return list(self.duel.choices(player.score, other.score, t, dice))
        if on_board:
            return self.turn.choices(t, dice)
        left = {option: len(dice) - len(option.dice) or self.ruleset.dice for option in options(self.ruleset, dice)}
        return sorted(((o, self.entry.chance(t + o.points, n)) for o, n in left.items()), key=lambda p: -p[1])

    def move(self, state: GameState) -> str:
        """The command it types now: a set-aside of the roll on the table, or roll or bank."""
        player, other = state.players[state.current], state.players[1 - state.current] if self.duel else None
        on_board = player.on_board or not self.ruleset.entry
        leader = self._last_turn(state)
        if leader is not None:
            # its last turn: set aside the most, and roll on until it passes the leader
            if state.phase is Phase.ROLLED:
                assert state.dice is not None
                return f"set {options(self.ruleset, state.dice)[0].dice}"
            ahead = player.score + state.turn_points > leader and not must_roll(self.ruleset, state)
            return "bank" if ahead else "roll"
        if state.phase is Phase.ROLLED:
            assert state.dice is not None
            if self.duel is not None and other is not None:
                choice = self.duel.choices(player.score, other.score, state.turn_points, state.dice)[0][0]
            else:
                choice = (self.turn if on_board else self.entry).set_aside(state.turn_points, state.dice)
            return f"set {choice.dice}"
        if must_roll(self.ruleset, state) or state.phase is Phase.TURN_START:
            return "roll"
        if self.duel is not None and other is not None:
            banks = self.duel.should_bank(player.score, other.score, state.turn_points, state.dice_left)
        else:
            banks = (self.turn if on_board else self.entry).should_bank(state.turn_points, state.dice_left)
        if not on_board and state.turn_points < self.ruleset.entry and self.ruleset.below_entry is BelowEntry.REFUSED:
            banks = False
        return "bank" if banks else "roll"


def _hint_lines(ruleset: SetAsideRuleset, players: int, advisor: list[Computer], state: GameState) -> Iterator[str]:
    """The hint's lines: the computer's choices and their worth (its play made once a game, when
    the first hint is asked); one line where it cannot play the rules."""
    if not advisor:
        try:
            advisor.append(Computer(ruleset, players))
        except UnsupportedRulesetError as exc:
            yield f"  no hint: {exc}"
            return
    yield from advisor[0].hints(state)


def _worth(value: float, chance: bool) -> str:
    """A choice's worth as the hints show it: a chance in percent, or points."""
    return f"{value:6.1%}" if chance else f"{value:6.0f} points"


def play(
    ruleset: SetAsideRuleset,
    players: int,
    seed: int | None,
    *,
    computer: Collection[int] = (),
    pause: float = 0.0,
    read: Callable[[str], str] = input,
    write: Callable[[str], None] = print,
) -> int:
    """Play a game at the terminal, the seats in ``computer`` (0-based) played by the computer,
    ``pause`` seconds before each of its moves; returns the process exit status."""
    game = SetAsideGame(ruleset, players, seed=seed)
    machine = Computer(ruleset, players) if computer else None
    advisor: list[Computer] = [machine] if machine is not None else []  # the hints' (made when first asked)
    final = " (then one more turn for every other player)" if ruleset.final_round else ""
    entry = f"{ruleset.entry} in one turn to get on the board" if ruleset.entry else "no entry minimum"
    write(
        f"{ruleset.title}: {players} player(s), seed {seed}. First to {ruleset.target}{final}; "
        f"{entry}. Type 'help' for the commands."
    )
    if machine is not None:
        seats = " and ".join(f"player {seat + 1}" for seat in sorted(computer))
        write(f"The computer plays {seats}, {machine.plays}.")
    while not game.is_over:
        state = game.state
        if state.phase is Phase.TURN_START:
            player = state.players[state.current]
            write(f"\nPlayer {state.current + 1} ({player.score} points), turn {player.turns_taken + 1}")
            _roll(game, write)
            continue
        write(_status(ruleset, state))
        plays = None if machine is None or state.current not in computer else partial(machine.move, state)
        command = next_command(read, write, plays, pause)
        if command is None:  # the input has ended
            write("")
            return 0
        verb, words = command
        line = " ".join([verb, *words])
        try:
            if verb in QUIT:
                return 0
            elif verb in ("help", ""):
                write(help_text(ruleset))
            elif verb == "scores":
                write(scores_table(state))
            elif verb == "hint":
                for hinted in _hint_lines(ruleset, players, advisor, state):
                    write(hinted)
            elif verb == "options" and state.dice is not None:
                for option in options(ruleset, state.dice):
                    write(f"  set {option.dice!s:<6}  {option.points:>5}")
            elif verb == "set" and words:
                points = game.set_aside("".join(words))
                write(f"  set aside {''.join(words)} for {points} points")
            elif verb == "roll" and not words:
                _roll(game, write)
            elif verb == "bank" and not words:
                points = game.bank()
                if points or not state.turn_points:
                    write(f"  player {state.current + 1} banks {points} points")
                else:
                    write(
                        f"  the turn scores nothing: {state.turn_points} is below the "
                        f"{ruleset.entry} needed to get on the board"
                    )
            else:
                write(f"  unknown command {line!r}; type 'help'")
        except (SetAsideRulesError, ValueError) as exc:
            if machine is not None and state.current in computer:  # it would ask again, for ever
                raise AssertionError(f"the rules refuse the computer's {line!r}: {exc}") from exc
            write(f"  not allowed: {exc}")
    write("\nGame over.\n" + scores_table(game.state))
    won = winners(game.state)
    names = " and ".join(f"player {i + 1}" for i in won)
    write(f"Winner: {names} with {game.state.players[won[0]].score} points.")
    return 0
