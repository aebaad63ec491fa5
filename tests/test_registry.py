"""The pieces of a game: what adding a game as data takes, each piece checked once for every game
of the registry, in a test whose message names the game, the piece and the file to write (the
list is docs/architecture.md's "The pieces of a game" and CONTRIBUTING.md's "Adding a game").

The registry refuses, at load, an entry whose default ruleset has no file
(``dicespec.registry.RegistryError``); the other tests of a piece leave a game that lacks the
piece to the test here, so that a missing piece fails once, here, with what to write."""

from __future__ import annotations

import re
from importlib import resources

import pytest
import yaml

from dicespec import registry
from dicespec.catalog import LANGUAGES
from dicespec.registry import UntranslatedError, game_names, game_summary
from dicespec.regression import golden
from dicespec.rulesets import RulesetError, prose, ruleset_data, ruleset_names
from dicespec.site.layout import address
from dicespec.solver.figures import read as optimal_figures
from dicespec.spec import cases
from dicespec.spec.paths import features_dir, sources_dir
from dicespec.spec.trace import misquoted, stray, untraced
from folders import REPO

GAMES = game_names()


def _file(ruleset: str) -> str:
    return f"src/dicespec/rulesets/{ruleset}.yaml"


@pytest.mark.parametrize("game", GAMES)
def test_the_default_ruleset_is_of_its_game(game: str) -> None:
    """The reference ruleset games.yaml names is a ruleset of that game (the registry refuses,
    at load, one that has no file)."""
    default = registry.game(game).default_ruleset
    assert default in ruleset_names(game), (
        f"game {game}: default ruleset {default}: {_file(default)} says game: "
        f"{ruleset_data(default)['game']!r}; write game: {game} there, or name another default in "
        "src/dicespec/games.yaml"
    )


@pytest.mark.parametrize("game", GAMES)
def test_the_game_has_its_features(game: str) -> None:
    """``features/<game>/<lang>/*.feature`` holds the game's cases, tagged with its tag."""
    tag = registry.game(game).tag
    files = sorted((features_dir() / game).glob("*/*.feature"))
    assert files, (
        f"game {game}: no features folder: write features/{game}/<lang>/*.feature, each feature "
        f"tagged @{tag} and @source:<a file of fixtures/sources/>, each case with an @id:{game}-<lang>-… "
        "and a @rule: (CONTRIBUTING.md, Adding a game)"
    )
    assert any(case.game == game for case in cases()), (
        f"game {game}: features/{game}/ holds no case of the game: tag its features @{tag}"
    )


def _declared_sources() -> set[str]:
    entries = yaml.safe_load((sources_dir() / "sources.yaml").read_text(encoding="utf-8")) or []
    return {entry["file"] for entry in entries}


@pytest.mark.parametrize("game", GAMES)
def test_the_game_has_its_source_texts(game: str) -> None:
    """Its reference ruleset takes a stored text at its word; every text its rulesets and its
    features name is a file of ``fixtures/sources/``, and a rule text (``.txt``, which gets a page)
    has an entry in ``sources.yaml``."""
    default = registry.game(game).default_ruleset
    assert ruleset_data(default)["texts"], (
        f"game {game}: ruleset {default} takes no text at its word: store its rules in "
        f"fixtures/sources/<name>.txt (with where, when and under which licence) and name it in texts: in "
        f"{_file(default)}"
    )
    named = {
        text: f"ruleset {name} ({_file(name)})" for name in ruleset_names(game) for text in ruleset_data(name)["texts"]
    }
    named.update(
        {case.source: f"the case {case.id}" for case in cases() if case.game == game and case.source != "normative"}
    )
    declared = _declared_sources()
    problems = []
    for text, who in sorted(named.items()):
        if not (sources_dir() / text).is_file():
            problems.append(f"{text}, named by {who}: no such file: store it in fixtures/sources/")
        elif text.endswith(".txt") and text not in declared:  # a rule text has a page; data (.json) none
            problems.append(
                f"{text}, named by {who}: no entry in fixtures/sources/sources.yaml: add one (page, languages, "
                "title and about in en, fr, de, pl)"
            )
    assert not problems, f"game {game}: source texts: " + "; ".join(problems)


@pytest.mark.parametrize("game", GAMES)
def test_every_value_of_the_game_has_a_sentence_or_a_gap(game: str) -> None:
    """Every value of every ruleset of the game is traced to a sentence its texts hold word for
    word, or chosen by a gap with its reason; every trace names a value."""
    problems = []
    for name in ruleset_names(game):
        data = ruleset_data(name)
        if found := untraced(data):
            problems.append(
                f"{_file(name)}: untraced values {', '.join(found)}: quote the sentence that states each "
                "under trace: (from a file named in texts:), or give a gaps: entry with the reason"
            )
        problems += [f"{_file(name)}: {wrong}" for wrong in misquoted(data)]
        problems += [f"{_file(name)}: trace: {key}: names no value of the ruleset" for key in stray(data)]
    assert not problems, f"game {game}: trace: " + "; ".join(problems)


@pytest.mark.parametrize("game", GAMES)
def test_every_text_of_the_game_is_in_every_language(game: str) -> None:
    """The game's summary, and each of its rulesets' title, description, row labels and gap
    choices, in every language of the site."""
    problems = []
    for lang in LANGUAGES:
        try:
            game_summary(game, lang)
        except UntranslatedError as missing:
            problems.append(str(missing))
        for name in ruleset_names(game):
            try:
                prose(name, lang)
            except RulesetError as missing:
                problems.append(f"{missing} (write it in {_file(name)})")
    assert not problems, f"game {game}: translations (en, fr, de, pl): " + "; ".join(problems)


@pytest.mark.parametrize("game", GAMES)
def test_the_game_has_its_golden_files(game: str) -> None:
    """Each ruleset of the game has its golden file (``make golden``); whether it is current is
    ``tests/regression/test_golden.py``'s (slow) test."""
    missing = [name for name in ruleset_names(game) if not golden.golden_path(name).is_file()]
    assert not missing, (
        f"game {game}: no golden file for {', '.join(missing)}: run `make golden` "
        f"(writes {', '.join(f'fixtures/golden/{name}.txt' for name in missing)}) and commit it"
    )


@pytest.mark.parametrize("game", GAMES)
def test_the_game_has_its_optimal_play_figures(game: str) -> None:
    """Each ruleset of the game has its figures in ``fixtures/optimal-play.json`` (``make
    optimal``); whether they are current is ``tests/solver/test_figures.py``'s."""
    kept = {entry["ruleset"] for entry in (optimal_figures() or {}).get(game, [])}
    missing = [name for name in ruleset_names(game) if name not in kept]
    assert not missing, (
        f"game {game}: no optimal-play figures for {', '.join(missing)}: run `make optimal` "
        "(rewrites fixtures/optimal-play.json) and commit it"
    )


@pytest.mark.parametrize("game", GAMES)
def test_the_home_page_presents_the_game(game: str) -> None:
    """The home page, written by hand in each language of the site, links the game's rules page
    (the rules page itself is generated)."""
    root = REPO
    pages = {lang: "docs/index.md" if lang == "en" else f"docs/{lang}/index.md" for lang in LANGUAGES}
    link = f"]({address(game)}.md)"
    missing = [page for page in pages.values() if link not in (root / page).read_text(encoding="utf-8")]
    assert not missing, (
        f"game {game}: the home page does not present it: add it, with a line on what it is and a link "
        f'[{registry.game(game).title}]({address(game)}.md), under "The games" in {", ".join(missing)}'
    )


# -- the registry refuses what it cannot give -------------------------------------------------------


def test_a_game_whose_default_ruleset_has_no_file_is_refused_at_load(monkeypatch: pytest.MonkeyPatch) -> None:
    """A games.yaml entry whose default ruleset has no file stops the registry with one line
    naming the game and the file to write, rather than leaving the game out of every list."""
    entries = yaml.safe_load(resources.files("dicespec").joinpath("games.yaml").read_text(encoding="utf-8"))
    entry = {**entries[-1], "name": "no-such-game", "tag": "no_such_game", "default": "no-such-game"}
    monkeypatch.setattr(registry, "_entries", lambda: [*entries, entry])
    registry._registry.cache_clear()
    try:
        with pytest.raises(registry.RegistryError) as refused:
            registry.games()
    finally:
        monkeypatch.undo()
        registry._registry.cache_clear()
    message = str(refused.value)
    assert message == (
        "dicespec/games.yaml: game 'no-such-game': default: 'no-such-game': no ruleset file; "
        "write src/dicespec/rulesets/no-such-game.yaml (game: no-such-game)"
    )
    assert registry.game_names() == GAMES


def test_the_pieces_are_the_ones_the_docs_list() -> None:
    """docs/architecture.md and CONTRIBUTING.md name each test of this file beside its piece."""
    tests = sorted(
        name for name in globals() if name.startswith("test_") and "refused" not in name and "docs" not in name
    )
    root = REPO
    for doc in ("docs/architecture.md", "CONTRIBUTING.md"):
        text = (root / doc).read_text(encoding="utf-8")
        missing = [name for name in tests if not re.search(rf"\b{name}\b", text)]
        assert not missing, f"{doc} does not name {', '.join(missing)} beside its piece"
