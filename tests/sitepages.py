"""The built site's pages read as HTML, without a browser: each page a small tree of its elements
(:func:`tree`, read once per process), its address and language, its template (:func:`template`:
which generator or hand-written page made it) and, for the browser's survey, the pages that stand
for every template in every language (:func:`representatives`).

What a static reading can check is checked on every page by ``tests/site/test_built_site.py``;
what needs a browser (layout, scripts, colours) on the representatives by
``tests/site/test_accessibility.py``.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

from dicespec.registry import games
from dicespec.site import layout

VOID = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr"}
)


class Node:
    """An element: its tag, its attributes, its parent and its children (elements and text)."""

    __slots__ = ("attrs", "children", "parent", "tag")

    def __init__(self, tag: str, attrs: dict[str, str | None], parent: Node | None) -> None:
        self.tag = tag
        self.attrs = attrs
        self.parent = parent
        self.children: list[Node | str] = []

    def __repr__(self) -> str:
        attrs = "".join(f" {name}" if value is None else f' {name}="{value}"' for name, value in self.attrs.items())
        return f"<{self.tag}{attrs}>"

    def get(self, name: str) -> str | None:
        return self.attrs.get(name)

    @property
    def classes(self) -> frozenset[str]:
        return frozenset((self.attrs.get("class") or "").split())

    def walk(self) -> Iterator[Node]:
        """This element and every element below it, in document order."""
        stack: list[Node] = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(child for child in reversed(node.children) if isinstance(child, Node))

    def find(self, tag: str) -> Iterator[Node]:
        return (node for node in self.walk() if node.tag == tag)

    def ancestors(self) -> Iterator[Node]:
        node = self.parent
        while node is not None:
            yield node
            node = node.parent

    def text(self) -> str:
        """The text of this element and of every element below it (scripts and styles aside)."""
        parts: list[str] = []

        def collect(node: Node) -> None:
            for child in node.children:
                if isinstance(child, str):
                    parts.append(child)
                elif child.tag not in ("script", "style", "template"):
                    collect(child)

        collect(self)
        return "".join(parts)


class _Builder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#document", {}, None)
        self.open: list[Node] = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, dict(attrs), self.open[-1])
        self.open[-1].children.append(node)
        if tag not in VOID:
            self.open.append(node)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, dict(attrs), self.open[-1])
        self.open[-1].children.append(node)

    def handle_endtag(self, tag: str) -> None:
        # an end tag closes the element it ends, and whatever was left open inside it
        for depth in range(len(self.open) - 1, 0, -1):
            if self.open[depth].tag == tag:
                del self.open[depth:]
                return

    def handle_data(self, data: str) -> None:
        self.open[-1].children.append(data)


def parse(text: str) -> Node:
    """The tree of an HTML document (or of a piece of one)."""
    builder = _Builder()
    builder.feed(text)
    builder.close()
    return builder.root


@functools.cache
def tree(path: Path) -> Node:
    """The tree of the built page at ``path``, read once per process (a built site does not change)."""
    return parse(path.read_text(encoding="utf-8"))


def address(site: Path, page: Path) -> str:
    """The page's address below the site's root, as a reader's browser asks for it: ``fr/kiriki/``."""
    return page.relative_to(site).as_posix().removesuffix("index.html")


def address_of(path: str) -> str:
    """The address of the page at ``path`` (relative to the docs folder, as the generator and the
    navigation name it): ``fr/kiriki.md`` is at ``fr/kiriki/``, ``fr/index.md`` at ``fr/``."""
    stem = path.removesuffix(".md")
    if stem == "index":
        return ""
    return stem.removesuffix("index") if stem.endswith("/index") else stem + "/"


def language(address_: str) -> str:
    """The language of the page at ``address_``: its folder's, else English."""
    head = address_.split("/", 1)[0]
    return head if head in layout.LANGUAGES and "/" in address_ else "en"


def template(address_: str) -> str:
    """What made the page at ``address_``: its family of generated pages (``rules``, ``play``,
    ``source``, ``sources``), or the page itself where it is one of a kind (``home``, ``errata``,
    ``protocol``, ``architecture``, a guide of the command line...)."""
    lang = language(address_)
    bare = address_ if lang == "en" else address_.split("/", 1)[1]
    parts = [part for part in bare.split("/") if part]
    rules = {layout.address(game.name) for game in games()}
    if not parts:
        return "home"
    if parts[0] == "play" and len(parts) == 2:
        return "play"
    if parts[0] == "sources":
        return "source" if len(parts) == 2 else "sources"
    if len(parts) == 1 and parts[0] in rules:
        return "rules"
    return "/".join(parts)


def signatures(root: Node) -> frozenset[tuple[str, frozenset[str], str | None]]:
    """The kinds of element in a page's article: each element's tag and classes, and for a block a
    script brings to life (the scorer, the game) the family of its game, whose data it reads."""
    article = next(root.find("article"), root)
    return frozenset((node.tag, node.classes, node.get("data-family")) for node in article.walk())


def representatives(site: Path, pages: list[Path]) -> list[Path]:
    """The pages that stand for the site in a browser: for each template, in each language it is
    written in, its smallest page (the browser's checks cost by the page's size); then, while some
    kind of element of a template's articles (:func:`signatures`: a block of each family of games
    is a kind of its own) is on none of those, the page of that template holding most of the kinds
    still missing (the smallest of those). So every kind of element any page shows is on a page the
    browser checks, and each page script runs on the data of each family."""
    by_template: dict[str, list[Path]] = {}
    for page in pages:
        by_template.setdefault(template(address(site, page)), []).append(page)
    chosen: list[Path] = []
    for group in by_template.values():
        kinds = {page: signatures(tree(page)) for page in group}
        size = {page: page.stat().st_size for page in group}
        picked: list[Path] = []
        for lang in layout.LANGUAGES:
            own = [page for page in group if language(address(site, page)) == lang]
            if own:
                picked.append(min(own, key=lambda page: (size[page], page)))
        seen = frozenset().union(*(kinds[page] for page in picked))
        while missing := frozenset().union(*kinds.values()) - seen:
            best = max(group, key=lambda page: (len(kinds[page] & missing), -size[page]))
            picked.append(best)
            seen |= kinds[best]
        chosen += picked
    return sorted(chosen)
