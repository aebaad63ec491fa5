"""The golden files: ``fixtures/golden/<ruleset>.txt``, one per shipped ruleset, the reference
engines' outcomes (:mod:`~dicespec.regression.outcomes`) as plain text, one line per roll, case
or game, so that a rule change shows in ``git diff`` as the lines it moves.

``python -m dicespec.regression.golden`` (``make golden``) writes them;
``python -m dicespec.regression.golden --check`` says what no longer matches, and the test suite
fails on it (``tests/regression/test_golden.py``): an engine or ruleset change that moves an outcome must
come with regenerated golden files.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from dicespec.conformance.run import holds
from dicespec.regression import outcomes
from dicespec.rulesets import ruleset_names
from dicespec.spec.paths import data_root

SECTIONS = ("rolls", "features", "games")
EMPTY = "-"  # the roll of no dice, in a line


def golden_dir() -> Path:
    return data_root() / "fixtures" / "golden"


def golden_path(ruleset: str) -> Path:
    return golden_dir() / f"{ruleset}.txt"


@dataclass
class Golden:
    """The outcomes of one ruleset, as a golden file holds them."""

    ruleset: str
    rolls: dict[str, tuple[str, ...]] = field(default_factory=dict)  # sorted dice → answers
    features: dict[str, str] = field(default_factory=dict)  # case id → holds | fails
    games: dict[str, str] = field(default_factory=dict)  # game index → its line

    @property
    def game(self) -> str:
        return outcomes.game_of(self.ruleset)

    def text(self) -> str:
        names = " ".join(outcomes.columns(self.ruleset))
        out = [
            f"# Golden outcomes of the ruleset {self.ruleset} ({outcomes.ruleset_title(self.ruleset)}), written by",
            "# `make golden` from the reference engines. A test fails when the engines give other outcomes.",
            "# rolls: each distinct roll of the conformance corpus (sorted dice; every order of them answers",
            "#   the same, and the test asks every order) and its answers, in the columns named.",
            "# features: each case of the game's features: does its claim hold under this ruleset?",
            "# games: each seeded replayed game of the corpus: policy, players, actions, answers asked, digest.",
            f"[rolls] dice {names}",
            *(f"{dice or EMPTY} {' '.join(answers)}" for dice, answers in self.rolls.items()),
            "[features]",
            *(f"{case_id} {verdict}" for case_id, verdict in self.features.items()),
            "[games]",
            *self.games.values(),
        ]
        return "\n".join(out) + "\n"

    @classmethod
    def parse(cls, ruleset: str, text: str) -> Golden:
        golden = cls(ruleset)
        section = None
        for number, line in enumerate(text.splitlines(), start=1):
            if not line.strip() or line.startswith("#"):
                continue
            if line.startswith("["):
                section = line[1:].split("]", 1)[0]
                if section not in SECTIONS:
                    raise ValueError(f"{ruleset}.txt, line {number}: unknown section [{section}]")
                continue
            first, _, rest = line.partition(" ")
            if section == "rolls":
                golden.rolls["" if first == EMPTY else first] = tuple(rest.split())
            elif section == "features":
                golden.features[first] = rest.strip()
            elif section == "games":
                golden.games[first] = line
            else:
                raise ValueError(f"{ruleset}.txt, line {number}: a line before any section")
        return golden


def compute(rulesets: Sequence[str]) -> dict[str, Golden]:
    """Today's outcomes of these rulesets."""
    features = holds.features(rulesets)
    return {
        name: Golden(name, outcomes.rolls(name), features[name], {g.index: g.line() for g in outcomes.games(name)})
        for name in rulesets
    }


def read(ruleset: str) -> Golden | None:
    path = golden_path(ruleset)
    if not path.is_file():
        return None
    return Golden.parse(ruleset, path.read_text(encoding="utf-8"))


def write(goldens: Iterable[Golden]) -> list[Path]:
    golden_dir().mkdir(parents=True, exist_ok=True)
    written = []
    for golden in goldens:
        path = golden_path(golden.ruleset)
        path.write_text(golden.text(), encoding="utf-8")
        written.append(path)
    return written


# -- checking --------------------------------------------------------------------------------


def _changed(kept: Mapping[str, object], today: Mapping[str, object], limit: int) -> tuple[list[str], int]:
    """The first ``limit`` keys whose values differ, and how many differ."""
    keys = [k for k in [*kept, *(k for k in today if k not in kept)] if kept.get(k) != today.get(k)]
    return keys[:limit], len(keys)


def problems(ruleset: str, today: Golden, *, limit: int = 12) -> list[str]:
    """What the golden file of ``ruleset`` says that today's outcomes do not (empty: it is
    current), as lines that name the roll, column, case or game, the kept and today's value."""
    kept = read(ruleset)
    if kept is None:
        return [f"{golden_path(ruleset).name}: no golden file"]
    out: list[str] = []
    names = outcomes.columns(ruleset)
    keys, count = _changed(kept.rolls, today.rolls, limit)
    if count:
        out.append(f"rolls: {count} distinct rolls answer otherwise")
        for dice in keys:
            old, new = kept.rolls.get(dice), today.rolls.get(dice)
            if old is None or new is None:
                out.append(f"  {dice or EMPTY}: {'new roll' if old is None else 'no longer asked'}")
                continue
            moves = [f"{c} {o} → {n}" for c, o, n in zip(names, old, new, strict=True) if o != n]
            out.append(f"  {dice or EMPTY}: {', '.join(moves)}")
    else:
        wrong = list(outcomes.check_ordered_rolls(ruleset, kept.rolls))
        if wrong:
            out.append(f"rolls: {len(wrong)} ordered rolls answer otherwise than their sorted roll's line")
            out += [f"  {dice} {column}: {old} → {new}" for dice, column, old, new in wrong[:limit]]
    keys, count = _changed(kept.features, today.features, limit)
    if count:
        out.append(f"features: {count} cases")
        out += [f"  {k}: {kept.features.get(k, '(no case)')} → {today.features.get(k, '(no case)')}" for k in keys]
    keys, count = _changed(kept.games, today.games, limit)
    if count:
        out.append(f"games: {count} replayed games")
        out += [f"  kept:  {kept.games.get(k, '(none)')}\n  today: {today.games.get(k, '(none)')}" for k in keys]
    return out


def check(rulesets: Sequence[str]) -> dict[str, list[str]]:
    """The problems of each ruleset's golden file (only those with any)."""
    today = compute(rulesets)
    found = {name: problems(name, golden) for name, golden in today.items()}
    return {name: lines for name, lines in found.items() if lines}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m dicespec.regression.golden",
        description="Write (or check) the golden files of the shipped rulesets.",
    )
    parser.add_argument("--check", action="store_true", help="check them instead; exit status 1 when any is stale")
    parser.add_argument("rulesets", nargs="*", metavar="RULESET", help="only these (default: every shipped ruleset)")
    args = parser.parse_args(argv)
    names = args.rulesets or ruleset_names()
    if args.check:
        stale = check(names)
        for name, lines in stale.items():
            print(f"{golden_path(name).name} is stale:")
            print("\n".join(f"  {line}" for line in lines))
        print("golden files: " + ("stale; regenerate with `make golden`" if stale else "current"))
        return 1 if stale else 0
    for path in write(compute(names).values()):
        print(f"wrote {path.relative_to(data_root())} ({path.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
