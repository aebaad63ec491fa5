"""A run under rules that are not shipped: rules of one's own, declared by either side.

- **The runner to the implementation**: ``dicespec conform --ruleset-file FILE`` declares each
  file for the run (:func:`dicespec.rulesets.declare_file`); hello hands the documents over,
  resolved, so that a data-driven implementation may play them.
- **The implementation to the runner**: its hello may declare rules of its own as documents
  (``extends: yahtzee`` and what differs), checked here (:func:`declare_hello`) before any case
  runs; the runner then checks it under the rules it says it plays.

Under such rules the runner asks, besides the corpus (the reference engines play any declared
ruleset): the spec's cases of the ruleset the rules are based on, whose claims hold or fail alike
under both (:func:`dicespec.conformance.run.holds.alike`; the others are *not under these rules*:
counted, never run as failures), and the file's own ``expect`` entries (:func:`expect_cases`).
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from dicespec.corpus import Case
from dicespec.implementation import ReferenceImplementation
from dicespec.registry import game, game_names, games
from dicespec.rulesets import (
    Declared,
    RulesetError,
    declare_document,
    declared_rulesets,
    find_ruleset,
    game_of_ruleset,
    ruleset_names,
)


class HelloError(ValueError):
    """A hello that cannot be run under (a game or ruleset it names, its rules, its player counts):
    one line; the run stops before any case, with exit status 2."""


def declare_hello(hello: Any) -> list[Declared]:
    """Declare the rules a hello declares (its ``rulesets`` documents), each refused with one line
    naming the implementation, the key path and the value."""
    found = []
    for number, document in enumerate(hello.rulesets):
        try:
            found.append(declare_document(document, f"the hello of {hello.name}: rulesets[{number}]"))
        except RulesetError as exc:
            raise HelloError(str(exc)) from None
    return found


def known_rulesets() -> dict[str, list[str]]:
    """Every game's rulesets (game → names): the shipped ones, and the rules of one's own declared
    in this process (a ruleset file's, a hello's)."""
    known = {name: ruleset_names(name) for name in game_names()}
    for rules in declared_rulesets():
        known[rules.data["game"]].append(rules.name)
    return known


def check_games(hello: Any) -> None:
    """Every game a hello names (``games``, ``players``) is a game of the registry, and every
    ruleset it lists under a game is one of that game's: shipped, or rules of one's own declared for
    the run (a ruleset file's, or its own). Refused with one line naming it and the closest id."""
    where = f"the hello of {hello.name}"
    for key in ("games", "players"):
        for name in getattr(hello, key):
            if name not in game_names():
                raise HelloError(f"{where}: {key}: {not_a_game(name)}")
    for name, rulesets in hello.games.items():
        for ruleset in rulesets:
            try:
                other = game_of_ruleset(ruleset).name
            except LookupError:
                closest = difflib.get_close_matches(ruleset, known_rulesets()[name], n=1, cutoff=0)
                hint = f"; the closest is {closest[0]!r}" if closest else ""
                raise HelloError(
                    f"{where}: games.{name}: {ruleset!r} is no ruleset of {name}{hint} "
                    "(shipped, in a --ruleset-file or declared in its hello's rulesets)"
                ) from None
            if other != name:
                raise HelloError(f"{where}: games.{name}: {ruleset!r} is a ruleset of {other}, not of {name}")


def check_asked_as(hello: Any, asked_as: Mapping[str, str]) -> None:
    """Every ruleset rules of one's own are asked under in their place (``--ask-as``) is one the
    hello declares, of the game of those rules."""
    for rules, asked in asked_as.items():
        of = find_ruleset(rules).game
        if not hello.supports(of, asked):
            declares = ", ".join(hello.games.get(of, ())) or "none"
            raise HelloError(
                f"--ask-as {asked}: {hello.name} does not declare {asked!r} among its rulesets of {of} "
                f"(it declares {declares}), which {rules} is of"
            )


def not_a_game(name: str) -> str:
    """Why ``name`` is no game, with the closest game: the one it is the title of, or a ruleset of,
    or else the nearest in spelling."""
    titled = next((g.name for g in games() if g.title.casefold() == name.casefold()), None)
    if titled is not None:
        return f"{name!r} is no game id: {titled!r} is the id of the game {name}"
    if name in ruleset_names():
        of = find_ruleset(name).game
        return f"{name!r} is no game but a ruleset of {of}: the closest is {of!r}"
    closest = difflib.get_close_matches(name, game_names(), n=1, cutoff=0)[0]
    return f"{name!r} is no game; the closest is {closest!r} (the games: {', '.join(game_names())})"


def check_players(hello: Any, rulesets: Mapping[str, Iterable[str]]) -> None:
    """Every player count a hello declares is one each of its rulesets of that game allows."""
    for name, counts in hello.players.items():
        for ruleset in rulesets.get(name, ()):
            rules = find_ruleset(ruleset)
            outside = [n for n in counts if not rules.min_players <= n <= rules.max_players]
            if outside:
                allowed = f"{rules.min_players} to {rules.max_players}"
                where = f"the hello of {hello.name}: players.{name}"
                raise HelloError(f"{where}: {outside[0]} is not a count {ruleset} allows ({allowed})")


def expect_cases(declared: Declared) -> Iterator[Case]:
    """A ruleset file's own ``expect`` entries, as cases: its rolls, with the answers the file
    expects, and its games, with the reference's whole answer. A file whose expectations the
    reference does not meet (:func:`dicespec.rulesets.expect.check_file` says which) is refused."""
    expect = declared.expect or {}
    if not expect:
        return
    from dicespec.rulesets.expect import check_file

    report = check_file(declared.origin)
    if not report.holds:
        first = report.failures[0]
        where = f"{declared.origin}:{first.line}" if first.line else declared.origin
        raise HelloError(f"{where}: expect: {first.message} (dicespec check {declared.origin} says more)")
    family = game(declared.data["game"]).family_name
    kind = f"{declared.origin} expect"
    for number, roll in enumerate(expect.get("rolls") or ()):
        dice = str(roll["dice"])
        if family == "score-sheet":
            op, args, expected = "score", {"dice": dice, "row": roll["row"]}, roll["score"]
        elif "best" in roll:
            op, args, expected = "best", {"dice": dice}, roll["best"]
        else:
            op, args, expected = "set_aside", {"dice": dice}, {"points": roll["points"]}
        args = {"ruleset": declared.name, **args}
        yield Case(f"{declared.name}/expect/rolls/{number}", kind, declared.name, "rolls", op, args, expected)
    rules, reference = find_ruleset(declared.name), ReferenceImplementation()
    for number, entry in enumerate(expect.get("games") or ()):
        players = entry.get("players", rules.min_players)
        args = {"ruleset": declared.name, "players": players, "actions": list(entry["actions"])}
        answer, refusals = reference.replay(**args), tuple(reference.replay_refusals(**args))
        case_id = f"{declared.name}/expect/games/{number}"
        yield Case(case_id, kind, declared.name, "games", "replay", args, answer, refusals)
