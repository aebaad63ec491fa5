"""Each game's page to play it (``dicespec.site.play``, ``js/play.mjs``): the page's
data, and in a real browser, games played to their end by keyboard and pointer whose final sheet is
the reference engine's replay of the same actions, a game restored after a reload, bad links,
seeds and saved games refused in one line, the coach's panel, and axe-core in both palettes. The
house report's game, opened from a file, is tested in ``tests/test_report.py``; the replay file and
``dicespec replay`` in ``test_replay_file.py``. The shared browser fixtures are in ``browser.py``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from browser import ARTIFACTS, AXE, BLOCKING, NO_TRANSITIONS, TOGGLE, PlaywrightTimeout, require_axe
from dicespec.catalog import LANGUAGES, words
from dicespec.registry import games
from dicespec.replay_file import parse_replay, play_back
from dicespec.rulesets import find_ruleset, ruleset_names
from dicespec.scoresheet.ruleset import SheetRuleset
from dicespec.site import layout
from dicespec.site.play import MOST_PLAYERS, play_page

pytestmark = pytest.mark.early(120)  # a browser: every game played to its end (tests/order.py)

SEED = "5eed0001"
WIDTHS = {"phone": 390, "desktop": 1280}
GAMES = [game.name for game in games()]
# The game of each family whose reference ruleset throws the most dice (the widest row of the page's
# controls), played at a phone's width too.
PHONE_GAMES = [
    max(
        (g.name for g in games() if g.family_name == family),
        key=lambda name: find_ruleset(ruleset_names(name)[0]).dice,
    )
    for family in sorted({g.family_name for g in games()})
]
# The game page of each family in axe's survey mid-game: the game with the most rulesets (the most
# options on its form); every game page at load, in both palettes, is the survey's
# (tests/site/test_accessibility.py), each game's page data the tests above.
AXED = [
    max((g.name for g in games() if g.family_name == family), key=lambda name: len(ruleset_names(name)))
    for family in sorted({g.family_name for g in games()})
]
SAY = words("play", "en")


def _data(markdown: str) -> dict:
    found = re.search(r'<script type="application/json" class="ds-play-data">(.*?)</script>', markdown, re.S)
    assert found, "the page holds no game data"
    return json.loads(found.group(1))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_its_page_offering_every_ruleset_and_its_player_counts(game: str, lang: str) -> None:
    """The page offers every shipped ruleset of its game, the reference first, each with the player
    counts it allows up to four, and names every line of a sheet in the page's language; it says
    which command plays a downloaded game back. Its log's summary has words before the script runs
    (an empty one has no accessible name)."""
    page = play_page(game, lang)
    assert page.path == layout.play(game, lang) and page.lang == lang
    assert "<code>dicespec replay FILE</code>" in page.markdown
    assert "<summary></summary>" not in page.markdown
    data = _data(page.markdown)
    assert [r["name"] for r in data["rulesets"]] == list(ruleset_names(game))
    assert data["storage"] == f"dicespec-play/{game}"
    for entry in data["rulesets"]:
        ruleset = find_ruleset(entry["name"])
        assert entry["players"] == [
            n for n in range(1, MOST_PLAYERS + 1) if ruleset.min_players <= n <= ruleset.max_players
        ]
        if isinstance(ruleset, SheetRuleset):
            assert [line["id"] for line in entry["lines"]] == list(ruleset.lines)
            assert all(line["label"].strip() for line in entry["lines"])


# -- in the browser --------------------------------------------------------------------------------


def _open(page, base_url: str, game: str, fragment: str = "", lang: str = "en") -> None:
    page.goto(base_url + layout.play(game, lang).removesuffix(".md") + "/" + fragment)
    page.wait_for_selector('.ds-play[data-play="ready"]', timeout=10_000)


def _players(game: str) -> tuple[str, int]:
    ruleset = find_ruleset(next(iter(ruleset_names(game))))
    return ruleset.name, max(1, ruleset.min_players)


# Whether the first element a selector finds is there, shown (a box of some size, not hidden) and
# enabled: what a reader can press; read at once.
_ENABLED = """selector => {
  const found = document.querySelector(selector);
  if (!found || found.disabled) return false;
  const box = found.getBoundingClientRect();
  return box.width > 0 && box.height > 0 && getComputedStyle(found).visibility !== "hidden";
}"""
# The game's state as the block tells it: over or not, and how many actions it holds.
_STATE = """() => {
  const block = document.querySelector(".ds-play");
  return [block.dataset.over === "true", block.dataset.actions];
}"""


def _enabled(page, selector: str) -> bool:
    return page.evaluate(_ENABLED, selector)


def _play_a_turn_sheet(page, turn: int) -> None:
    """A score-sheet turn: roll (key R), keep the first die (key 1) and roll again on odd turns,
    then score the first open row: by a click, or by keys alone (G goes to it, the arrows move
    away and back, Enter scores), turn by turn."""
    page.keyboard.press("r")
    if turn % 2 and _enabled(page, ".ds-play-die"):
        page.keyboard.press("1")
        assert page.locator(".ds-play-die").first.get_attribute("aria-pressed") == "true"
        page.keyboard.press("r")
    if _enabled(page, ".ds-play-end"):
        page.locator(".ds-play-end").click()
        return
    first = page.locator(".ds-play-score").first
    if turn % 3 == 0:
        first.click()
    else:
        page.keyboard.press("g")
        assert page.evaluate("document.activeElement.dataset.row") == first.get_attribute("data-row")
        page.keyboard.press("ArrowDown")
        page.keyboard.press("ArrowUp")
        page.keyboard.press("Enter")


def _play_a_step_set_aside(page, step: int) -> None:
    """A set-aside step: set aside the first option the roll allows (a click, or the first die's
    key and A where that die alone is it), else bank (key B) when the rules allow, else roll (key R)."""
    options = page.locator(".ds-play-option")
    if options.count():
        first = options.first.get_attribute("data-dice")
        dice = page.eval_on_selector_all(".ds-play-die", "els => els.map(e => e.dataset.face)")
        if step % 2 and first is not None and len(first) == 1 and first in dice:
            page.keyboard.press(str(dice.index(first) + 1))
            page.keyboard.press("a")
        else:
            options.first.click()
    elif _enabled(page, ".ds-play-bank"):
        page.keyboard.press("b")
    else:
        page.keyboard.press("r")


# Whether the page still draws frames: a click waits for two animation frames to see its control
# stand still, and a page that draws none leaves it waiting, with nothing in its log to say why.
_DRAWING = """() => new Promise(resolve => {
  const late = setTimeout(() => resolve(false), 2000);
  requestAnimationFrame(() => { clearTimeout(late); resolve(true); });
})"""


def _stalled(page) -> str:
    """What a step that timed out left on the page: whether it still draws frames, where the
    window is, and what has the focus; a screenshot goes to artifacts/."""
    ARTIFACTS.mkdir(exist_ok=True)
    shot = ARTIFACTS / "play-timeout.png"
    page.screenshot(path=str(shot))
    drawing = page.evaluate(_DRAWING)
    where = page.evaluate("() => [window.scrollY, window.innerWidth, document.activeElement.outerHTML.slice(0, 100)]")
    return (
        f"the page {'draws' if drawing else 'draws no'} animation frames; scrolled to {where[0]} px, "
        f"{where[1]} px wide, the focus on {where[2]}; screenshot {shot.relative_to(ARTIFACTS.parent)}"
    )


def _download(page) -> str:
    with page.expect_download() as download:
        page.locator(".ds-play-download").click()
    path = download.value.path()
    assert path is not None
    return Path(path).read_text(encoding="utf-8")


def _shown_sheet(page) -> dict[str, list[int | None]]:
    rows = page.evaluate("""() => [...document.querySelectorAll(".ds-play-sheet tbody tr")].map(
        tr => [tr.dataset.line, [...tr.querySelectorAll("td")].map(td => td.textContent)])""")
    return {line: [int(c.replace(",", "")) if c else None for c in cells] for line, cells in rows}


def _shown_scores(page) -> list[int]:
    return [
        int(text.replace(",", ""))
        for text in page.eval_on_selector_all(".ds-play-sheet .ds-play-points", "els => els.map(e => e.textContent)")
    ]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "width"), [(game, "desktop") for game in GAMES] + [(game, "phone") for game in PHONE_GAMES]
)
def test_a_seeded_game_is_played_to_its_end_and_shows_the_references_final_sheet(
    base_url: str, page, game: str, width: str
) -> None:
    """A game from a link with a seed, played to its end with keys and clicks: the final sheet (or
    scores) shown is the reference engine's replay of the game's actions, the downloaded replay
    file; the page does not scroll sideways. Every game at a desktop's width (each one's rules
    reach the page: a turn ended early, a win at once, two players); at a phone's, the game of
    each family whose dice make the widest row."""
    page.set_viewport_size({"width": WIDTHS[width], "height": 900})
    ruleset, players = _players(game)
    _open(page, base_url, game, f"#ruleset={ruleset}&players={players}&seed={SEED}")
    assert page.locator(".ds-play-seed").inner_text() == SEED
    sheet = registered_family(game) == "score-sheet"
    over, actions = page.evaluate(_STATE)
    for step in range(3000):
        if over:
            break
        try:
            (_play_a_turn_sheet if sheet else _play_a_step_set_aside)(page, step)
        except PlaywrightTimeout as timeout:
            raise AssertionError(f"step {step} of {game} at {width} width: {_stalled(page)}") from timeout
        before = actions
        over, actions = page.evaluate(_STATE)
        assert actions != before, f"step {step} played nothing"
    assert over, "the game did not end"
    text = _download(page)
    assert text == page.locator(".ds-play-log pre").text_content()
    file = parse_replay(text, "downloaded")
    assert (file.ruleset.name, file.players, file.seed) == (ruleset, players, SEED)
    result = play_back(file)
    assert result.rejected_at is None, result
    state = result.state
    assert state.is_over
    if sheet:
        expected = {line: [s.lines(file.ruleset)[line] for s in state.sheets] for line in file.ruleset.lines}
        assert _shown_sheet(page) == expected
    else:
        assert _shown_scores(page) == list(state.scores)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    assert not page.console_errors, page.console_errors


def registered_family(game: str) -> str:
    return next(g.family_name for g in games() if g.name == game)


@pytest.mark.slow
def test_the_same_seed_throws_the_same_dice(base_url: str, page) -> None:
    """Two games from the same link throw the same dice for the same choices; a fresh seed is 8 hex digits."""
    _open(page, base_url, "yahtzee", f"#ruleset=yahtzee&players=1&seed={SEED}")
    page.keyboard.press("r")
    first = page.locator(".ds-play-log pre").text_content()
    page.evaluate("localStorage.clear()")
    _open(page, base_url, "kiriki")  # elsewhere, then back
    _open(page, base_url, "yahtzee", f"#ruleset=yahtzee&players=1&seed={SEED}")
    page.keyboard.press("r")
    assert page.locator(".ds-play-log pre").text_content() == first
    page.evaluate("localStorage.clear()")
    page.goto(page.locator(".ds-play-link").evaluate("a => a.href"))  # the game's link, as shared
    page.wait_for_selector('.ds-play[data-play="ready"]')
    assert page.locator(".ds-play-link").get_attribute("href") == f"?ruleset=yahtzee&players=1&seed={SEED}"
    page.keyboard.press("r")
    assert page.locator(".ds-play-log pre").text_content() == first
    page.locator(".ds-play-new").click()
    assert re.fullmatch(r"[0-9a-f]{8}", page.locator(".ds-play-seed").inner_text())
    assert page.locator(".ds-play-seed").inner_text() != SEED


@pytest.mark.slow
def test_a_reload_restores_the_game_mid_way(base_url: str, page) -> None:
    """A two-player game left mid-turn is the same game after a reload: its actions, its sheet,
    its status and its players; a set-aside game too."""
    _open(page, base_url, "yahtzee", f"#ruleset=yahtzee-free-joker&players=2&seed={SEED}")
    for key in ("r", "1", "2", "r"):
        page.keyboard.press(key)
    page.locator(".ds-play-score").first.click()
    page.keyboard.press("r")
    shown = (page.locator(".ds-play-log pre").text_content(), page.inner_text(".ds-play-sheet"))
    status = page.inner_text(".ds-play-status")
    page.reload()
    page.wait_for_selector('.ds-play[data-play="ready"]')
    assert (page.locator(".ds-play-log pre").text_content(), page.inner_text(".ds-play-sheet")) == shown
    assert page.inner_text(".ds-play-status") == status
    assert page.locator('select[name="ruleset"]').input_value() == "yahtzee-free-joker"
    assert page.locator('select[name="players"]').input_value() == "2"
    assert page.locator(".ds-play-notice").is_hidden()
    _open(page, base_url, "ten-thousand", f"#ruleset=farkle&players=1&seed={SEED}")
    page.keyboard.press("r")
    log = page.locator(".ds-play-log pre").text_content()
    page.reload()
    page.wait_for_selector('.ds-play[data-play="ready"]')
    assert page.locator(".ds-play-log pre").text_content() == log
    assert not page.console_errors, page.console_errors


def _fresh_game_offered(page) -> None:
    assert page.get_attribute(".ds-play", "data-actions") == "0"
    assert page.locator(".ds-play-roll").is_enabled()
    assert page.locator(".ds-play-status").inner_text() == SAY.format("status_roll", player="Player 1")


@pytest.mark.slow
@pytest.mark.parametrize(
    ("fragment", "reason"),
    [
        ("#ruleset=nope&players=1&seed=1", SAY.format("reason_ruleset", name="nope")),
        ("#ruleset=yahtzee&players=7&seed=1", SAY.format("reason_players", count=7, name="yahtzee")),
        ("#ruleset=yahtzee&players=two&seed=1", SAY.format("reason_players", count="two", name="yahtzee")),
        ("#ruleset=yahtzee&players=1&seed=xyz!", SAY.format("reason_seed", seed="xyz!")),
        ("#ruleset=yahtzee&players=2&seed=1&computer=3", SAY.format("reason_computer", seat=3, count=2)),
        ("#ruleset=yahtzee&players=2&seed=1&computer=me", SAY.format("reason_computer", seat="me", count=2)),
    ],
)
def test_a_bad_link_is_refused_in_one_line_and_a_fresh_game_is_ready(
    base_url: str, page, fragment: str, reason: str
) -> None:
    _open(page, base_url, "maxi-yatzy" if "maxi-yatzy" in fragment else "yahtzee", fragment)
    notice = page.locator(".ds-play-notice")
    assert notice.is_visible()
    assert notice.inner_text() == SAY.format("bad_link", reason=reason)
    assert "\n" not in notice.inner_text()
    _fresh_game_offered(page)
    page.keyboard.press("r")  # the game goes on
    assert page.get_attribute(".ds-play", "data-actions") == "1"
    assert not page.console_errors, page.console_errors


@pytest.mark.slow
def test_a_bad_seed_typed_is_refused_in_one_line_and_the_game_goes_on(base_url: str, page) -> None:
    _open(page, base_url, "kiriki", f"#ruleset=kiriki&players=1&seed={SEED}")
    page.keyboard.press("r")
    page.locator('input[name="seed"]').fill("12345678g")  # nine characters: the field keeps eight
    page.locator('input[name="seed"]').fill("1234567g")
    page.locator(".ds-play-new").click()
    assert page.locator(".ds-play-notice").inner_text() == SAY.format("bad_seed", seed="1234567g")
    assert page.get_attribute(".ds-play", "data-actions") == "1"
    assert page.locator(".ds-play-seed").inner_text() == SEED
    page.locator('input[name="seed"]').fill("ABC")
    page.locator(".ds-play-new").click()
    assert page.locator(".ds-play-notice").is_hidden()
    assert page.locator(".ds-play-seed").inner_text() == "abc"
    _fresh_game_offered(page)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("saved", "reason"),
    [
        (
            {
                "ruleset": "yahtzee",
                "players": 1,
                "seed": "1",
                "actions": ["roll 12345", "score chance", "roll 11111", "score chance"],
            },
            SAY.format("reason_rejected", number=4, action="score chance", code="row-used"),
        ),
        (
            {"ruleset": "yahtzee", "players": 1, "seed": "1", "actions": ["roll 1234"]},
            SAY.format("reason_rejected", number=1, action="roll 1234", code="bad-dice"),
        ),
        (
            {"ruleset": "yahtzee", "players": 1, "seed": "1", "actions": ["fly away"]},
            SAY.format("reason_rejected", number=1, action="fly away", code="not-an-action"),
        ),
        ({"ruleset": "gone", "players": 1, "seed": "1", "actions": []}, SAY.format("reason_ruleset", name="gone")),
        ("{not json", SAY["reason_unreadable"]),
    ],
)
def test_a_saved_game_that_no_longer_fits_is_refused_in_one_line_and_a_fresh_game_is_ready(
    base_url: str, page, saved: object, reason: str
) -> None:
    _open(page, base_url, "yahtzee")
    text = saved if isinstance(saved, str) else json.dumps(saved)
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", ["dicespec-play/yahtzee", text])
    page.reload()
    page.wait_for_selector('.ds-play[data-play="ready"]')
    assert page.locator(".ds-play-notice").inner_text() == SAY.format("bad_saved", reason=reason)
    _fresh_game_offered(page)
    page.reload()  # the bad game was put away: the fresh one is resumed, and nothing is said
    page.wait_for_selector('.ds-play[data-play="ready"]')
    assert page.locator(".ds-play-notice").is_hidden()
    assert not page.console_errors, page.console_errors


# -- the coach ---------------------------------------------------------------------------------------

FAKE_COACH = """
export async function loadCoach(name, rulesets, bytes) {
  if (!(bytes instanceof Uint8Array) || bytes.length !== 3 || !rulesets[name]) throw new Error("bad arguments");
  return {
    advise(answer) {
      if (answer.dice === null) return [];
      return [
        {action: "score", row: "choice", value: 30},
        {action: "keep", dice: answer.dice.slice(0, 1), value: 25.5},
        {action: "score", row: "ones", value: 10},
      ];
    },
  };
}
"""


def _route_coach(page) -> None:
    """A stand-in coach: its module served in place of coach.mjs, a three-byte file for every ruleset."""
    page.route("**/javascripts/coach.mjs", lambda r: r.fulfill(body=FAKE_COACH, content_type="text/javascript"))
    page.route("**/javascripts/coach/*.bin", lambda r: r.fulfill(body=b"\x01\x02\x03"))


@pytest.mark.slow
def test_without_a_coach_file_the_panel_says_so_in_one_line_and_the_game_goes_on(base_url: str, page) -> None:
    """The coach is off at first; turned on for a ruleset with no coach file (greed.bin, served as
    missing here; three players, so not the two-player file), the panel says so in one line, the
    game goes on, and the toggle is remembered."""
    page.route("**/javascripts/coach/greed.bin", lambda r: r.fulfill(status=404, body=b""))
    _open(page, base_url, "greed", f"#ruleset=greed&players=3&seed={SEED}")
    assert page.locator(".ds-play-coach").is_hidden()
    assert not page.locator('input[name="coach"]').is_checked()
    page.locator('input[name="coach"]').check()
    status = page.locator(".ds-play-coach-status")
    status.filter(has_text=SAY.format("coach_none", ruleset="greed")).wait_for(timeout=5_000)
    page.keyboard.press("r")
    assert page.get_attribute(".ds-play", "data-actions") == "1"
    page.reload()
    page.wait_for_selector('.ds-play[data-play="ready"]')
    assert page.locator('input[name="coach"]').is_checked()  # remembered
    assert page.locator(".ds-play-coach").is_visible()


@pytest.mark.slow
def test_the_coach_lists_its_choices_prices_each_choice_and_reviews_the_game(base_url: str, page) -> None:
    """With a coach (a stand-in module and file served in place of coach.mjs and yacht.bin), the
    panel lists the choices best first with their values, says what each choice cost against the
    best, and at the end reviews the costliest choices, the total and the mean loss."""
    _route_coach(page)
    _open(page, base_url, "yacht", f"#ruleset=yacht&players=1&seed={SEED}")
    page.locator('input[name="coach"]').check()
    page.keyboard.press("r")
    choices = page.locator(".ds-play-coach-choices li")
    choices.first.wait_for()
    first_die = page.locator(".ds-play-die").first.inner_text()
    assert choices.all_inner_texts() == ["score Choice: 30", f"keep {first_die}: 25.5", "score Ones: 10"]
    assert page.locator(".ds-play-coach-status").inner_text() == SAY["coach_ready"]  # what the values are
    page.locator('.ds-play-score[data-row="ones"]').click()
    assert page.locator(".ds-play-coach-cost").inner_text() == SAY.format(
        "coach_cost", choice="score Ones", cost=20, best="score Choice"
    )
    page.keyboard.press("r")
    page.locator('.ds-play-score[data-row="choice"]').click()  # the best: it costs nothing
    assert page.locator(".ds-play-coach-cost").inner_text() == SAY.format("coach_was_best", choice="score Choice")
    for _ in range(10):  # the other rows: none among the coach's choices, so not priced
        page.keyboard.press("r")
        page.locator(".ds-play-score").first.click()
    assert page.locator(".ds-play-coach-cost").inner_text().startswith("Your last choice, score ")
    assert page.get_attribute(".ds-play", "data-over") == "true"
    review = page.locator(".ds-play-coach-review").inner_text()
    assert SAY["coach_review"] in review
    assert SAY.format("coach_total", total="20", count=2, mean="10") in review
    assert "score Ones: 20" in review
    assert not page.console_errors, page.console_errors


@pytest.mark.slow
def test_the_set_aside_coach_says_its_values_are_a_turns_points_not_the_chance_of_winning(base_url: str, page) -> None:
    """In a three-player Greed game (solved for two only) the coach (Greed's real coach file) ranks
    by the turn policy, and its line says so."""
    _open(page, base_url, "greed", f"#ruleset=greed&players=3&seed={SEED}")
    page.locator('input[name="coach"]').check()
    page.keyboard.press("r")
    page.locator(".ds-play-coach-choices li").first.wait_for(timeout=10_000)
    assert page.locator(".ds-play-coach-status").inner_text() == SAY["coach_ready_aside"]
    assert not page.console_errors, page.console_errors


@pytest.mark.slow
def test_a_two_player_coach_ranks_by_the_chance_of_winning(base_url: str, page) -> None:
    """In a two-player Greed game the coach is the exact two-player optimum (Greed's two-player
    file, read in the browser): its line says so, and each choice shows its chance of winning."""
    _open(page, base_url, "greed", f"#ruleset=greed&players=2&seed={SEED}")
    page.locator('input[name="coach"]').check()
    page.keyboard.press("r")
    choices = page.locator(".ds-play-coach-choices li")
    choices.first.wait_for(timeout=10_000)
    assert page.locator(".ds-play-coach-status").inner_text() == SAY["coach_ready_duel"]
    shown = choices.all_inner_texts()
    assert shown and all(re.fullmatch(r"set aside \d+: \d+(\.\d)?%", text) for text in shown), shown
    assert not page.console_errors, page.console_errors


# -- the computer ----------------------------------------------------------------------------------

_PACE = 'document.querySelector(".ds-play").dataset.pace = "20"'  # quick moves: a test need not follow them


@pytest.mark.slow
@pytest.mark.parametrize(
    ("ruleset", "players", "plays"),
    [
        ("yacht", 1, "computer_plays_sheet"),
        ("greed", 2, "computer_plays_duel"),  # Greed: to win
        ("maxi-yatzy", 1, "computer_plays_greedy"),  # no coach file: each roll scored at once
    ],
)
def test_the_computer_plays_every_seat_to_the_end_under_the_rules(
    base_url: str, page, ruleset: str, players: int, plays: str
) -> None:
    """A game whose every seat is the computer's, from a link: it plays the coach's choices (the
    site's real coach files; where the site has none, of a score sheet, the most points of each
    roll at once) to the end by itself, and the reference engine replays its actions to the same
    final sheet or scores. The page says what the computer plays."""
    game = registered_game_of(ruleset)
    seats = ",".join(str(n) for n in range(1, players + 1))
    _open(page, base_url, game, f"#ruleset={ruleset}&players={players}&seed={SEED}&computer={seats}")
    page.evaluate(_PACE)
    page.keyboard.press("r")  # no person is to move: a key plays nothing
    sheet = registered_family(game) == "score-sheet"
    said = page.locator(".ds-play-computer")
    assert said.inner_text() == SAY[plays]
    page.wait_for_selector('.ds-play[data-over="true"]', timeout=60_000)
    text = page.locator(".ds-play-log pre").text_content()
    file = parse_replay(text, "shown")
    result = play_back(file)
    assert result.rejected_at is None and result.state.is_over, result
    if sheet:
        expected = {line: [s.lines(file.ruleset)[line] for s in result.state.sheets] for line in file.ruleset.lines}
        assert _shown_sheet(page) == expected
        rerolls = any(action.startswith("reroll ") for action in text.splitlines())
        assert rerolls == (plays == "computer_plays_sheet")  # the optimum keeps dice too; each roll at once does not
    else:
        assert _shown_scores(page) == list(result.state.scores)
        assert "bank" in text.splitlines()
    status = page.locator(".ds-play-status").inner_text()  # the winners, named as the computer
    assert any(SAY.format("player_computer", number=n) in status for n in range(1, players + 1)), status
    assert not page.console_errors, page.console_errors


@pytest.mark.slow
def test_a_person_plays_against_the_computer_which_waits_its_turn(base_url: str, page) -> None:
    """Player 2 chosen as the computer on the form: while it is to move, nothing of the person's is
    pressable; it plays its turn at its pace and hands the dice back; its moves are in the replay
    file like anyone's."""
    _open(page, base_url, "yacht", f"#ruleset=yacht&players=2&seed={SEED}")
    page.locator('select[name="players"]').select_option("2")
    assert page.locator('input[name="computer"][value="3"]').is_hidden()  # two seats offered
    page.locator('input[name="computer"][value="2"]').check()
    page.locator(".ds-play-new").click()
    assert page.get_attribute(".ds-play", "data-computer") == "false"
    assert page.locator(".ds-play-sheet thead th").all_inner_texts()[1:] == [
        SAY.format("player", number=1),
        SAY.format("player_computer", number=2),
    ]
    page.keyboard.press("r")
    page.locator(".ds-play-score").first.click()
    assert page.get_attribute(".ds-play", "data-computer") == "true"
    assert not _enabled(page, ".ds-play-roll") and page.locator(".ds-play-score").count() == 0
    page.keyboard.press("r")  # the computer's turn: the person's key plays nothing
    assert page.get_attribute(".ds-play", "data-actions") == "2"
    page.wait_for_selector('.ds-play[data-computer="false"]', timeout=15_000)  # at 0.7 s a move
    actions = page.locator(".ds-play-log pre").text_content().splitlines()[4:]
    assert len(actions) >= 4 and actions[2].startswith("roll ") and actions[-1].startswith("score ")
    assert _enabled(page, ".ds-play-roll")
    assert "computer=2" in page.get_attribute(".ds-play-link", "href")
    assert not page.console_errors, page.console_errors


def registered_game_of(ruleset: str) -> str:
    return find_ruleset(ruleset).game


# -- accessibility ---------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("game", AXED)
def test_the_game_pages_have_no_serious_accessibility_violation_in_either_palette(base_url: str, page, game) -> None:
    """axe-core finds no serious or critical violation on the game page of each family mid-game
    (dice, buttons, the sheet, the coach's panel listing its choices), in the light and the dark
    palette, and the page logs no error."""
    require_axe()
    ruleset, players = _players(game)
    _open(page, base_url, game, f"#ruleset={ruleset}&players={players}&seed={SEED}")
    page.keyboard.press("r")
    page.keyboard.press("1")
    page.locator(".ds-play-coach-toggle input").check()
    coached = _data(page.content())["rulesets"][0]["coach"]
    if not coached:  # no coach file (the solver refuses the ruleset): one line
        page.locator(".ds-play-coach-status").filter(has_text=SAY.format("coach_none", ruleset=ruleset)).wait_for()
    else:
        page.locator(".ds-play-coach-choices li").first.wait_for(timeout=10_000)  # the site's own coach
    page.add_style_tag(content=NO_TRANSITIONS)
    page.add_script_tag(path=str(AXE))
    for palette in ("light", "dark"):
        result = page.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
        serious = [
            (v["id"], [n["html"] for n in v["nodes"]][:3]) for v in result["violations"] if v["impact"] in BLOCKING
        ]
        assert not serious, f"{game}, {palette} palette: {serious}"
        page.evaluate(TOGGLE)
    assert not page.console_errors, page.console_errors
