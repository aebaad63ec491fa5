"""``dicespec report RULESET_FILE -o DIR``: a house ruleset's page (``dicespec.site.house``), built
with the website's theme (``dicespec.report``), and its scorer in a real browser, opened from the
file system, answering with the house ruleset's values.

The page tests take figures made without a solve (the odds are real, the expected scores made
up); the build and browser tests run the command itself, whose solve of the house ruleset is kept
in the solver's cache (the same house as ``tests/regression/test_diff``'s).
"""

from __future__ import annotations

import contextlib
import html
import io
import json
import re
from collections.abc import Iterator
from pathlib import Path

import markdown
import pytest

from dicespec.catalog import LANGUAGES, catalog, words
from dicespec.cli import main as dicespec
from dicespec.dice import Roll
from dicespec.regression.figures import Comparison, Opening, SetAsideFigures, SheetFigures, farkle_odds, row_odds
from dicespec.report import MARKER, ReportError, build_report
from dicespec.rulesets import RulesetError, find_ruleset, load_ruleset, ruleset_data
from dicespec.scoresheet.rows import score_sheet
from dicespec.scoresheet.ruleset import SheetRuleset
from dicespec.setaside.combos import best, options
from dicespec.setaside.ruleset import SetAsideRuleset
from dicespec.site.house import House, differing, house_page, read_house
from dicespec.site.scorer import Offer, rulesets_json, scorer_block, scorer_files, shipped_offers
from folders import REPO
from helpers import run_cli, write_lines
from sitebuild import Elements

HOUSE = (
    "extends: kiriki",
    "title: Our Friday Kiriki",
    "description: Kiriki as we play it, a full house is worth 30.",
    "rows:",
    "  full_house: {points: 30}",
)
LOW_STRAIGHT = (
    "extends: ten-thousand",
    "title: 10000 with a low straight",
    "straights:",
    "  - {faces: [1, 2, 3, 4, 5], points: 1250}",
    "  - {faces: [2, 3, 4, 5, 6], points: 1250}",
)
PAGE_WORDS = words("house", "en")


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


# -- the scorer's offers ------------------------------------------------------------------------------


def test_the_scorer_offers_the_shipped_rulesets_by_default() -> None:
    for game in ("kiriki", "ten-thousand"):
        assert scorer_block(game, "en") == scorer_block(game, "en", shipped_offers(game, "en"))
    assert scorer_files() == scorer_files(())


def test_a_ruleset_of_ones_own_is_in_the_scorers_data_under_its_name(house_file: Path) -> None:
    house = read_house(house_file)
    data = json.loads(rulesets_json([house.offer("mine")]))
    assert data["house"] == house.values and data["kiriki"]["rows"]["full_house"]["points"] == 25
    assert json.loads(scorer_files([house.offer("mine")])["javascripts/rulesets.json"]) == data
    with pytest.raises(ValueError, match="cannot take a shipped ruleset's name"):
        Offer("kiriki", "x", house.ruleset, house.values)
    with pytest.raises(ValueError, match="no shipped ruleset"):
        Offer("house", "x")
    with pytest.raises(ValueError, match="a ruleset of kiriki, not of yacht"):
        scorer_block("yacht", "en", [house.offer("mine")])
    with pytest.raises(ValueError, match="offers a ruleset twice"):
        scorer_block("kiriki", "en", [Offer("kiriki", "a"), Offer("kiriki", "b")])


# -- the folder ----------------------------------------------------------------------------------------


def test_a_folder_that_holds_other_files_is_refused_without_force(
    house_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "mine"
    out.mkdir()
    (out / "notes.txt").write_text("mine", encoding="utf-8")
    assert dicespec(["report", str(house_file), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("dicespec: error: -o ") and "not empty and holds no earlier report" in err
    assert "--force" in err and err.count("\n") == 1
    (tmp_path / "a-file").write_text("", encoding="utf-8")
    with pytest.raises(ReportError, match="not a folder"):
        build_report(house_file, tmp_path / "a-file")
    assert dicespec(["report", str(tmp_path / "gone.yaml"), "-o", str(tmp_path / "new")]) == 2
    err = capsys.readouterr().err
    assert "gone.yaml: no such ruleset file" in err and err.count("\n") == 1
    assert not (tmp_path / "new").exists()


def test_a_report_needs_a_checkout(house_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import dicespec.report as report

    monkeypatch.setattr(report, "CHECKOUT", tmp_path / "installed")
    with pytest.raises(
        ReportError, match=r"needs a checkout of the repository .*missing: mkdocs\.yml, docs/stylesheets"
    ):
        build_report(house_file, tmp_path / "out")


# -- the build and the browser --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Path, str]]:
    """The command run on the 30-point full house: its folder, the house file, what it printed."""
    folder = tmp_path_factory.mktemp("report")
    house_file = write_lines(folder, "house.yaml", *HOUSE)
    out = folder / "out"
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        assert dicespec(["report", str(house_file), "-o", str(out)]) == 0
    yield out, house_file, printed.getvalue()


@pytest.mark.slow
def test_the_command_writes_a_page_that_opens_from_the_file_system(report: tuple[Path, Path, str]) -> None:
    out, _house_file, printed = report
    index = out / "index.html"
    assert printed.splitlines() == [
        f"{index}: Our Friday Kiriki (Kiriki house ruleset 'house', compared with kiriki; "
        f"{len(json.loads((out / MARKER).read_text())['files'])} files in {out})",
        f"open it in a browser: {index.resolve().as_uri()}",
    ]
    page = index.read_text(encoding="utf-8")
    elements = Elements.of(index)
    # the site's theme and styles, one page, no search, no module script loaded from a file
    assert ("html", {"lang": "en", "class": "no-js"}) in elements.tags
    links = [a.get("href") for tag, a in elements.tags if tag == "link"]
    assert "stylesheets/dicespec.css" in links and "stylesheets/scorer.css" in links
    assert (out / "stylesheets" / "scorer.css").is_file() and (out / "assets").is_dir()
    scripts = [a for tag, a in elements.tags if tag == "script"]
    assert not [a for a in scripts if a.get("type") == "module" and a.get("src")]
    assert not (out / "search").exists() and "search_index" not in page
    assert "<title>Our Friday Kiriki" in page and "253.33" in page
    # the scorer's script and data carried in the page: the house's values under its name
    embedded = re.search(r'<script type="application/json" class="ds-scorer-embedded">(.*?)</script>', page, re.S)
    assert embedded, "the page carries no scorer data"
    data = json.loads(embedded.group(1))
    assert data["rulesets"]["house"]["rows"]["full_house"]["points"] == 30
    assert data["games"] == (out / "javascripts" / "dicespec-games.mjs").read_text(encoding="utf-8")
    assert json.loads((out / "javascripts" / "rulesets.json").read_text()) == data["rulesets"]
    script = (REPO / "js" / "scorer.mjs").read_text(encoding="utf-8")
    assert script.strip()[:80] in html.unescape(page)


@pytest.mark.slow
def test_writing_again_replaces_the_earlier_report_and_force_writes_beside_other_files(
    report: tuple[Path, Path, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _out, house_file, _ = report
    again = tmp_path / "again"
    assert dicespec(["report", str(house_file), "-o", str(again)]) == 0
    (again / "stale.html").write_text("old", encoding="utf-8")  # a file of the reader's own stays
    marker = json.loads((again / MARKER).read_text())
    marker["files"].append("assets/old-theme.js")
    (again / "assets" / "old-theme.js").write_text("old", encoding="utf-8")  # an earlier report's file goes
    (again / MARKER).write_text(json.dumps(marker), encoding="utf-8")
    assert dicespec(["report", str(house_file), "-o", str(again)]) == 0
    assert (again / "stale.html").is_file() and not (again / "assets" / "old-theme.js").exists()
    assert (again / "index.html").is_file()
    other = tmp_path / "other"
    other.mkdir()
    (other / "notes.txt").write_text("mine", encoding="utf-8")
    assert dicespec(["report", str(house_file), "-o", str(other), "--force"]) == 0
    assert (other / "notes.txt").read_text() == "mine" and (other / "index.html").is_file()
    capsys.readouterr()


def _score_sheet_shown(page) -> dict[str, int]:
    rows = page.evaluate("""() => [...document.querySelectorAll(".ds-scorer tbody tr")].map(
        tr => [tr.dataset.row, tr.querySelector(".ds-scorer-points").textContent])""")
    return {row: int(points.replace(",", "")) for row, points in rows}


def _type(page, dice: str, size: int) -> None:
    page.locator('.ds-scorer input[name="die"]').first.focus()
    page.keyboard.type(dice)
    for _ in range(size - len(dice)):
        page.keyboard.press("Delete")
        page.keyboard.press("Tab")


@pytest.mark.slow
def test_the_scorer_answers_with_the_house_values_opened_from_a_file(report: tuple[Path, Path, str], page) -> None:
    """Opened as a file (file://, where a browser loads no module file and fetches nothing), the
    scorer is ready, and answers typed rolls as the reference engine does under the house ruleset,
    then under its base."""
    out, house_file, _ = report
    house = load_ruleset(house_file)
    page.goto((out / "index.html").resolve().as_uri(), wait_until="load")
    page.wait_for_selector('.ds-scorer[data-scorer="ready"]', timeout=10_000)
    _type(page, "22333", 5)
    assert page.locator(".ds-scorer-summary").inner_text() == "22333 scores at most 30, in: Full House."
    for name, ruleset in (("house", house), ("kiriki", find_ruleset("kiriki"))):
        page.locator('.ds-scorer select[name="ruleset"]').select_option(name)
        for dice in ("22333", "66616", "12345", "11111", "66655", "23456", "13456", "44412"):
            _type(page, dice, 5)
            assert _score_sheet_shown(page) == dict(score_sheet(ruleset, Roll.parse(dice))), f"{name} {dice}"
    page.locator('.ds-scorer select[name="ruleset"]').select_option("house")
    _type(page, "55222", 5)
    assert _score_sheet_shown(page)["full_house"] == 30
    assert not page.console_errors, page.console_errors


@pytest.mark.slow
def test_a_set_aside_house_scores_in_the_browser_as_the_reference(
    low_straight_file: Path, tmp_path: Path, page
) -> None:
    """A 10000 house ruleset with a 2-6 straight worth 1250: its report, opened from a file, lists
    each roll's set-asides as the reference engine does under it."""
    done = build_report(low_straight_file, tmp_path / "out")
    house = load_ruleset(low_straight_file)
    page.goto(done.page.resolve().as_uri(), wait_until="load")
    page.wait_for_selector('.ds-scorer[data-scorer="ready"]', timeout=10_000)
    for dice in ("234566", "23456", "123456", "111", "5", "2346", "666232"):
        _type(page, dice, 6)
        shown = page.evaluate("""() => [...document.querySelectorAll(".ds-scorer tbody tr")].map(
            tr => [tr.querySelector(".ds-scorer-set").textContent, \
tr.querySelector(".ds-scorer-points").textContent])""")
        roll = Roll.parse(dice)
        expected = [(str(o.dice), o.points) for o in options(house, roll)]
        assert [(d, int(re.sub(r"\D", "", p.split("(")[0]))) for d, p in shown] == expected, dice
        if expected:
            assert expected[0][1] == best(house, roll)
    _type(page, "23456", 6)
    assert "at best 1,250 points, setting aside 23456" in page.locator(".ds-scorer-summary").inner_text()
    assert not page.console_errors, page.console_errors


def test_the_command_line_offers_report(capsys: pytest.CaptureFixture[str]) -> None:
    """``dicespec report`` as the command line has it (``dicespec.cli`` calls ``register``)."""
    status, out, _ = run_cli(["report", "--help"], capsys)
    assert status == 0 and "RULESET_FILE" in out and "--force" in out and "dicespec report house.yaml -o out/" in out


@pytest.mark.slow
def test_the_game_is_played_under_the_house_ruleset_opened_from_a_file(report: tuple[Path, Path, str], page) -> None:
    """Opened as a file, the report's game is ready under the house ruleset: rolled, kept and scored
    with keys and a click, its sheet is the reference replay of its actions under the house rules,
    and a reload resumes it."""
    from dicespec.scoresheet.replay import replay

    out, house_file, _ = report
    house = load_ruleset(house_file)
    page.goto((out / "index.html").resolve().as_uri() + "#ruleset=house&players=1&seed=c0ffee", wait_until="load")
    page.wait_for_selector('.ds-play[data-play="ready"]', timeout=10_000)
    assert page.locator('.ds-play select[name="ruleset"]').input_value() == "house"
    for turn in range(3):
        for key in ("r", "1", "2", "r"):
            page.keyboard.press(key)
        page.locator(".ds-play-score").nth(turn).click()
    log = page.locator(".ds-play-log pre").text_content() or ""
    actions = [line for line in log.splitlines()[4:] if line]
    assert len(actions) == 9 and page.get_attribute(".ds-play", "data-actions") == "9"
    state = replay(house, 1, actions)
    assert state.rejected_at is None
    lines = state.state.sheets[0].lines(house)
    shown = dict(
        page.evaluate("""() => [...document.querySelectorAll(".ds-play-sheet tbody tr")].map(
        tr => [tr.dataset.line, tr.querySelector("td").textContent])""")
    )
    assert shown == {line: "" if value is None else str(value) for line, value in lines.items()}
    page.reload(wait_until="load")
    page.wait_for_selector('.ds-play[data-play="ready"]', timeout=10_000)
    assert page.locator(".ds-play-log pre").text_content() == log
    assert not page.console_errors, page.console_errors


def _coach_values(page) -> list[float]:
    """The values of the coach's choices as the panel lists them (``label: value``), best first."""
    page.locator(".ds-play-coach-choices li").first.wait_for(timeout=10_000)
    texts = page.locator(".ds-play-coach-choices li").all_inner_texts()
    return [float(text.rsplit(": ", 1)[1].replace(",", "")) for text in texts]


@pytest.mark.slow
def test_the_coach_advises_under_the_house_ruleset_and_its_base_opened_from_a_file(
    report: tuple[Path, Path, str], page
) -> None:
    """Opened as a file, the report's game has its coach, carried in the page: after the first roll
    it lists every keep with the solver's value under the house ruleset (the 30-point full house),
    and under its base after switching to it; the values are the shown two decimals of the hint's."""
    from dicespec.scoresheet.game import SheetGame
    from dicespec.solver import hint

    out, house_file, _ = report
    house = load_ruleset(house_file)
    index = (out / "index.html").resolve().as_uri()
    shown = {}
    for name, ruleset in (("house", house), ("kiriki", find_ruleset("kiriki"))):
        page.goto(f"{index}#ruleset={name}&players=1&seed=c0ffee", wait_until="load")
        page.wait_for_selector('.ds-play[data-play="ready"]', timeout=10_000)
        toggle = page.locator('.ds-play input[name="coach"]')
        if not toggle.is_checked():
            toggle.check()
        page.keyboard.press("r")
        log = page.locator(".ds-play-log pre").text_content() or ""
        (roll,) = [line for line in log.splitlines()[4:] if line]
        assert isinstance(ruleset, SheetRuleset)
        game = SheetGame(ruleset, 1)
        game.roll([int(d) for d in roll.removeprefix("roll ")])
        assert game.dice is not None
        expected = [value for _, value in hint(ruleset, game.sheet(0), game.dice, game.rolls_left)]
        shown[name] = _coach_values(page)
        assert len(shown[name]) == len(expected), name
        for found, value in zip(shown[name], expected, strict=True):
            assert abs(found - value) <= 0.005 + 1e-9, (name, found, value)
    assert shown["house"] != shown["kiriki"]  # the same roll, other rules: other values
    assert not page.console_errors, page.console_errors
