"""The results file (``--dicespec-results``): one JSON line per test, its outcomes taken from the
reports' attributes, and the case each test runs (dicespec.spec.items)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from dicespec.spec import results
from results_samples import FEATURE, TESTS


def test_every_test_is_one_line_with_its_outcome_and_case(tmp_path: Path) -> None:
    (tmp_path / "test_some.py").write_text(TESTS, encoding="utf-8")
    (tmp_path / "cases.feature").write_text(FEATURE, encoding="utf-8")
    (tmp_path / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    path = tmp_path / "out" / "results.jsonl"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "dicespec.conformance.run.pytest_plugin",
            "-p",
            "no:cacheprovider",
            "-q",
            "--rootdir",
            str(tmp_path),
            "-c",
            str(tmp_path / "pytest.ini"),
            "--dicespec-results",
            str(path),
            str(tmp_path / "test_some.py"),
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1, done.stdout + done.stderr
    found = {r.test.rsplit("::", 1)[1]: r for r in results.read(path)}
    assert {name: (r.outcome, r.pytest) for name, r in found.items()} == {
        "test_passes": ("passed", "passed"),
        "test_fails": ("failed", "failed"),
        "test_fails_as_expected": ("passed", "xfailed"),
        "test_passes_against_the_errata": ("failed", "xpassed"),
        "test_passes_against_a_loose_expectation": ("failed", "xpassed"),
        "test_skips": ("skipped", "skipped"),
        "test_errors": ("errored", "error"),
        "test_a_plain_case": ("passed", "passed"),
        "test_rows[row-case-66616]": ("passed", "passed"),
    }
    assert "one is not two" in found["test_fails"].message
    assert found["test_passes_against_the_errata"].message == (
        "passes, but the errata expect it to fail: erratum e2: the text is wrong"
    )
    assert found["test_skips"].message == "no chromium"
    assert "no fixture today" in found["test_errors"].message
    assert (found["test_a_plain_case"].id, found["test_a_plain_case"].case) == ("plain-case", True)
    assert (found["test_rows[row-case-66616]"].id, found["test_rows[row-case-66616]"].case) == ("row-case", True)
    assert found["test_rows[row-case-66616]"].feature is not None
    assert found["test_rows[row-case-66616]"].feature.endswith("cases.feature")
    assert not found["test_passes"].case and found["test_passes"].id == found["test_passes"].test
    assert all(r.start.endswith("+00:00") and r.duration >= 0 for r in found.values())


def test_a_line_cut_short_at_the_end_is_left_out(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    line = '{"id": "a", "case": true, "test": "t::a", "outcome": "passed", "pytest": "passed"}'
    path.write_text(line + "\n" + line[:20], encoding="utf-8")
    assert [r.id for r in results.read(path)] == ["a"]
