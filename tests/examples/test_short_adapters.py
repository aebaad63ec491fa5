"""The short adapters in other languages that docs/protocol.md shows ("In JavaScript and in Java"):
examples/adapters/js/yacht-adapter.mjs (node only) and examples/adapters/java/YachtAdapter.java
(the JDK only, run as a source file). The page shows each file as it is, in every language, and
each passes Yacht's whole exhaustive corpus against the reference, its replays skipped.

Each runs where its runtime is installed, and must run under CI (CI=true: .ci/run installs node and
a JDK); each run is a process of seconds (the JVM compiles the file as it starts): slow."""

from __future__ import annotations

import os
import re
import shlex
import shutil
from pathlib import Path

import pytest

from folders import REPO
from helpers import run_cli

ADAPTERS = {
    "javascript": ("node", REPO / "examples" / "adapters" / "js" / "yacht-adapter.mjs"),
    "java": ("java", REPO / "examples" / "adapters" / "java" / "YachtAdapter.java"),
}
PAGES = [REPO / "docs" / "protocol.md", *(REPO / "docs" / lang / "protocol.md" for lang in ("fr", "de", "pl"))]
ROLLS_IN_ROWS = 6**5 * 12  # Yacht's exhaustive corpus: every ordered roll in each of its 12 rows


def shown(page: Path, path: Path) -> str:
    """The code block the page shows after its marker naming ``path``."""
    marker = f"<!-- adapter: {path.relative_to(REPO).as_posix()} -->"
    found = re.search(re.escape(marker) + r"\n```\w+\n(.*?)^```$", page.read_text(encoding="utf-8"), re.S | re.M)
    assert found, f"{page.relative_to(REPO)} does not show {path.relative_to(REPO)} after {marker}"
    return found.group(1)


@pytest.mark.parametrize("language", ADAPTERS)
def test_the_protocol_page_shows_each_adapter_as_it_is(language: str) -> None:
    _, path = ADAPTERS[language]
    for page in PAGES:
        assert shown(page, path) == path.read_text(encoding="utf-8"), page.relative_to(REPO)
    assert len(path.read_text(encoding="utf-8").splitlines()) <= 80  # short


def runtime(program: str) -> None:
    """Skip without ``program``, but never under CI, which must run the adapters."""
    if shutil.which(program) is None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"{program} is not installed, and CI must run the adapters in other languages", pytrace=False)
        pytest.skip(f"{program} is not installed")


@pytest.mark.slow
@pytest.mark.parametrize("language", ADAPTERS)
def test_each_adapter_passes_yacht_s_exhaustive_corpus_against_the_reference(
    language: str, capsys: pytest.CaptureFixture[str]
) -> None:
    program, path = ADAPTERS[language]
    runtime(program)
    command = f"{program} {shlex.quote(str(path))}"
    status, out, err = run_cli(
        ["conform", "--impl", command, "--ruleset", "yacht", "--part", "exhaustive", "--part", "games", "--games", "5"],
        capsys,
    )
    assert status == 0, out[-3000:] + err
    last = out.rstrip().splitlines()[-1]
    passed, failed, errored, skipped = map(int, re.findall(r"\d+", last))
    assert (passed, failed, errored) == (ROLLS_IN_ROWS, 0, 0) and skipped > 0, last
    assert "replay is not implemented" in out
