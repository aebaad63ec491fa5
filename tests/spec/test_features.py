"""The spec's own rules: the case format is small and strict, and these tests enforce it."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from parse import compile as compile_pattern

from dicespec.registry import games
from dicespec.rulesets import ruleset_names
from dicespec.site.topics import topics_of
from dicespec.spec import cases, findings
from dicespec.spec.features import feature_files, parse_feature
from dicespec.spec.paths import sources_dir
from dicespec.spec.phrasebook import TYPES, phrasebook

ALL_CASES = cases()
DATA_TAG_KEYS = ("id", "source", "ruleset", "replaces", "rule")
# In localized Gherkin these words start a Scenario, not an Examples table: the spec does not use them.
SCENARIO_WORDS_THAT_LOOK_LIKE_EXAMPLES = {"Exemple", "Beispiel", "Przykład", "Example"}
TYPOGRAPHIC_APOSTROPHES = "\u2018\u2019\u02bc"
SHOULD = re.compile(r"\b(should|devrait|devraient|sollte|sollten|powinien|powinna|powinno)\b", re.I)


def _registered_markers(config: pytest.Config) -> set[str]:
    """The markers of the run: the repository's settings and the spec's plugin declare them."""
    return {re.split(r"[:(]", line, maxsplit=1)[0].strip() for line in config.getini("markers")}


def _scenarios():
    for path in feature_files():
        feature = parse_feature(path)["feature"]
        for child in feature["children"]:
            nodes = [child["rule"]] if "rule" in child else [child]
            for node in nodes:
                for item in node.get("children", [node]):
                    if "scenario" in item:
                        yield path, feature, item["scenario"]


def _executable_text(scenario) -> list[str]:
    """Titles, tags, step texts and table cells: what pytest-bdd matches and reports."""
    texts = [scenario["name"], *(t["name"] for t in scenario.get("tags", []))]
    for step in scenario["steps"]:
        texts.append(step["text"])
        for row in (step.get("dataTable") or {}).get("rows", []):
            texts += [c["value"] for c in row["cells"]]
    for examples in scenario.get("examples", []):
        texts.append(examples["name"])
        rows = [examples["tableHeader"], *examples.get("tableBody", [])]
        texts += [c["value"] for row in rows for c in row["cells"]]
    return texts


def test_the_spec_has_cases_of_registered_games_only():
    """Every case is of a game of the registry (that every game has cases is
    tests/test_registry.py's), and Kiriki's are in all four languages."""
    assert {case.game for case in ALL_CASES} <= {found.name for found in games()}
    languages = {case.language for case in ALL_CASES if case.game == "kiriki"}
    assert languages == {"fr", "de", "pl", "en"}


def test_case_ids_are_unique_and_well_formed():
    """Every case has one stable id, ``<game>-<language>-<name>``, used nowhere else."""
    ids = Counter(case.id for case in ALL_CASES)
    assert not [i for i, n in ids.items() if n > 1], "duplicate ids"
    for case in ALL_CASES:
        assert re.fullmatch(rf"{case.game}-{case.language}-[a-z0-9]+(-[a-z0-9]+)*", case.id), (
            f"{case.path}:{case.line}: id {case.id!r} is not {case.game}-{case.language}-…"
        )


def test_scenario_names_are_unique():
    """No two scenarios share a name: names become test names in reports."""
    names = Counter(scenario["name"] for _, _, scenario in _scenarios())
    assert [name for name, n in names.items() if n > 1] == []


def test_tags_are_registered_markers_or_data_tags(pytestconfig: pytest.Config):
    """Every tag is a registered marker, a game's tag (from the registry), or one of the data tags
    @id: @source: @ruleset: @replaces: @rule:."""
    markers = _registered_markers(pytestconfig) | {found.tag for found in games()} | {"rulesets-only"}
    for path, feature, scenario in _scenarios():
        tags = [t["name"].lstrip("@") for t in feature.get("tags", []) + scenario.get("tags", [])]
        tags += [t["name"].lstrip("@") for ex in scenario.get("examples", []) for t in ex.get("tags", [])]
        for tag in tags:
            key, colon, _ = tag.partition(":")
            assert (colon and key in DATA_TAG_KEYS) or (not colon and tag in markers), (
                f"{path.name}: unregistered tag @{tag}"
            )


def test_examples_tags_carry_no_data():
    """Data tags stand on features and scenarios only: pytest-bdd makes Examples tags plain markers."""
    for path, _, scenario in _scenarios():
        for examples in scenario.get("examples", []):
            for tag in examples.get("tags", []):
                assert ":" not in tag["name"], f"{path.name}: {tag['name']} on an Examples table"


def test_no_typographic_apostrophes_where_steps_are_matched():
    """Step texts, titles, tags and tables use the ASCII apostrophe (quotes of a source may keep its own)."""
    for path, _, scenario in _scenarios():
        for text in _executable_text(scenario):
            assert not set(text) & set(TYPOGRAPHIC_APOSTROPHES), f"{path.name}: {text!r}"


def test_scenarios_use_unmistakable_keywords():
    """A scenario never starts with a word that reads as "examples" (Exemple:, Beispiel:, Przykład:),
    has steps, and a plain one has an @id: tag while an outline has Examples with an id column."""
    for path, _, scenario in _scenarios():
        where = f"{path.name}:{scenario['location']['line']}"
        assert scenario["keyword"] not in SCENARIO_WORDS_THAT_LOOK_LIKE_EXAMPLES, f"{where}: {scenario['keyword']}:"
        assert scenario["steps"], f"{where}: a scenario without steps (a stray keyword in a description?)"
        if scenario.get("examples"):
            for examples in scenario["examples"]:
                header = [c["value"] for c in examples["tableHeader"]["cells"]]
                assert header[0] == "id", f"{where}: Examples {examples['name']!r} has no leading id column"
        else:
            assert any(t["name"].startswith("@id:") for t in scenario.get("tags", [])), f"{where}: no @id: tag"


def test_titles_state_behaviour_without_should():
    """Scenario titles are short present-tense statements, never "should"."""
    for path, _, scenario in _scenarios():
        assert not SHOULD.search(scenario["name"]), f"{path.name}: {scenario['name']!r}"
        assert len(scenario["name"]) <= 90, f"{path.name}: title too long: {scenario['name']!r}"


def _step_patterns() -> dict[str, list]:
    patterns: dict[str, list] = {"given": [], "when": [], "then": []}
    for steps in phrasebook().values():
        for entry in steps.values():
            for language in ("en", "fr", "de", "pl"):
                for pattern in entry.get(language, []):
                    patterns[entry["type"]].append(compile_pattern(pattern, extra_types=TYPES))
    return patterns


def test_every_step_has_exactly_one_definition():
    """Each step of each case matches one phrasing of the phrasebook: none undefined, none ambiguous."""
    patterns = _step_patterns()
    kinds = {"Context": "given", "Action": "when", "Outcome": "then"}
    for path, _, scenario in _scenarios():
        kind = None
        rows = [None]
        for examples in scenario.get("examples", []):
            header = [c["value"] for c in examples["tableHeader"]["cells"]]
            rows = [
                dict(zip(header, (c["value"] for c in r["cells"]), strict=True)) for r in examples.get("tableBody", [])
            ]
        for values in rows:
            for step in scenario["steps"]:
                kind = kinds.get(step["keywordType"], kind)
                text = step["text"]
                if values:
                    text = re.sub(r"<([^<>]+)>", lambda m, values=values: values[m.group(1)], text)
                matches = [p for p in patterns[kind] if p.parse(text) is not None]
                assert len(matches) == 1, (
                    f"{path.name}:{step['location']['line']}: {kind} {text!r}: {len(matches)} definitions"
                )


def _normalized(text: str) -> str:
    return " ".join(text.split())


def _quoted_from(quote: str, text: str) -> bool:
    """Is ``quote`` in ``text`` word for word, its parts (cut with " … ") in order? A quote may
    stand between « and » (needed where its first word is a Gherkin keyword, such as "Wenn")."""
    text, start = _normalized(text), 0
    for part in _normalized(quote).strip("«» ").split(" … "):
        found = text.find(part, start)
        if found < 0:
            return False
        start = found + len(part)
    return True


@pytest.mark.parametrize("case", [c for c in ALL_CASES if c.source != "normative"], ids=lambda c: c.id)
def test_each_transcribed_case_quotes_its_source_verbatim(case):
    """A transcribed case quotes the sentence it comes from, word for word (" … " marks a cut)."""
    source = sources_dir() / case.source
    assert source.is_file(), f"{case.id}: no source file {case.source}"
    assert case.quote, f"{case.id}: no quoted sentence"
    quoted = _quoted_from(case.quote, source.read_text(encoding="utf-8"))
    assert quoted, f"{case.id}: the quote is not in {case.source} word for word: {case.quote!r}"


def test_each_normative_case_cites_the_rule_it_pins_down():
    """An English edge case says, in its description, which rule it pins down."""
    for case in ALL_CASES:
        if case.source == "normative":
            assert case.quote.startswith("Pins down:"), f"{case.id}: description does not start with 'Pins down:'"


def test_findings_quote_their_source_verbatim():
    """Each finding quotes its source text word for word."""
    for finding in findings():
        text = (sources_dir() / finding.source).read_text(encoding="utf-8")
        assert _quoted_from(finding.quote, text), f"{finding.id}: quote not in {finding.source}"


def test_findings_and_flags_agree():
    """A flagged case is carried by a finding of its kind, and a finding's cases exist and carry its flag."""
    by_id = {case.id: case for case in ALL_CASES}
    ids = Counter(f.id for f in findings())
    assert [i for i, n in ids.items() if n > 1] == [], "duplicate finding ids"
    carried: dict[str, set[str]] = {}
    for finding in findings():
        for case_id in finding.cases:
            assert case_id in by_id, f"finding {finding.id} names an unknown case {case_id}"
            carried.setdefault(case_id, set()).add(finding.kind)
            expected = {"variant": {"erratum", "variant"}, "erratum": {"erratum"}}.get(finding.kind, {finding.kind})
            assert expected <= set(by_id[case_id].flags), f"{case_id} lacks the flags {expected} of {finding.id}"
        for name in finding.holds_under:
            assert name in ruleset_names(finding.game), f"finding {finding.id}: unknown ruleset {name}"
    for case in ALL_CASES:
        kinds = carried.get(case.id, set())
        for flag in case.flags:
            ok = {"erratum": {"erratum", "variant"}, "variant": {"variant"}}.get(flag, {flag})
            assert kinds & ok, f"{case.path}:{case.line}: {case.id} is @{flag} but no finding of that kind carries it"


def test_replaced_cases_exist():
    """A correction names the case it replaces, and that case exists."""
    ids = {case.id for case in ALL_CASES}
    for case in ALL_CASES:
        if case.replaces:
            assert case.replaces in ids, f"{case.id} replaces an unknown case {case.replaces}"


def test_each_case_names_the_one_rule_it_pins_down():
    """Every scenario carries exactly one @rule: tag (on its tag line; an Examples table cannot carry
    data), and each of its cases' rule, placeholders filled in from the row, is a topic of its
    game's rules page: the site places a case by this tag alone."""
    for path, feature, scenario in _scenarios():
        tags = [t["name"] for t in feature.get("tags", []) + scenario.get("tags", [])]
        rules = [tag for tag in tags if tag.startswith("@rule:")]
        assert len(rules) == 1, f"{path.name}:{scenario['location']['line']}: {len(rules)} @rule: tags, not one"
    topics = {game: {topic.key for topic in topics_of(game)} for game in {case.game for case in ALL_CASES}}
    for case in ALL_CASES:
        assert case.rule in topics[case.game], (
            f"{case.path}:{case.line}: {case.id}: @rule: names {case.rule!r}, not a topic of {case.game} "
            f"({', '.join(sorted(topics[case.game]))})"
        )
