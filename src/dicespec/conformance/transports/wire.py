"""What every transport shares: the hello an implementation answers, what a request and a
transport are, and how messages are written and read on the wire."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from dicespec.conformance.protocol.messages import PROTOCOL_VERSION, Outcome

_ENCODER = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False)
dumps = _ENCODER.encode
loads = json.loads

try:
    from json.encoder import c_make_encoder as _make  # type: ignore[attr-defined]
except ImportError:  # a Python without json's C speedups
    _make = None
_OWN = (
    None
    if _make is None
    else _make(None, _ENCODER.default, json.encoder.encode_basestring, None, ":", ",", False, False, True)
)


def dumps_own(value: Any) -> str:
    """The text :data:`dumps` writes, for a value of the runner's own making (a request, a
    reference answer): written by one C encoder made once, about twice as fast for small values,
    at the price of :data:`dumps`'s check for circular references, which such values never have."""
    if _OWN is None or isinstance(value, str):
        return dumps(value)
    return "".join(_OWN(value, 0))


@dataclass(frozen=True, slots=True)
class Hello:
    """Who the implementation is and what it plays (its hello result): the version it speaks,
    its rulesets by game, its own rules (ruleset documents), the player counts it plays by
    game (a game it names none for: every count its rulesets allow), and who throws the dice of
    each game it names (``own``: its engine; ``given``, the default: the runner, in each action)."""

    name: str
    games: Mapping[str, tuple[str, ...]]
    version: str | None = None
    language: str | None = None
    protocol: int = PROTOCOL_VERSION
    rulesets: tuple[Mapping[str, Any], ...] = ()
    players: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    dice: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def from_result(cls, result: Mapping[str, Any]) -> Hello:
        about = result["implementation"]
        games = {game: tuple(names) for game, names in result["games"].items()}
        return cls(
            about["name"],
            games,
            about.get("version"),
            about.get("language"),
            result.get("protocol", PROTOCOL_VERSION),
            tuple(result.get("rulesets") or ()),
            {game: tuple(counts) for game, counts in (result.get("players") or {}).items()},
            dice_by_game(result.get("dice"), games),
        )

    def rolls_own_dice(self, game: str) -> bool:
        """Does its engine roll the dice of ``game`` (the runner then asks no replay of it, and plays
        its games move by move)?"""
        return self.dice.get(game) == "own"

    def supports(self, game: str, ruleset: str) -> bool:
        return ruleset in self.games.get(game, ())

    def describe(self) -> str:
        extra = ", ".join(x for x in (self.version, self.language) if x)
        return f"{self.name} ({extra})" if extra else self.name


def dice_by_game(dice: str | Mapping[str, str] | None, games: Iterable[str]) -> dict[str, str]:
    """Who throws the dice of each game (hello's ``dice``: one word for every game of ``games``,
    or one per game; none said: the runner, for every game)."""
    if dice is None:
        return {}
    if isinstance(dice, str):
        return dict.fromkeys(games, dice)
    return dict(dice)


class Request(Protocol):
    """What a transport needs of a case: an operation and its arguments."""

    @property
    def op(self) -> str: ...
    @property
    def args(self) -> dict[str, Any]: ...


R = TypeVar("R", bound=Request)


class _Pause:
    """The type of :data:`PAUSE`."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "PAUSE"


PAUSE: Any = _Pause()
"""What a stream's source of requests may yield in place of a request: nothing to send until a
reply comes back (the next request depends on one in flight). The transport sends nothing more
for now, reads what has come, and asks the source again. A source yields it only while one of its
requests is in flight: else nothing would ever come back."""


class Transport(Protocol):
    """What the runner needs of a way to reach an implementation. A stream's requests may hold
    :data:`PAUSE`."""

    hello: Hello | None  # once started
    failure: str | None  # why it was given up, if it was

    def start(self) -> Hello | None: ...
    def stream(self, requests: Iterable[R], expect: Any = None) -> Iterator[tuple[R, Outcome]]: ...
    def call(self, op: str, args: dict[str, Any]) -> Outcome: ...
    def close(self) -> None: ...


def clip(line: bytes | str, limit: int = 160) -> str:
    """A line for a message: decoded, and cut after ``limit`` characters."""
    text = line.decode("utf-8", "replace") if isinstance(line, bytes) else line
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text)} characters)"


def indent(text: str) -> str:
    return "\n".join(f"    {line}" for line in text.splitlines())
