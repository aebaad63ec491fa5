"""The solver's figures as text for the terminal."""

from __future__ import annotations

from pathlib import Path

from dicespec.solver.cache import table_path
from dicespec.solver.setaside import EntryPolicy, TurnPolicy, unaccounted
from dicespec.solver.solved import Solution
from dicespec.solver.spread import Spread
from dicespec.solver.twoplayer import Duel, state_count

EVENT_WORDS = {
    "upper_bonus": "the upper bonus made",
    "five_of_a_kind": "{row} scored above 0",
    "repeat": "at least one repeat five of a kind",
}


def sheet_report(solved: Solution, spread: Spread) -> str:
    """The optimal expected score of a score-sheet ruleset, its standard deviation and the chance of
    each sheet-level event, and where its state values are kept; for a ruleset with a row that wins
    at once, what the score means and the chance of such a win."""
    ruleset = solved.ruleset
    lines = [
        f"{ruleset.title} ({ruleset.name}): optimal solitaire play",
        f"  expected final grand total: {solved.expected_score:.2f}",
        f"  standard deviation: {spread.std:.2f}",
    ]
    row = ruleset.five_of_a_kind.row if ruleset.five_of_a_kind is not None else ""
    lines += [
        f"  chance of {EVENT_WORDS[event].format(row=row)}: {chance:.2%}" for event, chance in spread.events.items()
    ]
    if winning := solved.winning_rows:
        rows = " or ".join(winning)
        lines += [
            f"    (a game played out in full: {rows} made with a turn's first roll scores its points"
            " like any other row)",
            f"  chance that a game under that play is won at once ({rows} above 0 with a turn's first roll): "
            f"{solved.win_chance():.3%}",
        ]
    path = table_path(ruleset)
    lines.append(f"  state values: {_home_relative(path)}" if path.exists() else "  state values: not cached")
    return "\n".join(lines)


def _home_relative(path: Path) -> str:
    """``path`` with the home folder written ``~``, as a shell user would type it."""
    try:
        return f"~/{path.relative_to(Path.home())}"
    except ValueError:
        return str(path)


def _dice(n: int) -> str:
    return f"{n} {'die' if n == 1 else 'dice'}"


def set_aside_report(turn: TurnPolicy, entry: EntryPolicy) -> str:
    """A set-aside ruleset's optimal turn: expected score, banking table, chance of getting on the board."""
    ruleset = turn.ruleset
    lines = [
        f"{ruleset.title} ({ruleset.name}): optimal play of one turn",
        f"  expected points of a turn, on the board: {turn.expected_turn_score:.2f}",
        f"  chance of getting on the board ({ruleset.entry:,} or more) in one turn: {entry.on_board_chance:.2%}"
        if ruleset.entry
        else "  no entry minimum: every bank scores",
        "  bank once the turn's points reach (by dice in hand; below it, roll on):",
    ]
    lines += [f"    {_dice(n):<7} {total:>6,}" for n, total in turn.banking_table().items()]
    lines.append(f"  from {turn.cap:,} on, banking is always right (a proven bound; the solve starts there)")
    left_out = unaccounted(ruleset)
    if left_out:
        lines.append(
            f"  not accounted for: {', '.join(left_out)}: these figures are the optimal play of one turn "
            "without those rules, not of this ruleset's game"
        )
    return "\n".join(lines)


SHOWN_SCORES = 10  # the scores a two-player report's table shows, each way


def duel_report(duel: Duel) -> str:
    """A set-aside ruleset's two-player optimum: the first player's chance, and where a player
    playing to win banks, by both scores."""
    ruleset = duel.ruleset
    first = duel.first_player_chance
    lines = [
        f"{ruleset.title} ({ruleset.name}): two players, each playing to win",
        f"  the first player wins: {first:.2%} (the second: {1 - first:.2%})",
        f"  states solved: {state_count(ruleset):,} (both scores, the turn's points, the dice in hand)",
    ]
    shown = duel.shown_scores(SHOWN_SCORES)
    width = max(6, len(f"{ruleset.target:,}") + 1)
    for n in range(1, ruleset.dice + 1):
        lines.append(
            f"  bank once the turn's points reach, with {_dice(n)} in hand "
            "(your score down, theirs across; -: roll on to the target):"
        )
        lines.append(" " * 10 + "".join(f"{theirs:>{width},}" for theirs in shown))
        for mine, found in zip(shown, duel.boundary(n, shown), strict=True):
            cells = "".join(f"{'-' if total is None else f'{total:,}':>{width}}" for total in found)
            lines.append(f"    {mine:>6,}{cells}")
    return "\n".join(lines)
