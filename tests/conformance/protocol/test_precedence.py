"""Which rejection code wins when the rules refuse an action for more than one reason: the order of
:data:`dicespec.conformance.protocol.precedence.PRECEDENCE` is the engines' (each pair of checks of
one action that can both refuse it, tried in a state where both do), and the protocol page, in
every language, lists that order."""

from __future__ import annotations

import re
from itertools import combinations

import pytest

from dicespec.conformance.protocol.precedence import ACTIONS, COUNT, NOT_DICE, PRECEDENCE, checks, winner
from dicespec.implementation import ReferenceImplementation, set_aside_replay_answer
from dicespec.rulesets import find_ruleset, load_ruleset
from dicespec.setaside.replay import replay as set_aside_replay
from folders import REPO

REFERENCE = ReferenceImplementation()
DOCS = REPO / "docs"
PAGES = {"en": DOCS / "protocol.md", **{lang: DOCS / lang / "protocol.md" for lang in ("fr", "de", "pl")}}

BAD_VALUE, BAD_COUNT = f"bad-dice/{NOT_DICE}", f"bad-dice/{COUNT}"


# -- states to refuse actions in ----------------------------------------------------------------


def sheet_over(ruleset: str) -> list[str]:
    """A one-player game played to its end: 12346 (no five of a kind, no joker) in every row."""
    actions = [part for row in find_ruleset(ruleset).rows for part in ("roll 12346", f"score {row}")]
    assert REFERENCE.replay(ruleset, 1, actions)["over"]
    return actions


def set_aside_over(ruleset: str, players: int) -> list[str]:
    """Player 1 banks the target at once (six 1s, again and again), every other player farkles."""
    target = find_ruleset(ruleset).target
    actions: list[str] = []
    while REFERENCE.replay(ruleset, players, actions)["turn_points"] < target:
        actions += ["roll 111111", "set 111111"]
    actions += ["bank", *["roll 223466"] * (players - 1)]
    assert REFERENCE.replay(ruleset, players, actions)["over"], actions
    return actions


YACHT_OVER = sheet_over("yacht")
ROLLED = ["roll 12346"]
NO_ROLLS_LEFT = ["roll 12346", "reroll 1=1", "reroll 1=2"]  # three rolls a turn
# Maxi Yatzy: a first turn of one roll saves two; the second turn makes its three and the two saved
NO_SAVED_ROLLS = ["roll 123456", "score ones", "roll 123456", *(f"reroll 1={face}" for face in (1, 2, 3, 4))]
TT_OVER = set_aside_over("ten-thousand", 1)
FARKLE_OVER = set_aside_over("farkle", 2)  # player 2 is the last to play, not on the board
TT_ROLLED = ["roll 111556"]
TT_SET = ["roll 111556", "set 1"]
GREED_ROLLED = ["roll 51341"]  # its scoring dice: 1, 1, 5
# 50 points six times: every die has scored (hot dice), 300 points, below farkle's entry of 500
FIVES_TO_HOT_DICE = [
    step for dice in ("522346", "52234", "5234", "523", "52", "5") for step in (f"roll {dice}", "set 5")
]

# (family, ruleset, players, actions before, the action, the checks that refuse it)
CASES: list[tuple[str, str, int, list[str], str, tuple[str, ...]]] = [
    # score-sheet: roll
    ("score-sheet", "yacht", 1, YACHT_OVER, "roll 12347", (BAD_VALUE, "game-over")),
    ("score-sheet", "yacht", 1, ROLLED, "roll 12347", (BAD_VALUE, "already-rolled")),
    ("score-sheet", "yacht", 1, YACHT_OVER, "roll 1234", ("game-over", BAD_COUNT)),
    ("score-sheet", "yacht", 1, ROLLED, "roll 1234", ("already-rolled", BAD_COUNT)),
    # score-sheet: reroll
    ("score-sheet", "yacht", 1, [], "reroll 1=7", (BAD_VALUE, "not-rolled")),
    ("score-sheet", "yacht", 1, YACHT_OVER, "reroll 1=7", (BAD_VALUE, "game-over", "not-rolled")),
    ("score-sheet", "yacht", 1, NO_ROLLS_LEFT, "reroll 1=7", (BAD_VALUE, "no-rolls-left")),
    ("score-sheet", "yacht", 1, ROLLED, "reroll =7", (BAD_VALUE, "empty-reroll", BAD_COUNT)),
    ("score-sheet", "yacht", 1, ROLLED, "reroll 9=7", (BAD_VALUE, "bad-die-index")),
    ("score-sheet", "yacht", 1, YACHT_OVER, "reroll =", ("game-over", "not-rolled", "empty-reroll")),
    ("score-sheet", "yacht", 1, YACHT_OVER, "reroll 6=1", ("game-over", "not-rolled", "bad-die-index")),
    ("score-sheet", "yacht", 1, YACHT_OVER, "reroll 1=66", ("game-over", "not-rolled", BAD_COUNT)),
    ("score-sheet", "yacht", 1, [], "reroll =", ("not-rolled", "empty-reroll")),
    ("score-sheet", "yacht", 1, [], "reroll 6=1", ("not-rolled", "bad-die-index")),
    ("score-sheet", "yacht", 1, [], "reroll 1=66", ("not-rolled", BAD_COUNT)),
    ("score-sheet", "yacht", 1, NO_ROLLS_LEFT, "reroll =", ("no-rolls-left", "empty-reroll")),
    ("score-sheet", "yacht", 1, NO_ROLLS_LEFT, "reroll 6=1", ("no-rolls-left", "bad-die-index")),
    ("score-sheet", "yacht", 1, NO_ROLLS_LEFT, "reroll 1=66", ("no-rolls-left", BAD_COUNT)),
    ("score-sheet", "maxi-yatzy", 1, NO_SAVED_ROLLS, "reroll 1=7", (BAD_VALUE, "no-saved-rolls")),
    ("score-sheet", "maxi-yatzy", 1, NO_SAVED_ROLLS, "reroll =", ("no-saved-rolls", "empty-reroll")),
    ("score-sheet", "maxi-yatzy", 1, NO_SAVED_ROLLS, "reroll 7=1", ("no-saved-rolls", "bad-die-index")),
    ("score-sheet", "maxi-yatzy", 1, NO_SAVED_ROLLS, "reroll 1=66", ("no-saved-rolls", BAD_COUNT)),
    ("score-sheet", "yacht", 1, ROLLED, "reroll =6", ("empty-reroll", BAD_COUNT)),
    ("score-sheet", "yacht", 1, ROLLED, "reroll 6=11", ("bad-die-index", BAD_COUNT)),
    # score-sheet: score
    ("score-sheet", "yacht", 1, YACHT_OVER, "score choice", ("game-over", "not-rolled", "row-used")),
    ("score-sheet", "yacht", 1, YACHT_OVER, "score upper_total", ("game-over", "not-rolled", "not-playable")),
    ("score-sheet", "kiriki", 1, [], "score bonus", ("not-rolled", "not-playable")),
    ("score-sheet", "yacht", 1, ["roll 12346", "score choice"], "score choice", ("not-rolled", "row-used")),
    # score-sheet: end
    ("score-sheet", "yacht", 1, YACHT_OVER, "end", ("game-over", "not-rolled")),
    ("score-sheet", "yacht", 1, [], "end", ("not-rolled", "rows-still-open")),
    # set-aside: roll
    ("set-aside", "ten-thousand", 1, TT_OVER, "roll 111557", (BAD_VALUE, "game-over")),
    ("set-aside", "ten-thousand", 1, TT_ROLLED, "roll 111557", (BAD_VALUE, "must-set-aside")),
    ("set-aside", "ten-thousand", 1, TT_OVER, "roll 11", ("game-over", BAD_COUNT)),
    ("set-aside", "ten-thousand", 1, TT_ROLLED, "roll 11", ("must-set-aside", BAD_COUNT)),
    # set-aside: set
    ("set-aside", "ten-thousand", 1, [], "set 7", (BAD_VALUE, "not-rolled", "not-scoring")),
    ("set-aside", "ten-thousand", 1, TT_OVER, "set 7", (BAD_VALUE, "game-over", "not-rolled", "not-scoring")),
    ("set-aside", "ten-thousand", 1, TT_SET, "set 7", (BAD_VALUE, "already-set-aside", "not-scoring")),
    (
        "set-aside",
        "ten-thousand",
        1,
        TT_ROLLED,
        "set 1111117",
        (BAD_VALUE, "too-many-dice", "not-in-roll", "not-scoring"),
    ),
    ("set-aside", "greed", 2, GREED_ROLLED, "set 7", (BAD_VALUE, "not-in-roll", "not-scoring", "scoring-dice-left")),
    ("set-aside", "ten-thousand", 1, TT_OVER, "set ,", ("game-over", "not-rolled", "empty-set-aside")),
    (
        "set-aside",
        "ten-thousand",
        1,
        TT_OVER,
        "set 1111111",
        ("game-over", "not-rolled", "too-many-dice", "not-scoring"),
    ),
    ("set-aside", "ten-thousand", 1, TT_OVER, "set 2", ("game-over", "not-rolled", "not-scoring")),
    ("set-aside", "ten-thousand", 1, [], "set ,", ("not-rolled", "empty-set-aside")),
    ("set-aside", "ten-thousand", 1, [], "set 1111111", ("not-rolled", "too-many-dice", "not-scoring")),
    ("set-aside", "ten-thousand", 1, [], "set 2", ("not-rolled", "not-scoring")),
    ("set-aside", "ten-thousand", 1, TT_SET, "set ,", ("already-set-aside", "empty-set-aside")),
    ("set-aside", "ten-thousand", 1, TT_SET, "set 1111111", ("already-set-aside", "too-many-dice", "not-scoring")),
    ("set-aside", "ten-thousand", 1, TT_SET, "set 2", ("already-set-aside", "not-scoring")),
    ("set-aside", "greed", 2, GREED_ROLLED, "set ,", ("empty-set-aside", "scoring-dice-left")),
    ("set-aside", "ten-thousand", 1, TT_ROLLED, "set 2222222", ("too-many-dice", "not-in-roll", "not-scoring")),
    (
        "set-aside",
        "greed",
        2,
        GREED_ROLLED,
        "set 111111",
        ("too-many-dice", "not-in-roll", "not-scoring", "scoring-dice-left"),
    ),
    ("set-aside", "ten-thousand", 1, TT_ROLLED, "set 2", ("not-in-roll", "not-scoring")),
    ("set-aside", "greed", 2, GREED_ROLLED, "set 55", ("not-in-roll", "scoring-dice-left")),
    ("set-aside", "greed", 2, GREED_ROLLED, "set 13", ("not-scoring", "scoring-dice-left")),
    # set-aside: bank
    ("set-aside", "farkle", 2, FARKLE_OVER, "bank", ("game-over", "not-rolled", "below-entry")),
    ("set-aside", "farkle", 1, [], "bank", ("not-rolled", "below-entry")),
    ("set-aside", "farkle", 1, TT_ROLLED, "bank", ("must-set-aside", "below-entry")),
    ("set-aside", "compulsory", 1, FIVES_TO_HOT_DICE, "bank", ("must-roll", "below-entry")),
]

# Pairs of checks of one action that never both refuse it, and why.
NEVER_BOTH: dict[tuple[str, str, frozenset[str]], str] = {
    ("score-sheet", "roll", frozenset({"game-over", "already-rolled"})): "a game over has no dice rolled",
    ("score-sheet", "reroll", frozenset({"game-over", "no-rolls-left"})): "a game over has no roll made",
    ("score-sheet", "reroll", frozenset({"not-rolled", "no-rolls-left"})): "before the roll, no roll is made",
    ("score-sheet", "reroll", frozenset({"game-over", "no-saved-rolls"})): "a game over has no roll made",
    ("score-sheet", "reroll", frozenset({"not-rolled", "no-saved-rolls"})): "before the roll, no roll is made",
    ("score-sheet", "reroll", frozenset({"no-rolls-left", "no-saved-rolls"})): "a turn drew on saved rolls or did not",
    ("score-sheet", "reroll", frozenset({"empty-reroll", "bad-die-index"})): "no die named, none named wrong",
    ("score-sheet", "score", frozenset({"game-over", "joker-row"})): "once over every row is filled",
    ("score-sheet", "score", frozenset({"not-rolled", "joker-row"})): "the joker is dice rolled",
    ("score-sheet", "score", frozenset({"not-playable", "row-used"})): "a total or bonus is no row",
    ("score-sheet", "score", frozenset({"not-playable", "joker-row"})): "a total or bonus is no row",
    ("score-sheet", "score", frozenset({"row-used", "joker-row"})): "joker-row is an open row",
    ("score-sheet", "end", frozenset({"game-over", "rows-still-open"})): "once over every row is filled",
    ("set-aside", "roll", frozenset({"game-over", "must-set-aside"})): "a game over has no roll on the table",
    ("set-aside", "set", frozenset({"game-over", "already-set-aside"})): "a game over has no set-aside this turn",
    ("set-aside", "set", frozenset({"game-over", "not-in-roll"})): "a game over has no roll on the table",
    ("set-aside", "set", frozenset({"game-over", "scoring-dice-left"})): "a game over has no roll on the table",
    ("set-aside", "set", frozenset({"not-rolled", "already-set-aside"})): "one phase or the other",
    ("set-aside", "set", frozenset({"not-rolled", "not-in-roll"})): "no roll on the table",
    ("set-aside", "set", frozenset({"not-rolled", "scoring-dice-left"})): "no roll on the table",
    ("set-aside", "set", frozenset({"already-set-aside", "not-in-roll"})): "no roll on the table",
    ("set-aside", "set", frozenset({"already-set-aside", "scoring-dice-left"})): "no roll on the table",
    ("set-aside", "set", frozenset({BAD_VALUE, "empty-set-aside"})): "a die that is not a die is a die given",
    ("set-aside", "set", frozenset({"empty-set-aside", "too-many-dice"})): "no dice are not too many",
    ("set-aside", "set", frozenset({"empty-set-aside", "not-in-roll"})): "no dice are part of every roll",
    ("set-aside", "set", frozenset({"empty-set-aside", "not-scoring"})): "no dice hold no die that scores nothing",
    ("set-aside", "bank", frozenset({"game-over", "must-set-aside"})): "a game over has no roll on the table",
    ("set-aside", "bank", frozenset({"game-over", "must-roll"})): "a game over has no set-aside this turn",
    ("set-aside", "bank", frozenset({"not-rolled", "must-set-aside"})): "one phase or the other",
    ("set-aside", "bank", frozenset({"not-rolled", "must-roll"})): "one phase or the other",
    ("set-aside", "bank", frozenset({"must-set-aside", "must-roll"})): "one phase or the other",
}


@pytest.fixture(scope="module")
def compulsory(tmp_path_factory: pytest.TempPathFactory):
    """Farkle with compulsory hot dice (no shipped ruleset has them): a ruleset of one's own."""
    path = tmp_path_factory.mktemp("rules") / "compulsory.yaml"
    path.write_text("extends: farkle\nname: farkle-compulsory\nhot_dice: compulsory\n", encoding="utf-8")
    return load_ruleset(path)


def answer(ruleset: str, players: int, actions: list[str], compulsory) -> dict:
    if ruleset == "compulsory":
        return set_aside_replay_answer(set_aside_replay(compulsory, players, actions))
    return REFERENCE.replay(ruleset, players, actions)


def verb(action: str) -> str:
    return action.split(" ", 1)[0]


@pytest.mark.parametrize(
    ("family", "ruleset", "players", "before", "action", "keys"),
    CASES,
    ids=[f"{c[1]}:{c[4]}:{'+'.join(c[5])}" for c in CASES],
)
def test_the_earliest_check_of_those_that_refuse_an_action_wins(
    family: str, ruleset: str, players: int, before: list[str], action: str, keys: tuple[str, ...], compulsory
) -> None:
    assert answer(ruleset, players, before, compulsory)["rejected"] is None, "the actions before are allowed"
    got = answer(ruleset, players, [*before, action], compulsory)["rejected"]
    assert got == {"at": len(before), "code": winner(family, verb(action), *keys)}


def refusals(ruleset: str, players: int, actions: list[str], compulsory) -> list[str]:
    if ruleset == "compulsory":
        return list(set_aside_replay(compulsory, players, actions).refusals)
    return REFERENCE.replay_refusals(ruleset, players, actions)


@pytest.mark.parametrize(
    ("family", "ruleset", "players", "before", "action", "keys"),
    CASES,
    ids=[f"{c[1]}:{c[4]}:{'+'.join(c[5])}" for c in CASES],
)
def test_the_reference_gives_the_code_of_every_check_a_refused_action_fails(
    family: str, ruleset: str, players: int, before: list[str], action: str, keys: tuple[str, ...], compulsory
) -> None:
    """In the order of the list, the answered code first; dice that are not dice are refused as the
    action is read, before any rule: ``bad-dice`` alone applies to them."""
    assert refusals(ruleset, players, before, compulsory) == [], "the actions before are allowed"
    expected = dict.fromkeys(check.code for check in checks(family, verb(action)) if check.key in keys)
    got = refusals(ruleset, players, [*before, action], compulsory)
    assert got == (["bad-dice"] if BAD_VALUE in keys else list(expected))


def test_every_pair_of_checks_of_one_action_is_tried_or_cannot_both_apply() -> None:
    tried = {
        (family, verb(action), frozenset(pair))
        for family, _, _, _, action, keys in CASES
        for pair in combinations(keys, 2)
    }
    for family, actions in ACTIONS.items():
        for action in actions:
            for first, second in combinations(checks(family, action), 2):
                if first.code == second.code:
                    continue
                pair = (family, action, frozenset({first.key, second.key}))
                assert (pair in tried) != (pair in NEVER_BOTH), f"{family} {action}: {first.key} and {second.key}"
    known = {
        (family, action, frozenset({c.key, d.key}))
        for family, a in ACTIONS.items()
        for action in a
        for c, d in combinations(checks(family, action), 2)
    }
    assert set(NEVER_BOTH) <= known, set(NEVER_BOTH) - known


@pytest.mark.parametrize(
    ("dice", "keys"),
    [
        ("", ("empty-set-aside",)),
        ("1111112", ("too-many-dice", "not-scoring")),
        ("2", ("not-scoring",)),
    ],
)
def test_set_aside_answers_in_the_same_order(dice: str, keys: tuple[str, ...]) -> None:
    """``set_aside`` (no roll) makes the set-aside checks of ``set`` that need no roll, in their
    order; the reference gives the code of each it fails."""
    assert REFERENCE.set_aside("ten-thousand", dice) == {"rejected": winner("set-aside", "set", *keys)}
    assert REFERENCE.set_aside_refusals("ten-thousand", dice) == list(keys)


def test_every_code_of_the_protocol_is_in_its_family_list() -> None:
    from dicespec.validation import schema

    text = str(schema("protocol-2"))
    for family, listed in PRECEDENCE.items():
        for check in listed:
            assert f"'{check.code}'" in text, f"{family}: {check.code} is not a code of the protocol"


# -- the page -------------------------------------------------------------------------------------

ITEM = re.compile(r"^\d+\. (.*)$")
CODE = re.compile(r"`([^`]+)`")


def page_list(lang: str, family: str) -> list[tuple[str, tuple[str, ...]]]:
    """The ordered list after ``<!-- precedence FAMILY -->``: each item's code and actions."""
    text = PAGES[lang].read_text(encoding="utf-8")
    marker = f"<!-- precedence {family} -->"
    assert text.count(marker) == 1, f"{lang}: {marker} is not on the page once"
    items: list[tuple[str, tuple[str, ...]]] = []
    for line in text.split(marker, 1)[1].lstrip("\n").splitlines():
        found = ITEM.match(line)
        if found is None:
            if line.startswith("   ") and items:  # an item's continued line
                continue
            break
        code, *actions = CODE.findall(found.group(1).split(":", 1)[0])
        items.append((code, tuple(actions)))
    return items


@pytest.mark.parametrize("lang", PAGES)
@pytest.mark.parametrize("family", PRECEDENCE)
def test_the_page_lists_the_checks_in_order(lang: str, family: str) -> None:
    assert page_list(lang, family) == [(check.code, check.actions) for check in PRECEDENCE[family]]


# -- another order: what the page says of it ------------------------------------------------------

EXAMPLE = re.compile(r"^- (.*) → (.*)$")
OTHER_ORDER = "{#another-order-of-the-checks}"


def refusal_examples(lang: str) -> list[tuple[str, tuple[str, ...], str, tuple[str, ...]]]:
    """The list after ``<!-- refusals -->``: each item's ruleset, the actions before, the action
    and the codes of the checks it fails."""
    text = PAGES[lang].read_text(encoding="utf-8")
    marker = "<!-- refusals -->"
    assert text.count(marker) == 1, f"{lang}: {marker} is not on the page once"
    items = []
    for line in text.split(marker, 1)[1].lstrip("\n").splitlines():
        found = EXAMPLE.match(line)
        if found is None:
            break
        ruleset, *before = CODE.findall(found.group(1))
        action, *codes = CODE.findall(found.group(2))
        items.append((ruleset, tuple(before), action, tuple(codes)))
    return items


@pytest.mark.parametrize("lang", PAGES)
def test_the_page_s_examples_are_the_codes_the_reference_gives(lang: str) -> None:
    """After the actions left of the arrow, the action right of it fails the checks listed, the
    reference's answer first; a die that is not a die, ``bad-dice`` alone. The same examples in
    every language."""
    examples = refusal_examples(lang)
    assert examples == refusal_examples("en") and len(examples) >= 4
    for ruleset, before, action, codes in examples:
        players, actions = find_ruleset(ruleset).min_players, [*before, action]
        assert REFERENCE.replay(ruleset, players, list(before))["rejected"] is None, (ruleset, before)
        assert REFERENCE.replay(ruleset, players, actions)["rejected"] == {"at": len(before), "code": codes[0]}
        assert REFERENCE.replay_refusals(ruleset, players, actions) == list(codes), (ruleset, actions)
    assert any(codes == ("bad-dice",) and "7" in action for _, _, action, codes in examples)
    assert sum(len(codes) > 1 for *_, codes in examples) >= 3


@pytest.mark.parametrize("lang", PAGES)
def test_the_page_names_the_option_that_holds_to_the_reference_s_code_and_the_report_s_field(lang: str) -> None:
    """``--strict-refusals`` is an option of ``dicespec conform`` and ``dicespec identify``, and
    ``refusal`` a field of the report's lines."""
    from dicespec.cli import build_parser
    from dicespec.validation import schema

    text = PAGES[lang].read_text(encoding="utf-8")
    assert text.count(OTHER_ORDER) == 1, lang
    section = text.split(OTHER_ORDER, 1)[1].split("\n## ", 1)[0]
    for named in ("`--strict-refusals`", "`dicespec identify`", "`refusal`", "`--report`"):
        assert named in section, f"{lang}: {named}"
    parser = build_parser()
    for command in (["conform", "--impl", "x"], ["identify", "--impl", "x"]):
        assert parser.parse_args([*command, "--strict-refusals"]).strict_refusals, command
        assert not parser.parse_args(command).strict_refusals, command
    assert "refusal" in schema("conformance-report")["properties"]
