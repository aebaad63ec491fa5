"""Test data for any language: one ruleset's cases as a language-neutral JSON file.

``dicespec export yacht`` writes, for one shipped ruleset, every case of the spec that a single
call of the interface checks and the whole exhaustive corpus, each with the answer the reference
engines give, so that an implementation in any language can load the cases into its own test
framework without the conformance runner (as Exercism's canonical data, JSON-Schema-Test-Suite
and toml-test are loaded); ``dicespec export --ruleset-file house.yaml`` does the same for a ruleset
of one's own, declared for the run (the spec's cases are then those of the ruleset it extends
whose answer the file's rules do not change: :func:`spec_cases`). Nothing is stated twice: the
spec's cases are read from the features (:mod:`dicespec.spec`; each line of a case is the
phrasebook step pytest-bdd binds it to), the corpus is the conformance runner's own
(:mod:`dicespec.corpus`). The file's shape is the JSON Schema ``dicespec/schemas/export.json``::

    {
      "schema": "urn:dicespec:export:2", "dicespec": "0.1.0", "ruleset": "yacht", "game": "yacht",
      "title": "…", "description": "…", "digest": "sha256:…",
      "spec": [
        {"id": "yacht-en-example-1", "op": "score", "input": {"dice": "11145", "row": "ones"},
         "expected": 3, "rule": "ones", "source": "exercism-yacht-en.txt", "quote": "«Ones | … scores 3»",
         "feature": "yacht/en/exercism-instructions.feature:19"},
        …
      ],
      "corpus": [
        {"id": "yacht/score/yacht/11111/ones", "op": "score",
         "input": {"dice": "11111", "row": "ones"}, "expected": 5},
        …
      ]
    }

A case is a call: ``op`` (an operation of docs/protocol.md) with the ruleset and ``input`` as its
arguments, whose answer must equal ``expected``, always the reference's answer. Where a text's
claim differs from it (a claim the errata say is wrong under the ruleset: the spec runs it as a
strict expected failure there), the case carries the claim as ``claim`` beside it, and its flags
and findings: the file never expects what the reference does not answer. The digest is the
SHA-256 of the cases' canonical JSON (:func:`digest`), so that a copy can be checked.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from dicespec.implementation import ReferenceImplementation
from dicespec.registry import game
from dicespec.rulesets import declared, describe_rules, find_ruleset, ruleset_data

if TYPE_CHECKING:
    from dicespec.spec import Case, Finding

SCHEMA = "export"  # dicespec/schemas/export.json
CASE_LISTS = ("spec", "corpus")


@dataclass(frozen=True, slots=True)
class Question:
    """One call of the interface, and the answer a text claims for it."""

    op: str
    input: dict[str, str]
    claim: Any


# -- a case of the spec as one call ---------------------------------------------------------------
#
# The steps that ask the implementation one question, keyed by their phrasebook section and key:
# the call each makes (as the steps of dicespec.spec.steps make it) from the dice a Given step shows
# and the step's fields. ``None``: the question needs dice no step shows.

Ask = Callable[[str, str | None, Mapping[str, Any]], Question | None]


def _row_scores(game_name: str, dice: str | None, fields: Mapping[str, Any]) -> Question | None:
    from dicespec.spec.glossary import UnknownLineNameError, line_id

    try:
        row = line_id(game_name, fields["row"])
    except UnknownLineNameError:
        return None  # a line no sheet has: the spec's run fails it, there is no call to write
    return None if dice is None else Question("score", {"dice": dice, "row": row}, fields["score"])


def _set_aside_scores(game_name: str, dice: str | None, fields: Mapping[str, Any]) -> Question:
    return Question("set_aside", {"dice": fields["selection"]}, {"points": fields["points"]})


def _set_aside_refused(game_name: str, dice: str | None, fields: Mapping[str, Any]) -> Question:
    return Question("set_aside", {"dice": fields["selection"]}, {"rejected": fields["code"].strip()})


def _best_is(game_name: str, dice: str | None, fields: Mapping[str, Any]) -> Question | None:
    return None if dice is None else Question("best", {"dice": dice}, fields["points"])


QUESTIONS: dict[tuple[str, str], Ask] = {
    ("sheet", "row_scores"): _row_scores,
    ("setaside", "set_aside_scores"): _set_aside_scores,
    ("setaside", "set_aside_refused"): _set_aside_refused,
    ("setaside", "best_is"): _best_is,
}
DICE_SHOWN = ("common", "dice_show")
# Checks of the text's own arithmetic (its terms add up, its run is a run): they ask nothing.
TEXT_ONLY = {("sheet", "sum_of_dice"), ("sheet", "sequence_in_dice")}


def question(case: Case) -> Question | None:
    """The one question a case of the spec puts to the implementation, or ``None`` when it asks
    none, several, or plays a game."""
    from dicespec.spec.phrasebook import match

    dice: str | None = None
    asked: list[Question | None] = []
    for kind, text in case.phrases:
        step = match(kind, text)
        if step is None:
            return None
        key = (step.section, step.key)
        if key == DICE_SHOWN:
            dice = step.values["dice"].strip()
        elif key in QUESTIONS:
            asked.append(QUESTIONS[key](case.game, dice, step.values))
        elif key not in TEXT_ONLY:
            return None  # a step of a game, or of the sheet's layout
    return asked[0] if len(asked) == 1 else None


def spec_cases(
    ruleset: str,
    spec: Iterable[Case] | None = None,
    findings: Mapping[str, Sequence[Finding]] | None = None,
    *,
    left_out: list[LeftOut] | None = None,
) -> Iterator[dict[str, Any]]:
    """Every case of the spec (default: :func:`dicespec.spec.cases`) under ``ruleset`` that one
    call checks, with the reference's answer, and the text's claim where it differs (the errata,
    default :func:`dicespec.spec.findings_by_case`, say why).

    No case of the spec runs under a ruleset of one's own (declared, see
    :func:`dicespec.rulesets.declare_file`): its cases are those of the ruleset it is based on
    (:func:`based_on`) whose reference answer is the same under both; the others are added to
    ``left_out``, when given."""
    from dicespec.spec import cases, findings_by_case

    base = based_on(ruleset)
    reference = ReferenceImplementation()
    by_case = findings_by_case() if findings is None else findings
    for case in cases() if spec is None else spec:
        if base not in case.runs_under or (asked := question(case)) is None:
            continue
        try:
            answer = getattr(reference, asked.op)(base, **asked.input)
        except ValueError:  # a question the reference refuses (dice the ruleset never rolls): no answer to write
            continue
        if base != ruleset and (own := _answer(reference, asked, ruleset)) != answer:
            if left_out is not None:
                left_out.append(LeftOut(case.id, case.path, answer, own))
            continue
        entry: dict[str, Any] = {"id": case.id, "op": asked.op, "input": asked.input, "expected": answer}
        if asked.claim != answer:
            entry["claim"] = asked.claim
        if case.flags:
            entry["flags"] = list(case.flags)
            entry["findings"] = [finding.id for finding in by_case.get(case.id, ())]
        entry.update(rule=case.rule, source=case.source, quote=case.quote, feature=f"{case.path}:{case.line}")
        yield entry


@dataclass(frozen=True, slots=True)
class LeftOut:
    """A case of the spec left out of a declared ruleset's: the reference answers it otherwise
    under the ruleset it is based on (``expected``) than under the declared one (``under``)."""

    id: str
    feature: str
    expected: Any
    under: Any


def based_on(ruleset: str) -> str:
    """The shipped ruleset whose spec cases ``ruleset`` takes: itself when shipped; for a declared
    one, the ruleset it extends, or else its game's reference."""
    own = declared(ruleset)
    if own is None:
        return ruleset
    return own.extends or game(own.data["game"]).default_ruleset


def _answer(reference: ReferenceImplementation, asked: Question, ruleset: str) -> Any:
    """The reference's answer to ``asked`` under ``ruleset``, or the error it refuses it with."""
    try:
        return getattr(reference, asked.op)(ruleset, **asked.input)
    except ValueError as refused:
        return refused


def corpus_cases(ruleset: str) -> Iterator[dict[str, Any]]:
    """Every case of the exhaustive corpus under ``ruleset``, as the conformance runner asks it."""
    from dicespec import corpus

    for case in corpus.exhaustive({ruleset_data(ruleset)["game"]: [ruleset]}):
        arguments = {key: value for key, value in case.args.items() if key != "ruleset"}
        yield {"id": case.id, "op": case.op, "input": arguments, "expected": case.expected}


# -- the file ---------------------------------------------------------------------------------------


def canonical(value: Any) -> str:
    """JSON with sorted keys, no whitespace and characters as they are (what :func:`digest` hashes)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest(spec: list[dict[str, Any]], corpus: list[dict[str, Any]]) -> str:
    """``sha256:`` and the hex SHA-256 of the UTF-8 of ``{"corpus": …, "spec": …}`` in canonical JSON."""
    return "sha256:" + hashlib.sha256(canonical({"corpus": corpus, "spec": spec}).encode("utf-8")).hexdigest()


def export(
    ruleset: str,
    spec: Iterable[Case] | None = None,
    findings: Mapping[str, Sequence[Finding]] | None = None,
    *,
    left_out: list[LeftOut] | None = None,
) -> dict[str, Any]:
    """The test data of one ruleset, shipped or declared, as the schema ``export`` describes it
    (the spec's cases and findings as :func:`spec_cases` takes them, and the ids of the cases it
    leaves out of a declared ruleset's added to ``left_out``)."""
    from dicespec import __version__
    from dicespec.validation import schema

    rules = find_ruleset(ruleset)
    found = game(rules.game)
    asked, corpus = list(spec_cases(ruleset, spec, findings, left_out=left_out)), list(corpus_cases(ruleset))
    return {
        "schema": schema(SCHEMA)["$id"],
        "dicespec": __version__,
        "ruleset": ruleset,
        "game": found.name,
        "title": rules.title,
        "description": (
            f"Test data of the dicespec ruleset {ruleset} ({found.title}): every case of the spec "
            "that one call checks, then every case of the exhaustive corpus, each with the reference engines' "
            "answer. Call op "
            "(an operation of the dicespec conformance protocol, version 2) with the ruleset and input as its "
            "arguments; the answer must equal expected. A spec case quotes its source sentence (source normative: "
            "the rule it pins down), names the rule, and where the errata say the text is wrong under this "
            "ruleset, carries the text's claim beside the answer that holds." + _borrowed(ruleset)
        ),
        "digest": digest(asked, corpus),
        "spec": asked,
        "corpus": corpus,
    }


def _borrowed(ruleset: str) -> str:
    """What the description says of a declared ruleset's spec cases: whose they are."""
    base = based_on(ruleset)
    if base == ruleset:
        return ""
    return (
        f" The ruleset {ruleset} is one of one's own, {describe_rules(ruleset)}: no case of the spec is written "
        f"for it, and its spec cases are those of {base} whose answer is the same under both."
    )


_ONE_LINE = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))


def dumps(data: Mapping[str, Any]) -> str:
    """An export as text: the header's keys one a line, then each case on a line of its own."""
    lines = []
    for key, value in data.items():
        if key in CASE_LISTS and value:
            cases = ",\n".join(f"    {_ONE_LINE.encode(case)}" for case in value)
            lines.append(f"  {json.dumps(key)}: [\n{cases}\n  ]")
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def check(data: Any, source: str = "the export") -> None:
    """Raise :class:`ValueError` naming ``source`` when ``data`` does not fit the schema, or its
    digest is not its cases'."""
    from dicespec.validation import check as check_schema

    check_schema(data, SCHEMA, source, owner="an export")
    found = digest(data["spec"], data["corpus"])
    if data["digest"] != found:
        raise ValueError(f"{source}: digest: {data['digest']!r}: the cases' digest is {found!r}")
