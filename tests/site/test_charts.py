"""The site's inline SVG charts (``dicespec.site.charts``), read back from their markup."""

from __future__ import annotations

import re

from dicespec.site.charts import HISTOGRAM_WIDTH, heatmap, histogram

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


def test_a_heatmap_shades_each_pair_by_its_value_and_leaves_none_unshaded() -> None:
    """Every pair of scores is a cell; a cell's shade grows with its value (the largest the
    darkest), its tooltip gives both scores and its value, and a cell of no value is the track,
    its tooltip a dash. Scores are labelled every other one, both ways."""
    svg = heatmap("bank", [0, 10, 20], [[10, 20, None], [5, 20, 40], [None, None, 40]], "en")
    cells = re.findall(r'<rect [^>]*class="([a-z-]+)"(?: fill-opacity="([0-9.]+)")?><title>([^<]*)</title>', svg)
    assert len(cells) == 9
    assert cells[2] == ("ds-chart-track", "", "0 – 20: –")
    shades = {title: float(shade) for kind, shade, title in cells if kind == "ds-chart-bar"}
    assert shades["10 – 20: 40"] == shades["20 – 20: 40"] == 1.0
    assert shades["10 – 0: 5"] < shades["0 – 0: 10"] < shades["0 – 10: 20"] < 1.0
    assert re.findall(r'class="ds-chart-label">([0-9,]+)<', svg) == ["0", "20", "0", "20"]
    assert svg.startswith('<svg class="ds-chart ds-heatmap" role="img"') and "<title>bank</title>" in svg


def test_heatmaps_that_compare_share_one_scale() -> None:
    """Given the largest value of several charts, a cell is shaded against it, not its own grid's."""
    alone = heatmap("bank", [0], [[20]], "en")
    shared = heatmap("bank", [0], [[20]], "en", largest=40)
    assert 'fill-opacity="1.000"' in alone and 'fill-opacity="0.560"' in shared
