"""How narrow a table of the built site can be, read from its HTML: the static reading of a table's
width that ``tests/site/test_built_site.py`` holds every table of every page to, without a browser.

A table laid out automatically is never narrower than the sum of its columns' narrowest widths
(their min-content widths): each column as wide as its widest unbreakable piece of content (a word
of text, a status badge that does not wrap, one character of code, which the theme lets break
anywhere) plus its cells' padding, and at least its header cells' minimum width. A table fits its
column when that sum fits; a browser then wraps the rest. So :func:`narrowest` adds up, for each
column, the widest such piece, measured with the glyph widths of the site's fonts as chromium
draws them (``tests/glyphs.json``), in the theme's sizes and paddings (the constants below, from
mkdocs-material's stylesheet and ``docs/stylesheets/dicespec.css``). It errs on the wide side: it
breaks text at spaces and ``<br>`` only, and adds no kerning.

The browser keeps it honest: ``tests/site/test_accessibility.py`` measures, on the pages that
stand for every template, each table's min-content width and the room it has, and fails where
this reading is narrower than the browser's or the room is not :func:`room`'s; it also measures
the glyph widths again against ``tests/glyphs.json``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from folders import TESTS
from sitepages import Node

GLYPHS_FILE = TESTS / "glyphs.json"
STYLES = ("regular", "bold", "code")


def _glyphs() -> dict[str, dict[str, float]]:
    found = json.loads(GLYPHS_FILE.read_text(encoding="utf-8"))
    return {style: found[style] for style in STYLES}


GLYPHS = _glyphs()
WIDEST = {style: max(widths.values()) for style, widths in GLYPHS.items()}  # a character not measured

ROOT = 20.0  # px: the theme's root font size at a desktop's width (125 % of 16 px)
DESKTOP = 1280  # px: the window's width that every table must fit
COLUMN = 688.0  # px: the article's content width at 1280 px (the primary and secondary sidebars beside it)
PASSAGE_GAP = 1.0 * ROOT  # a passage's grid (.ds-passage): its quoted text (2fr) and its examples (3fr)
TABLE_FONT = 0.64 * ROOT  # .md-typeset table:not([class])
PASSAGE_TABLE_FONT = 0.7 * ROOT  # .md-typeset .ds-passage table:not([class])
PADDING = 1.25  # em, either side of a cell
NARROW_PADDING = 0.6  # em: a table of six columns or more, or in a passage (dicespec.css)
HEADER_MIN = 5 * ROOT  # px, a header cell's least width (its padding within)
NARROW_HEADER_MIN = 4 * ROOT  # a table of six columns or more
BORDER = 0.05 * ROOT  # the table's border, either side
ROUNDING = 1.0  # px a column may take beyond its glyphs' sum, in the browser's rounding (measured: under half a pixel)
CODE_FONT = 0.85  # em of the cell's font
CODE_PADDING = 0.2941176471  # em of the code's font, either side, repeated on every line it breaks onto
BADGE_FONT = 0.85  # .ds-status: bold, no wrapping
BADGE_PADDING = 0.4  # em of the badge's font, either side
SPACES = " \t\n\r\f\u200b"  # where text breaks (a no-break space, a narrow one, do not)
BREAKING_AFTER = "-"  # a word breaks after a hyphen between two of its characters, but before a digit
DASHES = "\u2013\u2014"  # a word breaks after an en or an em dash
# The quotation marks chromium puts round a <q>, widest of the site's languages' (French: « and a no-break space).
QUOTE_OPEN, QUOTE_CLOSE = "«\u00a0", "\u00a0»"


def width(text: str, style: str, size: float) -> float:
    """The width in px of ``text`` in ``style`` at ``size`` px, glyph by glyph."""
    widths = GLYPHS[style]
    return size * sum(widths.get(char, WIDEST[style]) for char in text)


@dataclass
class _Pieces:
    """The unbreakable pieces of a cell, built as its content is read: the widest one so far."""

    widest: float = 0.0
    current: float = 0.0

    def add(self, px: float) -> None:
        self.current += px

    def end(self) -> None:
        self.widest = max(self.widest, self.current)
        self.current = 0.0


def _breaks_after(text: str, index: int) -> bool:
    """Whether a line may break after ``text[index]``, a hyphen or a slash (or a dash) between
    two characters of a word: not before a digit (``-1``, ``pypi/11111``), as Unicode's line
    breaking has it and chromium does."""
    char = text[index]
    if char in DASHES:
        return True
    if char not in BREAKING_AFTER or index == 0 or index + 1 == len(text):
        return False
    return text[index - 1] not in SPACES and not text[index + 1].isdigit()


def _text(pieces: _Pieces, text: str, style: str, size: float) -> None:
    word = ""
    for index, char in enumerate(text):
        if char in SPACES:
            pieces.add(width(word, style, size))
            pieces.end()
            word = ""
            continue
        word += char
        if _breaks_after(text, index):
            pieces.add(width(word, style, size))
            pieces.end()
            word = ""
    pieces.add(width(word, style, size))


def _inline(pieces: _Pieces, node: Node, style: str, size: float) -> None:
    for child in node.children:
        if isinstance(child, str):
            _text(pieces, child, style, size)
        elif child.tag == "br":
            pieces.end()
        elif child.tag == "code":
            code = size * CODE_FONT
            pad = code * CODE_PADDING
            text = child.text()
            # breaks anywhere: each character a line of its own, padded either side; the first
            # and last stay with what stands before and after it
            for index, char in enumerate(text):
                if index:
                    pieces.add(pad)
                    pieces.end()
                pieces.add(pad + width(char, "code", code))
            pieces.add(pad)
        elif "ds-status" in child.classes:
            badge = size * BADGE_FONT
            pieces.add(2 * badge * BADGE_PADDING + width(" ".join(child.text().split()), "bold", badge))
        elif child.tag == "q":
            _text(pieces, QUOTE_OPEN, style, size)
            _inline(pieces, child, style, size)
            _text(pieces, QUOTE_CLOSE, style, size)
        elif child.tag in ("strong", "b", "th"):
            _inline(pieces, child, "bold", size)
        elif child.tag not in ("script", "style", "template"):
            _inline(pieces, child, style, size)


def widest_piece(cell: Node, size: float) -> float:
    """The widest unbreakable piece of a cell's content, in px."""
    pieces = _Pieces()
    _inline(pieces, cell, "bold" if cell.tag == "th" else "regular", size)
    pieces.end()
    return pieces.widest


def _rows(table: Node) -> list[list[Node]]:
    return [
        [cell for cell in row.children if isinstance(cell, Node) and cell.tag in ("th", "td")]
        for row in table.find("tr")
    ]


def in_passage(table: Node) -> bool:
    return any("ds-passage" in node.classes for node in table.ancestors())


@dataclass(frozen=True)
class Narrowest:
    """A table's narrowest width and each of its columns', in px."""

    width: float
    columns: tuple[float, ...]


def narrowest(table: Node) -> Narrowest:
    """The narrowest a Markdown table of the site (``table:not([class])``) can be laid out, in px:
    its columns' narrowest widths and its borders."""
    rows = _rows(table)
    wide = any(len(row) >= 6 for row in rows)
    passage = in_passage(table)
    size = PASSAGE_TABLE_FONT if passage else TABLE_FONT
    padding = 2 * size * (NARROW_PADDING if wide or passage else PADDING)
    columns: list[float] = []
    for row in rows:
        for index, cell in enumerate(row):
            if int(cell.get("colspan") or 1) != 1:
                raise ValueError(f"a cell spans columns, which this reading does not know: {cell}")
            least = (NARROW_HEADER_MIN if wide else HEADER_MIN) if cell.tag == "th" else 0.0
            need = max(least, widest_piece(cell, size) + padding)
            if index == len(columns):
                columns.append(need)
            else:
                columns[index] = max(columns[index], need)
    return Narrowest(sum(columns) + 2 * BORDER, tuple(columns))


# The scorer's table (docs/stylesheets/scorer.css), at a phone's width: its rows are made by its script.
PHONE = 390  # px: the window's width
PHONE_ROOM = 336.0  # px: the article's column at 390 px (390 less .8rem margins) less the scorer's padding and border
SCORER_FONT = 0.75 * ROOT
SCORER_PHONE_PADDING = 0.25  # em either side of a cell (scorer.css: under 30em)
SCORER_RULE = 0.95  # em of the table's font: a row's rule


@dataclass(frozen=True)
class Cell:
    """A cell a script writes: its text, its style, its size (em of the table's font), and
    whether its text wraps at spaces and hyphens (else it stays on one line)."""

    text: str
    style: str = "regular"
    size: float = 1.0
    wraps: bool = True


def narrowest_of(columns: list[list[Cell]], font: float, padding: float) -> Narrowest:
    """The narrowest a table of these columns' cells can be laid out (no border of its own: the
    scorer's collapse), with ``padding`` em either side of a cell, in px."""
    found = []
    for cells in columns:
        widest = 0.0
        for cell in cells:
            size = font * cell.size
            if cell.wraps:
                pieces = _Pieces()
                _text(pieces, cell.text, cell.style, size)
                pieces.end()
                widest = max(widest, pieces.widest)
            else:
                widest = max(widest, width(cell.text, cell.style, size))
        found.append(widest + 2 * font * padding)
    return Narrowest(sum(found), tuple(found))


def room(table: Node) -> float:
    """The width a Markdown table has at a desktop's width before its box scrolls, in px: the
    article's column, or in a passage the examples' share of it."""
    for node in table.ancestors():
        if "ds-passage" in node.classes:
            return (COLUMN - PASSAGE_GAP) * 3 / 5
        if node.tag in ("li", "blockquote", "details") or "admonition" in node.classes:
            raise ValueError(f"a table in {node}, whose room this reading does not know")
    return COLUMN


def markdown_tables(article: Node) -> list[Node]:
    """The article's Markdown tables (the theme's ``table:not([class])``), in page order."""
    return [table for table in article.find("table") if not table.get("class")]
