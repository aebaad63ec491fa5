"""``dicespec report RULESET_FILE -o DIR``: a house ruleset's page built with the website's theme
(``dicespec.report``), the folder it writes to, and its scorer in a real browser, opened from the
file system, answering with the house ruleset's values; and the scorer's offers of a house
ruleset. The page's own content is ``tests/site/test_house.py``'s (``dicespec.site.house``).

The build and browser tests run the command itself, whose solve of the house ruleset is kept in
the solver's cache (the same house as ``tests/regression/test_diff``'s).
"""

from __future__ import annotations

import contextlib
import html
import io
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from dicespec.cli import main as dicespec
from dicespec.dice import Roll
from dicespec.report import MARKER, ReportError, build_report
from dicespec.rulesets import find_ruleset, load_ruleset
from dicespec.scoresheet.rows import score_sheet
from dicespec.scoresheet.ruleset import SheetRuleset
from dicespec.setaside.combos import best, options
from dicespec.site.house import read_house
from dicespec.site.scorer import Offer, rulesets_json, scorer_block, scorer_files, shipped_offers
from folders import REPO
from helpers import run_cli, write_lines
from houses import HOUSE, LOW_STRAIGHT
from sitebuild import Elements


@pytest.fixture
def house_file(tmp_path: Path) -> Path:
    return write_lines(tmp_path, "house.yaml", *HOUSE)


@pytest.fixture
def low_straight_file(tmp_path: Path) -> Path:
    return write_lines(tmp_path, "low-straight.yaml", *LOW_STRAIGHT)


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
