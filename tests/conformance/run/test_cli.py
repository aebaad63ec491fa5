"""``dicespec.conformance.run.cli``: the ``dicespec conform`` command line. The limits its options
set (:func:`limits_of`, :func:`add_limits`'s defaults), its parser, and the combinations of
options it refuses in one line before any run. The runs themselves are tested beside the runner."""

from __future__ import annotations

import argparse

import pytest

from dicespec.cli import main
from dicespec.command_line import UsageError
from dicespec.conformance.containment import defaults
from dicespec.conformance.containment.limits import Limits
from dicespec.conformance.run.cli import add_limits, limits_of, register


def limits_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser()
    add_limits(parser.add_argument_group("containment"))
    return parser


def test_the_limits_default_to_the_shared_defaults() -> None:
    args = limits_parser().parse_args([])
    assert limits_of(args) == Limits(defaults.MAX_MEMORY, defaults.MAX_CPU, defaults.MAX_PROCESSES)


def test_the_limits_read_sizes_counts_and_none() -> None:
    args = limits_parser().parse_args(["--max-memory", "512M", "--max-cpu", "none", "--max-processes", "8"])
    assert limits_of(args) == Limits(512 << 20, None, 8)


def test_a_limit_that_is_no_count_is_a_usage_error() -> None:
    args = limits_parser().parse_args(["--max-processes", "many"])
    with pytest.raises(UsageError, match=r"^a limit: "):
        limits_of(args)


def test_register_adds_conform_with_its_options() -> None:
    parser = argparse.ArgumentParser(prog="dicespec")
    register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["conform", "--python", "mod:obj", "--in-process", "--ruleset", "yacht", "--seed", "7"])
    assert (args.python, args.in_process, args.ruleset, args.seed) == ("mod:obj", True, ["yacht"], 7)
    assert callable(args.run)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--impl", "true", "--in-process"], "--in-process goes with --python or --function"),
        (["--python", "x:y", "--in-process", "--sandbox"], "--sandbox cannot hold code run --in-process"),
        (["--python", "x:y", "--categories", "c.yaml"], "--categories goes with --function"),
        (["--function", "yacht:score", "--ruleset", "mahjong"], "unknown ruleset 'mahjong'; shipped rulesets: "),
    ],
)
def test_options_that_do_not_go_together_are_one_line_of_usage_error(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(["conform", *argv])
    err = capsys.readouterr().err
    assert status == 2 and message in err and err.count("\n") == 1, err


def test_a_limit_that_is_no_size_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conform", "--impl", "true", "--max-memory", "lots"]) == 2
    assert capsys.readouterr().err.startswith(
        "dicespec: error: a limit: 'lots' is no size: write e.g. 4G, 512M or none"
    )
