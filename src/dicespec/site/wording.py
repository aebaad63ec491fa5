"""How the generated pages put values into their catalog texts: numbers in the reader's
convention, counted nouns in the right plural form, and data marked as data.

English is normative and its pages stay as they were written before the site had other
languages: tables count without grouping (``1366``), prose and cells group (``7,776``), decimals
and percentages are Python's (``59.81 %``). The other languages write numbers as Babel's locale
data says (``7 776``, ``59,81 %``), rounded to the same digits as the English page.

Messages from implementations and the runner's reports are data, in English: on a page in another
language they are code marked as English (``<code lang="en" translate="no">``); ids are code.
"""

from __future__ import annotations

import string
from functools import cache

from dicespec.catalog import CatalogError, Words, catalog, number, percent
from dicespec.site.markup import code, number_word, text, verbatim


def count(n: int, lang: str) -> str:
    """A count in a table cell: ungrouped in English (as its tables have always been), grouped as
    the reader groups numbers in the other languages."""
    return str(n) if lang == "en" else number(n, lang)


def grouped(n: int, lang: str) -> str:
    """A whole number grouped in the reader's convention (``7,776``, ``7 776``, ``7.776``)."""
    return number(n, lang)


def decimal(value: float, lang: str, digits: int = 2, *, sign: bool = False) -> str:
    """``value`` with ``digits`` decimals (with its sign when ``sign``): Python's writing in English,
    the reader's convention otherwise, rounded alike."""
    english = f"{value:+.{digits}f}" if sign else f"{value:.{digits}f}"
    if lang == "en":
        return english
    signs = english[0] if sign else ""
    return signs + number(float(english.removeprefix(signs)), lang, digits)


def percentage(share: float, lang: str, digits: int = 2) -> str:
    """A share (0 to 1) as a percentage: ``59.81 %`` in English, ``59,81 %`` in French."""
    english = f"{share * 100:.{digits}f}"
    if lang == "en":
        return f"{english} %"
    return percent(float(english) / 100, lang, digits)


def small_number(n: int, lang: str) -> str:
    """A small count in prose: English writes it in words (``five``), the translations in digits."""
    return number_word(n) if lang == "en" else str(n)


@cache
def _plural_form(lang: str, n: int) -> str:
    from babel import Locale  # the site's dependency, not the engines'

    return str(Locale.parse(lang).plural_form(n))


def plural(words: Words, key: str, n: int) -> str:
    """The key of ``key``'s text for ``n`` in the reader's plural rules: ``key_one``, ``key_few``
    (where the catalog has it) or ``key_other`` (which also serves Polish ``many``)."""
    form = _plural_form(words.lang, n)
    texts = catalog(words.name)
    for candidate in (f"{key}_{form}", f"{key}_other"):
        if candidate in texts:
            return candidate
    raise CatalogError(f"the site catalog {words.name!r} has no {key}_other text")


def fill(template: str, /, **values: str) -> str:
    """A catalog text made inline Markdown: its own words escaped as :func:`~dicespec.site.markup.text`
    escapes (spaces kept), each ``{name}`` replaced by the markup given for it."""
    out = []
    for literal, name, _, _ in string.Formatter().parse(template):
        out.append(verbatim(literal))
        if name is not None:
            if name not in values:
                raise KeyError(f"no value for {{{name}}} in {template!r}")
            out.append(values[name])
    return "".join(out)


def data(value: object, lang: str) -> str:
    """A message from an implementation or a report, as inline markup: plain text on an English
    page; code marked as English, not to be translated, on the others."""
    if lang == "en":
        return text(value)
    return f'<code lang="en" translate="no">{text(value)}</code>'


def ident(value: object, lang: str) -> str:
    """An id (a case, a test, a file): plain text on an English page (as it has always been), code
    on the others."""
    return text(value) if lang == "en" else code(value)


def foreign(label: str, label_lang: str, lang: str) -> str:
    """``label`` as inline text, marked with its language when it is not the page's (a ruleset's
    label that has no translation yet)."""
    if label_lang == lang:
        return text(label)
    return f'<span lang="{label_lang}">{text(label)}</span>'
