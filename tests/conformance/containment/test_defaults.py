"""The conformance defaults live in one place (``dicespec.conformance.containment.defaults``): the
transport, the runner, the report and the command line's options all take theirs from it."""

from __future__ import annotations

import pytest

from dicespec.cli import build_parser
from dicespec.conformance.containment import defaults
from dicespec.conformance.containment.limits import Limits, parse_count, parse_size
from dicespec.conformance.run.report import Recorder
from dicespec.conformance.run.runner import Options
from dicespec.conformance.transports.stdio import StdioTransport


def test_the_documented_values() -> None:
    assert defaults.MAX_LINE == 1 << 20  # the protocol page promises replies up to 1 MiB
    assert (defaults.TIMEOUT, defaults.HELLO_TIMEOUT, defaults.MAX_RESTARTS, defaults.WINDOW) == (10.0, 30.0, 3, 512)
    assert (defaults.MAX_MEMORY, defaults.MAX_CPU, defaults.MAX_PROCESSES, defaults.GRACE) == (4 << 30, 3600, 64, 2.0)


def test_the_transport_and_the_runner_take_them() -> None:
    transport = StdioTransport(["true"])
    assert (
        transport.timeout,
        transport.hello_timeout,
        transport.max_restarts,
        transport.window,
        transport.max_line,
        transport.stderr_tail,
        transport.max_stray_lines,
    ) == (
        defaults.TIMEOUT,
        defaults.HELLO_TIMEOUT,
        defaults.MAX_RESTARTS,
        defaults.WINDOW,
        defaults.MAX_LINE,
        defaults.STDERR_TAIL,
        defaults.MAX_STRAY_LINES,
    )
    options = Options()
    assert (
        options.timeout,
        options.hello_timeout,
        options.max_restarts,
        options.window,
        options.games,
        options.seed,
    ) == (
        defaults.TIMEOUT,
        defaults.HELLO_TIMEOUT,
        defaults.MAX_RESTARTS,
        defaults.WINDOW,
        defaults.GAMES_PER_RULESET,
        defaults.SEED,
    )
    assert Recorder().show == defaults.SHOW
    limits = Limits()
    assert (limits.memory, limits.cpu, limits.processes) == (
        defaults.MAX_MEMORY,
        defaults.MAX_CPU,
        defaults.MAX_PROCESSES,
    )
    assert transport.limits == options.limits == limits and transport.grace == options.grace == defaults.GRACE
    assert options.max_line == defaults.MAX_LINE and not options.sandbox and not options.in_process


def test_the_command_line_agrees() -> None:
    args = build_parser().parse_args(["conform", "--impl", "true"])
    assert (args.timeout, args.hello_timeout, args.max_restarts, args.window, args.games, args.seed, args.show) == (
        defaults.TIMEOUT,
        defaults.HELLO_TIMEOUT,
        defaults.MAX_RESTARTS,
        defaults.WINDOW,
        defaults.GAMES_PER_RULESET,
        defaults.SEED,
        defaults.SHOW,
    )
    assert (args.max_line, args.grace, args.sandbox, args.in_process) == (
        defaults.MAX_LINE,
        defaults.GRACE,
        False,
        False,
    )
    assert (parse_size(args.max_memory), parse_count(args.max_cpu), parse_count(args.max_processes)) == (
        defaults.MAX_MEMORY,
        defaults.MAX_CPU,
        defaults.MAX_PROCESSES,
    )


@pytest.mark.parametrize(
    ("text", "size"),
    [
        ("4G", 4 << 30),
        ("512M", 512 << 20),
        ("1.5GiB", 3 << 29),
        ("1048576", 1 << 20),
        ("64k", 64 << 10),
        ("none", None),
        ("0", None),
    ],
)
def test_sizes(text: str, size: int | None) -> None:
    assert parse_size(text) == size


def test_the_spec_run_s_options_agree(pytestconfig) -> None:
    """The pytest plugin's --dicespec-* options default to the same values (this run's own, unset)."""
    get = pytestconfig.getoption
    assert (
        get("dicespec_timeout"),
        get("dicespec_hello_timeout"),
        get("dicespec_max_restarts"),
        get("dicespec_max_line"),
        get("dicespec_grace"),
    ) == (defaults.TIMEOUT, defaults.HELLO_TIMEOUT, defaults.MAX_RESTARTS, defaults.MAX_LINE, defaults.GRACE)
    assert (get("dicespec_max_memory"), get("dicespec_max_cpu"), get("dicespec_max_processes")) == (
        defaults.MAX_MEMORY,
        defaults.MAX_CPU,
        defaults.MAX_PROCESSES,
    )
