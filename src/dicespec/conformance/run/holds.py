"""Whether each case of the spec holds under one ruleset: the spec's own pytest run, with every
question put to the reference engines under that ruleset (:class:`UnderRuleset`).

``dicespec diff`` and the golden files ask it of two rulesets, or of every shipped one
(:mod:`dicespec.regression.outcomes`); the conformance runner asks it of rules of one's own and
the shipped ruleset they extend, to know which scenarios of the latter it may run under the former
(those that hold, or fail, alike under both).
"""

from __future__ import annotations

import hashlib
import json
import os
import platform
import tempfile
from collections.abc import Collection, Sequence
from importlib import metadata
from pathlib import Path

from dicespec.caches import cache_dir, code_digest, files_digest, keep_json
from dicespec.code_graph import PACKAGE
from dicespec.conformance.run.spec_run import Finished, SpecRun
from dicespec.dice import Roll
from dicespec.implementation import (
    CannotAsk,
    ReferenceImplementation,
    set_aside_replay_answer,
    set_aside_score_answer,
    sheet_replay_answer,
)
from dicespec.registry import game as registry_game
from dicespec.rulesets import (
    Ruleset,
    RulesetError,
    declared,
    declared_environment,
    declared_rulesets,
    file_data,
    find_ruleset,
    load_ruleset,
    of_kind,
    ruleset_data,
    ruleset_names,
)
from dicespec.scoresheet.ruleset import SheetRuleset
from dicespec.setaside.ruleset import SetAsideRuleset
from dicespec.spec.paths import data_root, spec_data_files
from dicespec.validation import JSON

RULESET_VARIABLE = "DICESPEC_UNDER_RULESET"


def game_of(ruleset: str) -> str:
    name: str = ruleset_data(ruleset)["game"]
    return name


def ruleset_of(ruleset: str) -> Ruleset:
    """The ruleset ``ruleset`` stands for: a shipped ruleset's name, a declared one's (see
    :func:`dicespec.rulesets.declare_file`), or else the path of a ruleset file of one's own (a
    :class:`~dicespec.rulesets.RulesetError` naming the file if it cannot be used)."""
    if ruleset in ruleset_names() or declared(ruleset) is not None:
        return find_ruleset(ruleset)
    return load_ruleset(ruleset)


class UnderRuleset(ReferenceImplementation):
    """The reference engines, answering every question of a game under one ruleset (named by
    the environment variable ``DICESPEC_UNDER_RULESET``: a shipped ruleset's name or a ruleset
    file's path, see :func:`ruleset_of`), whatever ruleset of that game the step names. Run with
    ``--dicespec-python dicespec.conformance.run.holds:UnderRuleset``, the spec's steps then check
    each case's claim against that ruleset. Questions about another game's rulesets go to the
    reference as asked."""

    name = "dicespec-reference (one ruleset)"

    def __init__(self) -> None:
        self.ruleset = os.environ[RULESET_VARIABLE]
        self.rules = ruleset_of(self.ruleset)
        self.rulesets = {self.rules.game: ruleset_names(self.rules.game)}  # whichever of them a step names
        self.family = registry_game(self.rules.game).family_name

    def _sheet(self, ruleset: str) -> SheetRuleset | None:
        """The ruleset to answer under, if ``ruleset`` is of this ruleset's game."""
        return of_kind(SheetRuleset, self.rules) if game_of(ruleset) == self.rules.game else None

    def _set_aside(self, ruleset: str) -> SetAsideRuleset | None:
        return of_kind(SetAsideRuleset, self.rules) if game_of(ruleset) == self.rules.game else None

    def score(self, ruleset: str, dice: str, row: str) -> int:
        from dicespec.scoresheet.rows import score

        if (rules := self._sheet(ruleset)) is None:
            return super().score(ruleset, dice, row)
        return score(rules, Roll.parse(dice, count=rules.dice), row)

    def set_aside(self, ruleset: str, dice: str) -> JSON:
        if (rules := self._set_aside(ruleset)) is None:
            return super().set_aside(ruleset, dice)
        return set_aside_score_answer(rules, Roll.parse(dice))

    def best(self, ruleset: str, dice: str) -> int:
        from dicespec.setaside.combos import best

        if (rules := self._set_aside(ruleset)) is None:
            return super().best(ruleset, dice)
        return best(rules, _thrown(rules, dice))

    def replay(self, ruleset: str, players: int, actions: list[str]) -> JSON:
        from dicespec.scoresheet.replay import replay as sheet_replay
        from dicespec.setaside.replay import replay as set_aside_replay

        if game_of(ruleset) != self.rules.game:
            return super().replay(ruleset, players, actions)
        if (sheet := self._sheet_of_family()) is not None:
            return sheet_replay_answer(sheet, sheet_replay(sheet, players, actions))
        rules = of_kind(SetAsideRuleset, self.rules)
        _seated(rules, players)
        return set_aside_replay_answer(set_aside_replay(rules, players, actions))

    def _sheet_of_family(self) -> SheetRuleset | None:
        """The ruleset as a score-sheet ruleset, if its game is one."""
        return of_kind(SheetRuleset, self.rules) if self.family == "score-sheet" else None


OUT_OF_BOUNDS = "not played under this ruleset"
"""Why a case is not asked under a ruleset whose bounds it leaves (five-dice Farkle asked about six
dice, or a game of one player where two at least play): its claim cannot hold there, so it fails."""


def _thrown(rules: SetAsideRuleset, dice: str) -> Roll:
    """The dice, if the ruleset throws so many; else the case cannot be asked under it."""
    roll = Roll.parse(dice)
    if len(roll) > rules.dice:
        raise CannotAsk(f"{dice}: {len(roll)} dice, {OUT_OF_BOUNDS} ({rules.dice} dice)")
    return roll


def _seated(rules: SetAsideRuleset, players: int) -> None:
    """Nothing, if so many may play under the ruleset; else the case cannot be asked under it."""
    if not rules.min_players <= players <= rules.max_players:
        raise CannotAsk(f"{players} players: {OUT_OF_BOUNDS} ({rules.min_players} to {rules.max_players})")


class FeatureRunError(RuntimeError):
    """The spec's pytest run did not run to its end."""


def features(
    rulesets: Sequence[str], scenarios: str | None = None, *, unaskable: Collection[str] = ()
) -> dict[str, dict[str, str]]:
    """For each ruleset (a shipped name, a declared one's, or the absolute path of a ruleset file),
    every case of its game's features that runs under ``scenarios`` (a shipped ruleset; default:
    the game's reference): ``holds`` when the case's claim holds under it, ``fails`` when it does
    not. Under a ruleset in ``unaskable``, a case the reference cannot answer (a row those rules
    lack, a roll of another number of dice) is :data:`UNASKABLE`; under any other, it stops the run.

    Each ruleset's verdicts come from one spec run (two at a time), kept in the cache folder under
    what they are made from (:func:`kept_path`): a second ask, in this process or another, reads
    them back."""
    kept = {ruleset: kept_path(ruleset, scenarios, unaskable=ruleset in unaskable) for ruleset in rulesets}
    found: dict[str, dict[str, str]] = {}
    for ruleset, path in kept.items():
        try:
            found[ruleset] = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
    missing = [ruleset for ruleset in dict.fromkeys(rulesets) if ruleset not in found]
    for ruleset, verdicts in (spec_runs(missing, scenarios, unaskable=unaskable) if missing else {}).items():
        keep_json(kept[ruleset], verdicts)
        found[ruleset] = verdicts
    return {ruleset: found[ruleset] for ruleset in rulesets}


KEPT = "spec-under-rules"  # the folder of kept verdicts, in the cache folder
SPEC_MODULE = "dicespec.spec.steps.scenarios"  # the test module a spec run collects (by its path: no import names it)
SPEC_PACKAGES = ("pytest", "pytest-bdd", "gherkin-official")  # what reads the features and runs them


def kept_path(ruleset: str, scenarios: str | None = None, *, unaskable: bool = False) -> Path:
    """The file that keeps (or will keep) the verdicts of the spec run under ``ruleset``, named by
    the hash of everything that run reads: the code it runs (the spec's steps and plugins, this
    module, the engines), the spec's data (:func:`~dicespec.spec.paths.spec_data_files`), the
    package's data (the games, every ruleset, the schemas), the rulesets declared in this process
    (not the files they were read from: the same rules declared from a copy elsewhere are the same),
    the rules of ``ruleset`` itself (a file of one's own is read now), which scenarios run, and the
    versions of Python and of the packages that run them. An edit anywhere else (the command
    line, the site, the docs) keeps every file."""
    made_from = json.dumps(
        [
            code_digest(__name__, SPEC_MODULE),
            files_digest(spec_data_files(), PACKAGE, data_root()),
            files_digest(package_data_files(), PACKAGE),
            declared_rules(),
            ruleset,
            _rules_of(ruleset),
            scenarios,
            unaskable,
            platform.python_version(),
            [metadata.version(package) for package in SPEC_PACKAGES],
        ],
        sort_keys=True,
        ensure_ascii=False,
    )
    return cache_dir() / KEPT / f"{hashlib.sha256(made_from.encode()).hexdigest()[:24]}.json"


def declared_rules() -> list[list[object]]:
    """The rulesets declared in this process as a key holds them: each one's name, parent, rules
    and expected outcomes, not the file it was read from (the same rules declared from a copy
    elsewhere are the same)."""
    return [[rules.name, rules.extends, rules.data, rules.expect] for rules in declared_rulesets()]


def package_data_files() -> list[Path]:
    """The package's data a spec run may read: the registry of games, every ruleset (the model's
    among them) and the schemas that rulesets and answers are checked by."""
    return sorted(
        [
            PACKAGE / "games.yaml",
            *(PACKAGE / "rulesets").rglob("*.yaml"),
            *(PACKAGE / "schemas").glob("*.json"),
        ]
    )


def _rules_of(ruleset: str) -> object:
    """The rules a spec run under ``ruleset`` plays: a shipped or declared one's data, or a file's, read now."""
    if ruleset in ruleset_names() or declared(ruleset) is not None:
        return ruleset_data(ruleset)
    try:
        return file_data(ruleset)
    except (OSError, RulesetError) as error:  # the spec run says what is wrong with it
        return f"unreadable: {error}"


def spec_runs(
    rulesets: Sequence[str], scenarios: str | None = None, *, unaskable: Collection[str] = ()
) -> dict[str, dict[str, str]]:
    """What :func:`features` answers, from a spec run under each ruleset (two at a time), none kept."""
    with tempfile.TemporaryDirectory(prefix="dicespec-golden-") as folder:
        running: list[tuple[str, SpecRun]] = []
        found: dict[str, dict[str, str]] = {}
        for number, ruleset in enumerate(rulesets):
            if len(running) == 2:
                name, run = running.pop(0)
                found[name] = _collect(name, run.finish(), name in unaskable)
            running.append((ruleset, _start_spec_run(ruleset, Path(folder) / f"run-{number}.jsonl", scenarios)))
        for name, run in running:
            found[name] = _collect(name, run.finish(), name in unaskable)
    return {ruleset: found[ruleset] for ruleset in rulesets}


def _start_spec_run(ruleset: str, results: Path, scenarios: str | None = None) -> SpecRun:
    found = registry_game(ruleset_of(ruleset).game)
    reference, marker = scenarios or found.default_ruleset, found.tag
    options = [
        "-m",
        marker,
        "--dicespec-python",
        "dicespec.conformance.run.holds:UnderRuleset",
        "--dicespec-rulesets",
        reference,
    ]
    return SpecRun(results, options, env={**declared_environment(), RULESET_VARIABLE: ruleset})


UNASKABLE = "cannot be asked"
"""The verdict of a case whose question rules of one's own cannot answer: it asks for a row they
lack, or rolls another number of dice than theirs."""


def _collect(ruleset: str, done: Finished, unaskable: bool = False) -> dict[str, str]:
    if done.returncode not in (0, 1) or done.results is None:
        raise FeatureRunError(f"the spec run under {ruleset} failed (exit status {done.returncode}):\n{done.tail()}")
    holds: dict[str, str] = {}
    for result in done.results:
        if unaskable and result.outcome == "errored":
            holds[result.id] = UNASKABLE
            continue
        if result.outcome == "skipped" and OUT_OF_BOUNDS in result.message:
            holds[result.id] = "fails"  # a claim about dice or players the ruleset never has
            continue
        if result.outcome == "errored" or result.outcome == "skipped":
            raise FeatureRunError(f"{result.id} under {ruleset}: {result.outcome}: {result.message}")
        # The spec marks some cases as expected failures under the reference: such a case's
        # claim holds when it passed against that expectation (xpassed), and fails when it
        # failed as expected (xfailed).
        holds[result.id] = "holds" if result.pytest in ("passed", "xpassed") else "fails"
    return dict(sorted(holds.items()))


def alike(base: str, rules: str) -> tuple[set[str], dict[str, str]]:
    """The cases of the spec that run under the shipped ruleset ``base`` which hold, or fail,
    alike under the declared ruleset ``rules``, and the others, each with why (the reference's
    two verdicts), from the spec runs under both (kept: see :func:`features`)."""
    verdicts = features([base, rules], scenarios=base, unaskable=[rules])
    under_base, under_rules = verdicts[base], verdicts[rules]
    same = {case for case, verdict in under_base.items() if under_rules.get(case) == verdict}
    differ = {
        case: f"its claim {verdict} under {base}, {under_rules.get(case, 'not run')} under these rules"
        for case, verdict in under_base.items()
        if case not in same
    }
    return same, differ
