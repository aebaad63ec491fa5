"""Where solved score-sheet tables are kept: a file named by the rules that decide play and by the
solver's code, read back only when it is that ruleset's own table, rewritten over a damaged or
foreign file, and the tables older code made for the same rules removed; the cache folder."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from dicespec import find_ruleset
from dicespec.solver import cache
from dicespec.solver.scoresheet import solution, solve
from own_sheets import quick_ruleset, ruleset_file


def test_the_cache_key_is_the_rules_not_the_name(tmp_path: Path) -> None:
    """Rulesets that play alike share a table; any rule that changes play changes the key."""
    no_extra = find_ruleset("kiriki-no-extra")
    same = ruleset_file(tmp_path, "title: Another name", "description: The same rules.")
    assert cache.rules_key(same) == cache.rules_key(no_extra)
    assert cache.rules_key(find_ruleset("kiriki")) != cache.rules_key(no_extra)
    for change in (
        "rolls_per_turn: 2",
        "upper_bonus: {points: 30}",
        "rows: {chance: {rule: chance}, sixes: {face: 5}}",
    ):
        assert cache.rules_key(ruleset_file(tmp_path, change)) != cache.rules_key(no_extra), change


def test_a_table_solved_by_other_code_is_not_read_and_is_removed(
    empty_cache: Path, tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A table is named by the package's code too: after a change to the solver (or any code),
    the table an older solver wrote is not read, the ruleset is solved again, and the older
    table of the same rules is removed."""
    ruleset = quick_ruleset(tmp_path_factory.mktemp("rulesets"))
    with monkeypatch.context() as another_day:
        another_day.setattr(cache, "code_digest", lambda *roots: "0123456789ab the code of another day")
        older = cache.save_table(ruleset, np.zeros(3))
        assert cache.load_table(ruleset) is not None
    assert cache.table_path(ruleset) != older and cache.load_table(ruleset) is None
    np.savez_compressed(cache.table_path(ruleset), values=np.zeros(3), key=np.array(cache.rules_key(ruleset)))
    assert cache.load_table(ruleset) is None  # a table holding the rules' key alone is not today's
    solution(ruleset)
    assert cache.load_table(ruleset) is not None and not older.exists()


@pytest.mark.slow
def test_a_damaged_or_foreign_cache_file_is_solved_again(
    empty_cache: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """A cache file that is not a table of these rules is ignored: the ruleset is solved and the file rewritten."""
    ruleset = quick_ruleset(tmp_path_factory.mktemp("rulesets"))
    path = cache.table_path(ruleset)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"not a table")
    assert cache.load_table(ruleset) is None
    expected = solution(ruleset).expected_score
    assert cache.load_table(ruleset) is not None
    np.savez_compressed(path, values=np.zeros(3), key=np.array("another key"))
    assert cache.load_table(ruleset) is None
    assert solve(ruleset).expected_score == expected


def test_the_cache_folder_follows_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """DICESPEC_CACHE_DIR wins; else XDG_CACHE_HOME/dicespec; else ~/.cache/dicespec."""
    monkeypatch.setenv("DICESPEC_CACHE_DIR", str(tmp_path / "mine"))
    assert cache.cache_dir() == tmp_path / "mine"
    monkeypatch.delenv("DICESPEC_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache.cache_dir() == tmp_path / "xdg" / "dicespec"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert cache.cache_dir() == Path.home() / ".cache" / "dicespec"
