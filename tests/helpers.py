"""Small helpers that several test modules share."""

from __future__ import annotations

from pathlib import Path

import pytest

from dicespec.cli import main
from dicespec.rulesets import declared_rulesets, forget_declared


def run_cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """Exit status, stdout and stderr of ``dicespec argv``, run in process as in a process of its
    own (no ruleset of one's own declared before it); an argparse exit is caught as the shell would
    see it."""
    if declared_rulesets():  # forgotten, and the shipped rulesets read again, only when there is any
        forget_declared()
    try:
        status = main(argv)
    except SystemExit as exc:
        status = exc.code if isinstance(exc.code, int) else 1
    out, err = capsys.readouterr()
    return status, out, err


def assert_ruleset_refused(tmp_path: Path, name: str, text: str, fragments: list[str]) -> None:
    """A ruleset file of ``text`` is a RulesetError naming the file, in one line, with each of the
    ``fragments`` (the key path, the value, the line…)."""
    from dicespec.rulesets import RulesetError, load_ruleset

    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: ")
    assert "\n" not in message
    for fragment in fragments:
        assert fragment in message, f"{fragment!r} not in {message!r}"


def write_lines(folder: Path, name: str, *lines: str) -> Path:
    """A text file of these lines (a ruleset file of one's own, say) in ``folder``."""
    path = folder / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path
