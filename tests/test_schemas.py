"""The JSON Schemas of the project's data files (``dicespec/schemas/``): each file as it is
passes, and a broken one is refused where it is loaded, with one line that names the file, the
key path and the value."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from dicespec.conformance.run.compared import entries, folder, read_entries
from dicespec.spec.errata import KINDS, ErrataError, findings
from dicespec.spec.glossary import GlossaryError, glossary, read_glossary
from dicespec.spec.paths import errata_path
from dicespec.spec.phrasebook import phrasebook, phrasebook_path, read_phrasebook
from dicespec.validation import schema

NAMES = ("errata", "glossary", "phrasebook", "implementations", "export")


def write(tmp_path: Path, name: str, data: Any) -> Path:
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def refused(error: pytest.ExceptionInfo[Exception], path: Path, *parts: str) -> None:
    message = str(error.value)
    assert "\n" not in message, message
    assert message.startswith(f"{path}: "), message
    for part in parts:
        assert part in message, message


@pytest.mark.parametrize("name", NAMES)
def test_each_schema_is_a_strict_draft_2020_12_schema(name: str) -> None:
    found = schema(name)
    assert found["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(found)
    text = json.dumps(found)
    assert '"additionalProperties": false' in text and '"additionalProperties": true' not in text


def test_the_schemas_are_package_data() -> None:
    for name in NAMES:
        assert resources.files("dicespec.schemas").joinpath(f"{name}.json").is_file()


# -- fixtures/errata.yaml -------------------------------------------------------------------------


def errata() -> dict[str, Any]:
    return yaml.safe_load(errata_path().read_text(encoding="utf-8"))


def test_errata_passes_and_its_kinds_are_the_schemas() -> None:
    assert findings()
    assert tuple(schema("errata")["$defs"]["finding"]["properties"]["kind"]["enum"]) == KINDS


@pytest.mark.parametrize(
    ("change", "parts"),
    [
        (lambda f: f.update(kind="typo"), ["findings.2.kind: 'typo': 'typo' is not one of"]),
        (lambda f: f.update(sources="x.txt"), ["findings.2.sources: 'x.txt': unknown key; known keys: id, game"]),
        (lambda f: f.pop("truth"), ["findings.2.truth: missing; a finding needs it"]),
        (lambda f: f.update(claim="  "), ["findings.2.claim: '  ': does not match"]),
        (lambda f: f.update(cases=[]), ["findings.2.cases: []: is empty"]),
        (lambda f: f.update(cases=["kiriki fr 1"]), ["findings.2.cases.0: 'kiriki fr 1': does not match"]),
        (
            lambda f: f.update(cases="kiriki-fr-1"),
            ["findings.2.cases: 'kiriki-fr-1': 'kiriki-fr-1' is not of type 'array'"],
        ),
        (lambda f: f.update(source=7), ["findings.2.source: 7: 7 is not of type 'string'"]),
        (lambda f: f.update(text="French"), ["findings.2.text: 'French': does not match"]),
    ],
)
def test_a_broken_errata_file_is_refused(tmp_path: Path, change: Any, parts: list[str]) -> None:
    data = errata()
    change(data["findings"][2])
    path = write(tmp_path, "errata.yaml", data)
    with pytest.raises(ErrataError) as error:
        findings(path)
    refused(error, path.resolve(), *parts)


def test_errata_that_is_not_yaml_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "errata.yaml"
    path.write_text("findings: [\n  - id: x\n", encoding="utf-8")
    with pytest.raises(ErrataError) as error:
        findings(path)
    refused(error, path.resolve(), "not YAML")


# -- src/dicespec/spec/glossary.yaml ----------------------------------------------------------------


def test_the_glossary_passes() -> None:
    assert glossary()


@pytest.mark.parametrize(
    ("change", "parts"),
    [
        (lambda g: g[next(iter(g))]["en"].update(ones=""), [".en.ones: '': is empty"]),
        (lambda g: g[next(iter(g))]["en"].update(ones=1), [".en.ones: 1: 1 is not of type 'string'"]),
        (
            lambda g: g[next(iter(g))].update(english={"ones": "1s"}),
            [".english: {'ones': '1s'}: unknown key; keys match"],
        ),
        (lambda g: g[next(iter(g))]["fr"].update({"Full House": "full"}), [".fr.Full House: 'full': unknown key"]),
        (lambda g: g.update(Kiriki={}), ["Kiriki: {}: unknown key"]),
    ],
)
def test_a_broken_glossary_is_refused(tmp_path: Path, change: Any, parts: list[str]) -> None:
    data = json.loads(json.dumps(glossary()))
    change(data)
    path = write(tmp_path, "glossary.yaml", data)
    with pytest.raises(GlossaryError) as error:
        read_glossary(path)
    refused(error, path, *parts)


# -- dicespec/spec/phrasebook.yaml --------------------------------------------------------------------


def test_the_phrasebook_passes() -> None:
    assert phrasebook() == read_phrasebook(phrasebook_path())


@pytest.mark.parametrize(
    ("change", "parts"),
    [
        (lambda b: b["common"]["roll"].update(type="and"), ["common.roll.type: 'and': 'and' is not one of"]),
        (lambda b: b["common"]["roll"].update(es=["el jugador tira {dice:Dice}"]), ["common.roll.es: ", "unknown key"]),
        (lambda b: b["common"]["roll"].pop("en"), ["common.roll.en: missing; a step needs it"]),
        (
            lambda b: b["common"]["roll"].update(fr="le joueur lance {dice:Dice}"),
            ["common.roll.fr: 'le joueur lance", "is not of type 'array'"],
        ),
        (lambda b: b["common"]["roll"].update(de=[]), ["common.roll.de: []: is empty"]),
        (lambda b: b.update(Common={}), ["Common: {}: unknown key"]),
    ],
)
def test_a_broken_phrasebook_is_refused(tmp_path: Path, change: Any, parts: list[str]) -> None:
    data = json.loads(json.dumps(phrasebook()))
    change(data)
    path = write(tmp_path, "phrasebook.yaml", data)
    with pytest.raises(ValueError) as error:
        read_phrasebook(path)
    refused(error, path, *parts)


# -- fixtures/conformance/implementations.yaml ------------------------------------------------------


def implementations() -> list[dict[str, Any]]:
    return yaml.safe_load((folder() / "implementations.yaml").read_text(encoding="utf-8"))


def test_the_implementations_list_passes() -> None:
    assert [entry.id for entry in entries()] == [item["id"] for item in implementations()]


@pytest.mark.parametrize(
    ("change", "parts"),
    [
        (
            lambda i: i[1].update(impl="python -m x"),
            ["1: ", "either impl (a command) or python (module:name), not both"],
        ),
        (lambda i: i[1].pop("python"), ["1: ", "either impl (a command) or python (module:name), not both"]),
        (
            lambda i: i[1].update(python="examples/adapters/pyhtzee.py"),
            ["1.python: 'examples/adapters/pyhtzee.py': does not match"],
        ),
        (lambda i: i[1].pop("sources"), ["1.sources: missing; an implementation needs it"]),
        (
            lambda i: i[1].update(url="https://example.org"),
            ["1.url: 'https://example.org': unknown key; known keys: id"],
        ),
        (lambda i: i[2].update(id=i[1]["id"]), ["2.id: ", "another implementation has this id"]),
    ],
)
def test_a_broken_implementations_list_is_refused(tmp_path: Path, change: Any, parts: list[str]) -> None:
    data = implementations()
    change(data)
    path = write(tmp_path, "implementations.yaml", data)
    with pytest.raises(ValueError) as error:
        read_entries(path)
    refused(error, path, *parts)
