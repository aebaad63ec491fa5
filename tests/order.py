"""The order pytest-xdist hands out the test files: those marked ``early(seconds)`` first, longest
first; then the others in their own order; last, those with a test marked ``alone``.

Under ``--dist loadfile`` a file runs whole on one worker. xdist hands the files out in the order
its workers collected them, or, by default, those with the most tests first; a file of a few
tests that take minutes (the site's accessibility survey) then comes last, and the run's end
waits for it while the other core idles. A file's mark says about how many seconds its tests
take on a two-core machine; only the order depends on it. A file with an ``alone`` test
(tests/alone.py) comes last: no other test may run beside that test, so it costs least where the
other workers have run out of files, and it never waits for a long survey to end (an alone test
waits for every test running to end, and keeps the other workers from starting one meanwhile:
measured, one file of alone tests handed out beside the browser's survey kept a core idle for a
minute).

The test run's own plugin, loaded by ``tests/conftest.py``.
"""

from __future__ import annotations

from collections import defaultdict

import pytest

from alone import MARK as ALONE

MARK = "early"


def seconds(item: pytest.Item) -> float:
    """The seconds the mark of ``item``'s file says (0 for a file without it)."""
    mark = item.get_closest_marker(MARK)
    return float(mark.args[0]) if mark is not None else 0.0


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        f"{MARK}(seconds): the file's tests take about that long: under pytest-xdist "
        "it is handed out before the others, longest first (tests/order.py)",
    )
    if hasattr(config.option, "loadscopereorder"):
        config.option.loadscopereorder = False  # the workers' order, below; not the most tests first


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not hasattr(config, "workerinput"):  # in one process the order changes nothing
        return
    alone: dict[str, bool] = defaultdict(bool)
    for item in items:
        alone[item.nodeid.split("::")[0]] |= item.get_closest_marker(ALONE) is not None

    def rank(item: pytest.Item) -> tuple[int, float]:
        early = seconds(item)
        return (0, -early) if early else (2, 0.0) if alone[item.nodeid.split("::")[0]] else (1, 0.0)

    items.sort(key=rank)  # stable: each file's own order is kept
