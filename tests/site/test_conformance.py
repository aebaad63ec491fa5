"""The conformance page: the outcomes read per case from the results file the test run writes, and
what the page says with no results."""

from __future__ import annotations

import json

from dicespec.site.conformance import conformance_page, read_run
from dicespec.site.data import load
from dicespec.spec import cases
from sitebuild import REPO


def _line(
    case_id: str | None, test: str, outcome: str, pytest_outcome: str, message: str = "", ruleset: str | None = None
) -> str:
    return (
        json.dumps(
            {
                "id": case_id or test,
                "case": case_id is not None,
                "feature": None,
                "ruleset": ruleset,
                "test": test,
                "outcome": outcome,
                "pytest": pytest_outcome,
                "message": message,
                "start": "2030-01-01T00:00:00+00:00",
                "duration": 0.01,
            }
        )
        + "\n"
    )


def test_results_are_read_per_case_from_the_results_file(tmp_path):
    """Outcomes come from the JSON lines `make test` writes: an expected failure that failed is
    counted apart, one that passed against the errata is a failure, an error is a failure."""
    ids = [case.id for case in cases()]
    path = tmp_path / "results.jsonl"
    path.write_text(
        "".join(
            [
                _line(ids[0], "t::a", "passed", "passed"),
                _line(ids[0], "t::b", "passed", "xfailed", ruleset="kiriki-fr"),
                _line(ids[1], "t::c", "failed", "failed", "wrong"),
                _line(ids[1], "t::d", "failed", "xpassed", "passes, but the errata expect it to fail: x"),
                _line(None, "t::plain", "passed", "passed"),
                _line(None, "t::broken", "errored", "error", "fixture"),
                _line(None, "t::skip", "skipped", "skipped", "no chromium"),
            ]
        ),
        encoding="utf-8",
    )
    run = read_run(path)
    assert [(r.case, r.outcome) for r in run.results] == [
        (ids[0], "passed"),
        (ids[0], "xfailed"),
        (ids[1], "failed"),
        (ids[1], "failed"),
        (None, "passed"),
        (None, "failed"),
        (None, "skipped"),
    ]
    assert run.results[1].ruleset == "kiriki-fr"
    page = conformance_page(load(REPO), path).markdown
    assert "2030" in page and "## Failures" in page and "## Other failing tests" in page


def test_the_conformance_page_says_when_there_are_no_results(tmp_path):
    """Without a results file the page says so, plainly."""
    page = conformance_page(load(REPO), tmp_path / "missing.jsonl").markdown
    assert "No results yet" in page
