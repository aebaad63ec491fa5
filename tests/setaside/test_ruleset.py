"""Set-aside rulesets (10000, Greed): the shipped files, the gaps they record, what the format expresses, bad files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dicespec import RulesetError, find_ruleset, load_ruleset, ruleset_names
from dicespec.rulesets import ruleset_data
from dicespec.setaside.combos import best, score
from dicespec.setaside.errors import NotScoringError
from dicespec.setaside.ruleset import BelowEntry, HotDice, MoreOfAKindRule, SetAsideRule, SetAsideRuleset


def variant(tmp_path: Path, text: str) -> SetAsideRuleset:
    path = tmp_path / "variant.yaml"
    path.write_text("extends: ten-thousand\nname: variant\n" + text, encoding="utf-8")
    return load_ruleset(path)


def test_shipped_rulesets() -> None:
    """The text's ruleset is the default 10000 ruleset, with six dice; the Farkle tables ship beside
    it, with six dice or, in Wikipedia's variation, five."""
    names = ruleset_names("ten-thousand")
    assert names[0] == "ten-thousand" and "farkle" in names and find_ruleset("ten-thousand").dice == 6
    for name in names:
        ruleset = find_ruleset(name)
        assert isinstance(ruleset, SetAsideRuleset) and ruleset.game == "ten-thousand" and ruleset.dice in (5, 6)
    assert find_ruleset("farkle-five-dice").dice == 5


def test_text_ruleset_values() -> None:
    """The text's ruleset holds the text's numbers."""
    text = find_ruleset("ten-thousand")
    assert text.singles == (100, 0, 0, 0, 50, 0)
    assert text.three_of_a_kind == (1000, 200, 300, 400, 500, 600)
    assert text.more_of_a_kind.rule is MoreOfAKindRule.DOUBLING
    assert [(s.faces, s.points) for s in text.straights] == [((1, 2, 3, 4, 5), 1250)]
    assert text.patterns == ()
    assert (text.entry, text.below_entry, text.target, text.final_round, text.hot_dice) == (
        750,
        BelowEntry.SCORES_NOTHING,
        10000,
        False,
        HotDice.OPTIONAL,
    )
    assert text.set_aside is SetAsideRule.CHOSEN and find_ruleset("farkle").set_aside is SetAsideRule.CHOSEN


def test_greed_ruleset_values() -> None:
    """Greed's ruleset holds the Ruby Koans' numbers: five dice, the table, every scoring die set aside."""
    greed = find_ruleset("greed")
    assert isinstance(greed, SetAsideRuleset) and greed.game == "greed" and ruleset_names("greed") == ["greed"]
    assert (greed.dice, greed.min_players, greed.max_players) == (5, 2, 20)
    assert greed.singles == (100, 0, 0, 0, 50, 0)
    assert greed.three_of_a_kind == (1000, 200, 300, 400, 500, 600)
    assert greed.more_of_a_kind.largest == 3 and greed.straights == () and greed.patterns == ()
    assert greed.set_aside is SetAsideRule.ALL_SCORING
    assert (greed.entry, greed.below_entry, greed.target, greed.final_round, greed.hot_dice) == (
        300,
        BelowEntry.SCORES_NOTHING,
        3000,
        True,
        HotDice.OPTIONAL,
    )
    assert "every scoring die is set aside" in greed.describe_set_aside()
    assert "no combination of their own" in greed.more_of_a_kind.describe()
    assert "roll all 5 dice again" in greed.describe_hot_dice()


@pytest.mark.parametrize(
    ("name", "keys"),
    [
        (
            "ten-thousand",
            {
                "players",
                "more_of_a_kind",
                "straights",
                "patterns",
                "entry",
                "end.target",
                "end.final_round",
                "farkle",
                "hot_dice",
                "set_aside",
                "winner",
            },
        ),
        (
            "farkle",
            {
                "players",
                "three_of_a_kind",
                "more_of_a_kind",
                "patterns",
                "entry",
                "end.final_round",
                "farkle",
                "hot_dice",
                "set_aside",
            },
        ),
        ("greed", {"dice", "players.max", "more_of_a_kind", "entry.below", "winner"}),
    ],
)
def test_gaps_are_recorded(name: str, keys: set[str]) -> None:
    """Each choice made where the source is silent is written in the ruleset's gaps."""
    gaps = dict(find_ruleset(name).gaps)
    assert keys <= set(gaps)
    assert all(choice.strip() for choice in gaps.values())


def test_text_six_unique_has_no_value_of_its_own() -> None:
    """Under the text, 1-2-3-4-5-6 gives its 1-5 straight, and the six dice cannot all be set aside."""
    text = find_ruleset("ten-thousand")
    assert best(text, "123456") == 1250
    with pytest.raises(NotScoringError):
        score(text, "123456")


def test_linear_more_of_a_kind(tmp_path: Path) -> None:
    """Linear: each die past three adds the three-of-a-kind value once more."""
    linear = variant(tmp_path, "more_of_a_kind: {rule: linear, largest: 6}\n")
    assert [score(linear, "3" * n) for n in (3, 4, 5, 6)] == [300, 600, 900, 1200]
    assert [score(linear, "1" * n) for n in (3, 4, 5, 6)] == [1000, 2000, 3000, 4000]


def test_largest_kind(tmp_path: Path) -> None:
    """Past ``largest`` dice, a kind is no combination of its own: six 2s split into smaller ones."""
    five = variant(tmp_path, "more_of_a_kind: {rule: doubling, largest: 5}\n")
    assert score(five, "222222") == 400  # two three-of-a-kinds
    assert best(five, "222222") == 800  # five 2s, the sixth left to roll
    assert score(five, "111111") == 4100  # five 1s and a 1


def test_fixed_points_without_six(tmp_path: Path) -> None:
    """Fixed values: a number of dice without a value is no combination of its own."""
    fixed = variant(tmp_path, "more_of_a_kind: {rule: fixed, largest: 6, points: {four: 1000}}\n")
    assert score(fixed, "2222") == 1000
    assert score(fixed, "444444") == 800  # two three-of-a-kinds
    assert best(fixed, "444444") == 1000  # four 4s, two dice left to roll
    with pytest.raises(NotScoringError):
        score(fixed, "22222")


def test_six_unique_can_be_valued(tmp_path: Path) -> None:
    """A ruleset values six unique as a 1-6 straight beside the 1-5 one."""
    both = variant(
        tmp_path, "straights: [{faces: [1, 2, 3, 4, 5], points: 1250}, {faces: [1, 2, 3, 4, 5, 6], points: 1500}]\n"
    )
    assert score(both, "654321") == 1500 and score(both, "12345") == 1250


BAD = [
    ("more_of_a_kind: {rule: tripling, largest: 6}\n", "more_of_a_kind.rule", "tripling"),
    ("more_of_a_kind: {rule: fixed, largest: 6}\n", "more_of_a_kind", "points"),
    (
        "more_of_a_kind: {rule: doubling, largest: 6, points: {four: 1000}}\n",
        "more_of_a_kind.points",
        "rule: fixed only",
    ),
    ("singles: [100, 0, 0, 0, 50]\n", "singles", "[100, 0, 0, 0, 50]"),
    ("three_of_a_kind: [1000, 200, 300, 400, 500, -600]\n", "three_of_a_kind.5", "-600"),
    ("straights: [{faces: [1, 2, 7], points: 100}]\n", "straights.0.faces.2", "7"),
    ("patterns: [{name: three pairs, counts: [2, 2, 2]}]\n", "patterns.0.points", "missing"),
    ("patterns: [{name: three pairs, counts: [2, 2, 6], points: 1}]\n", "patterns.0.counts.2", "6"),
    ("entry: {points: 750, below: maybe}\n", "entry.below", "maybe"),
    ("end: {target: 10000, final_round: yes please}\n", "end.final_round", "yes please"),
    ("hot_dice: sometimes\n", "hot_dice", "sometimes"),
    ("set_aside: some\n", "set_aside", "some"),
    ("dice: 0\n", "dice", "0"),
    ("dice: 7\n", "dice", "7"),
    ("farkle_penalty: {farkles: 0, points: 500, floor: 0}\n", "farkle_penalty.farkles", "0"),
    ("farkle_penalty: {farkles: 3, points: 0, floor: 0}\n", "farkle_penalty.points", "0"),
    ("farkle_penalty: {farkles: 3, points: 500, floor: 100}\n", "farkle_penalty.floor", "100"),
    ("farkle_penalty: {farkles: 3, points: 500}\n", "farkle_penalty", "floor"),
    ("instant_win: {of_a_kind: 7, first_roll_only: true}\n", "instant_win.of_a_kind", "7"),
    ("end: {target: 10000, final_round: false, exact: maybe}\n", "end.exact", "maybe"),
]

# Rules that cannot go together: each refused in one line naming the keys.
COMBINED = [
    ("end: {target: 10025, final_round: false, exact: true}\n", ("end.exact", "end.target: 10025", "50")),
    ("end: {target: 500, final_round: false, exact: true}\n", ("end.exact", "entry.points: 750", "end.target: 500")),
    ("dice: 5\ninstant_win: {of_a_kind: 6, first_roll_only: false}\n", ("instant_win.of_a_kind: 6", "dice")),
]


@pytest.mark.parametrize(("text", "named"), COMBINED)
def test_rules_that_cannot_go_together(tmp_path: Path, text: str, named: tuple[str, ...]) -> None:
    """A ruleset combining rules that cannot go together is refused at load, in one line naming the keys."""
    with pytest.raises(RulesetError) as caught:
        variant(tmp_path, text)
    message = str(caught.value)
    assert "\n" not in message and "variant.yaml" in message
    assert all(part in message for part in named), message


def test_new_rules_default_to_none(tmp_path: Path) -> None:
    """Without the keys, a ruleset has no farkle penalty, no instant win and an end that may pass the target."""
    for name in ruleset_names("ten-thousand") + ruleset_names("greed"):
        data = ruleset_data(name)
        ruleset = find_ruleset(name)
        assert (ruleset.farkle_penalty is None) == ("farkle_penalty" not in data)
        assert (ruleset.instant_win is None) == ("instant_win" not in data)
        assert ruleset.exact_target == data["end"].get("exact", False)
    plain = variant(tmp_path, "")
    assert plain.farkle_penalty is None and plain.instant_win is None and not plain.exact_target


def test_a_penalty_with_a_floor_stops_there(tmp_path: Path) -> None:
    """A floor of 0 keeps a score from going below 0; without a floor it goes below."""
    floored = variant(tmp_path, "farkle_penalty: {farkles: 2, points: 500, floor: 0}\n")
    assert floored.farkle_penalty is not None and floored.farkle_penalty.applied(300) == 0
    assert floored.farkle_penalty.applied(800) == 300
    unfloored = variant(tmp_path, "farkle_penalty: {farkles: 2, points: 500, floor: null}\n")
    assert unfloored.farkle_penalty is not None and unfloored.farkle_penalty.applied(300) == -200


@pytest.mark.parametrize(("text", "key_path", "value"), BAD)
def test_bad_ruleset_files(tmp_path: Path, text: str, key_path: str, value: str) -> None:
    """A broken set-aside ruleset file is refused with a message naming the file, the key path and the value."""
    with pytest.raises(RulesetError) as caught:
        variant(tmp_path, text)
    message = str(caught.value)
    assert "variant.yaml" in message and key_path in message and value in message


def test_set_aside_is_required(tmp_path: Path) -> None:
    """A set-aside ruleset says which dice a roll sets aside: without ``set_aside`` it is refused."""
    data = ruleset_data("greed")
    path = tmp_path / "mine.yaml"
    path.write_text(
        "\n".join(f"{key}: {json.dumps(value)}" for key, value in data.items() if key != "set_aside"), encoding="utf-8"
    )
    with pytest.raises(RulesetError, match=r"set_aside: missing"):
        load_ruleset(path)
