"""Writing Markdown safely: escaping text from the spec, anchors, links and tables.

Everything that comes from a feature file, a source text, the errata or a results file is
*text*, never markup. :func:`text` turns every ASCII punctuation character into a numeric
character reference, so no sequence of characters can open a tag, a link, an attribute list,
emphasis, a table cell or a block: the browser shows the characters, Markdown sees none of them.
Page generators build Markdown only from these helpers and their own fixed strings.

The blocks a page script brings to life (the scorer, the game) are raw HTML in the Markdown:
their text and attribute values go through :func:`escaped`, and the data they hand the script
through :func:`script_json`.
"""

from __future__ import annotations

import hashlib
import html
import json
import posixpath
import re
from collections.abc import Collection, Iterable, Sequence
from typing import Any
from urllib.parse import quote

from dicespec.catalog import words

_SPECIAL = re.compile(r"""[!-/:-@\[-`{-~]""")  # every ASCII punctuation character
_SAFE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")


_BREAKING_SPACE = re.compile(r"[ \t\n\r\f\v]+")  # not the no-break spaces of "10 000" or "54,4 %"


def text(value: object) -> str:
    """``value`` as inline text: breaking whitespace collapsed (no-break spaces kept), every ASCII
    punctuation mark a character reference."""
    collapsed = _BREAKING_SPACE.sub(" ", str(value)).strip()
    return _SPECIAL.sub(lambda m: f"&#{ord(m.group())};", collapsed)


_QUOTED = re.compile(r"«\s*(.+?)\s*»|„(.+?)[“”]|“(.+?)”|\"(.+?)\"")  # French, German/Polish, English quotes


_TOKEN = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_./-]*[A-Za-z0-9_]")
_PATH = re.compile(r"[\w.-]+(?:/[\w.-]+)+\.(?:yaml|yml|txt|json|md|py|mjs)")  # a file of the repository


_CODE_SPAN = re.compile(r"`([^`]+)`")


def quoting(value: object, quoted_lang: str | None, ids: Collection[str] = ()) -> str:
    """``value`` as :func:`text`, with what it quotes (between « », „ “, „ ”, “ ” or " ") marked as
    written in ``quoted_lang`` (prose about a source text quotes that text's words), and as code
    what it writes between backticks and the ``ids`` it names (of findings, cases, rulesets, files)."""
    raw = _BREAKING_SPACE.sub(" ", str(value)).strip()

    def escape(part: str) -> str:
        out, at = [], 0
        for span in _CODE_SPAN.finditer(part):
            out += [escape_prose(part[at : span.start()]), code(span.group(1))]
            at = span.end()
        return "".join([*out, escape_prose(part[at:])])

    def escape_prose(part: str) -> str:
        if not ids and "/" not in part and "_" not in part:
            return _SPECIAL.sub(lambda m: f"&#{ord(m.group())};", part)
        out, at = [], 0
        for token in _TOKEN.finditer(part):
            if token.group() in ids or "_" in token.group() or _PATH.fullmatch(token.group()):  # ids, keys, files
                out += [_SPECIAL.sub(lambda m: f"&#{ord(m.group())};", part[at : token.start()]), code(token.group())]
                at = token.end()
        out.append(_SPECIAL.sub(lambda m: f"&#{ord(m.group())};", part[at:]))
        return "".join(out)

    if not quoted_lang:
        return escape(raw)

    out, at = [], 0
    for match in _QUOTED.finditer(raw):
        group = match.lastindex or 0
        out += [escape(raw[at : match.start(group)]), f'<span lang="{quoted_lang}">{escape(match.group(group))}</span>']
        at = match.end(group)
    out.append(escape(raw[at:]))
    return "".join(out)


def verbatim(value: str) -> str:
    """A whole text for a ``<pre>`` element: spaces and line breaks kept (as references, so the
    element stays one line of Markdown), every special character a reference."""
    escaped = _SPECIAL.sub(lambda m: f"&#{ord(m.group())};", value.replace("\r\n", "\n"))
    return escaped.replace("\n", "&#10;")


def code(value: object) -> str:
    """``value`` as inline code (dice, keys): escaped like :func:`text`."""
    return f"<code>{text(value)}</code>"


def anchor_id(name: str) -> str:
    """An HTML id for ``name``: the name itself where it is a plain slug (every stable case id
    is), otherwise a stable hash of it, so that no id can carry markup."""
    if _SAFE_ID.fullmatch(name):
        return name
    return "x-" + hashlib.sha1(name.encode("utf-8")).hexdigest()[:12]


def anchor(name: str) -> str:
    """An empty element with the id :func:`anchor_id` gives ``name``."""
    return f'<a id="{anchor_id(name)}"></a>'


def link(label: str, target: str, *, fragment: str | None = None, page: str) -> str:
    """A Markdown link from the doc ``page`` to the doc ``target`` (both relative to the docs
    folder), with an already escaped ``label``. MkDocs resolves and checks it."""
    relative = posixpath.relpath(target, posixpath.dirname(page) or ".")
    url = quote(relative, safe="/._-")
    if fragment:
        url += "#" + quote(anchor_id(fragment), safe="_-")
    return f"[{label}]({url})"


def slug(name: str) -> str:
    """A file-name-safe slug of ``name`` (letters, digits, ``_`` and ``-``)."""
    cleaned = re.sub(r"[^A-Za-z0-9_-]+", "-", name).strip("-")
    return cleaned or "x-" + hashlib.sha1(name.encode("utf-8")).hexdigest()[:12]


def table(header: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    """A Markdown table of cells that are already Markdown (escaped with :func:`text`)."""
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join(" --- " for _ in header) + "|"]
    lines += ["| " + " | ".join(cell or " " for cell in row) + " |" for row in rows]
    return "\n".join(lines)


NUMBER_WORDS = 20  # the rules catalog writes the counts 0 to 20 in words (number.0 ... number.20)


def number_word(n: int, lang: str = "en") -> str:
    """A small count in words in ``lang``, as prose writes it (``5`` -> ``"five"``, ``"fünf"``);
    larger ones as digits. The words are the counting forms of the ``rules`` catalog: a sentence
    whose noun would make a language change the word (gender, case) writes digits instead."""
    return words("rules", lang)[f"number.{n}"] if 0 <= n <= NUMBER_WORDS else str(n)


def escaped(value: object) -> str:
    """``value`` as the text or an attribute value of raw HTML: ``&``, ``<``, ``>`` and quotes escaped."""
    return html.escape(str(value), quote=True)


def script_json(value: Any) -> str:
    """``value`` as JSON inside a ``<script>`` element: ``<``, ``>`` and ``&`` escaped, so that it
    can neither end the element nor open markup, and a script reads back the same value."""
    data = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return data.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
