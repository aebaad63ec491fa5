"""Replayed games kept between runs: a ruleset's games, once played, are read back from a file.

Playing a ruleset's 250 games through the engines, and working out the reference's answers at
their checkpoints, takes most of a second; reading them back, a few hundredths. A file holds
the cases of one ruleset's games, for one seed and number of games, in the order they are
played, each game's actions written once. It is named by a hash of everything the cases come
from: the code that plays them (this corpus and what it runs: the engines, the policies), the ruleset's data,
the game, the seed, the number of games and the players; a change to any of them names another
file, and the games are played again. A ruleset keeps its :data:`KEPT` most recently used files,
and the others are removed: a run of 250 games (the golden files') and one of a single game (a
quick ``conform --games 1``) keep a file each, and neither plays its games again after the other;
the files of older code go. A file that cannot be read or does not hold what its name says is
played again too; one that cannot be written is not kept.

The files live in ``conformance-games/`` of the package's cache folder (:mod:`dicespec.caches`).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from dicespec.caches import cache_dir, code_digest, keep_json
from dicespec.corpus.case import Case

FORMAT = "dicespec-conformance-games-2"  # change it when a file's layout or meaning changes
MAKER = "dicespec.corpus"  # the code that plays the games: its digest names their file
KEY = 24  # hexadecimal digits of the hash in a file's name
KEPT = 8  # a ruleset's files kept: the most recently used
_NAME = re.compile(rf"(?P<ruleset>.+)-[0-9a-f]{{{KEY}}}\.json")


def path_of(
    game: str, ruleset: str, count: int, seed: int, players: Sequence[int] = (), seeded_as: str | None = None
) -> Path:
    """The file that holds (or will hold) these games (played by ``players`` players: none, any;
    ``seeded_as``: those of another ruleset, played under these rules)."""
    from dicespec.rulesets import ruleset_data

    made_from = json.dumps(
        [
            FORMAT,
            code_digest(MAKER),
            game,
            ruleset,
            ruleset_data(ruleset),
            count,
            seed,
            *([list(players)] * bool(players)),
            *([["seeded as", seeded_as]] * bool(seeded_as)),
        ],
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
    )
    key = hashlib.sha256(made_from.encode()).hexdigest()[:KEY]
    return cache_dir() / "conformance-games" / f"{ruleset}-{key}.json"


def _packed(cases: list[Case]) -> dict[str, Any] | None:
    """One game's cases with its actions written once; ``None`` if they do not pack so."""
    plain = [c for c in cases if not c.id.endswith("+")]
    if not plain:
        return None
    actions = max((c.args["actions"] for c in plain), key=len)
    packed = []
    for case in cases:
        asked = case.args["actions"]
        probe = case.id.endswith("+")
        count = len(asked) - probe
        if asked[:count] != actions[:count] or list(case.args) != ["ruleset", "players", "actions"]:
            return None
        packed.append(
            [
                case.id,
                case.kind,
                case.row,
                case.op,
                case.args["players"],
                count,
                asked[-1] if probe else None,
                case.expected,
                list(case.refusals),
            ]
        )
    return {"actions": actions, "cases": packed}


def _unpacked(ruleset: str, game: dict[str, Any]) -> Iterator[Case]:
    actions = game["actions"]
    for case_id, kind, row, op, players, count, extra, expected, refusals in game["cases"]:
        asked = actions[:count] + ([extra] if extra is not None else [])
        args = {"ruleset": ruleset, "players": players, "actions": asked}
        yield Case(case_id, kind, ruleset, row, op, args, expected, tuple(refusals))


def kept_games(
    game: str,
    ruleset: str,
    count: int,
    seed: int,
    play: Callable[[int], Iterable[Case]],
    players: Sequence[int] = (),
    *,
    seeded_as: str | None = None,
) -> Iterator[Case]:
    """The cases of ``count`` games of ``ruleset`` (``play(index)``: one game's, by one of
    ``players`` players; ``seeded_as``: another ruleset's games, which ask under its name), read
    from their file if it is there, else played, and kept once every game has been played."""
    path = path_of(game, ruleset, count, seed, players, seeded_as)
    try:
        stored = json.loads(path.read_text(encoding="utf-8"))
        if stored["format"] != FORMAT or len(stored["games"]) != count:
            raise ValueError("another format, or another number of games")
        cases = [case for one in stored["games"] for case in _unpacked(seeded_as or ruleset, one)]
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        pass  # played again, and kept anew
    else:
        with contextlib.suppress(OSError):
            os.utime(path)  # used now: the last of the ruleset's files to be removed
        yield from cases
        return
    played: list[dict[str, Any]] | None = []
    for index in range(count):
        cases = list(play(index))
        yield from cases
        if played is not None:
            packed = _packed(cases)
            if packed is None:
                played = None  # a game this file cannot hold: none kept
            else:
                played.append(packed)
    if played is not None and keep_json(path, {"format": FORMAT, "games": played}):
        _forget_others(path, ruleset)


def _forget_others(path: Path, ruleset: str) -> None:
    """Remove the ruleset's files but the :data:`KEPT` most recently used (older code, seeds,
    numbers of games or players no run has asked for since)."""
    own = [other for other in path.parent.glob("*.json") if _ruleset_of(other) == ruleset]
    for other in sorted(own, key=_used, reverse=True)[KEPT:]:
        if other != path:
            with contextlib.suppress(OSError):
                other.unlink()


def _ruleset_of(path: Path) -> str | None:
    found = _NAME.fullmatch(path.name)
    return None if found is None else found["ruleset"]


def _used(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:  # removed meanwhile
        return 0.0
