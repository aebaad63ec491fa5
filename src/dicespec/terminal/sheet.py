"""A score-sheet game in the terminal: the score table of one roll, and a playable game.

Only formatting and reading input live here; every rule is asked of the engine.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass, replace

from dicespec.dice import Roll
from dicespec.scoresheet.game import SheetActionError, SheetGame, is_joker, is_repeat, scores_as_joker, winners
from dicespec.scoresheet.rows import score_sheet
from dicespec.scoresheet.ruleset import SheetRuleset
from dicespec.scoresheet.sheet import Sheet
from dicespec.terminal.commands import QUIT, next_command


def score_report(ruleset: SheetRuleset, roll: Roll, *, as_json: bool = False) -> str:
    """Every row's score for ``roll``: a table, or JSON ``{"rows": {...}}``."""
    scores = score_sheet(ruleset, roll)
    if as_json:
        payload = {
            "game": ruleset.game,
            "ruleset": ruleset.name,
            "dice": str(roll),
            "rows": {str(row): points for row, points in scores.items()},
        }
        return json.dumps(payload)
    width = max(len(row) for row in ruleset.rows)
    lines = [f"{ruleset.title} ({ruleset.name}), dice {roll}"]
    lines += [f"  {row:<{width}}  {points:>3}" for row, points in scores.items()]
    return "\n".join(lines)


def sheet_table(ruleset: SheetRuleset, sheets: list[Sheet]) -> str:
    """The players' sheets side by side, every line of the sheet, '-' for an empty row."""
    lines_by_player = [sheet.lines(ruleset) for sheet in sheets]
    names = list(lines_by_player[0])
    width = max(len(name) for name in names)
    header = " " * (width + 2) + "".join(f"  P{i + 1:<3}" for i in range(len(sheets)))
    out = [header]
    for name in names:
        cells = "".join(f"  {'-' if s[name] is None else s[name]:>4}" for s in lines_by_player)
        out.append(f"  {name:<{width}}{cells}")
    return "\n".join(out)


HELP = """\
commands:
  reroll 1 3 5   throw dice 1, 3 and 5 again (dice are numbered 1 to 5 from the left)
  keep 2 4       keep dice 2 and 4, throw the others again
  score ROW      score the dice in ROW and end the turn (e.g. 'score full_house')
  end            end the turn with no score (only when every row is filled)
  rows           what the dice would score in each row they may go in now (a joker says so)
  hint           the best choices now, each with its expected final score (optimal solitaire play)
  sheet          every player's score sheet
  help           this list
  quit           stop the game"""


def offer_lines(game: SheetGame) -> Iterator[str]:
    """The rows the dice may go in now, each with what it would score; a joker or a repeat says so
    (the forced joker's narrowed choice, the bonus a repeat adds)."""
    ruleset, state = game.ruleset, game.state
    sheet, dice = state.players[state.current].sheet, game.dice
    assert dice is not None
    five = ruleset.five_of_a_kind
    if is_joker(ruleset, sheet, dice):
        kind = {
            "forced": "a forced joker: it goes only where the joker rule allows",
            "free": "a joker: it may go in any open row",
        }[ruleset.joker]
        value = (
            "at full value"
            if scores_as_joker(ruleset, sheet, dice)
            else "as the dice are, until the upper row of its face is filled"
        )
        yield f"  {dice} is {kind}, {value}"
    if five is not None and is_repeat(ruleset, sheet, dice):
        where = (
            f"to {five.bonus_line}, whichever row it goes in" if five.bonus_line else f"to {five.row} if it goes there"
        )
        yield f"  a repeat five of a kind: +{five.repeat_adds} {where}"
    for row, points in game.offers():
        yield f"  {row:<16} {points:>3}"


def hint_lines(ruleset: SheetRuleset, game: SheetGame, *, shown: int = 5) -> Iterator[str]:
    """The best few choices for the current player's dice: expected final score, choice, command.

    A ruleset not solved yet is solved first (seconds); a line says so before the wait.
    """
    from dicespec.solver import hint, is_cached  # numpy and the solver: only when asked

    assert game.dice is not None
    if not is_cached(ruleset):
        yield "  (working out optimal play once; it is kept for next time)"
    choices = hint(ruleset, game.sheet(game.current_player), game.dice, game.rolls_left)
    for choice, expected in choices[:shown]:
        yield f"  {expected:7.2f}  {choice!s:<22} ({choice.command(game.dice)})"


@dataclass(frozen=True, slots=True)
class Made:
    """One choice a player made: the sheet and dice it was made with, and what was done (a keep's
    dice, a row scored, or the turn ended), for the review at the end of the game."""

    player: int
    turn: int
    sheet: Sheet
    dice: Roll
    rolls_left: int
    kept: Roll | None = None  # a reroll: the dice held
    row: str | None = None  # a score: the row
    # neither: the turn ended with no score


def review_lines(ruleset: SheetRuleset, made: list[Made], players: int, *, shown: int = 5) -> Iterator[str]:
    """The review of a finished game: for each player, the expected final score each choice gave
    away against the best choice (optimal solitaire play on that player's own sheet), the costliest
    choices, and the total and mean loss per choice (T. Verhoeff's measure of a game)."""
    from dicespec.errors import UnsupportedRulesetError
    from dicespec.solver import Action, Choice, hint, is_cached, solution  # numpy and the solver: only when asked
    from dicespec.solver.sheetrules import require_within_bound

    try:
        require_within_bound(ruleset)  # a ruleset too large is refused before a solve is announced
        if not is_cached(ruleset):
            yield "  (working out optimal play once; it is kept for next time)"
        solved = solution(ruleset)
    except UnsupportedRulesetError as exc:
        yield f"Review: none, the solver does not solve this ruleset ({exc})"
        return
    losses: list[list[tuple[float, Made, str, str]]] = [[] for _ in range(players)]
    for choice in made:
        options = hint(ruleset, choice.sheet, choice.dice, choice.rolls_left, solved=solved)
        if choice.kept is not None:
            wanted = Choice(Action.KEEP, dice=Roll(tuple(sorted(choice.kept.dice))))
        elif choice.row is not None:
            wanted = Choice(Action.SCORE, row=choice.row)
        else:
            wanted = Choice(Action.END)
        values = dict(options)
        first, first_value = options[0]
        loss = max(0.0, first_value - values[wanted])
        losses[choice.player].append((loss, choice, str(wanted), str(first)))
    yield "Review (expected final score given away by each choice, against optimal solitaire play):"
    for player, found in enumerate(losses):
        if not found:
            continue
        total = sum(loss for loss, *_ in found)
        yield (
            f"  player {player + 1}: {len(found)} choices, total loss {total:.2f},"
            f" mean loss per choice {total / len(found):.3f}"
        )
        costly = sorted((item for item in found if item[0] > 0), key=lambda item: -item[0])[:shown]
        for loss, choice, did, best in costly:
            yield (
                f"    {-loss:7.2f}  turn {choice.turn:>2}, dice {choice.dice}, rolls left {choice.rolls_left}:"
                f" {did}; best: {best}"
            )
        if not costly:
            yield "    no choice gave anything away: optimal play throughout"


def _moment(game: SheetGame) -> Made:
    """The current player's sheet and dice, before a choice."""
    player = game.current_player
    assert game.dice is not None
    turn = game.state.players[player].turns_taken + 1
    return Made(player, turn, game.sheet(player), game.dice, game.rolls_left)


def _positions(words: list[str], dice: int) -> list[int]:
    try:
        numbers = [int(w) for w in words]
    except ValueError:
        numbers = []
    if not words or len(numbers) != len(words) or not all(1 <= n <= dice for n in numbers):
        raise ValueError(f"name dice by their numbers 1 to {dice}, e.g. '1 3 5', not {' '.join(words)!r}")
    return [n - 1 for n in numbers]


def computer_move(ruleset: SheetRuleset, game: SheetGame) -> str:
    """The command a computer seat types now: the best choice of optimal solitaire play (its own
    sheet's best expected score; the other sheets play no part in it)."""
    from dicespec.solver import hint  # numpy and the solver: only when asked

    assert game.dice is not None
    best, _ = hint(ruleset, game.sheet(game.current_player), game.dice, game.rolls_left)[0]
    return best.command(game.dice)


def greedy_move(game: SheetGame) -> str:
    """The command a computer seat types where no solver plays the rules: the dice scored at once,
    in the open row they score most in (the sheet's order among equals)."""
    row, _ = max(game.offers(), key=lambda offer: offer[1])  # max keeps the first of equals
    return f"score {row}"


def play(
    ruleset: SheetRuleset,
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
    game = SheetGame(ruleset, players, seed=seed)
    unsolved = None  # why no solver plays the rules, where none does
    if computer:
        from dicespec.errors import UnsupportedRulesetError
        from dicespec.solver import solution  # the solve, before the game: seconds, once

        try:
            solution(ruleset)
        except UnsupportedRulesetError as exc:
            unsolved = str(exc)
    write(f"{ruleset.title}: {players} player(s), seed {seed}. Type 'help' for the commands.")
    if computer:
        seats = " and ".join(f"player {seat + 1}" for seat in sorted(computer))
        if unsolved is None:
            write(f"The computer plays {seats}: optimal solitaire play, the best expected score of its own sheet.")
        else:
            write(
                f"The computer plays {seats}: each roll scored at once, in the open row it scores most in; "
                f"no optimum, for no solver plays these rules ({unsolved})."
            )
    made: list[Made] = []
    while not game.is_over:
        player = game.current_player
        if game.dice is None:
            state = game.state.players[player]
            write(f"\nPlayer {player + 1}, turn {state.turns_taken + 1}")
            game.roll()
        write(f"  dice: {game.dice}   (rolls left: {game.rolls_left})")
        plays = None
        if player in computer:
            plays = (lambda: greedy_move(game)) if unsolved is not None else (lambda: computer_move(ruleset, game))
        command = next_command(read, write, plays, pause)
        if command is None:  # the input has ended
            write("")
            return 0
        verb, words = command
        line = " ".join([verb, *words])
        try:
            if verb in QUIT:
                return 0
            elif verb == "help" or verb == "":
                write(HELP)
            elif verb == "sheet":
                write(sheet_table(ruleset, list(game.state.sheets)))
            elif verb == "rows":
                for text in offer_lines(game):
                    write(text)
            elif verb == "hint":
                for text in hint_lines(ruleset, game):
                    write(text)
            elif verb in ("reroll", "keep"):
                again = _positions(words, ruleset.dice)
                if verb == "keep":
                    again = [i for i in range(ruleset.dice) if i not in again]
                before = _moment(game)
                game.reroll(again)
                held = Roll(tuple(die for i, die in enumerate(before.dice) if i not in again))
                made.append(replace(before, kept=held))
            elif verb == "score" and len(words) == 1:
                before = _moment(game)
                points = game.score(words[0])
                made.append(replace(before, row=words[0]))
                write(f"  player {player + 1} scores {points} in {words[0]}")
            elif verb == "end":
                before = _moment(game)
                game.end_turn()
                made.append(before)
            else:
                write(f"  unknown command {line!r}; type 'help'")
        except (SheetActionError, ValueError) as exc:
            if player in computer:  # it would ask again, for ever
                raise AssertionError(f"the rules refuse the computer's {line!r}: {exc}") from exc
            write(f"  not allowed: {exc}")
    write("\nGame over.\n" + sheet_table(ruleset, list(game.state.sheets)))
    sheets = game.state.sheets
    won = winners(ruleset, game.state)
    names = " and ".join(f"player {i + 1}" for i in won)
    write(f"Winner: {names} with {sheets[won[0]].grand_total(ruleset)} points.")
    for text in review_lines(ruleset, made, players):
        write(text)
    return 0
