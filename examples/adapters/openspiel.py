"""OpenSpiel's Yacht and Pig (``yacht`` and ``pig`` in pyspiel, from the open_spiel package,
Apache-2.0) behind dicespec's interface: Yacht's score of a roll in a row, and replayed games of
both, played through the games' own states with the replay's dice given as their chance outcomes.

    dicespec conform --python examples.adapters.openspiel:implementation

OpenSpiel plays a game as a tree of states: at a chance node the dice fall (one outcome a roll of
every die, or of the dice thrown again), at a player's node the player keeps all the dice (its
action 0, which goes on to scoring), throws some again (actions 1 to 31, a bit a position) or
scores in a category (32 to 43, once every roll is used or the dice kept). A state shows each
player's filled categories and total in its text, which is what the adapter reads: the package
has no score function of its own to ask.

**Scoring** runs under ``yacht``, whose twelve rows are OpenSpiel's twelve categories: a new
state is given the roll as its chance outcome, keeps it, and scores it in the row.

**Replays** run under ``yacht``, for one to four players (the game's ``players`` parameter): a
``roll`` is the chance outcome of its five dice, a ``reroll i,j=ab`` the action throwing those
positions again then the chance outcome of the new dice, a ``score`` the action keeping the dice
(where rolls are left) then the category's. An action the state does not offer is refused: a
reroll after the third roll is ``no-rolls-left``, a score in a filled row ``row-used``. The game
ends when every player has filled every category; OpenSpiel's returns name the winners (the
highest return, every one of those tied).

What its game cannot be asked raises :class:`~dicespec.implementation.CannotAsk`, with the
reason: a roll of other than five dice of 1 to 6, a second roll in a turn, a reroll or score
before the roll, a reroll of no dice or of a die named twice, ``end`` (a turn ends when it
scores), and anything after the game's end.

**Pig** runs under ``pig``, for two to ten players (the game's ``players``), with the game's own
defaults: 100 to win, and a horizon of 1,000 moves (a roll and its die are two), after which
OpenSpiel ends the game with no winner; no text of Pig has that rule, and the replays say where
it bites. A ``roll`` is the roll action then the die as the chance outcome; a ``bank`` is the stop
action. OpenSpiel adds a 2 to 6 to the turn total at once, where the set-aside model sets the
die aside first: the adapter takes ``set`` of the die just rolled as that step (OpenSpiel is
asked nothing), and cannot ask any other set-aside, nor a roll or a bank between a roll and its
set-aside. A bank before the turn's first roll is asked as it comes: OpenSpiel's stop is legal
there. The package is neither copied nor changed.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from dicespec.implementation import CannotAsk
from examples.adapters._base import Adapter, faces

# dicespec's rows of ``yacht`` → OpenSpiel's categories, in the order of its score actions (32 + i)
# and named as its states write them.
CATEGORIES = {
    "ones": "Ones",
    "twos": "Twos",
    "threes": "Threes",
    "fours": "Fours",
    "fives": "Fives",
    "sixes": "Sixes",
    "choice": "Chance",
    "four_of_a_kind": "4Kind",
    "full_house": "Full",
    "little_straight": "SmStr",
    "big_straight": "LgStr",
    "yacht": "Yacht",
}
KEEP_ALL = 0  # the player's action that keeps every die and goes on to scoring
FIRST_SCORE = 32  # the score action of the first category; the others follow in CATEGORIES' order
SCORE = {row: FIRST_SCORE + i for i, row in enumerate(CATEGORIES)}
DICE = 5
PLAYER = re.compile(r"^Player (\d+) \(total: (-?\d+)\):$")
FILLED = re.compile(r"^  (\w+): (-?\d+)$")


def outcome(dice: list[int]) -> int:
    """The chance outcome of dice falling as ``dice`` (the first die the lowest digit, base 6)."""
    return sum((face - 1) * 6**i for i, face in enumerate(dice))


def reroll_action(positions: list[int]) -> int:
    """The action that throws the dice at ``positions`` (0-based) again: a bit a position."""
    return sum(1 << p for p in positions)


ROLL, STOP = 0, 1  # Pig's two actions: roll the die, or stop and bank the turn total
PIG_STATE = re.compile(r"^Scores: ([\d ]+), Turn total: (\d+)$", re.M)


class OpenSpiel(Adapter):
    name = "openspiel"
    package = "open_spiel"
    rulesets: ClassVar[dict[str, list[str]]] = {"yacht": ["yacht"], "pig": ["pig"]}
    skips: ClassVar[dict[str, str]] = {
        "best": "OpenSpiel has no scoring function to ask: its games score as they are played",
        "set_aside": "OpenSpiel has no scoring function to ask: its games score as they are played",
    }
    players: ClassVar[dict[str, list[int]]] = {"yacht": [1, 2, 3, 4], "pig": list(range(2, 11))}

    def __init__(self) -> None:
        import pyspiel

        self._games = {n: pyspiel.load_game("yacht", {"players": n}) for n in self.players["yacht"]}
        self._pigs = {n: pyspiel.load_game("pig", {"players": n}) for n in self.players["pig"]}

    def score(self, ruleset: str, dice: str, row: str) -> int:
        state = self._games[1].new_initial_state()
        state.apply_action(outcome(faces(dice)))
        state.apply_action(KEEP_ALL)
        state.apply_action(SCORE[row])
        return _sheets(str(state))[0][CATEGORIES[row]]

    # -- replays -------------------------------------------------------------------------------

    def replay(self, ruleset: str, players: int, actions: list[str]) -> dict[str, Any]:
        if ruleset == "pig":
            return self._pig(players, actions)
        if players not in self._games:
            raise NotImplementedError(f"this adapter plays OpenSpiel's yacht for 1 to 4 players, not {players}")
        state = self._games[players].new_initial_state()
        rolls, rejected = 0, None
        for at, action in enumerate(actions):
            if state.is_terminal():
                raise CannotAsk("OpenSpiel's game is over after its last turn: it cannot be asked anything more")
            verb, _, rest = action.partition(" ")
            if verb == "roll":
                if rolls:
                    raise CannotAsk("OpenSpiel's yacht rolls once at a turn's start: a second roll cannot be asked")
                if not _dice(rest, DICE):
                    raise CannotAsk("OpenSpiel's yacht rolls five dice of 1 to 6: a roll of other dice cannot be asked")
                state.apply_action(outcome(faces(rest)))
                rolls = 1
            elif verb == "reroll":
                where, _, values = rest.partition("=")
                positions = [int(p) - 1 for p in where.split(",") if p.strip().isdigit()]
                if (
                    not rolls
                    or not positions
                    or len(set(positions)) != len(positions)
                    or not all(0 <= p < DICE for p in positions)
                    or not _dice(values, len(positions))
                ):
                    raise CannotAsk(
                        "OpenSpiel's yacht cannot be asked this reroll (before the roll, of no dice, of a "
                        "die named twice or not there, or to other values than 1 to 6)"
                    )
                if reroll_action(positions) not in state.legal_actions():
                    rejected = {"at": at, "code": "no-rolls-left"}
                    break
                state.apply_action(reroll_action(positions))
                new = dict(zip(sorted(positions), faces(values), strict=True))
                state.apply_action(outcome([new[p] for p in sorted(positions)]))
                rolls += 1
            elif verb == "score":
                if not rolls or rest not in SCORE:
                    raise CannotAsk(
                        "OpenSpiel's yacht cannot be asked to score before the turn's roll, or in a line that is "
                        "no category"
                    )
                if KEEP_ALL in state.legal_actions() and SCORE[rest] not in state.legal_actions():
                    state = state.child(KEEP_ALL)  # rolls are left: keep the dice, then score
                if SCORE[rest] not in state.legal_actions():
                    rejected = {"at": at, "code": "row-used"}
                    break
                state.apply_action(SCORE[rest])
                rolls = 0
            else:
                raise CannotAsk(f"OpenSpiel's yacht has no action {verb!r} (a turn ends when it scores)")
        return _answer(state, players, rolls, rejected)

    def _pig(self, players: int, actions: list[str]) -> dict[str, Any]:
        if players not in self._pigs:
            raise NotImplementedError(f"OpenSpiel's pig plays 2 to 10 players, not {players}")
        state = self._pigs[players].new_initial_state()
        turns = [0] * players
        banked = [False] * players
        die: str | None = None  # the die just rolled, until the model's set-aside step takes it
        last = 0  # the player who acted last
        for action in actions:
            if state.is_terminal():
                raise CannotAsk("OpenSpiel's pig is over: it cannot be asked anything more")
            verb, _, rest = action.partition(" ")
            if die is not None and not (verb == "set" and rest == die):
                raise CannotAsk(
                    "OpenSpiel's pig adds the die to the turn total as it falls: between a roll and its "
                    "set-aside only that die can be set aside"
                )
            last = state.current_player()
            if verb == "roll":
                if not _dice(rest, 1):
                    raise CannotAsk("OpenSpiel's pig rolls one die of 1 to 6: other dice cannot be asked")
                state.apply_action(ROLL)
                if state.is_terminal():  # the horizon came with the roll: OpenSpiel throws no die
                    break
                state.apply_action(int(rest) - 1)
                if rest == "1":
                    turns[last] += 1
                else:
                    die = rest
            elif verb == "set":
                if die is None:
                    raise CannotAsk("OpenSpiel's pig sets nothing aside: only the die just rolled can be")
                die = None
            elif verb == "bank":
                state.apply_action(STOP)
                turns[last] += 1
                banked[last] = True
            else:
                raise CannotAsk(f"OpenSpiel's pig has no action {verb!r}")
        found = PIG_STATE.search(str(state))
        assert found is not None, str(state)
        scores = [int(score) for score in found.group(1).split()]
        over = state.is_terminal()
        returns = state.returns() if over else []
        best = max(returns, default=None)
        return {
            "players": [
                {"score": score, "on_board": on_board, "turns_taken": taken}
                for score, on_board, taken in zip(scores, banked, turns, strict=True)
            ],
            "current": last if over else state.current_player(),
            "phase": "rolled" if die is not None else ("set-aside" if int(found.group(2)) else "turn-start"),
            "dice": die,
            "dice_left": 1,
            "turn_points": int(found.group(2)) - int(die or 0),  # the model counts the die once set aside
            "over": over,
            "winners": [i for i, value in enumerate(returns) if value == best and value > 0] if over else [],
            "rejected": None,
        }


def _sheets(text: str) -> list[dict[str, int]]:
    """Each player's filled categories (OpenSpiel's names → points) and ``total``, from a state's text."""
    sheets: list[dict[str, int]] = []
    for line in text.splitlines():
        if found := PLAYER.match(line):
            sheets.append({"total": int(found.group(2))})
        elif sheets and (filled := FILLED.match(line)):
            sheets[-1][filled.group(1)] = int(filled.group(2))
    return sheets


def _answer(state: Any, players: int, rolls: int, rejected: dict[str, Any] | None) -> dict[str, Any]:
    """The protocol's answer from the state's text: each player's sheet (its totals added up as
    the sheet shows them), whose turn it is, the dice on the table, and the winners once over."""
    text = str(state)
    sheets = _sheets(text)
    turn = int(re.search(r"^Turn player: (\d+)$", text, re.M).group(1))  # type: ignore[union-attr]
    dice = re.search(r"^Dice: ([\d ]+)$", text, re.M).group(1).split()  # type: ignore[union-attr]
    from dicespec import find_ruleset

    rules = find_ruleset("yacht")
    answered = []
    for sheet in sheets:
        rows: dict[str, int | None] = {row: sheet.get(name) for row, name in CATEGORIES.items()}
        upper_total = sum(rows[row] or 0 for row in rules.upper_rows)
        lower_total = sum(rows[row] or 0 for row in rules.lower_rows)
        totals = {"upper_total": upper_total, "lower_total": lower_total, "grand_total": upper_total + lower_total}
        lines = {line: totals[line] if line in totals else rows[line] for line in rules.lines}
        answered.append({"lines": lines, "turns_taken": sum(p is not None for p in rows.values())})
    over = state.is_terminal()
    returns = state.returns() if over else []
    best = max(returns, default=None)
    return {
        "players": [{**sheet, "extra_turns": 0} for sheet in answered],
        "over": over,
        "current": turn,
        "dice": "".join(dice) if rolls else None,
        "rolls": rolls,
        "winners": [i for i, value in enumerate(returns) if value == best] if over else [],
        "rejected": rejected,
    }


def _dice(text: str, count: int) -> bool:
    """Are ``text``'s characters ``count`` dice of 1 to 6?"""
    return len(text) == count and all(c in "123456" for c in text)


implementation = OpenSpiel()
