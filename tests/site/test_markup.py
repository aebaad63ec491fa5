"""Writing Markdown safely: text from the spec escaped so that it reads back as itself (every ASCII
punctuation mark a reference, whole source texts on one line), a block's data that cannot end its
script element, code and quoted text in prose, anchors that are case ids or a hash."""

from __future__ import annotations

import html
import json
import re
import string

from dicespec.site.markup import anchor_id, escaped, quoting, script_json, text, verbatim


def test_text_turns_every_ascii_punctuation_mark_into_a_reference():
    """Escaped text holds no ASCII punctuation at all, and reads back as the text."""
    value = string.punctuation + " plain ÄÖü text\nnext line"
    escaped = text(value)
    assert not set(escaped) & (set(string.punctuation) - set("&#;"))
    assert re.sub(r"&#\d+;", "", escaped).isprintable()
    assert html.unescape(escaped) == " ".join(value.split())


def test_verbatim_keeps_line_breaks_and_spaces_on_one_line():
    """A whole source text stays one line of Markdown and reads back unchanged."""
    value = "a  b\n<c>\n\n[d](e)"
    assert "\n" not in verbatim(value)
    assert html.unescape(verbatim(value)) == value


def test_a_blocks_data_cannot_end_its_script_element_and_reads_back_the_same():
    """The JSON a block hands its script holds no character that ends the element or opens markup,
    and parses back to the value; an attribute value cannot end its quotes."""
    value = {"words": "</script><!-- & <b>ça</b>", "rows": ["a", "b"]}
    data = script_json(value)
    assert not set(data) & set("<>&") and json.loads(data) == value
    assert not set(escaped("\"a\" <b> & 'c'")) & set("\"'<>")


def test_prose_writes_what_stands_between_backticks_as_code():
    """A description's `code` is shown as code, its characters escaped, and no backtick is left;
    what it quotes is still marked as the quoted text's language."""
    found = quoting('debris such as `& #160;` and `& kiriki;`, under "autres règles"', "fr")
    assert "`" not in html.unescape(found)
    assert re.findall(r"<code>(.*?)</code>", found) == [text("& #160;"), text("& kiriki;")]
    assert '<span lang="fr">autres règles</span>' in found


def test_anchor_ids_are_case_ids_or_a_hash():
    """A plain case id is its own anchor; anything else becomes a stable hash."""
    assert anchor_id("kiriki-de-sixes-1") == "kiriki-de-sixes-1"
    hostile = '"><script>alert(1)</script>'
    assert re.fullmatch(r"x-[0-9a-f]{12}", anchor_id(hostile))
    assert anchor_id(hostile) == anchor_id(hostile)
