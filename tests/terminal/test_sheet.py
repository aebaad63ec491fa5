"""Kiriki in the terminal: the score table of a roll, the sheets, and a whole game from scripted input."""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Iterator

import pytest

from dicespec import Roll, find_ruleset
from dicespec.scoresheet.sheet import Sheet
from dicespec.terminal.sheet import play, score_report, sheet_table
from sheet_rows import Row

# Every command a player can type, the illegal ones included; a turn ends at the first row it may use.
ROUND = [
    "",
    "help",
    "rows",
    "sheet",
    "frobnicate",
    "reroll 9",
    "reroll x",
    "keep 1 3 5",
    "reroll 2",
    "reroll 4",
    "end",
    "score yahtzee",
    "score",
    *(f"score {row}" for row in Row),
]


class Console:
    """Scripted input and captured output for :func:`play`."""

    def __init__(self, commands: Iterator[str], limit: int = 20_000) -> None:
        self.commands = commands
        self.limit = limit
        self.prompts = 0
        self.out: list[str] = []

    def read(self, prompt: str) -> str:
        assert prompt == "> "
        self.prompts += 1
        assert self.prompts <= self.limit, "the game does not end"
        try:
            return next(self.commands)
        except StopIteration:
            raise EOFError from None

    def write(self, text: str) -> None:
        self.out.append(text)

    @property
    def text(self) -> str:
        return "\n".join(self.out)


@pytest.mark.parametrize("ruleset", ["kiriki", "kiriki-fr"])
def test_a_whole_game_from_scripted_input(ruleset: str) -> None:
    """``play kiriki --seed 3 --players 2`` with every command tried each turn plays to 'Game over'."""
    console = Console(itertools.cycle(ROUND))
    status = play(find_ruleset(ruleset), 2, 3, read=console.read, write=console.write)
    assert status == 0
    text = console.text
    assert "Game over." in text
    assert text.count("player 1 scores") >= 13 and text.count("player 2 scores") >= 13
    assert "Winner: player" in text
    assert "not allowed: name dice by their numbers 1 to 5, e.g. '1 3 5', not '9'" in text  # 'reroll 9'
    assert "not allowed: no rolls left" in text  # the third reroll of a turn
    assert "unknown command 'frobnicate'" in text
    assert "Traceback" not in text
    final_sheet = text.split("Game over.")[1]
    assert "grand_total" in final_sheet and " - " not in final_sheet  # every row filled


def test_quit_and_end_of_input_stop_the_game() -> None:
    """'quit' or the end of the input stops the game with status 0, before it is over."""
    for commands in (["quit"], []):
        console = Console(iter(commands))
        assert play(find_ruleset("kiriki"), 1, 3, read=console.read, write=console.write) == 0
        assert "Game over." not in console.text


def test_the_same_seed_plays_the_same_game() -> None:
    """The same seed and the same commands give the same game."""
    texts = []
    for _ in range(2):
        console = Console(itertools.cycle(ROUND))
        play(find_ruleset("kiriki"), 2, 3, read=console.read, write=console.write)
        texts.append(console.text)
    assert texts[0] == texts[1]


def test_score_report_table_and_json() -> None:
    """The score report is a table of the 13 rows, or the same scores as JSON."""
    ruleset = find_ruleset("kiriki")
    table = score_report(ruleset, Roll.parse("12345")).splitlines()
    assert table[0] == "Kiriki (KDE reference) (kiriki), dice 12345"
    assert [line.split()[0] for line in table[1:]] == [str(row) for row in Row]
    assert json.loads(score_report(ruleset, Roll.parse("12345"), as_json=True))["rows"]["large_straight"] == 40


def test_sheet_table() -> None:
    """The sheet table shows each player's column, '-' for an empty row, and the derived lines."""
    ruleset = find_ruleset("kiriki")
    text = sheet_table(ruleset, [Sheet.from_cells({"sixes": 24}), Sheet()])
    lines = {line.split()[0]: line.split()[1:] for line in text.splitlines()[1:]}
    assert text.splitlines()[0].split() == ["P1", "P2"]
    assert lines["sixes"] == ["24", "-"]
    assert lines["ones"] == ["-", "-"]
    assert lines["grand_total"] == ["24", "0"]


class Coached(Console):
    """Asks for the hint before every choice and types the best one's command."""

    def __init__(self) -> None:
        super().__init__(iter(()))
        self.asked = False
        self.hinted_from = 0

    def read(self, prompt: str) -> str:
        self.prompts += 1
        assert self.prompts <= self.limit, "the game does not end"
        if "Review" in self.text:
            raise EOFError
        self.asked = not self.asked
        if self.asked:
            self.hinted_from = len(self.out)
            return "hint"
        hinted = (re.fullmatch(r"\s+\d+\.\d\d  .*\((.+)\)", line) for line in self.out[self.hinted_from :])
        return next(found for found in hinted if found)[1]  # the hint's first line: its best choice


def test_the_review_of_a_game_played_as_the_hint_says_gives_nothing_away() -> None:
    """``dicespec play``'s review at the end: a game played by the hint's first choice loses nothing."""
    console = Coached()
    assert play(find_ruleset("yahtzee"), 1, 5, read=console.read, write=console.write) == 0
    review = console.text.split("Review")[1]
    assert "player 1:" in review and "total loss 0.00, mean loss per choice 0.000" in review
    assert "no choice gave anything away" in review


def test_the_review_lists_the_costliest_choices_with_what_they_gave_away() -> None:
    """Scoring every turn's first roll in the first open row: the review names the costliest choices,
    each loss the hint's best value less the chosen row's, and the mean is the total over the choices."""
    from dicespec.solver import Action, Choice, hint
    from dicespec.terminal.sheet import Made, review_lines

    ruleset = find_ruleset("yahtzee")
    empty = Sheet()
    dice = Roll.parse("66666")
    options = dict(hint(ruleset, empty, dice, 0))
    best = max(options.values())
    made = [Made(0, 1, empty, dice, 0, row="chance"), Made(0, 1, empty, Roll.parse("12346"), 2, row="sixes")]
    lines = list(review_lines(ruleset, made, 1))
    chance_loss = best - options[Choice(Action.SCORE, row="chance")]
    sixes = dict(hint(ruleset, empty, Roll.parse("12346"), 2))
    sixes_loss = max(sixes.values()) - sixes[Choice(Action.SCORE, row="sixes")]
    total = chance_loss + sixes_loss
    assert chance_loss > 0 and sixes_loss > 0
    assert f"player 1: 2 choices, total loss {total:.2f}, mean loss per choice {total / 2:.3f}" in "\n".join(lines)
    costly = [line for line in lines if line.lstrip().startswith("-")]
    assert len(costly) == 2
    first, second = sorted([(chance_loss, "66666", "score chance"), (sixes_loss, "12346", "score sixes")])[::-1]
    assert costly[0].startswith(f"    {-first[0]:7.2f}") and f"dice {first[1]}" in costly[0] and first[2] in costly[0]
    assert costly[1].startswith(f"    {-second[0]:7.2f}") and second[2] in costly[1]


def test_the_computer_plays_a_seat_by_optimal_solitaire_play() -> None:
    """Kiriki, one seat a person's (who ends nothing and scores chance when asked), one the
    computer's: every move of the computer is the hint's best, so the review finds that it gave
    nothing away; it says what it plays before the game."""
    lines: list[str] = []
    rows = iter(find_ruleset("kiriki").rows)

    def person(_: str) -> str:
        return f"score {next(rows)}"

    assert play(find_ruleset("kiriki"), 2, 7, computer=(1,), read=person, write=lines.append) == 0
    assert lines[1] == "The computer plays player 2: optimal solitaire play, the best expected score of its own sheet."
    assert sum(line.endswith("(computer)") for line in lines) >= 13
    review = lines[lines.index(next(line for line in lines if line.startswith("Review"))) :]
    assert any(line.startswith("  player 2: ") and "total loss 0.00" in line for line in review)


def test_where_no_solver_plays_the_rules_the_computer_scores_each_roll_at_once_in_its_best_row() -> None:
    """Maxi Yatzy (its saved rolls: no solver plays it), every seat the computer's: it scores the
    turn's first roll at once, each time in the open row that roll scores most in, says so and why
    before the game, and plays the game to its end."""
    from dicespec.scoresheet.game import SheetGame
    from dicespec.terminal.sheet import greedy_move

    ruleset = find_ruleset("maxi-yatzy")
    lines: list[str] = []
    assert play(ruleset, 1, 7, computer=(0,), read=lambda _: "quit", write=lines.append) == 0
    assert lines[1].startswith("The computer plays player 1: each roll scored at once, in the open row")
    assert "states (filled rows, upper sums, saved rolls)" in lines[1]
    assert lines[-2].startswith("Winner: player 1 with ")
    assert not [line for line in lines if "reroll" in line or "(rolls left: 1)" in line]  # never a second roll
    game = SheetGame(ruleset, 1, seed=7)
    game.roll("666123")
    assert greedy_move(game) == "score chance"  # 24, above sixes' and three of a kind's 18
