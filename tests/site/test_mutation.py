"""The Mutation testing page (``dicespec.site.mutation``), from a recorded run of the test's own in
``fixtures/mutation/``: the score and each module's counts, every run of the history newest first,
the survivors by verdict with their diffs (a verdict with none left out), what is out of scope;
and a spec with no run recorded, said so."""

from __future__ import annotations

import json
import re
from pathlib import Path

from dicespec.site.data import SiteData
from dicespec.site.mutation import mutation_page

COUNTS = {"killed": 3, "equivalent": 1, "unreached": 0, "survived": 1, "out of scope": 5, "message": 2}
RESULTS = {
    "inputs": "0123456789abcdef",
    "counts": COUNTS,
    "score": 0.75,
    "modules": {
        "dicespec.scoresheet.rows": {**COUNTS, "killed": 3, "survived": 0, "equivalent": 0},
        "dicespec.setaside.combos": dict.fromkeys(COUNTS, 0) | {"survived": 1, "equivalent": 1, "message": 2},
    },
    "survivors": [
        {
            "mutant": "dicespec.setaside.combos.x_best__mutmut_1",
            "verdict": "survived",
            "reason": "not judged <yet>",
            "diff": ["-    return a < b", "+    return a <= b"],
        },
        {"mutant": "dicespec.setaside.combos.x_best__mutmut_2", "verdict": "equivalent", "reason": "same", "diff": []},
    ],
}
HISTORY = [
    {
        "date": "2030-01-01",
        "commit": "aaaaaaa",
        "killed": 2,
        "equivalent": 0,
        "unreached": 1,
        "survived": 1,
        "score": 0.5,
    },
    {
        "date": "2030-02-01",
        "commit": "bbbbbbb",
        "killed": 3,
        "equivalent": 1,
        "unreached": 0,
        "survived": 1,
        "score": 0.75,
    },
]
SCOPE = "out_of_scope:\n  - functions: [describe, __repr__]\n    reason: Prose & printing\n"


def site_data(root: Path) -> SiteData:
    return SiteData(root=root, cases=(), findings=(), findings_by_case={}, sources={})


def recorded(root: Path) -> Path:
    folder = root / "fixtures" / "mutation"
    folder.mkdir(parents=True)
    (folder / "results.json").write_text(json.dumps(RESULTS), encoding="utf-8")
    (folder / "history.jsonl").write_text("".join(json.dumps(run) + "\n\n" for run in HISTORY), encoding="utf-8")
    (folder / "scope.yaml").write_text(SCOPE, encoding="utf-8")
    return root


def test_the_score_and_each_modules_counts(tmp_path: Path) -> None:
    page = mutation_page(site_data(recorded(tmp_path)))
    assert (page.path, page.title) == ("mutation.md", "Mutation testing")
    assert "**Score: 75.0%**: 3 mutants killed of 4 that count." in page.markdown
    rows = re.findall(r"^\| (.+) \|$", page.markdown.split("## History")[0], re.M)
    assert rows[2:] == [
        "<code>dicespec&#46;scoresheet&#46;rows</code> | 100.0% | 3 | 0 | 0 | 0 | 5 | 2",
        "<code>dicespec&#46;setaside&#46;combos</code> | 0.0% | 0 | 1 | 0 | 1 | 0 | 2",
        "**All** | 75.0% | 3 | 1 | 0 | 1 | 5 | 2",
    ]


def test_a_module_with_no_mutant_that_counts_has_no_score(tmp_path: Path) -> None:
    uncounted = {**RESULTS, "modules": {"dicespec.x": dict.fromkeys(COUNTS, 0) | {"equivalent": 2}}}
    recorded(tmp_path)
    (tmp_path / "fixtures" / "mutation" / "results.json").write_text(json.dumps(uncounted), encoding="utf-8")
    assert "| <code>dicespec&#46;x</code> | – | 0 | 2 | 0 | 0 | 0 | 0 |" in mutation_page(site_data(tmp_path)).markdown


def test_the_history_newest_first_the_survivors_by_verdict_and_the_scope(tmp_path: Path) -> None:
    markdown = mutation_page(site_data(recorded(tmp_path))).markdown
    history = markdown.split("## History")[1].split("## ")[0]
    assert re.findall(r"<code>(\w+)</code> \| ([\d.]+%)", history) == [("bbbbbbb", "75.0%"), ("aaaaaaa", "50.0%")]
    headings = re.findall(r"^## (.+)$", markdown, re.M)
    assert headings == ["History", "Survivors not yet judged", "Equivalent", "Out of scope"]  # no unreached one
    survivor = markdown.split("## Survivors not yet judged")[1].split("## ")[0]
    assert (
        "- <code>dicespec&#46;setaside&#46;combos&#46;x&#95;best&#95;&#95;mutmut&#95;1</code>: not judged" in survivor
    )
    assert "&#60;yet&#62;" in survivor and "        -    return a < b\n        +    return a <= b" in survivor
    assert "| <code>describe</code>, <code>&#95;&#95;repr&#95;&#95;</code> | Prose &#38; printing |" in markdown


def test_a_spec_with_no_run_recorded_says_so(tmp_path: Path) -> None:
    markdown = mutation_page(site_data(tmp_path)).markdown
    assert '!!! warning "No run recorded"' in markdown and "Score" not in markdown
