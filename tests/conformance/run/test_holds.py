"""``dicespec.conformance.run.holds`` through its own API, in process (no spec run): the ruleset a
name or a path stands for, :class:`UnderRuleset` answering every question of its game under its
one ruleset (and a case its bounds leave out as one it cannot ask), and :func:`alike` telling the
cases that hold alike under two rulesets from the others, kept in the cache folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from dicespec.conformance.run import holds
from dicespec.implementation import CannotAsk
from dicespec.rulesets import RulesetError, declare_file, find_ruleset
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


def test_alike_splits_the_cases_by_their_two_verdicts_and_keeps_them(
    house: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DICESPEC_CACHE_DIR", str(tmp_path / "cache"))
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
    assert holds.alike("kiriki", rules) == (same, differ) and len(asked) == 1  # read from the cache
