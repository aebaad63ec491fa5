"""``dicespec export`` (export_command.py): a shipped ruleset's test data printed, or written to a
file with a line that counts its cases; a name that is no shipped ruleset is one line, exit status 2."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from dicespec.export import dumps, export
from helpers import run_cli


@cache
def exported(ruleset: str) -> dict[str, Any]:
    return export(ruleset)


def test_the_command_prints_the_file_or_writes_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run_cli(["export", "greed"], capsys)
    assert (status, err) == (0, "") and out == dumps(exported("greed"))
    assert json.loads(out) == exported("greed")
    path = tmp_path / "greed.json"
    status, out, err = run_cli(["export", "greed", "-o", str(path)], capsys)
    assert status == 0 and path.read_text(encoding="utf-8") == dumps(exported("greed"))
    assert out == f"{path}: 56 spec cases and 13,698 corpus cases under greed, {exported('greed')['digest']}\n"


def test_an_unknown_ruleset_is_one_line_and_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run_cli(["export", "mahjong"], capsys)
    assert (status, out) == (2, "")
    assert err.startswith("dicespec: error: unknown ruleset 'mahjong'; shipped rulesets: ") and err.count("\n") == 1


def test_a_file_that_cannot_be_written_is_one_line_and_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run_cli(["export", "greed", "-o", str(tmp_path)], capsys)
    assert (status, out) == (2, "")
    assert err == f"dicespec: error: -o {tmp_path}: cannot write the file (Is a directory)\n"
