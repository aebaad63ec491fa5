"""How the generated pages put values into their catalog texts: counted nouns in each language's
plural forms, figures rounded alike and written in the reader's convention, the catalog's words
escaped around values that are not."""

from __future__ import annotations

from dicespec.catalog import LANGUAGES, words
from dicespec.site.wording import decimal, fill, percentage, plural


def test_plural_forms_follow_each_language() -> None:
    w = words("conformance", "pl")
    assert [w.format(plural(w, "skipped_cases", n), n=n, reason="x") for n in (1, 3, 5, 22)] == [
        "Pominięty 1 przypadek: x",
        "Pominięte 3 przypadki: x",
        "Pominiętych 5 przypadków: x",
        "Pominięte 22 przypadki: x",
    ]
    en = words("conformance", "en")
    assert [en.format(plural(en, "skipped_cases", n), n=n, reason="x") for n in (1, 2)] == [
        "Skipped, 1 case: x",
        "Skipped, 2 cases: x",
    ]


def test_figures_round_alike_in_every_language() -> None:
    """The translations round as the English page does, then write the reader's convention."""
    assert [decimal(2.675, lang) for lang in LANGUAGES] == ["2.67", "2,67", "2,67", "2,67"]
    assert decimal(-7.155, "fr", sign=True) == "-7,16" and decimal(0.0, "de", sign=True) == "+0,00"
    assert percentage(0.5981, "en") == "59.81 %" and percentage(0.5981, "pl") == "59,81%"


def test_fill_escapes_the_catalog_s_words_but_not_the_values() -> None:
    assert fill("{id}: {n} (more)", id="<code>x</code>", n="3") == "<code>x</code>&#58; 3 &#40;more&#41;"
