"""The Rulesets page (``dicespec.site.rulesets``): a ruleset value in one short line of data; each
game's shipped rulesets side by side, the values that differ from the reference's marked and
listed, a game with none said so; where each ruleset's values come from (a sentence quoted in its
text's language, a gap's choice); and the test data the build offers, to download, numbers as the
page's readers write them, or none."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dicespec.catalog import words
from dicespec.registry import games
from dicespec.rulesets import prose
from dicespec.site.data import SiteData, SourceText
from dicespec.site.downloads import Download
from dicespec.site.markup import code
from dicespec.site.rulesets import compact, rulesets_page

HANDBOOK = "kde-kiriki-handbook-en.txt"  # the text the Kiriki reference takes at its word
GREED = Download("greed", "downloads/greed.json.gz", b"x" * 2500, 120, 3400, 1_234_567)


@pytest.fixture
def data(tmp_path: Path) -> SiteData:
    """Two Kiriki rulesets and Yacht's, the English handbook the one source text known."""
    return SiteData(
        root=tmp_path,
        cases=(),
        findings=(),
        findings_by_case={},
        sources={HANDBOOK: SourceText(HANDBOOK, "kiriki-en", "", languages=("en",))},
        rulesets={"kiriki": ("kiriki", "kiriki-no-extra"), "yacht": ("yacht",)},
    )


def test_a_value_in_one_short_line_of_data() -> None:
    value = {"faces": [1, 2, 3, 4, 5], "points": 1250, "floor": None, "optional": True, "pair": (False, "cell")}
    assert compact(value) == "{faces: [1, 2, 3, 4, 5], points: 1250, floor: null, optional: true, pair: [false, cell]}"
    assert compact("highest_total") == "highest_total" and compact(0) == "0"


def test_each_game_has_its_section_and_a_game_without_rulesets_says_so(data: SiteData) -> None:
    page = rulesets_page(data)
    assert (page.path, page.title, page.lang) == ("rulesets.md", "Rulesets", "en")
    sections = re.findall(r"^## .* \{#([\w-]+)\}$", page.markdown, re.M)
    assert sections == [game.name for game in games()] + ["test-data"]
    greed = page.markdown.split("{#greed}")[1].split("\n## ")[0]
    assert greed.strip() == words("rulesets_page", "en")["no_ruleset"].replace(".", "&#46;")


def test_the_values_side_by_side_mark_and_list_what_differs_from_the_reference(data: SiteData) -> None:
    kiriki = rulesets_page(data).markdown.split("{#kiriki}")[1].split("{#ten-thousand}")[0]
    assert "| Key | <code>kiriki</code> | <code>kiriki&#45;no&#45;extra</code> |" in kiriki
    assert "| <code>dice</code> | <code>5</code> | <code>5</code> |" in kiriki
    assert (
        "| <code>five&#95;of&#95;a&#95;kind&#46;extra&#95;turns</code> | <code>repeat</code> "
        "| <strong><code>none</code></strong> |"
    ) in kiriki
    (listed,) = re.findall(r"^- <code>kiriki&#45;no&#45;extra</code>: (.*)$", kiriki, re.M)
    assert listed.split("; ") == [
        "<code>five&#95;of&#95;a&#95;kind&#46;repeat&#46;adds</code> <code>null</code> (reference: <code>50</code>)",
        "<code>five&#95;of&#95;a&#95;kind&#46;extra&#95;turns</code> <code>none</code> "
        "(reference: <code>repeat</code>)",
    ]
    yacht = rulesets_page(data).markdown.split("{#yacht}")[1].split("\n## ")[0]
    assert "{#yacht-differs}" not in yacht  # one ruleset: nothing to compare


def test_where_a_rulesets_values_come_from(data: SiteData) -> None:
    """A sentence of a text in one language is quoted in it; a text the build does not know, or
    one of two languages, is quoted unmarked; then the gaps' choices."""
    markdown = rulesets_page(data).markdown
    origins = markdown.split("{#kiriki-origins}")[1].split("###")[0]
    assert (
        f"| <code>dice</code> | {code(HANDBOOK)} | "
        '<q lang="en">Participants have to collect points by rolling five dice</q> |'
    ) in origins
    gaps = [line for line in origins.splitlines() if line.startswith("| <code>") and "| gap |" in line]
    assert [re.match(r"\| (<code>.*?</code>) \|", line).group(1) for line in gaps] == [
        code(key) for key, _ in prose("kiriki", "en").gaps
    ]
    yacht = markdown.split("{#yacht-origins}")[1].split("##")[0]
    assert "<q>" in yacht and "<q lang=" not in yacht


def test_the_test_data_offered_to_download_in_the_readers_numbers(data: SiteData) -> None:
    english = rulesets_page(data, [GREED]).markdown.split("{#test-data}")[1]
    assert (
        "| <code>greed</code> | [<code>greed&#46;json&#46;gz</code>](downloads/greed.json.gz) "
        "| 120 | 3,400 | 2 kB &#40;1&#46;2 MB unpacked&#41; |"
    ) in english
    german = rulesets_page(data, [GREED], "de")
    assert german.path == "de/rulesets.md"
    assert "](../downloads/greed.json.gz) | 120 | 3.400 | 2 kB &#40;1&#44;2 MB entpackt&#41; |" in german.markdown


def test_a_build_that_offers_no_file_says_so(data: SiteData) -> None:
    offered = rulesets_page(data).markdown.split("{#test-data}")[1]
    assert "| Ruleset |" not in offered
    assert words("rulesets_page", "en")["no_files"].replace(":", "&#58;").replace(".", "&#46;") in offered
