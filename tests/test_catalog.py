"""The site's catalogs: every key in every language of the site, naming the same values."""

from __future__ import annotations

import pytest

from dicespec.catalog import LANGUAGES, CatalogError, catalog, catalog_names, fields, number, percent, words

ENTRIES = [(name, key) for name in catalog_names() for key in catalog(name)]


def test_there_are_catalogs() -> None:
    assert "sources" in catalog_names()


@pytest.mark.parametrize(("name", "key"), ENTRIES, ids=[f"{name}:{key}" for name, key in ENTRIES])
def test_every_language_has_the_text(name: str, key: str) -> None:
    texts = catalog(name)[key]
    assert isinstance(texts, dict), f"{name}.yaml: {key} is not a mapping of languages to texts"
    missing = [lang for lang in LANGUAGES if not isinstance(texts.get(lang), str) or not texts[lang].strip()]
    assert not missing, f"{name}.yaml: {key} has no text in {', '.join(missing)}"
    assert set(texts) <= set(LANGUAGES), (
        f"{name}.yaml: {key} has a language the site lacks: {sorted(set(texts) - set(LANGUAGES))}"
    )
    named = {lang: fields(text) for lang, text in texts.items()}
    assert all(values == named["en"] for values in named.values()), f"{name}.yaml: {key} names other values: {named}"


def test_a_missing_text_is_named() -> None:
    with pytest.raises(CatalogError, match="'sources' has no 'fr' text for 'no-such-key'"):
        words("sources", "fr")["no-such-key"]
    with pytest.raises(CatalogError, match="no language 'xx'"):
        words("sources", "xx")
    with pytest.raises(CatalogError, match="no site catalog 'nothing'"):
        catalog("nothing")


def test_numbers_are_written_as_each_language_writes_them() -> None:
    assert [number(12345.678, lang, 2) for lang in LANGUAGES] == [
        "12,345.68",
        "12\u202f345,68",
        "12.345,68",
        "12\xa0345,68",
    ]
    assert percent(0.5438, "en") == "54.4%" and percent(0.5438, "de") == "54,4\xa0%"
