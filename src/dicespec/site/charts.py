"""Inline SVG charts (bars, a histogram, a heatmap): no script, no download, drawn from the numbers alone."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from dicespec.site.markup import text
from dicespec.site.wording import grouped, percentage

ROW_HEIGHT = 22
LABEL_WIDTH = 150
BAR_WIDTH = 380
VALUE_WIDTH = 80


@dataclass(frozen=True, slots=True)
class Bar:
    """One bar: its label, its share (0 to 1), and the label's language when it is not the page's."""

    label: str
    share: Fraction
    label_lang: str | None = None


def bar_chart(title: str, bars: Sequence[Bar], lang: str = "en") -> str:
    """A horizontal bar chart of shares (0 to 1), one bar per label, as one line of HTML; the
    shares are written as percentages in the convention of ``lang``."""
    height = ROW_HEIGHT * len(bars) + 8
    width = LABEL_WIDTH + BAR_WIDTH + VALUE_WIDTH
    parts = [
        f'<svg class="ds-chart" role="img" viewBox="0 0 {width} {height}" width="100%" '
        f'preserveAspectRatio="xMinYMin meet" xmlns="http://www.w3.org/2000/svg">',
        f"<title>{text(title)}</title>",
    ]
    for i, bar in enumerate(bars):
        y = 4 + i * ROW_HEIGHT
        length = float(bar.share) * BAR_WIDTH
        marked = f' lang="{bar.label_lang}"' if bar.label_lang and bar.label_lang != lang else ""
        parts += [
            f'<text x="{LABEL_WIDTH - 8}" y="{y + 15}" text-anchor="end" class="ds-chart-label"{marked}>'
            f"{text(bar.label)}</text>",
            f'<rect x="{LABEL_WIDTH}" y="{y + 3}" width="{BAR_WIDTH}" height="{ROW_HEIGHT - 6}" '
            'class="ds-chart-track"/>',
            f'<rect x="{LABEL_WIDTH}" y="{y + 3}" width="{length:.2f}" height="{ROW_HEIGHT - 6}" '
            'class="ds-chart-bar"/>',
            f'<text x="{LABEL_WIDTH + BAR_WIDTH + 6}" y="{y + 15}" class="ds-chart-value">'
            f"{percentage(float(bar.share), lang)}</text>",
        ]
    parts.append("</svg>")
    return f'<div class="ds-figure">{"".join(parts)}</div>'


HISTOGRAM_WIDTH = 600
HISTOGRAM_HEIGHT = 140
AXIS_HEIGHT = 18
INSET = 24  # room left and right of the columns, so that a label at either end is not cut off
TICK = 50  # points between two labels of the score axis


def histogram(title: str, start: int, width: int, counts: Sequence[int], lang: str = "en") -> str:
    """A column chart of how many games (``counts``) end in each span of ``width`` points from
    ``start``, as one line of HTML; the score axis labelled every :data:`TICK` points, written in
    the convention of ``lang``. The title says what the chart shows (its text alternative)."""
    total = sum(counts) or 1
    tallest = max(counts, default=0) or 1
    column = (HISTOGRAM_WIDTH - 2 * INSET) / max(len(counts), 1)
    height = HISTOGRAM_HEIGHT + AXIS_HEIGHT
    parts = [
        f'<svg class="ds-chart ds-histogram" role="img" viewBox="0 0 {HISTOGRAM_WIDTH} {height}" width="100%" '
        f'preserveAspectRatio="xMinYMin meet" xmlns="http://www.w3.org/2000/svg">',
        f"<title>{text(title)}</title>",
    ]
    for i, count in enumerate(counts):
        tall = count / tallest * (HISTOGRAM_HEIGHT - 4)
        parts.append(
            f'<rect x="{INSET + i * column:.2f}" y="{HISTOGRAM_HEIGHT - tall:.2f}" width="{max(column - 1, 0.5):.2f}" '
            f'height="{tall:.2f}" class="ds-chart-bar"><title>{start + i * width}–{start + (i + 1) * width - 1}: '
            f"{percentage(count / total, lang)}</title></rect>"
        )
    last = start + len(counts) * width
    for score in range((start + TICK - 1) // TICK * TICK, last + 1, TICK):
        x = INSET + (score - start) / width * column
        label = grouped(score, lang)
        parts.append(f'<text x="{x:.2f}" y="{height - 3}" text-anchor="middle" class="ds-chart-label">{label}</text>')
    parts.append("</svg>")
    return f'<div class="ds-figure">{"".join(parts)}</div>'


HEAT_CELL = 24
HEAT_LABEL = 48  # room for the row labels, left, and the column labels, below


def heatmap(
    title: str,
    scores: Sequence[int],
    grid: Sequence[Sequence[int | None]],
    lang: str = "en",
    *,
    largest: int | None = None,
) -> str:
    """A grid of shaded cells, one a pair of ``scores`` (rows: the mover's, from the top; columns:
    the other's), each shaded by its value in ``grid`` against ``largest`` (by default the grid's
    own; charts that are to be compared share one), darker the larger, its value in its tooltip,
    as one line of HTML; a cell of no value (``None``) is left as the track. The scores are
    labelled every other one, written in the convention of ``lang``; the title says what the chart
    shows (its text alternative)."""
    if largest is None:
        largest = max((value for row in grid for value in row if value is not None), default=0)
    largest = largest or 1
    width = HEAT_LABEL + HEAT_CELL * len(scores) + 4
    height = HEAT_CELL * len(scores) + HEAT_LABEL // 2
    parts = [
        f'<svg class="ds-chart ds-heatmap" role="img" viewBox="0 0 {width} {height}" width="{width}" '
        f'xmlns="http://www.w3.org/2000/svg">',
        f"<title>{text(title)}</title>",
    ]
    for i, (mine, row) in enumerate(zip(scores, grid, strict=True)):
        y = i * HEAT_CELL
        if i % 2 == 0:
            parts.append(
                f'<text x="{HEAT_LABEL - 4}" y="{y + HEAT_CELL * 0.7:.1f}" text-anchor="end" class="ds-chart-label">'
                f"{grouped(mine, lang)}</text>"
            )
        for j, (theirs, value) in enumerate(zip(scores, row, strict=True)):
            x = HEAT_LABEL + j * HEAT_CELL
            shown = "–" if value is None else grouped(value, lang)
            shade = "" if value is None else f' fill-opacity="{0.12 + 0.88 * value / largest:.3f}"'
            kind = "ds-chart-track" if value is None else "ds-chart-bar"
            parts.append(
                f'<rect x="{x}" y="{y}" width="{HEAT_CELL - 1}" height="{HEAT_CELL - 1}" class="{kind}"{shade}>'
                f"<title>{grouped(mine, lang)} – {grouped(theirs, lang)}: {shown}</title></rect>"
            )
    for j, theirs in enumerate(scores):
        if j % 2 == 0:
            middle = HEAT_LABEL + j * HEAT_CELL + HEAT_CELL / 2
            parts.append(
                f'<text x="{middle:.1f}" y="{height - 6}" text-anchor="middle" class="ds-chart-label">'
                f"{grouped(theirs, lang)}</text>"
            )
    parts.append("</svg>")
    return "".join(parts)
