"""Inline SVG bar charts: no script, no download, drawn from the numbers alone."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from dicespec.site.markup import text
from dicespec.site.wording import percentage

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
