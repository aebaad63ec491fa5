"""The games part for an implementation that rolls its own dice (its hello's ``dice``: ``own``).

Such an engine cannot be asked a replay: the dice of every roll are its own. So the runner asks
it no replay of those games, and plays the corpus's replayed games with it move by move instead
(:func:`~dicespec.corpus.own_dice_games`: as many games per ruleset, of as many players, played by
the same seeded policies): each move is an ``act`` request (one action of a game the
implementation keeps by its number; a roll or a reroll without its dice), the implementation
throws the dice, the reference engines follow the game with the dice it shows, and its every
answer is compared with theirs, as a replay's is (:func:`~dicespec.implementation.answers_alike`;
a refusal in another order for a reason the rules give too passes, counted apart:
:mod:`~dicespec.conformance.run.refusals`). A game is one case: passed when every answer is the
reference's; else failed at its first answer that differs, the game so far shown.

The dice it shows must be dice: as many as the move throws, each 1 to 6, and, after a reroll, the
dice it kept as they were (a set-aside game's roll on the table: the dice it threw). Dice that are
not are a failure at that move, naming them.

Games are played many at once: each has one move in flight at most, and the moves of hundreds of
games fill the transport's window together. The moves of a game go in order; a game whose answer
has not come back waits, and another game is started meanwhile. A game's next move is sent as soon
as its answer is judged, so that the implementation works on some games while the runner judges
others.

Rules that need particular dice (five of a kind for a joker, a first roll that wins) come up only
as the engine's dice bring them up: how often each did is counted, and the report lists them
(one that never came up is not checked).
"""

from __future__ import annotations

import fnmatch
import itertools
import time
from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any, NamedTuple

from dicespec import corpus
from dicespec.conformance.protocol.messages import ACT, Outcome, act_state_problem, family_of
from dicespec.conformance.run.declared import HelloError, not_a_game
from dicespec.conformance.run.refusals import OtherOrder, other_order
from dicespec.conformance.run.report import Recorder
from dicespec.conformance.transports.stdio import expected_reply
from dicespec.conformance.transports.wire import PAUSE, dumps_own
from dicespec.corpus import Move, OwnDiceGame
from dicespec.implementation import answers_alike
from dicespec.progress import ProgressLine
from dicespec.registry import game_names
from dicespec.rulesets import find_ruleset

PART = "games"
SHOWN_ACTIONS = 12  # the last actions of a failed game its message shows
_STATE = b'{"state":'  # how an act result's text begins, as the reference writes it


def check_hello(hello: Any) -> None:
    """Every game a hello says its engine rolls the dice of is a game of the registry that it plays
    (one it declares rulesets of): one line, before any case."""
    where = f"the hello of {hello.name}: dice"
    for name, source in hello.dice.items():
        if name not in game_names():
            raise HelloError(f"{where}: {not_a_game(name)}")
        if source == "own" and not hello.games.get(name):
            raise HelloError(
                f"{where}.{name}: own dice for a game it plays no ruleset of (games declares none): "
                "no game of it can be played"
            )


def own_dice_rulesets(rulesets: Mapping[str, Sequence[str]], hello: Any) -> dict[str, list[str]]:
    """The rulesets among ``rulesets`` (game → names) whose games the implementation rolls the dice
    of: its games are played move by move, none replayed."""
    if hello is None:
        return {}
    return {game: list(names) for game, names in rulesets.items() if names and hello.rolls_own_dice(game)}


class _GameOver(Exception):
    """A game that ended at an answer (errored, as it was recorded)."""


class _Act(NamedTuple):
    """A move asked: the request, and the game it is of."""

    op: str
    args: dict[str, Any]
    playing: _Playing


@dataclass(eq=False)
class _Playing:
    """A game in play: its moves, the move asked, and what it has answered so far."""

    game: OwnDiceGame
    number: int  # its number on the wire
    move: Move
    restarts: int  # the transport's restarts when it began: a restart loses the games kept
    accepted: int = 0  # the moves the rules accepted (a probe is refused: it changes nothing)
    expected: dict[str, Any] | None = None  # the reference's result of the move asked, once worked out
    followed: bool = False  # the move asked is carried out on the reference's game (a throw's with its dice)
    following: Move | None = None  # then, the move after it (None: the game is over)
    refusal: OtherOrder | None = None  # its first refusal in another order than the reference's
    over: bool = False  # recorded already (failed or errored): an answer still to come is not judged

    def request(self) -> _Act:
        args = {
            "ruleset": self.game.ruleset,
            "players": self.game.players,
            "game": self.number,
            "action": self.move.action,
        }
        return _Act(ACT, args, self)


@dataclass
class Played:
    """What the games played with the engine's own dice showed, ruleset by ruleset: games played,
    and how often each rule that needs particular dice came up."""

    order: list[str] = field(default_factory=list)  # the rulesets, in the order of the run
    games: dict[str, int] = field(default_factory=dict)
    came_up: dict[str, dict[str, int]] = field(default_factory=dict)

    def add(self, game: OwnDiceGame) -> None:
        self.games[game.ruleset] = self.games.get(game.ruleset, 0) + 1
        counts = self.came_up.setdefault(
            game.ruleset, dict.fromkeys(corpus.chance_rules(find_ruleset(game.ruleset)), 0)
        )
        for rule, times in game.came_up.items():
            counts[rule] = counts.get(rule, 0) + times

    def lines(self) -> list[str]:
        """The report's lines: per ruleset, its games, and how often each rule that needs particular
        dice came up (one that never did is not checked)."""
        if not self.games:
            return []
        lines = [
            "own dice: the rules that need particular dice, as often as its dice brought them up (0: not checked):"
        ]
        for ruleset in sorted(
            self.games, key=lambda name: self.order.index(name) if name in self.order else len(self.order)
        ):
            played, counts = self.games[ruleset], self.came_up.get(ruleset, {})
            shown = ", ".join(f"{rule} {times:,}" for rule, times in counts.items()) or "none"
            lines.append(f"  {ruleset} ({_count(played, 'game')}): {shown}")
        return lines


def play(
    rulesets: Mapping[str, Sequence[str]],
    transport: Any,
    options: Any,
    recorder: Recorder,
    *,
    players: Mapping[str, Sequence[int]] | None = None,
) -> tuple[int, Played]:
    """Play the replayed games of ``rulesets`` (game → names) with the implementation, its own dice
    thrown, each one case recorded in ``recorder``; the number of games, and what they showed.
    ``players``: the counts its hello declares, by game."""
    games = corpus.own_dice_games(rulesets, count=options.games, seed=options.seed, players=players)
    if options.select:
        pattern = options.select
        games = (game for game in games if fnmatch.fnmatchcase(game.id, pattern))
    driver = _Driver(transport, options, recorder)
    driver.played.order = [name for names in rulesets.values() for name in names]
    return driver.run(games), driver.played


class _Driver:
    """Many games at once through one transport."""

    def __init__(self, transport: Any, options: Any, recorder: Recorder) -> None:
        self.transport = transport
        self.strict = options.strict_refusals
        self.recorder = recorder
        self.waiting: deque[_Playing] = deque()  # answered: their next move is to be asked
        self.in_flight = 0  # moves asked and not answered yet
        self.numbers = itertools.count()
        self.played = Played()
        self.deadline = None if options.time_limit is None else time.monotonic() + options.time_limit
        self.time_limit = options.time_limit
        self.progress = ProgressLine("  games (own dice)", unit="games") if options.progress else None
        self.done = 0

    def run(self, games: Iterator[OwnDiceGame]) -> int:
        self.games = games
        self.left = True  # games not started yet, maybe
        while self.left or self.waiting:
            for act, outcome in self.transport.stream(self._moves(), expect=self._expect):
                self._answered(act.playing, outcome)
        for game in self.games:  # not started: the time limit was reached
            message = f"not run: the time limit ({self.time_limit:g} s) was reached"
            self.recorder.record(game.id, PART, game.kind, game.ruleset, game.row, "errored", message=message)
            self.done += 1
        if self.progress is not None:
            self.progress.count(self.done, "", final=True)
        return self.done

    def _moves(self) -> Iterator[_Act]:
        """The moves to ask: the next of each game answered, else a game's first; a pause while
        every game in play has a move in flight and none is left to start; none once no game is in
        play."""
        while True:
            playing = self.waiting.popleft() if self.waiting else self._start()
            if playing is not None:
                self.in_flight += 1
                yield playing.request()
            elif self.in_flight:
                yield PAUSE
            else:
                return

    def _start(self) -> _Playing | None:
        """The next game, its first move to ask; ``None`` when none is left (or the time is up)."""
        while self.left:
            if self.deadline is not None and time.monotonic() > self.deadline:
                self.left = False
                return None
            game = next(self.games, None)
            if game is None:
                self.left = False
                return None
            first = next(game.moves, None)
            if first is None:  # a game of no move: nothing to ask
                self._passed(game, None)
                continue
            return _Playing(game, next(self.numbers), first, getattr(self.transport, "restarts", 0))
        return None

    # -- an answer -------------------------------------------------------------------------

    def _expected(self, playing: _Playing) -> dict[str, Any]:
        """The reference's result of a move that throws nothing, known before it is answered: the
        state after it (a probe's: the state unchanged, the action refused), no dice thrown."""
        if playing.expected is None:
            move = playing.move
            state = playing.game.answer(move.after)
            if move.probe:
                state = {**state, "rejected": {"at": playing.accepted, "code": move.refusals[0]}}
            playing.expected = {"state": state, "rolled": None}
        return playing.expected

    def _expect(self, act: _Act) -> tuple[Any, bytes | Callable[[bytes], Any] | None]:
        """What the transport may take a reply for as it is (see
        :meth:`~dicespec.conformance.transports.stdio.StdioTransport.stream`): a move that throws
        nothing is answered as the reference answers it, most likely; a throw, as the reference
        answers it with the dice the reply shows (:meth:`_thrown`)."""
        playing = act.playing
        if playing.move.throws:
            return None, partial(self._thrown, playing)
        expected = self._expected(playing)
        return expected, expected_reply(expected)

    def _thrown(self, playing: _Playing, text: bytes) -> dict[str, Any] | None:
        """The result a throw's reply stands for, where its text (``{"state":…,"rolled":"…"}``) is
        exactly the reference's state after the dice it shows, and those dice; else ``None``, and
        the reply is read in full. The dice are read from the text's end: a ``"rolled"`` member
        just before the last ``}`` is the result's own (a string holds no bare quote), so the game
        goes on with the dice the reply shows, whatever is found of the rest."""
        head, found, tail = text.rpartition(b',"rolled":"')
        if not found or not head.startswith(_STATE) or tail[-2:] != b'"}':
            return None
        rolled = tail[:-2].decode("ascii", "replace")
        if not_dice(rolled, playing.move.throws) is not None:
            return None
        try:
            state = self._thrown_state(playing, rolled)
        except _GameOver:
            return None
        if head[len(_STATE) :] != expected_reply(state):
            return None
        playing.expected = {"state": state, "rolled": rolled}
        return playing.expected

    def _thrown_state(self, playing: _Playing, rolled: str) -> dict[str, Any]:
        """The reference's state after the throw asked, the dice ``rolled`` (a throw's dice),
        the game gone on with them (once: read from the reply's end, or from the reply read in full)."""
        following = playing.following if playing.followed else self._following(playing, rolled)
        state: dict[str, Any] = playing.game.answer(playing.game.final() if following is None else following.before)
        return state

    def _answered(self, playing: _Playing, outcome: Outcome) -> None:
        """Judge one answer; the game goes on (waiting to be asked its next move) or ends here."""
        self.in_flight -= 1
        if playing.over:  # it ended as its reply was looked at
            return
        game, move = playing.game, playing.move
        if getattr(self.transport, "restarts", 0) != playing.restarts:
            why = "the implementation was restarted during the game: the games it kept are lost"
            self._end(playing, "errored", why)
            return
        if outcome.kind != "result":
            skip = "cannot-ask" if outcome.kind == "cannot" else "unsupported"
            kind = "skipped" if outcome.kind in ("cannot", "skipped") else "errored"
            why = outcome.value if kind == "skipped" else f"{self._where(playing)}: {outcome.value}"
            self._end(playing, kind, why, skip=skip)
            return
        try:
            if outcome.value is playing.expected:  # taken as the reference's answer: valid, and alike
                following = playing.following if playing.followed else self._following(playing)
            elif not self._judged_answer(playing, outcome.value):
                return
            else:
                following = playing.following
        except _GameOver:
            return
        if not move.probe:
            playing.accepted += 1
        playing.expected = playing.following = None
        playing.followed = False
        if following is None:
            self._passed(game, playing.refusal)
        else:
            playing.move = following
            self.waiting.append(playing)

    def _judged_answer(self, playing: _Playing, result: Any) -> bool:
        """Does an answer not taken as the reference's pass? Its move carried out on the reference's
        game (:attr:`_Playing.following`: the next move); where not, the game ends here, failed or
        errored."""
        move, state, rolled = playing.move, result["state"], result["rolled"]
        if move.throws:
            if (
                state.get("rejected") is not None
            ):  # no dice to follow it with: the games throw only where the rules allow
                self._fail(
                    playing, {"rejected": None}, {"rejected": state["rejected"]}, "it refused a throw the rules allow"
                )
                return False
            wrong = not_dice(rolled, move.throws)
            if wrong is not None:
                wanted = f"{move.throws} {'die' if move.throws == 1 else 'dice'}, each 1 to 6"
                self._fail(playing, {"rolled": wanted}, {"rolled": rolled}, f"the dice it threw are not dice: {wrong}")
                return False
            expected = self._thrown_state(playing, rolled)
        elif rolled is not None:
            what = "an action the rules refuse" if move.probe else "an action that throws none"
            self._fail(playing, {"rolled": None}, {"rolled": rolled}, f"it threw dice for {what}")
            return False
        else:
            self._following(playing)
            expected = self._expected(playing)["state"]
        return dumps_own(state) == dumps_own(expected) or self._judged(playing, expected, state, rolled)

    def _following(self, playing: _Playing, dice: str | None = None) -> Move | None:
        """The game's next move, the move asked carried out (a throw's with ``dice``); ``None``
        once the game is over; kept as :attr:`_Playing.following`. Raises :class:`_GameOver` where
        the policies cannot go on with the dice it threw (the game errored)."""
        try:
            following = playing.game.moves.send(dice)
        except StopIteration:
            following = None
        except AssertionError as exc:  # the policies cannot end the game with these dice
            self._end(playing, "errored", f"{self._where(playing)}: {exc}")
            raise _GameOver from None
        playing.followed, playing.following = True, following
        return following

    def _judged(self, playing: _Playing, expected: Any, state: Any, rolled: Any) -> bool:
        """Does an answer that is not the reference's as the reference writes it pass: valid, no dice
        thrown for a move that throws none, the dice it shows the dice it threw, and alike, or refused
        in another order (the game goes on)? Where not, the game ends here, failed or errored."""
        move = playing.move
        why = act_state_problem(state, family_of(playing.game.ruleset))
        if why is not None:
            self._end(playing, "errored", f"{self._where(playing)}: the result breaks the protocol: {why}")
            return False
        if move.throws and state["dice"] != expected["dice"]:
            shown = f"it threw {rolled}, and its dice show {state['dice']}, not {expected['dice']}"
            before = None if move.before is None else playing.game.answer(move.before)["dice"]
            self._fail(playing, expected, state, kept_dice(shown, before, move.positions, state["dice"]))
            return False
        if not answers_alike(expected, state):
            order = other_order(expected, state, move.refusals, same=answers_alike)
            if order is None:
                self._fail(playing, expected, state, "its answer is not the reference's")
                return False
            if self.strict:
                message = (
                    f"refused as {order.actual}, not {order.expected}: both apply, in another order than the "
                    "reference's (--strict-refusals)"
                )
                self._fail(playing, expected, state, message)
                return False
            playing.refusal = playing.refusal or order
        return True

    def _where(self, playing: _Playing) -> str:
        """Where in the game a move stands: after how many actions, and which."""
        return f"after {_count(playing.accepted, 'action')}, {playing.move.action}"

    def _fail(self, playing: _Playing, expected: Any, actual: Any, why: str) -> None:
        actions = playing.game.actions[: playing.accepted]  # a move that throws nothing is among them already
        shown = actions[-SHOWN_ACTIONS:]
        so_far = ", ".join(["…", *shown] if len(shown) < len(actions) else shown) or "none"
        message = (
            f"{self._where(playing)}: {why}\n"
            f"the game so far, {_count(playing.game.players, 'player')} (the dice as it showed them): {so_far}"
        )
        self._end(playing, "failed", message, expected=expected, actual=actual)

    def _end(self, playing: _Playing, outcome: str, message: str, **more: Any) -> None:
        playing.over = True
        game = playing.game
        game.moves.close()
        self.recorder.record(game.id, PART, game.kind, game.ruleset, game.row, outcome, message=message, **more)
        self._count(game)

    def _passed(self, game: OwnDiceGame, refusal: OtherOrder | None) -> None:
        self.recorder.passed(game.id, PART, game.kind, game.ruleset, game.row, refusal)
        self._count(game)

    def _count(self, game: OwnDiceGame) -> None:
        self.played.add(game)
        self.done += 1
        if self.progress is not None and not self.done & 63:
            self.progress.count(self.done, "")


def _count(number: int, thing: str) -> str:
    return f"{number:,} {thing}{'' if number == 1 else 's'}"


def not_dice(rolled: Any, count: int) -> str | None:
    """Why ``rolled`` (an answer's digits) is not a throw of ``count`` dice; ``None`` when it is."""
    if rolled is None:
        return "it threw none"
    if len(rolled) != count:
        thrown = f"{count} {'was' if count == 1 else 'were'} thrown"
        return f"{rolled or 'none'}: {len(rolled)} {'die' if len(rolled) == 1 else 'dice'} where {thrown}"
    faces = [die for die in rolled if die not in "123456"]
    if faces:
        return f"{rolled}: a {faces[0]} is no face of a die"
    return None


def kept_dice(shown: str, before: str | None, positions: Sequence[int], dice: Any) -> str:
    """What is wrong with the dice a reroll shows (``shown``, said already): the kept dice that
    changed, where a die kept (not at ``positions``) no longer shows what it showed ``before``."""
    if before is None or type(dice) is not str or len(dice) != len(before):
        return shown
    changed = [
        f"die {i + 1} was kept at {before[i]} and shows {dice[i]}"
        for i in range(len(before))
        if i not in positions and dice[i] != before[i]
    ]
    return f"{shown}: {'; '.join(changed)}" if changed else shown
