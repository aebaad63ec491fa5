"""The steps of the set-aside games (10000, Farkle, Greed: whichever game the scenario's tag names,
under the ruleset the ``ruleset`` fixture names). Each asks the implementation under test through
its narrow interface (``set_aside``, ``best``, ``replay``: the operations of every set-aside
game); the phrasings are in phrasebook.yaml, the
steps every game shares in common.py."""

from __future__ import annotations

from dicespec.implementation import Implementation, ReferenceImplementation
from dicespec.rulesets import ruleset_data

from .common import AnotherOrder, ScriptedGame, asked_under, roll
from .phrasebook import StepLogic, register

steps = StepLogic()


@steps
def set_aside_scores(implementation: Implementation, ruleset: str, selection: str, points: int) -> None:
    answer = implementation.set_aside(ruleset, selection)
    assert answer == {"points": points}, f"setting aside {selection} under {ruleset}: {answer}, not {points}"


@steps
def set_aside_refused(implementation: Implementation, ruleset: str, selection: str, code: str) -> None:
    answer, wanted = implementation.set_aside(ruleset, selection), {"rejected": code.strip()}
    given = answer.get("rejected") if isinstance(answer, dict) else None
    if answer != wanted and answer == {"rejected": given}:
        reasons = ReferenceImplementation().set_aside_refusals(asked_under(implementation, ruleset), selection)
        if given in reasons:
            raise AnotherOrder(wanted["rejected"], str(given))
    assert answer == wanted, f"setting aside {selection} under {ruleset}: {answer}"


@steps
def best_is(implementation: Implementation, ruleset: str, dice: str, points: int) -> None:
    actual = implementation.best(ruleset, dice)
    assert actual == points, f"the best of {dice} under {ruleset} is {actual}, not {points}"


@steps
def empty_roll_best(implementation: Implementation, ruleset: str, points: int) -> None:
    """A claim about a roll of no dice, which no turn throws: an implementation may refuse the question."""
    try:
        actual = implementation.best(ruleset, "")
    except ValueError as exc:
        raise AssertionError(f"a roll of no dice has no score under {ruleset}: {exc}") from None
    assert actual == points, f"the best of no dice under {ruleset} is {actual}, not {points}"


@steps
def set_aside(game: ScriptedGame, selection: str) -> None:
    game.actions.append(f"set {selection}")


@steps
def roll_and_set_aside(game: ScriptedGame, dice: str, selection: str) -> None:
    roll(game, dice)
    set_aside(game, selection)


@steps
def bank(game: ScriptedGame) -> None:
    game.actions.append("bank")


@steps
def score_is(game: ScriptedGame, player: int, points: int) -> None:
    actual = game.player(player)["score"]
    assert actual == points, f"player {player} has {actual} points, not {points}"


@steps
def turn_points(game: ScriptedGame, points: int) -> None:
    actual = game.accepted()["turn_points"]
    assert actual == points, f"the turn stands at {actual} points, not {points}"


@steps
def dice_left(game: ScriptedGame, count: int) -> None:
    actual = game.accepted()["dice_left"]
    assert actual == count, f"the player has {actual} dice to roll, not {count}"


@steps
def on_board(game: ScriptedGame, player: int) -> None:
    assert game.player(player)["on_board"] is True, f"player {player} is not on the board"


@steps
def not_on_board(game: ScriptedGame, player: int) -> None:
    assert game.player(player)["on_board"] is False, f"player {player} is on the board"


@steps
def farkles_not_counted(game: ScriptedGame) -> None:
    """Without a farkle penalty the answer has no count of farkles in a row."""
    counted = [i + 1 for i, p in enumerate(game.accepted()["players"]) if "farkles_in_a_row" in p]
    assert not counted, f"players {counted} have a count of farkles in a row, under a ruleset with no penalty"


@steps
def farkles_in_a_row(game: ScriptedGame, player: int, count: int) -> None:
    actual = game.player(player).get("farkles_in_a_row")
    assert actual == count, f"player {player} has {actual} farkles in a row, not {count}"


@steps
def no_roll_on_table(game: ScriptedGame) -> None:
    shown = game.accepted()["dice"]
    assert shown is None, f"the roll {shown} still waits to be set aside"


@steps
def shorter_game(ruleset: str, points: int) -> None:
    """A claim about the ruleset's target itself: a shorter game has a lower target."""
    target = ruleset_data(ruleset)["end"]["target"]
    assert points < target, f"a game to {points} is not shorter than the game to {target}"


register("setaside", steps)  # the phrasebook section of every set-aside game
