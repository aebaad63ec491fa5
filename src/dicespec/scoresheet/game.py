"""The score-sheet turn and game (Kiriki, Yahtzee, Yatzy, …): a state machine over immutable states.

A turn is one roll of all the dice, up to ``rolls_per_turn - 1`` rerolls of a chosen,
non-empty subset, then exactly one score. Players take turns in fixed order from player 1;
a player with no turn left is skipped; the game ends when nobody has a turn left.

A player has one turn a row, and one more for each extra turn earned. Under Kiriki's reference
rules each repeat kiriki (a five of a kind added to a kiriki cell above 0) fills no row and earns
one extra turn, so a player has a turn left exactly while a row is open. Under Yahtzee's, a repeat
Yahtzee adds to a bonus line and the roll is scored in a row as a joker.

Every action is checked before anything changes: an illegal one raises a
:class:`SheetActionError` subclass and leaves the game as it was. Each action's checks are made in
a fixed order (:meth:`SheetGame.roll_refusals` and the like give every one it fails, in that
order); it raises the first.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace

from dicespec.dice import DiceError, Roll
from dicespec.scoresheet.errors import (
    AlreadyRolledError,
    BadDiceError,
    DieIndexError,
    EmptyRerollError,
    GameOverError,
    JokerRowError,
    NoRollsLeftError,
    NoSavedRollsError,
    NotPlayableError,
    NotRolledError,
    PlayerCountError,
    RowsStillOpenError,
    RowUsedError,
    SheetActionError,
)
from dicespec.scoresheet.ruleset import SheetRuleset
from dicespec.scoresheet.sheet import Sheet

__all__ = [
    "AlreadyRolledError",
    "BadDiceError",
    "DiceSource",
    "DieIndexError",
    "EmptyRerollError",
    "GameOverError",
    "GameState",
    "JokerRowError",
    "NoRollsLeftError",
    "NoSavedRollsError",
    "NotPlayableError",
    "NotRolledError",
    "PlayerCountError",
    "PlayerState",
    "RowUsedError",
    "RowsStillOpenError",
    "SheetActionError",
    "SheetGame",
    "allowed_rows",
    "bad_throw",
    "can_score",
    "is_joker",
    "is_repeat",
    "points_in",
    "raise_first",
    "random_dice",
    "row_points",
    "scores_as_joker",
    "winners",
    "wins_at_once",
]

DiceSource = Callable[[int], Sequence[int]]
"""Gives ``n`` die values on request: a seeded RNG, or scripted values for a replay."""


# -- state -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayerState:
    """One player: the sheet, and the turns owed (one a row, and one for each extra turn earned)."""

    turns: int
    sheet: Sheet = Sheet()
    turns_taken: int = 0
    extra_turns: int = 0
    saved_rolls: int = 0  # rolls banked from earlier turns (rulesets with saved rolls)

    def has_turn_left(self) -> bool:
        """Has this player turns to play: one a row, and one more for each extra turn earned?"""
        return self.turns_taken < self.turns + self.extra_turns


@dataclass(frozen=True, slots=True)
class GameState:
    """Everything about a game at one moment. ``current`` is a 0-based player index."""

    players: tuple[PlayerState, ...]
    current: int = 0
    dice: Roll | None = None
    rolls: int = 0
    won_by: int | None = None  # the player whose first-roll score won the game at once

    @property
    def is_over(self) -> bool:
        """Has a player won at once, or has every player played all their turns?"""
        return self.won_by is not None or not any(p.has_turn_left() for p in self.players)

    @property
    def sheets(self) -> tuple[Sheet, ...]:
        return tuple(p.sheet for p in self.players)


# -- rules about actions -----------------------------------------------------------------


def is_repeat(ruleset: SheetRuleset, sheet: Sheet, roll: Roll) -> bool:
    """Is ``roll`` a repeat five of a kind: its row above 0, and the ruleset rewards a repeat?"""
    five = ruleset.five_of_a_kind
    return (
        five is not None
        and five.repeat_adds is not None
        and sheet.cells.get(five.row, 0) > 0
        and ruleset.five_of_a_kind_fits(roll.counts)
    )


def is_joker(ruleset: SheetRuleset, sheet: Sheet, roll: Roll) -> bool:
    """Is ``roll`` played as a joker: a five of a kind, its row filled, and the ruleset has a joker?"""
    five = ruleset.five_of_a_kind
    return (
        ruleset.joker != "none"
        and five is not None
        and not sheet.is_open(five.row)
        and ruleset.five_of_a_kind_fits(roll.counts)
    )


def scores_as_joker(ruleset: SheetRuleset, sheet: Sheet, roll: Roll) -> bool:
    """Does a joker score full value in the lower rows: only once the upper row of its face is
    filled (or the sheet has none). Before that, the free joker may go in any open row, but a
    pattern it does not meet scores as usual (0 in a full house); the forced one must go there."""
    if not is_joker(ruleset, sheet, roll):
        return False
    own = ruleset.face_row(roll.dice[0])  # a five of a kind: every die shows this face
    return own is None or not sheet.is_open(own)


def allowed_rows(ruleset: SheetRuleset, sheet: Sheet, roll: Roll) -> tuple[str, ...]:
    """The open rows ``roll`` may be scored in (all of them, unless the forced joker narrows them).

    The forced joker: the upper row of the dice's face if it is open; else any open lower row;
    else any open upper row.
    """
    open_rows = sheet.open_rows(ruleset)
    if ruleset.joker != "forced" or not is_joker(ruleset, sheet, roll):
        return open_rows
    own = ruleset.face_row(roll.dice[0])
    if own is not None and own in open_rows:
        return (own,)
    lower = tuple(row for row in open_rows if ruleset.rows[row].section == "lower")
    return lower or open_rows


def can_score(ruleset: SheetRuleset, sheet: Sheet, roll: Roll, row: str) -> bool:
    """Can ``row`` take ``roll`` now: an allowed open row, or a repeat for a five-of-a-kind cell?"""
    five = ruleset.five_of_a_kind
    if five is not None and five.adds_to_cell and row == five.row and is_repeat(ruleset, sheet, roll):
        return True
    return row in allowed_rows(ruleset, sheet, roll)


def row_points(ruleset: SheetRuleset, sheet: Sheet, roll: Roll, row: str, *, first_roll: bool) -> int:
    """What ``roll`` scores in the open ``row`` of ``sheet``: a joker scores full value once the
    upper row of its face is filled; a row that requires another scores 0 until that one holds
    points; a row made with the turn's first roll adds its first-roll points."""
    spec = ruleset.rows[row]
    if spec.requires is not None and sheet.cells.get(spec.requires, 0) <= 0:
        return 0
    rule = spec.rule
    points = rule.joker_points(roll.counts) if scores_as_joker(ruleset, sheet, roll) else rule.points(roll.counts)
    return points + spec.first_roll_adds if first_roll and rule.fits(roll.counts) else points


def wins_at_once(ruleset: SheetRuleset, sheet: Sheet, roll: Roll, row: str, *, first_roll: bool) -> bool:
    """Does scoring ``roll`` in the open ``row`` end the game at once: a row that wins when it is
    made, fitting and scoring, with the turn's first roll?"""
    spec = ruleset.rows[row]
    return (
        first_roll
        and spec.first_roll_wins
        and sheet.is_open(row)
        and row_points(ruleset, sheet, roll, row, first_roll=True) > 0
    )


def points_in(ruleset: SheetRuleset, sheet: Sheet, roll: Roll, row: str, *, first_roll: bool) -> int:
    """What scoring ``roll`` in ``row`` writes now (a row :func:`can_score` allows): the open
    row's points, a joker's where it applies, or what a repeat adds to its own filled cell."""
    if sheet.is_open(row):
        return row_points(ruleset, sheet, roll, row, first_roll=first_roll)
    five = ruleset.five_of_a_kind
    assert five is not None and five.repeat_adds is not None
    return five.repeat_adds


def earns_extra_turn(ruleset: SheetRuleset, *, first: bool, repeat: bool) -> bool:
    """Does this score earn a turn at the end of the game?"""
    five = ruleset.five_of_a_kind
    if five is None:
        return False
    if five.extra_turns == "every":
        return first or repeat
    if five.extra_turns == "repeat":
        return repeat
    return False


# -- the game ----------------------------------------------------------------------------


def random_dice(seed: int | None = None) -> DiceSource:
    """A dice source drawing from ``random.Random(seed)``."""
    rng = random.Random(seed)
    return lambda n: [rng.randint(1, 6) for _ in range(n)]


def bad_throw(count: int, dice: Roll | Iterable[int] | str | None) -> Iterator[BadDiceError]:
    """Why ``dice``, when given, are not a throw of ``count`` dice (nothing when they are, or when
    the game's dice source throws them)."""
    if dice is not None:
        try:
            Roll.of(dice, count=count)
        except DiceError as exc:
            yield BadDiceError(str(exc))


def raise_first(reasons: Iterable[SheetActionError]) -> None:
    """Raise the first of an action's refusals (``reasons``), if there is one (the rest are not checked)."""
    for refusal in reasons:
        raise refusal


class SheetGame:
    """A score-sheet game for ``players`` players under ``ruleset``.

    Dice come from ``dice`` (a :data:`DiceSource`; a seeded RNG by default), or are given
    to :meth:`roll` and :meth:`reroll` directly, as a replay does.
    """

    def __init__(
        self,
        ruleset: SheetRuleset,
        players: int = 1,
        *,
        dice: DiceSource | None = None,
        seed: int | None = None,
    ) -> None:
        if not ruleset.min_players <= players <= ruleset.max_players:
            raise PlayerCountError(
                f"{players} players: ruleset {ruleset.name} allows {ruleset.min_players} to {ruleset.max_players}"
            )
        self.ruleset = ruleset
        self._dice = dice if dice is not None else random_dice(seed)
        self.state = GameState(players=tuple(PlayerState(turns=len(ruleset.rows)) for _ in range(players)))

    # -- views ---------------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        """The 0-based index of the player whose turn it is."""
        return self.state.current

    @property
    def dice(self) -> Roll | None:
        return self.state.dice

    @property
    def rolls_left(self) -> int:
        """The rolls the turn may still make: its own, and the player's saved ones."""
        saved = self.state.players[self.state.current].saved_rolls
        return self.ruleset.rolls_per_turn + saved - self.state.rolls

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    def sheet(self, player: int) -> Sheet:
        return self.state.players[player].sheet

    def scorable_rows(self) -> tuple[str, ...]:
        """The rows the current dice may be scored in now."""
        state = self._require_rolled()
        sheet = state.players[state.current].sheet
        assert state.dice is not None
        return tuple(row for row in self.ruleset.rows if can_score(self.ruleset, sheet, state.dice, row))

    def offers(self) -> tuple[tuple[str, int], ...]:
        """Each row the current dice may be scored in now, with the points :meth:`score` would write."""
        state = self._require_rolled()
        sheet = state.players[state.current].sheet
        assert state.dice is not None
        first = state.rolls == 1
        return tuple(
            (row, points_in(self.ruleset, sheet, state.dice, row, first_roll=first)) for row in self.scorable_rows()
        )

    # -- actions -------------------------------------------------------------------------

    def roll(self, dice: Roll | Iterable[int] | str | None = None) -> Roll:
        """The turn's first roll: all the ruleset's dice."""
        raise_first(self.roll_refusals(dice))
        roll = self._draw(self.ruleset.dice, dice)
        self.state = replace(self.state, dice=roll, rolls=1)
        return roll

    def reroll(self, positions: Iterable[int], dice: Roll | Iterable[int] | str | None = None) -> Roll:
        """Throw again the dice at these 0-based ``positions``; the others keep their values.

        ``dice``, when given, are the new values of those dice in the order of ``positions``.
        """
        wanted = list(positions)
        raise_first(self.reroll_refusals(wanted, dice))
        state = self.state
        new_values = self._draw(len(wanted), dice)
        assert state.dice is not None
        values = list(state.dice)
        for position, value in zip(wanted, new_values, strict=True):
            values[position] = value
        roll = Roll(tuple(values))
        self.state = replace(state, dice=roll, rolls=state.rolls + 1)
        return roll

    def score(self, row: str) -> int:
        """Score the dice in ``row`` and end the turn; returns the points written in the row
        (a repeat five of a kind's points where it adds to its own cell)."""
        raise_first(self.score_refusals(row))
        state, rules = self.state, self.ruleset
        row = rules.parse_row(row)
        player = state.players[state.current]
        roll = state.dice
        assert roll is not None
        five = rules.five_of_a_kind
        first = state.rolls == 1
        points = points_in(rules, player.sheet, roll, row, first_roll=first)
        won = wins_at_once(rules, player.sheet, roll, row, first_roll=first)
        if player.sheet.is_open(row):
            sheet = player.sheet.with_cell(row, points)
            # a repeat whose points go to a bonus line comes with any row it is scored in
            to_line = five is not None and five.bonus_line is not None and is_repeat(rules, player.sheet, roll)
            if to_line:
                assert five is not None and five.repeat_adds is not None
                sheet = sheet.with_line_bonus(five.repeat_adds)
            extra = earns_extra_turn(rules, first=five is not None and row == five.row and points > 0, repeat=to_line)
        else:  # a repeat added to its own filled cell (can_score allowed nothing else)
            sheet = player.sheet.with_repeat(row, points)
            extra = earns_extra_turn(rules, first=False, repeat=True)
        self._end_turn(replace(player, sheet=sheet, extra_turns=player.extra_turns + extra), won=won)
        return points

    def end_turn(self) -> None:
        """End a turn with no score: allowed only when every row is already filled."""
        raise_first(self.end_refusals())
        self._end_turn(self.state.players[self.state.current])

    # -- why the rules refuse an action ----------------------------------------------------
    # Each action's checks, in the order they are made: an action is refused with the first it
    # fails, and every check it fails is a reason the rules refuse it (a check that needs the
    # dice on the table applies only once they are there).

    def roll_refusals(self, dice: Roll | Iterable[int] | str | None = None) -> Iterator[SheetActionError]:
        """Every reason the rules refuse :meth:`roll` now, in the order they are checked."""
        state = self.state
        if state.is_over:
            yield GameOverError("the game is over")
        if state.rolls:
            yield AlreadyRolledError("the dice are already rolled this turn; reroll some or score")
        yield from bad_throw(self.ruleset.dice, dice)

    def reroll_refusals(
        self, positions: Sequence[int], dice: Roll | Iterable[int] | str | None = None
    ) -> Iterator[SheetActionError]:
        """Every reason the rules refuse :meth:`reroll` of these 0-based ``positions`` now, in
        the order they are checked."""
        state, rules = self.state, self.ruleset
        yield from self._turn_refusals()
        if self.rolls_left <= 0:
            if state.rolls > rules.rolls_per_turn:  # it drew on the player's saved rolls: all spent
                yield NoSavedRollsError(
                    f"no saved rolls left: the turn has used its {rules.rolls_per_turn} rolls and every roll "
                    f"player {state.current + 1} had saved"
                )
            else:
                yield NoRollsLeftError(f"no rolls left: a turn has {rules.rolls_per_turn} rolls")
        if not positions:
            yield EmptyRerollError("choose at least one die to reroll")
        off = [p for p in positions if type(p) is not int or not 0 <= p < rules.dice]
        if off:
            yield DieIndexError(f"die index {off[0]!r} is not 0 to {rules.dice - 1} (dice 1 to {rules.dice})")
        elif len(set(positions)) != len(positions):
            yield DieIndexError(f"die indexes {list(positions)} name a die twice")
        yield from bad_throw(len(positions), dice)

    def score_refusals(self, row: str) -> Iterator[SheetActionError]:
        """Every reason the rules refuse :meth:`score` in ``row`` now, in the order they are checked."""
        state, rules = self.state, self.ruleset
        yield from self._turn_refusals()
        if row in rules.derived_lines:
            yield NotPlayableError(f"{row} is not a playable row: it sums other lines")
            return  # a line no player fills is no row: the checks of a row do not apply
        row = rules.parse_row(row)
        sheet, roll = state.players[state.current].sheet, state.dice
        if not sheet.is_open(row):
            if roll is None or not can_score(rules, sheet, roll, row):  # a repeat may go in its own filled cell
                yield RowUsedError(f"row {row} is already filled for player {state.current + 1}")
        elif roll is not None and row not in allowed_rows(rules, sheet, roll):  # the forced joker's rows
            allowed = ", ".join(allowed_rows(rules, sheet, roll))
            yield JokerRowError(f"the joker rule puts this five of a kind in {allowed}, not in {row}")

    def end_refusals(self) -> Iterator[SheetActionError]:
        """Every reason the rules refuse :meth:`end_turn` now, in the order they are checked."""
        state = self.state
        yield from self._turn_refusals()
        sheet = state.players[state.current].sheet
        if not sheet.is_full(self.ruleset):
            open_rows = ", ".join(sheet.open_rows(self.ruleset))
            yield RowsStillOpenError(f"a turn must score a row while rows are open ({open_rows})")

    def _turn_refusals(self) -> Iterator[SheetActionError]:
        """The checks of every action but the roll: the game goes on, and the turn's dice are rolled."""
        if self.state.is_over:
            yield GameOverError("the game is over")
        if self.state.dice is None:
            yield NotRolledError("roll the dice first")

    # -- helpers -------------------------------------------------------------------------

    def _require_playing(self) -> GameState:
        if self.state.is_over:
            raise GameOverError("the game is over")
        return self.state

    def _require_rolled(self) -> GameState:
        state = self._require_playing()
        if state.dice is None:
            raise NotRolledError("roll the dice first")
        return state

    def _draw(self, n: int, given: Roll | Iterable[int] | str | None) -> Roll:
        values = self._dice(n) if given is None else given
        try:
            return Roll.of(values, count=n)
        except DiceError as exc:
            raise BadDiceError(str(exc)) from None

    def _end_turn(self, player: PlayerState, *, won: bool = False) -> None:
        state = self.state
        players = list(state.players)
        # the rolls a turn did not use are banked (and the saved ones it used are spent)
        saved = player.saved_rolls + self.ruleset.rolls_per_turn - state.rolls if self.ruleset.saved_rolls else 0
        players[state.current] = replace(player, turns_taken=player.turns_taken + 1, saved_rolls=saved)
        if won:
            self.state = GameState(players=tuple(players), current=state.current, won_by=state.current)
            return
        following = [(state.current + step) % len(players) for step in range(1, len(players) + 1)]
        nxt = next((i for i in following if players[i].has_turn_left()), state.current)
        self.state = GameState(players=tuple(players), current=nxt)


def winners(ruleset: SheetRuleset, state: GameState) -> tuple[int, ...]:
    """The 0-based indexes of the winners: the player who won at once, else the players with
    the highest grand total (ties share the win)."""
    if state.won_by is not None:
        return (state.won_by,)
    totals = [sheet.grand_total(ruleset) for sheet in state.sheets]
    return tuple(i for i, total in enumerate(totals) if total == max(totals))
