"""Replayed games kept between runs: read back, they are the cases played (ids, requests, answers,
order); a file is named by what the games come from, made only from every game played, and one
that cannot be read is played again."""

from __future__ import annotations

import itertools
import os
from pathlib import Path

import pytest

from dicespec import corpus
from dicespec.corpus import kept_games

RULESETS = {"kiriki": ["kiriki"], "ten-thousand": ["farkle"], "greed": ["greed"]}


@pytest.fixture(autouse=True)
def cache_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("DICESPEC_CACHE_DIR", str(tmp_path))
    return tmp_path


def files(folder: Path) -> list[Path]:
    return sorted((folder / "conformance-games").glob("*.json"))


def test_kept_games_are_the_games_played(cache_folder: Path) -> None:
    played = list(corpus.games(RULESETS, count=6, seed=3))
    assert files(cache_folder) == []
    first = list(corpus.games(RULESETS, count=6, seed=3, kept=True))
    assert [path.name.split("-")[0] for path in files(cache_folder)] == ["farkle", "greed", "kiriki"]
    again = list(corpus.games(RULESETS, count=6, seed=3, kept=True))
    assert first == played and again == played
    assert [list(case.args) for case in again] == [list(case.args) for case in played]  # requests written alike
    assert any(case.id.endswith("+") for case in again)
    assert any(len(case.refusals) > 1 for case in again)  # the codes of every check a refused action fails


def test_a_file_is_named_by_what_the_games_come_from(cache_folder: Path) -> None:
    names = {kept_games.path_of("kiriki", "kiriki", count, seed).name for count in (5, 6) for seed in (0, 1)}
    names |= {kept_games.path_of("kiriki", "kiriki-fr", 5, 0).name}
    assert len(names) == 5
    list(corpus.games({"kiriki": ["kiriki"], "ten-thousand": ["farkle", "farkle-linear"]}, count=2, seed=0, kept=True))
    assert len(files(cache_folder)) == 3
    list(corpus.games({"kiriki": ["kiriki"], "ten-thousand": ["farkle"]}, count=3, seed=0, kept=True))
    assert [path.name for path in files(cache_folder)] == sorted(  # another number of games: a file of its own
        kept_games.path_of(game, ruleset, count, 0).name
        for game, ruleset, count in [
            ("kiriki", "kiriki", 2),
            ("kiriki", "kiriki", 3),
            ("ten-thousand", "farkle", 2),
            ("ten-thousand", "farkle", 3),
            ("ten-thousand", "farkle-linear", 2),
        ]
    )


def test_a_ruleset_keeps_its_most_recently_used_files(cache_folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two runs that ask for other games of the same ruleset (250 for the golden files, one for a
    quick conform) keep a file each; past :data:`KEPT` files, the least recently used goes."""
    monkeypatch.setattr(kept_games, "KEPT", 2)
    kiriki = {"kiriki": ["kiriki"]}

    def played(count: int, when: int | None = None) -> None:
        list(corpus.games(kiriki, count=count, seed=0, kept=True))
        if when is not None:
            os.utime(kept_games.path_of("kiriki", "kiriki", count, 0), (when, when))  # long ago, in this order

    played(1, 1000)
    played(2, 2000)
    played(1)  # read back: used now
    played(3)  # a third file: the least recently used, of 2 games, goes
    assert [path.name for path in files(cache_folder)] == sorted(
        kept_games.path_of("kiriki", "kiriki", count, 0).name for count in (1, 3)
    )
    list(corpus.games({"ten-thousand": ["farkle"]}, count=1, seed=0, kept=True))  # another ruleset's files apart
    assert len(files(cache_folder)) == 3


def test_games_seeded_as_another_ruleset_are_kept_apart_and_read_back_alike(cache_folder: Path) -> None:
    seeded = {"kiriki-no-extra": "kiriki"}
    played = list(corpus.games({"kiriki": ["kiriki-no-extra"]}, count=3, seeded_as=seeded))
    first = list(corpus.games({"kiriki": ["kiriki-no-extra"]}, count=3, seeded_as=seeded, kept=True))
    again = list(corpus.games({"kiriki": ["kiriki-no-extra"]}, count=3, seeded_as=seeded, kept=True))
    assert first == played and again == played and {case.args["ruleset"] for case in again} == {"kiriki"}
    assert kept_games.path_of("kiriki", "kiriki-no-extra", 3, 0, seeded_as="kiriki") != kept_games.path_of(
        "kiriki", "kiriki-no-extra", 3, 0
    )


def test_only_every_game_played_is_kept(cache_folder: Path) -> None:
    stream = corpus.games({"kiriki": ["kiriki"]}, count=4, seed=0, kept=True)
    list(itertools.islice(stream, 5))
    stream.close()
    assert files(cache_folder) == []


@pytest.mark.parametrize(
    "content",
    [
        "",
        "{",
        '{"format": "other", "games": []}',
        '{"format": "%s", "games": [1]}',
        '{"format": "%s", "games": [{"actions": [], "cases": [[1]]}]}',
        "[]",
    ],
)
def test_a_file_that_cannot_be_read_is_played_again(cache_folder: Path, content: str) -> None:
    played = list(corpus.games({"ten-thousand": ["farkle"]}, count=1, seed=0))
    path = kept_games.path_of("ten-thousand", "farkle", 1, 0)
    path.parent.mkdir(parents=True)
    path.write_text(content.replace("%s", kept_games.FORMAT), encoding="utf-8")
    assert list(corpus.games({"ten-thousand": ["farkle"]}, count=1, seed=0, kept=True)) == played
    assert list(corpus.games({"ten-thousand": ["farkle"]}, count=1, seed=0, kept=True)) == played


def test_a_folder_that_cannot_be_written_keeps_nothing(cache_folder: Path) -> None:
    (cache_folder / "conformance-games").write_text("a file where the folder would be", encoding="utf-8")
    played = list(corpus.games({"kiriki": ["kiriki"]}, count=1, seed=0))
    assert list(corpus.games({"kiriki": ["kiriki"]}, count=1, seed=0, kept=True)) == played
