"""The Kiriki steps. Each asks the implementation under test through its narrow interface
(``kiriki_score`` and ``kiriki_replay``), never the engine directly; the phrasings are in
phrasebook.yaml."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from dicespec.implementation import Implementation
from dicespec.spec.glossary import line_id

from .phrasebook import StepLogic, register

GAME = "kiriki"
steps = StepLogic()


def _digits(text: str) -> list[int]:
    return [int(d) for d in re.findall(r"\d", text)]


def _row(name: str) -> str:
    return line_id(GAME, name)


@dataclass
class ScriptedGame:
    """A game written as actions in the replay notation, replayed when a Then step asks."""

    implementation: Implementation
    ruleset: str
    players: int
    actions: list[str] = field(default_factory=list)

    def replay(self, actions: list[str] | None = None) -> dict[str, Any]:
        return self.implementation.kiriki_replay(self.ruleset, self.players, list(self.actions if actions is None else actions))

    def accepted(self) -> dict[str, Any]:
        result = self.replay()
        rejected = result["rejected"]
        assert rejected is None, (
            f"action {rejected['at'] + 1} ({self.actions[rejected['at']]!r}) was rejected as "
            f"{rejected['code']}; actions: {self.actions}"
        )
        return result

    def lines(self, player: int) -> dict[str, int | None]:
        return self.accepted()["players"][player - 1]["lines"]


# -- scoring one roll ----------------------------------------------------------------------


@steps
def dice_show(dice: str) -> str:
    return dice.strip()


@steps
def row_scores(implementation: Implementation, ruleset: str, dice: str, row: str, score: int) -> None:
    actual = implementation.kiriki_score(ruleset, dice, _row(row))
    assert actual == score, f"{dice} in {_row(row)} under {ruleset}: the text says {score}, the implementation {actual}"


@steps
def sum_of_dice(dice: str, terms: str, score: int) -> None:
    """The text's own sum: its terms add up to the score, and each term is a die shown."""
    numbers = _digits(terms)
    assert sum(numbers) == score, f"{terms} adds up to {sum(numbers)}, not {score}"
    missing = Counter(numbers) - Counter(_digits(dice))
    assert not missing, f"{terms} counts dice that {dice} does not show: {sorted(missing.elements())}"


@steps
def sequence_in_dice(dice: str, sequence: str) -> None:
    faces = _digits(sequence)
    assert faces == list(range(faces[0], faces[0] + len(faces))), f"{sequence} is not a run of faces"
    assert set(faces) <= set(_digits(dice)), f"{dice} does not hold {sequence}"


# -- games ---------------------------------------------------------------------------------


@steps
def new_game(implementation: Implementation, ruleset: str, players: int) -> ScriptedGame:
    return ScriptedGame(implementation, ruleset, players)


@steps
def roll(game: ScriptedGame, dice: str) -> None:
    game.actions.append(f"roll {dice.strip()}")


@steps
def reroll(game: ScriptedGame, positions: str, dice: str) -> None:
    game.actions.append(f"reroll {','.join(map(str, _digits(positions)))}={dice.strip()}")


@steps
def reroll_nothing(game: ScriptedGame) -> None:
    game.actions.append("reroll =")


@steps
def score(game: ScriptedGame, row: str) -> None:
    game.actions.append(f"score {_row(row)}")


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
    lines = game.lines(player)
    for name, value in (row[:2] for row in datatable[1:]):
        expected = None if value.strip() == "-" else int(value)
        assert lines[_row(name)] == expected, f"player {player}'s {_row(name)} is {lines[_row(name)]}, not {value}"


@steps
def game_over(game: ScriptedGame) -> None:
    assert game.accepted()["over"] is True, "the game is not over"


@steps
def game_not_over(game: ScriptedGame) -> None:
    assert game.accepted()["over"] is False, "the game is over"


@steps
def current_player(game: ScriptedGame, player: int) -> None:
    current = game.accepted()["current"] + 1
    assert current == player, f"it is player {current}'s turn, not player {player}'s"


@steps
def accepted(game: ScriptedGame) -> None:
    game.accepted()


@steps
def rejected(game: ScriptedGame, code: str) -> None:
    result = game.replay()
    last = len(game.actions) - 1
    assert result["rejected"] is not None, f"{game.actions[-1]!r} was accepted"
    assert result["rejected"] == {"at": last, "code": code.strip()}, f"rejection: {result['rejected']}"
    before = game.replay(game.actions[:-1])
    assert {k: v for k, v in result.items() if k != "rejected"} == {
        k: v for k, v in before.items() if k != "rejected"
    }, "the rejected action changed the game"


@steps
def dice_now(game: ScriptedGame, dice: str) -> None:
    shown = game.accepted()["dice"]
    assert shown == dice.strip(), f"the dice show {shown}"


@steps
def sheet_line(game: ScriptedGame, player: int, line: str, value: int) -> None:
    actual = game.lines(player)[_row(line)]
    assert actual == value, f"player {player}'s {_row(line)} is {actual}, not {value}"


@steps
def line_empty(game: ScriptedGame, player: int, line: str) -> None:
    actual = game.lines(player)[_row(line)]
    assert actual is None, f"player {player}'s {_row(line)} holds {actual}"


@steps
def turns_taken(game: ScriptedGame, player: int, count: int) -> None:
    actual = game.accepted()["players"][player - 1]["turns_taken"]
    assert actual == count, f"player {player} has played {actual} turns"


@steps
def extra_turns(game: ScriptedGame, player: int, count: int) -> None:
    actual = game.accepted()["players"][player - 1]["extra_turns"]
    assert actual == count, f"player {player} has earned {actual} extra turns"


def _empty_sheet_lines(implementation: Implementation, ruleset: str) -> list[str]:
    result = implementation.kiriki_replay(ruleset, 1, [])
    return list(result["players"][0]["lines"])


@steps
def scoring_lines(implementation: Implementation, ruleset: str, count: int) -> None:
    lines = [line for line in _empty_sheet_lines(implementation, ruleset) if not line.endswith("_total")]
    assert len(lines) == count, f"the sheet has {len(lines)} lines with a score pattern: {lines}"


@steps
def summary_lines(implementation: Implementation, ruleset: str, count: int) -> None:
    lines = [line for line in _empty_sheet_lines(implementation, ruleset) if line.endswith("_total")]
    assert len(lines) == count, f"the sheet has {len(lines)} summary lines: {lines}"


register(GAME, steps)
