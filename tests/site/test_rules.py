"""A game's rules page shows its rulesets' row ids: each score-sheet game's page, in every language,
has a table of every shipped ruleset of the game with its rows top to bottom, by the ids the
protocol's ``score`` and ``replay`` take; a set-aside game's page has none (its answers are points).
Rendered in process, one page per game and language."""

from __future__ import annotations

import html
import re

import pytest

from dicespec.catalog import LANGUAGES, words
from dicespec.registry import games
from dicespec.rulesets import find_ruleset, ruleset_names
from dicespec.scoresheet.ruleset import SheetRuleset
from dicespec.site.data import SiteData, load
from dicespec.site.markup import text
from dicespec.site.rules import rules_page
from sitebuild import REPO

CODE = re.compile(r"<code>(.*?)</code>")


@pytest.fixture(scope="module")
def data() -> SiteData:
    return load(REPO)


def section(text: str) -> str | None:
    """The row ids section of a page, up to the next heading; ``None`` when the page has none."""
    found = re.search(r"^## [^\n]* \{#row-ids\}\n(.*?)(?=^## |\Z)", text, re.M | re.S)
    return None if found is None else found.group(1)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", [found.name for found in games()])
def test_a_rules_page_shows_each_ruleset_s_row_ids_top_to_bottom(data: SiteData, game: str, lang: str) -> None:
    shown = section(rules_page(data, game, lang).markdown)
    names = ruleset_names(game)
    if not isinstance(find_ruleset(names[0]), SheetRuleset):
        assert shown is None, f"{game}: a set-aside game's page shows row ids"
        return
    assert shown is not None, f"{game} ({lang}): no row ids section"
    assert "<code>dicespec rulesets NAME</code>" in shown and text(words("rules_page", lang)["row_ids_column"]) in shown
    rows = [line for line in shown.splitlines() if line.startswith("| <code>")]
    found = {
        html.unescape(cells[0]): [html.unescape(code) for code in cells[1:]]
        for cells in (CODE.findall(line) for line in rows)
    }
    assert found == {name: list(find_ruleset(name).row_ids) for name in names}, f"{game} ({lang})"
    assert list(found) == names
