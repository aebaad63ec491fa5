"""Every console block of the README, the other front pages and the docs is real output: each
command runs, and what it prints is what the block shows.

A console block is a fence of ``console``: lines starting with ``$ `` are commands, the lines up
to the next command are what it prints (standard output and error, as a terminal shows them).
``…`` marks what a block cuts, the same way on every page: a line holding only ``…`` stands for
any run of lines (none included), a ``…`` within a line for any text on that line. What is not
real output (a command to type, a Makefile recipe, a file) takes another fence.

Each block runs from a folder that looks like the checkout's root (a link to each of its entries),
so a command may write files without touching the checkout, with the virtual environment's
``dicespec`` first on ``PATH`` and the test run's cache folder (``DICESPEC_CACHE_DIR``, as
tests/shared.py sets it): a solve, a kept game, a download made by today's code is read there,
whoever made it (each file is named by the code that made it and its data), so a block shows what
any run of today's code prints; what only a first run prints (a solve's progress) the blocks cut
with ``…``. A block after ``<!-- file: NAME -->`` is not run but written into that folder as
``NAME``, for every console block of its page. A page whose blocks are those of
another page (a translation) is checked once. A changed output fails with a diff naming the file
and the line of the block.
"""

from __future__ import annotations

import difflib
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from dicespec.site import layout
from folders import REPO
from shared import caches_of_the_tests

pytestmark = pytest.mark.early(95)  # every console block's commands, run: handed out early under xdist (tests/order.py)

FRONT = ("README.md", "CONTRIBUTING.md", "benchmarks/README.md")
ELISION = "…"
FILE_MARKER = re.compile(r"<!-- file: (\S+) -->")
FENCE = re.compile(r"^(`{3,})([\w-]*)")

# The commands whose blocks take seconds (whole corpora or whole parts of one, every roll asked and
# a conform run after, solves, builds): run with the slow tests.
SLOW = (
    'dicespec conform --impl "python -m dicespec.adapter"',
    "dicespec conform --function",
    "dicespec identify",
    "dicespec diff",
    "dicespec solve",
    "dicespec report",
    "dicespec export",
)
SLOW_OPTIONS = ("--part features", "--part exhaustive", "--part games")


@dataclass(frozen=True)
class Block:
    """A console block: where it is (its opening fence's line, counted from 1) and its lines."""

    path: str  # relative to the checkout
    line: int
    lines: tuple[str, ...]

    @property
    def commands(self) -> list[tuple[int, str, list[str]]]:
        """Each command: its line in the page, the command, and the lines it prints."""
        found: list[tuple[int, str, list[str]]] = []
        for offset, text in enumerate(self.lines, self.line + 1):
            if text.startswith("$ "):
                found.append((offset, text[2:], []))
            else:
                assert found, f"{self.path}:{offset}: output before any command: {text!r}"
                found[-1][2].append(text)
        return found

    @property
    def slow(self) -> bool:
        return any(
            command.startswith(SLOW) or any(option in command for option in SLOW_OPTIONS)
            for _, command, _ in self.commands
        )


@dataclass(frozen=True)
class Document:
    path: str
    blocks: tuple[Block, ...]
    files: tuple[tuple[str, str], ...]  # (name, content) of its <!-- file: --> blocks


def documents() -> list[Path]:
    """The pages whose console blocks are checked: the front pages and every page of docs/, the
    English ones before their translations."""
    found = [REPO / name for name in FRONT if (REPO / name).is_file()]
    docs = REPO / "docs"
    return found + sorted(
        docs.rglob("*.md"), key=lambda path: (layout.language_of(path.relative_to(docs).as_posix()) != "en", path)
    )


def read(path: Path) -> Document:
    """A page's console blocks and files."""
    relative = path.relative_to(REPO).as_posix()
    lines = path.read_text(encoding="utf-8").split("\n")
    blocks: list[Block] = []
    files: list[tuple[str, str]] = []
    at = 0
    while at < len(lines):
        fence = FENCE.match(lines[at])
        if not fence:
            at += 1
            continue
        end = next((n for n in range(at + 1, len(lines)) if lines[n].rstrip() == fence.group(1)), None)
        assert end is not None, f"{relative}:{at + 1}: a fence is not closed"
        body = lines[at + 1 : end]
        before = next((lines[n] for n in range(at - 1, -1, -1) if lines[n].strip()), "")
        if marker := FILE_MARKER.fullmatch(before.strip()):
            files.append((marker.group(1), "\n".join(body) + "\n"))
        elif fence.group(2) == "console":
            blocks.append(Block(relative, at + 1, tuple(body)))
        at = end + 1
    return Document(relative, tuple(blocks), tuple(files))


def checked() -> list[tuple[Document, Block]]:
    """Every console block to run, once: a page with the same blocks and files as a page before it
    (a translation) adds none."""
    seen: set[tuple[tuple[tuple[str, ...], ...], tuple[tuple[str, str], ...]]] = set()
    found = []
    for path in documents():
        document = read(path)
        key = (tuple(block.lines for block in document.blocks), document.files)
        if key in seen:
            continue
        seen.add(key)
        found += [(document, block) for block in document.blocks]
    return found


def params() -> list[object]:
    return [
        pytest.param(document, block, id=f"{block.path}:{block.line}", marks=[pytest.mark.slow] if block.slow else [])
        for document, block in checked()
    ]


def matches(documented: list[str], real: list[str]) -> int | None:
    """``None`` when ``real`` is ``documented`` with what the elisions stand for; else the index
    (in ``documented``) of the first line that does not match (``len(documented)``: the command
    prints more than the block shows)."""

    def pattern(line: str) -> re.Pattern[str]:
        return re.compile(".*".join(re.escape(part) for part in line.split(ELISION)))

    known: dict[tuple[int, int], bool] = {}
    furthest = [0]

    def match(i: int, j: int) -> bool:
        if (i, j) in known:
            return known[(i, j)]
        furthest[0] = max(furthest[0], i)
        if i == len(documented):
            result = j == len(real)
        elif documented[i].strip() == ELISION:
            result = any(match(i + 1, k) for k in range(j, len(real) + 1))
        else:
            result = j < len(real) and bool(pattern(documented[i]).fullmatch(real[j])) and match(i + 1, j + 1)
        known[(i, j)] = result
        return result

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 4 * (len(documented) + len(real)) + 100))
    return None if match(0, 0) else furthest[0]


def workspace(folder: Path, document: Document) -> Path:
    """A folder that looks like the checkout's root, with the page's files in it."""
    folder.mkdir()
    for entry in REPO.iterdir():
        if entry.name not in (".git", "site", "artifacts"):
            (folder / entry.name).symlink_to(entry)
    for name, content in document.files:
        (folder / name).write_text(content, encoding="utf-8")
    return folder


def environment(cache: Path) -> dict[str, str]:
    """The commands' environment: the virtual environment first on PATH, the cache folder
    ``cache``, a terminal 80 columns wide, and nothing of the test run's own (its worker's
    variables)."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("PYTEST_", "DICESPEC_", "COV_", "VIRTUAL_ENV"))
    }
    env.update(
        PATH=os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")]),
        DICESPEC_CACHE_DIR=str(cache),
        COLUMNS="80",
        LC_ALL="C.UTF-8",
        PYTHONDONTWRITEBYTECODE="1",
    )
    return env


def test_the_pages_have_console_blocks() -> None:
    """The README and the docs show real output, and the check finds it (a page whose fence is
    renamed would silently escape it)."""
    paths = {block.path for _, block in checked()}
    assert {"README.md", "docs/protocol.md"} <= paths, paths


def test_the_matcher_reads_elisions() -> None:
    """``…`` alone on a line stands for any run of lines, none included; within a line, for any
    text there; anything else must be the same."""
    real = ["a", "b 1.2 s", "c", "d"]
    assert matches(["a", "b … s", "…", "d"], real) is None
    assert matches(["…", "c", "d"], real) is None
    assert matches(["a", "…", "b 1.2 s", "c", "d"], real) is None
    assert matches(["a", "b … s", "d"], real) == 2
    assert matches(["a", "b 1.3 s", "…"], real) == 1
    assert matches(["a", "…"], []) == 0
    assert matches(["a"], real) == 1 and matches([], []) is None


@pytest.mark.parametrize(("document", "block"), params())
def test_a_console_block_is_what_its_commands_print(document: Document, block: Block, tmp_path: Path) -> None:
    folder = workspace(tmp_path / "checkout", document)
    env = environment(caches_of_the_tests())
    for line, command, documented in block.commands:
        result = subprocess.run(
            command,
            shell=True,
            cwd=folder,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            timeout=900,
        )
        real = result.stdout.rstrip("\n").split("\n") if result.stdout.strip() else []
        wrong = matches(documented, real)
        if wrong is not None:
            diff = "\n".join(
                difflib.unified_diff(
                    documented, real, f"{block.path}:{line + 1} (the block)", "what the command prints", lineterm=""
                )
            )
            where = repr(documented[wrong]) if wrong < len(documented) else "the end of the block"
            pytest.fail(
                f"{block.path}:{line + 1 + wrong}: `{command}` (exit status {result.returncode}) "
                f"prints otherwise than the block shows, from {where} on:\n{diff}",
                pytrace=False,
            )
