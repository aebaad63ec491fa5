"""The protocol page's translations (docs/fr, docs/de, docs/pl: protocol.md) say what the English
page docs/protocol.md says: the same code blocks in the same order, the same inline code, the same
heading ids in the same order, the same link targets (each language linking its own siblings), and
prose in their own language, not English."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import cache

import pytest
import yaml

from dicespec.site import layout
from folders import REPO

DOCS = REPO / "docs"
ENGLISH = "protocol.md"
LANGUAGES = ("fr", "de", "pl")
ENGLISH_ONLY = ("architecture.md", "rule-changes.md")  # pages with no translation: a translation links the English one

HEADING = re.compile(r"^(#{1,6}) +(.*?)(?: +\{#([\w-]+)\})?\s*$")
INLINE_CODE = re.compile(r"(`+)(.+?)\1", re.S)
LINK = re.compile(r"\[([^\]]*)\]\(([^)\s]+)\)")
COMMENT = re.compile(r"<!--.*?-->", re.S)
QUOTED = re.compile(r"\"[^\"\n]*\"|«[^»]*»|„[^“”]*[“”]|“[^”]*”")
WORD = re.compile(r"[^\W\d_]+")

# Words that English prose cannot do without, and that none of the three languages writes alone.
ENGLISH_WORDS = frozenset(
    {
        "the",
        "and",
        "of",
        "is",
        "are",
        "with",
        "that",
        "which",
        "this",
        "its",
        "does",
        "not",
        "when",
        "what",
        "every",
        "each",
        "from",
    }
)
# Words each language's prose cannot do without: a page in another language would lack them.
OWN_WORDS = {
    "fr": frozenset({"le", "la", "les", "des", "est", "une", "qui", "dans"}),
    "de": frozenset({"der", "die", "das", "und", "ist", "ein", "nicht", "mit"}),
    "pl": frozenset({"jest", "się", "nie", "oraz", "który", "lub", "przez", "gdy"}),
}


@dataclass(frozen=True)
class Markdown:
    """A page split into what a translation keeps and what it translates."""

    front: dict[str, object]
    blocks: list[str]  # fenced code blocks, fences included, in order
    prose: str  # the page outside its front matter and code blocks (each block leaves an empty line)

    @property
    def headings(self) -> list[tuple[str, str | None]]:
        """(level, explicit id or None) of each heading, in order."""
        found = (HEADING.match(line) for line in self.prose.splitlines())
        return [(m.group(1), m.group(3)) for m in found if m]

    @property
    def inline_code(self) -> Counter[str]:
        """Each inline code span, its white space as the page renders it (a line break is a space)."""
        return Counter(" ".join(m.group(2).split()) for m in INLINE_CODE.finditer(self.prose))

    @property
    def links(self) -> list[str]:
        """Each link target, outside inline code."""
        return [m.group(2) for m in LINK.finditer(INLINE_CODE.sub("", self.prose))]

    @property
    def comments(self) -> list[str]:
        """The HTML comments (the markers tests find the examples by), in order."""
        return COMMENT.findall(self.prose)

    @property
    def words(self) -> set[str]:
        """The prose's words, lower case: no code, link target, heading id, comment or quotation."""
        text = INLINE_CODE.sub(" ", COMMENT.sub(" ", self.prose))
        text = LINK.sub(lambda m: m.group(1), text)
        text = QUOTED.sub(" ", re.sub(r"\{#[\w-]+\}", " ", text))
        return set(WORD.findall(text.lower()))


def split(text: str) -> Markdown:
    """A page's front matter, fenced code blocks and prose."""
    front: dict[str, object] = {}
    if text.startswith("---\n"):
        head, text = text[4:].split("\n---\n", 1)
        front = yaml.safe_load(head)
    blocks: list[str] = []
    prose: list[str] = []
    block: list[str] | None = None
    for line in text.split("\n"):
        if block is None and line.startswith("```"):
            block = [line]
        elif block is not None:
            block.append(line)
            if line.rstrip() == "```":
                blocks.append("\n".join(block))
                prose.append("")
                block = None
        else:
            prose.append(line)
    assert block is None, f"a code block is not closed: {block[0]!r}"
    return Markdown(front, blocks, "\n".join(prose))


@cache
def page(lang: str) -> Markdown:
    path = DOCS / ENGLISH if lang == "en" else DOCS / lang / ENGLISH
    return split(path.read_text(encoding="utf-8"))


def as_english(target: str) -> str:
    """A translation's link target as the English page writes it: ``../architecture.md`` (an
    English-only page) is ``architecture.md``; a sibling in the same language keeps its name."""
    if target.startswith("../"):
        name = target[3:]
        assert name.split("#")[0] in ENGLISH_ONLY, f"a link out of the language's folder: {target}"
        return name
    return target


def test_the_english_headings_have_explicit_ids() -> None:
    missing = [level for level, anchor in page("en").headings if anchor is None]
    assert not missing and page("en").headings, f"{len(missing)} headings of docs/protocol.md have no {{#id}}"


def test_the_english_page_links_the_clean_addresses() -> None:
    old = [target for target in page("en").links if "generated/" in target]
    assert not old, f"links to generated/ pages: {old}"


@pytest.mark.parametrize("lang", ["en", *LANGUAGES])
def test_links_within_the_page_name_its_headings(lang: str) -> None:
    ids = {anchor for _, anchor in page(lang).headings}
    broken = [t for t in page(lang).links if t.startswith("#") and t[1:] not in ids]
    assert not broken, f"{lang}: links to no heading of the page: {broken}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_translation_sits_where_the_site_looks_for_it(lang: str) -> None:
    """The site offers a page's translation at the same path below the language's folder."""
    assert layout.in_language(layout.protocol(), lang) == f"{lang}/{ENGLISH}"
    assert (DOCS / lang / ENGLISH).is_file()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_translation_has_the_same_code_blocks(lang: str) -> None:
    english, translated = page("en").blocks, page(lang).blocks
    assert len(translated) == len(english), f"{lang}: {len(translated)} code blocks, English has {len(english)}"
    for n, (want, got) in enumerate(zip(english, translated, strict=True), 1):
        assert got == want, f"{lang}: code block {n} differs from the English one"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_translation_has_the_same_inline_code(lang: str) -> None:
    english, translated = page("en").inline_code, page(lang).inline_code
    assert translated == english, (
        f"{lang}: inline code missing {sorted((english - translated).elements())}, "
        f"added {sorted((translated - english).elements())}"
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_translation_has_the_same_heading_ids(lang: str) -> None:
    assert page(lang).headings == page("en").headings, f"{lang}: headings (level, id) differ from the English ones"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_translation_links_the_same_targets(lang: str) -> None:
    english = set(page("en").links)
    translated = {as_english(target) for target in page(lang).links}
    assert translated == english, (
        f"{lang}: missing links {sorted(english - translated)}, added {sorted(translated - english)}"
    )
    english_only = [t for t in page(lang).links if t.split("#")[0] in ENGLISH_ONLY]
    assert not english_only, f"{lang}: English-only pages are linked from the language's folder as ../: {english_only}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_translation_keeps_the_markers(lang: str) -> None:
    assert page(lang).comments == page("en").comments, f"{lang}: the <!-- markers --> differ from the English ones"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_translation_is_not_english(lang: str) -> None:
    english = sorted(page(lang).words & ENGLISH_WORDS)
    assert not english, f"{lang}: English words in the prose: {english}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_translation_is_in_its_own_language(lang: str) -> None:
    lacking = sorted(OWN_WORDS[lang] - page(lang).words)
    assert not lacking, f"{lang}: the prose lacks the language's common words {lacking}"


def test_the_english_page_passes_the_guards() -> None:
    """The guards can fail: the English page has English words and none of the others' own."""
    assert page("en").words >= ENGLISH_WORDS
    for lang in LANGUAGES:
        assert not OWN_WORDS[lang] <= page("en").words, lang
