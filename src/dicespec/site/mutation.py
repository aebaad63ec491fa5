"""Mutation testing: how much of the engines' rule code the spec alone pins down (its features, and the
model rulesets' expected outcomes).

The figures come from ``make mutation`` (the repository's ``tools/mutation.py``) by way of the
committed ``fixtures/mutation/`` (read with :mod:`dicespec.spec.mutation`): the last run's
``results.json``, every run's line in ``history.jsonl`` and the judgements' ``scope.yaml``. A run
takes minutes, too long for a site build; a test keeps the results in step with the code and the features.
"""

from __future__ import annotations

import json
from typing import Any

import yaml

from dicespec.site import layout
from dicespec.site.data import SiteData
from dicespec.site.layout import Page
from dicespec.site.markup import code, table, text
from dicespec.spec.mutation import FOLDER, NOT_COUNTED, VERDICTS, counted, score

TITLE = "Mutation testing"


def _read(data: SiteData) -> tuple[dict[str, Any] | None, list[dict[str, Any]], dict[str, Any]]:
    folder = data.root.joinpath(*FOLDER)
    results = folder / "results.json"
    history = folder / "history.jsonl"
    scope = folder / "scope.yaml"
    return (
        json.loads(results.read_text(encoding="utf-8")) if results.is_file() else None,
        [json.loads(line) for line in history.read_text(encoding="utf-8").splitlines() if line.strip()]
        if history.is_file()
        else [],
        yaml.safe_load(scope.read_text(encoding="utf-8")) if scope.is_file() else {"out_of_scope": []},
    )


def _counts_row(label: str, counts: dict[str, int]) -> list[str]:
    share = f"{score(counts):.1%}" if counted(counts) else "–"
    return [label, share, *(str(counts[v]) for v in (*VERDICTS, *NOT_COUNTED))]


def mutation_page(data: SiteData) -> Page:
    page = layout.MUTATION
    results, history, scope = _read(data)
    out = [f"# {TITLE}\n"]
    out.append(
        "A spec is measured by the bugs it catches. `make mutation` changes the engines' rule code one "
        "small edit at a time (a `<` for a `<=`, a number for the next, a value for `None`) and runs the "
        "spec, and no other test, against each changed engine, a *mutant*: the features, and the outcomes "
        "the model's rulesets expect of themselves, which `dicespec conform` asks an implementation as it "
        "asks the features. A mutant that no case fails on has survived: a case is missing, or the edit "
        "cannot change any outcome (it is *equivalent*). The score is the share of the mutants that count "
        "which the spec kills.\n"
    )
    if results is None:
        out.append('!!! warning "No run recorded"\n\n    `make mutation` writes fixtures/mutation/results.json.\n')
        return Page(page, TITLE, "\n".join(out))
    counts = results["counts"]
    out.append(
        f"**Score: {results['score']:.1%}**: {counts['killed']} mutants killed of {counted(counts)} that count.\n"
    )
    header = ["Module", "Score", "Killed", "Equivalent", "Unreached", "Survived", "Out of scope", "Messages"]
    rows = [_counts_row(code(module), c) for module, c in results["modules"].items()]
    out.append(table(header, [*rows, _counts_row("**All**", counts)]) + "\n")
    out.append(
        "*Equivalent* and *unreached* survivors are judged one by one in `fixtures/mutation/judged.yaml`; "
        "*unreached* code is code that no shipped ruleset runs yet. Mutants out of scope (of a function that "
        "holds no rule, killed or not) and those that change only the words of an error do not count.\n"
    )
    out.append("## History\n")
    out.append(
        table(
            ["Date", "Commit", "Score", "Killed", "Equivalent", "Unreached", "Survived"],
            [
                [text(run["date"]), code(run["commit"]), f"{run['score']:.1%}", *(str(run[v]) for v in VERDICTS)]
                for run in reversed(history)
            ],
        )
        + "\n"
    )
    for verdict, heading in (
        ("survived", "Survivors not yet judged"),
        ("unreached", "Unreached"),
        ("equivalent", "Equivalent"),
    ):
        entries = [entry for entry in results["survivors"] if entry["verdict"] == verdict]
        if not entries:
            continue
        out.append(f"## {heading}\n")
        for entry in entries:
            diff = "\n".join(" " * 8 + line for line in entry["diff"])  # a code block of the list item
            out.append(f"- {code(entry['mutant'])}: {text(entry['reason'])}\n\n{diff}\n")
    out.append("## Out of scope\n")
    out.append(
        table(
            ["Functions", "Why they hold no rule"],
            [
                [", ".join(code(name) for name in entry["functions"]), text(entry["reason"])]
                for entry in scope["out_of_scope"]
            ],
        )
        + "\n"
    )
    return Page(page, TITLE, "\n".join(out))
