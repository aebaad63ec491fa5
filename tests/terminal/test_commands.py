"""What the terminal games share (terminal/commands.py): one typed command read at the prompt, or
the computer's, written out as if typed."""

from __future__ import annotations

from dicespec.terminal.commands import next_command, read_command


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


def test_the_computer_s_command_is_written_as_typed_and_nothing_is_read() -> None:
    written: list[str] = []

    def read(_: str) -> str:
        raise AssertionError("a computer seat reads no input")

    assert next_command(read, written.append, lambda: "set 15") == ("set", ["15"])
    assert written == ["> set 15   (computer)"]
    assert next_command(lambda _: "bank", written.append) == ("bank", []) and len(written) == 1
