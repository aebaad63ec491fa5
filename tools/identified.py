"""The rules each compared implementation plays, as ``dicespec identify`` finds them: for every
implementation of ``fixtures/conformance/implementations.yaml`` and every game its hello
declares, ``fixtures/identified/<id>-<game>.yaml``: the identified ruleset file, its report
(without timings) kept below it as comments; and ``<id>-<game>.json``, what it found in short,
which the Conformance page shows beside the implementation's results.

``python -m tools.identified`` (the second step of ``make conformance``) writes them;
``tests/identify/test_command.py`` identifies again and compares. A maintainer's tool, which the wheel
does not carry.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

from dicespec.conformance.run.compared import Entry, entries, read
from dicespec.conformance.run.target import Options
from dicespec.identify.aside import AsideIdentification
from dicespec.identify.command import Identification, identify, report_text, ruleset_text, summary
from dicespec.spec.paths import data_root


def folder() -> Path:
    return data_root() / "fixtures" / "identified"


def games_of(entry: Entry) -> list[str]:
    """The games the implementation declares rulesets of, as its results file records
    (``make conformance``'s first step)."""
    declared = (read(entry) or {}).get("rulesets", {})
    return sorted(name for name, names in declared.items() if names)


def identified(entry: Entry) -> Iterator[tuple[str, Identification | AsideIdentification]]:
    """Each game the implementation declares a ruleset of, and what it was identified as playing."""
    for name in games_of(entry):
        yield name, identify(entry.target, Options(), name_of_game=name, asked=None, name=None)


def text(found: Identification | AsideIdentification) -> str:
    """A recorded file: the ruleset, then the report as comments."""
    report = "\n".join(f"# {line}".rstrip() for line in report_text(found, timings=False).splitlines())
    return ruleset_text(found) + "\n# What identify reported:\n" + report + "\n"


def summary_text(found: Identification | AsideIdentification) -> str:
    """A recorded summary (the Conformance page reads it)."""
    return json.dumps(summary(found), indent=2, ensure_ascii=False) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.identified", description="Identify the compared implementations' rules."
    )
    parser.add_argument("ids", nargs="*", metavar="ID", help="only these (default: all of implementations.yaml)")
    args = parser.parse_args(argv)
    folder().mkdir(parents=True, exist_ok=True)
    for entry in entries():
        if args.ids and entry.id not in args.ids:
            continue
        for name, found in identified(entry):
            path = folder() / f"{entry.id}-{name}.yaml"
            path.write_text(text(found), encoding="utf-8")
            path.with_suffix(".json").write_text(summary_text(found), encoding="utf-8")
            took = f"{found.seconds['asking']:.1f} s asked, {found.seconds['fit']:.2f} s fitted"
            print(f"{entry.id}: {name}: {found.unexplained:,} unexplained of {found.answers:,} ({took}) → {path.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
