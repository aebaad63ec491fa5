"""An implementer's install: the sdist and the wheel carry the spec (features, errata, sources,
the spec's steps and pytest plugin, the protocol schema) and nothing of ``tests/``, and
``dicespec conform`` runs from a fresh environment outside the checkout."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from folders import REPO

SKIP = ("site", "build", "dist", "artifacts", "docs", "__pycache__", "*.egg-info")


def run(command: list[str], **kwargs) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(command, capture_output=True, text=True, timeout=600, **kwargs)
    assert done.returncode == 0, f"{command}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment with the wheel built from the sdist of a copy of the checkout
    (its dependencies are those of the test run's environment, seen through a .pth file)."""
    work = tmp_path_factory.mktemp("wheel")
    source = work / "source"
    tracked = run(["git", "ls-files", "-co", "--exclude-standard"], cwd=REPO).stdout.split()
    for name in tracked:
        path = REPO / name
        if path.is_file() and not any(Path(name).match(f"{skip}/*") or name.startswith(f"{skip}/") for skip in SKIP):
            (source / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, source / name)
    dist = work / "dist"
    run([sys.executable, "-c", f"from setuptools import build_meta; build_meta.build_sdist({str(dist)!r})"], cwd=source)
    sdist = next(dist.glob("dicespec-*.tar.gz"))
    run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "--no-index",
            str(sdist),
            "-w",
            str(dist),
        ],
        cwd=work,
    )
    venv = work / "venv"
    run([sys.executable, "-m", "venv", "--without-pip", str(venv)])
    python = venv / "bin" / "python"
    purelib = Path(run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"]).stdout.strip())
    (purelib / "dependencies-of-the-test-run.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(python),
            "install",
            "--quiet",
            "--no-deps",
            "--no-index",
            str(next(dist.glob("dicespec-*.whl"))),
        ]
    )
    return venv


def outside_env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "PYTEST", "DICESPEC"))}


@pytest.mark.slow
def test_the_wheel_carries_the_spec(installed: Path) -> None:
    wheel = next((installed.parent / "dist").glob("dicespec-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for name in (
        "dicespec/schemas/protocol-1.json",
        "dicespec/schemas/protocol-2.json",
        "dicespec/_data/fixtures/errata.yaml",
        "dicespec/spec/steps/plugin.py",
        "dicespec/spec/steps/scenarios.py",
        "dicespec/spec/steps/common.py",
        "dicespec/spec/phrasebook.yaml",
        "dicespec/_data/features/kiriki/en/scoring.feature",
        "dicespec/rulesets/kiriki.yaml",
    ):
        assert name in names
    assert not [
        n
        for n in names
        if n.startswith("dicespec/_data/")
        and not n.startswith(("dicespec/_data/features/", "dicespec/_data/fixtures/"))
    ], "the wheel carries the spec's data only, nothing of tests/"
    assert not any(n.startswith(("tests/", "tools/")) or "/tests/" in n for n in names)
    features = {n.removeprefix("dicespec/_data/") for n in names if n.endswith(".feature")}
    assert features == {p.relative_to(REPO).as_posix() for p in (REPO / "features").rglob("*.feature")}
    assert not any("__pycache__" in n for n in names)
    # The maintainer's tools stay out: the comparison of implementations and the benchmarks' ceiling.
    assert not [
        n for n in names if n.startswith(("tools/", "benchmarks/")) or n.endswith(("/comparison.py", "/ceiling.py"))
    ]


@pytest.mark.slow
def test_conform_runs_from_the_installed_wheel(installed: Path, tmp_path: Path) -> None:
    """From a folder outside the checkout, the installed ``dicespec conform`` runs the shipped
    features through the shipped steps, and replayed games, against the installed adapter."""
    python = installed / "bin" / "python"
    where = run(
        [
            str(python),
            "-c",
            "import dicespec, dicespec.spec.paths as p; print(dicespec.__file__); print(p.data_root())",
        ],
        cwd=tmp_path,
        env=outside_env(),
    ).stdout.split()
    assert all(Path(path).is_relative_to(installed) for path in where), where
    done = run(
        [
            str(installed / "bin" / "dicespec"),
            "conform",
            "--impl",
            f"{python} -m dicespec.adapter",
            "--part",
            "features",
            "--part",
            "games",
            "--ruleset",
            "kiriki",
            "--games",
            "3",
        ],
        cwd=tmp_path,
        env=outside_env(),
    )
    last = done.stdout.rstrip().splitlines()[-1]
    passed = int(last.split()[0])
    assert last == f"{passed} passed, 0 failed, 0 errored, 0 skipped" and passed > 200
    assert "kiriki/en/scoring.feature" in done.stdout and re.search(r"^kiriki game +kiriki +greedy", done.stdout, re.M)
