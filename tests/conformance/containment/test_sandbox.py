"""The bubblewrap command of ``--sandbox`` (conformance/containment/sandbox.py), read as written,
with no sandbox run: its isolation, a read-only filesystem with ``/run`` hidden, the home folder
hidden but for the folders the command needs (read-only), the one writable folder seen as
``/tmp`` and as ``HOME`` and ``TMPDIR``; and why it cannot run where bwrap is missing."""

from __future__ import annotations

from pathlib import Path

import pytest

from dicespec.conformance.containment import sandbox

BWRAP = "/usr/bin/bwrap"


def options(command: list[str], name: str) -> list[list[str]]:
    """The arguments of every ``name`` option of ``command``, before its ``--``."""
    own = command[: command.index("--")]
    width = 2 if name in ("--ro-bind", "--bind", "--setenv") else 1
    return [own[i + 1 : i + 1 + width] for i, word in enumerate(own) if word == name]


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A home folder of the test's own, with bwrap where the machine keeps it."""
    folder = (tmp_path / "home").resolve()
    (folder / "work").mkdir(parents=True)
    (folder / "data").mkdir()
    monkeypatch.setenv("HOME", str(folder))
    monkeypatch.setattr(sandbox, "bwrap", lambda: BWRAP)
    return folder


def test_the_command_is_isolated_read_only_and_writes_only_its_folder(home: Path, tmp_path: Path) -> None:
    command = sandbox.command(["true"], str(tmp_path / "box"), cwd=str(home / "work"))
    assert command[:5] == [BWRAP, "--unshare-all", "--die-with-parent", "--cap-drop", "ALL"]
    assert command[command.index("--") :] == ["--", "true"]
    assert ["/", "/"] in options(command, "--ro-bind")
    assert options(command, "--bind") == [[str(tmp_path / "box"), "/tmp"]]
    assert options(command, "--tmpfs") == [["/run"], [str(home)]]
    assert options(command, "--setenv") == [["TMPDIR", "/tmp"], ["HOME", "/tmp"]]
    assert options(command, "--chdir") == [[str(home / "work")]]


def test_the_home_folder_is_hidden_but_for_the_folders_the_command_names(home: Path, tmp_path: Path) -> None:
    command = sandbox.command(["true", str(home / "data"), "--flag"], str(tmp_path / "box"), cwd=str(home / "work"))
    shown = [source for source, target in options(command, "--ro-bind") if source == target and source != "/"]
    assert str(home / "work") in shown and str(home / "data") in shown
    assert not any(Path(path) == home for path in shown), "the home folder itself stays hidden"
    assert options(command, "--remount-ro")[-1] == [str(home)]


def test_without_a_home_folder_none_is_hidden(home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("HOME")
    command = sandbox.command(["true"], str(tmp_path / "box"), cwd=str(tmp_path))
    assert options(command, "--tmpfs") == [["/run"]]


def test_without_bwrap_there_is_no_sandbox_and_why_is_said(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sandbox, "bwrap", lambda: None)
    assert sandbox.unusable() == "bwrap is not installed (Debian: apt-get install bubblewrap)"
    with pytest.raises(OSError, match="--sandbox: bwrap is not installed"):
        sandbox.command(["true"], "/tmp/box")
