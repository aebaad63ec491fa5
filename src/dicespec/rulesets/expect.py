"""The outcomes a ruleset file expects of itself (its ``expect`` block), and checking them: the
regression test of a house ruleset, kept in the file it tests.

::

    extends: kiriki
    rows:
      full_house: {points: 30}
    expect:
      rolls:
        - {dice: "22333", row: full_house, score: 30}
        - {dice: "11111", row: full_house, score: 0}
      games:
        - actions: [roll 22333, score full_house]
          totals: [30]

A score-sheet roll names its ``dice``, a ``row`` and the ``score`` it gives there. A set-aside
roll names its ``dice`` and either ``best`` (the most the roll gives; 0 is a farkle) or
``points`` (what setting exactly these dice aside scores). A game is replayed from its
``actions`` in the replay notation (:mod:`dicespec.scoresheet.replay`,
:mod:`dicespec.setaside.replay`) by ``players`` players (default: the fewest the ruleset
allows) and ends with each player's ``totals`` (a sheet's grand total, a set-aside game's
banked score); ``refused`` names the code the rules refuse its last action with, when that is
what the game shows.

:func:`check_file` loads the file as ``load_ruleset`` does (a file that cannot be used is an
:class:`InvalidFile` naming its line where it can), then checks every expectation: a
:class:`Report` with one :class:`Failure` per expectation that does not hold, each with the line
of its entry in the file.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from dicespec.dice import DiceError, Roll
from dicespec.registry import game as registered_game
from dicespec.replay import ActionDiceError, ActionSyntaxError
from dicespec.rulesets import Ruleset, RulesetError, _UniqueKeyLoader, load_ruleset
from dicespec.rulesets.paths import EXPECT
from dicespec.scoresheet.ruleset import SheetRuleset
from dicespec.setaside.ruleset import SetAsideRuleset

__all__ = ["Failure", "InvalidFile", "Report", "check_file", "located"]


class InvalidFile(RulesetError):
    """A ruleset file that cannot be checked: not a usable ruleset, or an expectation that asks
    nothing the rules can answer (a row the ruleset lacks, an action not in the notation).
    ``line`` is its 1-based line in the file, when known."""

    def __init__(
        self, path: Path, line: int | None, message: str, *, more: tuple[tuple[int | None, str], ...] = ()
    ) -> None:
        lines = [(line, message), *more]
        super().__init__("\n".join(f"{path}:{at}: {text}" if at else f"{path}: {text}" for at, text in lines))
        self.path = path
        self.line = line
        self.message = message
        self.more = more  # the file's further problems, each with its line (a schema finds them all at once)


@dataclass(frozen=True, slots=True)
class Failure:
    """An expectation that does not hold: the line of its entry, its kind (``roll`` or ``game``),
    what the file expects and what the rules give (plain JSON values), and both in words."""

    line: int | None
    kind: str
    expected: Any
    got: Any
    message: str  # "expected ..., got ..."


@dataclass(frozen=True, slots=True)
class Report:
    """What checking one file found: its ruleset, how many expectations it has, and the failed ones."""

    path: Path
    ruleset: str
    game: str
    expectations: int
    failures: tuple[Failure, ...]

    @property
    def holds(self) -> bool:
        return not self.failures

    def summary(self) -> str:
        """One line: ``house.yaml: 3 expectations, all hold`` or ``house.yaml: 1 of 3 expectations fails``."""
        n = self.expectations
        if n == 0:
            return f"{self.path}: valid, but no expectations to check (write them under '{EXPECT}:')"
        if self.holds:
            return f"{self.path}: 1 expectation, it holds" if n == 1 else f"{self.path}: {n} expectations, all hold"
        failed = len(self.failures)
        return f"{self.path}: {failed} of {n} expectation{'s' if n > 1 else ''} fail{'s' if failed == 1 else ''}"


# -- where a key path is written -----------------------------------------------------------------


def _read(path: Path) -> tuple[yaml.Node | None, Any]:
    """The file's YAML node tree (each node knows its line) and its data; a YAML error, or a key
    written twice, as an :class:`InvalidFile` naming the line."""
    if not path.is_file():
        raise InvalidFile(path, None, "no such ruleset file")
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise InvalidFile(path, None, f"cannot read the file ({exc.strerror})") from None
    loader = _UniqueKeyLoader(text)
    try:
        node = loader.get_single_node()
        return node, None if node is None else loader.construct_document(node)  # a key twice is refused here
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or "not valid YAML"
        raise InvalidFile(path, mark.line + 1 if mark else None, f"not valid YAML: {problem}") from None
    finally:
        loader.dispose()


def _child(node: yaml.Node, key: str) -> tuple[yaml.Node, int] | None:
    """The node under ``key`` (a mapping key, or a list index as digits) and the line it is written
    on (the key's line for a mapping's value: a block value starts on the next line)."""
    if isinstance(node, yaml.MappingNode):
        found = next(((k, v) for k, v in node.value if isinstance(k, yaml.ScalarNode) and k.value == key), None)
        return None if found is None else (found[1], found[0].start_mark.line + 1)
    if isinstance(node, yaml.SequenceNode) and key.isdigit() and int(key) < len(node.value):
        item: yaml.Node = node.value[int(key)]
        return item, item.start_mark.line + 1
    return None


def _line(root: yaml.Node | None, keys: Sequence[str | int]) -> int | None:
    """The line where the file writes the value at ``keys`` (mapping keys and list indexes), or the
    deepest one on the way to it; ``None`` when the file writes not even the first key."""
    node, line = root, None
    for key in keys:
        found = None if node is None else _child(node, str(key))
        if found is None:
            break
        node, line = found
    return line


_KEY_PATH = re.compile(r"([A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*): ")


def _located(path: Path, root: yaml.Node | None, error: RulesetError) -> InvalidFile:
    """The loader's error (``house.yaml: rows.full_house.pointz: 30: unknown key; ...``, a line for
    each problem) with, on each line, the line of the key path it names, where the file writes it."""
    prefix = f"{path}: "

    def one(message: str) -> tuple[int | None, str]:
        if not message.startswith(prefix):  # about another file (the one it extends): as it is
            return None, message
        rest = message[len(prefix) :]
        found = _KEY_PATH.match(rest)
        return (_line(root, found.group(1).split(".")) if found else None), rest

    first, *more = [one(message) for message in str(error).splitlines()]
    return InvalidFile(path, first[0], first[1], more=tuple(more))


def located(path: str | Path, error: RulesetError) -> InvalidFile:
    """The loader's one-line ``error`` about the file at ``path`` as :func:`check_file` gives it:
    with the line where the file writes the key path it names (a YAML error, with its own line)."""
    if isinstance(error, InvalidFile):
        return error
    path = Path(path)
    try:
        root, _ = _read(path)
    except InvalidFile as unreadable:
        return unreadable
    return _located(path, root, error)


# -- the expectations, read ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Roll:
    line: int | None
    dice: Roll
    row: str | None = None  # a score-sheet roll
    score: int | None = None
    best: int | None = None  # a set-aside roll: one of best and points
    points: int | None = None


@dataclass(frozen=True, slots=True)
class _Game:
    line: int | None
    number: int  # 1-based, in the file's order
    players: int
    actions: tuple[str, ...]
    action_lines: tuple[int | None, ...]
    totals: tuple[int, ...]
    refused: str | None


def _dice(path: Path, line: int | None, where: str, value: Any, count: int | range) -> Roll:
    try:
        return Roll.parse(str(value), count=count)
    except DiceError as exc:
        raise InvalidFile(path, line, f"{where}.dice: {value!r}: {exc}") from None


def _sheet_roll(path: Path, line: int | None, where: str, ruleset: SheetRuleset, entry: Mapping[str, Any]) -> _Roll:
    dice = _dice(path, line, where, entry["dice"], ruleset.dice)
    if entry["row"] not in ruleset.rows:
        raise InvalidFile(
            path,
            line,
            f"{where}.row: {entry['row']!r} is not a row of {ruleset.name} (rows: {', '.join(ruleset.rows)})",
        )
    return _Roll(line, dice, row=entry["row"], score=entry["score"])


def _set_aside_roll(
    path: Path, line: int | None, where: str, ruleset: SetAsideRuleset, entry: Mapping[str, Any]
) -> _Roll:
    dice = _dice(path, line, where, entry["dice"], range(1, ruleset.dice + 1))
    return _Roll(line, dice, best=entry.get("best"), points=entry.get("points"))


def _rolls(path: Path, root: yaml.Node | None, ruleset: Ruleset, entries: Sequence[Mapping[str, Any]]) -> list[_Roll]:
    read = _expectations(ruleset).read_roll
    return [
        read(path, _line(root, [EXPECT, "rolls", index]), f"{EXPECT}.rolls.{index}", ruleset, entry)
        for index, entry in enumerate(entries)
    ]


def _games(path: Path, root: yaml.Node | None, ruleset: Ruleset, entries: Sequence[Mapping[str, Any]]) -> list[_Game]:
    games = []
    for index, entry in enumerate(entries):
        where: list[str | int] = [EXPECT, "games", index]
        players = entry.get("players", ruleset.min_players)
        if not ruleset.min_players <= players <= ruleset.max_players:
            raise InvalidFile(
                path,
                _line(root, [*where, "players"]),
                f"{EXPECT}.games.{index}.players: {players}: {ruleset.name} is played by "
                f"{ruleset.min_players} to {ruleset.max_players}",
            )
        lines = tuple(_line(root, [*where, "actions", n]) for n in range(len(entry["actions"])))
        for n, action in enumerate(entry["actions"]):
            try:
                _parse_action(ruleset, action)
            except ActionDiceError:
                pass  # dice that are not dice: the rules refuse the action (bad-dice), as a replay does
            except ActionSyntaxError as exc:
                raise InvalidFile(path, lines[n], f"{EXPECT}.games.{index}.actions.{n}: {exc}") from None
        games.append(
            _Game(
                _line(root, where),
                index + 1,
                players,
                tuple(entry["actions"]),
                lines,
                tuple(entry["totals"]),
                entry.get("refused"),
            )
        )
    return games


def _parse_action(ruleset: Ruleset, action: str) -> object:
    return registered_game(ruleset.game).family.parse_action(ruleset, action)


# -- checking them -------------------------------------------------------------------------------


def _roll_failure(roll: _Roll, expected: Any, got: Any, message: str) -> Failure:
    return Failure(roll.line, "roll", expected, got, message)


def _check_sheet_roll(ruleset: SheetRuleset, roll: _Roll) -> Failure | None:
    from dicespec.scoresheet.rows import score

    assert roll.row is not None
    got = score(ruleset, roll.dice, roll.row)
    if got != roll.score:
        return _roll_failure(
            roll, roll.score, got, f"expected {roll.dice} to score {roll.score} in {roll.row}, got {got}"
        )
    return None


def _check_set_aside_roll(ruleset: SetAsideRuleset, roll: _Roll) -> Failure | None:
    from dicespec.setaside.combos import best
    from dicespec.setaside.combos import score as set_aside_score
    from dicespec.setaside.errors import SetAsideError

    def failed(expected: Any, got: Any, message: str) -> Failure:
        return _roll_failure(roll, expected, got, message)

    if roll.best is not None:
        top = best(ruleset, roll.dice)
        if top != roll.best:
            return failed(roll.best, top, f"expected the best of {roll.dice} to be {roll.best}, got {top}")
        return None
    try:
        points = set_aside_score(ruleset, roll.dice)
    except SetAsideError as exc:
        return failed(
            roll.points,
            {"refused": exc.code},
            f"expected setting aside {roll.dice} to score {roll.points}, got it refused: {exc.code} ({exc})",
        )
    if points != roll.points:
        return failed(roll.points, points, f"expected setting aside {roll.dice} to score {roll.points}, got {points}")
    return None


def _check_roll(ruleset: Ruleset, roll: _Roll) -> Failure | None:
    return _expectations(ruleset).check_roll(ruleset, roll)


def _replay(ruleset: Ruleset, game: _Game) -> tuple[tuple[int, ...], int | None, str | None, str | None]:
    """Each player's total where the replay stops, and the refused action's index, code and reason."""
    result = registered_game(ruleset.game).family.replay(ruleset, game.players, game.actions)
    totals = _expectations(ruleset).totals(ruleset, result.state)
    return totals, result.rejected_at, result.rejection, result.message


# -- what each family's expectations are ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Expectations:
    """How the ``expect:`` entries of one family of games are read and checked."""

    read_roll: Callable[[Path, int | None, str, Any, Mapping[str, Any]], _Roll]
    check_roll: Callable[[Any, _Roll], Failure | None]
    totals: Callable[[Any, Any], tuple[int, ...]]  # each player's total in a replay's state


_FAMILIES: dict[str, _Expectations] = {
    "score-sheet": _Expectations(
        _sheet_roll,
        _check_sheet_roll,
        lambda ruleset, state: tuple(p.sheet.grand_total(ruleset) for p in state.players),
    ),
    "set-aside": _Expectations(
        _set_aside_roll, _check_set_aside_roll, lambda ruleset, state: tuple(p.score for p in state.players)
    ),
}


def _expectations(ruleset: Ruleset) -> _Expectations:
    return _FAMILIES[registered_game(ruleset.game).family_name]


def _check_game(ruleset: Ruleset, game: _Game) -> Failure | None:
    totals, at, code, reason = _replay(ruleset, game)
    last = len(game.actions) - 1
    expected = {"totals": list(game.totals), "refused": game.refused}
    got: dict[str, Any] = {"totals": list(totals), "refused": None}
    wanted = f"totals {list(game.totals)}" + (f" with its last action refused ({game.refused})" if game.refused else "")
    if at is not None:
        got["refused"] = {"action": at + 1, "text": game.actions[at], "code": code, "reason": reason}
        if game.refused is None or at != last or code != game.refused:
            return Failure(
                game.action_lines[at],
                "game",
                expected,
                got,
                f"expected game {game.number} to end with {wanted}, got action {at + 1}, "
                f"{game.actions[at]!r}, refused: {code} ({reason})",
            )
    elif game.refused is not None:
        return Failure(
            game.action_lines[last],
            "game",
            expected,
            got,
            f"expected game {game.number} to end with {wanted}, got {game.actions[last]!r} played "
            f"(totals {list(totals)})",
        )
    if totals != game.totals:
        return Failure(
            game.line,
            "game",
            expected,
            got,
            f"expected game {game.number} to end with totals {list(game.totals)}, got {list(totals)}",
        )
    return None


def check_file(path: str | Path) -> Report:
    """Load the ruleset file at ``path`` and check every outcome its ``expect`` block gives.

    A file that cannot be used (as :func:`dicespec.rulesets.load_ruleset` refuses it), or an
    expectation that asks what the rules cannot answer, raises :class:`InvalidFile` naming the
    line where it can.
    """
    path = Path(path)
    root, data = _read(path)
    try:
        ruleset = load_ruleset(path)
    except RulesetError as exc:
        raise _located(path, root, exc) from None
    expect = data.get(EXPECT) or {}  # the file's own: load_ruleset has checked its form
    rolls = _rolls(path, root, ruleset, expect.get("rolls") or ())
    games = _games(path, root, ruleset, expect.get("games") or ())
    found = [*(_check_roll(ruleset, roll) for roll in rolls), *(_check_game(ruleset, game) for game in games)]
    return Report(path, ruleset.name, ruleset.game, len(found), tuple(f for f in found if f is not None))
