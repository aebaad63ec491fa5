"""The rules pages' scorer (``dicespec.site.scorer``, ``js/scorer.mjs``): the files it
ships, its block (its words, labels and data, for every game in every language), the JavaScript
implementation's answers for every roll under every shipped ruleset (in node), the static reading
of its table's width at a phone's width (every game, language and ruleset), and, in a real
browser, the block itself: typed rolls shown as the reference scores them under every ruleset of
one game of each family, each language's words and scores on a phone (the game of each family
whose table is widest), the keyboard and the mouse, and axe-core.

The browser tests take the shared fixtures of ``browser.py`` and open the real rules pages of the
built site.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
from functools import cache
from itertools import combinations_with_replacement
from pathlib import Path

import pytest

from browser import AXE, require_axe, without_search_results
from dicespec.catalog import LANGUAGES, words
from dicespec.dice import Roll
from dicespec.registry import games
from dicespec.rulesets import file_data, find_ruleset, game_of_ruleset, model_files, ruleset_names
from dicespec.scoresheet.rows import score_sheet
from dicespec.setaside.combos import best, options
from dicespec.site import layout
from dicespec.site.house import read_house
from dicespec.site.scorer import GAMES_MODULE, Offer, row_texts, scorer_block, scorer_files
from dicespec.site.wording import grouped
from helpers import run_cli
from sitebuild import REPO, Elements, built_site, rendered
from sitepages import parse
from widths import (
    PHONE,
    PHONE_ROOM,
    ROUNDING,
    SCORER_FONT,
    SCORER_PHONE_PADDING,
    SCORER_RULE,
    Cell,
    Narrowest,
    narrowest_of,
)

pytestmark = pytest.mark.early(70)  # a browser: every ruleset's rows typed (tests/order.py)

SHEET_GAMES = [g.name for g in games() if g.family_name == "score-sheet"]
SET_ASIDE_GAMES = [g.name for g in games() if g.family_name == "set-aside"]
ALL_GAMES = [g.name for g in games()]
NARROW = PHONE  # a phone's width, in CSS pixels

# Rolls every ruleset is asked about (those of its number of dice or fewer), then a seeded sample:
# five and six of a kind, straights, full houses, three pairs, pairs, farkles, a single die.
SPECIAL_ROLLS = (
    "11111",
    "66666",
    "12345",
    "23456",
    "54321",
    "13456",
    "12346",
    "22333",
    "66611",
    "11223",
    "44456",
    "66616",
    "22522",
    "11234",
    "55551",
    "111111",
    "666666",
    "123456",
    "112233",
    "222333",
    "111555",
    "1",
    "5",
    "2",
    "15",
    "66",
    "2346",
    "444",
    "4444",
    "23466",
)


def sample_rolls(dice: int, *, fewer: bool, count: int = 8, seed: int = 15) -> list[str]:
    """The special rolls of ``dice`` dice (or, with ``fewer``, 1 to ``dice``), then ``count`` seeded random ones."""
    rng = random.Random(f"{seed}-{dice}-{fewer}")
    fits = [r for r in SPECIAL_ROLLS if len(r) == dice or (fewer and len(r) < dice)]
    randoms = [
        "".join(rng.choice("123456") for _ in range(rng.randint(1, dice) if fewer else dice)) for _ in range(count)
    ]
    return fits + randoms


def digits(text: str) -> int:
    """A number as the page writes it (grouped as its language groups digits), read back."""
    found = re.sub(r"\D", "", text.split("(")[0])
    assert found, f"no number in {text!r}"
    return int(found)


# -- the files and the block, without a browser -----------------------------------------------------


def test_the_files_are_the_implementation_and_the_rulesets_data(capsys: pytest.CaptureFixture[str]) -> None:
    files = scorer_files()
    assert set(files) == {"javascripts/dicespec-games.mjs", "javascripts/rulesets.json"}
    assert files["javascripts/dicespec-games.mjs"] == GAMES_MODULE.read_bytes()
    status, out, _ = run_cli(["rulesets", "--json"], capsys)
    assert status == 0 and files["javascripts/rulesets.json"].decode("utf-8") == out


def test_the_implementation_module_needs_nothing_of_node() -> None:
    source = GAMES_MODULE.read_text(encoding="utf-8")
    assert not re.search(r"""\bfrom\s+["']|\bimport\s*\(|\brequire\s*\(|\bprocess\.""", source), (
        f"{GAMES_MODULE.name} imports a module or uses node's process: the browser cannot load it"
    )
    adapter = (REPO / "examples" / "adapters" / "js" / "dicespec-adapter.mjs").read_text(encoding="utf-8")
    assert 'from "../../../js/dicespec-games.mjs"' in adapter


def _rendered(block: str) -> Elements:
    parser = Elements()
    parser.feed(rendered(block))
    parser.close()
    return parser


def _block_data(block: str) -> dict:
    found = re.search(r'<script type="application/json" class="ds-scorer-data">(.*?)</script>', block, re.S)
    assert found, "the block holds no data"
    return json.loads(found.group(1))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", ALL_GAMES)
def test_the_block_renders_through_markdown_with_its_form_labelled_and_its_data(game: str, lang: str) -> None:
    """The block, as MkDocs renders it, in the page's language: its heading, its dice (each
    labelled), its Roll button, its rulesets, its table's header, its summary read out as it
    changes, and its data: the words and rows its script shows."""
    block = scorer_block(game, lang)
    shown = _rendered(block)
    tags = shown.tags
    say = words("scorer", lang)
    assert ("h2", {"id": "scorer"}) in tags and say["heading"] in shown.text
    tree = parse(rendered(block))
    assert [" ".join(legend.text().split()) for legend in tree.find("legend")] == [say["dice"]]
    assert [button.text() for button in tree.find("button")] == [say["roll"]]
    header = [say["row"], say["score"], say["rule"]] if game in SHEET_GAMES else [say["set_aside"], say["points"]]
    assert [th.text() for th in tree.find("th")] == header
    names = ruleset_names(game)
    dice = max(find_ruleset(n).dice for n in names)
    inputs = [attrs for tag, attrs in tags if tag == "input"]
    assert len(inputs) == dice and all(
        a.get("type") == "number" and a.get("min") == "1" and a.get("max") == "6" for a in inputs
    )
    for n in range(1, dice + 1):  # each input sits in a label naming it
        assert say.format("die", number=n) in shown.text
    assert [a["value"] for tag, a in tags if tag == "option"] == names
    assert say.format("reference", name=names[0]) in shown.text
    assert any(tag == "p" and a.get("role") == "status" and a.get("aria-live") == "polite" for tag, a in tags)
    data = _block_data(block)
    assert data["game"] == game and data["lang"] == lang and [r["name"] for r in data["rulesets"]] == names
    assert data["words"]["best"] == say["best"]
    for entry in data["rulesets"]:
        if "rows" in entry:
            texts = row_texts(entry["name"], lang)
            assert [(r["id"], r["label"], r["rule"]) for r in entry["rows"]] == [
                (row, t.label, t.rule) for row, t in texts.items()
            ]


def test_the_data_cannot_close_its_script_element(monkeypatch: pytest.MonkeyPatch) -> None:
    from dicespec.site import scorer
    from dicespec.site.scorer import RowText

    monkeypatch.setattr(scorer, "row_texts", lambda name, lang: {"ones": RowText("</script><b>&", "<!-- x -->")})
    block = scorer_block("kiriki", "en")
    assert block.count("</script>") == 1 and "<b>" not in block and "<!--" not in block
    assert _block_data(block)["rulesets"][0]["rows"][0]["label"] == "</script><b>&"


# -- the table's width at a phone's width, read without a browser ----------------------------------


def _rolls(dice: int) -> list[Roll]:
    return [Roll.parse("".join(map(str, c))) for c in combinations_with_replacement(range(1, 7), dice)]


@cache
def scorer_columns(name: str, lang: str) -> list[list[Cell]]:
    """The cells the scorer's script can write for ruleset ``name`` in ``lang``, column by column:
    its header; a score sheet's row labels, its highest points and the "–" of no roll, and its
    rules; a set-aside's dice (as many as the ruleset throws) and its highest points, marked best.
    The row of the highest score is bold: so is every label and points here."""
    say = words("scorer", lang)
    ruleset = find_ruleset(name)
    if hasattr(ruleset, "rows"):
        texts = row_texts(name, lang).values()
        top = max(max(score_sheet(ruleset, roll).values()) for roll in _rolls(ruleset.dice))
        return [
            [Cell(say["row"], "bold"), *(Cell(t.label, "bold") for t in texts)],
            [Cell(say["score"], "bold"), Cell(grouped(top, lang), "bold", wraps=False), Cell("–", wraps=False)],
            [Cell(say["rule"], "bold"), *(Cell(t.rule, size=SCORER_RULE) for t in texts)],
        ]
    top = max(o.points for n in range(1, ruleset.dice + 1) for roll in _rolls(n) for o in options(ruleset, roll))
    return [
        [Cell(say["set_aside"], "bold"), Cell("6" * ruleset.dice, "code", wraps=False)],
        [Cell(say["points"], "bold"), Cell(f"{grouped(top, lang)} ({say['best']})", "bold", wraps=False)],
    ]


def scorer_narrowest(name: str, lang: str) -> Narrowest:
    """The narrowest the scorer's table can be under ruleset ``name`` in ``lang`` at a phone's width."""
    return narrowest_of(scorer_columns(name, lang), SCORER_FONT, SCORER_PHONE_PADDING)


def widest_scorer(games_of_a_family: list[str], lang: str) -> str:
    """The game of these whose scorer's table, under its reference ruleset, is the widest in ``lang``."""
    return max(games_of_a_family, key=lambda game: scorer_narrowest(ruleset_names(game)[0], lang).width)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_scorer_fits_a_phone_by_the_static_reading_of_its_table(lang: str) -> None:
    """Under every ruleset of every game, the scorer's table, whatever roll it shows, is no wider
    than a phone's column (390 px): its columns' narrowest widths (``widths.py``) fit. The browser
    measures the widest of each family in each language (below)."""
    wide = []
    for name in ruleset_names():
        least = scorer_narrowest(name, lang)
        if least.width + ROUNDING * len(least.columns) > PHONE_ROOM:
            wide.append(f"{name}: at least {least.width:.0f} px in {PHONE_ROOM:.0f} px ({least.columns})")
    assert not wide, "\n".join(wide)


# -- the implementation's answers, in node: every roll ------------------------------------------------

_EVERY_ROLL = """
import { sheetScores, setAsideOptions } from %s;
const rulesets = JSON.parse(%s);
const asked = JSON.parse(%s);
const out = {};
for (const [name, family, rolls] of asked) {
  out[name] = rolls.map((dice) => family === "score-sheet" ? sheetScores(rulesets, name, dice) \
: setAsideOptions(rulesets, name, dice));
}
console.log(JSON.stringify(out));
"""


@pytest.mark.usefixtures("node")
def test_the_browser_module_answers_every_roll_as_the_reference() -> None:
    """``sheetScores`` and ``setAsideOptions``, which only the scorer asks (the protocol asks the rest),
    answer every roll of every shipped ruleset (every multiset of its dice; set-aside: of 1 to its
    dice) as ``dicespec score`` does."""
    from itertools import combinations_with_replacement

    asked = []
    for name in ruleset_names():
        ruleset = find_ruleset(name)
        family = "score-sheet" if hasattr(ruleset, "rows") else "set-aside"
        sizes = [ruleset.dice] if family == "score-sheet" else range(1, ruleset.dice + 1)
        rolls = ["".join(map(str, c)) for n in sizes for c in combinations_with_replacement(range(1, 7), n)]
        asked.append((name, family, rolls))
    script = _EVERY_ROLL % (
        json.dumps(GAMES_MODULE.as_uri()),
        json.dumps(scorer_files()["javascripts/rulesets.json"].decode()),
        json.dumps(json.dumps(asked)),
    )
    # the script goes in on stdin: as an argument, every roll of every ruleset is more than a command line holds
    result = subprocess.run(["node", "--input-type=module"], input=script, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    answers = json.loads(result.stdout)
    wrong = []
    for name, family, rolls in asked:
        ruleset = find_ruleset(name)
        for dice, got in zip(rolls, answers[name], strict=True):
            roll = Roll.parse(dice)
            if family == "score-sheet":
                expected: object = dict(score_sheet(ruleset, roll))
            else:
                expected = {
                    "options": [{"dice": str(o.dice), "points": o.points} for o in options(ruleset, roll)],
                    "best": best(ruleset, roll),
                }
            if got != expected:
                wrong.append(f"{name} {dice}: {got} != {expected}")
    assert not wrong, "\n".join(wrong[:10]) + f"\n({len(wrong)} rolls differ)"


# -- in a browser -------------------------------------------------------------------------------------


def rules_page_url(base_url: str, game: str, lang: str) -> str:
    """The address of ``game``'s rules page in ``lang``, the page that holds its scorer."""
    return base_url + layout.rules(game, lang).removesuffix(".md") + "/"


@pytest.fixture(scope="module")
def site(once) -> Path:
    return built_site(once)


def _open(page, base_url: str, game: str, lang: str):
    response = page.goto(rules_page_url(base_url, game, lang), wait_until="load")
    assert response is not None and response.ok
    block = page.locator(f'.ds-scorer[data-game="{game}"]')
    page.wait_for_selector(f'.ds-scorer[data-game="{game}"][data-scorer="ready"]', timeout=10_000)
    return block


# What a block shows: its table's rows and its summary, read at once.
_READ_SHEET = """block => ({summary: block.querySelector(".ds-scorer-summary").innerText,
  rows: [...block.querySelectorAll("tbody tr")].map(tr => [tr.dataset.row, tr.querySelector("th").textContent,
    tr.querySelector(".ds-scorer-points").textContent, tr.querySelector(".ds-scorer-rule").textContent])})"""
_READ_OPTIONS = """block => ({summary: block.querySelector(".ds-scorer-summary").innerText,
  rows: [...block.querySelectorAll("tbody tr")].map(tr => [tr.querySelector(".ds-scorer-set").textContent,
    tr.querySelector(".ds-scorer-points").textContent, tr.classList.contains("ds-scorer-top")])})"""


def _type_roll(block, dice: str, size: int) -> None:
    """The roll typed from the first die, as a reader types it: each die typed moves the focus on;
    with fewer dice than the ruleset's (set-aside), the dice left are emptied (Delete, Tab)."""
    block.locator('input[name="die"]').first.focus()
    keyboard = block.page.keyboard
    keyboard.type(dice)
    for _ in range(size - len(dice)):
        keyboard.press("Delete")
        keyboard.press("Tab")


def _summary(summary: str, template: str, **values: str) -> int:
    """The points the block's summary gives, read where ``template`` (a catalog text) has
    ``{points}``; every other value must be as given."""
    pattern = re.escape(template)
    for name, value in values.items():
        pattern = pattern.replace(re.escape("{" + name + "}"), re.escape(value))
    pattern = pattern.replace(re.escape("{points}"), r"(\d[\d\s\u00a0\u202f.,]*?)")
    found = re.fullmatch(pattern, summary)
    assert found, f"the summary {summary!r} is not {template!r} with {values}"
    return digits(found.group(1))


def _check_sheet(block, name: str, dice: str, lang: str) -> None:
    ruleset = find_ruleset(name)
    expected = score_sheet(ruleset, Roll.parse(dice))
    texts = row_texts(name, lang)
    shown = block.evaluate(_READ_SHEET)
    assert [row for row, *_ in shown["rows"]] == list(expected), f"{name} {dice}: rows"
    for row, label, points, rule in shown["rows"]:
        assert digits(points) == expected[row], (
            f"{name} {dice}: {row} shows {points}, the reference scores {expected[row]}"
        )
        assert (label, rule) == (texts[row].label, texts[row].rule), f"{name}: {row}'s texts"
    top = max(expected.values())
    tops = ", ".join(texts[row].label for row, points in expected.items() if points == top)
    shown_top = _summary(shown["summary"], words("scorer", lang)["summary_sheet"], dice=dice, rows=tops)
    assert shown_top == top, f"{name} {dice}: the summary gives {shown_top}, the highest score is {top}"


def _check_set_aside(block, name: str, dice: str, lang: str) -> None:
    ruleset = find_ruleset(name)
    roll = Roll.parse(dice)
    expected = [(str(o.dice), o.points) for o in options(ruleset, roll)]
    top = best(ruleset, roll)
    shown = block.evaluate(_READ_OPTIONS)
    assert [(d, digits(p)) for d, p, _ in shown["rows"]] == expected, f"{name} {dice}"
    assert [marked for *_, marked in shown["rows"]] == [points == top for _, points in expected], (
        f"{name} {dice}: the best"
    )
    say = words("scorer", lang)
    if expected:
        shown_top = _summary(shown["summary"], say["summary_set_aside"], dice=dice, set=expected[0][0])
        assert shown_top == top, f"{name} {dice}: the summary gives {shown_top}, the best is {top}"
    else:
        assert shown["summary"] == say.format("farkle", dice=dice)


# One game of each family in the browser: the one with the most rulesets. Every ruleset's answers to
# every roll are node's (above); each game's words and rows in its block, the static tests'.
SHEET_CASE = max(SHEET_GAMES, key=lambda game: len(ruleset_names(game)))
SET_ASIDE_CASE = max(SET_ASIDE_GAMES, key=lambda game: len(ruleset_names(game)))


def _answer(name: str, dice: str) -> object:
    """The reference's answer to a roll under ruleset ``name``: a sheet's scores, or the set-asides and the best."""
    ruleset, roll = find_ruleset(name), Roll.parse(dice)
    if hasattr(ruleset, "rows"):
        return dict(score_sheet(ruleset, roll))
    return [(str(o.dice), o.points) for o in options(ruleset, roll)], best(ruleset, roll)


def typed_under(name: str, *, fewer: bool) -> list[str]:
    """The rolls typed into the block under ruleset ``name``: under its game's reference ruleset the
    whole sample; under another, the sample's first roll and every roll it answers otherwise than
    the reference does (what choosing it changes on the page; node checks every roll's answer)."""
    size = find_ruleset(name).dice
    rolls = sample_rolls(size, fewer=fewer)
    reference = ruleset_names(game_of_ruleset(name).name)[0]
    if name == reference:
        return rolls
    fits = find_ruleset(reference).dice
    return [rolls[0]] + [d for d in rolls[1:] if len(d) <= fits and _answer(name, d) != _answer(reference, d)]


@pytest.mark.slow
@pytest.mark.parametrize("game", [SHEET_CASE])
def test_typed_rolls_score_every_row_as_the_reference_under_every_ruleset(base_url, page, game: str) -> None:
    """The score-sheet block with the most rulesets, under each (``typed_under``): rolls typed into
    it show each row's label, the reference's points and the row's rule, and the summary names the
    highest score's rows."""
    block = _open(page, base_url, game, "en")
    for name in ruleset_names(game):
        block.locator('select[name="ruleset"]').select_option(name)
        size = find_ruleset(name).dice
        for dice in typed_under(name, fewer=False):
            _type_roll(block, dice, size)
            _check_sheet(block, name, dice, "en")
    assert not page.console_errors, page.console_errors


@pytest.mark.slow
@pytest.mark.parametrize("game", [SET_ASIDE_CASE])
def test_typed_rolls_give_the_references_set_asides_and_best_under_every_ruleset(base_url, page, game: str) -> None:
    """The set-aside block with the most rulesets (five and six dice), under each (``typed_under``):
    rolls of one die to all of them, typed, show the reference's set-asides with their points, the
    best marked, and the summary the best (or the farkle)."""
    block = _open(page, base_url, game, "en")
    for name in ruleset_names(game):
        block.locator('select[name="ruleset"]').select_option(name)
        size = find_ruleset(name).dice
        for dice in typed_under(name, fewer=True):
            _type_roll(block, dice, size)
            _check_set_aside(block, name, dice, "en")
    assert not page.console_errors, page.console_errors


# The scorer's table, as its script has laid it out: its narrowest width and its room.
_TABLE_WIDTHS = """block => {
  const table = block.querySelector(".ds-scorer-table"), style = getComputedStyle(block);
  const room = block.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  table.style.width = "min-content";
  const narrowest = table.getBoundingClientRect().width;
  table.style.width = "";
  return {room, narrowest};
}"""


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_shows_its_words_and_the_same_scores_on_a_phone(browser, base_url, lang: str) -> None:
    """At a phone's width, in each language, the scorer of the game of each family whose table is
    the widest by the static reading: the catalog's words, the reference's scores for a few typed
    rolls, and nothing wider than the screen (no scrolling sideways); its table, laid out, is no
    wider than the static reading that holds every game's (above), in the room that reading gives it."""
    say = words("scorer", lang)
    context = browser.new_context(viewport={"width": NARROW, "height": 800})
    without_search_results(context)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        for game in (widest_scorer(SHEET_GAMES, lang), widest_scorer(SET_ASIDE_GAMES, lang)):
            block = _open(page, base_url, game, lang)
            assert say["heading"] in page.locator("article h2#scorer").inner_text()
            assert block.locator("legend").inner_text() == say["dice"]
            assert block.locator(".ds-scorer-roll").inner_text() == say["roll"]
            family = "score-sheet" if game in SHEET_GAMES else "set-aside"
            header = (
                [say["row"], say["score"], say["rule"]]
                if family == "score-sheet"
                else [say["set_aside"], say["points"]]
            )
            assert block.locator("thead th").all_text_contents() == header
            name = ruleset_names(game)[0]
            size = find_ruleset(name).dice
            for dice in random.Random(lang).sample(sample_rolls(size, fewer=family == "set-aside"), 3):
                _type_roll(block, dice, size)
                if family == "score-sheet":
                    _check_sheet(block, name, dice, lang)
                else:
                    _check_set_aside(block, name, dice, lang)
                width = page.evaluate("document.documentElement.scrollWidth")
                right = block.evaluate(
                    "b => Math.max(...[b, ...b.querySelectorAll('*')].map(e => e.getBoundingClientRect().right))"
                )
                assert width <= NARROW and right <= NARROW, (
                    f"{game} in {lang}, {dice}: the page is {width} px wide, the scorer reaches {right} px"
                )
                laid_out, read = block.evaluate(_TABLE_WIDTHS), scorer_narrowest(name, lang)
                bound = read.width + ROUNDING * len(read.columns)  # as the static test holds it to its room
                assert laid_out["narrowest"] <= bound + 0.01 and abs(laid_out["room"] - PHONE_ROOM) <= 1, (
                    f"{game} in {lang}, {dice}: laid out at least {laid_out['narrowest']:.2f} px wide in "
                    f"{laid_out['room']:.2f} px; read at least {bound:.2f} px wide in {PHONE_ROOM} px"
                )
    finally:
        context.close()
    assert not errors, errors


@pytest.mark.slow
def test_the_scorer_is_usable_by_keyboard_and_mouse(base_url, page) -> None:
    """Typing replaces a die and moves on, Backspace empties a die or, on an empty one, goes back,
    the arrow keys step a die, Tab reaches the Roll button and the ruleset, Enter rolls, a click
    rolls, a die that is not a die is marked invalid, and pasted dice fill the dice from the focused one."""
    block = _open(page, base_url, "kiriki", "en")
    dice = block.locator('input[name="die"]')
    summary = block.locator(".ds-scorer-summary")
    assert summary.inner_text() == words("scorer", "en").format("need_dice_sheet", count=5)
    dice.nth(0).focus()
    page.keyboard.type("2x9")  # what is not a die is refused
    assert dice.nth(0).input_value() == "2" and dice.nth(1).input_value() == ""
    assert block.evaluate("b => document.activeElement === b.querySelectorAll('input')[1]")
    page.keyboard.press("Backspace")
    assert block.evaluate("b => document.activeElement === b.querySelectorAll('input')[0]")
    page.keyboard.press("ArrowUp")
    assert dice.nth(0).input_value() == "3"
    page.keyboard.press("Backspace")  # a die with a value: emptied, the focus stays
    assert dice.nth(0).input_value() == ""
    page.keyboard.type("4")
    assert dice.nth(0).input_value() == "4"
    for _ in range(4):
        page.keyboard.press("Tab")
    assert block.evaluate("b => document.activeElement === b.querySelector('.ds-scorer-roll')")
    page.keyboard.press("Enter")
    rolled = "".join(dice.nth(i).input_value() for i in range(5))
    assert re.fullmatch(r"[1-6]{5}", rolled)
    _check_sheet(block, "kiriki", rolled, "en")
    page.keyboard.press("Tab")
    assert block.evaluate("b => document.activeElement === b.querySelector('select')")
    page.keyboard.press("ArrowDown")  # the next ruleset, scored at once
    assert block.locator("select").input_value() == ruleset_names("kiriki")[1]
    _check_sheet(block, ruleset_names("kiriki")[1], rolled, "en")
    block.locator(".ds-scorer-roll").click()
    clicked = "".join(dice.nth(i).input_value() for i in range(5))
    _check_sheet(block, ruleset_names("kiriki")[1], clicked, "en")
    dice.nth(4).fill("7")
    assert dice.nth(4).get_attribute("aria-invalid") == "true"
    assert block.locator(".ds-scorer-points").first.inner_text() == "–"
    dice.nth(4).fill("6")
    assert dice.nth(4).get_attribute("aria-invalid") is None
    dice.nth(1).focus()  # dice pasted fill the die and those after it
    page.evaluate("""() => { const data = new DataTransfer(); data.setData("text/plain", "5, 5 2 x");
        document.activeElement.dispatchEvent(new ClipboardEvent("paste", \
{clipboardData: data, bubbles: true, cancelable: true})); }""")
    pasted = "".join(dice.nth(i).input_value() for i in range(5))
    assert pasted == clicked[0] + "552" + "6"
    _check_sheet(block, ruleset_names("kiriki")[1], pasted, "en")
    # every control has a name a screen reader reads out
    assert block.evaluate("""b => [...b.querySelectorAll('input, select')].every(e => e.labels.length === 1
        && e.labels[0].textContent.trim())""")
    # running the script again sets nothing up twice
    page.evaluate(
        "u => import(u + '?again').then(() => true)",
        page.evaluate("() => document.querySelector('script[src$=\"scorer.mjs\"]').src"),
    )
    assert block.get_attribute("data-scorer") == "ready"
    assert not page.console_errors, page.console_errors


@pytest.mark.slow
def test_the_scorer_has_no_accessibility_violation(base_url, page) -> None:
    """axe-core, on the block of each family with a roll scored (skipped locally when ``npm ci``
    has not installed it)."""
    require_axe()
    for game, dice in (("kiriki", "66616"), ("ten-thousand", "111556")):
        block = _open(page, base_url, game, "en")
        _type_roll(block, dice, len(dice))
        page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
        found = page.evaluate("async () => (await axe.run('.ds-scorer')).violations.map(v => v.id + ': ' + v.help)")
        assert not found, f"{game}: {found}"


# -- rules of one's own that use the widened score sheet: six dice, first-roll rows -----------------

# The model's score-sheet rulesets (rulesets/model/), as a house ruleset's page would carry them.
OWN_RULESETS = [path for path in model_files() if file_data(path)["game"] in SHEET_GAMES]


@pytest.mark.usefixtures("node")
def test_the_browser_module_scores_rules_of_ones_own_with_every_new_rule_as_the_reference() -> None:
    """Under the model's score-sheet rulesets (six dice, six dice with a joker, Generala-like rules;
    as a house ruleset's page carries them), ``sheetScores`` answers every roll of the ruleset's dice as
    ``dicespec score`` does: one roll, not the turn's first (no first-roll points), on no sheet
    (a row that requires another scores as its dice are)."""
    from itertools import combinations_with_replacement

    houses = [read_house(path) for path in OWN_RULESETS]
    asked = [
        (
            house.name,
            "score-sheet",
            ["".join(map(str, c)) for c in combinations_with_replacement(range(1, 7), house.ruleset.dice)],
        )
        for house in houses
    ]
    script = _EVERY_ROLL % (
        json.dumps(GAMES_MODULE.as_uri()),
        json.dumps(scorer_files([house.offer(house.name) for house in houses])["javascripts/rulesets.json"].decode()),
        json.dumps(json.dumps(asked)),
    )
    result = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    answers = json.loads(result.stdout)
    for house, (name, _, rolls) in zip(houses, asked, strict=True):
        assert len(rolls) == (462 if house.ruleset.dice == 6 else 252)
        wrong = [
            f"{name} {dice}: {got} != {expected}"
            for dice, got in zip(rolls, answers[name], strict=True)
            if got != (expected := dict(score_sheet(house.ruleset, Roll.parse(dice))))
        ]
        assert not wrong, "\n".join(wrong[:10]) + f"\n({len(wrong)} rolls differ)"


def test_a_six_dice_ruleset_gets_six_dice_inputs_and_a_five_dice_one_hides_the_sixth() -> None:
    """The block offering a six-dice ruleset of one's own and its five-dice base has six dice
    inputs (the script hides the sixth under the five-dice one) and gives each ruleset its dice."""
    house = read_house(OWN_RULESETS[[p.stem for p in OWN_RULESETS].index("model-six-dice")])
    block = scorer_block(house.game, "en", [house.offer(house.name), Offer(house.base, house.base)])
    assert block.count('name="die"') == 6
    data = json.loads(re.search(r'class="ds-scorer-data">(.*?)</script>', block).group(1))
    assert [(r["name"], r["dice"]) for r in data["rulesets"]] == [("model-six-dice", 6), ("yatzy", 5)]


def test_the_scorer_states_a_rows_first_roll_points_win_and_requirement_beside_its_score() -> None:
    """The scorer scores one roll as a roll after a reroll, on no sheet (as the reference's
    ``score`` does): a row's rule text then says what a game adds, as the rules page does."""
    house = read_house(OWN_RULESETS[[p.stem for p in OWN_RULESETS].index("model-generala")])
    block = scorer_block(house.game, "en", [house.offer(house.name)])
    data = json.loads(re.search(r'class="ds-scorer-data">(.*?)</script>', block).group(1))
    rules = {row["id"]: row["rule"] for row in data["rulesets"][0]["rows"]}
    assert rules["escalera"].endswith(" Made with the turn's first roll, it scores 5 more.")
    assert rules["generala"].endswith(" Made with the turn's first roll, it wins the game at once.")
    assert rules["double_generala"].endswith(
        " Made with the turn's first roll, it scores 20 more and wins the game at once."
        " It scores only once generala holds points; before that it may be filled, for 0."
    )
    assert rules["ones"] == "The sum of the dice that show 1; 0 when none does."
