"""``dicespec.conformance.run.holds`` through its own API, in process (no spec run): the ruleset a
name or a path stands for, :class:`UnderRuleset` answering every question of its game under its
one ruleset (and a case its bounds leave out as one it cannot ask), and :func:`alike` telling the
cases that hold alike under two rulesets from the others, and :func:`features` keeping each
ruleset's verdicts in the cache folder under what its spec run reads."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from dicespec.conformance.run import holds
from dicespec.implementation import CannotAsk
from dicespec.rulesets import RulesetError, declare_file, find_ruleset, forget_declared
from dicespec.spec.paths import data_root, errata_path
from helpers import write_lines


@pytest.fixture
def house(tmp_path: Path) -> Path:
    """Kiriki whose only change is a 30-point full house."""
    return write_lines(tmp_path, "house.yaml", "extends: kiriki", "rows:", "  full_house: {points: 30}")


def test_ruleset_of_a_name_is_the_shipped_ruleset_of_a_path_the_file(house: Path, tmp_path: Path) -> None:
    assert holds.ruleset_of("kiriki") == find_ruleset("kiriki")
    mine = holds.ruleset_of(str(house))
    assert mine.game == "kiriki" and mine != find_ruleset("kiriki")
    with pytest.raises(RulesetError, match=r"gone\.yaml: cannot read the file"):
        holds.ruleset_of(str(tmp_path / "gone.yaml"))


def test_the_spec_s_engines_answer_under_a_file(house: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The spec run's implementation answers a question about any ruleset of the file's game under
    the file, and a question about another game under the ruleset asked."""
    monkeypatch.setenv(holds.RULESET_VARIABLE, str(house.resolve()))
    under = holds.UnderRuleset()
    assert under.rulesets == {"kiriki": ["kiriki", "kiriki-fr", "kiriki-no-extra"]}  # whichever a step names
    assert under.score("kiriki", "22333", "full_house") == 30
    assert under.score("kiriki-fr", "22233", "full_house") == 30
    assert under.replay("kiriki", 1, ["roll 22333", "score full_house"])["players"][0]["lines"]["full_house"] == 30
    assert under.score("yatzy", "22333", "full_house") == 13  # Yatzy's own full house: the sum
    assert under.best("ten-thousand", "111") == 1000


def test_a_case_outside_the_ruleset_s_dice_or_players_cannot_be_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """Five-dice Farkle, played by 2 to 20, asked of six dice or of one player: not played under it."""
    monkeypatch.setenv(holds.RULESET_VARIABLE, "farkle-five-dice")
    under = holds.UnderRuleset()
    assert under.best("ten-thousand", "11155") == 1100
    assert under.set_aside("ten-thousand", "15") == {"points": 150}
    with pytest.raises(CannotAsk, match=f"111111: 6 dice, {holds.OUT_OF_BOUNDS} \\(5 dice\\)"):
        under.best("ten-thousand", "111111")
    with pytest.raises(CannotAsk, match=f"1 players: {holds.OUT_OF_BOUNDS} \\(2 to 20\\)"):
        under.replay("ten-thousand", 1, ["roll 11155"])


def test_alike_splits_the_cases_by_their_two_verdicts(house: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rules = declare_file(house).name
    asked: list[tuple[list[str], str | None]] = []

    def features(names: list[str], scenarios: str | None = None, **_: object) -> dict[str, dict[str, str]]:
        asked.append((names, scenarios))
        return {
            "kiriki": {"a": "holds", "b": "fails", "c": "holds", "d": "holds"},
            rules: {"a": "holds", "b": "fails", "c": "fails", "d": holds.UNASKABLE},
        }

    monkeypatch.setattr(holds, "features", features)
    same, differ = holds.alike("kiriki", rules)
    assert same == {"a", "b"}
    assert differ == {
        "c": "its claim holds under kiriki, fails under these rules",
        "d": f"its claim holds under kiriki, {holds.UNASKABLE} under these rules",
    }
    assert asked == [(["kiriki", rules], "kiriki")]


@pytest.fixture
def runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """The rulesets of each spec run :func:`holds.features` starts (none is: each ruleset's verdicts
    are made up from its name), with a cache folder of the test's own."""
    monkeypatch.setenv("DICESPEC_CACHE_DIR", str(tmp_path / "cache"))
    started: list[list[str]] = []

    def spec_runs(names: list[str], scenarios: str | None = None, **_: object) -> dict[str, dict[str, str]]:
        started.append(list(names))
        return {name: {f"case under {name}": "holds"} for name in names}

    monkeypatch.setattr(holds, "spec_runs", spec_runs)
    return started


def test_a_rulesets_verdicts_are_kept_and_read_back(runs: list[list[str]]) -> None:
    """The verdicts under a ruleset come from one spec run, and after it from the cache folder, in
    this process or another; only the rulesets not kept yet are run."""
    first = holds.features(["kiriki", "kiriki-fr"])
    assert first == {name: {f"case under {name}": "holds"} for name in ("kiriki", "kiriki-fr")}
    assert holds.features(["kiriki-fr", "kiriki", "kiriki-no-extra"])["kiriki-no-extra"]
    assert holds.features(["kiriki", "kiriki-fr"]) == first
    assert runs == [["kiriki", "kiriki-fr"], ["kiriki-no-extra"]]


def test_the_key_of_kept_verdicts_moves_with_what_the_run_reads(
    runs: list[list[str]], house: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another ruleset, other scenarios, unaskable cases, another file of rules of one's own, rules
    declared in the process, a changed feature: another file. The same rules declared from a copy
    elsewhere, the same spec in a copy elsewhere: the same file."""
    key = holds.kept_path("kiriki")
    assert holds.kept_path("kiriki") == key
    others = [
        holds.kept_path("kiriki-fr"),
        holds.kept_path("kiriki", "kiriki-fr"),
        holds.kept_path("kiriki", unaskable=True),
        holds.kept_path(str(house)),
    ]
    assert len({key, *others}) == 5
    mine = holds.kept_path(str(house))
    house.write_text(house.read_text(encoding="utf-8").replace("30", "35"), encoding="utf-8")
    assert holds.kept_path(str(house)) != mine
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    with_rules = [holds.kept_path("kiriki")]
    declare_file(house)
    with_rules.append(holds.kept_path("kiriki"))
    forget_declared()
    declare_file(shutil.copy(house, elsewhere))  # the same rules, from a file in another folder
    with_rules.append(holds.kept_path("kiriki"))
    forget_declared()
    assert with_rules[0] != with_rules[1] == with_rules[2]
    copy = tmp_path / "spec"
    shutil.copytree(data_root() / "features", copy / "features")
    (copy / "fixtures").mkdir()
    shutil.copy(errata_path(), copy / "fixtures")
    monkeypatch.setenv("DICESPEC_ROOT", str(copy))
    assert holds.kept_path("kiriki") == key
    feature = next((copy / "features").rglob("*.feature"))
    feature.write_text(feature.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert holds.kept_path("kiriki") != key
    assert not runs
