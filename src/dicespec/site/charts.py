"""Inline SVG bar charts: no script, no download, drawn from the numbers alone."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from dicespec.site.markup import text

ROW_HEIGHT = 22
LABEL_WIDTH = 150
BAR_WIDTH = 380
VALUE_WIDTH = 80


def bar_chart(title: str, bars: Sequence[tuple[str, Fraction]]) -> str:
    """A horizontal bar chart of shares (0 to 1), one bar per label, as one line of HTML."""
    height = ROW_HEIGHT * len(bars) + 8
    width = LABEL_WIDTH + BAR_WIDTH + VALUE_WIDTH
    parts = [
        f'<svg class="ds-chart" role="img" viewBox="0 0 {width} {height}" width="100%" '
        f'preserveAspectRatio="xMinYMin meet" xmlns="http://www.w3.org/2000/svg">',
        f"<title>{text(title)}</title>",
    ]
    for i, (label, share) in enumerate(bars):
        y = 4 + i * ROW_HEIGHT
        length = float(share) * BAR_WIDTH
        parts += [
            f'<text x="{LABEL_WIDTH - 8}" y="{y + 15}" text-anchor="end" class="ds-chart-label">{text(label)}</text>',
            f'<rect x="{LABEL_WIDTH}" y="{y + 3}" width="{BAR_WIDTH}" height="{ROW_HEIGHT - 6}" class="ds-chart-track"/>',
            f'<rect x="{LABEL_WIDTH}" y="{y + 3}" width="{length:.2f}" height="{ROW_HEIGHT - 6}" class="ds-chart-bar"/>',
            f'<text x="{LABEL_WIDTH + BAR_WIDTH + 6}" y="{y + 15}" class="ds-chart-value">{float(share) * 100:.2f} %</text>',
        ]
    parts.append("</svg>")
    return f'<div class="ds-figure">{"".join(parts)}</div>'
