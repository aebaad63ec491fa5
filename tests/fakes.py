"""The adapters that break on purpose (``tests/conformance_fakes/``, one kind of breakage each), as
the tests run them: as a command for ``dicespec conform``, or behind a stdio transport; and what
the tests read of a run."""

from __future__ import annotations

import importlib
import os
import re
import shlex
import shutil
import subprocess
import sys
from collections.abc import Iterator
from itertools import product
from pathlib import Path
from types import ModuleType
from typing import Any, NamedTuple

import pytest

from dicespec.cli import main
from dicespec.conformance.transports.stdio import StdioTransport
from dicespec.implementation import ReferenceImplementation
from folders import FAKES

PYTHON = shlex.quote(sys.executable)
CLOSING = re.compile(r"^(\d+) passed, (\d+) failed, (\d+) errored, (\d+) skipped$")
REFERENCE = ReferenceImplementation()


def fake_command(name: str) -> str:
    """The command that runs the fake ``name``."""
    return f"{PYTHON} {shlex.quote(str(FAKES / f'{name}.py'))}"


def fake_module(name: str) -> ModuleType:
    """The fake ``name`` as a module of this process (its folder on ``sys.path`` while it is
    imported, for its ``_fake``), to build what it serves in process."""
    sys.path.insert(0, str(FAKES))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(FAKES))


def java_fake(name: str, folder: Path) -> Path:
    """The Java fake ``name`` (``tests/conformance_fakes/NAME.java``, plain Java) compiled by javac
    into ``folder``: the folder of its classes. Skip without a JDK, but never under CI, which must
    run it."""
    if shutil.which("javac") is None or shutil.which("java") is None:
        if os.environ.get("CI") == "true":
            pytest.fail("javac is not installed, and CI must run the Java fakes", pytrace=False)
        pytest.skip("javac is not installed")
    folder.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(
        ["javac", "-d", str(folder), str(FAKES / f"{name}.java")], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    return folder


def running(token: str) -> list[tuple[int, str]]:
    """The processes running (zombies left out) with the token in their command line."""
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            cmdline = Path(f"/proc/{name}/cmdline").read_bytes()
            stat = Path(f"/proc/{name}/stat").read_bytes()
        except OSError:
            continue
        if token.encode() in cmdline and stat[stat.rfind(b")") + 2 :][:1] != b"Z":
            found.append((int(name), cmdline.replace(b"\0", b" ").decode(errors="replace")[:200]))
    return found


def totals(out: str) -> tuple[int, int, int, int]:
    """A conform run's closing counts: passed, failed, errored, skipped."""
    found = CLOSING.match(out.rstrip().splitlines()[-1])
    assert found, out[-2000:]
    passed, failed, errored, skipped = map(int, found.groups())
    return passed, failed, errored, skipped


def in_process(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    """``dicespec conform args`` in this process: its exit status and what it printed."""
    status = main(["conform", *args])
    return status, capsys.readouterr().out


# -- behind the transport ------------------------------------------------------------------------

TRIGGER = "66666"  # the roll a fake misbehaves on


class Ask(NamedTuple):
    op: str
    args: dict[str, Any]


def full_house_requests(dice: int = 4) -> Iterator[Ask]:
    """Ordered Kiriki rolls in the full house row: a 6 and every ``dice`` more (1,296 requests,
    more than two windows), or all of them (7,776) for ``dice=5``; one of them the trigger."""
    for rest in product("123456", repeat=dice):
        yield Ask("score", {"ruleset": "kiriki", "dice": "".join(rest).rjust(5, "6"), "row": "full_house"})


def fake_transport(name: str, **options: Any) -> StdioTransport:
    """A stdio transport to the fake ``name``, with ten seconds to answer a request and ten to
    answer hello (a fake's start, Python and the package with every ruleset read, takes about a
    second of processor time: two seconds were too few on a loaded machine) and three restarts.
    A test of a timeout gives its own, and runs alone (tests/alone.py)."""
    settings = {"timeout": 10.0, "hello_timeout": 10.0, "max_restarts": 3} | options
    return StdioTransport([sys.executable, str(FAKES / f"{name}.py")], **settings)


def outcomes(transport: StdioTransport, dice: int = 4) -> dict[str, Any]:
    """dice → outcome of every full house request."""
    with transport:
        return {ask.args["dice"]: outcome for ask, outcome in transport.stream(full_house_requests(dice))}


def assert_only_trigger_errored(found: dict[str, Any], *, says: str) -> None:
    """The trigger's request alone is errored, saying ``says``; every other is the reference's answer."""
    assert len(found) == 6**4
    errored = {dice: outcome.value for dice, outcome in found.items() if outcome.kind != "result"}
    assert list(errored) == [TRIGGER], errored
    assert found[TRIGGER].kind == "errored"
    assert says in errored[TRIGGER]
    wrong = [
        dice
        for dice, outcome in found.items()
        if outcome.kind == "result" and outcome.value != REFERENCE.score("kiriki", dice, "full_house")
    ]
    assert wrong == []
