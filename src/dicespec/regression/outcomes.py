"""The outcomes of one ruleset, as the reference engines give them today.

Three parts, each computed from the same sources as the conformance runner's cases:

- **rolls**: the exhaustive corpus (:mod:`dicespec.conformance.corpus`) by distinct roll. Every
  answer depends on the dice, never on their order, so one line per sorted roll holds the answer
  of every ordered roll (the golden test asks every ordered roll all the same). Kiriki: each
  roll of five dice and its score in the 13 rows. 10000, Greed: each roll of none to all the
  dice (six, five), the most it can score (``best``) and what setting exactly those dice aside
  scores (``set-aside``);
- **features**: every case of the game's features, and whether its claim holds under the
  ruleset. The spec's own pytest run decides (its steps, its errata), with every question put to
  the reference engines under this ruleset (:class:`UnderRuleset`);
- **games**: the seeded replayed games of the corpus, one digest each.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations_with_replacement, permutations
from pathlib import Path
from typing import Any

from dicespec.dice import FACES
from dicespec.implementation import JSON, ReferenceImplementation
from dicespec.registry import game as registry_game
from dicespec.registry import game_of_ruleset
from dicespec.rulesets import find_ruleset, ruleset_data
from dicespec.spec.results import Finished, SpecRun, spec_root

NO_ANSWER = "-"  # the best score of no dice: not a case
RULESET_VARIABLE = "DICESPEC_UNDER_RULESET"


def game_of(ruleset: str) -> str:
    name: str = ruleset_data(ruleset)["game"]
    return name


def columns(ruleset: str) -> tuple[str, ...]:
    """The answers a roll line holds, in order: the ruleset's rows, or its family's columns."""
    return game_of_ruleset(ruleset).family.ids(find_ruleset(ruleset))


# -- rolls -----------------------------------------------------------------------------------


def distinct_rolls(ruleset: str) -> Iterator[str]:
    """Every sorted roll the ruleset's corpus asks about, fewest dice first."""
    for size in game_of_ruleset(ruleset).family.roll_sizes(find_ruleset(ruleset)):
        for dice in combinations_with_replacement(FACES, size):
            yield "".join(map(str, dice))


def ordered(dice: str) -> list[str]:
    """Every order of a roll's dice (the corpus's ordered rolls), sorted."""
    return sorted({"".join(p) for p in permutations(dice)})


def roll_answers(ruleset: str, dice: str) -> tuple[str, ...]:
    """The answers of one roll (in any order), as text, in :func:`columns` order."""
    return game_of_ruleset(ruleset).family.roll_answers(ruleset, dice)


def rolls(ruleset: str) -> dict[str, tuple[str, ...]]:
    """Every distinct roll of the ruleset's game and its answers."""
    return {dice: roll_answers(ruleset, dice) for dice in distinct_rolls(ruleset)}


# -- features ----------------------------------------------------------------------------------


class UnderRuleset(ReferenceImplementation):
    """The reference engines, answering every question of a game under one ruleset (named by
    the environment variable ``DICESPEC_UNDER_RULESET``), whatever ruleset the step names. Run
    with ``--dicespec-python dicespec.regression.outcomes:UnderRuleset``, the spec's steps then
    check each case's claim against that ruleset."""

    name = "dicespec-reference (one ruleset)"

    def __init__(self) -> None:
        self.ruleset = os.environ[RULESET_VARIABLE]
        game = game_of(self.ruleset)
        self.rulesets = {game: [registry_game(game).default_ruleset]}

    def _under(self, ruleset: str) -> str:
        return self.ruleset if game_of(ruleset) == game_of(self.ruleset) else ruleset

    def kiriki_score(self, ruleset: str, dice: str, row: str) -> int:
        return super().kiriki_score(self._under(ruleset), dice, row)

    def kiriki_replay(self, ruleset: str, players: int, actions: list[str]) -> JSON:
        return super().kiriki_replay(self._under(ruleset), players, actions)

    def ten_thousand_score(self, ruleset: str, dice: str) -> JSON:
        return super().ten_thousand_score(self._under(ruleset), dice)

    def ten_thousand_best(self, ruleset: str, dice: str) -> int:
        return super().ten_thousand_best(self._under(ruleset), dice)

    def ten_thousand_replay(self, ruleset: str, players: int, actions: list[str]) -> JSON:
        return super().ten_thousand_replay(self._under(ruleset), players, actions)


class FeatureRunError(RuntimeError):
    """The spec's pytest run did not run to its end."""


def features(rulesets: Sequence[str]) -> dict[str, dict[str, str]]:
    """For each ruleset, every case of its game's features: ``holds`` when the case's claim holds
    under it, ``fails`` when it does not (one spec run per ruleset, two at a time)."""
    root = spec_root()
    if root is None:
        raise FeatureRunError("the spec's tests are not installed with this package")
    with tempfile.TemporaryDirectory(prefix="dicespec-golden-") as folder:
        running: list[tuple[str, SpecRun]] = []
        found: dict[str, dict[str, str]] = {}
        for ruleset in rulesets:
            if len(running) == 2:
                name, run = running.pop(0)
                found[name] = _collect(name, run.finish())
            running.append((ruleset, _start_spec_run(root, ruleset, Path(folder) / f"{ruleset}.jsonl")))
        for name, run in running:
            found[name] = _collect(name, run.finish())
    return {ruleset: found[ruleset] for ruleset in rulesets}


def _start_spec_run(root: Path, ruleset: str, results: Path) -> SpecRun:
    found = game_of_ruleset(ruleset)
    reference, marker = found.default_ruleset, found.tag
    options = ["-m", marker, "--dicespec-python", "dicespec.regression.outcomes:UnderRuleset",
               "--dicespec-rulesets", reference]
    return SpecRun(root, results, options, env={RULESET_VARIABLE: ruleset})


def _collect(ruleset: str, done: Finished) -> dict[str, str]:
    if done.returncode not in (0, 1) or done.results is None:
        raise FeatureRunError(f"the spec run under {ruleset} failed (exit status {done.returncode}):\n{done.tail()}")
    holds: dict[str, str] = {}
    for result in done.results:
        if result.outcome == "errored" or result.outcome == "skipped":
            raise FeatureRunError(f"{result.id} under {ruleset}: {result.outcome}: {result.message}")
        # The spec marks some cases as expected failures under the reference: such a case's
        # claim holds when it passed against that expectation (xpassed), and fails when it
        # failed as expected (xfailed).
        holds[result.id] = "holds" if result.pytest in ("passed", "xpassed") else "fails"
    return dict(sorted(holds.items()))


# -- games -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameDigest:
    """One seeded replayed game of the corpus: what it is, and a digest of every answer asked."""

    index: str
    policy: str
    players: int
    actions: int
    asked: int
    digest: str

    def line(self) -> str:
        return (f"{self.index} {self.policy} {self.players}p {self.actions} actions {self.asked} asked "
                f"{self.digest}")


def games(ruleset: str) -> list[GameDigest]:
    """The digest of every seeded game the corpus plays under the ruleset."""
    from dicespec.conformance import corpus

    by_game: dict[str, list[Any]] = {}
    for case in corpus.games({game_of(ruleset): [ruleset]}):
        by_game.setdefault(case.id.rsplit("/", 1)[0], []).append(case)
    digests = []
    for prefix, cases in by_game.items():
        text = json.dumps([[c.id, c.args, c.expected] for c in cases], sort_keys=True, separators=(",", ":"))
        longest = max(len(c.args["actions"]) for c in cases)
        digests.append(GameDigest(prefix.rsplit("/", 1)[1], cases[0].row, cases[0].args["players"], longest,
                                  len(cases), hashlib.sha256(text.encode()).hexdigest()[:16]))
    return digests


def check_ordered_rolls(ruleset: str, lines: dict[str, tuple[str, ...]]) -> Iterator[tuple[str, str, str, str]]:
    """Every ordered roll of the exhaustive corpus whose answer today differs from its sorted
    roll's line: (ordered roll, column, line's answer, today's answer)."""
    from dicespec.conformance import corpus

    found = game_of_ruleset(ruleset)
    names = columns(ruleset)
    for case in corpus.exhaustive({found.name: [ruleset]}):
        dice = case.args["dice"]
        column, answer = found.family.golden_answer(case)
        key = "".join(sorted(dice))
        kept = lines.get(key)
        if kept is None:
            yield dice, column, "(no line)", answer
        elif kept[names.index(column)] != answer:
            yield dice, column, kept[names.index(column)], answer


def ruleset_title(ruleset: str) -> str:
    return find_ruleset(ruleset).title
