"""The one narrow interface between the spec and an implementation under test.

The spec's steps ask only these questions, with plain JSON-able arguments and answers, so
that the same features run against the reference engines (here), a Python object of
someone else's, or a program in any language behind the stdio protocol.

Kiriki replay answers look like::

    {"players": [{"lines": {"ones": 3, ..., "bonus": 0, ..., "grand_total": 3},
                  "turns_taken": 1, "extra_turns": 0}],
     "over": false, "current": 0, "dice": "12345" | null, "rolls": 1, "winners": [],
     "rejected": null | {"at": 4, "code": "row-used"}}

where ``lines`` holds every line of the sheet (``null`` for an empty row), ``winners`` the
0-based indexes of the winners once ``over`` (ties share; ``[]`` before), and ``rejected``
names the first action the rules refused (the state is the one just before it).

10000 set-aside answers are ``{"points": 1050}`` or ``{"rejected": "not-scoring"}`` (codes:
``empty-set-aside``, ``too-many-dice``, ``not-scoring``). 10000 replay answers look like::

    {"players": [{"score": 0, "on_board": false, "turns_taken": 1, "farkles_in_a_row": 1}],
     "current": 0, "phase": "turn-start" | "rolled" | "set-aside",
     "dice": "111556" | null, "dice_left": 6, "turn_points": 0,
     "over": false, "winners": [],
     "rejected": null | {"at": 3, "code": "must-set-aside"}}

where ``current`` is the player to act (once over, no one is: it carries no rule then, and the
reference answers the last to play; :func:`carries_no_rule`), ``dice`` the roll
waiting for its set-aside, ``farkles_in_a_row`` (only where the ruleset has a farkle penalty)
the player's farkles since their last turn that did not farkle, ``dice_left`` the dice not set
aside since the turn began or the last hot dice (the dice on the table, or the dice the next
roll throws), ``winners`` the 0-based indexes of the winners once ``over`` (the player whose roll
won at once, else the highest scores; ties share), and ``rejected`` names the first
action the rules refused, with the state just before it (codes: ``game-over``, ``not-rolled``,
``must-set-aside``, ``already-set-aside``, ``bad-dice``, ``below-entry``, ``must-roll``, and
the set-aside codes, plus ``not-in-roll`` and ``scoring-dice-left``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from dicespec.dice import Roll
from dicespec.registry import game
from dicespec.rulesets import find_ruleset, find_ruleset_of
from dicespec.validation import JSON

if TYPE_CHECKING:
    from dicespec.scoresheet.ruleset import SheetRuleset
    from dicespec.scoresheet.sheet import Sheet
    from dicespec.setaside.ruleset import SetAsideRuleset


OPERATIONS: dict[str, tuple[str, ...]] = {
    "score-sheet": ("score", "replay"),
    "set-aside": ("set_aside", "best", "replay"),
}
"""The interface's operations each family of games is asked through (protocol version 2's names,
for every game of the family; a request's ruleset says which game). A family's replay comes last."""


def operations(family: str) -> tuple[str, ...]:
    """The operations a game of the family ``family`` (a family name) is asked through."""
    return OPERATIONS[family]


def replay_operation(family: str) -> str:
    """The operation that replays a game of the family ``family``."""
    return OPERATIONS[family][-1]


def carries_no_rule(answer: Any) -> tuple[str, ...]:
    """The parts of a replay answer that carry no rule in it: ``current`` once the game is over
    (no player is to act then: the reference answers the last to play, and the protocol holds no
    implementation to it). Every other part follows from the rules of the actions played: the
    dice, rolls, phase and points of a turn that ended, the sheet or scores, the winners."""
    if type(answer) is dict and answer.get("over") is True and "current" in answer:
        return ("current",)
    return ()


def held(answer: Any) -> Any:
    """A replay answer as an implementation is held to it: without the parts that carry no rule
    in it (:func:`carries_no_rule`); any other answer as it is."""
    unruled = carries_no_rule(answer)
    if not unruled:
        return answer
    return {key: value for key, value in answer.items() if key not in unruled}


def lines_lacked(expected: Any, actual: Any) -> tuple[tuple[int, str], ...]:
    """The lines of a score sheet that ``actual`` holds at 0 and ``expected`` lacks, as (player,
    line): lines of the sheet the implementation was asked under that the rules held to have not
    (a ``yahtzee_bonus`` under rules with no Yahtzee bonus, a ``bonus`` under rules with no upper
    bonus). They carry no rule under those rules, which never add to them."""
    if type(expected) is not dict or type(actual) is not dict:
        return ()
    wanted, given = expected.get("players"), actual.get("players")
    if type(wanted) is not list or type(given) is not list or len(wanted) != len(given):
        return ()
    found = []
    for index, (one, other) in enumerate(zip(wanted, given, strict=True)):
        lines = other.get("lines") if type(other) is dict else None
        kept = one.get("lines") if type(one) is dict else None
        if type(lines) is dict and type(kept) is dict:
            found += [
                (index, line) for line, value in lines.items() if line not in kept and type(value) is int and value == 0
            ]
    return tuple(found)


def held_to(expected: Any, actual: Any) -> Any:
    """A replay answer ``actual`` as it is held to the reference's ``expected``: without the parts
    that carry no rule in it (:func:`held`), nor the lines it holds at 0 that ``expected`` lacks
    (:func:`lines_lacked`); any other answer as it is."""
    lacked = lines_lacked(expected, actual)
    if not lacked:
        return held(actual)
    players = [dict(player) for player in actual["players"]]
    for index, line in lacked:
        players[index]["lines"] = {k: v for k, v in players[index]["lines"].items() if k != line}
    return held({**actual, "players": players})


def answers_alike(expected: Any, actual: Any) -> bool:
    """Does ``actual`` answer as the reference's ``expected`` does, in every part that carries a
    rule (a game over in both, whoever each says is to act; a line the rules lack, held at 0 or
    not there)?"""
    return bool(expected == actual) or (type(actual) is dict and held(expected) == held_to(expected, actual))


def family_of_ruleset(ruleset: str) -> str:
    """The family name of the game a ruleset (shipped or declared) is for."""
    return game(find_ruleset(ruleset).game).family_name


class CannotAsk(NotImplementedError):
    """Raised by an implementation that supports a request but whose engine cannot be asked it:
    an action the engine takes by itself (its own roll), a state it cannot be put in. The case
    is skipped and counted apart from what is not supported, with the reason given."""


@runtime_checkable
class Implementation(Protocol):
    """What the spec asks of an implementation of a game of either family: ``score`` and
    ``replay`` serve every score-sheet game, ``set_aside``, ``best`` and ``replay`` every set-aside
    game; the ruleset says which game, and so which shape ``replay`` answers."""

    name: str

    def score(self, ruleset: str, dice: str, row: str) -> int:
        """The score of ``dice`` (e.g. ``"66616"``) in ``row`` (a row id)."""

    def set_aside(self, ruleset: str, dice: str) -> JSON:
        """Setting aside exactly ``dice`` (e.g. ``"1115"``) from one roll: its points, or the rejection."""

    def best(self, ruleset: str, dice: str) -> int:
        """The most points the roll ``dice`` (1 to 6 dice) can give; 0 is a farkle."""

    def replay(self, ruleset: str, players: int, actions: list[str]) -> JSON:
        """Replay ``actions``: a score-sheet game's (``"roll 12345"``, ``"reroll 1,2=66"``,
        ``"score chance"``, ``"end"``) or a set-aside game's (``"roll 111556"``, ``"set 1115"``,
        ``"bank"``)."""


@runtime_checkable
class RollsOwnDice(Protocol):
    """What the spec asks, besides :class:`Implementation`'s questions, of an implementation whose
    engine rolls its own dice (it says so with ``dice = "own"``, or per game, as its hello's
    ``dice``): it cannot be asked a replay, whose dice are given, so its games are played move by
    move, each move asked of a game it keeps."""

    def act(self, ruleset: str, players: int, game: int, action: str) -> JSON:
        """Carry out ``action`` in the game numbered ``game`` (its first action starts a game of
        ``players`` players under ``ruleset``), a roll or reroll thrown by the engine (``"roll"``,
        ``"reroll 1,3"``; the other actions as a replay writes them): ``{"state": …, "rolled": …}``,
        the game after it in a replay answer's shape (refused: unchanged, with ``rejected``) and the
        dice it threw (``None``: none)."""


class ReferenceImplementation:
    """The reference engines of this package, in process."""

    name = "dicespec-reference"

    def score(self, ruleset: str, dice: str, row: str) -> int:
        from dicespec.scoresheet.rows import score

        rules = _sheet_ruleset(ruleset)
        return score(rules, Roll.parse(dice, count=rules.dice), row)

    def set_aside(self, ruleset: str, dice: str) -> JSON:
        return set_aside_score_answer(_set_aside_ruleset(ruleset), Roll.parse(dice))

    def best(self, ruleset: str, dice: str) -> int:
        from dicespec.setaside.combos import best

        return best(_set_aside_ruleset(ruleset), Roll.parse(dice))

    def replay(self, ruleset: str, players: int, actions: list[str]) -> JSON:
        family = family_of_ruleset(ruleset)
        return _ANSWERS[family](ruleset, _REPLAYS[family](ruleset, players, actions))

    # Not questions of the protocol: what the runner and the spec's steps judge another
    # implementation's refusal by (any of these codes is a reason the rules give).

    def replay_refusals(self, ruleset: str, players: int, actions: list[str]) -> list[str]:
        """Where a replay of ``actions`` refuses one: the code of every check of the rules that
        action fails, in the order the engines make them (the first is the code :meth:`replay`
        answers); ``[]`` where no action is refused."""
        return list(_REPLAYS[family_of_ruleset(ruleset)](ruleset, players, actions).refusals)

    def set_aside_refusals(self, ruleset: str, dice: str) -> list[str]:
        """The code of every reason ``dice`` cannot be set aside, in the order the engine checks
        them (the first is the code :meth:`set_aside` answers); ``[]`` where they can."""
        from dicespec.setaside.combos import refusals

        return [refusal.code for refusal in refusals(_set_aside_ruleset(ruleset), Roll.parse(dice))]


def _sheet_replay(ruleset: str, players: int, actions: list[str]) -> Any:
    from dicespec.scoresheet.replay import replay

    return replay(_sheet_ruleset(ruleset), players, actions)


def _set_aside_replay(ruleset: str, players: int, actions: list[str]) -> Any:
    from dicespec.setaside.replay import replay

    return replay(_set_aside_ruleset(ruleset), players, actions)


_REPLAYS = {"score-sheet": _sheet_replay, "set-aside": _set_aside_replay}
"""The reference's replay of each family of games, by family name: its result (a state, and the
action refused, if any)."""

_ANSWERS = {
    "score-sheet": lambda ruleset, result: sheet_replay_answer(_sheet_ruleset(ruleset), result),
    "set-aside": lambda ruleset, result: set_aside_replay_answer(result),
}
"""The protocol's replay answer of a replay's result, by family name."""


def _sheet_ruleset(name: str) -> SheetRuleset:
    from dicespec.scoresheet.ruleset import SheetRuleset

    return find_ruleset_of(SheetRuleset, name)


def _set_aside_ruleset(name: str) -> SetAsideRuleset:
    from dicespec.setaside.ruleset import SetAsideRuleset

    return find_ruleset_of(SetAsideRuleset, name)


def set_aside_score_answer(rules: SetAsideRuleset, dice: Roll) -> JSON:
    """The ``set_aside`` answer: what setting aside exactly ``dice`` scores under
    ``rules``, or why it cannot be set aside."""
    from dicespec.setaside.combos import score
    from dicespec.setaside.errors import SetAsideError

    try:
        return {"points": score(rules, dice)}
    except SetAsideError as exc:
        return {"rejected": exc.code}


_SHEET_LINES: dict[int, tuple[Sheet, SheetRuleset, dict[str, int | None]]] = {}
"""The lines of the sheets answered lately, by the sheet's id (the sheet and the ruleset kept
with them: an id is another sheet's once the sheet is gone; a sheet never changes)."""
SHEET_LINES_KEPT = 4096  # sheets whose lines are kept, at most (the table is emptied when full)


def sheet_lines(rules: SheetRuleset, sheet: Sheet) -> dict[str, int | None]:
    """``sheet.lines(rules)``, worked out once per sheet and ruleset: a game's answers, move after
    move, show the same sheets (only a score makes a new one), and adding up a sheet's totals is
    most of an answer's making. A new dict each time, which its caller may change."""
    kept = _SHEET_LINES.get(id(sheet))
    if kept is None or kept[0] is not sheet or kept[1] is not rules:
        if len(_SHEET_LINES) >= SHEET_LINES_KEPT:
            _SHEET_LINES.clear()
        kept = _SHEET_LINES[id(sheet)] = (sheet, rules, sheet.lines(rules))
    return dict(kept[2])


def sheet_replay_answer(rules: SheetRuleset, result: Any) -> JSON:
    """The ``replay`` answer for a score-sheet :class:`~dicespec.scoresheet.replay.ReplayResult`
    (a state, and the first rejected action if any) under ``rules``."""
    from dicespec.scoresheet.game import winners

    state = result.state
    return {
        "players": [
            {"lines": sheet_lines(rules, p.sheet), "turns_taken": p.turns_taken, "extra_turns": p.extra_turns}
            | ({"saved_rolls": p.saved_rolls} if rules.saved_rolls else {})
            for p in state.players
        ],
        "over": state.is_over,
        "current": state.current,
        "dice": None if state.dice is None else str(state.dice),
        "rolls": state.rolls,
        "winners": list(winners(rules, state)) if state.is_over else [],
        "rejected": None if result.rejected_at is None else {"at": result.rejected_at, "code": result.rejection},
    }


def _set_aside_player(player: Any) -> JSON:
    """A player of a set-aside replay answer; ``farkles_in_a_row`` only where the ruleset counts them."""
    answer: dict[str, Any] = {"score": player.score, "on_board": player.on_board, "turns_taken": player.turns_taken}
    if player.farkles_in_a_row is not None:
        answer["farkles_in_a_row"] = player.farkles_in_a_row
    return answer


def set_aside_replay_answer(result: Any) -> JSON:
    """The ``replay`` answer for a 10000 :class:`~dicespec.setaside.replay.ReplayResult`."""
    from dicespec.setaside.game import winners

    state = result.state
    return {
        "players": [_set_aside_player(p) for p in state.players],
        "current": state.current,
        "phase": str(state.phase),
        "dice": None if state.dice is None else str(state.dice),
        "dice_left": state.dice_left,
        "turn_points": state.turn_points,
        "over": state.is_over,
        "winners": list(winners(state)) if state.is_over else [],
        "rejected": None if result.rejected_at is None else {"at": result.rejected_at, "code": result.rejection},
    }
