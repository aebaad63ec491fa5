"""Reading the feature files into cases: one per Examples row, or per plain scenario.

This is the one reader of ``features/``: the website, the reports and the hygiene tests
use it, and it parses with the same official Gherkin parser that pytest-bdd runs on.

Conventions the reader relies on (``tests/spec/test_features.py`` enforces them):

- a feature names its game and source with tags: ``@kiriki`` or ``@ten_thousand``, and
  ``@source:FILE`` (a file in ``fixtures/sources/``, or ``@source:normative`` for the
  English edge cases), and may run under more rulesets than the reference with
  ``@ruleset:NAME`` tags;
- a Scenario Outline's Examples tables have an ``id`` column: each row is one case;
- a plain Scenario carries its id as a tag, ``@id:kiriki-pl-rules-13-turns``;
- the description under a Scenario or Examples title quotes the source sentence;
- ``@erratum``, ``@variant``, ``@ambiguity`` and ``@gap`` flag a case (see ``errata.yaml``);
  ``@replaces:ID`` names the case a correction replaces;
- a scenario says which rule its cases pin down with one ``@rule:KEY`` tag, ``KEY`` a topic of its
  game's rules page (``@rule:full-house``, ``@rule:hot-dice``). An outline whose rows pin down
  different rules names the column that says which instead, ``@rule:<row>``: each row's value
  there is a topic, or a line of the sheet as the text's language names it (through the spec's
  glossary, so ``Kareta`` is ``four-of-a-kind``). Tags on an Examples table cannot carry data:
  pytest-bdd turns them into plain markers.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from gherkin.parser import Parser
from gherkin.parser_types import GherkinDocument
from gherkin.token_scanner import TokenScanner

from dicespec import registry
from dicespec.registry import game_of_tag
from dicespec.spec.glossary import UnknownLineNameError, line_id
from dicespec.spec.paths import features_dir

FLAGS = ("erratum", "variant", "ambiguity", "gap")


@dataclass(frozen=True, slots=True)
class Case:
    """One checkable claim of the spec, with where it comes from."""

    id: str
    game: str  # the game's name in the registry (its tag names it), "" for none
    language: str  # "fr", "de", "pl", "en"
    path: str  # relative to features/, e.g. "kiriki/fr/feuille-de-score.feature"
    line: int
    source: str  # a file of fixtures/sources/, or "normative"
    feature: str
    scenario: str
    section: str  # the Examples title, or the scenario title
    quote: str  # the source sentence(s) the case transcribes, or the rule it pins down
    tags: frozenset[str]
    rulesets: tuple[
        str, ...
    ]  # extra rulesets (besides the game's reference) it runs under: its feature's, its scenario's
    values: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    steps: tuple[str, ...] = ()  # keyword + text, placeholders filled in
    replaces: str | None = None
    rule: str = ""  # the topic its @rule: tag names (placeholders filled in); "" without one such tag
    phrases: tuple[tuple[str, str], ...] = ()  # each step as (given | when | then, its text), placeholders filled in

    @property
    def flags(self) -> tuple[str, ...]:
        """The case's flags, in the order erratum, variant, ambiguity, gap."""
        return tuple(flag for flag in FLAGS if flag in self.tags)

    @property
    def runs_under(self) -> tuple[str, ...]:
        """The rulesets the case runs under: its game's reference (unless ``@rulesets-only``), then
        those its feature and its scenario name with ``@ruleset:`` tags."""
        reference = () if "rulesets-only" in self.tags or not self.game else (registry.game(self.game).default_ruleset,)
        return (*reference, *self.rulesets)


def _tags(node: Mapping[str, Any]) -> list[str]:
    return [tag["name"].lstrip("@") for tag in node.get("tags", [])]


def _description(node: Mapping[str, Any]) -> str:
    lines = [line.strip() for line in (node.get("description") or "").splitlines()]
    return " ".join(line for line in lines if line)


def _render(text: str, values: Mapping[str, str]) -> str:
    return re.sub(r"<([^<>]+)>", lambda m: values.get(m.group(1), m.group(0)), text)


def _step_lines(steps: list[Mapping[str, Any]], values: Mapping[str, str]) -> tuple[str, ...]:
    out = []
    for step in steps:
        out.append(f"{step['keyword']}{_render(step['text'], values)}")
        table = step.get("dataTable")
        if table:
            out += ["| " + " | ".join(c["value"] for c in row["cells"]) + " |" for row in table["rows"]]
    return tuple(out)


# A step's kind, by the Gherkin keyword's type; And and But (a conjunction) keep the kind before them.
_KINDS = {"Context": "given", "Action": "when", "Outcome": "then"}


def _phrases(steps: list[Mapping[str, Any]], values: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
    out, kind = [], "given"
    for step in steps:
        kind = _KINDS.get(step["keywordType"], kind)
        out.append((kind, _render(step["text"], values)))
    return tuple(out)


def _rule(tags: list[str], game: str, values: Mapping[str, str]) -> str:
    """The topic key the one ``@rule:`` tag names; a ``<column>`` in it is filled from the row, a
    topic or a line of the sheet by any of its names. ``""`` without exactly one such tag."""
    found = [tag.split(":", 1)[1] for tag in tags if tag.startswith("rule:")]
    if len(found) != 1:
        return ""
    value = _render(found[0], values)
    if value == found[0]:
        return value
    try:
        return line_id(game, value).replace("_", "-")
    except (UnknownLineNameError, KeyError):
        return value


def parse_feature(path: Path, *, relative_to: Path | None = None) -> GherkinDocument:
    """The Gherkin document of one feature file (the official parser's AST)."""
    return Parser().parse(TokenScanner(path.read_text(encoding="utf-8")))


def _scenarios(feature: Mapping[str, Any]) -> Iterator[tuple[Mapping[str, Any], list[str]]]:
    for child in feature.get("children", []):
        if "scenario" in child:
            yield child["scenario"], []
        elif "rule" in child:
            rule_tags = _tags(child["rule"])
            for grandchild in child["rule"].get("children", []):
                if "scenario" in grandchild:
                    yield grandchild["scenario"], rule_tags


def cases_of_file(path: Path, root: Path) -> list[Case]:
    """Every case of one feature file, in file order."""
    document = parse_feature(path)
    feature = document["feature"]
    feature_tags = _tags(feature)
    game = next((found.name for t in feature_tags if (found := game_of_tag(t)) is not None), "")
    source = next((t.split(":", 1)[1] for t in feature_tags if t.startswith("source:")), "")
    rulesets = tuple(t.split(":", 1)[1] for t in feature_tags if t.startswith("ruleset:"))
    common: dict[str, Any] = {
        "game": game,
        "language": feature["language"],
        "path": path.relative_to(root).as_posix(),
        "source": source,
        "feature": feature["name"],
        "rulesets": rulesets,
    }
    plain_feature_tags = [t for t in feature_tags if ":" not in t]
    cases: list[Case] = []
    for scenario, rule_tags in _scenarios(feature):
        scenario_tags = _tags(scenario) + rule_tags
        replaces = next((t.split(":", 1)[1] for t in scenario_tags if t.startswith("replaces:")), None)
        plain = [t for t in scenario_tags if ":" not in t] + plain_feature_tags
        own = [t.split(":", 1)[1] for t in scenario_tags if t.startswith("ruleset:")]
        common["rulesets"] = (*rulesets, *(name for name in own if name not in rulesets))
        if not scenario.get("examples"):
            case_id = next((t.split(":", 1)[1] for t in scenario_tags if t.startswith("id:")), "")
            cases.append(
                Case(
                    id=case_id,
                    line=scenario["location"]["line"],
                    scenario=scenario["name"],
                    section=scenario["name"],
                    quote=_description(scenario),
                    tags=frozenset(plain),
                    steps=_step_lines(scenario["steps"], {}),
                    phrases=_phrases(scenario["steps"], {}),
                    replaces=replaces,
                    rule=_rule(scenario_tags + feature_tags, game, {}),
                    **common,
                )
            )
            continue
        for examples in scenario["examples"]:
            header = [cell["value"] for cell in examples["tableHeader"]["cells"]]
            quote = _description(examples) or _description(scenario)
            for row in examples.get("tableBody", []):
                values = dict(zip(header, (cell["value"] for cell in row["cells"]), strict=True))
                cases.append(
                    Case(
                        id=values.get("id", ""),
                        line=row["location"]["line"],
                        scenario=scenario["name"],
                        section=examples["name"] or scenario["name"],
                        quote=quote,
                        tags=frozenset(plain + _tags(examples)),
                        values=MappingProxyType(values),
                        steps=_step_lines(scenario["steps"], values),
                        phrases=_phrases(scenario["steps"], values),
                        replaces=replaces,
                        rule=_rule(scenario_tags + feature_tags, game, values),
                        **common,
                    )
                )
    return cases


def feature_files(root: Path | None = None) -> list[Path]:
    """Every ``.feature`` file below ``root`` (default: the spec's ``features/``), sorted."""
    return sorted((root or features_dir()).rglob("*.feature"))


@cache
def _all_cases(root: Path) -> tuple[Case, ...]:
    return tuple(case for path in feature_files(root) for case in cases_of_file(path, root))


def cases(root: Path | None = None) -> tuple[Case, ...]:
    """Every case of the spec, file by file."""
    return _all_cases((root or features_dir()).resolve())


def case_index(root: Path | None = None) -> dict[str, Case]:
    """Cases by id (the hygiene test makes sure ids are unique)."""
    return {case.id: case for case in cases(root)}
