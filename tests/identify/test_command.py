"""``dicespec identify``: an implementation's scoring rules inferred, its bugs set apart.

A suite of fakes pins the fit's honesty down, one fake per kind: a pure variant (identified
exactly, nothing unexplained), a pure bug (the shipped rules, the bug unexplained), a variant
plus a bug (the variant, the bug alone unexplained), a row no rule of the model fits, a flow
variant (no joker, no bonus), a flow bug (a filled row overwritten), and an implementation that
answers one question two ways. Each identified file is read back by the ruleset loader and
compared row by row and flow rule by flow rule.
"""

from __future__ import annotations

import json
import platform
import subprocess
from dataclasses import replace
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import ClassVar

import pytest
from tools.identified import folder, games_of, summary_text, text

from dicespec.caches import PACKAGE, code_digest, files_digest
from dicespec.cli import main
from dicespec.conformance.run import compared
from dicespec.conformance.run.compared import Entry, entries
from dicespec.conformance.run.holds import declared_rules, package_data_files
from dicespec.conformance.run.target import Options, Target
from dicespec.conformance.transports.in_process import InProcessTransport
from dicespec.dice import Roll
from dicespec.identify.aside import AsideIdentification
from dicespec.identify.closing import closing_conform
from dicespec.identify.command import (
    Identification,
    identify,
    identify_sheet,
    report_text,
    ruleset_text,
)
from dicespec.identify.common import IdentifyError
from dicespec.identify.sheet_fit import Memo, candidates, rolls
from dicespec.identify.sheet_flow import flow_values
from dicespec.implementation import ReferenceImplementation, sheet_replay_answer
from dicespec.registry import game
from dicespec.replay import ReplayResult, no_random_dice
from dicespec.rulesets import (
    declare_file,
    find_ruleset,
    find_ruleset_of,
    forget_declared,
    ruleset_names,
)
from dicespec.scoresheet.errors import RowUsedError, SheetActionError
from dicespec.scoresheet.families import FullHouse
from dicespec.scoresheet.game import GameState, SheetGame
from dicespec.scoresheet.replay import ScoreAction, apply_action, parse_action
from dicespec.scoresheet.ruleset import SheetRuleset
from dicespec.scoresheet.sheet import Sheet
from fakes import fake_module
from folders import FAKES, REPO, TESTS
from kept import kept

# Every shipped ruleset and compared implementation identified: 300 s where the identifications are
# made again, 30 s where they are kept (tests/order.py).
pytestmark = pytest.mark.early(300)

REFERENCE = ReferenceImplementation()
JS = next(entry for entry in entries() if entry.id == "dicespec-js")  # node examples/adapters/js/dicespec-adapter.mjs
IDENTIFIED = folder()


class Fake:
    """The reference's scores under ``plays``, whatever ruleset it is asked under, with ``bugs``
    (row → a function of the dice and the right answer giving the answer) on top."""

    def __init__(self, plays: str, bugs: dict[str, object] | None = None, name: str = "fake") -> None:
        self.plays, self.bugs, self.name = plays, bugs or {}, name

    def score(self, ruleset: str, dice: str, row: str) -> int:
        right = REFERENCE.score(self.plays, dice, row)
        bug = self.bugs.get(row)
        return right if bug is None else bug(dice, right)  # type: ignore[operator]

    def replay(self, ruleset: str, players: int, actions: list[str]) -> object:
        return REFERENCE.replay(self.plays, players, actions)


class Overwrites(Fake):
    """Plays its rules, but a filled row scored again is written over, and the turn ends."""

    def replay(self, ruleset: str, players: int, actions: list[str]) -> object:
        rules = find_ruleset_of(SheetRuleset, self.plays)
        game = SheetGame(rules, players, dice=no_random_dice)
        for at, written in enumerate(actions):
            action = parse_action(written, rules)
            try:
                apply_action(game, action)
            except RowUsedError:
                assert isinstance(action, ScoreAction) and game.state.dice is not None
                state, player = game.state, game.state.players[game.state.current]
                points = rules.rows[action.row].rule.points(game.state.dice.counts)
                sheet = Sheet(MappingProxyType({**player.sheet.cells, action.row: points}))
                moved = replace(player, sheet=sheet, turns_taken=player.turns_taken + 1)
                others = (*state.players[: state.current], moved, *state.players[state.current + 1 :])
                game.state = GameState(others, (state.current + 1) % players)
            except SheetActionError as exc:
                return sheet_replay_answer(rules, ReplayResult(game.state, at, exc.code))
        return sheet_replay_answer(rules, ReplayResult(game.state))


def _identify(implementation: object, asked: str = "yahtzee"):  # type: ignore[no-untyped-def]
    rules = find_ruleset_of(SheetRuleset, asked)
    return identify_sheet(InProcessTransport(implementation), "fake", rules, name="fake-identified")


def _read_back(found, tmp_path: Path) -> SheetRuleset:  # type: ignore[no-untyped-def]
    path = tmp_path / "identified.yaml"
    path.write_text(ruleset_text(found), encoding="utf-8")
    try:
        return find_ruleset_of(SheetRuleset, declare_file(path).name)
    finally:
        forget_declared()


def _rules_of(rules: SheetRuleset) -> dict[str, object]:
    return {row.id: row.rule for row in rules.rows.values()}


def _flow_of(name: str) -> dict[str, object]:
    return flow_values(find_ruleset_of(SheetRuleset, name))


def _no_13456(dice: str, right: int) -> int:
    return 0 if sorted(dice) == list("13456") else right


@cache
def _pure_bug() -> tuple[Fake, Identification]:
    """Yahtzee with a bug of scoring (13456 is no small straight), identified once for the
    tests that read it."""
    bugged = Fake("yahtzee", {"small_straight": _no_13456})
    return bugged, _identify(bugged)


@cache
def _flow_bug() -> tuple[Overwrites, Identification]:
    """Yahtzee with a bug of flow (a filled row written over), identified once for the tests
    that read it."""
    overwrites = Overwrites("yahtzee")
    return overwrites, _identify(overwrites)


def _declared(tmp_path: Path, name: str, text: str) -> str:
    """Declare a ruleset file of one's own (forgotten by the caller's ``forget_declared``)."""
    path = tmp_path / f"{name}.yaml"
    path.write_text(f"name: {name}\n{text}", encoding="utf-8")
    return declare_file(path).name


@pytest.mark.slow
def test_a_pure_variant_is_identified_exactly_with_nothing_unexplained(tmp_path: Path) -> None:
    # Yatzy's rows are not Yahtzee's; a Yahtzee whose full house scores 30 is a variant of yahtzee
    try:
        plays = _declared(tmp_path, "full-house-30", "extends: yahtzee\nrows: {full_house: {points: 30}}\n")
        found = _identify(Fake(plays))
    finally:
        forget_declared()
    assert found.unexplained == 0 and found.errored == 0 and not found.inconsistent
    assert found.closest == "yahtzee"
    assert list(found.changed()) == ["full_house"] and found.changed_flow() == {}
    read = _read_back(found, tmp_path)
    expected = _rules_of(find_ruleset_of(SheetRuleset, "yahtzee"))
    assert _rules_of(read) == {**expected, "full_house": FullHouse(30, five_of_a_kind_counts=False)}
    assert flow_values(read) == _flow_of("yahtzee")


@pytest.mark.slow
def test_a_pure_bug_is_identified_as_the_shipped_rules_with_the_bug_unexplained(tmp_path: Path) -> None:
    _, found = _pure_bug()
    assert found.changed() == {} and found.closest == "yahtzee"
    (fit,) = [fit for fit in found.rows if fit.unexplained]
    assert fit.row == "small_straight" and fit.unexplained_rolls == 120  # every ordering of 13456
    # 7,656 of 7,776 is under the 99% a fit needs: the row is kept as shipped, and said to fit no rule
    assert fit.rule is None and fit.best == find_ruleset_of(SheetRuleset, "yahtzee").rows["small_straight"].rule
    (roll,) = fit.unexplained
    assert roll.roll == "13456" and roll.expected == 30 and set(roll.answers.values()) == {0}
    assert roll.describe().startswith("every ordering of 13456 scores 0, not 30 (e.g. ")
    assert _rules_of(_read_back(found, tmp_path)) == _rules_of(find_ruleset_of(SheetRuleset, "yahtzee"))


@pytest.mark.slow
def test_a_variant_plus_a_bug_is_identified_as_the_variant_with_the_bug_alone_unexplained(tmp_path: Path) -> None:
    # the French text's Kiriki, asked under KDE's; its chance adds one for 66666
    found = _identify(Fake("kiriki-fr", {"chance": lambda dice, right: right + (dice == "66666")}), asked="kiriki")
    assert found.closest == "kiriki-fr"
    assert found.unexplained == 1
    (fit,) = [fit for fit in found.rows if fit.unexplained]
    assert fit.row == "chance" and fit.rule is not None
    read = _read_back(found, tmp_path)
    assert _rules_of(read) == _rules_of(find_ruleset_of(SheetRuleset, "kiriki-fr"))


@pytest.mark.slow
def test_a_row_no_rule_of_the_model_fits_is_reported_with_its_answers_not_forced_into_a_rule(tmp_path: Path) -> None:
    def product_mod(dice: str, right: int) -> int:
        value = 1
        for die in dice:
            value = value * int(die) % 7
        return value

    found = _identify(Fake("yahtzee", {"chance": product_mod}))
    (fit,) = [fit for fit in found.rows if fit.row == "chance"]
    assert fit.rule is None and fit.unexplained_rolls > fit.asked / 2
    assert "chance" not in found.changed()  # kept as the extended ruleset has it, and reported
    assert _rules_of(_read_back(found, tmp_path)) == _rules_of(find_ruleset_of(SheetRuleset, "yahtzee"))


def test_a_flow_variant_is_identified_exactly_no_joker_and_no_bonus(tmp_path: Path) -> None:
    try:
        plays = _declared(tmp_path, "plain-yahtzee", "extends: yahtzee\nupper_bonus: null\njoker: none\n")
        expected = _flow_of(plays)
        found = _identify(Fake(plays))
    finally:
        forget_declared()
    assert found.closest == "yahtzee" and found.changed() == {} and found.unexplained == 0
    assert {key: fit.value for key, fit in found.changed_flow().items()} == {"upper_bonus": None, "joker": "none"}
    assert flow_values(_read_back(found, tmp_path)) == expected


@pytest.mark.slow
def test_a_shipped_ruleset_s_flow_makes_it_the_closest(tmp_path: Path) -> None:
    # asked under yahtzee, it plays the free joker: yahtzee-free-joker is the rules it plays, whole
    found = _identify(Fake("yahtzee-free-joker"))
    assert (found.closest, found.changed(), found.changed_flow(), found.unexplained) == (
        "yahtzee-free-joker",
        {},
        {},
        0,
    )
    assert flow_values(_read_back(found, tmp_path)) == _flow_of("yahtzee-free-joker")


@pytest.mark.slow
def test_a_flow_bug_is_identified_as_the_shipped_rules_with_the_bug_unexplained(tmp_path: Path) -> None:
    _, found = _flow_bug()
    assert found.changed() == {} and found.changed_flow() == {} and found.closest == "yahtzee"
    unexplained = {fit.key: fit for fit in found.flow.fits if fit.unexplained}
    # the checks show it; five of a kind is decided without a repeat scored in its row, which would show it too
    assert list(unexplained) == ["refusals and the end"]
    assert found.flow.notes == [
        "it does not refuse a filled row: five_of_a_kind is decided without a repeat scored in yahtzee"
    ]
    (difference,) = unexplained["refusals and the end"].unexplained
    assert difference.actions == ("roll 11235", "score ones", "roll 11235", "score ones")
    assert (difference.path, difference.expected, difference.actual) == (
        "rejected",
        {"at": 3, "code": "row-used"},
        None,
    )
    assert difference.describe() == (
        'roll 11235; score ones; roll 11235; score ones: rejected is null, not {"at": 3, "code": "row-used"}'
    )
    read = _read_back(found, tmp_path)
    assert (_rules_of(read), flow_values(read)) == (
        _rules_of(find_ruleset_of(SheetRuleset, "yahtzee")),
        _flow_of("yahtzee"),
    )


@pytest.mark.slow
def test_rules_declared_in_the_hello_are_found_with_the_one_flow_bug_apart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # vanilla Yahtzee (no bonus, no Yahtzee bonus, no joker) declared in its hello, and one bug:
    # a filled box scored again is written over; its object, asked in process (docs/protocol.md
    # shows the command asking the same fake in a process of its own, and the closing conform run,
    # and tests/docs/test_console_blocks.py runs that block)
    monkeypatch.syspath_prepend(str(FAKES))
    target = Target(python="vanilla_yahtzee:implementation")
    options = Options(in_process=True)
    found = identify(target, options, name_of_game="yahtzee", asked=None, name=None, conform=False)
    try:
        expected = _flow_of("yahtzee-vanilla")
        read = _read_back(found, tmp_path)
    finally:
        forget_declared()
    assert isinstance(found, Identification) and found.closest == "yahtzee" and found.changed() == {}
    assert flow_values(read) == expected
    assert [(fit.key, fit.unexplained[0].path) for fit in found.flow.fits if fit.unexplained] == [
        ("refusals and the end", "rejected")
    ]  # its closing conform run: the console block of docs/protocol.md (the rolls, 0 differ; the games, some)


@pytest.mark.slow
def test_an_engine_of_fixed_rules_asked_as_the_name_it_plays_is_found_from_the_file_s_rules(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the same fake run with fixed rules (its hello declares yahtzee, no rules of its own), asked as
    # yahtzee with the file of its rules: the same rules and the same one flow bug are found
    monkeypatch.syspath_prepend(str(FAKES))
    forget_declared()
    asked = declare_file(FAKES / "yahtzee-vanilla.yaml").name
    target = Target(python="vanilla_yahtzee:fixed")
    try:
        found = identify(
            target, Options(in_process=True), name_of_game=None, asked=asked, ask_as="yahtzee", name=None, conform=False
        )
        expected = _flow_of("yahtzee-vanilla")
        read = _read_back(found, tmp_path)
    finally:
        forget_declared()
    assert isinstance(found, Identification) and found.asked == "yahtzee-vanilla as yahtzee"
    assert found.closest == "yahtzee" and found.changed() == {} and flow_values(read) == expected
    assert [(fit.key, fit.unexplained[0].path) for fit in found.flow.fits if fit.unexplained] == [
        ("refusals and the end", "rejected")
    ]


def test_ask_as_without_the_file_of_the_rules_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["identify", "--python", "vanilla_yahtzee:fixed", "--ask-as", "yahtzee"]) == 2
    assert (
        capsys.readouterr().err
        == "dicespec: error: --ask-as yahtzee goes with --ruleset-file: the rules it is held to\n"
    )


def test_the_closing_conform_run_differs_exactly_where_the_fit_left_answers_unexplained() -> None:
    bugged, found = _pure_bug()
    closing = closing_conform(
        InProcessTransport(bugged), ruleset_text(found), "yahtzee", found.given, lambda case: case.args["row"], games=40
    )
    unexplained_rolls = sum(fit.unexplained_rolls for fit in found.rows)
    assert (closing.exhaustive, closing.exhaustive_failed, unexplained_rolls) == (101_088, 120, 120)
    assert closing.games > 0 and closing.games_failed == 0  # its replays have no bug
    assert closing.summary(found.unexplained).startswith(
        "conform under the identified rules: exhaustive 101,088 cases, 120 differ (unexplained answers: 120); games "
    )


def test_the_closing_conform_run_finds_a_flow_bug_in_the_games() -> None:
    overwrites, found = _flow_bug()
    closing = closing_conform(
        InProcessTransport(overwrites),
        ruleset_text(found),
        "yahtzee",
        found.given,
        lambda case: case.args["row"],
        games=40,
    )
    assert closing.exhaustive_failed == 0 and closing.games_failed > 0 and len(closing.failing) == 3


@pytest.mark.slow
def test_an_implementation_that_replays_no_game_keeps_the_extended_flow_and_says_so(tmp_path: Path) -> None:
    class ScoresOnly(Fake):
        def replay(self, ruleset: str, players: int, actions: list[str]) -> object:
            raise NotImplementedError("no games here")

    found = _identify(ScoresOnly("yahtzee"))
    assert found.flow.not_probed is not None and found.flow.fits == []
    assert "its game flow was not probed (it replays no game (skipped: no games here))" in ruleset_text(found)
    assert flow_values(_read_back(found, tmp_path)) == _flow_of("yahtzee")


@pytest.mark.parametrize("dice", [5, 6])
def test_the_fit_s_memo_scores_every_candidate_as_the_engine_does(dice: int) -> None:
    memo = Memo()
    counts = {roll: Roll.parse(roll).counts for roll in rolls(dice)}
    for rule in candidates(dice, [25, 30, 50]):
        assert memo.scores(rule, counts) == {roll: rule.points(c) for roll, c in counts.items()}, rule


@pytest.mark.slow
def test_an_answer_given_two_ways_is_reported_with_its_question() -> None:
    class Wavers(Fake):
        asked: ClassVar[set[tuple[str, str]]] = set()

        def score(self, ruleset: str, dice: str, row: str) -> int:
            right = super().score(ruleset, dice, row)
            again = (dice, row) in self.asked
            self.asked.add((dice, row))
            return right + 1 if again and (dice, row) == ("12345", "chance") else right

    found = _identify(Wavers("yahtzee"))
    assert found.inconsistent == ["score 12345 in chance: answered 15, then 16"]


def test_an_implementation_that_answers_nothing_usable_is_refused() -> None:
    class Broken(Fake):
        def score(self, ruleset: str, dice: str, row: str) -> int:
            raise RuntimeError("no")

    with pytest.raises(IdentifyError, match=r"answered nothing usable: every one of 104,364 questions errored"):
        _identify(Broken("yahtzee"))


def test_a_game_it_declares_no_ruleset_of_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["identify", "--python", "examples.adapters.generala:implementation", "--game", "yahtzee"])
    assert status == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("dicespec: error: ") and "declares no ruleset of yahtzee" in err and "\n" not in err


def identification(entry: Entry, name_of_game: str, asked: str | None) -> Identification | AsideIdentification:
    """What ``dicespec identify`` finds the compared implementation ``entry`` plays of a game,
    asked under ``asked`` (``None``: as ``make conformance`` asks, with no ruleset named: the
    game's default). Made once for its inputs (:func:`identification_inputs`) and kept between
    runs (``tests/kept.py``), unless a process of the implementation was lost meanwhile. The
    JavaScript implementation's identification of a game's default ruleset is read by the test of
    each shipped ruleset and by the test of its recorded identification."""
    return kept(
        f"identify-{entry.id}-{name_of_game}-{asked or 'default'}",
        identification_inputs(entry, name_of_game, asked),
        lambda: identify(entry.target, Options(), name_of_game=name_of_game, asked=asked, name=None),
        keep=lambda found: not found.stops.reasons,  # a process lost to a timeout: made again next run
    )


def identification_inputs(entry: Entry, name_of_game: str, asked: str | None) -> dict[str, object]:
    """Everything an identification is made from: the code ``identify`` runs (the implementations
    in process reach the package through ``dicespec.implementation``), the package's games,
    rulesets and schemas, the rulesets declared in this process, the implementation's own files,
    its package's version and the program that runs it (node), Python and the packages pinned for
    it, and what is asked."""
    return {
        "code": code_digest("dicespec.identify.command", "dicespec.implementation"),
        "data": files_digest(package_data_files(), PACKAGE),
        "declared": declared_rules(),
        "implementation": [entry.impl, entry.python, files_digest([REPO / name for name in entry.sources], REPO)],
        "package": entry.package_version(),
        "runs it": program_version(entry.target.command[0]) if entry.target.command else None,
        "python": [platform.python_version(), files_digest([REPO / "constraints.txt"], REPO)],  # and its pins
        "asked": [name_of_game, asked],
    }


@cache
def program_version(program: str) -> str:
    """What ``program --version`` prints (node's, for the JavaScript implementation)."""
    return subprocess.run([program, "--version"], capture_output=True, text=True, check=True).stdout.strip()


@pytest.mark.slow
@pytest.mark.parametrize("name", ruleset_names())
def test_the_javascript_implementation_is_identified_as_each_shipped_ruleset(name: str) -> None:
    of_game = find_ruleset(name).game
    asked = None if name == game(of_game).default_ruleset else name  # its default: as make conformance asks
    found = identification(JS, of_game, asked)
    assert (found.closest, found.changed(), found.unexplained, found.errored) == (name, {}, 0, 0)
    closing = found.closing
    assert closing is not None
    assert (closing.exhaustive_failed, closing.exhaustive_unanswered) == (0, 0)
    games = (closing.games_failed, closing.games_skipped, closing.games_errored, closing.games_other_order)
    assert games == (0, 0, 0, 0)
    assert closing.games > 0
    if isinstance(found, Identification):  # a score sheet's questions are conform's exhaustive corpus: counted alike
        assert closing.exhaustive == js_table_count("exhaustive", name) > 0
    took = f"{found.answers:,} answers, asked {found.seconds['asking']:.1f} s, fitted {found.seconds['fit']:.2f} s"
    if isinstance(found, Identification):
        assert found.changed_flow() == {} and found.flow.not_probed is None
        assert all(fit.fitted for fit in found.flow.fits)
        took += f", {found.flow.replays} replays in {found.seconds['flow']:.2f} s"
    took += f", conform under them {found.seconds['conform']:.1f} s"
    print(f"{name}: {took}")


def js_table_count(part: str, ruleset: str) -> int:
    """The cases of one part under one ruleset that the JavaScript implementation's committed
    comparison table counts (``make conformance``)."""
    kept = compared.read(next(entry for entry in entries() if entry.id == "dicespec-js"))
    assert kept is not None
    return sum(sum(group[4:]) for group in kept["groups"] if group[0] == part and group[2] == ruleset)


RECORDED = [(entry, name) for entry in entries() for name in games_of(entry)]


@pytest.mark.slow
@pytest.mark.parametrize(("entry", "name_of_game"), RECORDED, ids=[f"{e.id}-{g}" for e, g in RECORDED])
def test_a_recorded_identification_is_what_identify_finds_today(entry: Entry, name_of_game: str) -> None:
    path = IDENTIFIED / f"{entry.id}-{name_of_game}.yaml"
    found = identification(entry, name_of_game, None)
    assert text(found) == path.read_text(encoding="utf-8"), "stale: run make conformance"
    assert summary_text(found) == path.with_suffix(".json").read_text(encoding="utf-8"), "stale: run make conformance"
    declared = declare_file(path)  # and it is a ruleset file the loader takes
    forget_declared()
    assert declared.name == f"{found.implementation}-identified"


def test_a_kept_identification_s_inputs_move_with_the_implementation_what_is_asked_and_declared_rules() -> None:
    """The key an identification is kept by (``identification_inputs``) moves with each input it names."""
    base = identification_inputs(JS, "yahtzee", None)
    assert identification_inputs(JS, "yahtzee", None) == base
    pyhtzee = next(entry for entry in entries() if entry.id == "pyhtzee")
    assert identification_inputs(pyhtzee, "yahtzee", None)["runs it"] is None  # in process: Python
    assert str(base["runs it"]).startswith("v")  # node's version
    assert identification_inputs(replace(JS, sources=JS.sources[:1]), "yahtzee", None) != base
    assert identification_inputs(JS, "yahtzee", "yahtzee-free-joker") != base
    assert identification_inputs(JS, "kniffel", None) != base
    declare_file(FAKES / "yahtzee-vanilla.yaml")
    try:
        assert identification_inputs(JS, "yahtzee", None) != base
    finally:
        forget_declared()
    assert identification_inputs(JS, "yahtzee", None) == base


def test_every_compared_implementation_has_its_identification_recorded() -> None:
    expected = {f"{entry.id}-{name}" for entry, name in RECORDED}
    for suffix in ("yaml", "json"):
        recorded = {path.stem for path in IDENTIFIED.glob(f"*.{suffix}")}
        assert RECORDED and recorded == expected, "run make conformance"


def test_a_scoring_function_is_identified_by_its_scoring_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.syspath_prepend(str(TESTS / "function_solutions"))
    out = tmp_path / "greed.yaml"
    assert main(["identify", "--function", "greed:score", "--ruleset", "greed", "--in-process", "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert "closest shipped ruleset: greed" in err and "unexplained answers: 0" in err
    assert "not asked: 4,368 questions it cannot be asked, e.g. set_aside (nothing)" in err
    assert out.read_text(encoding="utf-8").splitlines()[3] == "extends: greed"
    assert main(["identify", "--function", "greed:score"]) == 2
    assert capsys.readouterr().err.startswith("dicespec: error: --function needs --ruleset NAME")


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (["--name", "yahtzee"], "--name 'yahtzee': a name of its own"),
        (["--name", "My Rules"], "--name 'My Rules': a name of its own"),
        (["--share", "0"], "--share 0: a share is above 0 and at most 1"),
        (["--categories", "rows.yaml"], "--categories goes with --function"),
    ],
)
def test_a_bad_option_is_one_line_and_exit_2(options: list[str], said: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["identify", "--impl", JS.impl or "", *options]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"dicespec: error: {said}") and err.count("\n") == 1


# -- an engine of fixed rules that answers on the sheet it is asked under --------------------------
# (tests/conformance_fakes/no_yahtzee_bonus.py: Yahtzee with no Yahtzee bonus and no joker, its
# yahtzee_bonus line at 0 throughout; as no_upper_bonus, with no upper bonus either, its bonus line
# at 0 too)


def _no_yahtzee_bonus_rules(*, upper_bonus: bool) -> dict[str, object]:
    """The flow rules the fake plays, as a ruleset file writes them."""
    try:
        return flow_values(fake_module("no_yahtzee_bonus").own_rules(upper_bonus=upper_bonus))
    finally:
        forget_declared()


@pytest.mark.slow  # seconds: a whole identification and its closing run
def test_an_engine_with_no_yahtzee_bonus_holding_its_line_at_0_is_found_as_such(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its yahtzee_bonus line at 0 counts for rules that lack it: five_of_a_kind null and joker
    none are found, nothing is unexplained, and the closing run differs nowhere."""
    monkeypatch.syspath_prepend(str(FAKES))
    target = Target(python="no_yahtzee_bonus:implementation")
    try:
        found = identify(target, Options(in_process=True), name_of_game="yahtzee", asked=None, name=None)
        read = _read_back(found, tmp_path)
    finally:
        forget_declared()
    assert isinstance(found, Identification) and (found.closest, found.changed()) == ("yahtzee", {})
    assert (found.unexplained, found.errored) == (0, 0)
    assert {key: fit.value for key, fit in found.changed_flow().items()} == {"five_of_a_kind": None, "joker": "none"}
    assert flow_values(read) == _no_yahtzee_bonus_rules(upper_bonus=True)
    assert found.closing is not None and found.closing.games > 0
    assert (found.closing.exhaustive_failed, found.closing.games_failed, found.closing.attributed) == (0, 0, [])
    assert "\nunexplained answers: 0\n" in report_text(found, timings=False)


@pytest.mark.slow  # seconds: a whole identification and its closing run
def test_an_engine_with_no_upper_bonus_either_is_found_and_its_json_is_json(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The same engine with no upper bonus, its bonus line at 0 too (as the yahtzee-solve package
    answers): ``identify --json`` prints one JSON object, no traceback, with no upper bonus,
    five_of_a_kind null and joker none found, nothing unexplained, no differing replay."""
    monkeypatch.syspath_prepend(str(FAKES))
    try:
        status = main(["identify", "--python", "no_yahtzee_bonus:no_upper_bonus", "--in-process", "--json"])
    finally:
        forget_declared()
    out, err = capsys.readouterr()
    assert status == 0, err
    found = json.loads(out)
    values = {rule["key"]: rule["value"] for rule in found["flow"]["rules"]}
    expected = _no_yahtzee_bonus_rules(upper_bonus=False)
    assert {key: values[key] for key in expected} == expected
    assert (expected["upper_bonus"], expected["five_of_a_kind"], expected["joker"]) == (None, None, "none")
    assert (found["extends"], found["unexplained"], found["errored"]) == ("yahtzee", 0, 0)
    games = found["conform"]["games"]
    assert games["cases"] > 0 and (games["failed"], games["causes"], found["conform"]["attributed"]) == (0, {}, [])
    assert found["conform"]["exhaustive"]["failed"] == 0
    assert "upper_bonus: null" in found["ruleset"] and "joker: none" in found["ruleset"]
