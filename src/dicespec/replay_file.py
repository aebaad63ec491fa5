"""A game written down as a replay file, and ``dicespec replay FILE``, which plays it back.

The rules website's game pages (``dicespec.site.play``) offer a game in this form; anyone may write
one by hand. A replay file is text, one item a line::

    # dicespec replay
    ruleset: yahtzee
    players: 2
    seed: 1a2b3c4d
    roll 12345
    reroll 1,2=66
    score chance

- the first line is ``# dicespec replay``;
- then the header, ``key: value`` lines: ``ruleset`` (a shipped ruleset's name, or a declared
  one's: ``dicespec replay --ruleset-file PATH``, for a house report's game) and ``players``
  (how many) are required, ``seed`` (the page's seed of the dice, 1 to 8 hex digits) is optional
  and only informative: the actions give every die;
- then the actions, one a line, in the game's replay notation (``dicespec.scoresheet.replay``,
  ``dicespec.setaside.replay``);
- a blank line, and a line starting with ``#`` after the first, is nothing.

:func:`read_replay` reads a file (a :class:`ReplayFileError` in one line naming the file and the
line otherwise); :func:`play_back` replays it with the game's family's replay, the one every
implementation is checked against; :func:`report` formats the final sheet or scores with the
terminal front ends' tables, or the one line of the action the rules refuse; :func:`register` adds
the command to the ``dicespec`` parser.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dicespec.errors import PlayerCountError
from dicespec.registry import game as registered_game
from dicespec.replay import ActionDiceError, ActionSyntaxError, ReplayResult
from dicespec.ruleset_option import HELP, add_ruleset_file, ruleset_file
from dicespec.rulesets import Ruleset, RulesetError, find_ruleset, of_kind
from dicespec.scoresheet.game import GameState as SheetState
from dicespec.scoresheet.game import winners as sheet_winners
from dicespec.scoresheet.ruleset import SheetRuleset
from dicespec.setaside.game import GameState as SetAsideState
from dicespec.setaside.game import winners as set_aside_winners
from dicespec.terminal.setaside import scores_table
from dicespec.terminal.sheet import sheet_table

HEADER = "# dicespec replay"
REQUIRED = ("ruleset", "players")
KEYS = (*REQUIRED, "seed")
_HEADER_LINE = re.compile(r"^([a-z_]+)\s*:\s*(.*)$")
_SEED = re.compile(r"^[0-9a-f]{1,8}$")


class ReplayFileError(ValueError):
    """A replay file that cannot be read: the message names the file and the line, in one line."""


@dataclass(frozen=True, slots=True)
class ReplayFile:
    """A replay file read: where it is, its ruleset, its players, its seed and its actions, each
    with its line number (1-based)."""

    path: str
    ruleset: Ruleset
    players: int
    seed: str | None
    actions: tuple[tuple[int, str], ...]

    def text(self) -> str:
        """The file written back: its header, then its actions."""
        lines = [HEADER, f"ruleset: {self.ruleset.name}", f"players: {self.players}"]
        lines += [f"seed: {self.seed}"] if self.seed is not None else []
        return "\n".join([*lines, *(action for _, action in self.actions)]) + "\n"


def parse_replay(text: str, path: str = "-") -> ReplayFile:
    """A replay file's text read (see the module docstring); ``path`` names it in the errors."""
    lines = text.splitlines()
    if not lines or lines[0].strip() != HEADER:
        raise ReplayFileError(f"{path}:1: a replay file starts with the line {HEADER!r}")
    header: dict[str, tuple[int, str]] = {}
    actions: list[tuple[int, str]] = []
    for number, raw in enumerate(lines[1:], start=2):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        found = _HEADER_LINE.match(line)
        if found is None:
            actions.append((number, line))
            continue
        key, value = found.groups()
        if actions:
            raise ReplayFileError(f"{path}:{number}: the header line {line!r} comes after the actions")
        if key not in KEYS:
            raise ReplayFileError(f"{path}:{number}: unknown header key {key!r} (keys: {', '.join(KEYS)})")
        if key in header:
            raise ReplayFileError(f"{path}:{number}: {key!r} is given twice (first on line {header[key][0]})")
        header[key] = (number, value.strip())
    missing = [key for key in REQUIRED if key not in header]
    if missing:
        raise ReplayFileError(f"{path}: the header has no {' and no '.join(repr(k) for k in missing)} line")
    where, name = header["ruleset"]
    try:
        ruleset = find_ruleset(name)
    except RulesetError as exc:
        own = "; a ruleset of one's own is given by its file: dicespec replay --ruleset-file PATH"
        raise ReplayFileError(f"{path}:{where}: {exc}{own}") from None
    where, count = header["players"]
    if not re.fullmatch(r"[0-9]+", count) or not ruleset.min_players <= int(count) <= ruleset.max_players:
        raise ReplayFileError(
            f"{path}:{where}: players {count!r}: ruleset {ruleset.name} is played by "
            f"{ruleset.min_players} to {ruleset.max_players} players"
        )
    seed = header.get("seed", (0, None))[1]
    if seed is not None and not _SEED.fullmatch(seed):
        raise ReplayFileError(f"{path}:{header['seed'][0]}: seed {seed!r} is not 1 to 8 hex digits")
    return ReplayFile(path, ruleset, int(count), seed, tuple(actions))


def read_replay(path: str | Path) -> ReplayFile:
    """The replay file at ``path``, read."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ReplayFileError(f"{path}: no such replay file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ReplayFileError(f"{path}: cannot be read ({exc})") from None
    return parse_replay(text, str(path))


def play_back(file: ReplayFile) -> ReplayResult[Any]:
    """The game's state after the file's actions, or where the rules refused one (the result's
    ``rejected_at`` is the index in ``file.actions``). An action not in the notation is a
    :class:`ReplayFileError` naming its line."""
    family = registered_game(file.ruleset.game).family
    actions = []
    for number, action in file.actions:
        try:
            actions.append(family.parse_action(file.ruleset, action))
        except ActionSyntaxError as exc:
            if isinstance(exc, ActionDiceError):  # dice that are not dice: the replay refuses them, bad-dice
                actions.append(action)
                continue
            raise ReplayFileError(f"{file.path}:{number}: {exc}") from None
    try:
        result: ReplayResult[Any] = family.replay(file.ruleset, file.players, actions)
    except PlayerCountError as exc:  # read as allowed already; kept for a ruleset that counts otherwise
        raise ReplayFileError(f"{file.path}: {exc}") from None
    return result


def refusal(file: ReplayFile, result: ReplayResult[Any]) -> str | None:
    """The one line of the action the rules refused, naming its line, the action and the code; or
    ``None`` when the rules refused none."""
    if result.rejected_at is None:
        return None
    number, action = file.actions[result.rejected_at]
    return f"{file.path}:{number}: {action!r} is refused: {result.rejection}"


def _sheet_report(ruleset: Ruleset, state: SheetState) -> list[str]:
    sheet = of_kind(SheetRuleset, ruleset)
    return [sheet_table(sheet, list(state.sheets)), *_outcome(state.is_over, lambda: sheet_winners(sheet, state))]


def _set_aside_report(ruleset: Ruleset, state: SetAsideState) -> list[str]:
    return [scores_table(state), *_outcome(state.is_over, lambda: set_aside_winners(state))]


def _outcome(over: bool, winners: Callable[[], tuple[int, ...]]) -> list[str]:
    if not over:
        return ["the game is not over"]
    found = winners()
    names = ", ".join(f"P{i + 1}" for i in found)
    return [f"winner: {names}" if len(found) == 1 else f"winners (sharing the win): {names}"]


# The final state's table of each family, by the family's name: the terminal front ends' own.
REPORTS: dict[str, Callable[[Ruleset, Any], list[str]]] = {
    "score-sheet": _sheet_report,
    "set-aside": _set_aside_report,
}


def report(file: ReplayFile, result: ReplayResult[Any]) -> str:
    """The game played back: its ruleset, players and actions, then the final sheet or scores and
    who won (or that the game is not over)."""
    ruleset = file.ruleset
    head = f"{ruleset.title} ({ruleset.name}), {file.players} player{'s' if file.players > 1 else ''}, "
    head += f"{len(file.actions)} action{'s' if len(file.actions) != 1 else ''}"
    lines = REPORTS[registered_game(ruleset.game).family_name](ruleset, result.state)
    return "\n".join([head, *lines])


# -- the command ------------------------------------------------------------------------------


def _cmd_replay(args: argparse.Namespace) -> int:
    if args.ruleset_file is not None:
        ruleset_file(args.ruleset_file)  # declared: the replay's 'ruleset:' line finds it by its name
    file = read_replay(args.file)  # a bad file: one line, status 2
    result = play_back(file)
    refused = refusal(file, result)
    if refused is not None:
        print(f"dicespec: {refused}", file=sys.stderr)
        return 1
    print(report(file, result))
    return 0


def register(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``dicespec replay`` to the subcommands of the ``dicespec`` parser."""
    replayed = commands.add_parser(
        "replay",
        help="play back a replay file (a game saved from the website) and print its final sheet",
        description="Read a replay file, as a game page of the rules website downloads it: a first line "
        "'# dicespec replay', the header lines 'ruleset: NAME' and 'players: N' (and, optionally, 'seed: HEX'), "
        "then one action a line in the game's replay notation ('roll 12345', 'reroll 1,2=66', 'score chance', "
        "'end'; 'roll 111556', 'set 1115', 'bank'). Each action is played by the reference engine; the final "
        "sheet or scores are printed. An action the rules refuse stops the replay: one line names its line, "
        "the action and the rules' code, and the exit status is 1; a file that cannot be read is one line "
        "and status 2. A game played under a ruleset of one's own (a house report's game) is played back "
        "with its ruleset file: --ruleset-file PATH, the file whose name the 'ruleset:' line gives.",
        epilog="examples: dicespec replay yahtzee-1a2b3c4d.replay   "
        "dicespec replay --ruleset-file house.yaml house-1a2b3c4d.replay",
    )
    replayed.add_argument("file", metavar="FILE", help="a replay file")
    add_ruleset_file(replayed, help=f"{HELP}: the ruleset the replay's 'ruleset:' line names")
    replayed.set_defaults(run=_cmd_replay)
