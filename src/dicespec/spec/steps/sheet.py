"""The score-sheet steps (Kiriki, Yahtzee, Yatzy, Yacht, Generala, Maxi Yatzy). Each asks the
implementation under test through its narrow interface (``score`` and ``replay``), never the engine
directly; the phrasings are in phrasebook.yaml, the steps both families share in common.py."""

from __future__ import annotations

from collections import Counter

from dicespec.implementation import Implementation
from dicespec.rulesets import game_of_ruleset
from dicespec.spec.glossary import line_id

from .common import ScriptedGame, digits, roll
from .phrasebook import StepLogic, register

steps = StepLogic()


def _row(ruleset: str, name: str) -> str:
    """The id of the line a text names ``name``, in the sheet of the ruleset's game."""
    return line_id(game_of_ruleset(ruleset).name, name)


# -- scoring one roll ----------------------------------------------------------------------


@steps
def row_scores(implementation: Implementation, ruleset: str, dice: str, row: str, score: int) -> None:
    row = _row(ruleset, row)
    actual = implementation.score(ruleset, dice, row)
    assert actual == score, f"{dice} in {row} under {ruleset}: the spec says {score}, the implementation {actual}"


@steps
def sum_of_dice(dice: str, terms: str, score: int) -> None:
    """The text's own sum: its terms add up to the score, and each term is a die shown."""
    numbers = digits(terms)
    assert sum(numbers) == score, f"{terms} adds up to {sum(numbers)}, not {score}"
    missing = Counter(numbers) - Counter(digits(dice))
    assert not missing, f"{terms} counts dice that {dice} does not show: {sorted(missing.elements())}"


@steps
def sequence_in_dice(dice: str, sequence: str) -> None:
    faces = digits(sequence)
    assert faces == list(range(faces[0], faces[0] + len(faces))), f"{sequence} is not a run of faces"
    assert set(faces) <= set(digits(dice)), f"{dice} does not hold {sequence}"


# -- games ---------------------------------------------------------------------------------


@steps
def reroll(game: ScriptedGame, positions: str, dice: str) -> None:
    game.actions.append(f"reroll {','.join(map(str, digits(positions)))}={dice.strip()}")


@steps
def reroll_nothing(game: ScriptedGame) -> None:
    game.actions.append("reroll =")


@steps
def score(game: ScriptedGame, row: str) -> None:
    game.actions.append(f"score {_row(game.ruleset, row)}")


@steps
def roll_and_score(game: ScriptedGame, dice: str, row: str) -> None:
    roll(game, dice)
    score(game, row)


@steps
def end_turn(game: ScriptedGame) -> None:
    game.actions.append("end")


PLAYER_COLUMN = {"player", "joueur", "spieler", "gracz"}


@steps
def turns(game: ScriptedGame, datatable: list[list[str]]) -> None:
    """A table of turns, one a row, under a header row: the roll first, the row scored last,
    rerolls between (each written ``1,2=66``: dice 1 and 2 now show 6 and 6). A first column
    headed player (joueur, Spieler, gracz) says whose turn each row is, and is checked."""
    header = [cell.strip().casefold() for cell in datatable[0]]
    checks_player = header[0] in PLAYER_COLUMN
    for cells in datatable[1:]:
        cells = [c.strip() for c in cells]
        if checks_player:
            expected, cells = int(cells[0]), cells[1:]
            current = game.accepted()["current"] + 1
            assert current == expected, f"before {cells}: it is player {current}'s turn, not player {expected}'s"
        roll(game, cells[0])
        for cell in cells[1:-1]:
            for reroll_text in cell.split():
                game.actions.append(f"reroll {reroll_text}")
        score(game, cells[-1])


@steps
def sheet_reads(game: ScriptedGame, player: int, datatable: list[list[str]]) -> None:
    """Every line in the table (line name, value; '-' for an empty row) reads as given."""
    lines = game.player(player)["lines"]
    for name, value in (row[:2] for row in datatable[1:]):
        expected = None if value.strip() == "-" else int(value)
        line = _row(game.ruleset, name)
        assert lines[line] == expected, f"player {player}'s {line} is {lines[line]}, not {value}"


@steps
def sheet_line(game: ScriptedGame, player: int, line: str, value: int) -> None:
    line = _row(game.ruleset, line)
    actual = game.player(player)["lines"][line]
    assert actual == value, f"player {player}'s {line} is {actual}, not {value}"


@steps
def line_empty(game: ScriptedGame, player: int, line: str) -> None:
    line = _row(game.ruleset, line)
    actual = game.player(player)["lines"][line]
    assert actual is None, f"player {player}'s {line} holds {actual}"


@steps
def extra_turns(game: ScriptedGame, player: int, count: int) -> None:
    actual = game.player(player)["extra_turns"]
    assert actual == count, f"player {player} has earned {actual} extra turns"


@steps
def saved_rolls(game: ScriptedGame, player: int, count: int) -> None:
    """The rolls the player has banked from earlier turns: ``saved_rolls`` in the player's entry
    of the replay answer."""
    actual = game.player(player)["saved_rolls"]
    assert actual == count, f"player {player} has {actual} saved rolls, not {count}"


def _empty_sheet_lines(implementation: Implementation, ruleset: str) -> list[str]:
    result = implementation.replay(ruleset, 1, [])
    return list(result["players"][0]["lines"])


@steps
def scoring_lines(implementation: Implementation, ruleset: str, count: int) -> None:
    lines = [line for line in _empty_sheet_lines(implementation, ruleset) if not line.endswith("_total")]
    assert len(lines) == count, f"the sheet has {len(lines)} lines with a score pattern: {lines}"


@steps
def summary_lines(implementation: Implementation, ruleset: str, count: int) -> None:
    lines = [line for line in _empty_sheet_lines(implementation, ruleset) if line.endswith("_total")]
    assert len(lines) == count, f"the sheet has {len(lines)} summary lines: {lines}"


register("sheet", steps)  # the phrasebook section of every score-sheet game
