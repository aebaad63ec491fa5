"""Every finding of ``fixtures/errata.yaml`` in every language of the website: its claim, truth and
decision in French, German and Polish beside the English, read through ``Finding.prose``."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from dicespec.rulesets import ruleset_names
from dicespec.spec.errata import LANGUAGES, ErrataError, Finding, Prose, findings
from dicespec.spec.paths import errata_path

FIELDS = ("claim", "truth", "decision")
RAW: list[dict[str, Any]] = yaml.safe_load(errata_path().read_text(encoding="utf-8"))["findings"]
IDS = [entry["id"] for entry in RAW]


def finding_of(finding_id: str) -> Finding:
    """The finding ``finding_id`` as ``dicespec.spec.errata`` reads it (schema checked)."""
    return next(finding for finding in findings() if finding.id == finding_id)


def test_the_languages_are_the_websites_others() -> None:
    assert LANGUAGES == ("fr", "de", "pl")


@pytest.mark.parametrize("entry", RAW, ids=IDS)
def test_every_finding_has_its_prose_in_every_language(entry: dict[str, Any]) -> None:
    """Read from the file itself, so that a missing text is named here even though the schema
    would refuse the whole file."""
    translations = entry.get("translations") or {}
    missing = [
        f"{lang}.{name}"
        for lang in LANGUAGES
        for name in FIELDS
        if not str((translations.get(lang) or {}).get(name) or "").strip()
    ]
    assert not missing, f"{entry['id']}: no text for {', '.join(missing)}"
    finding = finding_of(entry["id"])
    assert set(finding.translations) == set(LANGUAGES), finding.id
    for lang in LANGUAGES:
        prose = finding.prose(lang)
        for name in FIELDS:
            value = getattr(prose, name)
            assert value.strip() and value == value.strip(), f"{finding.id}: {lang}.{name}: {value!r}"


def test_english_prose_is_the_findings_own() -> None:
    for finding in findings():
        assert finding.prose("en") == Prose(claim=finding.claim, truth=finding.truth, decision=finding.decision)


def test_an_unknown_language_is_refused_in_one_line_naming_it_and_the_finding() -> None:
    finding = findings()[0]
    with pytest.raises(ValueError) as error:
        finding.prose("it")
    message = str(error.value)
    assert "\n" not in message
    assert "'it'" in message and finding.id in message


def test_a_finding_made_without_translations_has_english_only() -> None:
    finding = Finding(
        id="x",
        game="kiriki",
        text="fr",
        source="s.txt",
        kind="gap",
        quote="q",
        claim="c",
        truth="t",
        decision="d",
        holds_under=(),
        cases=("kiriki-fr-1",),
    )
    assert finding.prose("en") == Prose("c", "t", "d")
    with pytest.raises(ValueError, match=r"finding x: .*'fr'"):
        finding.prose("fr")
    assert hash(finding) == hash(finding)


def test_translations_cannot_be_changed() -> None:
    with pytest.raises(TypeError):
        findings()[0].translations["fr"] = Prose("a", "b", "c")  # type: ignore[index]
    with pytest.raises(dataclasses.FrozenInstanceError):
        findings()[0].prose("de").truth = "x"  # type: ignore[misc]


@pytest.mark.parametrize("finding_id", IDS)
def test_a_translation_is_not_the_english_copied(finding_id: str) -> None:
    """Heuristic: every translated truth differs from the English one and from the other
    translations, and no translated field is the English field verbatim once it is longer than a
    few words (a short decision may legitimately be the same ruleset key)."""
    finding = finding_of(finding_id)
    english = finding.prose("en")
    truths = {lang: finding.prose(lang).truth for lang in LANGUAGES}
    for lang, truth in truths.items():
        assert truth != english.truth, f"{finding.id}: {lang}.truth is the English"
    assert len(set(truths.values())) == len(LANGUAGES), f"{finding.id}: two languages share a truth"
    for lang in LANGUAGES:
        for name in FIELDS:
            original = getattr(english, name)
            if len(original.split()) > 4:
                assert getattr(finding.prose(lang), name) != original, f"{finding.id}: {lang}.{name} is the English"


_NAMES = (
    {name for name in ruleset_names() if "-" in name} | set(IDS) | {case for entry in RAW for case in entry["cases"]}
)
_DICE_OR_KEY = re.compile(r"(?<![\w.-])(?:[1-6]{5,6}|[a-z]+(?:_[a-z]+)+(?:\.[a-z_]+)?|[a-z_]+\.[a-z_]+)(?![\w-])")


def _fixed(text: str) -> set[str]:
    """What a translation keeps as it is: dice (``66616``), ruleset keys (``five_of_a_kind.repeat``)
    and the hyphenated names of rulesets, findings and cases (``kiriki-fr``)."""
    names = {name for name in _NAMES if re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text)}
    return set(_DICE_OR_KEY.findall(text)) | names


@pytest.mark.parametrize("finding_id", IDS)
def test_dice_keys_and_names_stay_as_they_are(finding_id: str) -> None:
    finding = finding_of(finding_id)
    english = finding.prose("en")
    for name in FIELDS:
        fixed = _fixed(getattr(english, name))
        for lang in LANGUAGES:
            missing = {token for token in fixed if token not in getattr(finding.prose(lang), name)}
            assert not missing, f"{finding.id}: {lang}.{name} lacks {sorted(missing)}"


def _errata() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load(errata_path().read_text(encoding="utf-8"))
    return loaded


def _write(tmp_path: Path, data: dict[str, Any]) -> Path:
    path = tmp_path / "errata.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("change", "part"),
    [
        (lambda f: f.pop("translations"), "findings.1.translations: missing"),
        (lambda f: f["translations"].pop("pl"), "findings.1.translations.pl: missing"),
        (lambda f: f["translations"]["de"].pop("truth"), "findings.1.translations.de.truth: missing"),
        (lambda f: f["translations"]["fr"].update(claim=" "), "findings.1.translations.fr.claim: ' ': does not match"),
        (lambda f: f["translations"].update(it=f["translations"]["fr"]), "unknown key; known keys: fr, de, pl"),
        (lambda f: f["translations"]["fr"].update(quote="x"), "findings.1.translations.fr.quote: 'x': unknown key"),
    ],
)
def test_a_missing_or_stray_translation_is_refused(tmp_path: Path, change: Any, part: str) -> None:
    """The schema fails the file when a language or a field lacks its text, or when a translation
    has a language or a key it should not (the quote is never translated)."""
    data = _errata()
    change(data["findings"][1])
    path = _write(tmp_path, data)
    with pytest.raises(ErrataError) as error:
        findings(path)
    message = str(error.value)
    assert "\n" not in message and message.startswith(f"{path.resolve()}: "), message
    assert part in message, message
