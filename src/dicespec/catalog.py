"""dicespec's own words in every language: one YAML catalog per family of texts.

Every sentence, label and heading the site's page generators (and the engines' descriptions of
their rules) write themselves comes from a catalog file ``dicespec/catalogs/<name>.yaml``,
where each key holds its text in every language of the site side by side, so that a translator
sees what they translate::

    title:
      en: "Errata and gaps"
      fr: "Errata et lacunes"
      de: "Errata und Lücken"
      pl: "Errata i luki"

A text may name values in braces (``"{count} examples"``), filled in by :meth:`Words.format`;
every language of a key names the same values. ``tests/test_catalog.py`` fails when a
language lacks a key or a value. Numbers are written in the reader's convention
(:func:`number`, with Babel's locale data).
"""

from __future__ import annotations

import string
from collections.abc import Iterator, Mapping
from functools import cache
from importlib.resources import files

import yaml

LANGUAGES = ("en", "fr", "de", "pl")  # English is normative


class CatalogError(LookupError):
    """A catalog, key or language asked for is missing."""


@cache
def catalog(name: str) -> dict[str, dict[str, str]]:
    """The catalog ``name``: key -> language -> text."""
    resource = files("dicespec") / "catalogs" / f"{name}.yaml"
    try:
        data = yaml.safe_load(resource.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise CatalogError(f"there is no site catalog {name!r} (dicespec/catalogs/{name}.yaml)") from None
    if not isinstance(data, dict):
        raise CatalogError(f"the site catalog {name!r} is not a mapping of keys to texts by language")
    return data


def catalog_names() -> list[str]:
    """Every catalog the site ships."""
    folder = files("dicespec") / "catalogs"
    return sorted(entry.name.removesuffix(".yaml") for entry in folder.iterdir() if entry.name.endswith(".yaml"))


def fields(template: str) -> set[str]:
    """The values a text names: ``{count}`` in ``"{count} examples"``."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


class Words(Mapping[str, str]):
    """One catalog in one language: ``words["title"]``, ``words.format("count", count=3)``."""

    def __init__(self, name: str, lang: str) -> None:
        if lang not in LANGUAGES:
            raise CatalogError(f"the site has no language {lang!r} (it has {', '.join(LANGUAGES)})")
        self.name = name
        self.lang = lang
        self._texts = catalog(name)

    def __getitem__(self, key: str) -> str:
        try:
            return self._texts[key][self.lang]
        except (KeyError, TypeError):
            raise CatalogError(f"the site catalog {self.name!r} has no {self.lang!r} text for {key!r}") from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._texts)

    def __len__(self) -> int:
        return len(self._texts)

    def format(self, key: str, /, **values: object) -> str:
        """The text of ``key`` with its named values filled in."""
        return self[key].format(**values)


def words(name: str, lang: str) -> Words:
    """The catalog ``name`` in ``lang``."""
    return Words(name, lang)


def number(value: float, lang: str, digits: int = 0) -> str:
    """``value`` with ``digits`` decimals, grouped and pointed as readers of ``lang`` write numbers."""
    from babel.numbers import format_decimal  # the site's and reports' dependency, not the engines'

    pattern = "#,##0" + ("." + "0" * digits if digits else "")
    return format_decimal(value, format=pattern, locale=lang)


def percent(value: float, lang: str, digits: int = 1) -> str:
    """``value`` (a fraction) as a percentage in the convention of ``lang``."""
    from babel import Locale
    from babel.numbers import format_percent

    pattern = Locale.parse(lang).percent_formats[None].pattern  # e.g. "#,##0 %" in French
    if digits:
        pattern = pattern.replace("0", "0." + "0" * digits, 1) if "." not in pattern else pattern
    return format_percent(value, format=pattern, locale=lang)
