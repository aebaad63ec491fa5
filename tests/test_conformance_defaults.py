"""The conformance defaults live in one place (``dicespec.conformance.defaults``): the
transport, the runner, the report and the command line's options all take theirs from it."""

from __future__ import annotations

from dicespec.cli import build_parser
from dicespec.conformance import defaults
from dicespec.conformance.report import Recorder
from dicespec.conformance.runner import Options
from dicespec.conformance.stdio import StdioTransport


def test_the_documented_values() -> None:
    assert defaults.MAX_LINE == 1 << 20  # the protocol page promises replies up to 1 MiB
    assert (defaults.TIMEOUT, defaults.HELLO_TIMEOUT, defaults.MAX_RESTARTS, defaults.WINDOW) == (10.0, 30.0, 3, 512)


def test_the_transport_and_the_runner_take_them() -> None:
    transport = StdioTransport(["true"])
    assert (transport.timeout, transport.hello_timeout, transport.max_restarts, transport.window, transport.max_line,
            transport.stderr_tail, transport.max_stray_lines) == (
        defaults.TIMEOUT, defaults.HELLO_TIMEOUT, defaults.MAX_RESTARTS, defaults.WINDOW, defaults.MAX_LINE,
        defaults.STDERR_TAIL, defaults.MAX_STRAY_LINES)
    options = Options()
    assert (options.timeout, options.hello_timeout, options.max_restarts, options.window, options.games,
            options.seed) == (defaults.TIMEOUT, defaults.HELLO_TIMEOUT, defaults.MAX_RESTARTS, defaults.WINDOW,
                              defaults.GAMES_PER_RULESET, defaults.SEED)
    assert Recorder().show == defaults.SHOW


def test_the_command_line_agrees() -> None:
    args = build_parser().parse_args(["conform", "--impl", "true"])
    assert (args.timeout, args.hello_timeout, args.max_restarts, args.window, args.games, args.seed, args.show) == (
        defaults.TIMEOUT, defaults.HELLO_TIMEOUT, defaults.MAX_RESTARTS, defaults.WINDOW,
        defaults.GAMES_PER_RULESET, defaults.SEED, defaults.SHOW)
