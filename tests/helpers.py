"""Small helpers that several test modules share."""

from __future__ import annotations

import pytest

from dicespec.cli import main


def run_cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """Exit status, stdout and stderr of ``dicespec argv``, run in process; an argparse exit is
    caught as the shell would see it."""
    try:
        status = main(argv)
    except SystemExit as exc:
        status = exc.code if isinstance(exc.code, int) else 1
    out, err = capsys.readouterr()
    return status, out, err
