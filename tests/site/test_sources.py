"""The transcription pages of the source texts: passages in the order the text has them."""

from __future__ import annotations


def test_passages_follow_the_order_of_the_source_text():
    """A transcription page quotes the passages in the order the text has them, elisions and
    opening quotation marks aside; a passage not found in the text comes last."""
    from dicespec.site.cases import Passage
    from dicespec.site.sources import in_text_order

    def passage(quote: str) -> Passage:
        return Passage(anchor=quote, title=quote, quote=quote, cases=())

    found = in_text_order(
        [passage("nowhere"), passage("«third  part … and more"), passage("first"), passage("second part")],
        "first, then the second part,\nthen the third part and the rest",
    )
    assert [p.quote for p in found] == ["first", "second part", "«third  part … and more", "nowhere"]
