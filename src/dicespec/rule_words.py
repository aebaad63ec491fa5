"""The words the engines describe their rules in: the ``rules`` catalog
(``dicespec/catalogs/rules.yaml``) in one language, and amounts written as that language writes them.

The score-sheet families (:mod:`dicespec.scoresheet.families`), the set-aside ruleset
(:mod:`dicespec.setaside.ruleset`) and the rules pages' topics (:mod:`dicespec.site.topics`) read
their sentences here, so that English and every translation come from one source.
"""

from __future__ import annotations

from dicespec.catalog import Words, number, words

CATALOG = "rules"


def rule_words(lang: str) -> Words:
    """The sentences of the rules in ``lang``."""
    return words(CATALOG, lang)


def amount(value: int, lang: str) -> str:
    """Points, a threshold or a target as the rules write it: in English the bare digits
    (``1000``, as the English rules have always read), in the other languages grouped as their
    readers write numbers (``1 000``, ``1.000``)."""
    return str(value) if lang == "en" else number(value, lang)


def capital(text: str) -> str:
    """``text`` with its first letter upper-case, the rest as it is."""
    return text[:1].upper() + text[1:]
