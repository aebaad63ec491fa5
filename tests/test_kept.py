"""The values tests keep between runs (tests/kept.py)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from kept import KEEP, kept, kept_file


@pytest.fixture(autouse=True)
def caches(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "test-runs"  # the test runs' caches folder (tests/shared.py), empty
    monkeypatch.setenv("DICESPEC_CACHE_DIR", str(folder))
    return folder


class Maker:
    """Makes ``value``, counting the times it is asked."""

    def __init__(self, value: object) -> None:
        self.value, self.made = value, 0

    def __call__(self) -> object:
        self.made += 1
        return self.value


def test_a_value_is_made_once_for_its_inputs_and_again_for_others(capsys: pytest.CaptureFixture[str]) -> None:
    make = Maker({"pages": ["/"], "seconds": 1.5})
    assert kept("survey", {"site": "a"}, make) == {"pages": ["/"], "seconds": 1.5}
    assert capsys.readouterr().out == ""
    assert kept("survey", {"site": "a"}, make) == {"pages": ["/"], "seconds": 1.5}
    assert make.made == 1
    assert "survey: kept by an earlier run of the same inputs" in capsys.readouterr().out
    kept("survey", {"site": "b"}, make)
    kept("other", {"site": "a"}, make)
    assert make.made == 3


def test_a_value_keep_refuses_is_made_again_by_the_next_run() -> None:
    make = Maker({"stops": ["timed out"]})
    for _ in range(2):
        kept("identify", {"game": "yahtzee"}, make, keep=lambda value: not value["stops"])
    assert make.made == 2
    assert not kept_file("identify", {"game": "yahtzee"}).exists()


def test_a_file_that_cannot_be_read_is_made_again() -> None:
    make = Maker([1, 2, 3])
    kept("rolls", {"n": 3}, make)
    kept_file("rolls", {"n": 3}).write_bytes(b"not a pickle")
    assert kept("rolls", {"n": 3}, make) == [1, 2, 3]
    assert make.made == 2


def test_only_the_most_recently_used_files_of_a_value_stay() -> None:
    for number in range(KEEP + 2):
        kept("survey", {"site": number}, Maker(number))
        os.utime(kept_file("survey", {"site": number}), (1000 + number, 1000 + number))  # used in this order
    assert kept("survey", {"site": 0}, Maker("made again")) == "made again"  # the oldest two were removed
    names = {path.name for path in kept_file("survey", {}).parent.glob("*.pickle")}
    assert names == {kept_file("survey", {"site": number}).name for number in (0, KEEP - 1, KEEP, KEEP + 1)}
