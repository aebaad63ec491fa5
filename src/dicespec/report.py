"""``dicespec report RULESET_FILE [-o DIR]``: a house ruleset's page, a small static site that a
player can open from the file system or share.

The page is :func:`dicespec.site.house.house_page`; the build is the website's: MkDocs with
mkdocs-material, the same theme, theme overrides, stylesheets and scorer script as the site, from a
configuration made at run time in a temporary folder (the checkout's ``mkdocs.yml`` gives the
theme and the Markdown extensions). So the report needs a checkout of the repository, as the site
does.

A browser loads no module script and fetches no file beside a page opened from the file system
(``file://``): the page carries the scorer's and the game's scripts inline
(``scorer.mjs`` and ``play.mjs`` of the project's JavaScript package, ``js/``, the files
themselves, with the module they share, ``blocks.mjs``, imported by a data: URL) and, as JSON, the
JavaScript implementation's source and the rulesets' data, with
the house ruleset's values under its name (:func:`dicespec.site.scorer.scorer_files`); the script
imports the implementation from that source. The game's coach (``coach.mjs``) comes the same
way, with the coach files of the house ruleset and its base (:mod:`dicespec.site.coach`) in
base64. The package's modules are written beside the page too (``javascripts/``,
:func:`dicespec.site.scripts.script_files`). There is no search
(its worker cannot start from a file) and no navigation.

The folder written holds a ``.dicespec-report`` file listing what it wrote: writing again into a
folder with one replaces that report; another folder must be empty, unless ``--force``.
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import re
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from dicespec.regression.figures import Comparison, compare
from dicespec.ruleset_option import HELP, add_ruleset_file, usable_file
from dicespec.rulesets import find_ruleset

if TYPE_CHECKING:
    from dicespec.site.house import House

CHECKOUT = Path(__file__).resolve().parents[2]
MARKER = ".dicespec-report"
TEMPLATE = "report.html"  # the page's template, beside the site's theme overrides
# The modules of the JavaScript package (js/, dicespec.site.scripts) the page runs.
SCORER_SCRIPT = "scorer.mjs"
PLAY_SCRIPT = "play.mjs"  # the game under the house ruleset, reading the same embedded data
COACH_SCRIPT = "coach.mjs"  # the game's coach, with the coach files of both rulesets
BLOCKS_SCRIPT = "blocks.mjs"  # what the scorer's and the game's scripts share
GAMES_SCRIPT = "dicespec-games.mjs"  # the implementation, carried as JSON
_IMPORTED = re.compile(r'\bfrom "\./([\w.-]+\.mjs)"')  # a module a script imports from beside it
NEEDED = ("mkdocs.yml", "docs/stylesheets", "docs/overrides")


class ReportError(ValueError):
    """A report that cannot be written: the message names what is wrong, in one line."""


@dataclass(frozen=True, slots=True)
class Written:
    """A report written: its folder, its page, the house ruleset's name and title, how many files."""

    folder: Path
    page: Path
    name: str
    title: str
    game: str
    base: str
    files: int


# -- the folder ---------------------------------------------------------------------------------


def _previous(folder: Path) -> list[str] | None:
    """The files an earlier report wrote into ``folder`` (relative paths), or ``None`` when it holds none."""
    try:
        data = json.loads((folder / MARKER).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    files = data.get("files") if isinstance(data, dict) and data.get("made_by") == "dicespec report" else None
    return [f for f in files if isinstance(f, str)] if isinstance(files, list) else None


def _check_folder(folder: Path, force: bool) -> list[str]:
    """What to remove of an earlier report before writing; refuses a folder that holds other files."""
    if folder.exists() and not folder.is_dir():
        raise ReportError(f"-o {folder}: not a folder")
    if not folder.exists() or not any(folder.iterdir()):
        return []
    earlier = _previous(folder)
    if earlier is not None:
        return earlier
    if not force:
        raise ReportError(
            f"-o {folder}: the folder is not empty and holds no earlier report; choose another "
            "or add --force (files of the report's names are replaced, the others left)"
        )
    return []


def _remove(folder: Path, files: list[str]) -> None:
    """An earlier report's files, and the folders they leave empty; nothing outside ``folder``."""
    root = folder.resolve()
    emptied: set[Path] = set()
    for name in files:
        path = (folder / name).resolve()
        if path == root or not path.is_relative_to(root) or not path.is_file():
            continue
        path.unlink()
        emptied.update(p for p in path.parents if p != root and p.is_relative_to(root))
    for path in sorted(emptied, key=lambda p: len(p.parts), reverse=True):
        try:
            path.rmdir()
        except OSError:
            pass  # not empty: something of the reader's own


# -- the build ----------------------------------------------------------------------------------


def _checkout() -> Path:
    from dicespec.site.scripts import PACKAGE_PATH

    scripts = (SCORER_SCRIPT, PLAY_SCRIPT, COACH_SCRIPT, BLOCKS_SCRIPT, GAMES_SCRIPT)
    needed = [*NEEDED, *(f"{PACKAGE_PATH}/{name}" for name in scripts)]
    missing = [name for name in needed if not (CHECKOUT / name).exists()]
    if missing:
        raise ReportError(
            f"dicespec report needs a checkout of the repository (it builds with the website's theme "
            f"and scripts): {CHECKOUT} is not one (missing: {', '.join(missing)})"
        )
    return CHECKOUT


def _inline(text: str, what: str) -> str:
    """``text`` as the content of a ``<script>`` element in a Jinja template, kept as written."""
    if "</script" in text.lower() or "{% endraw %}" in text:
        raise ReportError(f"{what} cannot be carried inline in the page (it holds '</script' or a template tag)")
    return "{% raw %}" + text + "{% endraw %}"


def _carried_script(package: Path, name: str) -> str:
    """The site's script ``name`` of the JavaScript package, to run inline in the page: each module
    beside it that it imports (``./blocks.mjs``, which the scorer's and the game's scripts share, and
    the page-free logic each draws, ``./scoring.mjs``, ``./session.mjs``) imported instead by a data:
    URL of its source (a page opened from a file loads no module file; both scripts name the same
    URL for blocks.mjs, so they share the one module). Such a module imports none beside it."""
    source = (package / name).read_text(encoding="utf-8")
    imported = sorted(set(_IMPORTED.findall(source)))
    if BLOCKS_SCRIPT not in imported:
        raise ReportError(f"{package.name}/{name}: it does not import ./{BLOCKS_SCRIPT} as the report expects")
    for module in imported:
        shared = (package / module).read_text(encoding="utf-8")
        if _IMPORTED.search(shared):
            raise ReportError(f"{package.name}/{module}: it imports a module beside it, which the report cannot carry")
        url = "data:text/javascript;base64," + base64.b64encode(shared.encode("utf-8")).decode("ascii")
        source = source.replace(f'from "./{module}"', f"from {json.dumps(url)}")
    return source


def _coach_files(house: House) -> dict[str, str]:
    """The coach files of the house ruleset and its base, base64, by ruleset name (none for a
    ruleset the solver refuses)."""
    from dicespec.site.coach import made

    found = {house.name: made(house.ruleset, house.values), house.base: made(find_ruleset(house.base))}
    return {name: base64.b64encode(data).decode("ascii") for name, data in found.items() if data is not None}


def _template(embedded: str, script: str, play: str, coach: str) -> str:
    return "\n".join(
        [
            "{#- dicespec report: the site's page, with the scorer's script and data carried in the page, so",
            "    that it works opened from the file system (written by dicespec.report). -#}",
            '{% extends "main.html" %}',
            "{% block scripts %}",
            "  {{ super() }}",
            '  <script type="application/json" class="ds-scorer-embedded">'
            f"{_inline(embedded, 'the scorer data')}</script>",
            f'  <script type="application/json" class="ds-coach-embedded">{_inline(coach, "the coach data")}</script>',
            f'  <script type="module">{_inline(script, SCORER_SCRIPT)}</script>',
            f'  <script type="module">{_inline(play, PLAY_SCRIPT)}</script>',
            "{% endblock %}",
            "",
        ]
    )


def _config(checkout: Path, work: Path, title: str, description: str) -> dict[str, Any]:
    """The report's MkDocs configuration: the site's theme and Markdown, one page, no search."""
    try:
        site = yaml.safe_load((checkout / "mkdocs.yml").read_text(encoding="utf-8"))
        theme = dict(site["theme"])
    except (yaml.YAMLError, KeyError, TypeError, ValueError) as exc:
        raise ReportError(f"{checkout / 'mkdocs.yml'}: the website's theme cannot be read from it ({exc})") from None
    theme["custom_dir"] = str(work / "overrides")
    return {
        "site_name": title,
        "site_description": description,
        "docs_dir": str(work / "docs"),
        "site_dir": str(work / "site"),
        "use_directory_urls": False,  # index.html, which opens from the file system
        "strict": True,
        "theme": theme,
        "plugins": [],  # no search: its worker cannot start in a page opened from a file
        "markdown_extensions": site.get("markdown_extensions", []),
        "extra_css": site.get("extra_css", []),
        "extra_javascript": [],  # the scorer's script is carried in the page (the template)
        "extra": {"generator": False},
    }


def _build(config_file: Path) -> None:
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")  # the theme's notice about a future MkDocs
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import MkDocsException

    try:
        build(load_config(config_file=str(config_file)))
    except MkDocsException as exc:
        raise ReportError(f"the page could not be built: {exc}") from None


def build_report(
    ruleset_file: str | Path,
    out: str | Path = "report",
    *,
    force: bool = False,
    found: Comparison | None = None,
    progress: bool = False,
) -> Written:
    """Write the report of the house ruleset in ``ruleset_file`` into the folder ``out``.
    ``found`` is its figures, when known; otherwise they are computed (the house ruleset solved,
    or read from the solver's cache), with a progress line on stderr when ``progress``."""
    from dicespec.site.house import PAGE, house_page, page_title, read_house
    from dicespec.site.markup import script_json
    from dicespec.site.scorer import scorer_files
    from dicespec.site.scripts import FOLDER, PACKAGE_PATH, script_files

    folder = Path(out)
    earlier = _check_folder(folder, force)
    checkout = _checkout()
    package = checkout / PACKAGE_PATH
    house = read_house(ruleset_file)  # one-line errors naming the file
    if found is None:
        from dicespec.progress import ProgressLine

        told = ProgressLine(f"solving {house.name}") if progress else None
        found = compare(find_ruleset(house.base), house.ruleset, progress=(None, told))
    title = page_title(house)
    page = house_page(house, found=found)
    try:
        files = {**script_files(), **scorer_files([house.offer(house.name)])}
    except FileNotFoundError as exc:
        raise ReportError(str(exc)) from None
    embedded = script_json(
        {
            "games": files[f"{FOLDER}/{GAMES_SCRIPT}"].decode("utf-8"),
            "rulesets": json.loads(files[f"{FOLDER}/rulesets.json"]),
        }
    )
    coach = script_json({"module": (package / COACH_SCRIPT).read_text(encoding="utf-8"), "files": _coach_files(house)})
    with tempfile.TemporaryDirectory(prefix="dicespec-report-") as temporary:
        work = Path(temporary)
        docs = work / "docs"
        shutil.copytree(
            checkout / "docs" / "stylesheets", docs / "stylesheets", ignore=shutil.ignore_patterns("__pycache__")
        )
        shutil.copytree(checkout / "docs" / "overrides", work / "overrides")
        script, play = (_carried_script(package, name) for name in (SCORER_SCRIPT, PLAY_SCRIPT))
        (work / "overrides" / TEMPLATE).write_text(_template(embedded, script, play, coach), encoding="utf-8")
        for path, content in files.items():
            (docs / path).parent.mkdir(parents=True, exist_ok=True)
            (docs / path).write_bytes(content)
        front = json.dumps(
            {"title": page.html_title, "template": TEMPLATE, "hide": ["navigation"]},  # one page
            ensure_ascii=False,
        )
        (docs / PAGE).write_text(f"---\n{front}\n---\n\n{page.markdown.rstrip()}\n", encoding="utf-8")
        config_file = work / "mkdocs.yml"
        config = _config(checkout, work, title, house.description or "")
        config_file.write_text(yaml.safe_dump(config, allow_unicode=True, sort_keys=False), encoding="utf-8")
        _build(config_file)
        built = work / "site"
        written = sorted(p.relative_to(built).as_posix() for p in built.rglob("*") if p.is_file())
        try:
            _remove(folder, earlier)
            shutil.copytree(built, folder, dirs_exist_ok=True)
            marker = {"made_by": "dicespec report", "ruleset": str(house.path), "files": written}
            (folder / MARKER).write_text(json.dumps(marker, indent=2) + "\n", encoding="utf-8")
        except OSError as exc:
            raise ReportError(f"-o {folder}: cannot write the report ({exc.strerror or exc})") from None
    return Written(folder, folder / "index.html", house.name, title, house.game, house.base, len(written))


# -- the command --------------------------------------------------------------------------------


def _cmd_report(args: argparse.Namespace) -> int:
    from dicespec.progress import wanted
    from dicespec.registry import game

    path = args.file if args.ruleset_file is None else args.ruleset_file
    usable_file(path)  # refused as every command refuses it, before anything is written
    done = build_report(path, args.output, force=args.force, progress=wanted(None))
    print(
        f"{done.page}: {done.title} ({game(done.game).title} house ruleset {done.name!r}, compared with "
        f"{done.base}; {done.files} files in {done.folder})"
    )
    print(f"open it in a browser: {done.page.resolve().as_uri()}")
    return 0


def register(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``dicespec report`` to the command's subcommands (``commands``: its subparsers)."""
    report = commands.add_parser(
        "report",
        help="a page for a house ruleset, to open or share",
        description="Write a small static website for a ruleset file of your own (it may 'extends:' a shipped "
        "ruleset and write only what differs): its rules in words, as the rules website states them; "
        "what differs from the ruleset it extends (or its game's reference): the rule values, the "
        "optimal expected score of each, the odds that change, the first rolls whose best choice "
        "flips, or the banking thresholds and the entry; the odds of one roll; and a scorer that "
        "scores any roll under both in the browser. The page opens from the file system, no server "
        "needed. It is built with the website's theme, so it needs a checkout of the repository. "
        "A ruleset not solved before takes a few seconds (kept in the solver's cache).",
        epilog="examples: dicespec report house.yaml   dicespec report house.yaml -o out/   "
        "dicespec report --ruleset-file house.yaml",
    )
    given = report.add_mutually_exclusive_group(required=True)
    given.add_argument("file", metavar="RULESET_FILE", nargs="?", help="a ruleset YAML file of your own")
    add_ruleset_file(given, help=f"{HELP}: the same as RULESET_FILE")
    report.add_argument(
        "-o",
        "--output",
        metavar="DIR",
        default="report",
        help="the folder to write (default: report/); it must be empty or hold an earlier report",
    )
    report.add_argument(
        "--force",
        action="store_true",
        help="write into a folder that holds other files (files of the report's names are replaced)",
    )
    report.set_defaults(run=_cmd_report)
