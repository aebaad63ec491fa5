"""The page of a house ruleset (``dicespec.site.house``): a house file read with its base, its own
words and its values (its name never a shipped ruleset's), a file that cannot be used refused in
one line, the topics whose values differ from the base's, and the page itself, in every language:
its rules, differences, odds and scorer, with figures made without a solve (the odds are real, the
expected scores made up). ``dicespec report``, which builds the page with the site's theme, is
``tests/test_report.py``'s."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import markdown
import pytest

from dicespec.catalog import LANGUAGES, catalog, words
from dicespec.regression.figures import Comparison, Opening, SetAsideFigures, SheetFigures, farkle_odds, row_odds
from dicespec.rulesets import RulesetError, find_ruleset, load_ruleset, ruleset_data
from dicespec.scoresheet.ruleset import SheetRuleset
from dicespec.setaside.ruleset import SetAsideRuleset
from dicespec.site.house import House, differing, house_page, read_house
from helpers import write_lines
from houses import HOUSE, LOW_STRAIGHT
from sitebuild import Elements


@pytest.fixture
def house_file(tmp_path: Path) -> Path:
    return write_lines(tmp_path, "house.yaml", *HOUSE)


@pytest.fixture
def low_straight_file(tmp_path: Path) -> Path:
    return write_lines(tmp_path, "low-straight.yaml", *LOW_STRAIGHT)


def quick_figures(house: House, flips: bool = False) -> Comparison:
    """The base's and the house's figures without a solve: the real odds, made-up expected scores
    (and banking), and, with ``flips``, one first roll whose best choice differs."""
    base, mine = find_ruleset(house.base), house.ruleset
    if isinstance(mine, SheetRuleset):
        assert isinstance(base, SheetRuleset)
        opening = {"22333": Opening("22333", 10 / 7776, {"keep 333": 200.0, "score full_house": 190.0}, "keep 333")}
        changed = {
            "22333": Opening("22333", 10 / 7776, {"keep 333": 200.0, "score full_house": 210.0}, "score full_house")
        }
        labels = {row.id: row.label for row in mine.rows.values()}
        return Comparison(
            SheetFigures(248.71, row_odds(base), labels, opening),
            SheetFigures(253.33, row_odds(mine), labels, changed if flips else opening),
        )
    assert isinstance(mine, SetAsideRuleset) and isinstance(base, SetAsideRuleset)
    return Comparison(
        SetAsideFigures(560.81, {1: 300, 2: 250}, None, base.entry, 0.416, farkle_odds(base)),
        SetAsideFigures(575.5, {1: 300, 2: 300}, None, mine.entry, 0.45, farkle_odds(mine)),
    )


def rendered(markdown_text: str) -> Elements:
    """The page's Markdown as the site renders it, parsed."""
    body = markdown.markdown(markdown_text, extensions=["attr_list", "md_in_html", "tables", "toc", "def_list"])
    parser = Elements()
    parser.feed(body)
    parser.close()
    return parser


def plain(elements: Elements) -> str:
    return re.sub(r"\s+", " ", html.unescape("".join(elements.text)))


# -- the house ruleset ---------------------------------------------------------------------------


def test_a_house_file_is_read_with_its_base_its_own_words_and_its_values(house_file: Path, tmp_path: Path) -> None:
    house = read_house(house_file)
    assert (house.name, house.base, house.extends, house.game) == ("house", "kiriki", "kiriki", "kiriki")
    assert house.title == "Our Friday Kiriki" and house.description.startswith("Kiriki as we play it")
    assert house.ruleset == load_ruleset(house_file)
    assert house.values["rows"]["full_house"]["points"] == 30 and house.values["name"] == "house"
    assert not {"source", "texts", "trace", "gaps"} & set(house.values)
    reference = {k: v for k, v in ruleset_data("kiriki").items() if k not in ("source", "texts", "trace", "gaps")}
    assert {k for k in house.values if house.values[k] != reference.get(k)} == {"name", "title", "description", "rows"}
    # a file that writes no title takes none of its base's; one named as a shipped ruleset gets another name
    bare = read_house(write_lines(tmp_path, "kiriki.yaml", "extends: kiriki-fr", "rows:", "  chance: {label: Pot}"))
    assert (bare.name, bare.base, bare.title, bare.description) == ("kiriki-house", "kiriki-fr", None, None)
    assert read_house(write_lines(tmp_path, "x.yaml", "extends: yacht", "name: our-yacht")).name == "our-yacht"
    assert read_house(write_lines(tmp_path, "y.yaml", "extends: yacht", "name: yacht")).name == "yacht-house"
    assert read_house(write_lines(tmp_path, "Our Rules.yml", "extends: yacht")).name == "our-rules"


def test_a_file_that_extends_nothing_is_compared_with_its_games_reference(tmp_path: Path) -> None:
    data = ruleset_data("yacht")  # a whole ruleset, written out
    data["rows"]["yacht"]["points"] = 100
    data["name"] = "big-yacht"
    path = tmp_path / "big-yacht.yaml"
    path.write_text(json.dumps(data), encoding="utf-8")  # JSON is YAML
    house = read_house(path)
    assert (house.base, house.extends, house.name) == ("yacht", None, "big-yacht")
    assert [(t.key, old, new) for t, old, new in differing(house)] == [("yacht", "50", "100")]


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        (None, "missing.yaml: no such ruleset file"),
        (("extends: kiriki", "rows:", "  full_house: {points: 30"), "not valid YAML at line"),
        (("extends: kiriki", "rows:", "  full_house: {points: thirty}"), "full_house"),
        (("extends: mahjong",), "is not a shipped ruleset"),
    ],
)
def test_a_file_that_cannot_be_used_is_refused_in_one_line(
    tmp_path: Path, lines: tuple[str, ...] | None, message: str
) -> None:
    path = tmp_path / "missing.yaml" if lines is None else write_lines(tmp_path, "bad.yaml", *lines)
    with pytest.raises(RulesetError, match=re.escape(message)) as raised:
        read_house(path)
    assert "\n" not in str(raised.value) and str(path.name) in str(raised.value)


# -- the page --------------------------------------------------------------------------------------


def test_the_page_shows_the_rules_the_differences_the_odds_and_the_scorer_in_english(house_file: Path) -> None:
    house = read_house(house_file)
    page = house_page(house, found=quick_figures(house))
    assert (page.path, page.title, page.lang) == ("index.md", "Our Friday Kiriki", "en")
    elements = rendered(page.markdown)
    text = plain(elements)
    ids = elements.ids()
    for section in (
        "differences",
        "expected-score",
        "odds-changes",
        "opening-decisions",
        "scorer",
        "rules",
        "odds",
        "full-house",
        "bonus",
        "extra-turns",
    ):
        assert section in ids, section
    assert "refused" not in ids  # the rules pages' refused actions point at their examples, which this page has not
    headings = list(
        re.findall(
            r"<h[1-3][^>]*>(.*?)</h[1-3]>",
            markdown.markdown(page.markdown, extensions=["attr_list", "md_in_html", "tables"]),
        )
    )
    assert headings[0] == "Our Friday Kiriki" and "Differences from <code>kiriki</code>" in headings
    assert "Kiriki as we play it, a full house is worth 30." in text
    # what differs: the full house's value, only; the expected scores and the odds that change
    assert [(t.key, old, new) for t, old, new in differing(house)] == [("full-house", "25", "30")]
    assert "| [Full House](index.md#full-house) | 25 | <strong>30</strong> |" in page.markdown
    assert "scores 253.33 on average" in text and "against 248.71 under kiriki: +4.62" in text
    assert "| Difference | +4.62 |" in page.markdown
    changed = re.findall(
        r"^\| (.+?) \| ([\d.]+ %) \| ([\d.]+ %) \| ([\d.]+) \| ([\d.]+) \|$", html.unescape(page.markdown), re.M
    )
    assert changed == [("Full House", "3.86 %", "3.86 %", "0.96", "1.16")]
    assert "is the same as under kiriki for all 1 distinct first rolls" in text
    # the rules in words, the house's value first and the base's beside it where they differ
    assert "30 points when three dice show one face and the other two another face." in text
    assert "Value: 30 (under kiriki: 25)" in text and "Value: 40 (under" not in text
    # the odds of one roll, as the Odds page counts them
    assert "| Full House | 25&#47;648 | 300 &#47; 7&#44;776 | 25&#47;648" not in page.markdown
    assert re.search(
        r"\| Full House \| 25&#47;648 \| 300 &#47; 7&#44;776 \| 3&#46;86 &#37; \| 125&#47;108 ≈ 1&#46;16 \|",
        page.markdown,
    )
    assert "Made by dicespec report house.yaml" in text
    assert "played back, action by action, by dicespec replay --ruleset-file house.yaml FILE." in text


def test_the_scorer_offers_the_house_ruleset_first_then_its_base(house_file: Path) -> None:
    house = read_house(house_file)
    page = house_page(house, found=quick_figures(house))
    scorer, game = page.markdown.split('<div class="ds-play"')
    options_shown = re.findall(r'<option value="([^"]+)">([^<]+)</option>', scorer)
    assert options_shown == [("house", "house (house rules)"), ("kiriki", "kiriki (base)")]
    assert re.findall(r'<option value="([^"]+)">', game)[:2] == ["house", "kiriki"]  # the game's, the same
    data = json.loads(re.search(r'class="ds-scorer-data">(.*?)</script>', page.markdown).group(1))
    assert [entry["name"] for entry in data["rulesets"]] == ["house", "kiriki"]
    full = {row["id"]: row for row in data["rulesets"][0]["rows"]}["full_house"]
    assert full["label"] == "Full House" and full["rule"].startswith("30 points")


def test_opening_flips_and_a_set_aside_house_are_shown(house_file: Path, low_straight_file: Path) -> None:
    house = read_house(house_file)
    text = plain(rendered(house_page(house, found=quick_figures(house, flips=True)).markdown))
    assert "changes for 1 of the 1 distinct first rolls (0.13 % of first rolls):" in text
    assert "22333 keep 333 score in Full House" in text
    early = read_house(low_straight_file)
    page = house_page(early, found=quick_figures(early))
    text = plain(rendered(page.markdown))
    assert [t.key for t, _, _ in differing(early)] == ["straights"]
    assert "scores 575.50 points a turn on average, against 560.81 under ten-thousand: +14.69" in text
    assert "41.60 % (at least 750)" in text and "45.00 % (at least 750)" in text
    assert "| 2 | 250 | <strong>300</strong> |" in page.markdown  # a changed banking threshold
    assert "The chance of a farkle is the same as under ten-thousand for every number of dice." in text
    assert '<option value="low-straight">low-straight (house rules)</option>' in page.markdown


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_page_is_made_in_every_language_of_the_catalog(house_file: Path, lang: str) -> None:
    """The house file has no translations, so the command writes English; the page's own words are
    in the catalog in every language, and the page is made in each."""
    for key, texts in catalog("house").items():
        assert set(texts) == set(LANGUAGES) and all(texts.values()), key
    house = read_house(house_file)
    page = house_page(house, lang, found=quick_figures(house))
    say = words("house", lang)
    assert page.lang == lang
    assert f"## {say.format('differences', base='<code>kiriki</code>')} {{#differences}}" in page.markdown
    assert words("scorer", lang)["heading"] in html.unescape(page.markdown)
