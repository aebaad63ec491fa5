"""Under /fr/, /de/ and /pl/, every page speaks its reader's language: the reading of what a page
says in its own language (``pagewords.py``: its text and its labels, outside quotations marked
with their language, code and scripts) sees English where it is, and lets marked English through.
Every translated page of the built site is held to it by ``tests/site/test_built_site.py``: no
English text of the site's catalogs (where the language's own text is different), no English
function word ("the", "and", "which" ...).
"""

from __future__ import annotations

from pathlib import Path

from pagewords import said


def test_the_check_sees_english(tmp_path: Path) -> None:
    """The parser finds an English sentence in a French page, and lets quoted English through."""
    page = tmp_path / "page.html"
    page.write_text(
        '<html lang="fr"><p>Le score <q lang="en">is the sum of the dice</q>.</p>'
        '<p>Which row?</p><code>the id</code><button aria-label="Close the menu"></button></html>',
        encoding="utf-8",
    )
    text = said(page, "fr")
    assert "Le score" in text and "Which row?" in text and "Close the menu" in text
    assert "is the sum" not in text and "the id" not in text
