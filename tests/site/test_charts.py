"""The site's inline SVG charts (``dicespec.site.charts``), read back from their markup."""

from __future__ import annotations

import re

from dicespec.site.charts import HISTOGRAM_WIDTH, histogram

LABEL_HALF_WIDTH = 16  # half of a three-digit label, in the chart's units, with room to spare


def _numbers(svg: str, tag: str, attribute: str) -> list[float]:
    return [float(value) for value in re.findall(rf'<{tag} {attribute}="([0-9.]+)"', svg)]


def test_a_histogram_keeps_every_column_and_axis_label_inside_its_box() -> None:
    """A histogram's columns and its axis labels, the first and the last too, lie inside the
    chart's width, so no label is cut off at either edge; the labels stand every 50 points."""
    svg = histogram("scores", 100, 10, [1, 3, 9, 27, 9, 3, 1] * 6, "en")
    columns = _numbers(svg, "rect", "x")
    labels = _numbers(svg, "text", "x")
    assert len(columns) == 42 and columns == sorted(columns)
    assert re.findall(r'class="ds-chart-label">([0-9,]+)<', svg) == [str(n) for n in range(100, 521, 50)]
    assert all(LABEL_HALF_WIDTH <= x <= HISTOGRAM_WIDTH - LABEL_HALF_WIDTH for x in labels), labels
    assert columns[0] >= 0 and columns[-1] < HISTOGRAM_WIDTH
