"""What the terminal games share (terminal/commands.py): one typed command read at the prompt."""

from __future__ import annotations

from dicespec.terminal.commands import read_command


def typed(line: str) -> tuple[str, list[str]] | None:
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return line

    found = read_command(read)
    assert prompts == ["> "]
    return found


def test_a_command_is_its_verb_and_its_other_words() -> None:
    assert typed("keep 1 3 5") == ("keep", ["1", "3", "5"])
    assert typed("  score   chance ") == ("score", ["chance"])


def test_an_empty_line_is_an_empty_verb() -> None:
    assert typed("") == ("", [])
    assert typed("   ") == ("", [])


def test_the_end_of_the_input_is_none() -> None:
    def ended(prompt: str) -> str:
        raise EOFError

    assert read_command(ended) is None
